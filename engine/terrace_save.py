# Terrace's position snapshot for resume after power-off (engine/game.py "Snapshot"): written
# and checked here, imported only when the app saves or resumes. The functions take the game as
# `self` (engine/game.py Table.save_into / load_from call them).
from micropython import const

from engine.cards import colour, down, rank, suit, up

# pile numbering and flags as in engine/terrace.py (tests/test_engine_core.py checks they agree)
_STOCK = const(0)
_WASTE = const(1)
_RESERVE = const(2)
_FOUNDATION = const(3)
_TABLEAU = const(11)
_CANDIDATES = const(4)
_BY_HAND = const(0)
_SNAPSHOT_BYTES = const(104)
_CARD_BITS = const(7)
_FRENCH_DECK = const(104)


def save(self, buf, offset=0):
    from engine.pack import begin_save, put_piles

    bits = begin_save(buf, offset, _SNAPSHOT_BYTES, self.moves)
    bits.put(1 if self.locked else 0, 1)
    bits.put(self.redeals_left, 1)
    put_piles(bits, self.piles, _CARD_BITS)
    return _SNAPSHOT_BYTES

def load(self, buf, offset=0):
    from engine.pack import begin_load, get_piles, set_piles

    bits = begin_load(buf, offset, _SNAPSHOT_BYTES)
    if bits is None:
        return False
    moves = bits.get(16)
    locked = bits.get(1) == 1
    redeals_left = bits.get(1)
    got = get_piles(bits, self.piles, _CARD_BITS, _FRENCH_DECK)
    if got is None or not bits.zero_to(offset + _SNAPSHOT_BYTES):
        return False
    size, cards = got
    if not _reachable(self, size, cards, locked, redeals_left, moves):
        return False
    set_piles(self.piles, size, cards)
    self.locked = locked
    self.redeals_left = redeals_left
    self.moves = moves
    return True  # the undo log, changed and version: engine/game.py Table.load_from

def _reachable(self, size, cards, locked, redeals_left, moves):
    # what every position that play reaches has (the cards themselves were checked in
    # engine/pack.py): a loaded snapshot that lacks it is damaged, not a game
    start = self._start
    if redeals_left > self.max_redeals:
        return False
    if size[_FOUNDATION] == 0:
        # no base yet: only a pick-base mode as dealt, candidates waiting
        if not self.pick_base or moves or locked or redeals_left != self.max_redeals:
            return False
        if size[_WASTE] or size[_RESERVE] != self.reserve_size:
            return False
        for p in range(_FOUNDATION, self.pile_count):
            if size[p] != (1 if _TABLEAU <= p < _TABLEAU + _CANDIDATES else 0):
                return False
        return True
    base = rank(cards[start[_FOUNDATION]])
    if size[_WASTE] == 0 and size[_STOCK]:
        return False  # an empty waste is refilled from the stock at once
    if locked:
        # set only by a deal by hand onto a non-empty waste while a space is open
        space = False
        for t in range(_TABLEAU, self.pile_count):
            if size[t] == 0:
                space = True
        if not space or size[_WASTE] == 0 or self.fill != _BY_HAND \
                or redeals_left != self.max_redeals:
            return False
    for f in range(_FOUNDATION, _TABLEAU):
        s = start[f]
        # a foundation is built up from BASE by the mode's suit or colour rule
        if size[f] and rank(cards[s]) != base:
            return False
        for i in range(s + 1, s + size[f]):
            c = cards[i]
            t = cards[i - 1]
            if rank(c) != up(rank(t)):
                return False
            if (suit(c) != suit(t)) if self.same_suit else (colour(c) == colour(t)):
                return False
    for p in range(_TABLEAU, self.pile_count):
        # a tableau pile is one card with a run built down on it
        s = start[p]
        for i in range(s + 1, s + size[p]):
            t = cards[i - 1]
            if rank(t) == base or rank(cards[i]) != down(rank(t)) \
                    or colour(cards[i]) == colour(t):
                return False
    return True
