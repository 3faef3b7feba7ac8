# Klondike (docs/rules/klondike.md): one Game class, two modes as data (draw one, draw three),
# two rule profiles (standard: unlimited passes through the stock; limited: one pass drawing one,
# three drawing three). Here: the deal, reading piles, face-down cards, moving (a move with its
# automatic turn-up, and taking it back exactly), the score, quick play and picking up. The rules
# (may a card go there, legal moves, why not) are engine/klondike_rules.py's and the hints and the
# end are there too, bound as the Game's own methods as Terrace binds its rules
# (one class in the method lookup chain: measured faster on the board, engine/terrace_rules.py).
#
# Pile numbering (pile ids are what moves carry):
#   0 stock, 1 waste, 2..5 foundations, 6..12 tableau piles left to right.
#   Game.stock, .waste, .first_foundation, .first_tableau name them for the UI.
# Moves: pack(src, dst, count) from engine.game. Turning the stock is pack(0, 1, draw) (Game.turn:
# count = the mode's draw, 1 or 3, even when fewer cards are left); recycling the waste is
# pack(1, 0, 0) (a private const, _RECYCLE: the board interns no name for it). A foundation's
# top card may come back down: pack(2..5, 6..12, 1).
#
# Face-down cards, for the renderer: the stock is all face down, the waste and the foundations all
# face up; tableau pile 6 + i has Game.down[i] face-down cards at its bottom (0 <= down[i] <= i,
# and below its size when it is not empty: its top card is always face up), every card above
# them face up and built down in alternate colours. face_down(p) answers for any pile. Draw three
# fans the waste: its top Game.fanned cards (0..draw) are the ones the last turn brought that are
# still there; show max(fanned, 1) of them spread when the waste is not empty (1 after a recycle
# or when the last turn's cards are all played: the waste's top card alone).
# Steps (Table.steps): a turn is (0, 1, k | TURNED), the stock's top card first; a recycle
# (1, 0, n | TURNED); a card turned face up in place by the automatic step is (p, p, 1 | TURNED).
#
# Snapshot (save_into/load_from: Game.SAVED, written and read by engine/pack.py), zero-padded to
# SNAPSHOT_SIZE bytes: moves (16 bits, capped), points (10), recycles (16), fanned (2),
# each tableau pile's face-down count (3 bits each), each pile's size (as wide as its capacity
# needs), then every card, 6 bits, pile by pile from the bottom: 435 bits, 56 bytes.
# Tests build positions with tests/positions.py set_pile (no undo entry, no automatic steps).
#
# Choices where the rules file leaves the common texts to differ (docs/rules/klondike.md says
# each): an Ace goes to any empty foundation; only a King (or a run headed by one) fills a space;
# any face-up run moves as a group; a foundation's top card may come back down onto the tableau
# (-15 points); the score is Windows' standard scoring without the timer, never below 0 (each
# penalty stops at 0, as there); the lost game is the one where no productive move is left
# (rule 9), not the one with no legal move at all, which Klondike never reaches (a King can
# shuttle between spaces for ever).
from micropython import const
from engine.game import (
    NO_MOVE, OK, Table, pack,
    KIND_STOCK, KIND_WASTE, KIND_FOUNDATION, KIND_TABLEAU,
)
from engine.rng import Rng
from engine import klondike_rules as _rules

# the modes' and profiles' names, as engine/registry.py's row has them ("limited": limited passes,
# the short word keeping a mode's whole name, "Klondike draw three (limited)", within a line
# of a 160 px screen)
VARIANTS = ("Klondike draw one", "Klondike draw three")
PROFILES = ("standard", "limited")
REASONS = _rules.REASONS

STOCK = const(0)
WASTE = const(1)
FOUNDATION = const(2)  # first foundation
TABLEAU = const(6)  # first tableau pile
PILES = const(13)
DECK = const(52)
_STOCK_CARDS = const(24)  # what the deal leaves in the stock
UNDO_DEPTH = const(1000)
_RECYCLE = const(2048)  # pack(WASTE, STOCK, 0): turning the waste over to the stock
_SNAPSHOT_BYTES = const(56)  # Game.SNAPSHOT_SIZE: 435 bits (tests/test_klondike_snapshot.py)
_UNLIMITED = const(0xFFFF)  # max_redeals without a limit: the count stops there (it only
# matters below 2, for draw three's penalty, and the snapshot holds 16 bits)
_LIMITED = const(1)  # profile 1

# each mode as data: cards a turn brings, and the recycles the limited profile allows (passes
# less one: rules §5)
MODES = (
    (1, 0),  # draw one: one pass
    (3, 2),  # draw three: three passes
)

# One undo entry per move (16 bits): bits 12..15 source, 8..11 destination, then by source:
#   stock (a turn)      bits 4..7 the cards turned, bits 0..1 fanned before
#   waste -> stock      (the recycle) bits 2..6 the score before / 5 + 1 when the penalty
#                       stopped at 0 (else 0), bits 0..1 fanned before
#   waste -> pile       bits 4..5 fanned before
#   foundation -> pile  bits 4..7 the score before / 5 + 1 when the -15 stopped at 0 (else 0)
#   tableau -> pile     bits 4..7 the cards moved, bit 3 the card under them was turned face up
# Every score is a multiple of 5 (every points value is), and a penalty stops at 0 only from a
# score below it (100 at most), so the score before fits 5 bits as a count of fives.
_TURNED_UP = const(8)
_TURNED = const(128)  # engine.game's TURNED: a step's cards went over turned
_MASK30 = const(0x3FFFFFFF)
_OK = const(0)

# the score (rules §8: Windows' standard scoring, untimed)
_TO_FOUNDATION = const(10)
_WASTE_TO_TABLEAU = const(5)
_TURN_UP = const(5)
_FROM_FOUNDATION = const(15)
_RECYCLE_ONE = const(100)  # draw one: every recycle
_RECYCLE_THREE = const(20)  # draw three: every recycle after the first two (passes 4 on)
_FREE_RECYCLES_THREE = const(2)
_MOST_POINTS = const(745)  # 52 cards home, 24 waste cards to the tableau, 21 turn-ups


class Game(Table):
    stock = STOCK
    waste = WASTE
    first_foundation = FOUNDATION
    first_tableau = TABLEAU
    pile_count = PILES
    REASONS = REASONS
    SNAPSHOT_SIZE = _SNAPSHOT_BYTES
    # the snapshot's fields, in order: attribute, bits, most (engine/pack.py)
    # (each most is a bound the codec checks, or the field's whole width where _unreachable
    # checks the real one: a face-down count against its pile, 7 = 3 bits)
    SAVED = ("moves", 16, 0xFFFF, "points", 10, _MOST_POINTS, "recycles", 16, "max_redeals",
             "fanned", 2, "draw", "down", 3, 7, "piles", 0, DECK)
    MOST_STEPS = 2  # the move, then the card it uncovers turned face up (Table.steps)
    # the rules (§2-§6), written in engine/klondike_rules.py, and the hints and the end (§7,
    # §9), there too, as the class's own methods
    _goes = _rules._goes
    _onto_foundation = _rules._onto_foundation
    _sits_on = _rules._sits_on
    _reason = _rules._reason
    check = _rules.check
    legal_moves = _rules.legal_moves
    _tops = _rules._tops
    _goes_up = _rules._goes_up
    _possible = _rules._possible
    _fits = _rules._fits
    _to_tableau = _rules._to_tableau
    _wants = _rules._wants
    _productive = _rules._productive
    hints = _rules.hints
    status = _rules.status

    def __init__(self, variant=0, profile=0, options=0, log=None):
        # options: none (the uniform interface); log: see engine/game.py Table._set_up
        row = MODES[variant]
        self.draw = row[0]
        self.limit = profile == _LIMITED  # limited passes (a name the board holds already)
        self.max_redeals = row[1] if self.limit else _UNLIMITED
        caps = bytearray(PILES)
        caps[STOCK] = _STOCK_CARDS
        caps[WASTE] = _STOCK_CARDS
        for f in range(FOUNDATION, TABLEAU):
            caps[f] = 13
        for i in range(7):
            caps[TABLEAU + i] = i + 13  # i face-down cards under a run of at most 13 (K..A)
        self._set_up(variant, profile, options, caps, log, UNDO_DEPTH)
        self.turn = pack(STOCK, WASTE, self.draw)
        self.down = bytearray(7)
        self.height = bytearray(4)  # cards home per suit (_tops: the hints and the solver)
        self._rng = Rng()
        self.fanned = 0
        self.recycles = 0
        self.points = 0

    # ---- deal (§1) -------------------------------------------------------------------------

    def deal(self, number):
        piles = self.piles
        piles.clear()
        cards = self._cards
        s = self._start[STOCK]
        # the whole deck starts in the stock's storage, which holds only 24: the shuffle runs in
        # the first 52 bytes of the card store (stock and waste, 48, and the first foundation),
        # then the tableau takes its 28 from the top, leaving the stock's 24 in place
        for c in range(DECK):
            cards[s + c] = c
        self._rng.seed(number)
        self._rng.shuffle(cards, s, DECK)
        size = self._size
        size[STOCK] = DECK  # (over its capacity only until the deal below takes 28)
        # row by row, left to right, from the stock's top: pile i gets i + 1 cards, the last face up
        for row in range(7):
            for i in range(row, 7):
                piles.move(STOCK, TABLEAU + i, 1)
        down = self.down
        for i in range(7):
            down[i] = i
        self.number = number
        self.fanned = 0
        self.recycles = 0
        self.points = 0
        self.moves = 0
        self.undo_log.clear()
        self.undo_dropped = 0
        self.changed = (1 << PILES) - 1
        self._bump()

    # ---- reading piles ------------------------------------------------------------------------

    def pile_kind(self, p):
        if p == STOCK:
            return KIND_STOCK
        if p == WASTE:
            return KIND_WASTE
        if p < TABLEAU:
            return KIND_FOUNDATION
        return KIND_TABLEAU

    def pile_slot(self, p):
        if p >= TABLEAU:
            return p - TABLEAU
        if p >= FOUNDATION:
            return p - FOUNDATION
        return 0

    def face_down(self, p):
        # how many cards at the bottom of pile p are face down (the renderer draws their backs)
        if p == STOCK:
            return self._size[STOCK]
        if p >= TABLEAU:
            return self.down[p - TABLEAU]
        return 0

    def score(self):
        return self.points

    def home(self):
        # cards on the foundations
        size = self._size
        return size[2] + size[3] + size[4] + size[5]

    def _unreachable(self):
        # the pile a loaded position has as play never leaves it, or -1 (engine/pack.py checked
        # the cards and the ranges): each rule's own test
        size = self._size
        cards = self._cards
        start = self._start
        if size[STOCK] + size[WASTE] > _STOCK_CARDS:
            return WASTE  # waste cards never go back to the stock's 24
        if self.fanned > self.draw or self.fanned > size[WASTE] or self.points % 5:
            return WASTE
        if self.recycles > self.max_redeals:
            return STOCK
        for f in range(FOUNDATION, TABLEAU):
            s = start[f]
            for j in range(size[f]):
                if cards[s + j] != cards[s] + j or cards[s] % 13:
                    return f  # an Ace, then its suit up by rank
        down = self.down
        for i in range(7):
            p = TABLEAU + i
            n = size[p]
            d = down[i]
            if d > i or (n and d >= n) or (n == 0 and d):
                return p  # face-down cards only from the deal, and the top face up
            s = start[p]
            for j in range(s + d + 1, s + n):
                if self._sits_on(cards[j], cards[j - 1]) != _OK:
                    return p
        return -1

    # ---- moving (§2-§6, §8): a move with its automatic turn-up, and taking one back exactly ---

    def apply(self, move, chained=False):
        src = move >> 11
        dst = (move >> 6) & 31
        count = move & 63
        if self._reason(src, dst, count) != _OK:
            return False
        piles = self.piles
        size = self._size
        changed = (1 << src) | (1 << dst)
        self.step_count = 0  # each step below is noted, in order, for the table to show
        fanned = self.fanned
        if src == STOCK:
            k = size[STOCK]
            if k > self.draw:
                k = self.draw
            for i in range(k):
                piles.move(STOCK, WASTE, 1)  # one by one: the three come over turned
            self._stepped(STOCK, WASTE, k | _TURNED)
            entry = (k << 4) | fanned
            self.fanned = k
        elif src == WASTE and dst == STOCK:
            self._stepped(WASTE, STOCK, size[WASTE] | _TURNED)
            piles.turn(WASTE, STOCK)
            # §8: what a recycle costs (self.recycles: those made before it)
            penalty = _RECYCLE_ONE if self.draw == 1 else (
                _RECYCLE_THREE if self.recycles >= _FREE_RECYCLES_THREE else 0)
            before = 0
            if penalty > self.points:
                before = self.points // 5 + 1
                self.points = 0
            else:
                self.points -= penalty
            if self.recycles < _UNLIMITED:
                self.recycles += 1
            entry = (before << 2) | fanned
            self.fanned = 0
        else:
            piles.move(src, dst, count)
            self._stepped(src, dst, count)
            if src == WASTE:
                self.points += _TO_FOUNDATION if dst < TABLEAU else _WASTE_TO_TABLEAU
                entry = fanned << 4
                if fanned:
                    self.fanned = fanned - 1
            elif src < TABLEAU:
                before = 0
                if self.points < _FROM_FOUNDATION:
                    before = self.points // 5 + 1
                    self.points = 0
                else:
                    self.points -= _FROM_FOUNDATION
                entry = before << 4
            else:
                entry = count << 4
                if dst < TABLEAU:
                    self.points += _TO_FOUNDATION
                i = src - TABLEAU
                n = size[src]
                if n and n == self.down[i]:
                    # the automatic step (§6): the card uncovered is turned face up
                    self.down[i] = n - 1
                    self.points += _TURN_UP
                    self._stepped(src, src, 1 | _TURNED)
                    entry |= _TURNED_UP
        self.undo_log.push((src << 12) | (dst << 8) | entry, chained)
        self.undo_dropped = self.undo_log.dropped
        self.moves += 1
        self.changed = changed
        self.version = (self.version + 1) & _MASK30
        return True

    def _move_of(self, entry):
        # the move an undo entry was made by (redo replays it)
        src = entry >> 12
        dst = (entry >> 8) & 15
        if src == STOCK:
            return self.turn
        if src == WASTE and dst == STOCK:
            return _RECYCLE
        return pack(src, dst, (entry >> 4) & 15 if src >= TABLEAU else 1)

    def _take_back(self, entry):
        # undo one logged move and its automatic turn-up (engine/undo.py undo_chain)
        piles = self.piles
        src = entry >> 12
        dst = (entry >> 8) & 15
        if src == STOCK:
            for i in range((entry >> 4) & 15):
                piles.move(WASTE, STOCK, 1)
            self.fanned = entry & 3
        elif src == WASTE and dst == STOCK:
            piles.turn(STOCK, WASTE)
            if self.recycles:
                self.recycles -= 1
            before = (entry >> 2) & 31
            if before:
                self.points = (before - 1) * 5
            else:  # (the penalty apply() took, self.recycles those made before it again)
                self.points += _RECYCLE_ONE if self.draw == 1 else (
                    _RECYCLE_THREE if self.recycles >= _FREE_RECYCLES_THREE else 0)
            self.fanned = entry & 3
        elif src == WASTE:
            piles.move(dst, WASTE, 1)
            self.points -= _TO_FOUNDATION if dst < TABLEAU else _WASTE_TO_TABLEAU
            self.fanned = (entry >> 4) & 3
        elif src < TABLEAU:
            piles.move(dst, src, 1)
            before = (entry >> 4) & 15
            if before:
                self.points = (before - 1) * 5
            else:
                self.points += _FROM_FOUNDATION
        else:
            if entry & _TURNED_UP:
                self.down[src - TABLEAU] += 1
                self.points -= _TURN_UP
            piles.move(dst, src, (entry >> 4) & 15)
            if dst < TABLEAU:
                self.points -= _TO_FOUNDATION
        self.moves -= 1
        self.changed = (1 << src) | (1 << dst)
        self.version = (self.version + 1) & _MASK30

    # ---- quick play and picking up -----------------------------------------------------------

    def quick_play(self, p):
        # the waste's or a tableau pile's top card to the foundation that takes it (§3)
        if p == STOCK or FOUNDATION <= p < TABLEAU or p >= PILES or self._size[p] == 0:
            return NO_MOVE
        f = self._goes(self.top(p))
        return pack(p, f, 1) if f >= 0 else NO_MOVE

    def pickable(self, p, n):
        # the waste's top card, a foundation's top card, or any face-up run of a tableau pile
        # (§4); the stock is never picked up: turning it is its own move (Game.turn)
        if p == STOCK or p >= PILES or n < 1 or n > self._size[p]:
            return False
        if p < TABLEAU:
            return n == 1
        return n <= self._size[p] - self.down[p - TABLEAU]
