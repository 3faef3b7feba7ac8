# Solitario 4 Ases's moves (engine/cuatro_ases.py lists them): making one, and taking it back
# from its one 16-bit undo entry. A mixin of engine.cuatro_ases.Game, in its own module so that
# no engine module is too big to compile on a board (README "Memory").
from micropython import const

from engine.game import OK, pack

# pile numbering as in engine/cuatro_ases.py (tests/test_cuatro_ases_rules.py checks they agree)
_HAND = const(0)
_REVEALED = const(1)
_SPACE = const(2)
_SLOT = const(6)
_RENEW = const(0x800)
_SHUFFLE = const(0x801)
_MASK30 = const(0x3FFFFFFF)

# One undo entry per move (16 bits): bits 0..2 the kind, bits 3..4 the space (move up) or the
# count - 1 (reveal), bit 5 progress before (move up, shuffle) / the released card's mark
# before (release) / the first revealed card's mark (reveal), bit 6 the second one's mark.
_E_REVEAL = const(0)
_E_UP = const(1)
_E_RENEW = const(2)
_E_SHUFFLE = const(3)
_E_PARK = const(4)
_E_RELEASE = const(5)
_BIT_A = const(32)
_BIT_B = const(64)


class Moves:
    def _flip(self, src, dst, k):
        # the top k cards of src onto dst as one block turned over (a reveal, or its undo)
        cards = self._cards
        size = self._size
        s = self._start[src] + size[src]
        d = self._start[dst] + size[dst]
        for i in range(k):
            cards[d + i] = cards[s - 1 - i]
        size[src] -= k
        size[dst] += k

    def _seed_shuffle(self):
        # the n-th token of a deal (n: tokens spent before this one, 0..4) shuffles with the
        # n-th key drawn from the deal's own stream (engine/rng.py key()), so the five shuffles
        # are independent of one another and of the deal, and undo, redo and a replay make the
        # same ones. (A seed of number ^ (tokens << 24) differed from the deal's only in its
        # high bits; an LCG's low bits never see the high ones, so every output of the six
        # streams shared its low 9 bits: a 2-card pile got the same order at every token.)
        rng = self._rng
        rng.seed(self.number)
        for _ in range(self.max_tokens - self.tokens):
            rng.key()
        rng.seed(rng.key())

    def _unshuffle(self):
        # regenerate the spend's swap sequence and apply it backwards
        self._seed_shuffle()
        n = self._size[_HAND]
        s = self._start[_HAND]
        cards = self._cards
        swaps = self._swaps
        rng = self._rng
        for i in range(n - 1, 0, -1):
            swaps[i] = rng.below(i + 1)
        for i in range(1, n):
            j = s + swaps[i]
            t = cards[s + i]
            cards[s + i] = cards[j]
            cards[j] = t

    def apply(self, move, chained=False):
        src = move >> 11
        dst = (move >> 6) & 31
        count = move & 63
        if self._reason(src, dst, count) != OK:
            return False
        piles = self.piles
        marks = self._marks
        changed = (1 << src) | (1 << dst)
        if src == _HAND:
            # revealed again: an ordinary card (§5.1); the marks go in the entry for undo
            s = self._start[_HAND] + self._size[_HAND]
            entry = _E_REVEAL | (count - 1) << 3 | marks[self._cards[s - 1]] * _BIT_A
            marks[self._cards[s - 1]] = 0
            if count == 2:
                entry |= marks[self._cards[s - 2]] * _BIT_B
                marks[self._cards[s - 2]] = 0
            self._flip(_HAND, _REVEALED, count)
        elif dst == _HAND:
            piles.turn(_REVEALED, _HAND)
            if count:
                entry = _E_SHUFFLE | self.progress * _BIT_A
                self._seed_shuffle()
                self._rng.shuffle(self._cards, self._start[_HAND], self._size[_HAND])
                self.tokens -= 1
            else:
                entry = _E_RENEW
            self.progress = False
        elif src == _SLOT:
            c = self.top(_SLOT)
            entry = _E_RELEASE | marks[c] * _BIT_A
            marks[c] = 1
            piles.move(_SLOT, _REVEALED, 1)
        elif dst == _SLOT:
            entry = _E_PARK
            piles.move(_REVEALED, _SLOT, 1)
        else:
            entry = _E_UP | (dst - _SPACE) << 3 | self.progress * _BIT_A
            self.progress = True
            piles.move(_REVEALED, dst, 1)
        self.undo_log.push(entry, 0, chained)
        self.undo_dropped = self.undo_log.dropped
        self.moves += 1
        self.changed = changed
        self.version = (self.version + 1) & _MASK30
        return True

    def _move_of(self, entry):
        # the move an undo entry was made by (redo replays it)
        kind = entry & 7
        arg = (entry >> 3) & 3
        if kind == _E_REVEAL:
            return pack(_HAND, _REVEALED, arg + 1)
        if kind == _E_UP:
            return pack(_REVEALED, _SPACE + arg, 1)
        if kind == _E_RENEW:
            return _RENEW
        if kind == _E_SHUFFLE:
            return _SHUFFLE
        if kind == _E_PARK:
            return pack(_REVEALED, _SLOT, 1)
        return pack(_SLOT, _REVEALED, 1)

    def _take_back(self, entry):
        # undo one logged move (engine/undo.py undo_chain)
        piles = self.piles
        marks = self._marks
        kind = entry & 7
        arg = (entry >> 3) & 3
        a = (entry & _BIT_A) >> 5
        if kind == _E_REVEAL:
            self._flip(_REVEALED, _HAND, arg + 1)
            s = self._start[_HAND] + self._size[_HAND]
            marks[self._cards[s - 1]] = a
            if arg:
                marks[self._cards[s - 2]] = (entry & _BIT_B) >> 6
            changed = 3
        elif kind == _E_UP:
            piles.move(_SPACE + arg, _REVEALED, 1)
            self.progress = a == 1
            changed = 2 | (1 << (_SPACE + arg))
        elif kind == _E_RENEW or kind == _E_SHUFFLE:
            if kind == _E_SHUFFLE:
                self.tokens += 1
                self._unshuffle()
            piles.turn(_HAND, _REVEALED)
            self.progress = kind == _E_RENEW or a == 1  # a free renewal needed progress
            changed = 3
        else:
            if kind == _E_PARK:
                piles.move(_SLOT, _REVEALED, 1)
            else:
                marks[self.top(_REVEALED)] = a
                piles.move(_REVEALED, _SLOT, 1)
            changed = 2 | (1 << _SLOT)
        self.moves -= 1
        self.changed = changed
        self.version = (self.version + 1) & _MASK30
        return True
