# The save store's start-up half (solitaire.store): load() is Store.open(), reading both NVM
# copies, picking the one to trust, checking each record (CRC and ranges), repairing from the
# other copy and saying what it found; adopt() is Store.adopt(). They run once: the Store
# imports this module for the call and drops it after, so its code is not kept during play.
# Layout: store.py's header. Short names and module globals on purpose: every token costs heap
# while this compiles, and every distinct name stays interned after the module is gone.
from solitaire.store import FOREIGN, NONE, OURS, _u16, crc16

N = S = Z = 0  # set by load(): the NVM, how many stats slots, the bytes of one copy


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
    o += 10 + 18 * i - (i > S) * 6
    return o, 18 if i < S else 12 if i == S else 20 + _u16(buf, o + 18)


def _mark(buf, a):
    # the seq of a head or tail marker of ours for this layout, else -1
    if (_u16(buf, a) != 0x6753 or buf[a + 2] & 0x7F != 3 or buf[a + 3] != S
            or crc16(buf, a, a + 8, Z) != _u16(buf, a + 8)):
        return -1
    return _u16(buf, a + 4)


def _good(buf, b, i, c):
    # record i of the copy at buf[b:] passes its crc (seeded with c) and its range checks
    o, n = _rec(buf, b, i)
    if n > Z - 32 - 18 * S or crc16(buf, o + 2, o + n, c) != _u16(buf, o):  # n > 20 + capacity
        return False
    if i == S:
        return buf[o + 2] == 10 and buf[o + 11] == 0
    if i > S:
        if buf[o + 2] == 0:
            return _u16(buf, o + 18) == 0
        return (buf[o + 2] == 1 and buf[o + 3] < 8 and buf[o + 4] < 16 and buf[o + 5] < 4
                and buf[o + 11] < 0x40 and _u16(buf, o + 16))
    k, n, w, x, t = _u16(buf, o + 2), _u16(buf, o + 4), _u16(buf, o + 6), _u16(buf, o + 10), _u16(buf, o + 12)
    return k == 0xFFFF or (k < 0x400 and w <= n and t <= w and x <= t and (k < 0x200 or w)
                           and (not n or _u16(buf, o + 16)))  # an empty slot's fields aren't read


def _check(b, t):
    # (the first bad record of the copy at nvm[b:] under seq t, or -1; how many are good)
    f, n, c = -1, 0, _seed(t)
    for i in range(S + 2):
        if _good(N, b, i, c):
            n += 1
        elif f < 0:
            f = i
    return f, n


def _last(b, n):
    # bytes of nvm[b:b + n] up to the last one that is not 0xFF (0: all erased)
    while n and N[b + n - 1] == 0xFF:
        n -= 1
    return n


def _own(s, o):
    # the stats slot at o is empty or the first of its mode (two slots of one mode: damage)
    k = _u16(s.img, o + 2)
    return k == 0xFFFF or s._find(k & 0x1FF) == o + 2


def load(s):
    # Store.open(): read NVM into the image; returns short messages for the player
    global N, S, Z
    N, S, Z, img, m = s.nvm, len(s.keys), s.size, s.img, []
    s.state, s.saving = NONE, False
    if N is None:
        return m
    k = 2 if Z > 256 else 1
    seq, kind, bad = [-1, -1], [0, 0], [-1, -1]  # kind: 3 whole, 2 tail whole, 1 head only
    top = -1
    for x in range(k):
        h, t = _mark(N, x * Z), _mark(N, x * Z + Z - 10)
        top = _newest(_newest(top, h), t)
        u = t if t >= 0 else h
        if u < 0:
            continue
        f = _check(x * Z, u)[0]
        if f >= 0 and 0 <= h != u and _check(x * Z, h)[0] < 0:
            u, f = h, -1  # cut (or damage) between the last record and the tail
        seq[x], bad[x], kind[x] = u, f, 3 if f < 0 else 2 if t == u else 1
    for x in range(k if k == 2 else 0):
        # head and tail both damaged, most records good under the seq after the other
        # copy's: the newest copy
        u = (seq[1 - x] + 1) & 0xFFFF
        if kind[x] == 0 and seq[1 - x] >= 0:
            f, n = _check(x * Z, u)
            if f < 0 or 2 * n > S + 2:
                seq[x], bad[x], kind[x], top = u, f, 3 if f < 0 else 2, _newest(top, u)
    c = -1
    for x in range(k):
        if kind[x] >= 2 and (c < 0 or _newer(seq[x], seq[c]) or seq[x] == seq[c] and kind[x] > kind[c]):
            c = x
    for x in range(k if c < 0 else 0):
        if kind[x] == 1 and (c < 0 or _newer(seq[x], seq[c])):
            c = x
    y = bytes(64)
    for i in range(0, Z, 64):  # an empty image, in small pieces: no 1.5 KB temporary
        img[i:i + 64] = y
    s.options[:] = y[:8]
    for o in s.keys:  # empty slots, the options' tag: as Store() makes it
        img[o] = img[o + 1] = 0xFF
    img[s.o_save - 10], s.dirty = 10, 1
    if c < 0:
        # a first save cut off in its head marker is not another program's data
        j = _last(0, k * Z)
        if j > 10 or N[:min(j, 4)] != bytes((0x53, 0x67, N[2] & 0x80 | 3, S))[:j]:
            s.state = FOREIGN
            m.append("Save memory holds an older version's saves: they can't be read. Saves are off until"
                     " you let this game erase them." if N[:3] == b"SOL" else
                     "Save memory holds other data: saves are off until you let this game erase it.")
            return m
        s.state, s.saving, s.seq, s.base = OURS, True, 0, Z * (k - 1)
        m.append("Save memory is empty: first start, or a power cut during a save erased it.")
        return m
    b = c * Z
    y = 1 - c if k == 2 else c
    o, n = _rec(N, 0, bad[y])
    if y != c and (kind[y] == 1 and _newer(seq[y], seq[c]) and _last(y * Z, Z) > (o + n if bad[y] <= S else Z - 10)
                   or kind[y] == 0 and not N[b + 2 if _mark(N, b) >= 0 else b + Z - 8] & 0x80
                   and _last(y * Z, Z) > 10):
        # the other copy is damaged, or newer and cut off other than by an erase or in its
        # head marker (past where its first bad record ends; a bad save's length can't be
        # trusted: the tail): say so
        m.append("Save memory: one of its two copies was damaged or cut off; the other was used.")
    for i in range(0, Z, 64):
        img[i:i + 64] = N[b + i:b + i + 64]
    s.state, s.saving, s.seq, s.base, s.next_id = OURS, True, top, b, 0
    for a in (b, b + Z - 10, y * Z, y * Z + Z - 10):
        if _mark(N, a) >= 0:
            s.next_id = _u16(N, a + 6)
            break
    s.dirty = kind[c] < 3 or _mark(img, 0) < 0 or _mark(img, Z - 10) < 0
    # each record of the image that fails its checks: from the other copy if good there, else
    # reset. Duplicate mode keys count as damage.
    t, u, y = _seed(seq[c]), _seed(seq[y]), y * Z if y != c and kind[y] else -1
    got, lost = [0, 0, 0], [0, 0, 0]
    for i in range(S + 2):
        w = (i >= S) + (i > S)  # statistics, options, the saved game
        o, n = _rec(img, 0, i)
        if (kind[c] == 3 or _good(img, 0, i, t)) and (i >= S or _own(s, o)):
            continue
        s.dirty = 1
        if y >= 0 and _good(N, y, i, u):
            n = _rec(N, y, i)[1]
            img[o:o + n] = N[y + o:y + o + n]
            if i >= S or _own(s, o):
                got[w] += 1
                continue
        img[o:o + (20 if i > S else n)] = bytes(20 if i > S else n)  # reset: zeros, and
        if i <= S:
            img[o + 2] = 10 if i == S else 0xFF  # an empty slot's key, the options' tag
            img[o + 3] = 0 if i == S else 0xFF
        lost[w] += 1
    for w in range(3):
        n = ("Statistics: ", "Options: ", "The saved game: ")[w]
        if got[w]:
            m.append(n + "damaged, restored from the save before.")
        if lost[w]:
            m.append(n + ("damaged or cut off, removed." if w > 1 else "damaged or cut off, reset."))
    s.options[:] = img[s.o_save - 9:s.o_save - 1]
    return m


def adopt(s):
    # Store.adopt(): FOREIGN -> ours, the image (what was played meanwhile) over copy A
    if s.state != FOREIGN:
        return False
    s.state, s.saving, s.seq, s.dirty = OURS, True, 0, 3  # changed, and fresh
    s.base = s.size if s.size > 256 else 0  # so the write goes to the first copy
    return s.commit()
