# "Can I still win?" for Solitario 4 Ases (the pause menu, lib/solitaire/odds.py): a bounded
# depth-first search over the game's own moves from the position on the table. Imported by
# Game.still_winnable when asked, and dropped after: it costs nothing until then.
#   1  a winning line exists from here (one was found)
#   0  none does: every line was tried (declining a move up, parking, every token included)
#   -1 can't tell: the node budget or the depth ran out first
# Exact, because nothing is hidden from the search: the hand's order is known and Mezclado's
# shuffles are fixed by the deal number and the tokens left (engine/cuatro_ases.py), so
# a line that wins here wins on the table. The moves are the engine's (apply and undo allocate
# nothing), the hint's first, then every other legal one; an empty space is like any other,
# so a 1 is tried on the first one only. Positions seen are kept as 29-bit hashes in a table of
# 241 entries (964 B, made on the first call and kept on the game): a position met again (a
# cycle, or a line explored already) is not searched twice. A hash overwritten by another only
# costs a second search of its position; a wrong "seen" needs two positions of one search with
# the same 29-bit hash (about 1 in 2**29 a lookup). A line cut at the depth limit forbids a
# "no". The player's undo log is set aside during the search and put back after, so undo,
# redo and the saved game are as they were.
from array import array

from micropython import const
from engine.game import PLAYING, WON, move_dst, move_src
from engine.undo import UndoLog

_DEPTH = const(160)  # moves deep at most (more than the budget's nodes can reach)
_SLOTS = const(241)  # the visited table's entries (a prime: the hash's remainder indexes it)
# moves tried at most: about 1 s on a SAMD51 (tests/test_cuatro_ases_search.py measures the
# rate under MicroPython here, ~100x a SAMD51's)
NODES = const(50)
_MOVES = const(16)  # more than any position's moves (at most 8)
_M29 = const(0x1FFFFFFF)
_LOW22 = const(0x3FFFFF)
_SPACE = const(2)
_SLOT = const(6)


def _buffers(g):
    # (visited table, search undo log, next move index per depth, move list, second list,
    # the spaces' tops): made once per game, on the first call
    b = g._search
    if b is None:
        b = g._search = (array("L", range(_SLOTS)), UndoLog(_DEPTH), bytearray(_DEPTH),
                         array("H", range(_MOVES)), array("H", range(_MOVES)),
                         bytearray(4))
    return b


def _mix(h, x):
    # h rotated by 7 within 29 bits, plus a spread of x (< 2**14): every int stays below 2**30
    return ((((h & _LOW22) << 7) | (h >> 22)) + (x + 1) * 16411) & _M29


def _hash(g, tops):
    # the position: tokens, progress, the hand and the revealed pile in order, two cards a step
    # (a revealed card with its blocked mark; a mark in the hand is cleared when the card is
    # revealed), the slot, and the four spaces' tops sorted (spaces are alike; a top says all a
    # space takes)
    cards = g._cards
    start = g._start
    size = g._size
    marks = g._marks
    h = _mix(g.tokens, 1 if g.progress else 0)
    s = start[0]
    e = s + size[0]
    for i in range(s, e - 1, 2):
        h = _mix(h, cards[i] | cards[i + 1] << 7)
    if size[0] & 1:
        h = _mix(h, cards[e - 1])
    h = _mix(h, 127)
    s = start[1]
    for i in range(s, s + size[1]):
        c = cards[i]
        h = _mix(h, c | marks[c] << 6)
    h = _mix(h, 127)
    if g.has_slot:
        h = _mix(h, cards[start[_SLOT]] if size[_SLOT] else 126)
    for k in range(4):
        n = size[_SPACE + k]
        t = cards[start[_SPACE + k] + n - 1] if n else 126
        j = k
        while j and tops[j - 1] > t:  # insertion sort of four
            tops[j] = tops[j - 1]
            j -= 1
        tops[j] = t
    return _mix(_mix(h, tops[0] | tops[1] << 7), tops[2] | tops[3] << 7)


def _visit(g, seen, tops):
    # True the first time a position is met (it is remembered), False after
    h = _hash(g, tops)
    i = h % _SLOTS
    if seen[i] == h + 1:
        return False
    seen[i] = h + 1
    return True


def _moves(g, buf, other, i):
    # how many moves the position has to try, in order, and the i-th of them in buf[i]: the
    # hint's first, then the other legal ones (asked for only when the hint's are tried, and
    # an up to an empty space only onto the first empty space)
    n = g.hints(buf)
    if i < n:
        return n
    k = g.legal_moves(other)
    size = g._size
    first = -1
    for s in range(_SPACE, _SLOT):
        if size[s] == 0:
            first = s
            break
    for j in range(k):
        m = other[j]
        d = move_dst(m)
        if move_src(m) == 1 and _SPACE <= d < _SLOT and size[d] == 0 and d != first:
            continue
        i = 0
        while i < n and buf[i] != m:
            i += 1
        if i == n and n < _MOVES:
            buf[n] = m
            n += 1
    return n


def _search(g, seen, nxt, buf, other, tops, budget):
    depth = 0
    nodes = 0
    cut = False  # a line was cut at the depth limit: "no" can't be proved
    _visit(g, seen, tops)
    nxt[0] = 0
    while True:
        i = nxt[depth]
        if i >= _moves(g, buf, other, i):
            if depth == 0:
                return -1 if cut else 0
            g.undo()
            depth -= 1
            continue
        if nodes >= budget:
            return -1
        nxt[depth] = i + 1
        g.apply(buf[i])
        nodes += 1
        state = g.status()
        if state == WON:
            return 1
        if state == PLAYING:
            if depth + 1 >= _DEPTH:
                cut = True
            elif _visit(g, seen, tops):
                depth += 1
                nxt[depth] = 0
                continue
        g.undo()


def still_winnable(g, budget=NODES):
    state = g.status()
    if state != PLAYING:
        return 1 if state == WON else 0
    seen, log, nxt, buf, other, tops = _buffers(g)
    for i in range(_SLOTS):
        seen[i] = 0
    # the player's undo log and the position's counters, put back after
    player = g.undo_log
    dropped = g.undo_dropped
    version = g.version
    changed = g.changed
    log.clear()
    g.undo_log = log
    try:
        return _search(g, seen, nxt, buf, other, tops, budget)
    finally:
        while log.size:
            g.undo()  # back to the position on the table
        g.undo_log = player
        g.undo_dropped = dropped
        g.version = version
        g.changed = changed
