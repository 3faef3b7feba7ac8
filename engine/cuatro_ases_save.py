# Solitario 4 Ases's position snapshot for resume after power-off (engine/game.py "Snapshot"):
# written and checked here, imported only when the app saves or resumes. The functions take the
# game as `self` (engine/game.py Table.save_into / load_from call them).
# Bits least significant first (engine/pack.py), zero-padded to SNAPSHOT_SIZE bytes: moves
# (16, capped), tokens (3), progress (1), the 40 card marks (by card number), each pile's size
# (6 6 4 4 4 4, then 1 with the slot), every card (6 bits) pile by pile from the bottom.
# Mezclado sets the snapshot's last bit (bit 7 of byte 41, padding in every variant): its
# shuffles are seeded from the deal's own stream (engine/cuatro_ases.py). A Mezclado save
# without it was made by the former seeding (number ^ (tokens << 24)): with a token spent, its
# hand's order and the spent shuffle's undo belong to that seeding, so it is refused ("for
# another version"); with all five tokens no shuffle was made, and the position is the one the
# same deal and moves reach now, so it resumes.
from micropython import const

_REVEALED = const(1)
_SPACE = const(2)
_SNAPSHOT_BYTES = const(42)  # 329 bits at most (Con reserva)
_CARD_BITS = const(6)
_DECK = const(40)
_KEYED = const(0x80)  # in the last byte: Mezclado's shuffles keyed from the deal's stream


def save(self, buf, offset=0):
    from engine.pack import begin_save, put_piles

    bits = begin_save(buf, offset, _SNAPSHOT_BYTES, self.moves)
    bits.put(self.tokens, 3)
    bits.put(1 if self.progress else 0, 1)
    for c in range(_DECK):
        bits.put(self._marks[c], 1)
    put_piles(bits, self.piles, _CARD_BITS)
    if self.max_tokens:
        buf[offset + _SNAPSHOT_BYTES - 1] |= _KEYED
    return _SNAPSHOT_BYTES


def load(self, buf, offset=0):
    from engine.pack import begin_load, get_piles, set_piles

    bits = begin_load(buf, offset, _SNAPSHOT_BYTES)
    if bits is None:
        return False
    moves = bits.get(16)
    tokens = bits.get(3)
    progress = bits.get(1) == 1
    marks = bytearray(_DECK)
    for c in range(_DECK):
        marks[c] = bits.get(1)
    got = get_piles(bits, self.piles, _CARD_BITS, _DECK)
    if got is None:
        return False
    # the padding is zero up to the last bit, which is Mezclado's and set in a save of today's
    end = (offset + _SNAPSHOT_BYTES) << 3
    keyed = buf[offset + _SNAPSHOT_BYTES - 1] & _KEYED
    if bits.get(end - 1 - bits.at) or keyed and not self.max_tokens:
        return False
    if self.max_tokens and not keyed and tokens < self.max_tokens:
        return False  # a token spent under the former seeding
    size, cards = got
    if not _reachable(self, size, cards, marks, tokens, progress, moves):
        return False
    set_piles(self.piles, size, cards)
    for c in range(_DECK):
        self._marks[c] = marks[c]
    self.tokens = tokens
    self.progress = progress
    self.moves = moves
    return True  # the undo log, changed and version: engine/game.py Table.load_from


def _reachable(self, size, cards, marks, tokens, progress, moves):
    # what every position that play reaches has (each card once was checked by engine/pack)
    start = self._start
    if tokens > self.max_tokens:
        return False
    up = 0
    for k in range(4):
        s = start[_SPACE + k]
        if self.ases_up and (size[_SPACE + k] == 0 or cards[s] != k * 10):
            return False
        for i in range(size[_SPACE + k]):
            c = cards[s + i]
            # order i at index i; suit kept (other suit in Pintados)
            if c % 10 != i or marks[c]:
                return False
            if i and (c // 10 == cards[s + i - 1] // 10) == self.other_suit:
                return False
        up += size[_SPACE + k]
    first = 4 if self.ases_up else 0
    if up == first and progress or moves < up - first:
        return False
    s = start[_REVEALED]
    for i in range(size[_REVEALED]):
        # a blocked card lies where it was released: on a card of its rank
        if marks[cards[s + i]] and (i == 0 or cards[s + i] % 10 != cards[s + i - 1] % 10):
            return False
    for c in range(_DECK):
        if marks[c] and not self.has_slot:
            return False
    return True
