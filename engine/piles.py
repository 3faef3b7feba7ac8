# Fixed-capacity pile storage shared by every game family: all cards live in one bytearray made
# when the game is created; a pile is a slice of it (start + capacity) and a length. The game
# reads it (engine/game.py Table: count, card, top); this module only changes it.
from array import array


class Piles:
    def __init__(self, capacities):
        n = len(capacities)
        self.start = array("H", range(n))
        self.capacity = bytearray(capacities)
        self.size = bytearray(n)
        total = 0
        for p in range(n):
            self.start[p] = total
            total += capacities[p]
        self.cards = bytearray(total)

    def clear(self):
        size = self.size
        for p in range(len(size)):
            size[p] = 0

    def push(self, p, c):
        self.cards[self.start[p] + self.size[p]] = c
        self.size[p] += 1

    def move(self, src, dst, n):
        # the top n cards of src go onto dst in the same order (a group keeps its sequence)
        cards = self.cards
        s = self.start[src] + self.size[src] - n
        d = self.start[dst] + self.size[dst]
        for i in range(n):
            cards[d + i] = cards[s + i]
        self.size[src] -= n
        self.size[dst] += n

    def turn(self, src, dst):
        # every card of src onto dst one by one, so the order reverses: turning a face-up pile
        # over into a face-down one (a redeal) or back
        cards = self.cards
        s = self.start[src]
        d = self.start[dst] + self.size[dst]
        n = self.size[src]
        for i in range(n):
            cards[d + i] = cards[s + n - 1 - i]
        self.size[src] = 0
        self.size[dst] += n
