# The undo log shared by every game family: a preallocated ring of 16-bit records, one per move
# (its meaning each family's own). When it is full the oldest move falls off and `dropped`
# counts it, so a long game keeps undoing its recent moves and the UI can say that older ones
# are gone.
#
# Chains: a move applied with chained=True (an automatic follow-up such as autoplay to the
# foundations) is taken back and replayed together with the move before it, so one undo is one
# player's move (undo_chain / redo_chain below). Redo costs no memory: pop() only moves the
# head back, so the undone records stay in the ring until a new move overwrites them; a family
# rebuilds the move from its record and applies it again with `replaying` set.
from array import array
from micropython import const

EMPTY = const(0xFFFF)  # what pop() returns when nothing is left; no family writes this value


class UndoLog:
    def __init__(self, depth):
        self.depth = depth
        self.entries = array("H", range(depth))  # one 16-bit record a move, each family's own
        self.chain = bytearray((depth + 7) >> 3)  # bit per record slot: chained to the one before
        self.replaying = False  # set by a family's redo while it re-applies a record
        self.clear()

    def clear(self):
        # empty: the app makes one log at start-up and hands it to every game (engine/game.py),
        # so switching games allocates no 2 KB anew
        self.head = 0  # record slot the next push writes
        self.size = 0  # records held
        self.redo = 0  # undone records after head that redo can replay
        self.dropped = 0

    def _bit(self, slot):
        return (self.chain[slot >> 3] >> (slot & 7)) & 1

    def push(self, entry, chained=False):
        # a move's record (chained: an automatic step, undone and redone with the move before)
        slot = self.head
        self.entries[slot] = entry
        mask = 1 << (slot & 7)
        if chained:
            self.chain[slot >> 3] |= mask
        else:
            self.chain[slot >> 3] &= 255 - mask
        self.head = (slot + 1) % self.depth
        if self.size < self.depth:
            self.size += 1
        else:
            self.dropped += 1
        if self.replaying:
            self.redo -= 1
        else:
            self.redo = 0  # a new move: the undone ones can't come back

    def pop(self):
        # drop the newest record; returns it, or EMPTY
        if self.size == 0:
            return EMPTY
        self.size -= 1
        self.redo += 1
        self.head = (self.head - 1) % self.depth
        return self.entries[self.head]

    def chained(self):
        # True if the record at head (just popped, or next to redo) is chained to the one before
        return self._bit(self.head) == 1

    def redo_entry(self):
        # the next record redo would replay, or EMPTY
        if self.redo == 0:
            return EMPTY
        return self.entries[self.head]


def undo_chain(game, log):
    # take back the newest move and the automatic moves chained to it, as one step: the family
    # supplies game._take_back(record) (setting game.changed). Returns False if there was
    # nothing to undo; game.changed covers every pile.
    if log.size == 0:
        return False
    changed = 0
    while log.size:
        game._take_back(log.pop())
        changed |= game.changed
        if not log.chained():
            break
    game.changed = changed
    return True


def redo_chain(game, log):
    # replay the move undone last and its chained automatic moves: the family supplies
    # game._move_of(record) -> the move that record came from. Returns False if there is
    # nothing to redo.
    entry = log.redo_entry()
    if entry == EMPTY:
        return False
    changed = 0
    first = True
    while entry != EMPTY and (first or log.chained()):
        chained = log.chained()
        log.replaying = True
        ok = game.apply(game._move_of(entry), chained)
        log.replaying = False
        if not ok:  # the position no longer allows it (can't happen after a clean undo)
            log.redo = 0
            break
        changed |= game.changed
        first = False
        entry = log.redo_entry()
    game.changed = changed
    return True
