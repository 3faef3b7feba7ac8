# Save store in microcontroller.nvm: per-mode statistics, options and the game in progress.
# The state lives in RAM in one image (one copy's bytes, allocated once); commit() writes it
# with ONE slice assignment into the older of two copies under a new sequence number, so a
# power cut mid-write leaves the other copy whole. This module is what play needs and stays
# loaded; open() and adopt() run once: their code is store_open.py, loaded for the call and
# dropped after. Layout and promises: docs/notes/store.md.
#
# A copy (C bytes; all numbers little-endian u16 unless said):
#   head   10   "Sg" VERSION slots seq next_id crc   (crc over the 8 bytes, seeded with C)
#   stats  18*S crc key played won best streak best_streak fewest last_id
#               key: f | v << 3 | p << 7, bit 9 = the last counted game was won; 0xFFFF empty
#   opts   12   crc 0x0A, the app's 8 bytes, 0
#   save   20+cap crc used f v p flags 0 number(u32) moves score game_id n, then n payload bytes
#   tail   10   as the head (written last: a copy whose tail is whole was written whole)
# The records run on from the head to the save without a gap. A data record's crc
# (CRC-16/CCITT) covers the rest of it and is seeded with the crc of the copy's seq (as the
# markers hold it), so a record left over from an older write never passes as part of the new.
# Names are short on purpose: every distinct identifier stays interned on the heap.
from micropython import const

NONE = const(0)
OURS = const(1)
FOREIGN = const(2)

# inlined, nothing kept (store_open.py repeats the ones it needs)
_MARK = const(10)
_SLOT = const(18)
_OPTS = const(12)
_SAVE = const(20)


def crc16(buf, a, b, c):
    # CRC-16/CCITT (poly 0x1021) a byte at a time, computed: no table kept on the heap
    for i in range(a, b):
        x = (c >> 8) ^ buf[i]
        x ^= x >> 4
        c = ((c << 8) ^ (x << 12) ^ (x << 5) ^ x) & 0xFFFF
    return c


def _u16(buf, a):
    return buf[a] | buf[a + 1] << 8


def _mode(f, v, p):
    # the mode key, -1 if out of range
    return f | v << 3 | p << 7 if 0 <= f < 8 and 0 <= v < 16 and 0 <= p < 4 else -1


class Store:
    def __init__(self, nvm):
        try:
            n = len(nvm)
        except Exception:  # None or not a sized object: no NVM
            n = 0
        self.nvm = nvm if n > 255 else None  # None: open() leaves it alone
        self.copies = 2 if n > 3071 else 1
        self.size = n = 1536 if n > 3071 else 256  # one copy, and the RAM image
        self.slots = 32 if n > 256 else 5
        self.o_save = n = _MARK + _OPTS + _SLOT * self.slots  # the save record; options before
        self.save_capacity = self.size - _MARK - _SAVE - n
        self.img = bytearray(self.size)
        self.options = bytearray(8)
        self.state = self.writes = self.seq = self.next_id = self.base = 0  # base: newest copy
        self.saving = self.fresh = False  # fresh: adopt()'s, the other copy not ours yet
        self._format()

    def _format(self):
        # a zeroed image made empty: no modes, the options' tag (options and save zero)
        for i in range(self.slots):
            self._put(_MARK + 2 + _SLOT * i, 0xFFFF)
        self._put(self.o_save - 10, 10)
        self.options[:] = bytes(8)
        self.dirty = True

    def _put(self, a, v, n=2):
        # n bytes of v (clamped to a u16) at img[a:], marking the image dirty if they change
        v = min(max(v, 0), 0xFFFF)
        b = self.img
        for i in range(n):
            if b[a + i] != (v >> 8 * i) & 255:
                b[a + i] = (v >> 8 * i) & 255
                self.dirty = True

    def _find(self, v, a=0, m=0x1FF):
        # the first used slot whose u16 at key + a is v (masked with m): the mode's by default
        b = self.img
        for i in range(self.slots):
            o = _MARK + 2 + _SLOT * i
            if _u16(b, o) != 0xFFFF and _u16(b, o + a) & m == v:
                return i
        return -1

    def stats(self, f, v, p):
        # (played, won, best score, current streak, best streak, fewest moves to a win)
        i = self._find(_mode(f, v, p))
        if i < 0:
            return (0, 0, 0, 0, 0, 0)
        b, o = self.img, _MARK + 2 + _SLOT * i
        return (_u16(b, o + 2), _u16(b, o + 4), _u16(b, o + 6),
                _u16(b, o + 8) if b[o + 1] & 2 else 0, _u16(b, o + 10), _u16(b, o + 12))

    def modes(self):
        r = []
        for i in range(self.slots):
            o = _MARK + 2 + _SLOT * i
            k = _u16(self.img, o)
            if k != 0xFFFF and _u16(self.img, o + 2):
                r.append((k & 7, k >> 3 & 15, k >> 7 & 3))
        return r

    def reset_stats(self, f=None, v=None, p=None):
        # counts go to zero; the mode and its last counted game id stay, so a finished game
        # still can't come back. A mode that can't exist resets nothing.
        m = -2 if f is None else _mode(f, v, p)
        for i in range(self.slots):
            o = _MARK + 2 + _SLOT * i
            k = _u16(self.img, o)
            if k != 0xFFFF and (m == -2 or k & 0x1FF == m):
                self._put(o, k & 0x1FF, 14)  # the key, then six zero counts

    def count_result(self, f, v, p, game_id, won, score, moves):
        m = _mode(f, v, p)
        if m < 0 or not 0 < game_id < 0x10000:
            return False
        b = self.img
        i = self._find(m)
        if i < 0:
            # an empty slot, else the least played mode's (its statistics are lost), never the
            # one that counted the saved game (it would be offered again)
            i, n = 0, 0x10000
            for j in range(self.slots):
                o = _MARK + 2 + _SLOT * j
                if _u16(b, o) == 0xFFFF:
                    i = j
                    break
                if _u16(b, o + 2) < n and _u16(b, o + 14) != _u16(b, self.o_save + 16):
                    i, n = j, _u16(b, o + 2)
            self._put(_MARK + _SLOT * i, 0, _SLOT)
            self._put(_MARK + 2 + _SLOT * i, m)
        o = _MARK + 2 + _SLOT * i
        k, n, w, s, t = _u16(b, o), _u16(b, o + 2), _u16(b, o + 4), _u16(b, o + 8), _u16(b, o + 10)
        a = _u16(b, o + 12)
        if _u16(b, o + 14) == game_id:
            if k & 0x200 or not won:
                return False
            n = n or 1  # lost, counted, undone and won: the win without a second game
        else:
            n += 1
            s = s if k & 0x200 else 0  # kept after a loss in case it is won after all
        if won:
            s += 1
            w += 1
            moves = max(moves, 1)
            a = min(a or moves, moves)
            t = max(t, s)
        self._put(o, m | (0x200 if won else 0))
        self._put(o + 2, n)
        self._put(o + 4, w)
        self._put(o + 6, max(_u16(b, o + 6), score))
        self._put(o + 8, s)
        self._put(o + 10, t)
        self._put(o + 12, a)
        self._put(o + 14, game_id)
        return True

    def set_options(self):
        for i in range(8):
            self._put(self.o_save - 9 + i, self.options[i], 1)

    def new_game_id(self):
        # 1..65535, skipping ids a mode has counted and the saved game's
        g = self.next_id
        while True:
            g = g % 0xFFFF + 1
            if g != _u16(self.img, self.o_save + 16) and self._find(g, 14, 0xFFFF) < 0:
                break
        self.next_id = g
        self.dirty = True
        return g

    def saved(self):
        # None, or (f, v, p, app_flags, number, moves, score, game_id); None also when that
        # game is already counted for its mode
        b, o = self.img, self.o_save + 2
        i = self._find(_mode(b[o + 1], b[o + 2], b[o + 3]))
        g = _u16(b, o + 14)
        if b[o] != 1 or i >= 0 and _u16(b, _MARK + 16 + _SLOT * i) == g:
            return None
        return (b[o + 1], b[o + 2], b[o + 3], b[o + 4], _u16(b, o + 6) | _u16(b, o + 8) << 16,
                _u16(b, o + 10), _u16(b, o + 12), g)

    def saved_payload(self):
        # a view of the image (no copy): read it before the next save_game
        o = self.o_save + 20
        return memoryview(self.img)[o:o + (_u16(self.img, o - 2) if self.img[o - 18] else 0)]

    def save_game(self, f, v, p, app_flags, number, moves, score, game_id, payload, n):
        # False (and no save kept: never resume an older position) if it can't be saved
        if (_mode(f, v, p) < 0 or not 0 <= n <= min(self.save_capacity, len(payload))
                or not 0 < game_id < 0x10000 or not 0 <= number < 0x40000000):
            self.clear_save()
            return False
        o = self.o_save + 2
        self._put(o, 1 | f << 8)
        self._put(o + 2, v | p << 8)
        self._put(o + 4, app_flags & 255)
        self._put(o + 6, number & 0xFFFF)
        self._put(o + 8, number >> 16)
        self._put(o + 10, moves)
        self._put(o + 12, score)
        self._put(o + 14, game_id)
        self._put(o + 16, n)
        b = self.img
        o += 18
        for i in range(n):
            if b[o + i] != payload[i]:
                b[o + i] = payload[i]
                self.dirty = True
        return True

    def clear_save(self):
        self._put(self.o_save + 2, 0, _SAVE - 2)

    def open(self):
        # read NVM into the image; returns short messages for the player (empty: all is well)
        return self._once(0)

    def adopt(self):
        # FOREIGN -> ours: the image (what was played meanwhile) replaces the other data
        return self._once(1)

    def _once(self, k):
        # open() and adopt() run once: their code is loaded for the call, then dropped
        from solitaire import forget, store_open
        r = store_open.run(self, k)
        forget("solitaire.store_open")
        return r

    def commit(self):
        # ONE slice assignment: the whole image into the older copy. True if it wrote.
        if self.state != OURS or not self.dirty:
            return False
        s = self.seq = (self.seq + 1) & 0xFFFF  # spent even if the write fails: never reused
        b, n = self.img, self.size
        for a in range(0, n, n - _MARK):  # the head, then the tail
            self._put(a, 0x6753)  # "Sg"
            self._put(a + 2, 3 | (0x80 if self.fresh else 0) | self.slots << 8)  # version 3
            self._put(a + 4, s)
            self._put(a + 6, self.next_id)
            self._put(a + 8, crc16(b, a, a + 8, n))
        c = crc16(b, 4, 6, 0xFFFF)
        a = _MARK
        for i in range(self.slots + 2):  # stats slots, options, save: each crc seeded with c
            k = _SLOT if i < self.slots else _OPTS if i == self.slots else _SAVE + _u16(b, a + 18)
            self._put(a, crc16(b, a + 2, a + k, c))
            a += k
        a = self.base if self.copies == 1 else n - self.base
        try:
            self.nvm[a:a + n] = b
        except Exception:  # never raises: the store reports by returning False
            return False
        self.base, self.dirty, self.fresh = a, False, False
        self.writes += 1
        return True
