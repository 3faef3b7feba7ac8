# Save store in microcontroller.nvm: per-mode statistics, options and the game in progress.
# The state lives in RAM in one image (one copy's bytes, allocated once); commit() writes it
# with ONE slice assignment into the older of two copies under a new sequence number, so a
# power cut mid-write leaves the other copy whole. Layout and promises: docs/notes/store.md.
#
# A copy (C bytes; all numbers little-endian u16 unless said):
#   head   10   "Sg" VERSION slots seq next_id crc   (crc over the 8 bytes, seeded with C)
#   stats  18*S crc key played won best streak best_streak fewest last_id
#               key: f | v << 3 | p << 7, bit 9 = the last counted game was won; 0xFFFF empty
#   opts   12   crc 0x0A, the app's 8 bytes, 0
#   save   20+cap crc used f v p flags 0 number(u32) moves score game_id n, then n payload bytes
#   tail   10   as the head (written last: a copy whose tail is whole was written whole)
# A data record's crc (CRC-16/CCITT) covers the rest of it and is seeded with the copy's seq,
# so a record left over from an older write of the same copy never passes as part of the new.
from micropython import const

NONE = const(0)
OURS = const(1)
FOREIGN = const(2)

_VERSION = const(3)
_MARK = const(10)
_SLOT = const(18)
_OPTS = const(12)
_SAVE = const(20)
_BIG = const(1536)  # one copy where NVM holds two of them (8 KB and 4 KB boards)
_CRC_T = (0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
          0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF)

_EMPTY = "Save memory is empty: first start, or a power cut during a save erased it."
_OTHER = "Save memory holds other data: saves are off until you let this game erase it."
_OLDER = "Save memory holds an older version's saves: they can't be read. Saves are off until you let this game erase them."
_CUT = "Save memory: one of its two copies was damaged or cut off; the other was used."


def crc16(buf, a, b, c):
    # CRC-16/CCITT (poly 0x1021), a nibble at a time: a 16-entry table instead of 256
    t = _CRC_T
    for i in range(a, b):
        c ^= buf[i] << 8
        c = ((c << 4) & 0xFFFF) ^ t[c >> 12]
        c = ((c << 4) & 0xFFFF) ^ t[c >> 12]
    return c


def _newer(a, b):
    # sequence numbers wrap at 2**16: a is newer than b if a few steps ahead
    return 0 < ((a - b) & 0xFFFF) < 0x8000


def _newest(a, b):
    # the newer of two seqs, -1 standing for none
    return b if a < 0 or (b >= 0 and _newer(b, a)) else a


def _u16(buf, at):
    return buf[at] | buf[at + 1] << 8


class Store:
    def __init__(self, nvm):
        self.nvm = nvm
        n = 0
        try:
            n = len(nvm) if nvm is not None else 0
        except Exception:  # not a sized object: no NVM
            n = 0
        self.copies = 2 if n >= 2 * _BIG else 1
        self.size = _BIG if n >= 2 * _BIG else 256  # bytes of one copy, and of the RAM image
        self.slots = 32 if n >= 2 * _BIG else 5
        self.o_opts = _MARK + _SLOT * self.slots
        self.o_save = self.o_opts + _OPTS
        self.save_capacity = self.size - _MARK - self.o_save - _SAVE
        self.img = bytearray(self.size)
        self.options = bytearray(8)
        self._sb = bytearray(2)
        self._seed_s = self._seed = -1  # a seq and its crc: where every record's crc starts
        self.state = NONE
        self.saving = False
        self.usable = n >= 256  # open() may look at the NVM
        self.writes = 0
        self.seq = 0
        self.next_id = 0
        self.base = 0  # offset of the newest copy in NVM
        self.dirty = False
        self.fresh = False  # set by adopt(): the other copy still holds the other program's data
        self._format()

    # -- the image ------------------------------------------------------------------------------
    def _off(self, i):
        # offset of data record i in a copy: stats 0..S-1, options S, save S+1
        if i < self.slots:
            return _MARK + _SLOT * i
        return self.o_opts if i == self.slots else self.o_save

    def _blank(self, i):
        img = self.img
        o = self._off(i)
        for j in range(self._len(img, o, i) if i <= self.slots else _SAVE):
            img[o + j] = 0
        if i < self.slots:
            img[o + 2] = img[o + 3] = 0xFF
        elif i == self.slots:
            img[o + 2] = 0x0A

    def _format(self):
        for i in range(self.slots + 2):
            self._blank(i)
        self.options[:] = b"\x00" * 8
        self.dirty = True

    def _put(self, at, v, n=2):
        img = self.img
        for i in range(n):
            b = (v >> (8 * i)) & 255
            if img[at + i] != b:
                img[at + i] = b
                self.dirty = True

    def _crc(self, buf, o, i, s):
        # crc of the data record at buf[o:], seeded with seq s; -1 if its length is impossible
        if s != self._seed_s:
            sb = self._sb
            sb[0] = s & 255
            sb[1] = s >> 8
            self._seed_s, self._seed = s, crc16(sb, 0, 2, 0xFFFF)
        n = self._len(buf, o, i)
        return -1 if n > _SAVE + self.save_capacity else crc16(buf, o + 2, o + n, self._seed)

    def _len(self, buf, o, i):
        # bytes of the record at buf[o:], crc and payload included
        if i < self.slots:
            return _SLOT
        return _OPTS if i == self.slots else _SAVE + _u16(buf, o + 18)

    def _sane(self, buf, o, i):
        # range checks a record with a good crc must also pass
        if i < self.slots:
            key = _u16(buf, o + 2)
            if key == 0xFFFF:
                return True  # an empty slot: nothing in it is read
            played, won, streak, top = _u16(buf, o + 4), _u16(buf, o + 6), _u16(buf, o + 10), _u16(buf, o + 12)
            return (key < 0x400 and won <= played and top <= won and streak <= top
                    and (key < 0x200 or won > 0) and (played == 0 or _u16(buf, o + 16) > 0))
        if i == self.slots:
            return buf[o + 2] == 0x0A and buf[o + 11] == 0
        if buf[o + 2] == 0:
            return _u16(buf, o + 18) == 0
        return (buf[o + 2] == 1 and buf[o + 3] < 8 and buf[o + 4] < 16 and buf[o + 5] < 4
                and buf[o + 11] < 0x40 and _u16(buf, o + 16) > 0)

    def _good(self, buf, base, i, s):
        o = base + self._off(i)
        return self._crc(buf, o, i, s) == _u16(buf, o) and self._sane(buf, o, i)

    def _first_bad(self, buf, base, s):
        for i in range(self.slots + 2):
            if not self._good(buf, base, i, s):
                return i
        return -1

    def _mark(self, buf, at):
        # the seq of a head or tail marker, or -1 if it is not one of ours for this layout
        if buf[at] != 0x53 or buf[at + 1] != 0x67 or buf[at + 2] & 0x7F != _VERSION or buf[at + 3] != self.slots:
            return -1
        if crc16(buf, at, at + 8, self.size) != _u16(buf, at + 8):
            return -1
        return _u16(buf, at + 4)

    def _stamp(self, at, s):
        img = self.img
        img[at] = 0x53
        img[at + 1] = 0x67
        img[at + 2] = _VERSION | (0x80 if self.fresh else 0)  # the other copy is not ours yet
        img[at + 3] = self.slots
        self._put(at + 4, s)
        self._put(at + 6, self.next_id)
        self._put(at + 8, crc16(img, at, at + 8, self.size))

    # -- opening ----------------------------------------------------------------------------------
    def open(self):
        # read NVM into the image; returns short messages for the player (empty: all is well)
        self.state, self.saving, msgs = NONE, False, []
        if not self.usable:
            return msgs
        nvm, size, k = self.nvm, self.size, self.copies
        seq, kind, bad = [-1, -1], [0, 0], [-1, -1]  # kind: 3 whole, 2 tail whole, 1 head only
        top = -1
        for x in range(k):
            b = x * size
            hs, ts = self._mark(nvm, b), self._mark(nvm, b + size - _MARK)
            top = _newest(_newest(top, hs), ts)
            s = ts if ts >= 0 else hs
            if s < 0:
                continue
            f = self._first_bad(nvm, b, s)
            if f >= 0 and 0 <= hs != s and self._first_bad(nvm, b, hs) < 0:
                s, f = hs, -1  # cut (or damage) between the last record and the tail
            seq[x], bad[x] = s, f
            kind[x] = 3 if f < 0 else (2 if ts == s else 1)
        for x in range(k if k == 2 else 0):
            # head and tail both damaged, most records good under the seq after the other
            # copy's: the newest copy
            s = (seq[1 - x] + 1) & 0xFFFF
            if kind[x] == 0 and seq[1 - x] >= 0:
                f = self._first_bad(nvm, x * size, s)
                if f < 0 or 2 * self._good_count(x * size, s) > self.slots + 2:
                    seq[x], bad[x], kind[x], top = s, f, 3 if f < 0 else 2, _newest(top, s)
        c = -1
        for x in range(k):
            if kind[x] >= 2 and (c < 0 or _newer(seq[x], seq[c]) or (seq[x] == seq[c] and kind[x] > kind[c])):
                c = x
        for x in range(k if c < 0 else 0):
            if kind[x] == 1 and (c < 0 or _newer(seq[x], seq[c])):
                c = x
        self._format()
        if c < 0:
            # a first save cut off in its head marker is not another program's data
            j = self._last_set(0, k * size)
            if j > _MARK or not self._head_start(min(j, 4)):
                self.state = FOREIGN
                msgs.append(_OLDER if nvm[0] == 0x53 and nvm[1] == 0x4F and nvm[2] == 0x4C else _OTHER)
                return msgs
            self.state, self.saving, self.seq, self.base = OURS, True, 0, size * (k - 1)
            msgs.append(_EMPTY)
            return msgs
        b = c * size
        y = 1 - c if k == 2 else c
        fresh = nvm[b + 2] & 0x80 if self._mark(nvm, b) >= 0 else nvm[b + size - 8] & 0x80
        if y != c and (kind[y] == 1 and _newer(seq[y], seq[c]) and self._last_set(y * size, size) > self._end(y, bad[y])
                       or kind[y] == 0 and not fresh and self._last_set(y * size, size) > _MARK):
            # the other copy is damaged, or newer and cut off other than by an erase or in its
            # head marker: say so
            msgs.append(_CUT)
        img = self.img
        for i in range(0, size, 64):  # small pieces: no 1.5 KB temporary on the heap
            img[i:i + 64] = nvm[b + i:b + i + 64]
        self.state, self.saving, self.seq, self.base = OURS, True, top, b
        self.next_id = 0
        for a in (b, b + size - _MARK, y * size, y * size + size - _MARK):
            if self._mark(nvm, a) >= 0:
                self.next_id = _u16(nvm, a + 6)
                break
        self.dirty = kind[c] < 3 or self._mark(img, 0) < 0 or self._mark(img, size - _MARK) < 0
        self._repair(seq[c], kind[c] == 3, y if y != c and kind[y] > 0 else -1, seq[y], msgs)
        for j in range(8):
            self.options[j] = img[self.o_opts + 3 + j]
        return msgs

    def _head_start(self, n):
        nvm = self.nvm
        return ((n < 1 or nvm[0] == 0x53) and (n < 2 or nvm[1] == 0x67) and (n < 3 or nvm[2] & 0x7F == _VERSION)
                and (n < 4 or nvm[3] == self.slots))

    def _last_set(self, b, n):
        # bytes of nvm[b:b + n] up to the last one that is not 0xFF (0: all erased)
        nvm = self.nvm
        for i in range(n - 1, -1, -1):
            if nvm[b + i] != 0xFF:
                return i + 1
        return 0

    def _end(self, x, f):
        # where record f of copy x ends; for a bad save its length can't be trusted: the tail
        if f <= self.slots:
            return self._off(f) + self._len(self.nvm, 0, f)
        return self.size - _MARK

    def _good_count(self, b, s):
        n = 0
        for i in range(self.slots + 2):
            if self._good(self.nvm, b, i, s):
                n += 1
        return n

    def _repair(self, s, whole, y, sy, msgs):
        # each record of the image that fails its checks: from the other copy if good there,
        # else reset. Duplicate mode keys count as damage.
        nvm, img = self.nvm, self.img
        got, lost = [0, 0, 0], [0, 0, 0]
        for i in range(self.slots + 2):
            what = 0 if i < self.slots else i - self.slots + 1
            ok = whole or self._good(img, 0, i, s)
            o = self._off(i)
            if ok and i < self.slots and _u16(img, o + 2) != 0xFFFF:
                ok = self._find(_u16(img, o + 2) & 0x1FF) == i
            if ok:
                continue
            self.dirty = True
            yb = y * self.size
            if y >= 0 and self._good(nvm, yb, i, sy):
                for j in range(self._len(nvm, yb + o, i)):
                    img[o + j] = nvm[yb + o + j]
                if i >= self.slots or self._find(_u16(img, o + 2) & 0x1FF) == i or _u16(img, o + 2) == 0xFFFF:
                    got[what] += 1
                    continue
            self._blank(i)
            lost[what] += 1
        for w, name in ((0, "Statistics: "), (1, "Options: "), (2, "The saved game: ")):
            if got[w]:
                msgs.append(name + "damaged, restored from the save before.")
            if lost[w]:
                msgs.append(name + ("damaged or cut off, reset." if w < 2 else "damaged or cut off, removed."))

    # -- statistics -------------------------------------------------------------------------------
    def _find(self, mode):
        img = self.img
        for i in range(self.slots):
            key = _u16(img, _MARK + 2 + _SLOT * i)
            if key != 0xFFFF and key & 0x1FF == mode:
                return i
        return -1

    def stats(self, f, v, p):
        # (played, won, best score, current streak, best streak, fewest moves to a win)
        i = self._find(_mode(f, v, p))
        if i < 0:
            return (0, 0, 0, 0, 0, 0)
        img, o = self.img, _MARK + 2 + _SLOT * i
        key = _u16(img, o)
        return (_u16(img, o + 2), _u16(img, o + 4), _u16(img, o + 6),
                _u16(img, o + 8) if key & 0x200 else 0, _u16(img, o + 10), _u16(img, o + 12))

    def modes(self):
        out = []
        for i in range(self.slots):
            o = _MARK + 2 + _SLOT * i
            key = _u16(self.img, o)
            if key != 0xFFFF and _u16(self.img, o + 2):
                out.append((key & 7, (key >> 3) & 15, (key >> 7) & 3))
        return out

    def reset_stats(self, f=None, v=None, p=None):
        # counts go to zero; the mode and its last counted game id stay, so a finished game
        # still can't come back
        m = -1 if f is None else _mode(f, v, p)
        if m < 0 and f is not None:
            return  # a mode that can't exist: nothing to reset
        for i in range(self.slots):
            o = _MARK + 2 + _SLOT * i
            key = _u16(self.img, o)
            if key != 0xFFFF and (m < 0 or key & 0x1FF == m):
                self._put(o, key & 0x1FF)
                for j in range(2, 14, 2):
                    self._put(o + j, 0)

    def count_result(self, f, v, p, game_id, won, score, moves):
        m = _mode(f, v, p)
        if m < 0 or not 0 < game_id < 0x10000:
            return False
        i = self._find(m)
        if i < 0:
            i = self._free()
            self._blank(i)
            self._put(_MARK + 2 + _SLOT * i, m)
        img, o = self.img, _MARK + 2 + _SLOT * i
        key, played, wins, best = _u16(img, o), _u16(img, o + 2), _u16(img, o + 4), _u16(img, o + 6)
        streak, top, fewest = _u16(img, o + 8), _u16(img, o + 10), _u16(img, o + 12)
        if _u16(img, o + 14) == game_id:
            if key & 0x200 or not won:
                return False
            # lost, counted, undone and won: the win without a second game
            played = played or 1
            streak += 1
        else:
            played += 1
            streak = streak if key & 0x200 else 0  # kept after a loss in case it is won after all
            if won:
                streak += 1
        if won:
            wins += 1
            moves = max(_cap(moves), 1)
            fewest = moves if fewest == 0 else min(fewest, moves)
            top = max(top, streak)
        self._put(o, m | (0x200 if won else 0))
        self._put(o + 2, min(played, 0xFFFF))
        self._put(o + 4, min(wins, 0xFFFF))
        self._put(o + 6, max(best, _cap(score)))
        self._put(o + 8, min(streak, 0xFFFF))
        self._put(o + 10, min(top, 0xFFFF))
        self._put(o + 12, fewest)
        self._put(o + 14, game_id)
        return True

    def _free(self):
        # an empty slot, else the least played mode's (its statistics are lost), never the one
        # that counted the saved game (it would be offered again)
        img, pick, least = self.img, 0, 0x10000
        for i in range(self.slots):
            o = _MARK + 2 + _SLOT * i
            if _u16(img, o) == 0xFFFF:
                return i
            if _u16(img, o + 2) < least and _u16(img, o + 14) != _u16(img, self.o_save + 16):
                pick, least = i, _u16(img, o + 2)
        return pick

    # -- options and game ids ---------------------------------------------------------------------
    def set_options(self):
        for j in range(8):
            self._put(self.o_opts + 3 + j, self.options[j], 1)

    def new_game_id(self):
        # 1..65535, skipping ids a mode has counted and the saved game's
        g = self.next_id
        while True:
            g = g % 0xFFFF + 1
            if g != _u16(self.img, self.o_save + 16) and not self._counted(g):
                break
        self.next_id = g
        self.dirty = True
        return g

    def _counted(self, g):
        for i in range(self.slots):
            o = _MARK + 2 + _SLOT * i
            if _u16(self.img, o) != 0xFFFF and _u16(self.img, o + 14) == g:
                return True
        return False

    # -- the saved game ---------------------------------------------------------------------------
    def saved(self):
        # None, or (f, v, p, app_flags, number, moves, score, game_id); None also when that
        # game is already counted for its mode
        img, o = self.img, self.o_save + 2
        if img[o] != 1:
            return None
        gid = _u16(img, o + 14)
        i = self._find(_mode(img[o + 1], img[o + 2], img[o + 3]))
        if i >= 0 and _u16(img, _MARK + 2 + _SLOT * i + 14) == gid:
            return None
        number = _u16(img, o + 6) | _u16(img, o + 8) << 16
        return (img[o + 1], img[o + 2], img[o + 3], img[o + 4], number, _u16(img, o + 10), _u16(img, o + 12), gid)

    def saved_payload(self):
        # a view of the image (no copy): read it before the next save_game
        o = self.o_save + 2
        n = _u16(self.img, o + 16) if self.img[o] == 1 else 0
        return memoryview(self.img)[o + 18:o + 18 + n]

    def save_game(self, f, v, p, app_flags, number, moves, score, game_id, payload, n):
        # False (and no save kept: never resume an older position) if it can't be saved
        if (_mode(f, v, p) < 0 or not 0 <= n <= min(self.save_capacity, len(payload))
                or not 0 < game_id < 0x10000 or not 0 <= number < 0x40000000):
            self.clear_save()
            return False
        img, o = self.img, self.o_save + 2
        self._put(o, 1 | f << 8, 2)
        self._put(o + 2, v | p << 8, 2)
        self._put(o + 4, app_flags & 255, 2)
        self._put(o + 6, number & 0xFFFF)
        self._put(o + 8, number >> 16)
        self._put(o + 10, _cap(moves))
        self._put(o + 12, _cap(score))
        self._put(o + 14, game_id)
        self._put(o + 16, n)
        o += 18
        for j in range(n):
            if img[o + j] != payload[j]:
                img[o + j] = payload[j]
                self.dirty = True
        return True

    def clear_save(self):
        for j in range(2, _SAVE):
            self._put(self.o_save + j, 0, 1)

    # -- writing ----------------------------------------------------------------------------------
    def adopt(self):
        # FOREIGN -> ours: the image (what was played meanwhile) replaces the other data
        if self.state != FOREIGN:
            return False
        self.state, self.saving, self.seq, self.dirty, self.fresh = OURS, True, 0, True, True
        self.base = self.size * (self.copies - 1)  # so the write goes to the first copy
        return self.commit()

    def commit(self):
        # ONE slice assignment: the whole image into the older copy. True if it wrote.
        if self.state != OURS or not self.dirty:
            return False
        s = (self.seq + 1) & 0xFFFF
        self.seq = s  # spent even if the write fails: a retry never reuses it
        img, size = self.img, self.size
        self._stamp(0, s)
        self._stamp(size - _MARK, s)
        for i in range(self.slots + 2):
            o = self._off(i)
            c = self._crc(img, o, i, s)
            img[o] = c & 255
            img[o + 1] = c >> 8
        b = self.base if self.copies == 1 else size - self.base
        try:
            self.nvm[b:b + size] = img
        except Exception:  # never raises: the store reports by returning False
            return False
        self.base, self.dirty, self.fresh = b, False, False
        self.writes += 1
        return True



def _cap(x):
    # moves and scores into a u16 field
    return 0 if x < 0 else min(x, 0xFFFF)


def _mode(f, v, p):
    if 0 <= f < 8 and 0 <= v < 16 and 0 <= p < 4:
        return f | v << 3 | p << 7
    return -1
