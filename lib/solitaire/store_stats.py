# The save store's part that runs between games (solitaire/store.py's methods call these): a
# mode's statistics, counting a game's result, which modes have games played, resetting
# statistics. A module of its own so that a game in play
# does not keep this code (and solitaire.store compiles within the board's heap); loaded when
# called, dropped when a table or the title shows (solitaire/app.py).
from struct import pack_into, unpack_from

from solitaire.store import _find, _mode, _set, _u16


def modes(s):
    r = []
    for o in s.keys:
        k, n = unpack_from("<2H", s.img, o)
        if k != 0xFFFF and n:
            r.append((k & 7, k >> 3 & 15, k >> 7 & 3))
    return r


def reset_stats(s, f=None, v=None, p=None):
    # counts go to zero; the mode and its last counted game id stay, so a finished game still
    # can't come back. A mode that can't exist resets nothing.
    b = s.img
    t = s._t
    for o in s.keys:
        k = _u16(b, o)
        if k != 0xFFFF and (f is None or k & 0x1FF == _mode(f, v, p)):
            pack_into("<9H", t, 0, k & 0x1FF, 0, 0, 0, 0, 0, 0, _u16(b, o + 14), 0)
            _set(s, o, t, 18)


def stats(st, f, v, p):
    # (played, won, best score, current streak, best streak, fewest moves to a win, most cards
    # left in the stock at a win)
    o = _find(st, _mode(f, v, p))
    k, n, w, h, s, t, a, x, y = unpack_from("<9H", st.img, o) if o > 0 else (0,) * 9
    return (n, w, h, s if k & 0x200 else 0, t, a, y)


def figures(st, f, v, p, left):
    # a mode's statistics in words, a line each: the statistics page's and the result box's
    # (left: the family keeps the most cards left at a win, engine/registry.py keeps_left)
    played, won, best, streak, best_streak, fewest, most = stats(st, f, v, p)
    # (whole templates: a board interns a string of ten characters or fewer, for good)
    lines = (("Played %d, won %d (%d%%)" % (played, won, won * 100 // played)) if played
             else "Played 0, won 0",
             "Best score %d" % best,
             "Win streak %d, best %d" % (streak, best_streak),
             "Fewest moves to a win: %s" % (str(fewest) if won else "-"))
    if left:  # in the stock (Solar's rockets may fly before it is turned out)
        lines += ("Most cards left at a win: " + (str(most) if won else "-"),)
    return lines


def count_result(st, f, v, p, game_id, won, score, moves, left):
    m = _mode(f, v, p)
    if m < 0 or not 0 < game_id < 0x10000:
        return False
    b = st.img
    o = _find(st, m)
    if o < 0:
        # an empty slot, else the least played mode's (its statistics are lost), never the
        # one that counted the saved game (it would be offered again)
        n = 0x10000
        x = _find(st, _u16(b, st.o_save + 16), 14, 0xFFFF)
        for j in st.keys:
            w = -1 if _u16(b, j) == 0xFFFF else _u16(b, j + 2)
            if w < n and j != x:
                o = j
                n = w
        b[o:o + 18] = bytes(18)
    k, n, w, h, s, t, a, x, y = unpack_from("<9H", b, o)
    if x == game_id:
        if k & 0x200 or not won:
            return False
        n = n or 1  # lost, counted, undone and won: the win without a second game
    else:
        n = min(n + 1, 0xFFFF)
        s = s if k & 0x200 else 0  # kept after a loss in case it is won after all
    if won:
        s = min(s + 1, 0xFFFF)
        w = min(w + 1, 0xFFFF)
        moves = min(max(moves, 1), 0xFFFF)
        a = min(a or moves, moves)
        t = max(t, s)
        y = max(y, min(max(left, 0), 0xFFFF))
    pack_into("<9H", b, o, m | (0x200 if won else 0), n, w, min(max(h, score), 0xFFFF), s, t, a,
              game_id, y)
    st.dirty |= 1
    return True
