# Terrace and its six sister games (../shared/rules/terrace.md): one Game class, the seven modes
# as rows of a parameter table, two rule profiles (classic, literal).
#
# Pile numbering (pile ids are what moves carry):
#   0 stock, 1 waste, 2 reserve, 3..10 foundations (foundation 1 of the rules file is pile 3),
#   11.. tableau piles left to right (11..19 with 9 piles, 11..18 with 8).
#   Game.stock, .waste, .reserve, .first_foundation, .first_tableau name them for the UI.
# Moves: pack(src, dst, count) from engine.game. Dealing is pack(0, 1, 1); the General's Patience
# redeal is pack(1, 0, 0) (count 0 = the whole waste); choosing the base card is
# pack(11 + i, 3, 1) for candidate i = 0..3.
# For the status line, beyond the common interface (engine/game.py): base (rank, 0 until
# chosen), locked (the stock lock), redeals_left, second_pass(), tableau_count, reserve_size.
# Snapshot (save_into/load_from), bits least significant first (engine/pack.py), zero-padded to
# SNAPSHOT_SIZE bytes: moves (16 bits, capped), locked (1), redeals_left (1), each pile's size
# (pile 0 first, each as wide as its capacity needs: 7 7 4|5 4*8 4*8|9), then every card, 7 bits
# each, pile by pile from the bottom. The deck identity of a card (which of the two decks) is
# kept, so a load gives back the very same card numbers. 828..832 bits: 104 bytes in every mode.
# Tests build positions with _set_pile(p, cards) (no undo entry, no automatic steps).
#
# Choices where the rules file is silent (what a player of the desktop game expects):
# - The base card goes to the first foundation (pile 3) only; BASE is read back from that pile,
#   so undoing the choice un-chooses the base without storing it.
# - A space left empty in Signora or Redheads because every fill source ran dry follows the
#   by-hand rule of the profile (classic: only the waste top, which is then empty anyway).
# - In General's Patience's second pass a deal by hand is refused (each card comes only when
#   the waste empties) and the lock is never set: it could refuse nothing, so showing it would
#   mislead.
# - The hint's base choice is the candidate whose rank lies least deep in the reserve (the
#   rules' strategy note: avoid base cards buried in the reserve); ties go to the leftmost.
# - Within one hint step piles are tried left to right; waste top -> tableau tries non-empty
#   piles before spaces, so a space is kept when the card also fits elsewhere.
from array import array

from micropython import const
from engine.game import (
    NO_MOVE, NO_CARD, REASONS,
    KIND_STOCK, KIND_WASTE, KIND_RESERVE, KIND_FOUNDATION, KIND_TABLEAU,
)
from engine.cards import rank, FRENCH_DECK
from engine.piles import Piles
from engine.registry import row
from engine.rng import Rng
from engine.undo import UndoLog, undo_chain, redo_chain
# the Game's methods live in three mixins, so that no module is too big to compile on a board
from engine.terrace_rules import Rules
from engine.terrace_moves import Moves
from engine.terrace_hints import Hints

_ROW = row("terrace")
VARIANTS = _ROW.variants  # Terrace, General's Patience, Falling Stars, Signora, Redheads,
# Blondes and Brunettes, Wood (engine/registry.py holds the names, so menus need no engine)
PROFILES = _ROW.profiles  # classic, literal
del row, _ROW  # the names stay, not the registry (dropped during play: solitaire/opening.py)
LITERAL = const(1)  # profile 1; in it groups move (classic: single cards only)

STOCK = const(0)
WASTE = const(1)
RESERVE = const(2)
FOUNDATION = const(3)  # first foundation
TABLEAU = const(11)  # first tableau pile
CANDIDATES = const(4)  # base candidates, on tableau piles 1-4
TABLEAU_DEPTH = const(13)  # a tableau pile is one card and a run down to BASE: at most 13
UNDO_DEPTH = const(1000)
_SNAPSHOT_BYTES = const(104)  # Game.SNAPSHOT_SIZE; tests/test_terrace_snapshot.py checks every mode fits
_CARD_BITS = const(7)
_MASK30 = const(0x3FFFFFFF)

# how a mode fills empty tableau piles
BY_HAND = const(0)
FROM_WASTE = const(1)  # Signora: waste top, else stock top
FROM_RESERVE = const(2)  # Redheads: reserve top; once it is empty see _fill_source

# rules table §2: reserve, tableau piles, same-suit foundations, player picks the base,
# stock redeals, how spaces fill
MODES = (
    (11, 9, 0, 1, 0, BY_HAND),  # Terrace
    (13, 9, 1, 1, 1, BY_HAND),  # General's Patience
    (11, 9, 0, 0, 0, BY_HAND),  # Falling Stars
    (11, 9, 0, 0, 0, FROM_WASTE),  # Signora
    (21, 8, 0, 0, 0, FROM_RESERVE),  # Redheads
    (10, 8, 0, 0, 0, BY_HAND),  # Blondes and Brunettes
    (10, 9, 0, 0, 0, BY_HAND),  # Wood
)

# One undo entry per user move (16 bits, so 1,000 moves cost 2 KB):
#   bits 8..15  source and destination: src_code*20 + dst, where src_code is 0 stock, 1 waste,
#               2 reserve, 3.. tableau (foundations are never a source, the reserve never a
#               destination, so 12*20 = 240 pairs fit a byte)
#   bits 4..7   count (0 for the redeal)
#   bit 0       the stock was locked before the move
#   bit 1       an automatic deal followed the move
#   bits 2..3   the pile the move emptied was auto-filled from: 0 no fill, else 3 - source pile
#               (1 reserve, 2 waste, 3 stock)
# The base choice's own fills and the redeal pass are read back from the move itself.
_LOCKED_BEFORE = const(1)
_AUTO_DEAL = const(2)


class Game(Rules, Moves, Hints):
    stock = STOCK
    waste = WASTE
    reserve = RESERVE
    first_foundation = FOUNDATION
    first_tableau = TABLEAU
    SNAPSHOT_SIZE = _SNAPSHOT_BYTES
    REASONS = REASONS

    def __init__(self, variant=0, profile=0, options=0, log=None):
        # options: Terrace has none; kept for the uniform interface. log: an UndoLog to reuse
        # (the app's, made once), else one of UNDO_DEPTH moves is made here
        row = MODES[variant]
        self.variant = variant
        self.profile = profile
        self.options = options
        self.literal = profile == LITERAL
        self.reserve_size = row[0]
        self.tableau_count = row[1]
        self.same_suit = row[2] == 1
        self.pick_base = row[3] == 1
        self.max_redeals = row[4]
        self.fill = row[5]
        self.pile_count = TABLEAU + row[1]
        self.last_tableau = self.pile_count - 1
        caps = bytearray(self.pile_count)
        caps[STOCK] = FRENCH_DECK
        caps[WASTE] = FRENCH_DECK
        caps[RESERVE] = row[0]
        for p in range(FOUNDATION, TABLEAU):
            caps[p] = 13
        for p in range(TABLEAU, self.pile_count):
            caps[p] = TABLEAU_DEPTH
        self.piles = Piles(caps)
        # the storage, held directly: the hot paths index it without a call per card
        self._cards = self.piles.cards
        self._start = self.piles.start
        self._size = self.piles.size
        self.undo_log = log.reshape(1) if log is not None else UndoLog(UNDO_DEPTH)
        self._one = array("H", (NO_MOVE,))  # hint()'s one-move list
        self._depths = array("H", range(CANDIDATES))  # base candidates' reserve depths
        # the hint's order of sources for foundation moves: reserve, tableau, waste
        self._home_sources = (RESERVE,) + tuple(range(TABLEAU, self.pile_count)) + (WASTE,)
        self._rng = Rng()
        self.number = 0
        self.base = 0
        self.locked = False
        self.redeals_left = 0
        self.moves = 0
        self.undo_dropped = 0
        self.changed = 0
        self.version = 0  # bumped by every change of position (engine/game.py)

    # ---- deal -------------------------------------------------------------------------------

    def deal(self, number):
        piles = self.piles
        piles.clear()
        cards = self._cards
        s = self._start[STOCK]
        for c in range(FRENCH_DECK):
            cards[s + c] = c
        self._size[STOCK] = FRENCH_DECK
        self._rng.seed(number)
        self._rng.shuffle(cards, s, FRENCH_DECK)
        # one card at a time from the top of the stock: the reserve first (the last card dealt
        # is its top)
        for i in range(self.reserve_size):
            piles.move(STOCK, RESERVE, 1)
        if self.pick_base:
            for t in range(CANDIDATES):
                piles.move(STOCK, TABLEAU + t, 1)
        else:
            piles.move(STOCK, FOUNDATION, 1)
            for t in range(TABLEAU, self.pile_count):
                piles.move(STOCK, t, 1)
            piles.move(STOCK, WASTE, 1)
        self.number = number
        self.locked = False  # reset on every deal (the desktop game's lock survives: not copied)
        self.redeals_left = self.max_redeals
        self.moves = 0
        self.undo_log.clear()
        self.undo_dropped = 0
        self._find_base()
        self.changed = (1 << self.pile_count) - 1
        self.version = (self.version + 1) & _MASK30

    def restart(self):
        self.deal(self.number)

    # ---- reading piles ----------------------------------------------------------------------

    def pile_kind(self, p):
        if p == STOCK:
            return KIND_STOCK
        if p == WASTE:
            return KIND_WASTE
        if p == RESERVE:
            return KIND_RESERVE
        if p < TABLEAU:
            return KIND_FOUNDATION
        return KIND_TABLEAU

    def pile_slot(self, p):
        if p >= TABLEAU:
            return p - TABLEAU
        if p >= FOUNDATION:
            return p - FOUNDATION
        return 0

    def count(self, p):
        return self._size[p]

    def card(self, p, i):
        return self._cards[self._start[p] + i]

    def top(self, p):
        n = self._size[p]
        if n == 0:
            return NO_CARD
        return self._cards[self._start[p] + n - 1]

    def score(self):
        size = self._size
        n = 0
        for f in range(FOUNDATION, TABLEAU):
            n += size[f]
        return n

    def second_pass(self):
        # General's Patience after its redeal
        return self.redeals_left < self.max_redeals

    def _find_base(self):
        # BASE is the rank of the first foundation's bottom card, 0 while it is empty
        if self._size[FOUNDATION]:
            self.base = rank(self._cards[self._start[FOUNDATION]])
        else:
            self.base = 0

    def _space(self):
        # True if some tableau pile is empty
        size = self._size
        for t in range(TABLEAU, self.pile_count):
            if size[t] == 0:
                return True
        return False

    # ---- undo and redo (the moves themselves: engine/terrace_moves.py) -------------------------

    def can_undo(self):
        return self.undo_log.size > 0

    def can_redo(self):
        return self.undo_log.redo > 0

    def undo(self):
        return undo_chain(self, self.undo_log)

    def redo(self):
        return redo_chain(self, self.undo_log)

    # ---- snapshot (resume after power-off; not a hot path: engine/terrace_save.py) -------------

    def save_into(self, buf, offset=0):
        from engine.terrace_save import save_into

        return save_into(self, buf, offset)

    def load_from(self, buf, offset=0):
        from engine.terrace_save import load_from

        return load_from(self, buf, offset)

    # ---- for tests: build a position directly -------------------------------------------------

    def _set_pile(self, p, cards):
        self.piles.set(p, cards)
        self._find_base()
