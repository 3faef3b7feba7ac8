# The save store's repair at start-up (solitaire/store_open.py's load()): each record of the
# image that fails its checks comes from the other copy if it is good there, else is reset;
# what was done is said to the player. A module of its own so that store_open compiles within
# the board's heap; loaded for the call, dropped after.
from solitaire import store_open as o_
from solitaire.store import SLOT
from solitaire.store_open import _good, _own, _rec, _seed


def repair(s, img, b, c, y, kind, seq, m):
    N = o_.N
    S = o_.S
    Z = o_.Z  # (load()'s: the NVM, the stats slots, one copy's bytes)
    # duplicate mode keys count as damage (_own)
    t = _seed(seq[c])
    u = _seed(seq[y])
    y = y * Z if y != c and kind[y] else -1
    n = [0] * 6  # statistics restored, reset; options restored, reset; the save's
    for i in range(S + 2):
        w = (i >= S) + (i > S)
        o, a = _rec(img, 0, i)
        if (kind[c] == 3 or _good(img, 0, i, t)) and _own(s, i, o):
            continue
        s.dirty = 1
        if y >= 0 and _good(N, y, i, u):
            a = _rec(N, y, i)[1]
            img[o:o + a] = N[y + o:y + o + a]
            if _own(s, i, o):
                n[2 * w] += 1
                continue
        # reset: zeros, an empty slot's key, the options' tag
        a = (b"\0\0\xff\xff" + bytes(SLOT - 4), b"\0\0\n\0\0\0\0\0\0\0\0\0", bytes(20))[w]
        img[o:o + len(a)] = a
        n[2 * w + 1] += 1
    for w in range(6):
        if n[w]:
            m.append(("Statistics: damaged, restored from the save before.",
                      "Statistics: damaged or cut off, reset.",
                      "Options: damaged, restored from the save before.",
                      "Options: damaged or cut off, reset.",
                      "The saved game: damaged, restored from the save before.",
                      "The saved game: damaged or cut off, removed.")[w])
