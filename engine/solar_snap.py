# Solitario Solar's position snapshot (Game.save_into / load_from, engine/game.py), imported only
# when the app saves or resumes. Bits least significant first (engine/pack.py), zero-padded to
# SNAPSHOT_SIZE = 58 bytes: moves (16 bits, capped), each pile's size (pile 0 first, each as
# wide as its capacity needs: 40 cards 6 6 6*4 6*4 1, 64 cards 7 6 6*4 6*4 1), then every card,
# 6 bits each, pile by pile from the bottom, then 1 bit: the player resigned. 318 bits for 40
# cards, 463 for 64.
from engine.pack import begin_load, begin_save, put_piles, get_piles, set_piles

SIZE = 58
_CARD_BITS = 6


def save(g, buf, offset):
    bits = begin_save(buf, offset, SIZE, g.moves)
    put_piles(bits, g.piles, _CARD_BITS)
    bits.put(1 if g.resigned else 0, 1)
    return SIZE


def load(g, buf, offset):
    # the position into g's piles, or False (g untouched) if the data is not one play can reach
    bits = begin_load(buf, offset, SIZE)
    if bits is None:
        return False
    moves = bits.get(16)
    got = get_piles(bits, g.piles, _CARD_BITS, g.deck)
    if got is None:
        return False
    resigned = bits.get(1) == 1
    if not bits.zero_to(offset + SIZE):
        return False
    size, cards = got
    if not _reachable(g, size, cards):
        return False
    set_piles(g.piles, size, cards)
    g.moves = moves
    g.resigned = resigned
    w = 0
    s = g._start[1]
    for i in range(s, s + size[1]):
        if g._rk[cards[i]] != 255:
            w += 1
    g.wasted = w
    return True


def _fits(g, size, cards, c):
    # the pads card c may go onto in the loaded position (Game._fit_mask on other buffers)
    rk = g._rk
    m = 0
    for k in range(4):
        p = 2 + k
        t = cards[g._start[p] + size[p] - 1]
        if rk[t] == 255 and g._match(c, t) and (rk[c] == 255 or rk[c] == k):
            m |= 1 << k
    return m


def _reachable(g, size, cards):
    # what every position play reaches has: the deal's pad cards (no rocket on another's pad),
    # each pad and station a chain of matching cards, rockets only home on their own pad,
    # stations only above a rocket home and started with a card that matches it, a card in the
    # hand only while it fits several pads, the waste top never fitting exactly one pad
    rk = g._rk
    start = g._start
    if size[0] > g.deck - 4:
        return False
    for k in range(4):
        p = 2 + k
        s = start[p]
        n = size[p]
        if n == 0:
            return False
        r = rk[cards[s]]
        if r != 255 and (r != k or n > 1):
            return False
        for i in range(s + 1, s + n):
            r = rk[cards[i]]
            if r != 255 and (r != k or i != s + n - 1):
                return False
            if not g._match(cards[i], cards[i - 1]):
                return False
        st = 6 + k
        s = start[st]
        n = size[st]
        if n and rk[cards[start[p] + size[p] - 1]] != k:
            return False
        for i in range(s, s + n):
            below = cards[i - 1] if i > s else g._rocket[k]
            if rk[cards[i]] != 255 or not g._match(cards[i], below):
                return False
    waiting = 0
    if size[1]:
        waiting = _fits(g, size, cards, cards[start[1] + size[1] - 1])
        if waiting and not waiting & (waiting - 1):
            return False  # a forced play is never left undone
    if size[10]:
        m = _fits(g, size, cards, cards[start[10]])
        if waiting or not m & (m - 1):
            return False
    return True
