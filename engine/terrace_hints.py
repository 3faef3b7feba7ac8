# Terrace's hints and the end (docs/rules/terrace.md §6), as a mixin of engine.terrace.Game: every
# productive move in the rules file's hint order, the base candidates least buried first, and
# status() (lost when no hint is left, so the end check runs the hint: status() asks for it after
# every move, which is why this is a mixin of the game and not a module imported on demand).
# Pile numbers as in engine/terrace.py (tests/test_terrace_rules.py checks they agree).
from micropython import const
from engine.game import LOST, NO_MOVE, PLAYING, WON, pack
from engine.cards import rank

_STOCK = const(0)
_WASTE = const(1)
_RESERVE = const(2)
_FOUNDATION = const(3)
_TABLEAU = const(11)
_CANDIDATES = const(4)
_FRENCH_DECK = const(104)
_OK = const(0)


class Hints:
    def _takes_top(self, c):
        # True if card c could go to some foundation now
        for f in range(_FOUNDATION, _TABLEAU):
            if self._onto_foundation(c, f) == _OK:
                return True
        return False

    def _candidates(self, buf, cap):
        # the base candidates, the one whose rank is buried least deep in the reserve first
        # (sum of cards above each card of that rank; ties: leftmost), by insertion
        cards = self._cards
        rs = self._start[_RESERVE]
        rn = self._size[_RESERVE]
        depths = self._depths
        n = 0
        for t in range(_TABLEAU, _TABLEAU + _CANDIDATES):
            if self._size[t] == 0:
                continue
            r = rank(self.top(t))
            depth = 0
            for i in range(rn):
                if rank(cards[rs + i]) == r:
                    depth += rn - 1 - i
            j = n
            while j > 0 and depths[j - 1] > depth:
                if j < cap:
                    buf[j] = buf[j - 1]
                depths[j] = depths[j - 1]
                j -= 1
            if j < cap:
                buf[j] = pack(t, _FOUNDATION, 1)
            depths[j] = depth
            n += 1
        return min(n, cap)

    def _to_tableau(self, buf, n, cap, src, k, space):
        # append every non-empty tableau pile taking the top k cards of src, then (space) the
        # first empty one that takes them (spaces are alike: one is enough)
        size = self._size
        for dst in range(_TABLEAU, self.last_tableau + 1):
            if n < cap and size[dst] and self._reason(src, dst, k) == _OK:
                buf[n] = pack(src, dst, k)
                n += 1
        if space:
            for dst in range(_TABLEAU, self.last_tableau + 1):
                if size[dst] == 0 and self._reason(src, dst, k) == _OK:
                    if n < cap:
                        buf[n] = pack(src, dst, k)
                        n += 1
                    break
        return n

    def hints(self, buf):
        # every productive move, in the rules file's hint order (§6), into buf; returns how many
        # (at most len(buf): hint() asks for one and stops there)
        cap = len(buf)
        if self.base == 0:
            return self._candidates(buf, cap)
        size = self._size
        last = self.last_tableau
        n = 0
        # reserve top, tableau tops, waste top -> foundation (the first foundation taking it)
        for p in self._home_sources:
            if n < cap and size[p]:
                m = self._foundation_move(p)
                if m != NO_MOVE:
                    buf[n] = m
                    n += 1
        # a tableau move that empties its pile onto a non-empty pile, or uncovers a card that
        # can go to a foundation; moves that only shuttle cards between piles don't count
        for src in range(_TABLEAU, last + 1):
            k_top = size[src]
            k_max = k_top if self.literal else 1
            for k in range(1, k_max + 1):
                if n >= cap:
                    return n
                if k > 1 and not self._is_run(src, k):
                    break
                if k == k_top:
                    n = self._to_tableau(buf, n, cap, src, k, False)
                elif self._takes_top(self.card(src, k_top - k - 1)):
                    n = self._to_tableau(buf, n, cap, src, k, True)
        if size[_WASTE]:
            n = self._to_tableau(buf, n, cap, _WASTE, 1, True)
        if self.literal and size[_RESERVE]:
            n = self._to_tableau(buf, n, cap, _RESERVE, 1, True)
        if n < cap and self._deal_reason() == _OK:
            buf[n] = pack(_STOCK, _WASTE, 1)
            n += 1
        elif n < cap and self._redeal_reason() == _OK:
            buf[n] = pack(_WASTE, _STOCK, 0)
            n += 1
        return n

    def status(self):
        if self.score() == _FRENCH_DECK:
            return WON
        if self.hint() == NO_MOVE:
            return LOST
        return PLAYING
