# Terrace's hint and end of game (docs/rules/terrace.md §6): every productive move in the
# rules' order, the first of them, quick play to a foundation, won/lost, and which cards may be
# picked up. A mixin of engine.terrace.Game.
from micropython import const

from engine.cards import rank
from engine.game import LOST, NO_MOVE, OK, PLAYING, WON, pack

# pile numbering and flags as in engine/terrace.py (tests/test_terrace_rules.py checks they agree)
_STOCK = const(0)
_WASTE = const(1)
_RESERVE = const(2)
_FOUNDATION = const(3)
_TABLEAU = const(11)
_CANDIDATES = const(4)
_FRENCH_DECK = const(104)


class Hints:
    def _foundation_move(self, p):
        # first foundation that takes the top card of p (waste, reserve or tableau, not empty),
        # or NO_MOVE
        if self.base == 0:
            return pack(p, _FOUNDATION, 1) if self._reason(p, _FOUNDATION, 1) == OK else NO_MOVE
        c = self.top(p)
        for f in range(_FOUNDATION, _TABLEAU):
            if self._onto_foundation(c, f) == OK:
                return pack(p, f, 1)
        return NO_MOVE

    def quick_play(self, p):
        if p == _STOCK or _FOUNDATION <= p < _TABLEAU or p > self.last_tableau or self._size[p] == 0:
            return NO_MOVE
        return self._foundation_move(p)

    def _takes_top(self, c):
        # True if card c could go to some foundation now
        for f in range(_FOUNDATION, _TABLEAU):
            if self._onto_foundation(c, f) == OK:
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
            if n < cap and size[dst] and self._reason(src, dst, k) == OK:
                buf[n] = pack(src, dst, k)
                n += 1
        if space:
            for dst in range(_TABLEAU, self.last_tableau + 1):
                if size[dst] == 0 and self._reason(src, dst, k) == OK:
                    if n < cap:
                        buf[n] = pack(src, dst, k)
                        n += 1
                    break
        return n

    def hint(self):
        # the first move of hints(): what a single hint suggests
        return self._one[0] if self.hints(self._one) else NO_MOVE

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
        if n < cap and self._deal_reason() == OK:
            buf[n] = pack(_STOCK, _WASTE, 1)
            n += 1
        elif n < cap and self._redeal_reason() == OK:
            buf[n] = pack(_WASTE, _STOCK, 0)
            n += 1
        return n

    def status(self):
        if self.score() == _FRENCH_DECK:
            return WON
        if self.hint() == NO_MOVE:
            return LOST
        return PLAYING

    def pickable(self, p, n):
        # the stock is never picked up: dealing is its own move (pack(0, 1, 1))
        if p == _STOCK or p > self.last_tableau or n < 1 or n > self._size[p]:
            return False
        if _FOUNDATION <= p < _TABLEAU:
            return False
        if self.base == 0:
            return _TABLEAU <= p < _TABLEAU + _CANDIDATES and n == 1
        if n == 1:
            return True
        return p >= _TABLEAU and self.literal and self._is_run(p, n)
