# Save store in microcontroller.nvm: per-mode statistics, options and the game in progress.
# The state lives in RAM in one image (one copy's bytes, allocated once); commit() writes it
# with ONE slice assignment into the older of two copies under a new sequence number, so a
# power cut mid-write leaves the other copy whole. This module is what play needs and stays
# loaded; open() and adopt() run once: their code is store_open.py, loaded for the call and
# dropped after. Layout and promises: docs/notes/store.md.
#
# A copy (C bytes; all numbers little-endian u16 unless said):
#   head   10   "Sg" VERSION slots seq next_id crc   (crc over the 8 bytes, seeded with C)
#   stats  20*S crc key played won best streak best_streak fewest last_id most_left
#               key: f | v << 3 | p << 7, bit 9 = the last counted game was won; 0xFFFF empty;
#               most_left: the most cards left in the stock at a win (Solar's, rules §6)
#   opts   12   crc 0x0A, the app's 8 bytes, 0
#   save   20+cap crc used f v p flags 0 number(u32) moves score game_id n, then n payload bytes
#   tail   10   as the head (written last: a copy whose tail is whole was written whole)
# VERSION, | 0x80 while the other copy still holds another program's (or an older version's)
# data (adopt(), a migration); 3 had 18-byte slots (no most_left). Older versions' stores are
# brought up to date at open: solitaire/store_migrate.py.
# The records follow the head without a gap: slot keys at self.keys (12, 32, ...), the
# options' tag at o_save - 10, the save at o_save. A data record's crc (CRC-16/CCITT) covers
# the rest of it and is seeded with the crc of the copy's seq (as the markers hold it), so a
# record left over from an older write never passes as part of the new.
# Written small on purpose (docs/memory.md): a board compiles this at import, and the heap
# that needs grows with every call, attribute, subscript and statement; every distinct name
# stays interned. So: few helpers, plain functions, locals over attributes, short names.
from micropython import const
from struct import pack_into, unpack_from

NONE = const(0)
OURS = const(1)
FOREIGN = const(2)
VERSION = const(4)
SLOT = const(20)  # bytes of a statistics slot


def crc16(buf, a, b, c):
    # CRC-16/CCITT (poly 0x1021) a byte at a time, computed: no table kept on the heap
    for i in range(a, b):
        x = c >> 8 ^ buf[i]
        x ^= x >> 4
        c = (c << 8 ^ x << 12 ^ x << 5 ^ x) & 0xFFFF
    return c


def _u16(buf, a):
    return buf[a] | buf[a + 1] << 8


def _mode(f, v, p):
    # the mode key; -1 unless 0 <= f < 8, 0 <= v < 16 and 0 <= p < 4 (a negative int shifts to -1)
    return -1 if f >> 3 | v >> 4 | p >> 2 else f | v << 3 | p << 7


def _set(s, o, a, n):
    # a[:n] into the image at o, which is marked dirty if that changes it
    b = s.img
    for i in range(n):
        if b[o + i] != a[i]:
            b[o + i] = a[i]
            s.dirty |= 1


def _find(s, v, a=0, m=0x1FF):
    # the key offset of the first used slot whose u16 at key + a is v once masked with m
    # (by default: the mode's slot); -1 if none
    b = s.img
    for o in s.keys:
        if _u16(b, o) != 0xFFFF and _u16(b, o + a) & m == v:
            return o
    return -1


class Store:
    def __init__(self, nvm):
        try:
            n = len(nvm)
        except Exception:  # None or not a sized object: no NVM
            n = 0
        self.nvm = nvm if n > 255 else None  # None: open() leaves it alone
        n = 1536 if n > 3071 else 256
        self.size = n  # one copy, and the RAM image
        s = 32 if n > 256 else 4  # statistics slots (4 on 256 B: a Terrace snapshot keeps room
        # for a few moves of undo history, 124 B of payload)
        self.keys = range(12, 12 + SLOT * s, SLOT)  # where their keys are; len(): how many
        o = 22 + SLOT * s
        self.o_save = o
        self.save_capacity = n - 30 - o
        self.img = bytearray(n)
        self.options = bytearray(8)
        self._t = bytearray(18)  # scratch: a record's fields packed, then compared
        # base: the newest copy's offset; dirty: bit 0, the image changed since the last
        # write; bit 1, adopt()'s "fresh" bit: the other copy still holds the other program's
        # data. The image is made (formatted or read) by open().
        self.state = self.writes = self.seq = self.next_id = self.base = self.dirty = 0
        self.saving = False

    def stats(self, f, v, p):
        # (played, won, best score, current streak, best streak, fewest moves to a win, most
        # cards left in the stock at a win)
        from solitaire.store_stats import stats

        return stats(self, f, v, p)

    def modes(self):
        # the modes with games played, as (f, v, p). This, reset_stats and what runs between
        # games (stats, count_result) are kept in solitaire/store_stats.py,
        # loaded when called (the app drops it when a table or the title shows), so a game in
        # play keeps only the code it needs
        from solitaire.store_stats import modes

        return modes(self)

    def reset_stats(self, f=None, v=None, p=None):
        from solitaire.store_stats import reset_stats

        reset_stats(self, f, v, p)

    def count_result(self, f, v, p, game_id, won, score, moves, left=0):
        # left: cards left in the stock at the end (the most at a win is kept)
        from solitaire.store_stats import count_result

        return count_result(self, f, v, p, game_id, won, score, moves, left)

    def set_options(self):
        _set(self, self.o_save - 9, self.options, 8)

    def new_game_id(self):
        # 1..65535, skipping ids a mode has counted and the saved game's
        x = self.next_id
        while True:
            x = x % 0xFFFF + 1
            if x != _u16(self.img, self.o_save + 16) and _find(self, x, 14, 0xFFFF) < 0:
                break
        self.next_id = x
        self.dirty |= 1
        return x

    def saved(self):
        # None, or (f, v, p, app_flags, number, moves, score, game_id); None also when that
        # game is already counted for its mode, unless app_flags bit 0 says it was played on
        # after its loss was counted (a loss taken back) and that loss is the mode's last count
        b = self.img
        o = self.o_save + 2
        k = _find(self, _mode(b[o + 1], b[o + 2], b[o + 3]))
        if b[o] != 1 or k > 0 and _u16(b, k + 14) == _u16(b, o + 14) and (
                not b[o + 4] & 1 or b[k + 1] & 2):
            return None
        r = unpack_from("<6BI4H", b, o)
        return r[1:5] + r[6:10]  # not the used flag, the 0 after the flags, the length

    def saved_payload(self):
        # a view of the image (no copy): read it before the next save_game. An unused save's
        # length is 0.
        o = self.o_save + 20
        return memoryview(self.img)[o:o + _u16(self.img, o - 2)]

    def payload_area(self):
        # a writable view of the save's payload bytes in the image (no copy): the app writes
        # the game there and calls save_game(..., None, n), so it needs no buffer of its own
        o = self.o_save + 20
        return memoryview(self.img)[o:o + self.save_capacity]

    def save_game(self, f, v, p, app_flags, number, moves, score, game_id, payload, n):
        # False (and no save kept: never resume an older position) if it can't be saved.
        # payload None: the n bytes are already in place (payload_area)
        cap = self.save_capacity if payload is None else min(self.save_capacity, len(payload))
        u = (_mode(f, v, p) >= 0 and 0 <= n <= cap
             and 0 < game_id < 0x10000 and 0 <= number < 0x40000000)
        if not u:
            f = v = p = app_flags = number = moves = score = game_id = n = 0
        t = self._t
        pack_into("<6BI4H", t, 0, u, f, v, p, app_flags & 255, 0, number,
                  min(max(moves, 0), 0xFFFF), min(max(score, 0), 0xFFFF), game_id, n)
        o = self.o_save
        _set(self, o + 2, t, 18)
        if payload is None:
            self.dirty |= 1
        else:
            _set(self, o + 20, payload, n)
        return u

    def clear_save(self):
        self.save_game(0, 0, 0, 0, 0, 0, 0, 0, b"", 0)  # game id 0: refused, the save zeroed

    def open(self):
        # read NVM into the image; returns short messages for the player (empty: all is well)
        from solitaire import forget, store_open
        r = store_open.load(self)
        forget("solitaire.store_open")  # runs once: its code is not kept
        return r

    def adopt(self):
        # FOREIGN -> ours: the image (what was played meanwhile) replaces the other data
        from solitaire import forget, store_open
        r = store_open.adopt(self)
        forget("solitaire.store_open")
        return r

    def commit(self):
        # ONE slice assignment: the whole image into the older copy. True if it wrote.
        if self.state != OURS or not self.dirty:
            return False
        s = (self.seq + 1) & 0xFFFF
        self.seq = s  # spent even if the write fails: never reused
        b = self.img
        n = self.size
        S = len(self.keys)
        for i in range(4):  # the head twice, then the tail twice (a range with a variable
            a = i // 2 * (n - 10)  # step would allocate): the crc is over the 8 bytes written
            pack_into("<4B3H", b, a, 0x53, 0x67, VERSION | (self.dirty & 2) << 6, S, s, self.next_id,
                      crc16(b, a, a + 8, n))
        c = crc16(b, 4, 6, 0xFFFF)
        a = 10
        for i in range(S + 2):  # stats slots, options, save: each crc seeded with c
            k = SLOT if i < S else 12 if i == S else 20 + _u16(b, a + 18)
            pack_into("<H", b, a, crc16(b, a + 2, a + k, c))
            a += k
        a = n - self.base if n > 256 else 0
        try:
            self.nvm[a:a + n] = b
        except Exception:  # never raises: the store reports by returning False
            return False
        self.base = a
        self.dirty = 0
        self.writes += 1
        return True
