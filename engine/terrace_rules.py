# Terrace's rules (docs/rules/terrace.md §3-§4), methods of engine.terrace.Game written here:
# may a card go onto a foundation or a tableau card, may a group move, what a space takes,
# whether the stock may deal or be redealt, the reason a move is refused (check) and every
# legal move (legal_moves, the same rules unrolled). Moving, the automatic steps and undo are
# engine/terrace.py's; the hints engine/terrace_hints.py's. Game binds these functions in its
# own class body rather than inheriting them from a mixin class: on the board a
# method is looked up class by class at every call, and one more class in the way made the
# hints and the end check ~6% slower. Pile numbers as in engine/terrace.py (tests/
# test_engine_core.py checks they agree).
from micropython import const
from engine.cards import colour, down, rank, suit, up

_STOCK = const(0)
_WASTE = const(1)
_RESERVE = const(2)
_FOUNDATION = const(3)
_TABLEAU = const(11)
_CANDIDATES = const(4)
_FROM_RESERVE = const(2)  # Redheads: spaces filled from the reserve (Game.fill)
# engine.game's refusal codes, as private const()s: inlined here, no lookups
_OK = const(0)
_REASON_CHOOSE_BASE = const(10)
_REASON_FINAL = const(12)
_REASON_NOT_BASE = const(11)
_REASON_NOT_PLAYABLE = const(1)
_REASON_NO_GROUP = const(8)
_REASON_ON_BASE = const(5)
_REASON_RESERVE_TO_FOUNDATION = const(15)
_REASON_NO_REDEAL = const(14)
_REASON_SECOND_PASS = const(16)
_REASON_SPACE_RULE = const(9)
_REASON_STOCK_EMPTY = const(7)
_REASON_STOCK_LOCKED = const(6)
_REASON_WRONG_COLOUR = const(3)
_REASON_WRONG_RANK = const(2)
_REASON_WRONG_SUIT = const(4)


def _onto_foundation(self, c, f):
    n = self._size[f]
    r = rank(c)
    if n == 0:
        return _OK if r == self.base else _REASON_NOT_BASE
    t = self._cards[self._start[f] + n - 1]
    # the foundation holds 13 cards: after down(BASE) comes nothing
    if r != up(rank(t)) or r == self.base:
        return _REASON_WRONG_RANK
    if self.same_suit:
        return _OK if suit(c) == suit(t) else _REASON_WRONG_SUIT
    return _OK if colour(c) != colour(t) else _REASON_WRONG_COLOUR


def _sits_on(self, c, t):
    # may card c lie on tableau card t? (a run goes down, alternate colour, King on Ace, and
    # nothing ever goes on a card of rank BASE)
    rt = rank(t)
    if rt == self.base:
        return _REASON_ON_BASE
    if rank(c) != down(rt):
        return _REASON_WRONG_RANK
    return _OK if colour(c) != colour(t) else _REASON_WRONG_COLOUR


def _is_run(self, p, k):
    # the top k cards of p each sit legally on the one under them
    cards = self._cards
    s = self._start[p] + self._size[p] - k
    for i in range(s + 1, s + k):
        if self._sits_on(cards[i], cards[i - 1]) != _OK:
            return False
    return True


def _any_into_space(self):
    # Redheads, literal: once the reserve is empty a space takes any card or group
    return self.literal and self.fill == _FROM_RESERVE and self._size[_RESERVE] == 0


def _into_space(self, src, c):
    if self._any_into_space():
        return _OK
    if self.literal:
        return _OK if rank(c) == down(self.base) else _REASON_SPACE_RULE
    return _OK if src == _WASTE else _REASON_SPACE_RULE


def _deal_reason(self):
    if self._size[_STOCK] == 0:
        return _REASON_STOCK_EMPTY
    if self.second_pass():
        return _REASON_SECOND_PASS
    if self.locked:
        return _REASON_STOCK_LOCKED
    return _OK


def _redeal_reason(self):
    if self.redeals_left == 0:
        return _REASON_NO_REDEAL
    if self._size[_STOCK] or self._size[_WASTE] == 0:
        return _REASON_NOT_PLAYABLE
    if self.locked:
        return _REASON_STOCK_LOCKED
    return _OK


def _reason(self, src, dst, count):
    size = self._size
    last = self.last_tableau
    if src > last or dst > last:
        return _REASON_NOT_PLAYABLE
    if self.base == 0:
        # before the base is chosen the only legal move is a candidate to the first
        # foundation
        if _TABLEAU <= src < _TABLEAU + _CANDIDATES and dst == _FOUNDATION and count == 1 \
                and size[src]:
            return _OK
        return _REASON_CHOOSE_BASE
    if src == _STOCK:
        if dst != _WASTE or count != 1:
            return _REASON_NOT_PLAYABLE
        return self._deal_reason()
    if src == _WASTE and dst == _STOCK and count == 0:
        return self._redeal_reason()
    if _FOUNDATION <= src < _TABLEAU:
        return _REASON_FINAL
    n = size[src]
    if n == 0 or count == 0 or count > n:
        return _REASON_NOT_PLAYABLE
    if _FOUNDATION <= dst < _TABLEAU:
        if count != 1:
            return _REASON_NO_GROUP
        return self._onto_foundation(self._cards[self._start[src] + n - 1], dst)
    if dst < _TABLEAU or dst == src:
        return _REASON_NOT_PLAYABLE
    if src == _RESERVE and not self.literal:
        return _REASON_RESERVE_TO_FOUNDATION
    if count > 1 and (src < _TABLEAU or not self.literal or not self._is_run(src, count)):
        return _REASON_NO_GROUP
    c = self._cards[self._start[src] + n - count]
    if size[dst] == 0:
        return self._into_space(src, c)
    return self._sits_on(c, self._cards[self._start[dst] + size[dst] - 1])


def check(self, move):
    return self._reason(move >> 11, (move >> 6) & 31, move & 63)


def legal_moves(self, buf):
    # The rules of _reason, unrolled for speed: this runs on every key press on the device,
    # and calling _reason for each of the ~190 source/destination pairs costs ~10x more.
    # tests/test_terrace_properties.py checks the list is exactly what check() accepts.
    size = self._size
    cards = self._cards
    start = self._start
    cap = len(buf)
    n = 0
    last = self.last_tableau
    base = self.base
    if base == 0:
        for t in range(_TABLEAU, _TABLEAU + _CANDIDATES):
            if size[t] and n < cap:
                buf[n] = (t << 11) | (_FOUNDATION << 6) | 1
                n += 1
        return n
    if self._deal_reason() == _OK and n < cap:
        buf[n] = (_STOCK << 11) | (_WASTE << 6) | 1
        n += 1
    if self.redeals_left and self._redeal_reason() == _OK and n < cap:
        buf[n] = _WASTE << 11
        n += 1
    same_suit = self.same_suit
    groups = self.literal
    for src in range(_WASTE, last + 1):
        if _FOUNDATION <= src < _TABLEAU:
            continue  # cards on a foundation never move again
        sn = size[src]
        if sn == 0:
            continue
        c = cards[start[src] + sn - 1]
        r = c % 13 + 1
        for f in range(_FOUNDATION, _TABLEAU):
            fn = size[f]
            if fn == 0:
                if r != base:
                    continue
            else:
                t = cards[start[f] + fn - 1]
                if r == base or r != up(t % 13 + 1):
                    continue
                if same_suit:
                    if (c // 13) & 3 != (t // 13) & 3:
                        continue
                elif (c // 13) & 1 == (t // 13) & 1:
                    continue
            if n < cap:
                buf[n] = (src << 11) | (f << 6) | 1
                n += 1
        if src == _RESERVE and not self.literal:
            continue
        k_max = sn if groups and src >= _TABLEAU else 1
        s = start[src] + sn
        for k in range(1, k_max + 1):
            b = cards[s - k]  # the bottom card of the top k
            if k > 1 and self._sits_on(cards[s - k + 1], b) != _OK:
                break  # the top k no longer form a run, nor will any larger group
            br = b % 13 + 1
            bc = (b // 13) & 1
            for dst in range(_TABLEAU, last + 1):
                if dst == src:
                    continue
                dn = size[dst]
                if dn:
                    t = cards[start[dst] + dn - 1]
                    tr = t % 13 + 1
                    if tr == base or br != down(tr) or bc == (t // 13) & 1:
                        continue
                elif self._into_space(src, b) != _OK:
                    continue
                if n < cap:
                    buf[n] = (src << 11) | (dst << 6) | k
                    n += 1
    return n
