# Solitario 4 Ases's move lists: every legal move, what pressing the hand does, the quick play,
# and the hints in the order engine/cuatro_ases.py documents. A mixin of engine.cuatro_ases.Game,
# in its own module so that no engine module is too big to compile on a board (docs/memory.md).
from micropython import const

from engine.game import OK, PLAYING, NO_MOVE, NO_CARD, pack

# pile numbering as in engine/cuatro_ases.py (tests/test_cuatro_ases_rules.py checks they agree)
_HAND = const(0)
_REVEALED = const(1)
_SPACE = const(2)
_SLOT = const(6)
_RENEW = const(0x800)
_SHUFFLE = const(0x801)


class Hints:
    def hand_move(self):
        # the reveal, renew or shuffle legal now (what pressing the hand does), or NO_MOVE
        n = self._size[_HAND]
        if self.status() != PLAYING:
            return NO_MOVE
        if n:
            return pack(_HAND, _REVEALED, min(n, 2))
        if self._can_renew():
            return _RENEW
        return _SHUFFLE if self._can_shuffle() else NO_MOVE

    def legal_moves(self, buf):
        # every legal move, the rules of _reason taken pile by pile (no pair is tried in vain)
        cap = len(buf)
        n = 0
        if self.status() != PLAYING:
            return 0
        size = self._size
        if size[_HAND]:
            buf[0] = pack(_HAND, _REVEALED, min(size[_HAND], 2))
            n = 1
        else:
            if self._can_renew():
                buf[0] = _RENEW
                n = 1
            if self._can_shuffle():
                buf[n] = _SHUFFLE
                n += 1
        r = size[_REVEALED]
        if r == 0:
            return n
        c = self._cards[self._start[_REVEALED] + r - 1]
        if not self._marks[c]:
            for s in range(_SPACE, _SLOT):
                if n < cap and self._fits(c, s) == OK:
                    buf[n] = pack(_REVEALED, s, 1)
                    n += 1
        if self.has_slot and n < cap:
            if size[_SLOT] == 0:
                buf[n] = pack(_REVEALED, _SLOT, 1)
                n += 1
            elif self.top(_SLOT) % 10 == c % 10:
                buf[n] = pack(_SLOT, _REVEALED, 1)
                n += 1
        return n

    def quick_play(self, p):
        # the revealed top to the first space that takes it
        if p != _REVEALED or self.status() != PLAYING or self._size[_REVEALED] == 0:
            return NO_MOVE
        s = self._goes_up(self._size[_REVEALED] - 1)
        return NO_MOVE if s < 0 else pack(_REVEALED, s, 1)

    def _still_needed(self, c):
        # Pintados: card c is not on a space yet (on a space, order i sits at index i)
        o = c % 10
        for s in range(_SPACE, _SLOT):
            if self._size[s] > o and self._cards[self._start[s] + o] == c:
                return False
        return True

    def _worth_parking(self, c):
        # Con reserva (spaces by suit): park c only if it is 3 or more cards away from its space
        # (it would soon be wanted there) and at most one card of its rank is up (so a partner
        # to release it onto will come by). Measured: 6% of deals won parking whenever the card
        # under goes up, 32% with this rule, 10% never parking (sim.playout, hint policy)
        o = c % 10
        height = 0
        up = 0
        for s in range(_SPACE, _SLOT):
            k = self._size[s]
            if k > o:
                up += 1
            if k and self.top(s) // 10 == c // 10:
                height = k
        return o - height >= 3 and up <= 1

    def hint(self):
        return self._one[0] if self.hints(self._one) else NO_MOVE

    def hints(self, buf):
        # Every productive move, best first: the revealed top up (Pintados: onto the space whose
        # top's suit would refuse a card of the same rank still to come, so the other spaces
        # stay open to it; then the rest; empty spaces are alike: the first only); if the top
        # can't go up, release the slot card onto it, or park the top when the card under it
        # goes up and _worth_parking says so (or nothing else is left); then reveal, renew,
        # and a token (not while a move up is possible). Never empty while PLAYING.
        cap = len(buf)
        if self.status() != PLAYING:
            return 0
        size = self._size
        n = 0
        r = size[_REVEALED]
        up = r > 0 and self._goes_up(r - 1) >= 0
        if up:
            c = self.top(_REVEALED)
            for want in (True, False):
                for s in range(_SPACE, _SLOT):
                    if n < cap and self._fits(c, s) == OK:
                        t = self.top(s)
                        if t == NO_CARD:
                            if want:
                                buf[n] = pack(_REVEALED, s, 1)
                                n += 1
                                break
                        elif (not self.other_suit or self._still_needed(t + 1)) == want:
                            buf[n] = pack(_REVEALED, s, 1)
                            n += 1
        elif self.has_slot and r:
            if size[_SLOT]:
                if self.top(_SLOT) % 10 == self.top(_REVEALED) % 10 and n < cap:
                    buf[n] = pack(_SLOT, _REVEALED, 1)
                    n += 1
            elif r > 1 and self._goes_up(r - 2) >= 0 and n < cap and \
                    (self._worth_parking(self.top(_REVEALED)) or self.hand_move() == NO_MOVE):
                buf[n] = pack(_REVEALED, _SLOT, 1)
                n += 1
        m = self.hand_move()
        if m == _SHUFFLE and not self.strict and self._up_possible():
            m = NO_MOVE
        if m != NO_MOVE and n < cap:
            buf[n] = m
            n += 1
        return n

    def pickable(self, p, n):
        # the revealed top or the slot card, one at a time; the hand is revealed by its own move
        return n == 1 and (p == _REVEALED or p == _SLOT) and p < self.pile_count and \
            self._size[p] > 0
