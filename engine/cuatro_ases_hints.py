# Solitario 4 Ases' hints (docs/rules/cuatro_ases.md), as a mixin of
# engine.cuatro_ases.Game: every productive move, best first, and the two judgements they rest
# on (Pintados: is a card still to come up; Con reserva: is a card worth parking). The rules,
# the moves and the end are engine/cuatro_ases.py's; pile numbers and moves as there
# (tests/test_engine_core.py checks these private copies, which the board inlines).
from micropython import const
from engine.game import NO_CARD, NO_MOVE, PLAYING, pack

_HAND = const(0)
_REVEALED = const(1)
_SPACE = const(2)
_SLOT = const(6)
_SHUFFLE = const(0x801)
_OK = const(0)


class Hints:
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
                    if n < cap and self._fits(c, s) == _OK:
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
        if m == _SHUFFLE and self._up_possible():  # (strict too: its renewal is the shuffle)
            m = NO_MOVE
        if m != NO_MOVE and n < cap:
            buf[n] = m
            n += 1
        return n
