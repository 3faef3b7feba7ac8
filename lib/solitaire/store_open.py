# The save store's start-up half (solitaire.store): load() is Store.open(), reading both NVM
# copies, picking the one to trust, checking each record (CRC and ranges), repairing from the
# other copy (_repair()) and saying what it found; adopt() is Store.adopt(). They run once: the Store
# imports this module for the call and drops it after, so its code is not kept during play.
# Layout: store.py's header. Written small, as store.py is: module globals for what every
# helper needs, plain statements, few calls (a board compiles this at every start).
from struct import unpack

from engine.registry import FAMILIES, profile_count
from solitaire import forget
from solitaire.store import FOREIGN, NONE, OURS, SLOT, VERSION, _find, _u16, crc16

N = S = Z = G = 0  # load(): the NVM, how many stats slots, the bytes of one copy; _check()'s count


def _newer(a, b):
    # sequence numbers wrap at 2**16: a is newer than b if a few steps ahead
    return 0 < (a - b) & 0xFFFF < 0x8000


def _newest(a, b):
    # the newer of two seqs, -1 standing for none
    return b if a < 0 or b >= 0 and _newer(b, a) else a


def _seed(t):
    # where the crc of every record of a copy of seq t starts
    return crc16(bytes((t & 255, t >> 8 & 255)), 0, 2, 0xFFFF)


def _rec(buf, o, i):
    # (offset, length) of record i of the copy at buf[o:]: stats slots 0..S-1, the options S,
    # the save S+1 (its length read from it)
    o += 10 + SLOT * i - (i > S) * (SLOT - 12)
    return o, SLOT if i < S else 12 if i == S else 20 + _u16(buf, o + 18)


def _mark(buf, a):
    # the seq of a head or tail marker of ours for this layout, else -1
    if (_u16(buf, a) != 0x6753 or buf[a + 2] & 0x7F != VERSION or buf[a + 3] != S
            or crc16(buf, a, a + 8, Z) != _u16(buf, a + 8)):
        return -1
    return _u16(buf, a + 4)


def _real(f, v, p):
    # a mode the game has (engine/registry.py): a record that passes its crc but names another
    # (written by a later version, or damage the crc missed) would crash the menus that list it
    return f < len(FAMILIES) and v < len(FAMILIES[f].variants) and p < profile_count(f, v)


def _good(buf, b, i, c):
    # record i of the copy at buf[b:] passes its crc (seeded with c) and its range checks
    o, n = _rec(buf, b, i)
    if n > Z - 32 - SLOT * S or crc16(buf, o + 2, o + n, c) != _u16(buf, o):  # n > 20 + capacity
        return False
    if i == S:
        return buf[o + 2] == 10 and buf[o + 11] == 0
    k, n, w, h, x, t, a, g, y = unpack("<9H", buf[o + 2:o + 20])  # nvm: a slice, no buffer
    if i < S:  # key played won best streak top fewest last_id most_left; an empty slot's
        # aren't read
        return k == 0xFFFF or (k < 0x400 and w <= n and t <= w and x <= t and (k < 0x200 or w)
                               and (not n or g) and (w or not y)
                               and _real(k & 7, k >> 3 & 15, k >> 7 & 3))
    # the save, as u16s: used | f << 8, v | p << 8, flags, number (low, high), moves, score, game
    # id: unused and empty, or used with a mode the game has, number < 2**30 and a game id
    return (k & 255 == 0 and not _u16(buf, o + 18)
            or k & 255 == 1 and x < 0x4000 and g and _real(k >> 8, n & 255, n >> 8))


def _check(b, t):
    # the first bad record of the copy at nvm[b:] under seq t, or -1; G: how many are good
    global G
    f = -1
    G = 0
    c = _seed(t)
    for i in range(S + 2):
        if _good(N, b, i, c):
            G += 1
        elif f < 0:
            f = i
    return f


def _last(b, n):
    # bytes of nvm[b:b + n] up to the last one that is not 0xFF (0: all erased)
    while n and N[b + n - 1] == 0xFF:
        n -= 1
    return n


def _own(s, i, o):
    # record i at o is no stats slot, an empty one or the first of its mode (a second slot
    # of one mode is damage)
    k = _u16(s.img, o + 2)
    return i >= S or k == 0xFFFF or _find(s, k & 0x1FF) == o + 2


def load(s):
    # Store.open(): read NVM into the image; returns short messages for the player
    global N, S, Z
    N = s.nvm
    S = len(s.keys)
    Z = s.size
    img = s.img
    m = []
    s.state = NONE
    s.saving = False
    y = bytes(64)
    for i in range(0, Z, 64):  # the empty image (zeros, in small pieces: no 1.5 KB temporary),
        img[i:i + 64] = y
    for o in s.keys:  # every slot empty (key 0xFFFF), the options' tag; no options
        img[o] = img[o + 1] = 0xFF
    img[s.o_save - 10] = 10
    s.options[:] = y[:8]
    s.dirty = 1
    if N is None:  # (said once, at start-up: nothing the player does will be kept)
        m.append("This board has no save memory the game can use (NVM missing or under 256"
                 " bytes): saving is off. Statistics and the game last until power-off.")
        return m
    k = 2 if Z > 256 else 1
    seq = [-1, -1]
    kind = [0, 0]  # 3 whole, 2 tail whole, 1 head only, 0 no marker
    bad = [-1, -1]
    top = -1
    for x in range(k):
        h = _mark(N, x * Z)
        t = _mark(N, x * Z + Z - 10)
        top = _newest(_newest(top, h), t)
        u = t if t >= 0 else h
        if u < 0:
            continue
        f = _check(x * Z, u)
        if f >= 0 and 0 <= h != u and _check(x * Z, h) < 0:
            u = h  # cut (or damage) between the last record and the tail
            f = -1
        seq[x] = u
        bad[x] = f
        kind[x] = 3 if f < 0 else 2 if t == u else 1
    for x in range(k if k == 2 else 0):
        # head and tail both damaged, most records good under the seq after the other
        # copy's: the newest copy
        u = (seq[1 - x] + 1) & 0xFFFF
        if kind[x] == 0 and seq[1 - x] >= 0:
            f = _check(x * Z, u)
            if f < 0 or 2 * G > S + 2:
                seq[x] = u
                bad[x] = f
                kind[x] = 3 if f < 0 else 2
                top = _newest(top, u)
    # the copy to use: one whose tail is whole (kind 2 or 3) over one with its head only;
    # then the newer; then the more whole
    c = 0 if kind[0] else -1
    if k == 2 and kind[1] and (c < 0 or (kind[1] > 1) > (kind[0] > 1) or (kind[1] > 1) == (kind[0] > 1)
                               and (_newer(seq[1], seq[0]) or seq[1] == seq[0] and kind[1] > kind[0])):
        c = 1
    if c < 0 or kind[c] < 3:
        # no whole copy of this version: an older version's store (or a cut write of its
        # migration, which leaves it whole) is brought up to date by solitaire/store_migrate.py,
        # loaded only then
        for a in (0, Z - 10, Z, 2 * Z - 10)[:2 * k]:
            if N[:3] == b"SOL" or N[a] == 0x53 and N[a + 1] == 0x67 and N[a + 2] & 0x7F < VERSION:
                from solitaire import store_migrate as x

                a = x.migrate(s, m, k, top)
                forget("solitaire.store_migrate")
                if a:
                    return m
                break
    if c < 0:
        # a first save cut off in its head marker is not another program's data
        j = _last(0, k * Z)
        if j > 10 or N[:min(j, 4)] != bytes((0x53, 0x67, N[2] & 0x80 | VERSION, S))[:j]:
            s.state = FOREIGN
            # "SOL": the first versions' store; "Sg" with a lower version: this layout's before
            m.append("Save memory holds an older version's saves: they can't be read. Saves are off until"
                     " you let this game erase them." if N[:3] == b"SOL" or N[:2] == b"Sg"
                     and N[2] & 0x7F < VERSION else
                     "Save memory holds other data: saves are off until you let this game erase it.")
            return m
        # blank: a first start (the app greets the player instead: it knows this note by its
        # first 20 characters, solitaire/startup.py), or a power cut right after the erase of a
        # write (the whole NVM is one flash block), which no store can tell from a first start.
        # j > 0: a first save cut off in its head marker; only then can it tell something was lost
        m.append("Save memory is empty: a power cut stopped the first save." if j else
                 "Save memory is blank: no saved games yet.")
        top = 0
        b = Z * (k - 1)  # so the first write goes to the first copy
    else:
        b = c * Z
        y = 1 - c if k == 2 else c
        o, n = _rec(N, 0, bad[y])
        j = _last(y * Z, Z)
        if y != c and (kind[y] == 1 and _newer(seq[y], seq[c]) and j > (o + n if bad[y] <= S else Z - 10)
                       or kind[y] == 0 and not N[b + 2 if _mark(N, b) >= 0 else b + Z - 8] & 0x80 and j > 10):
            # the other copy is damaged, or newer and cut off other than by an erase or in its
            # head marker (past where its first bad record ends; a bad save's length can't be
            # trusted: the tail): say so
            m.append("Save memory: one of its two copies was damaged or cut off; the other was used.")
        for i in range(0, Z, 64):  # in small pieces: no 1.5 KB temporary
            img[i:i + 64] = N[b + i:b + i + 64]
        s.next_id = 0
        for a in (b, b + Z - 10, y * Z, y * Z + Z - 10):
            if _mark(N, a) >= 0:
                s.next_id = _u16(N, a + 6)
                break
        s.dirty = kind[c] < 3 or _mark(img, 0) < 0 or _mark(img, Z - 10) < 0
        _repair(s, img, b, c, y, kind, seq, m)
        s.options[:] = img[s.o_save - 9:s.o_save - 1]
    s.state = OURS
    s.saving = True
    s.seq = top
    s.base = b
    return m



def _repair(s, img, b, c, y, kind, seq, m):
    # each record of the image that fails its checks comes from the other copy if it is good
    # there, else is reset; what was done is said to the player (m). N, S, Z: load()'s; duplicate
    # mode keys count as damage (_own)
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

def adopt(s):
    # Store.adopt(): FOREIGN -> ours, the image (what was played meanwhile) over copy A
    if s.state != FOREIGN:
        return False
    s.state = OURS
    s.saving = True
    s.seq = 0
    s.dirty = 3  # changed, and fresh
    s.base = s.size if s.size > 256 else 0  # so the write goes to the first copy
    return s.commit()
