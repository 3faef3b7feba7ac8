# Solitario 4 Ases's rules (docs/rules/cuatro_ases.md §1, §3-§5): may this move be made,
# and why not, and is the game over. A mixin of engine.cuatro_ases.Game, in its own module so
# that no engine module is too big to compile on a board (docs/memory.md).
from micropython import const

from engine.game import (
    OK, PLAYING, WON, LOST, NO_CARD, REASONS as _BASE_REASONS,
    REASON_NOT_PLAYABLE, REASON_WRONG_RANK, REASON_WRONG_SUIT, REASON_GAME_OVER,
)

# pile numbering as in engine/cuatro_ases.py (tests/test_cuatro_ases_rules.py checks they agree)
_HAND = const(0)
_REVEALED = const(1)
_SPACE = const(2)
_SLOT = const(6)

# this family's refusals, numbered after engine.game's (the UI reads Game.REASONS)
_HAND_NOT_EMPTY = const(17)
_HAND_EMPTY = const(18)
_PAIR = const(19)
_ONE_STARTS = const(20)
_OTHER_SUIT = const(21)
_BLOCKED = const(22)
_NO_TOKENS = const(23)
_NO_PROGRESS = const(24)
_STRICT = const(25)
_RENEW_FREE = const(26)
_SLOT_FULL = const(27)
_SLOT_TO_SPACE = const(28)
_SAME_RANK = const(29)
_SPACE_STAYS = const(30)

REASONS = _BASE_REASONS + (
    "Hand is not empty: reveal first",
    "The hand is empty",
    "Cards are revealed two at a time",
    "Only a 1 starts a space",
    "Needs another suit",
    "Blocked until the next renewal",
    "No tokens left",
    "No card went up this round",
    "Strict: renewing spends a token",
    "A card went up: renew for free",
    "The slot is full",
    "A slot card can't go up directly",
    "Release onto the same rank",
    "Cards on a space stay",
)


class Rules:
    def _fits(self, c, s):
        # may card c go on space pile s? (§1: a 1 starts a space, then up by suit; §5.3)
        n = self._size[s]
        if n == 0:
            return OK if c % 10 == 0 else _ONE_STARTS
        t = self._cards[self._start[s] + n - 1]
        if c % 10 != t % 10 + 1:
            return REASON_WRONG_RANK
        if self.other_suit:
            return OK if c // 10 != t // 10 else _OTHER_SUIT
        return OK if c // 10 == t // 10 else REASON_WRONG_SUIT

    def _goes_up(self, i):
        # first space taking card i of the revealed pile (0 = bottom), or -1; blocked: -1
        c = self._cards[self._start[_REVEALED] + i]
        if self._marks[c]:
            return -1
        for s in range(_SPACE, _SLOT):
            if self._fits(c, s) == OK:
                return s
        return -1

    def _up_possible(self):
        # a move up now, or one a park would uncover (Con reserva)
        n = self._size[_REVEALED]
        if n == 0:
            return False
        if self._goes_up(n - 1) >= 0:
            return True
        return self.has_slot and n > 1 and self._size[_SLOT] == 0 and self._goes_up(n - 2) >= 0

    def _can_renew(self):
        return not self.strict and self.progress and self._size[_REVEALED] > 0

    def _can_shuffle(self):
        return self.tokens > 0 and (self.strict or not self.progress) and \
            self._size[_REVEALED] > 0

    def status(self):
        size = self._size
        if size[_HAND]:
            return PLAYING
        if size[_REVEALED] == 0:
            # nothing left to turn over: won, unless a card sits in the slot (§5.1)
            return LOST if self.has_slot and size[_SLOT] else WON
        if self._up_possible() or self._can_renew() or self._can_shuffle():
            return PLAYING
        return LOST

    def _reason(self, src, dst, count):
        size = self._size
        if src >= self.pile_count or dst >= self.pile_count:
            return REASON_NOT_PLAYABLE
        if self.status() != PLAYING:
            return REASON_GAME_OVER
        if src == _HAND:
            if dst != _REVEALED:
                return REASON_NOT_PLAYABLE
            if size[_HAND] == 0:
                return _HAND_EMPTY
            return OK if count == min(size[_HAND], 2) else _PAIR
        if src == _SLOT:
            if dst != _REVEALED:
                return _SLOT_TO_SPACE if _SPACE <= dst < _SLOT else REASON_NOT_PLAYABLE
            if size[_SLOT] == 0 or count != 1:
                return REASON_NOT_PLAYABLE
            t = self.top(_REVEALED)
            return OK if t != NO_CARD and t % 10 == self.top(_SLOT) % 10 else _SAME_RANK
        if src != _REVEALED:
            return _SPACE_STAYS
        if dst == _HAND:
            if size[_HAND]:
                return _HAND_NOT_EMPTY
            if size[_REVEALED] == 0 or count > 1 or (count == 1 and self.max_tokens == 0):
                return REASON_NOT_PLAYABLE
            if count == 0:
                if self.strict:
                    return _STRICT
                return OK if self.progress else _NO_PROGRESS
            if self.tokens == 0:
                return _NO_TOKENS
            return _RENEW_FREE if self.progress and not self.strict else OK
        if size[_REVEALED] == 0 or count != 1 or dst == _REVEALED:
            return REASON_NOT_PLAYABLE
        if dst == _SLOT:
            return OK if size[_SLOT] == 0 else _SLOT_FULL
        c = self.top(_REVEALED)
        if self._marks[c]:
            return _BLOCKED
        return self._fits(c, dst)

    def check(self, move):
        return self._reason(move >> 11, (move >> 6) & 31, move & 63)
