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
