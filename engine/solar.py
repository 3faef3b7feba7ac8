# Solitario Solar (../shared/rules/solar.md): launch the four rockets of the Space Dominoes deck
# onto their launch pads. One Game class; the two decks (40 cards, 64 cards) are its profiles.
#
# Pile numbering (pile ids are what moves carry):
#   0 stock, 1 waste, 2..5 launch pads (pad k = pile 2 + k belongs to rocket k-k-k),
#   6..9 space stations (station k = pile 6 + k, above pad k), 10 hand: a turned card waiting
#   while the player chooses which of the several pads it fits takes it.
# Moves: pack(src, dst, 1) from engine.game. Turning the stock is TURN = pack(0, 1, 1), wherever
# the card then goes (its one fitting pad, the waste or the hand). A waiting card is played with
# pack(10, pad, 1) from the hand or pack(1, pad, 1) from the waste. RESIGN = pack(0, 0, 63)
# gives the game up (rules §6: always available); legal_moves never lists it.
# For the UI, beyond the common interface (engine/game.py), kept up to date by every change:
#   emergency   True while a rocket is in the waste (free moves and stations allowed)
#   wasted      rockets in the waste; wasted_depth(k): cards above rocket k there (0 = top), -1
#   home        bit k set: rocket k is home (pad k closed, station k open); score() counts them
#   pending     HAND or WASTE while a card waits for the player's choice of pad, else -1;
#               fits: bit k set for each pad k it fits (the legal moves are exactly those)
#   undecided   set by status() when the loss search hit its cap (stock empty, a rocket stuck):
#               the UI says "can't tell: play on or resign"
#   resigned    the player gave up (status LOST; undo takes it back)
#   count(STOCK) cards left to turn; face(card) = a*16 + b*4 + c for drawing (cards_domino)
# still_winnable(): 1, 0 or -1 for the pause menu's "Can I still win?" (engine/solar_search.py).
# The methods live in mixins, so that no module is too big to compile on a board: the rules
# (engine/solar_rules.py), moving (solar_moves.py), hints and the end (solar_hints.py); the loss
# search (solar_search.py) is imported when first needed, the snapshot (solar_snap.py) when the
# app saves or resumes, making and dealing a game (solar_deal.py) for Game() and deal(). Tests
# build positions with _set_pile(p, cards).
#
# Choices where the rules file is silent (docs/notes/solar.md says why):
# - The deal takes pad cards from the top of the shuffled stock, pad 0 first; a rocket on
#   another's pad reshuffles the whole deck with the same Rng stream.
# - The waste top's forced plays hold in an emergency too ("whenever"): after every move the
#   waste top goes to the one pad it fits; when it fits several the player chooses.
# - A waiting card is placed before anything else (no free move, no turn). Choosing is the
#   player's move: undo takes it back alone, and the turn before it with the next undo.
# - A station's first card comes from the waste top or a pad top, not from another station.
# - Lost needs a proof from the search: with the stock empty, no sequence of free moves, forced
#   plays and choices launches a rocket from the waste. Else the player may resign.
from micropython import const
from engine.game import KIND_STOCK, KIND_WASTE, KIND_PAD, KIND_STATION, KIND_HAND, NO_CARD
from engine.registry import row
from engine.undo import undo_chain, redo_chain
from engine.solar_rules import Rules, REASONS
from engine.solar_moves import Moves
from engine.solar_hints import Hints

_ROW = row("solar")
VARIANTS = _ROW.variants  # (engine/registry.py holds the names, so menus need no engine)
PROFILES = _ROW.profiles  # 40 cards, 64 cards
del row, _ROW  # the names stay, not the registry (dropped during play: solitaire/opening.py)

STOCK = const(0)
WASTE = const(1)
PAD = const(2)  # first launch pad
STATION = const(6)  # first space station
HAND = const(10)
PILES = const(11)
TURN = const(65)  # pack(STOCK, WASTE, 1)
RESIGN = const(63)  # pack(STOCK, STOCK, 63)
_ALL = const(0x7FF)
_MASK30 = const(0x3FFFFFFF)


class Game(Rules, Moves, Hints):
    stock = STOCK
    waste = WASTE
    hand = HAND
    pile_count = PILES
    SNAPSHOT_SIZE = 58
    REASONS = REASONS

    def __init__(self, variant=0, profile=0, options=0, log=None):
        # options: none; kept for the uniform interface. log: an UndoLog to reuse (the app's).
        # Making and dealing a game is engine/solar_deal.py's, loaded for it (the app drops it
        # after, with engine.cards_domino: solitaire/opening.py), so play does not keep it
        from engine.solar_deal import make

        make(self, variant, profile, options, log)

    def deal(self, number):
        from engine.solar_deal import deal

        deal(self, number)

    def restart(self):
        self.deal(self.number)

    def _bump(self):
        self.version = (self.version + 1) & _MASK30
        self._refresh()

    def _refresh(self):
        # the UI's attributes, derived from the piles after every change
        home = 0
        for k in range(4):
            if self._rk[self.top(PAD + k)] == k:
                home |= 1 << k
        self.home = home
        self.emergency = self.wasted > 0
        self.pending = -1
        self.fits = 0
        self.undecided = False
        p = HAND if self._size[HAND] else WASTE
        if self._size[p]:
            m = self._fit_mask(self.top(p))
            if m:
                self.pending = p
                self.fits = m

    # ---- reading piles ----------------------------------------------------------------------

    def pile_kind(self, p):
        if p < PAD:
            return KIND_WASTE if p else KIND_STOCK
        if p < STATION:
            return KIND_PAD
        return KIND_STATION if p < HAND else KIND_HAND

    def pile_slot(self, p):
        return (p - PAD) & 3 if PAD <= p < HAND else 0

    def count(self, p):
        return self._size[p]

    def card(self, p, i):
        return self._cards[self._start[p] + i]

    def top(self, p):
        n = self._size[p]
        return self._cards[self._start[p] + n - 1] if n else NO_CARD

    def face(self, c):
        return self._faces[c]

    def is_rocket(self, c):
        return self._rk[c] != 255

    def score(self):
        h = self.home
        return (h & 1) + ((h >> 1) & 1) + ((h >> 2) & 1) + (h >> 3)

    def wasted_depth(self, k):
        n = self._size[WASTE]
        for i in range(n):
            if self.card(WASTE, i) == self._rocket[k]:
                return n - 1 - i
        return -1

    def rest(self):
        # the app pauses, or the game is over: the loss search's Search and buffers go (and its
        # code, once the app drops engine.solar_search), made again by the next search. A cached
        # "lost" or "can't tell" stays; a rescue's way lived in the buffers, so it is searched
        # again. (Defined on Game itself: the app looks for it in the class's own __dict__, so
        # that asking a family without it raises nothing.)
        self._search = None
        if self.verdict == 0:  # RESCUE
            self._at = -1

    # ---- undo and redo (the moves themselves: engine/solar_moves.py) ------------------------

    def can_undo(self):
        return self.undo_log.size > 0

    def can_redo(self):
        return self.undo_log.redo > 0

    def undo(self):
        return undo_chain(self, self.undo_log)

    def redo(self):
        return redo_chain(self, self.undo_log)

    # ---- snapshot (engine/solar_snap.py, imported only when the app saves or resumes) --------

    def save_into(self, buf, offset=0):
        from engine.solar_snap import save

        return save(self, buf, offset)

    def load_from(self, buf, offset=0):
        from engine.solar_snap import load

        if not load(self, buf, offset):
            return False
        self.undo_log.clear()
        self.undo_dropped = 0
        self.changed = _ALL
        self._bump()
        return True

    # ---- for tests: build a position directly -------------------------------------------------

    def _set_pile(self, p, cards):
        self.piles.set(p, cards)
        w = 0
        for i in range(self._size[WASTE]):
            if self._rk[self.card(WASTE, i)] != 255:
                w += 1
        self.wasted = w
        self._bump()
