# The undo log shared by every game family: a preallocated ring of 16-bit entries, `width`
# entries per user move. When it is full the oldest whole move falls off and `dropped` counts it,
# so a long game keeps undoing its recent moves and the UI can say that older ones are gone.
from array import array
from micropython import const

EMPTY = const(0xFFFF)  # what pop() returns when nothing is left; no family writes this value


class UndoLog:
    def __init__(self, depth, width=1):
        self.depth = depth
        self.width = width
        self.entries = array("H", range(depth * width))
        self.clear()

    def clear(self):
        self.head = 0  # record slot the next push writes
        self.size = 0  # records held
        self.dropped = 0

    def push(self, entry, i=0):
        # entry i of the record being written; call with i = width-1 last (it commits the record)
        self.entries[self.head * self.width + i] = entry
        if i == self.width - 1:
            self.head = (self.head + 1) % self.depth
            if self.size < self.depth:
                self.size += 1
            else:
                self.dropped += 1

    def pop(self):
        # drop the newest record; returns its first entry (read the rest with peek), or EMPTY
        if self.size == 0:
            return EMPTY
        self.size -= 1
        self.head = (self.head - 1) % self.depth
        return self.entries[self.head * self.width]

    def peek(self, i):
        # entry i of the record pop() just returned
        return self.entries[self.head * self.width + i]
