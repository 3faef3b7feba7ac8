# The snapshot codec, for resume after power-off: the fields each family declares (Game.SAVED)
# written and read, checked as they are read, and the undo log after them
# (Game.save_into / load_from, engine/game.py). Fields of any width, least significant bit first,
# so a snapshot costs only the bits its numbers need. Not a hot path: engine/game.py imports this
# inside save_into/load_from, and the app drops it after, so a game in play never holds it.


def width(n):
    # bits needed to hold 0..n
    w = 0
    while n >> w:
        w += 1
    return w


class Bits:
    # a cursor over buf, in bits from byte `offset`
    def __init__(self, buf, offset=0):
        self.buf = buf
        self.at = offset << 3

    def put(self, value, n):
        # value's low n bits, a byte's worth at a time
        buf = self.buf
        at = self.at
        i = 0
        while i < n:
            b = at & 7
            k = min(8 - b, n - i)
            m = ((1 << k) - 1) << b
            buf[at >> 3] = buf[at >> 3] & (255 - m) | ((value >> i) << b) & m
            i += k
            at += k
        self.at = at

    def get(self, n):
        buf = self.buf
        at = self.at
        v = 0
        i = 0
        while i < n:
            b = at & 7
            k = min(8 - b, n - i)
            v |= ((buf[at >> 3] >> b) & ((1 << k) - 1)) << i
            i += k
            at += k
        self.at = at
        return v

    def zero_to(self, end):
        # True if every bit from here to bit `end` is 0 (padding: a cheap extra check on load)
        while self.at < end:
            if self.get(min(end - self.at, 8)):
                return False
        return True


def piles_bits(piles, card_bits, deck):
    # bits put_piles writes: a size field per pile (as wide as its capacity needs), then the cards
    n = 0
    for cap in piles.capacity:
        n += width(cap)
    return n + card_bits * deck


# ---- undo history for resume (engine/undo.py's ring, saved beside a snapshot) ------------------

def history_size(log, records):
    # bytes history_into writes for `records` records
    return 2 + 2 * records + ((records + 7) >> 3)


def history_into(log, buf, at, most):
    # the newest min(size, most) records of the undo log, oldest first: count (u16), entries
    # (u16 LE each), then their chain bits. Returns the bytes written.
    n = min(log.size, most)
    buf[at] = n & 255
    buf[at + 1] = n >> 8
    pos = at + 2
    bits = pos + 2 * n
    for b in range((n + 7) >> 3):
        buf[bits + b] = 0
    for r in range(n):
        slot = (log.head - n + r) % log.depth
        e = log.entries[slot]
        buf[pos] = e & 255
        buf[pos + 1] = e >> 8
        pos += 2
        if (log.chain[slot >> 3] >> (slot & 7)) & 1:
            buf[bits + (r >> 3)] |= 1 << (r & 7)
    return history_size(log, n)


def history_from(log, buf, at):
    # what history_into wrote, as the whole undo log (load the position it belongs to first).
    # Returns the bytes read, or -1 (log left empty) if the count does not fit.
    log.clear()
    if at + 2 > len(buf):  # a save with no room after its position: no history
        return -1
    n = buf[at] | buf[at + 1] << 8
    if n > log.depth or at + history_size(log, n) > len(buf):
        return -1
    pos = at + 2
    bits = pos + 2 * n
    for r in range(n):
        log.entries[r] = buf[pos] | buf[pos + 1] << 8
        pos += 2
        mask = 1 << (r & 7)
        if buf[bits + (r >> 3)] & mask:
            log.chain[r >> 3] |= mask
        else:
            log.chain[r >> 3] &= 255 - mask
    log.head = n % log.depth
    log.size = n
    return history_size(log, n)




# ---- the codec: a family's declared fields written and read, and the undo log after them ------
# Game.SAVED lists the snapshot's fields in the order they are written, three items each: the
# game's attribute, its bits, its most (an int, or the name of the game's attribute holding it):
#   an int or bool attribute   a counter or a flag, `bits` wide (saved capped: moves, 16 bits);
#                              loaded over its most is refused
#   a bytearray attribute      one field per item (per-card marks)
#   "piles"                    each pile's size, as wide as its capacity needs, then every card
#                              pile by pile from the bottom, as wide as the deck's numbers need;
#                              most: the deck (every card there exactly once)
#   "" (no attribute)          the fields after it end at the snapshot's last bit: a later
#                              format's mark lands in bits that an older save left zero
# Every other bit of the SNAPSHOT_SIZE bytes is zero. A load decodes and checks every field
# before it changes anything, swaps the position in, asks the family whether play could have
# left it so (Game._unreachable(): -1, or the pile play never leaves as it is), and swaps it
# back out if not. A refusal returns its reason in words (Game.refused), the game as it was.
# The undo log's records are not replayed (taking 340 back costs ~1 s on a PyBadge): their
# bytes are guarded by the store's CRC, and tests/test_save_log_bytes.py holds every mode's, so
# a change of their meaning fails a test before an old save could be resumed wrong.


def _most(g, f, i):
    # field i's most, or with i at a "": the bits of the fields after it (they end the snapshot)
    if f[i] == "":
        n = 0
        for j in range(i + 4, len(f), 3):
            n += f[j]
        return n
    most = f[i + 2]
    return getattr(g, most) if type(most) is str else most


def save(g, buf, offset, undo):
    # the snapshot at buf[offset:] (then, undo: as much of the undo log as fits after it);
    # returns the bytes written
    end = offset + g.SNAPSHOT_SIZE
    for i in range(offset, end):
        buf[i] = 0
    bits = Bits(buf, offset)
    f = g.SAVED
    for i in range(0, len(f), 3):
        name = f[i]
        w = f[i + 1]
        if name == "":
            bits.at = (end << 3) - _most(g, f, i)
        elif name == "piles":
            piles = g.piles
            size = piles.size
            for p in range(len(size)):
                bits.put(size[p], width(piles.capacity[p]))
            w = width(_most(g, f, i) - 1)
            for p in range(len(size)):
                s = piles.start[p]
                for c in range(s, s + size[p]):
                    bits.put(piles.cards[c], w)
        else:
            v = getattr(g, name)
            if type(v) is bytearray:
                for x in v:
                    bits.put(x, w)
            else:
                bits.put(min(int(v), (1 << w) - 1), w)
    n = end - offset
    room = (len(buf) - end - 3) * 8 // 17  # records that fit: 2 B each + a chain bit
    if undo and room > 0:
        n += history_into(g.undo_log, buf, end, room)
    return n


def _piles(bits, piles, deck):
    # what save wrote for "piles", into new buffers laid out like piles': (size, cards), or why
    # not (a size over its pile's capacity, sizes not adding up to the deck, a card out of
    # range or not there exactly once)
    cap = piles.capacity
    n = len(cap)
    size = bytearray(n)
    total = 0
    for p in range(n):
        k = bits.get(width(cap[p]))
        if k > cap[p]:
            return "pile %d: %d cards, room for %d" % (p, k, cap[p])
        size[p] = k
        total += k
    if total != deck:
        return "%d cards, not the deck's %d" % (total, deck)
    cards = bytearray(len(piles.cards))
    seen = bytearray(deck)
    w = width(deck - 1)
    for p in range(n):
        s = piles.start[p]
        for i in range(s, s + size[p]):
            c = bits.get(w)
            if c >= deck or seen[c]:
                return "card %d twice or not in the deck" % c
            seen[c] = 1
            cards[i] = c
    return size, cards


def _swap(g, f, got):
    # the decoded fields and the game's own trade places (twice: as it was)
    j = 0
    for i in range(0, len(f), 3):
        name = f[i]
        if name == "":
            continue
        v = got[j]
        if name == "piles":
            pairs = ((g.piles.size, v[0]), (g.piles.cards, v[1]))
        elif type(v) is bytearray:
            pairs = ((getattr(g, name), v),)
        else:
            got[j] = getattr(g, name)
            setattr(g, name, v)
            pairs = ()
        for a, b in pairs:
            for k in range(len(a)):
                a[k], b[k] = b[k], a[k]
        j += 1


# the games' words for the pile kinds (engine/game.py KIND_*), for a refusal's reason
# (one string: words of 10 characters or fewer would each stay interned after the module goes)
_KINDS = "stock/waste/reserve/foundation/tableau pile/hand/revealed pile/space/slot/launch pad/" \
    "space station"


def _why(g, f, got, p):
    # a refused position in words: an end mark unlike today's says another version made it,
    # else the pile play never leaves as it is
    j = 0
    end = False
    for i in range(0, len(f), 3):
        if f[i] == "":
            end = True
            continue
        if end and got[j] != getattr(g, f[i]):
            return "made by another version"
        j += 1
    k = g.pile_kind(p)
    word = _KINDS.split("/")[k]
    if k in (0, 1, 2, 5, 6, 8):  # (one of its kind in a game)
        return word + ": not as play leaves it"
    return "%s %d: not as play leaves it" % (word, g.pile_slot(p) + 1)


def _decode(g, buf, offset, end):
    # the declared fields save wrote at buf[offset:end], each checked: a list of their values
    # (new buffers for the piles and arrays), or why not
    bits = Bits(buf, offset)
    f = g.SAVED
    got = []
    for i in range(0, len(f), 3):
        name = f[i]
        w = f[i + 1]
        most = _most(g, f, i)
        if name == "":
            # zero up to the fields that end the snapshot
            if not bits.zero_to((end << 3) - most):
                return "padding not zero"
            continue
        if name == "piles":
            v = _piles(bits, g.piles, most)
            if type(v) is str:
                return v
        else:
            v = getattr(g, name)
            if type(v) is bytearray:
                v = bytearray(len(v))
                for j in range(len(v)):
                    v[j] = bits.get(w)
                    if v[j] > most:  # (the player reads it: a field's name in words)
                        return "%s %d over %d" % (name.replace("_", " "), j + 1, most)
            else:
                flag = type(v) is bool
                v = bits.get(w)
                if v > most:
                    return "%s %d over %d" % (name.replace("_", " "), v, most)
                if flag:
                    v = v == 1
        got.append(v)
    if not bits.zero_to(end << 3):
        return "padding not zero"
    return got


def load(g, buf, offset, undo):
    # Game.load_from: the position save wrote at buf[offset:] (undo: the undo log after it,
    # filling buf) into g, True; or False, g as it was, with why in g.refused
    why = _load(g, buf, offset, undo)
    if why:
        g.refused = why
        return False
    if g.refused:
        g.refused = ""
    g.undo_dropped = 0
    g.changed = (1 << g.pile_count) - 1
    g._bump()
    return True


def _load(g, buf, offset, undo):
    # "" once the position (and undo log) is in g, else why not, g as it was
    end = offset + g.SNAPSHOT_SIZE
    if offset < 0 or len(buf) < end:
        return "cut off: %d bytes of %d" % (max(len(buf) - offset, 0), end - offset)
    got = _decode(g, buf, offset, end)
    if type(got) is str:
        return got
    n = len(buf) - end if undo else 0  # the undo log's bytes, all of the rest
    log = g.undo_log
    if n:
        k = buf[end] | buf[end + 1] << 8 if n > 1 else 0
        if n < 2 or k > log.depth or history_size(log, k) != n:
            return "undo log of %d bytes cut off or too long" % n
        if k & 7 and buf[len(buf) - 1] >> (k & 7):
            return "undo log: chain bits past its last record"
    f = g.SAVED
    _swap(g, f, got)
    p = g._unreachable()
    if p >= 0:
        _swap(g, f, got)
        g._unreachable()  # (what the family counted while it looked, for the position back)
        g._refresh()
        return _why(g, f, got, p)
    if n:
        history_from(log, buf, end)
    else:
        log.clear()
    return ""
