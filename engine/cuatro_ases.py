# Solitario 4 Ases and its four variants (../shared/rules/cuatro_ases.md): one Game class, the
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
from array import array

from micropython import const
# (pack: the solver's tests read it here)
from engine.game import KIND_HAND, KIND_REVEALED, KIND_SPACE, KIND_SLOT, NO_CARD, NO_MOVE, pack
from engine.cards_spanish import SPANISH_DECK
from engine.piles import Piles
from engine.registry import row
from engine.rng import Rng
from engine.undo import UndoLog, undo_chain, redo_chain
# the Game's methods live in three mixins (and the snapshot in engine/cuatro_ases_save.py, the
# "Can I still win?" search in engine/cuatro_ases_search.py, both loaded when called), so that
# no module is too big to compile on a board
from engine.cuatro_ases_rules import Rules, REASONS
from engine.cuatro_ases_moves import Moves
from engine.cuatro_ases_hints import Hints

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
_SNAPSHOT_BYTES = const(42)  # 329 bits at most (Con reserva), see engine/cuatro_ases_save.py
_MASK30 = const(0x3FFFFFFF)

# variants table §5: four 1s start up, reserve slot, tokens, spaces build in another suit
MODES = (
    (0, 0, 0, 0),  # Solitario 4 Ases
    (1, 0, 0, 0),  # 4 Ases revelados
    (0, 1, 0, 0),  # Con reserva
    (0, 0, TOKENS, 0),  # Mezclado
    (0, 0, 0, 1),  # Pintados
)


class Game(Rules, Moves, Hints):
    hand = HAND
    revealed = REVEALED
    first_space = SPACE
    SNAPSHOT_SIZE = _SNAPSHOT_BYTES
    REASONS = REASONS

    def __init__(self, variant=0, profile=0, options=0, log=None):
        # options: none; kept for the uniform interface. log: an UndoLog to reuse (the app's,
        # made once), else one of UNDO_DEPTH moves is made here
        row = MODES[variant]
        self.variant = variant
        self.profile = profile
        self.options = options
        self.ases_up = row[0] == 1
        self.has_slot = row[1] == 1
        self.max_tokens = row[2]
        self.other_suit = row[3] == 1
        self.strict = row[2] > 0 and profile == 1
        self.pile_count = SLOT + row[1]
        self.slot = SLOT if self.has_slot else -1
        self.piles = Piles((SPANISH_DECK, SPANISH_DECK, 10, 10, 10, 10, 1)[:self.pile_count])
        self._cards = self.piles.cards
        self._start = self.piles.start
        self._size = self.piles.size
        # a mark per card: set when the slot releases it, cleared when it is revealed again;
        # a marked card on the revealed pile is blocked (kept through renewals so undo is exact)
        self._marks = bytearray(SPANISH_DECK)
        self._swaps = bytearray(SPANISH_DECK)  # an undone shuffle's swap sequence
        self.undo_log = log.reshape(1) if log is not None else UndoLog(UNDO_DEPTH)
        self._one = array("H", (NO_MOVE,))
        self._rng = Rng()
        self._search = None  # "Can I still win?"'s buffers, made when first asked
        self.number = 0
        self.tokens = 0
        self.progress = False
        self.moves = 0
        self.undo_dropped = 0
        self.changed = 0
        self.version = 0

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
        self.version = (self.version + 1) & _MASK30

    def restart(self):
        self.deal(self.number)

    # ---- reading piles ----------------------------------------------------------------------

    def pile_kind(self, p):
        if p == HAND:
            return KIND_HAND
        if p == REVEALED:
            return KIND_REVEALED
        return KIND_SLOT if p == SLOT else KIND_SPACE

    def pile_slot(self, p):
        return p - SPACE if SPACE <= p < SLOT else 0

    def count(self, p):
        return self._size[p]

    def card(self, p, i):
        return self._cards[self._start[p] + i]

    def top(self, p):
        n = self._size[p]
        if n == 0:
            return NO_CARD
        return self._cards[self._start[p] + n - 1]

    def blocked(self, p, i):
        # card i of pile p is a released card that can't go up before a renewal
        return p == REVEALED and self._marks[self._cards[self._start[p] + i]] == 1

    def score(self):
        size = self._size
        return size[2] + size[3] + size[4] + size[5]

    # ---- undo and redo (the moves themselves: engine/cuatro_ases_moves.py) --------------------

    def can_undo(self):
        return self.undo_log.size > 0

    def can_redo(self):
        return self.undo_log.redo > 0

    def undo(self):
        return undo_chain(self, self.undo_log)

    def redo(self):
        return redo_chain(self, self.undo_log)

    # ---- not hot paths: loaded when called -----------------------------------------------------

    def save_into(self, buf, offset=0):
        from engine.cuatro_ases_save import save_into

        return save_into(self, buf, offset)

    def load_from(self, buf, offset=0):
        from engine.cuatro_ases_save import load_from

        return load_from(self, buf, offset)

    def still_winnable(self):
        # "Can I still win?": 1 yes, 0 no, -1 can't tell (engine/cuatro_ases_search.py, loaded
        # for the call; its buffers stay on the game). The app drops the module after the
        # answer (solitaire/odds.py): the engine does not touch sys.modules.
        from engine import cuatro_ases_search

        return cuatro_ases_search.still_winnable(self)

    # ---- for tests: build a position directly -------------------------------------------------

    def _set_pile(self, p, cards):
        self.piles.set(p, cards)
