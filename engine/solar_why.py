# Why Solitario Solar refuses a move (Game.check's reason for a move that is not among the legal
# ones), loaded for a refusal and dropped after: play itself only needs the legal moves. Pile
# numbers as in engine/solar.py; the codes index Game.REASONS (engine/solar_rules.py).
from micropython import const

_NOT_PLAYABLE = const(1)
_STOCK_EMPTY = const(7)
_OWN_PAD = const(17)
_CLOSED = const(18)
_NO_MATCH = const(19)
_ORIGINAL = const(20)
_NO_EMERGENCY = const(21)
_STATION_SHUT = const(22)
_STATION_FIRST = const(23)
_CHOOSE_PAD = const(24)
_MUST_FIT = const(25)
_NOT_ONTO = const(26)
_STATION_SOURCE = const(27)


def why(g, move):
    src = move >> 11
    dst = (move >> 6) & 31
    n = g.count(src) if src < 11 else 0
    if move & 63 != 1 or dst >= 11 or n == 0 and src:
        return _NOT_PLAYABLE
    wait = g.pending
    if src == 0:
        if dst != 1:
            return _NOT_PLAYABLE
        return _CHOOSE_PAD if wait >= 0 else _STOCK_EMPTY
    if wait >= 0:
        if src != wait:
            return _CHOOSE_PAD
        if dst < 2 or dst >= 6:
            return _MUST_FIT
    elif 2 <= src < 6 and (n == 1 or (g.home >> (src - 2)) & 1):
        return _ORIGINAL if n == 1 else _CLOSED
    elif not g.wasted:
        return _NO_EMERGENCY
    # where the top card of src may not go
    c = g.top(src)
    k = (dst - 2) & 3
    if dst < 2 or dst >= 10 or dst == src:
        return _NOT_ONTO
    if g.is_rocket(c) and dst != 2 + g._rk[c]:
        return _OWN_PAD
    if dst < 6:
        return _CLOSED if g.is_rocket(g.top(dst)) else _NO_MATCH
    if not (g.home >> k) & 1:
        return _STATION_SHUT
    if g.count(dst):
        return _NO_MATCH
    return _STATION_SOURCE if src >= 6 else _STATION_FIRST
