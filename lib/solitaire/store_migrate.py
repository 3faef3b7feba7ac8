# The save store brought up to date (issue 25.6): Store.open() (solitaire/store_open.py) loads
# this module only when NVM holds no whole copy of this version's store but holds an older
# version's, and drops it after. migrate() reads the older store into the image: statistics
# and options kept, the saved game kept where its format is this version's (version 3's, if it
# fits), else removed; a message says which. It writes nothing: the next commit() does, into
# the copy that does NOT hold the older data, with the fresh bit (as adopt()), so a power cut
# during that write leaves the older store whole and the next open() migrates it again.
#
# The earlier formats (fixtures of each: tests/fixtures/store/):
#   "SOL" 1, 2  one area from byte 0: "SOL" version; 64 statistics slots of 7 bytes (16 on
#               NVMs of 256 B): key (f << 5 | p << 4 | v, 0xFF empty), played, won (u16), best
#               score (u8), check8; then the saved game (1: move indexes, 2: an engine snapshot
#               of that time, both unreadable now); no options record. Terrace only (f 0).
#   "Sg" 3      two copies of 1,536 B (one of 256 B on small NVMs), as version 4 but 18-byte
#               statistics slots (no most_left) and 5 of them on 256 B; first (a1b25a5) each
#               record's crc last (save: after its 18-byte head, before the payload), then
#               first. Options and the saved game as version 4's.
from struct import pack_into, unpack

from solitaire import store_open as o_
from solitaire.store import _u16, crc16
from solitaire.store_open import _newer, _real, _seed

OLD = "Save memory from an older version, brought up to date: "


def _check8(b, a):
    c = 0x5A
    for i in range(a, a + 6):
        c = (c << 1 | c >> 7) & 0xFF ^ b[i]
    return c


def _mark3(N, a, Z, S):
    # the (seq, next_id) of a version 3 head or tail marker at a, else None
    if (N[a] != 0x53 or N[a + 1] != 0x67 or N[a + 2] & 0x7F != 3 or N[a + 3] != S
            or crc16(N, a, a + 8, Z) != _u16(N, a + 8)):
        return None
    return _u16(N, a + 4), _u16(N, a + 6)


def _rec3(N, b, i, S, t, cap):
    # record i (slots 0..S-1, options S, save S+1) of the version 3 copy at N[b:] under seq t:
    # the offset of its fields (as version 4 has them after its crc) if it passes its crc in
    # either layout and its range checks, else -1
    o = b + 10 + 18 * min(i, S) + 12 * (i > S)
    n = 18 if i < S else 12 if i == S else 20 + _u16(N, o + 18)
    c = _seed(t)
    if n <= 20 + cap and crc16(N, o + 2, o + n, c) == _u16(N, o):
        f = o + 2  # crc first
    else:
        # crc last: after the fields (the save's 18-byte head, its payload after the crc)
        h = 16 if i < S else 10 if i == S else 18
        n = 20 + _u16(N, o + 16) if i > S else h + 2
        if n > 20 + cap or crc16(N, o + h + 2, o + n, crc16(N, o, o + h, c)) != _u16(N, o + h):
            return -1
        f = o
    if i == S:
        return f if N[f] == 10 and N[f + 9] == 0 else -1
    k, n, w, h, x, t, a, g = unpack("<8H", N[f:f + 16])  # (nvm: a slice; it has no buffer)
    if i < S:
        return f if k == 0xFFFF or (k < 0x400 and w <= n and t <= w and x <= t and (k < 0x200 or w)
                                     and (not n or g) and _real(k & 7, k >> 3 & 15, k >> 7 & 3)) else -1
    return f if (k & 255 == 0 or k & 255 == 1 and x < 0x4000 and g and _real(k >> 8, n & 255, n >> 8)) else -1


def migrate(s, m, k, top):
    # the older store in NVM into s's image (formatted by load()); False if there is none
    # that can be read (the caller then says so)
    N = o_.N
    Z = o_.Z
    img = s.img
    rows = []  # statistics: (key, played, won, best, streak, best streak, fewest, last id)
    opts = save = None
    bad = 0
    lost = ""
    if N[:3] == b"SOL" and N[3] in (1, 2):
        S = 64 if len(N) > 256 else 16  # (what its Store chose; 4 + 7 * S + 25 fits both)
        nid = 0
        for a in range(4, 4 + 7 * S, 7):
            if N[a] == 0xFF:
                continue
            n = _u16(N, a + 1)
            w = _u16(N, a + 3)
            v = N[a] & 15
            p = N[a] >> 4 & 1
            if _check8(N, a) != N[a + 6] or N[a] >> 5 or w > n or not n or not _real(0, v, p):
                bad += 2  # (counted: a SOL store must have more good slots than bad)
                continue
            nid += 1  # a game id of its own: this store's checks want one per counted mode
            rows.append((v << 3 | p << 7, n, w, N[a + 5], 0, 0, 0, nid, 0))
        if bad > 2 * len(rows):
            return False  # more damage than statistics: not a store of ours
        bad = bad and 1
        if N[4 + 7 * S] == 0x47:
            lost = "The saved game was made by an older version that this one can't resume: removed."
        b = 0  # the copy the SOL store lies in (8 KB and 4 KB: the write goes to copy B)
    else:
        S = 32 if Z > 256 else 5
        cap = Z - 40 - 18 * S
        seq = [None, None]
        tail = [0, 0]
        for x in range(k):
            h = _mark3(N, x * Z, Z, S)
            t = _mark3(N, x * Z + Z - 10, Z, S)
            seq[x] = t or h
            tail[x] = t is not None
        if seq[0] is None and (k < 2 or seq[1] is None):
            return False
        # the copy to read: one whose tail is whole (written to its end) before a cut one; then
        # the newer. A record bad there comes from the other copy if good there (as version 3
        # read itself)
        c = 0 if seq[0] and (k < 2 or not seq[1] or tail[0] > tail[1]
                             or tail[0] == tail[1] and not _newer(seq[1][0], seq[0][0])) else 1
        b = c * Z
        nid = seq[c][1]
        for i in range(S + 2):
            x = b
            f = _rec3(N, x, i, S, seq[c][0], cap)
            if f < 0 and k == 2 and seq[1 - c]:
                x = (1 - c) * Z
                f = _rec3(N, x, i, S, seq[1 - c][0], cap)
            if f < 0:
                bad |= 1 << (i > S) + (i >= S)  # 1 statistics, 2 options, 4 the saved game
            elif i < S:
                if _u16(N, f) != 0xFFFF:
                    rows.append(unpack("<8H", N[f:f + 16]) + (x != b,))  # (from the other copy)
            elif i == S:
                opts = f + 1
            elif N[f] == 1:
                save = f
                pay = x + 42 + 18 * S  # the payload follows the record's 20 bytes in both layouts
    u = []  # one slot a mode: the read copy's records first; one from the other copy that
    for d in (0, 1):  # repeats a mode stood in for a damaged one, lost: said
        for r in rows:
            if r[8] == d:
                if all(q[0] & 0x1FF != r[0] & 0x1FF for q in u):
                    u.append(r)
                else:
                    bad |= 1
    rows = u
    S = len(s.keys)
    if len(rows) > S:  # the most played, as many as this layout has slots; among equals the
        # most won, then by mode (a total order: MicroPython's sort is not stable). A tuple, not
        # one int: played and won, 16 bits each, would pass a SAMD21's small int
        rows.sort(key=lambda r: (-r[1], -r[2], r[0] & 0x1FF))
    for j in range(min(S, len(rows))):
        pack_into("<9H", img, s.keys[j], *(rows[j][:8] + (0,)))  # most cards left at a win: unknown, 0
    if opts:
        img[s.o_save - 9:s.o_save - 1] = N[opts:opts + 8]
        s.options[:] = N[opts:opts + 8]
    if save:
        n = _u16(N, save + 16)
        if n > s.save_capacity:
            lost = "The saved game was too long for this version: removed."
        else:
            img[s.o_save + 2:s.o_save + 20] = N[save:save + 18]
            img[s.o_save + 20:s.o_save + 20 + n] = N[pay:pay + n]
    g = save and not lost
    m.append(OLD + "statistics" + (", options and the saved game" if opts and g else " and options" if opts
                                   else " and the saved game" if g else "") + " kept."
             + (" (That version kept no options.)" if b"SOL" == N[:3] else ""))
    if lost:
        m.append(lost)
    if bad & 1:
        m.append("Statistics: damaged or cut off, reset.")
    if bad & 2:
        m.append("Options: damaged or cut off, reset.")
    if bad & 4:
        m.append("The saved game: damaged or cut off, removed.")
    if len(rows) > S:  # the modes dropped, named as everywhere
        from engine.registry import mode_name

        m.append("Statistics: no room for every mode here; the least played dropped: "
                 + ", ".join(mode_name((r[0] & 7, r[0] >> 3 & 15, r[0] >> 7 & 3))
                             for r in rows[S:]) + ".")
    s.state = 1  # OURS
    s.saving = True
    s.seq = max(top, 0)
    s.next_id = nid
    s.base = b if k == 2 else 0  # the write goes to the other copy
    s.dirty = 1 | (k == 2) << 1  # changed, and fresh: the other copy still holds the older data
    return True
