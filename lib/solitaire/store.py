# Save store in microcontroller.nvm: the game in progress (for resume after power-off) and
# per-mode statistics. Every NVM write is a flash erase, so the app writes on events only
# (pause, quit, game over, a few seconds idle after a move) and only the bytes that differ.
#
# Byte layout (all numbers little-endian). S = 16 stats slots if len(nvm) <= 256, else 64.
#
#   0      4      header  b"SOL" + VERSION. Anything else: the whole area is formatted (with a
#                 message unless it was blank, all 0xFF or all 0x00).
#   4      7*S    stats slots, 7 bytes each:
#                   +0 key   family << 5 | profile << 4 | variant   (0xFF: empty slot)
#                   +1 played (u16)   +3 won (u16)   +5 best score (u8, capped at 255)
#                   +6 check  checksum of bytes +0..+5
#   4+7S   rest   saved game (one):
#                   +0  tag 0x47 "G" (0xFF: no saved game)
#                   +1  family (row in solitaire.families)  +2 variant  +3 profile
#                   +4  app options (bit 0 autoplay, bit 1 already counted as played)
#                   +5  engine options
#                   +6  deal number (u32)
#                   +10 bytes of moves that follow (u16)
#                   +12 moves made in the game (u16; more than stored = truncated)
#                   +14 score when saved (u8)
#                   +15 check (u16 Fletcher over +0..+14 and the move bytes)
#                   +17 moves, one byte each: the move's index in game.legal_moves() at that
#                       point (replay: deal, then apply the n-th legal move, ...). A move whose
#                       index is above 254 is not stored: the save is truncated there.
#                 On a 256-byte NVM the save area is 140 bytes: 123 moves. A longer game is
#                 saved up to move 123 and the player is told so (solitaire.history).
# A record that fails its check is reset on its own (a message says so); the others are kept.
from micropython import const

VERSION = const(1)
HEADER = b"SOL" + bytes((VERSION,))
SLOT = const(7)
SAVE_HEAD = const(17)
SAVE_TAG = const(0x47)
MAX_SAVE = const(2048)  # cap on the move area on boards with big NVM (it is mirrored in RAM)


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
        self.ok = self.size >= 4 + SLOT * 4 + SAVE_HEAD + 8
        self.slots = 16 if self.size <= 256 else 64
        if self.ok:
            while 4 + SLOT * self.slots + SAVE_HEAD + 8 > self.size:
                self.slots -= 1
        self.save_at = 4 + SLOT * self.slots
        self.move_cap = 0
        if self.ok:
            self.move_cap = min(self.size - self.save_at - SAVE_HEAD, MAX_SAVE)
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
        nbytes = n[at + 10] | n[at + 11] << 8
        if nbytes > self.move_cap:
            return False
        a, b = fletcher(n, at, at + 15)
        a, b = fletcher(n, at + SAVE_HEAD, at + SAVE_HEAD + nbytes, a, b)
        return n[at + 15] == a and n[at + 16] == b

    def saved(self):
        # None, or a tuple (family, variant, profile, app options, engine options, deal, moves made,
        # truncated, score)
        if not self.ok or self.nvm[self.save_at] != SAVE_TAG:
            return None
        n = self.nvm
        at = self.save_at
        deal = n[at + 6] | n[at + 7] << 8 | n[at + 8] << 16 | (n[at + 9] & 0x3F) << 24
        made = n[at + 12] | n[at + 13] << 8
        return (n[at + 1], n[at + 2], n[at + 3], n[at + 4], n[at + 5], deal, made, self._truncated(), n[at + 14])

    def _truncated(self):
        at = self.save_at
        return (self.nvm[at + 12] | self.nvm[at + 13] << 8) > (self.nvm[at + 10] | self.nvm[at + 11] << 8)

    def saved_moves(self):
        at = self.save_at
        nbytes = self.nvm[at + 10] | self.nvm[at + 11] << 8
        return self.nvm[at + SAVE_HEAD : at + SAVE_HEAD + nbytes]

    def save_game(self, family, variant, profile, options, engine_options, deal, log, nbytes, made, score):
        # log: bytes of encoded moves (only the first nbytes are used; nbytes <= move_cap)
        if not self.ok:
            return
        nbytes = min(nbytes, self.move_cap)
        rec = bytearray(SAVE_HEAD + nbytes)
        rec[0] = SAVE_TAG
        rec[1] = family
        rec[2] = variant
        rec[3] = profile
        rec[4] = options & 255
        rec[5] = engine_options & 255
        for i in range(4):
            rec[6 + i] = (deal >> (8 * i)) & 255
        rec[10] = nbytes & 255
        rec[11] = nbytes >> 8
        made = min(made, 0xFFFF)
        rec[12] = made & 255
        rec[13] = made >> 8
        rec[14] = min(score, 255)
        rec[SAVE_HEAD:] = log[:nbytes]
        a, b = fletcher(rec, 0, 15)
        a, b = fletcher(rec, SAVE_HEAD, SAVE_HEAD + nbytes, a, b)
        rec[15] = a
        rec[16] = b
        self._write(self.save_at, rec)

    def clear_save(self):
        if self.ok and self.nvm[self.save_at] != 0xFF:
            self._write(self.save_at, b"\xff")
