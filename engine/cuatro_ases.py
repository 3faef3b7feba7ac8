# Solitario 4 Ases and its four variants (docs/rules/cuatro_ases.md): one Game class, the
# five variants as rows of a parameter table; Mezclado has two rule profiles (standard, strict).
#
# Pile numbering (pile ids are what moves carry):
#   0 hand (face down; its top is the next card revealed), 1 revealed pile (only its top plays),
#   2..5 the four spaces (space k is pile 2 + k), 6 the reserve slot (Con reserva only:
#   pile_count is 7 there, 6 elsewhere). Game.hand, .revealed, .first_space, .slot name them.
# A card is engine/cards_spanish.py's suit*10 + order (order 0 is the 1, 9 the Rey).
# Moves, pack(src, dst, count) from engine.game:
#   reveal   pack(0, 1, 2)  the hand's two top cards as one block: the first underneath, the
#                           second on top; pack(0, 1, 1) when one card is left (and only then)
#   move up  pack(1, 2+k, 1)  the revealed top onto space k; optional: reveal/renew stay legal
#   renew    pack(1, 0, 0)  hand empty: the revealed pile turned over unshuffled (the first card
#                           revealed in the pass is the new hand's top); needs a card moved up
#                           this round (else the round is the loss of §4)
#   shuffle  pack(1, 0, 1)  Mezclado, a token spent: the revealed pile becomes a shuffled hand.
#                           Standard: only after a round with no card moved up (instead of the
#                           loss); strict: it is the only renewal
#   park     pack(1, 6, 1)  the revealed top into the empty slot
#   release  pack(6, 1, 1)  the slot card onto a revealed top of the same rank, blocked there
# hand_move() is the reveal, renew or shuffle legal now (what pressing the hand does).
# For the status line, beyond the common interface (engine/game.py): tokens (Mezclado),
# progress (True once a card went up this round), count(0) the hand's size, blocked(p, i)
# (True for a released card waiting for a renewal).
#
# Choices where the rules file is silent:
# - 4 Ases revelados: space k starts with the 1 of suit k (oros, copas, espadas, bastos); the
#   hand keeps the other 36 cards in the order the base game deals them.
# - The end (§4) is checked on the position, not only when renew is asked: once the hand is
#   empty and no card went up this round, the game is lost as soon as no move up is possible,
#   counting the one a park would uncover (Con reserva); a renewal then is refused. A lost game
#   has no legal moves (park/release could only shuttle): check() says "Game is over".
# - A blocked card may be parked again; released again it is blocked again.
# - The shuffle of a token is Fisher-Yates over the turned-over revealed pile, seeded from the
#   deal number and the tokens left before the spend: undo and redo regenerate it.

from micropython import const
# (pack: the solver's tests read it here)
from engine.game import (
    KIND_HAND, KIND_REVEALED, KIND_SPACE, KIND_SLOT, LOST, NO_CARD, NO_MOVE, OK, PLAYING, WON,
    REASONS as _BASE_REASONS, REASON_NOT_PLAYABLE, REASON_WRONG_RANK, REASON_WRONG_SUIT,
    REASON_GAME_OVER, Table, pack,
)
from engine.cards_spanish import SPANISH_DECK
from engine.registry import row
from engine.rng import Rng
from engine.cuatro_ases_hints import Hints
# (the "Can I still win?" search, engine/cuatro_ases_search.py, is loaded when called)

_ROW = row("cuatro_ases")
VARIANTS = _ROW.variants  # Solitario 4 Ases, 4 Ases revelados, Con reserva, Mezclado, Pintados
# (engine/registry.py holds the names, so menus need no engine)
PROFILES = _ROW.profiles  # standard, strict
PROFILE_COUNT = _ROW.counts  # Mezclado alone offers "strict"
del row, _ROW  # the names stay, not the registry (dropped during play: solitaire/opening.py)

HAND = const(0)
REVEALED = const(1)
SPACE = const(2)  # first space
SLOT = const(6)
RENEW = const(0x800)  # pack(1, 0, 0)
SHUFFLE = const(0x801)  # pack(1, 0, 1)
TOKENS = const(5)
UNDO_DEPTH = const(1000)
# Snapshot (save_into/load_from: Game.SAVED, written and read by engine/pack.py), zero-padded to
# SNAPSHOT_SIZE bytes: moves (16, capped), tokens (3), progress (1), the 40 card marks (by card
# number), each pile's size (6 6 4 4 4 4, then 1 with the slot), every card (6 bits) pile by pile
# from the bottom. Mezclado sets the snapshot's last bit (bit 7 of byte 41, padding in every
# variant): its shuffles are seeded from the deal's own stream. A Mezclado save without it was
# made by the former seeding (number ^ (tokens << 24)): with a token spent, its hand's order and
# the spent shuffle's undo belong to that seeding, so it is refused ("for another version");
# with all five tokens no shuffle was made, and the position is the one the same deal and moves
# reach now, so it resumes.
_SNAPSHOT_BYTES = const(42)  # 329 bits at most (Con reserva)

# variants table §5: four 1s start up, reserve slot, tokens, spaces build in another suit
MODES = (
    (0, 0, 0, 0),  # Solitario 4 Ases
    (1, 0, 0, 0),  # 4 Ases revelados
    (0, 1, 0, 0),  # Con reserva
    (0, 0, TOKENS, 0),  # Mezclado
    (0, 0, 0, 1),  # Pintados
)

_MASK30 = const(0x3FFFFFFF)
_TURNED = const(128)  # engine.game's TURNED: a step's cards went over turned

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


class Game(Hints, Table):
    hand = HAND
    revealed = REVEALED
    first_space = SPACE
    SNAPSHOT_SIZE = _SNAPSHOT_BYTES
    # the snapshot's fields, in order: attribute, bits, most (engine/pack.py); "": the fields
    # after it end the snapshot
    SAVED = ("moves", 16, 0xFFFF, "tokens", 3, "max_tokens", "progress", 1, 1, "_marks", 1, 1,
             "piles", 0, SPANISH_DECK, "", 0, 0, "_keyed", 1, 1)
    REASONS = REASONS

    def __init__(self, variant=0, profile=0, options=0, log=None):
        # options: none (the uniform interface); log: see engine/game.py Table._set_up
        row = MODES[variant]
        self.ases_up = row[0] == 1
        self.has_slot = row[1] == 1
        self.max_tokens = row[2]
        self.other_suit = row[3] == 1
        self.strict = row[2] > 0 and profile == 1
        self.pile_count = SLOT + row[1]
        self.slot = SLOT if self.has_slot else -1
        self._set_up(variant, profile, options,
                     (SPANISH_DECK, SPANISH_DECK, 10, 10, 10, 10, 1)[:self.pile_count], log,
                     UNDO_DEPTH)
        # a mark per card: set when the slot releases it, cleared when it is revealed again;
        # a marked card on the revealed pile is blocked (kept through renewals so undo is exact)
        self._marks = bytearray(SPANISH_DECK)
        self._swaps = bytearray(SPANISH_DECK)  # an undone shuffle's swap sequence
        self._rng = Rng()
        self._keyed = 1 if row[2] else 0  # the snapshot's mark: Mezclado's keyed shuffles
        self._search = None  # "Can I still win?"'s buffers, made when first asked
        self.tokens = 0
        self.progress = False

    # ---- deal -------------------------------------------------------------------------------

    def deal(self, number):
        self.piles.clear()
        cards = self._cards
        s = self._start[HAND]
        for c in range(SPANISH_DECK):
            cards[s + c] = c
            self._marks[c] = 0
        self._rng.seed(number)
        self._rng.shuffle(cards, s, SPANISH_DECK)
        n = SPANISH_DECK
        if self.ases_up:
            n = 0
            for i in range(SPANISH_DECK):
                c = cards[s + i]
                if c % 10:
                    cards[s + n] = c
                    n += 1
            for k in range(4):
                self.piles.push(SPACE + k, k * 10)
        self._size[HAND] = n
        self.number = number
        self.tokens = self.max_tokens
        self.progress = False
        self.moves = 0
        self.undo_log.clear()
        self.undo_dropped = 0
        self.changed = (1 << self.pile_count) - 1
        self._bump()

    # ---- reading piles ----------------------------------------------------------------------

    def pile_kind(self, p):
        if p == HAND:
            return KIND_HAND
        if p == REVEALED:
            return KIND_REVEALED
        return KIND_SLOT if p == SLOT else KIND_SPACE

    def pile_slot(self, p):
        return p - SPACE if SPACE <= p < SLOT else 0

    def blocked(self, p, i):
        # card i of pile p is a released card that can't go up before a renewal
        return p == REVEALED and self._marks[self._cards[self._start[p] + i]] == 1

    def score(self):
        size = self._size
        return size[2] + size[3] + size[4] + size[5]

    def still_winnable(self):
        # "Can I still win?": 1 yes, 0 no, -1 can't tell (engine/cuatro_ases_search.py, loaded
        # for the call; its buffers stay on the game). The app drops the module after the
        # answer (solitaire/odds.py): the engine does not touch sys.modules.
        from engine import cuatro_ases_search

        return cuatro_ases_search.still_winnable(self)

    # ---- rules (§1, §3-§5): may this move be made, why not, is the game over ---------

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
        c = self._cards[self._start[REVEALED] + i]
        if self._marks[c]:
            return -1
        for s in range(SPACE, SLOT):
            if self._fits(c, s) == OK:
                return s
        return -1

    def _unreachable(self):
        # the pile a loaded position has as play never leaves it, or -1 (engine/pack.py checked
        # the cards and the ranges)
        size = self._size
        cards = self._cards
        start = self._start
        marks = self._marks
        if self._keyed != (1 if self.max_tokens else 0) and (self._keyed or
                                                          self.tokens < self.max_tokens):
            return HAND  # its order comes from another version's shuffles (see the top)
        up = 0
        for s in range(SPACE, SLOT):
            # a 1, then up by suit (Pintados: by another suit), each card as it went up onto the
            # ones under it (the pile's size set back while it is tried); none blocked
            n = size[s]
            if self.ases_up and (n == 0 or cards[start[s]] != (s - SPACE) * 10):
                return s
            for i in range(n):
                c = cards[start[s] + i]
                size[s] = i
                ok = self._fits(c, s) == OK and not marks[c]
                size[s] = n
                if not ok:
                    return s
            up += n
        first = 4 if self.ases_up else 0
        if up == first and self.progress or self.moves < up - first:
            return SPACE  # progress, or fewer moves than cards went up
        s = start[REVEALED]
        for i in range(s, s + size[REVEALED]):
            # a blocked card lies where it was released: on a card of its rank
            if marks[cards[i]] and (i == s or cards[i] % 10 != cards[i - 1] % 10):
                return REVEALED
        if not self.has_slot and any(marks):
            return REVEALED  # released from a slot the variant has not
        self._keyed = 1 if self.max_tokens else 0  # today's format from here on
        return -1

    def _up_possible(self):
        # a move up now, or one a park would uncover (Con reserva)
        n = self._size[REVEALED]
        if n == 0:
            return False
        if self._goes_up(n - 1) >= 0:
            return True
        return self.has_slot and n > 1 and self._size[SLOT] == 0 and self._goes_up(n - 2) >= 0

    def _can_renew(self):
        return not self.strict and self.progress and self._size[REVEALED] > 0

    def _can_shuffle(self):
        return self.tokens > 0 and (self.strict or not self.progress) and \
            self._size[REVEALED] > 0

    def status(self):
        size = self._size
        if size[HAND]:
            return PLAYING
        if size[REVEALED] == 0:
            # nothing left to turn over: won, unless a card sits in the slot (§5.1)
            return LOST if self.has_slot and size[SLOT] else WON
        if self._up_possible() or self._can_renew() or self._can_shuffle():
            return PLAYING
        return LOST

    def _reason(self, src, dst, count):
        size = self._size
        if src >= self.pile_count or dst >= self.pile_count:
            return REASON_NOT_PLAYABLE
        if self.status() != PLAYING:
            return REASON_GAME_OVER
        if src == HAND:
            if dst != REVEALED:
                return REASON_NOT_PLAYABLE
            if size[HAND] == 0:
                return _HAND_EMPTY
            return OK if count == min(size[HAND], 2) else _PAIR
        if src == SLOT:
            if dst != REVEALED:
                return _SLOT_TO_SPACE if SPACE <= dst < SLOT else REASON_NOT_PLAYABLE
            if size[SLOT] == 0 or count != 1:
                return REASON_NOT_PLAYABLE
            t = self.top(REVEALED)
            return OK if t != NO_CARD and t % 10 == self.top(SLOT) % 10 else _SAME_RANK
        if src != REVEALED:
            return _SPACE_STAYS
        if dst == HAND:
            if size[HAND]:
                return _HAND_NOT_EMPTY
            if size[REVEALED] == 0 or count > 1 or (count == 1 and self.max_tokens == 0):
                return REASON_NOT_PLAYABLE
            if count == 0:
                if self.strict:
                    return _STRICT
                return OK if self.progress else _NO_PROGRESS
            if self.tokens == 0:
                return _NO_TOKENS
            return _RENEW_FREE if self.progress and not self.strict else OK
        if size[REVEALED] == 0 or count != 1 or dst == REVEALED:
            return REASON_NOT_PLAYABLE
        if dst == SLOT:
            return OK if size[SLOT] == 0 else _SLOT_FULL
        c = self.top(REVEALED)
        if self._marks[c]:
            return _BLOCKED
        return self._fits(c, dst)

    def check(self, move):
        return self._reason(move >> 11, (move >> 6) & 31, move & 63)

    # ---- moving: making a move, and taking it back from its undo entry ---------------

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
        n = self._size[HAND]
        s = self._start[HAND]
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
        # its one step, for the table to show (engine/game.py steps): a reveal and a renewal
        # turn their cards over
        self.step_count = 0
        self._stepped(src, dst, count | _TURNED if src == HAND else
                      self._size[REVEALED] | _TURNED if dst == HAND else 1)
        if src == HAND:
            # revealed again: an ordinary card (§5.1); the marks go in the entry for undo
            s = self._start[HAND] + self._size[HAND]
            entry = _E_REVEAL | (count - 1) << 3 | marks[self._cards[s - 1]] * _BIT_A
            marks[self._cards[s - 1]] = 0
            if count == 2:
                entry |= marks[self._cards[s - 2]] * _BIT_B
                marks[self._cards[s - 2]] = 0
            self._flip(HAND, REVEALED, count)
        elif dst == HAND:
            piles.turn(REVEALED, HAND)
            if count:
                entry = _E_SHUFFLE | self.progress * _BIT_A
                self._seed_shuffle()
                self._rng.shuffle(self._cards, self._start[HAND], self._size[HAND])
                self.tokens -= 1
            else:
                entry = _E_RENEW
            self.progress = False
        elif src == SLOT:
            c = self.top(SLOT)
            entry = _E_RELEASE | marks[c] * _BIT_A
            marks[c] = 1
            piles.move(SLOT, REVEALED, 1)
        elif dst == SLOT:
            entry = _E_PARK
            piles.move(REVEALED, SLOT, 1)
        else:
            entry = _E_UP | (dst - SPACE) << 3 | self.progress * _BIT_A
            self.progress = True
            piles.move(REVEALED, dst, 1)
        self.undo_log.push(entry, chained)
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
            return pack(HAND, REVEALED, arg + 1)
        if kind == _E_UP:
            return pack(REVEALED, SPACE + arg, 1)
        if kind == _E_RENEW:
            return RENEW
        if kind == _E_SHUFFLE:
            return SHUFFLE
        if kind == _E_PARK:
            return pack(REVEALED, SLOT, 1)
        return pack(SLOT, REVEALED, 1)

    def _take_back(self, entry):
        # undo one logged move (engine/undo.py undo_chain)
        piles = self.piles
        marks = self._marks
        kind = entry & 7
        arg = (entry >> 3) & 3
        a = (entry & _BIT_A) >> 5
        if kind == _E_REVEAL:
            self._flip(REVEALED, HAND, arg + 1)
            s = self._start[HAND] + self._size[HAND]
            marks[self._cards[s - 1]] = a
            if arg:
                marks[self._cards[s - 2]] = (entry & _BIT_B) >> 6
            changed = 3
        elif kind == _E_UP:
            piles.move(SPACE + arg, REVEALED, 1)
            self.progress = a == 1
            changed = 2 | (1 << (SPACE + arg))
        elif kind == _E_RENEW or kind == _E_SHUFFLE:
            if kind == _E_SHUFFLE:
                self.tokens += 1
                self._unshuffle()
            piles.turn(HAND, REVEALED)
            self.progress = kind == _E_RENEW or a == 1  # a free renewal needed progress
            changed = 3
        else:
            if kind == _E_PARK:
                piles.move(SLOT, REVEALED, 1)
            else:
                marks[self.top(REVEALED)] = a
                piles.move(REVEALED, SLOT, 1)
            changed = 2 | (1 << SLOT)
        self.moves -= 1
        self.changed = changed
        self.version = (self.version + 1) & _MASK30
        return True

    # ---- move lists: legal moves, the hand's move, quick play (the hints:
    # engine/cuatro_ases_hints.py) -----------------------------------------------------------

    def hand_move(self):
        # the reveal, renew or shuffle legal now (what pressing the hand does), or NO_MOVE
        n = self._size[HAND]
        if self.status() != PLAYING:
            return NO_MOVE
        if n:
            return pack(HAND, REVEALED, min(n, 2))
        if self._can_renew():
            return RENEW
        return SHUFFLE if self._can_shuffle() else NO_MOVE

    def legal_moves(self, buf):
        # every legal move, the rules of _reason taken pile by pile (no pair is tried in vain)
        cap = len(buf)
        n = 0
        if self.status() != PLAYING:
            return 0
        size = self._size
        if size[HAND]:
            buf[0] = pack(HAND, REVEALED, min(size[HAND], 2))
            n = 1
        else:
            if self._can_renew():
                buf[0] = RENEW
                n = 1
            if self._can_shuffle():
                buf[n] = SHUFFLE
                n += 1
        r = size[REVEALED]
        if r == 0:
            return n
        c = self._cards[self._start[REVEALED] + r - 1]
        if not self._marks[c]:
            for s in range(SPACE, SLOT):
                if n < cap and self._fits(c, s) == OK:
                    buf[n] = pack(REVEALED, s, 1)
                    n += 1
        if self.has_slot and n < cap:
            if size[SLOT] == 0:
                buf[n] = pack(REVEALED, SLOT, 1)
                n += 1
            elif self.top(SLOT) % 10 == c % 10:
                buf[n] = pack(SLOT, REVEALED, 1)
                n += 1
        return n

    def quick_play(self, p):
        # the revealed top to the first space that takes it
        if p != REVEALED or self.status() != PLAYING or self._size[REVEALED] == 0:
            return NO_MOVE
        s = self._goes_up(self._size[REVEALED] - 1)
        return NO_MOVE if s < 0 else pack(REVEALED, s, 1)

    def pickable(self, p, n):
        # the revealed top or the slot card, one at a time; the hand is revealed by its own move
        return n == 1 and (p == REVEALED or p == SLOT) and p < self.pile_count and \
            self._size[p] > 0
