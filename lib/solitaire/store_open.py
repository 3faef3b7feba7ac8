# The save store's start-up half (solitaire.store): open() reads both NVM copies, picks the one
# to trust, checks each record (CRC and ranges), repairs from the other copy and says what it
# found; adopt() takes over another program's data. It runs once: Store.open()/adopt() import
# this module for the call and drop it after, so none of it stays on the heap during play.
from micropython import const

from solitaire.store import FOREIGN, NONE, OURS, _u16, crc16

# the same values as in store.py
_MARK = const(10)
_SLOT = const(18)
_OPTS = const(12)
_SAVE = const(20)

_EMPTY = "Save memory is empty: first start, or a power cut during a save erased it."
_OTHER = "Save memory holds other data: saves are off until you let this game erase it."
_OLDER = "Save memory holds an older version's saves: they can't be read. Saves are off until you let this game erase them."
_CUT = "Save memory: one of its two copies was damaged or cut off; the other was used."


def run(s, k):
    # Store.open() (k 0) or Store.adopt() (k 1)
    return adopt(s) if k else load(s)


def _newer(a, b):
    # sequence numbers wrap at 2**16: a is newer than b if a few steps ahead
    return 0 < ((a - b) & 0xFFFF) < 0x8000


def _newest(a, b):
    # the newer of two seqs, -1 standing for none
    return b if a < 0 or (b >= 0 and _newer(b, a)) else a


def _off(s, i):
    # offset of data record i in a copy: stats slots 0..S-1, the options S, the save S+1
    return _MARK + _SLOT * i + (_OPTS - _SLOT if i > s.slots else 0)


def _len(s, buf, o, i):
    # bytes of record i at buf[o:], crc and payload included
    if i < s.slots:
        return _SLOT
    return _OPTS if i == s.slots else _SAVE + _u16(buf, o + 18)


def _crc(s, buf, o, i, t):
    # crc of record i at buf[o:] in a copy of seq t; -1 if its length is impossible
    n = _len(s, buf, o, i)
    if n > _SAVE + s.save_capacity:
        return -1
    return crc16(buf, o + 2, o + n, crc16(bytes((t & 255, t >> 8)), 0, 2, 0xFFFF))


def _mark(s, buf, at):
    # the seq of a head or tail marker, or -1 if it is not one of ours for this layout
    if buf[at] != 0x53 or buf[at + 1] != 0x67 or buf[at + 2] & 0x7F != 3 or buf[at + 3] != s.slots:
        return -1
    if crc16(buf, at, at + 8, s.size) != _u16(buf, at + 8):
        return -1
    return _u16(buf, at + 4)


def _good(s, buf, base, i, t):
    # record i of the copy at buf[base:] passes its crc under seq t and its range checks
    o = base + _off(s, i)
    if _crc(s, buf, o, i, t) != _u16(buf, o):
        return False
    if i < s.slots:
        key = _u16(buf, o + 2)
        if key == 0xFFFF:
            return True  # an empty slot: nothing in it is read
        played, won, streak, top = _u16(buf, o + 4), _u16(buf, o + 6), _u16(buf, o + 10), _u16(buf, o + 12)
        return (key < 0x400 and won <= played and top <= won and streak <= top
                and (key < 0x200 or won > 0) and (played == 0 or _u16(buf, o + 16) > 0))
    if i == s.slots:
        return buf[o + 2] == 0x0A and buf[o + 11] == 0
    if buf[o + 2] == 0:
        return _u16(buf, o + 18) == 0
    return (buf[o + 2] == 1 and buf[o + 3] < 8 and buf[o + 4] < 16 and buf[o + 5] < 4
            and buf[o + 11] < 0x40 and _u16(buf, o + 16) > 0)


def _check(s, b, t):
    # (the first bad record of the copy at nvm[b:] under seq t or -1, how many are good)
    f, n = -1, 0
    for i in range(s.slots + 2):
        if _good(s, s.nvm, b, i, t):
            n += 1
        elif f < 0:
            f = i
    return f, n


def _last_set(s, b, n):
    # bytes of nvm[b:b + n] up to the last one that is not 0xFF (0: all erased)
    nvm = s.nvm
    for i in range(n - 1, -1, -1):
        if nvm[b + i] != 0xFF:
            return i + 1
    return 0


def load(s):
    # read NVM into the image; returns short messages for the player
    s.state, s.saving, msgs = NONE, False, []
    if s.nvm is None:
        return msgs
    nvm, size, k = s.nvm, s.size, s.copies
    seq, kind, bad = [-1, -1], [0, 0], [-1, -1]  # kind: 3 whole, 2 tail whole, 1 head only
    top = -1
    for x in range(k):
        b = x * size
        hs, ts = _mark(s, nvm, b), _mark(s, nvm, b + size - _MARK)
        top = _newest(_newest(top, hs), ts)
        t = ts if ts >= 0 else hs
        if t < 0:
            continue
        f = _check(s, b, t)[0]
        if f >= 0 and 0 <= hs != t and _check(s, b, hs)[0] < 0:
            t, f = hs, -1  # cut (or damage) between the last record and the tail
        seq[x], bad[x] = t, f
        kind[x] = 3 if f < 0 else (2 if ts == t else 1)
    for x in range(k if k == 2 else 0):
        # head and tail both damaged, most records good under the seq after the other
        # copy's: the newest copy
        t = (seq[1 - x] + 1) & 0xFFFF
        if kind[x] == 0 and seq[1 - x] >= 0:
            f, n = _check(s, x * size, t)
            if f < 0 or 2 * n > s.slots + 2:
                seq[x], bad[x], kind[x], top = t, f, 3 if f < 0 else 2, _newest(top, t)
    c = -1
    for x in range(k):
        if kind[x] >= 2 and (c < 0 or _newer(seq[x], seq[c]) or (seq[x] == seq[c] and kind[x] > kind[c])):
            c = x
    for x in range(k if c < 0 else 0):
        if kind[x] == 1 and (c < 0 or _newer(seq[x], seq[c])):
            c = x
    img, z = s.img, bytes(64)
    for i in range(0, size, 64):  # small pieces: no 1.5 KB temporary on the heap
        img[i:i + 64] = z
    s.options[:] = z[:8]
    s._format()
    if c < 0:
        # a first save cut off in its head marker is not another program's data
        j = _last_set(s, 0, k * size)
        if j > _MARK or not _head_start(s, min(j, 4)):
            s.state = FOREIGN
            msgs.append(_OLDER if nvm[0] == 0x53 and nvm[1] == 0x4F and nvm[2] == 0x4C else _OTHER)
            return msgs
        s.state, s.saving, s.seq, s.base = OURS, True, 0, size * (k - 1)
        msgs.append(_EMPTY)
        return msgs
    b = c * size
    y = 1 - c if k == 2 else c
    fresh = nvm[b + 2] & 0x80 if _mark(s, nvm, b) >= 0 else nvm[b + size - 8] & 0x80
    if y != c:
        # where the other copy's first bad record ends; for a bad save its length can't be
        # trusted: the tail
        f = bad[y]
        end = _off(s, f) + _len(s, nvm, 0, f) if f <= s.slots else size - _MARK
        if (kind[y] == 1 and _newer(seq[y], seq[c]) and _last_set(s, y * size, size) > end
                or kind[y] == 0 and not fresh and _last_set(s, y * size, size) > _MARK):
            # the other copy is damaged, or newer and cut off other than by an erase or in its
            # head marker: say so
            msgs.append(_CUT)
    for i in range(0, size, 64):
        img[i:i + 64] = nvm[b + i:b + i + 64]
    s.state, s.saving, s.seq, s.base = OURS, True, top, b
    s.next_id = 0
    for a in (b, b + size - _MARK, y * size, y * size + size - _MARK):
        if _mark(s, nvm, a) >= 0:
            s.next_id = _u16(nvm, a + 6)
            break
    s.dirty = kind[c] < 3 or _mark(s, img, 0) < 0 or _mark(s, img, size - _MARK) < 0
    _repair(s, seq[c], kind[c] == 3, y if y != c and kind[y] > 0 else -1, seq[y], msgs)
    for j in range(8):
        s.options[j] = img[s.o_save - 9 + j]
    return msgs


def _head_start(s, n):
    nvm = s.nvm
    return ((n < 1 or nvm[0] == 0x53) and (n < 2 or nvm[1] == 0x67) and (n < 3 or nvm[2] & 0x7F == 3)
            and (n < 4 or nvm[3] == s.slots))


def _repair(s, t, whole, y, sy, msgs):
    # each record of the image that fails its checks: from the other copy if good there,
    # else reset. Duplicate mode keys count as damage.
    nvm, img = s.nvm, s.img
    got, lost = [0, 0, 0], [0, 0, 0]
    for i in range(s.slots + 2):
        what = 0 if i < s.slots else i - s.slots + 1
        ok = whole or _good(s, img, 0, i, t)
        o = _off(s, i)
        if ok and i < s.slots and _u16(img, o + 2) != 0xFFFF:
            ok = s._find(_u16(img, o + 2) & 0x1FF) == o + 2
        if ok:
            continue
        s.dirty = True
        yb = y * s.size
        if y >= 0 and _good(s, nvm, yb, i, sy):
            for j in range(_len(s, nvm, yb + o, i)):
                img[o + j] = nvm[yb + o + j]
            if i >= s.slots or _u16(img, o + 2) == 0xFFFF or s._find(_u16(img, o + 2) & 0x1FF) == o + 2:
                got[what] += 1
                continue
        # reset: zeros, an empty slot's key, the options' tag
        for j in range(_SAVE if i > s.slots else _len(s, img, o, i)):
            img[o + j] = 0
        if i < s.slots:
            img[o + 2] = img[o + 3] = 0xFF
        elif i == s.slots:
            img[o + 2] = 0x0A
        lost[what] += 1
    for w, name in ((0, "Statistics: "), (1, "Options: "), (2, "The saved game: ")):
        if got[w]:
            msgs.append(name + "damaged, restored from the save before.")
        if lost[w]:
            msgs.append(name + ("damaged or cut off, reset." if w < 2 else "damaged or cut off, removed."))


def adopt(s):
    # FOREIGN -> ours, the image (what was played meanwhile) over copy A
    if s.state != FOREIGN:
        return False
    s.state, s.saving, s.seq, s.dirty, s.fresh = OURS, True, 0, True, True
    s.base = s.size * (s.copies - 1)  # so the write goes to the first copy
    return s.commit()
