# Bit packing for position snapshots (Game.save_into / load_from, engine/game.py): fields of any
# width, least significant bit first, so a snapshot costs only the bits its numbers need.
# Not a hot path: a family imports this inside save_into/load_from, so a game that never saves
# never pays its RAM.


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
        buf = self.buf
        at = self.at
        for i in range(n):
            mask = 1 << (at & 7)
            if (value >> i) & 1:
                buf[at >> 3] |= mask
            else:
                buf[at >> 3] &= 255 - mask
            at += 1
        self.at = at

    def get(self, n):
        buf = self.buf
        at = self.at
        v = 0
        for i in range(n):
            if buf[at >> 3] & (1 << (at & 7)):
                v |= 1 << i
            at += 1
        self.at = at
        return v

    def zero_to(self, end):
        # True if every bit from here to byte `end` is 0 (padding: a cheap extra check on load)
        while self.at < end << 3:
            if self.get(1):
                return False
        return True


def piles_bits(piles, card_bits, deck):
    # bits put_piles writes: a size field per pile (as wide as its capacity needs), then the cards
    n = 0
    for cap in piles.capacity:
        n += width(cap)
    return n + card_bits * deck


def put_piles(bits, piles, card_bits):
    size = piles.size
    cap = piles.capacity
    for p in range(len(size)):
        bits.put(size[p], width(cap[p]))
    cards = piles.cards
    for p in range(len(size)):
        s = piles.start[p]
        for i in range(s, s + size[p]):
            bits.put(cards[i], card_bits)


def get_piles(bits, piles, card_bits, deck):
    # what put_piles wrote, read into new buffers laid out like piles': (size, cards), or None if
    # a size is over its pile's capacity, the sizes do not add up to the deck, or a card is out
    # of range or not there exactly once. piles itself is not touched.
    cap = piles.capacity
    n = len(cap)
    size = bytearray(n)
    total = 0
    for p in range(n):
        k = bits.get(width(cap[p]))
        if k > cap[p]:
            return None
        size[p] = k
        total += k
    if total != deck:
        return None
    cards = bytearray(len(piles.cards))
    seen = bytearray(deck)
    for p in range(n):
        s = piles.start[p]
        for i in range(s, s + size[p]):
            c = bits.get(card_bits)
            if c >= deck or seen[c]:
                return None
            seen[c] = 1
            cards[i] = c
    return size, cards


def set_piles(piles, size, cards):
    # copy in place: a family holds piles.size and piles.cards directly
    for p in range(len(size)):
        piles.size[p] = size[p]
    for i in range(len(cards)):
        piles.cards[i] = cards[i]


# ---- undo history for resume (engine/undo.py's ring, saved beside a snapshot) ------------------

def history_size(log, records):
    # bytes history_into writes for `records` records
    return 2 + 2 * log.width * records + ((records + 7) >> 3)


def history_into(log, buf, at, most):
    # the newest min(size, most) records of the undo log, oldest first: count (u16), entries
    # (u16 LE each), then their chain bits. Returns the bytes written.
    n = min(log.size, most)
    buf[at] = n & 255
    buf[at + 1] = n >> 8
    w = log.width
    pos = at + 2
    bits = pos + 2 * w * n
    for b in range((n + 7) >> 3):
        buf[bits + b] = 0
    for r in range(n):
        slot = (log.head - n + r) % log.depth
        for i in range(w):
            e = log.entries[slot * w + i]
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
    w = log.width
    pos = at + 2
    bits = pos + 2 * w * n
    for r in range(n):
        for i in range(w):
            log.entries[r * w + i] = buf[pos] | buf[pos + 1] << 8
            pos += 2
        mask = 1 << (r & 7)
        if buf[bits + (r >> 3)] & mask:
            log.chain[r >> 3] |= mask
        else:
            log.chain[r >> 3] &= 255 - mask
    log.head = n % log.depth
    log.size = n
    return history_size(log, n)


def begin_save(buf, offset, size, moves):
    # every family's snapshot starts alike: its `size` bytes zeroed, then the moves (16 bits,
    # capped); returns the writer for the family's own fields
    for i in range(offset, offset + size):
        buf[i] = 0
    bits = Bits(buf, offset)
    bits.put(min(moves, 0xFFFF), 16)
    return bits


def begin_load(buf, offset, size):
    # the reader of a snapshot of `size` bytes at offset (its first 16 bits: the moves), or
    # None if buf is too short to hold one
    if offset < 0 or len(buf) - offset < size:
        return None
    return Bits(buf, offset)
