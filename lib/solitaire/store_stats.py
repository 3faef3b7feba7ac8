# The statistics page's part of the save store (solitaire/store.py): which modes have games
# played, and resetting statistics. A module of its own so that solitaire.store compiles within
# the board's heap; loaded when the statistics page asks, dropped with the page.
from struct import pack_into, unpack_from

from solitaire.store import _mode, _set, _u16


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
            pack_into("<8H", t, 0, k & 0x1FF, 0, 0, 0, 0, 0, 0, _u16(b, o + 14))
            _set(s, o, t, 16)
