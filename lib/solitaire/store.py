# Save store in microcontroller.nvm: the game in progress (for resume after power-off) and
# per-mode statistics. Every NVM write is a flash erase, so the app writes on events only
# (pause, quit, game over, a few seconds idle after a move) and only the bytes that differ.
#
# Byte layout (all numbers little-endian). S = 16 stats slots if len(nvm) <= 256, else 64.
#
#   0      4      header  b"SOL" + VERSION. b"SOL" + an older version in STATS_SAME (its stats
#                 slots are laid out as now): the stats are kept and only the saved game is
#                 removed (with a message if there was one), since its format changed. Anything
#                 else: the whole area is formatted (with a message unless it was blank, all
#                 0xFF or all 0x00).
#   4      7*S    stats slots, 7 bytes each (unchanged since VERSION 1):
#                   +0 key   family << 5 | profile << 4 | variant   (0xFF: empty slot)
#                   +1 played (u16)   +3 won (u16)   +5 best score (u8, capped at 255)
#                   +6 check  checksum of bytes +0..+5
#   4+7S   rest   saved game (one):
#                   +0  tag 0x47 "G" (0xFF: no saved game)
#                   +1  family (row in solitaire.families)  +2 variant  +3 profile
#                   +4  app options (bit 0 autoplay, bit 1 already counted as played)
#                   +5  engine options
#                   +6  deal number (u32)
#                   +10 moves made in the game (u16, capped at 65535)
#                   +12 score when saved (u8)
#                   +13 snapshot length n (u8)
#                   +14 check (u16 Fletcher over +0..+13 and the snapshot)
#                   +16 snapshot: n bytes written by the engine's Game.save_into (the whole
#                       position; engine/game.py). Resume deals the deal number, then load_from.
#                 On a 256-byte NVM the save area is 140 bytes, so a snapshot may take 124;
#                 Terrace's takes 104 in every mode, whatever the length of the game. A
#                 snapshot too big for the area is not saved (save_game returns False).
#   VERSION 1 kept a list of moves (one byte each) instead of the snapshot: at most 123.
# A record that fails its check is reset on its own (a message says so); the others are kept.
from micropython import const

VERSION = const(2)
STATS_SAME = (1,)  # older versions whose stats slots are laid out as in this one
HEADER = b"SOL" + bytes((VERSION,))
SLOT = const(7)
SAVE_HEAD = const(16)
SAVE_TAG = const(0x47)
_SAVE_MIN = const(25)  # the save area is at least this big (fixes S, so slots never move)


def check8(buf, start, end):
    c = 0x5A
    for i in range(start, end):
        c = (((c << 1) | (c >> 7)) & 0xFF) ^ buf[i]
    return c


def fletcher(buf, start, end, a=0, b=0):
    for i in range(start, end):
        a = (a + buf[i]) % 255
        b = (b + a) % 255
    return a, b


def stat_key(family, variant, profile):
    return ((family & 7) << 5) | ((profile & 1) << 4) | (variant & 15)


class Store:
    def __init__(self, nvm):
        self.nvm = nvm
        self.size = 0
        if nvm is not None:
            try:
                self.size = len(nvm)
            except TypeError:
                self.size = 0
        self.ok = self.size >= 4 + SLOT * 4 + _SAVE_MIN
        self.slots = 16 if self.size <= 256 else 64
        if self.ok:
            while 4 + SLOT * self.slots + _SAVE_MIN > self.size:
                self.slots -= 1
        self.save_at = 4 + SLOT * self.slots
        self.snap_cap = 0  # largest snapshot the save area holds
        if self.ok:
            self.snap_cap = min(self.size - self.save_at - SAVE_HEAD, 255)
        self.messages = []
        self.writes = 0  # NVM writes since start (the bench and tests read it)

    # -- low level ---------------------------------------------------------------------------
    def _write(self, at, data):
        # write only the span that differs: fewer bytes, and nothing at all if unchanged
        nvm = self.nvm
        n = len(data)
        lo = 0
        while lo < n and nvm[at + lo] == data[lo]:
            lo += 1
        if lo == n:
            return
        hi = n
        while hi > lo and nvm[at + hi - 1] == data[hi - 1]:
            hi -= 1
        nvm[at + lo : at + hi] = bytes(data[lo:hi])
        self.writes += 1

    def _blank(self, at, n):
        self._write(at, b"\xff" * n)

    # -- opening: check every record ----------------------------------------------------------
    def open(self):
        # returns a list of messages for the player (empty if all is well)
        self.messages = []
        if not self.ok:
            return self.messages
        nvm = self.nvm
        head = bytes(nvm[0:4])
        if head[:3] == HEADER[:3] and head[3] in STATS_SAME:
            # an upgrade: statistics never get lost to one; the old saved game can't be read
            if nvm[self.save_at] != 0xFF:
                self.messages.append("The saved game was made by an older version and has been removed.")
                self._write(self.save_at, b"\xff")
            self._write(0, HEADER)
            head = HEADER
        if head != HEADER:
            blank = True
            for i in range(min(self.size, 64)):
                if nvm[i] not in (0, 255):
                    blank = False
                    break
            if not blank:
                self.messages.append("Save memory held other data: reset.")
            self._blank(4, self.save_at + SAVE_HEAD - 4)
            self._write(0, HEADER)
            return self.messages
        bad = 0
        for s in range(self.slots):
            at = 4 + s * SLOT
            if nvm[at] == 0xFF:
                continue
            if check8(nvm, at, at + 6) != nvm[at + 6]:
                bad += 1
                self._blank(at, SLOT)
        if bad:
            self.messages.append("Statistics: " + str(bad) + " damaged record" + ("s" if bad > 1 else "") + " reset; the rest kept.")
        if nvm[self.save_at] != 0xFF and not self._save_valid():
            self.messages.append("The saved game was damaged and has been removed.")
            self.clear_save()
        return self.messages

    # -- statistics ---------------------------------------------------------------------------
    def _find(self, key):
        for s in range(self.slots):
            at = 4 + s * SLOT
            if self.nvm[at] == key:
                return at
        return -1

    def stats(self, family, variant, profile):
        # (played, won, best)
        if not self.ok:
            return (0, 0, 0)
        at = self._find(stat_key(family, variant, profile))
        if at < 0:
            return (0, 0, 0)
        n = self.nvm
        return (n[at + 1] | n[at + 2] << 8, n[at + 3] | n[at + 4] << 8, n[at + 5])

    def record_result(self, family, variant, profile, won, score, new_game=True):
        # one game finished or abandoned: played + 1, won + 1 if won, best = max
        # (new_game=False: the game was already counted, e.g. lost, undone and then won)
        if not self.ok:
            return
        played_one = new_game
        key = stat_key(family, variant, profile)
        at = self._find(key)
        if at < 0:
            played_one = True  # a record lost to a full table starts again at one game
            at = self._find(0xFF)
        if at < 0:
            # full: reuse the slot of the least played mode
            least = 1 << 20
            for s in range(self.slots):
                a = 4 + s * SLOT
                p = self.nvm[a + 1] | self.nvm[a + 2] << 8
                if p < least:
                    least, at = p, a
            played = won_n = best = 0
        else:
            played, won_n, best = 0, 0, 0
            if self.nvm[at] == key:
                n = self.nvm
                played, won_n, best = n[at + 1] | n[at + 2] << 8, n[at + 3] | n[at + 4] << 8, n[at + 5]
        if played_one:
            played = min(played + 1, 0xFFFF)
        if won:
            won_n = min(won_n + 1, 0xFFFF)
        best = max(best, min(score, 255))
        rec = bytearray((key, played & 255, played >> 8, won_n & 255, won_n >> 8, best, 0))
        rec[6] = check8(rec, 0, 6)
        self._write(at, rec)

    # -- saved game ---------------------------------------------------------------------------
    def _save_valid(self):
        n = self.nvm
        at = self.save_at
        if n[at] != SAVE_TAG:
            return False
        size = n[at + 13]
        if size > self.snap_cap:
            return False
        a, b = fletcher(n, at, at + 14)
        a, b = fletcher(n, at + SAVE_HEAD, at + SAVE_HEAD + size, a, b)
        return n[at + 14] == a and n[at + 15] == b

    def saved(self):
        # None, or a tuple (family, variant, profile, app options, engine options, deal, moves made,
        # score)
        if not self.ok or self.nvm[self.save_at] != SAVE_TAG:
            return None
        n = self.nvm
        at = self.save_at
        deal = n[at + 6] | n[at + 7] << 8 | n[at + 8] << 16 | (n[at + 9] & 0x3F) << 24
        made = n[at + 10] | n[at + 11] << 8
        return (n[at + 1], n[at + 2], n[at + 3], n[at + 4], n[at + 5], deal, made, n[at + 12])

    def saved_snapshot(self):
        # the engine snapshot bytes of the saved game (check saved() first)
        at = self.save_at
        return bytes(self.nvm[at + SAVE_HEAD : at + SAVE_HEAD + self.nvm[at + 13]])

    def save_game(self, family, variant, profile, options, engine_options, deal, made, score, snap, size):
        # snap: the engine snapshot (only its first `size` bytes are used). Returns False, and
        # removes any older save, if the snapshot does not fit this board's save area.
        if not self.ok:
            return False
        if size > self.snap_cap:
            self.clear_save()
            return False
        rec = bytearray(SAVE_HEAD + size)
        rec[0] = SAVE_TAG
        rec[1] = family
        rec[2] = variant
        rec[3] = profile
        rec[4] = options & 255
        rec[5] = engine_options & 255
        for i in range(4):
            rec[6 + i] = (deal >> (8 * i)) & 255
        made = min(made, 0xFFFF)
        rec[10] = made & 255
        rec[11] = made >> 8
        rec[12] = min(score, 255)
        rec[13] = size
        for i in range(size):
            rec[SAVE_HEAD + i] = snap[i]
        a, b = fletcher(rec, 0, 14)
        a, b = fletcher(rec, SAVE_HEAD, SAVE_HEAD + size, a, b)
        rec[14] = a
        rec[15] = b
        self._write(self.save_at, rec)
        return True

    def clear_save(self):
        if self.ok and self.nvm[self.save_at] != 0xFF:
            self._write(self.save_at, b"\xff")
