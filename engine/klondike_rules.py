# Klondike's rules (docs/rules/klondike.md §2-§6), methods of engine.klondike.Game written here:
# which foundation takes a card, may a card lie on another in the tableau, the reason a move is
# refused (check) and every legal move (legal_moves, the same rules unrolled). Moving, the
# automatic turn-up and undo are engine/klondike.py's; the hints and the end
# engine/klondike_hints.py's. Bound in Game's own class body, as Terrace's rules are (see
# engine/terrace_rules.py: one class fewer in the board's method lookup). Pile numbers as in
# engine/klondike.py (tests/test_klondike_rules.py checks they agree).
#
# A card is suit * 13 + rank - 1 (0..51), suits ordered so that colour = suit & 1 (engine/cards.py).
from micropython import const
from engine.game import REASONS as _BASE_REASONS

_STOCK = const(0)
_WASTE = const(1)
_FOUNDATION = const(2)
_TABLEAU = const(6)
_PILES = const(13)
_KING = const(12)  # rank - 1 of a King
# engine.game's refusal codes, as private const()s: inlined here, no lookups
_OK = const(0)
_REASON_NOT_PLAYABLE = const(1)
_REASON_WRONG_RANK = const(2)
_REASON_WRONG_COLOUR = const(3)
_REASON_WRONG_SUIT = const(4)
_REASON_STOCK_EMPTY = const(7)
_REASON_NO_GROUP = const(8)
_REASON_NO_REDEAL = const(14)
# this family's own refusals, numbered after engine.game's (the UI reads Game.REASONS)
REASON_KING_ONLY = const(17)
REASON_FACE_DOWN = const(18)
REASON_ACE_FIRST = const(19)
REASON_TURN_FIRST = const(20)
REASONS = _BASE_REASONS + (
    "Only a King fills a space",
    "That card is face down",
    "Empty foundation: it takes an Ace",
    "Turn the stock first",
)


def _home(self, c):
    # the foundation that takes card c now (§3: an Ace the first empty one), or -1
    size = self._size
    r = c % 13
    if r == 0:
        for f in range(_FOUNDATION, _TABLEAU):
            if size[f] == 0:
                return f
        return -1
    cards = self._cards
    start = self._start
    for f in range(_FOUNDATION, _TABLEAU):
        n = size[f]
        if n == r and cards[start[f] + n - 1] == c - 1:
            return f
    return -1


def _onto_foundation(self, c, f):
    n = self._size[f]
    if n == 0:
        return _OK if c % 13 == 0 else REASON_ACE_FIRST
    if c % 13 != n:
        return _REASON_WRONG_RANK
    return _OK if self._cards[self._start[f] + n - 1] // 13 == c // 13 else _REASON_WRONG_SUIT


def _onto_tableau(self, c, t):
    # may card c lie on tableau card t? (§4: one rank lower, the other colour)
    if t % 13 != c % 13 + 1:
        return _REASON_WRONG_RANK
    return _OK if (t // 13 ^ c // 13) & 1 else _REASON_WRONG_COLOUR


def _reason(self, src, dst, count):
    size = self._size
    if src >= _PILES or dst >= _PILES:
        return _REASON_NOT_PLAYABLE
    if src == _STOCK:
        # §5: turning the stock is its own move
        if dst != _WASTE or count != self.draw:
            return _REASON_NOT_PLAYABLE
        return _OK if size[_STOCK] else _REASON_STOCK_EMPTY
    if src == _WASTE and dst == _STOCK:
        # §5: the recycle, only with the stock empty, and within the profile's passes
        if count or size[_WASTE] == 0:
            return _REASON_NOT_PLAYABLE
        if size[_STOCK]:
            return REASON_TURN_FIRST
        if self.limited and self.recycles >= self.most_recycles:
            return _REASON_NO_REDEAL
        return _OK
    if dst < _FOUNDATION or dst == src:
        return _REASON_NOT_PLAYABLE
    n = size[src]
    if n == 0 or count == 0 or count > n:
        return _REASON_NOT_PLAYABLE
    if src < _TABLEAU:
        if count != 1:
            return _REASON_NO_GROUP  # the waste's and a foundation's top card only
    elif count > n - self.down[src - _TABLEAU]:
        return REASON_FACE_DOWN
    c = self._cards[self._start[src] + n - count]
    if dst < _TABLEAU:
        if count != 1:
            return _REASON_NO_GROUP
        if src < _TABLEAU and src >= _FOUNDATION:
            return _REASON_NOT_PLAYABLE  # foundation to foundation: nothing to gain
        return self._onto_foundation(c, dst)
    dn = size[dst]
    if dn == 0:
        return _OK if c % 13 == _KING else REASON_KING_ONLY
    return self._onto_tableau(c, self._cards[self._start[dst] + dn - 1])


def check(self, move):
    return self._reason(move >> 11, (move >> 6) & 31, move & 63)


def legal_moves(self, buf):
    # The rules of _reason, unrolled for speed (this runs at every key press on the device and at
    # every node of the solver). tests/test_klondike_properties.py checks the list is exactly
    # what check() accepts.
    size = self._size
    cards = self._cards
    start = self._start
    down = self.down
    cap = len(buf)
    n = 0
    if size[_STOCK]:
        if n < cap:
            buf[n] = self.turn
            n += 1
    elif size[_WASTE] and (not self.limited or self.recycles < self.most_recycles) and n < cap:
        buf[n] = self.recycle
        n += 1
    # the waste's top and each foundation's top: one card, to a foundation (waste only) or onto
    # the tableau
    for src in range(_WASTE, _TABLEAU):
        sn = size[src]
        if sn == 0:
            continue
        c = cards[start[src] + sn - 1]
        if src == _WASTE:
            f = self._home(c)
            if f >= 0:
                # an Ace takes any empty foundation: every one is a move of its own
                if c % 13 == 0:
                    for g in range(f, _TABLEAU):
                        if size[g] == 0 and n < cap:
                            buf[n] = (src << 11) | (g << 6) | 1
                            n += 1
                elif n < cap:
                    buf[n] = (src << 11) | (f << 6) | 1
                    n += 1
        r = c % 13 + 1
        col = (c // 13) & 1
        for dst in range(_TABLEAU, _PILES):
            dn = size[dst]
            if dn:
                t = cards[start[dst] + dn - 1]
                if t % 13 != r or (t // 13) & 1 == col:
                    continue
            elif r != 13:
                continue
            if n < cap:
                buf[n] = (src << 11) | (dst << 6) | 1
                n += 1
    for src in range(_TABLEAU, _PILES):
        sn = size[src]
        if sn == 0:
            continue
        s = start[src] + sn
        c = cards[s - 1]
        f = self._home(c)
        if f >= 0:
            if c % 13 == 0:
                for g in range(f, _TABLEAU):
                    if size[g] == 0 and n < cap:
                        buf[n] = (src << 11) | (g << 6) | 1
                        n += 1
            elif n < cap:
                buf[n] = (src << 11) | (f << 6) | 1
                n += 1
        # every face-up run onto every pile taking its bottom card (the face-up part is a run)
        for k in range(1, sn - down[src - _TABLEAU] + 1):
            b = cards[s - k]
            r = b % 13 + 1
            col = (b // 13) & 1
            for dst in range(_TABLEAU, _PILES):
                if dst == src:
                    continue
                dn = size[dst]
                if dn:
                    t = cards[start[dst] + dn - 1]
                    if t % 13 != r or (t // 13) & 1 == col:
                        continue
                elif r != 13:
                    continue
                if n < cap:
                    buf[n] = (src << 11) | (dst << 6) | k
                    n += 1
    return n
