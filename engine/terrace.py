# Terrace and its six sister games (docs/rules/terrace.md): one Game class, the seven modes
# as rows of a parameter table, two rule profiles (classic, literal). Here: the deal, reading
# piles and moving (a move with its automatic steps, and taking it back); the rules (may a card go
# there, which moves are legal, why not) are written in engine/terrace_rules.py and bound as the
# Game's own methods, the hints and the end are engine/terrace_hints.py's (a mixin).
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
# Snapshot (save_into/load_from: Game.SAVED, written and read by engine/pack.py), zero-padded to
# SNAPSHOT_SIZE bytes: moves (16 bits, capped), locked (1), redeals_left (1), each pile's size
# (pile 0 first, each as wide as its capacity needs: 7 7 4|5 4*8 4*8|9), then every card, 7 bits
# each, pile by pile from the bottom. The deck identity of a card (which of the two decks) is
# kept, so a load gives back the very same card numbers. 828..832 bits: 104 bytes in every mode.
# Tests build positions with tests/positions.py set_pile (no undo entry, no automatic steps).
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
    NO_MOVE, OK, Table, pack,
    KIND_STOCK, KIND_WASTE, KIND_RESERVE, KIND_FOUNDATION, KIND_TABLEAU,
)
from engine.cards import rank, FRENCH_DECK
from engine.registry import row
from engine.rng import Rng
from engine.terrace_hints import Hints
from engine import terrace_rules as _rules

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
_TABLEAU_DEPTH = const(13)  # a tableau pile is one card and a run down to BASE: at most 13
UNDO_DEPTH = const(1000)
_SNAPSHOT_BYTES = const(104)  # Game.SNAPSHOT_SIZE; tests/test_terrace_snapshot.py checks every mode fits
_CARD_BITS = const(7)

# how a mode fills empty tableau piles
BY_HAND = const(0)
_FROM_WASTE = const(1)  # Signora: waste top, else stock top
FROM_RESERVE = const(2)  # Redheads: reserve top; once it is empty see _fill_source

# rules table §2: reserve, tableau piles, same-suit foundations, player picks the base,
# stock redeals, how spaces fill
MODES = (
    (11, 9, 0, 1, 0, BY_HAND),  # Terrace
    (13, 9, 1, 1, 1, BY_HAND),  # General's Patience
    (11, 9, 0, 0, 0, BY_HAND),  # Falling Stars
    (11, 9, 0, 0, 0, _FROM_WASTE),  # Signora
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
_TURNED = const(128)  # engine.game's TURNED: a step's cards went over turned (the redeal)
_AUTO_DEAL = const(2)
_MASK30 = const(0x3FFFFFFF)
_OK = const(0)  # engine.game's OK, inlined


class Game(Hints, Table):
    stock = STOCK
    waste = WASTE
    reserve = RESERVE
    first_foundation = FOUNDATION
    first_tableau = TABLEAU
    SNAPSHOT_SIZE = _SNAPSHOT_BYTES
    # the snapshot's fields, in order: attribute, bits, most (engine/pack.py)
    SAVED = ("moves", 16, 0xFFFF, "locked", 1, 1, "redeals_left", 1, "max_redeals",
             "piles", 0, FRENCH_DECK)
    MOST_STEPS = 11  # the base choice, a fill of each of 9 tableau piles, the deal (Table.steps)
    # the rules (§3-§4), written in engine/terrace_rules.py, as the class's own methods (found
    # at the first class a call looks in: see there)
    _onto_foundation = _rules._onto_foundation
    _sits_on = _rules._sits_on
    _is_run = _rules._is_run
    _any_into_space = _rules._any_into_space
    _into_space = _rules._into_space
    _deal_reason = _rules._deal_reason
    _redeal_reason = _rules._redeal_reason
    _reason = _rules._reason
    check = _rules.check
    legal_moves = _rules.legal_moves

    def __init__(self, variant=0, profile=0, options=0, log=None):
        # options: none (the uniform interface); log: see engine/game.py Table._set_up
        row = MODES[variant]
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
            caps[p] = _TABLEAU_DEPTH
        self._set_up(variant, profile, options, caps, log, UNDO_DEPTH)
        self._depths = array("H", range(CANDIDATES))  # base candidates' reserve depths
        # the hint's order of sources for foundation moves: reserve, tableau, waste
        self._home_sources = (RESERVE,) + tuple(range(TABLEAU, self.pile_count)) + (WASTE,)
        self._rng = Rng()
        self.base = 0
        self.locked = False
        self.redeals_left = 0

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
        self.changed = (1 << self.pile_count) - 1
        self._bump()  # version, and the base read back (engine/game.py Table)

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

    _refresh = _find_base  # after a load (engine/game.py Table) or a test's set_pile

    def _unreachable(self):
        # the pile a loaded position has as play never leaves it, or -1 (engine/pack.py checked
        # the cards and the ranges): the rules' own tests, card by card
        size = self._size
        self._find_base()
        if self.base == 0:
            # no base yet: only a pick-base mode as dealt, candidates waiting
            if not self.pick_base or self.moves or self.locked or self.second_pass() \
                    or size[WASTE] or size[RESERVE] != self.reserve_size:
                return FOUNDATION
            for p in range(FOUNDATION, self.pile_count):
                if size[p] != (1 if TABLEAU <= p < TABLEAU + CANDIDATES else 0):
                    return p
            return -1
        if size[WASTE] == 0 and size[STOCK]:
            return WASTE  # an empty waste is refilled from the stock at once
        if self.locked and (not self._space() or size[WASTE] == 0 or self.fill != BY_HAND
                            or self.second_pass()):
            return STOCK  # locked only by a deal by hand onto a waste card, a space open
        for f in range(FOUNDATION, TABLEAU):
            # built up from BASE by the mode's rule: each card as it was played onto the ones
            # under it (the pile's size set back while it is tried)
            n = size[f]
            for i in range(n):
                size[f] = i
                ok = self._onto_foundation(self._cards[self._start[f] + i], f) == _OK
                size[f] = n
                if not ok:
                    return f
        for p in range(TABLEAU, self.pile_count):
            if not self._is_run(p, size[p]):
                return p  # not one card with a run built down on it
        return -1

    def _space(self):
        # True if some tableau pile is empty
        size = self._size
        for t in range(TABLEAU, self.pile_count):
            if size[t] == 0:
                return True
        return False

    # ---- moving (§3-§5): a move with its stock lock, auto-fill and auto-deal, and taking one back exactly ---

    def _fill_source(self):
        # where an automatic fill takes its card from, or -1 (none / filled by hand)
        size = self._size
        if self.fill == FROM_RESERVE:
            if size[RESERVE]:
                return RESERVE
            if self.literal:
                return -1
        if size[WASTE]:
            return WASTE
        if size[STOCK]:
            return STOCK
        return -1

    def _deal_one(self):
        # stock -> waste; any card dealt while a tableau pile is empty locks the stock (by-hand
        # modes, never in the second pass)
        self.piles.move(STOCK, WASTE, 1)
        if self.fill == BY_HAND and not self.second_pass() and self._space():
            self.locked = True

    def apply(self, move, chained=False):
        src = move >> 11
        dst = (move >> 6) & 31
        count = move & 63
        if self._reason(src, dst, count) != OK:
            return False
        piles = self.piles
        size = self._size
        flags = _LOCKED_BEFORE if self.locked else 0
        changed = (1 << src) | (1 << dst)
        self.step_count = 0  # each step below is noted, in order, for the table to show
        if self.base == 0:
            # the base choice, then the rest of the deal: every empty tableau pile from the
            # stock left to right, one card to the waste
            piles.move(src, dst, 1)
            self._stepped(src, dst, 1)
            self._find_base()
            for t in range(TABLEAU, self.pile_count):
                if size[t] == 0:
                    piles.move(STOCK, t, 1)
                    self._stepped(STOCK, t, 1)
            piles.move(STOCK, WASTE, 1)
            self._stepped(STOCK, WASTE, 1)
            flags |= _AUTO_DEAL
            changed = (1 << self.pile_count) - 1
        else:
            if src == STOCK:
                self._deal_one()
                self._stepped(STOCK, WASTE, 1)
            elif src == WASTE and dst == STOCK:
                # the redeal: turn the waste over unshuffled; never locks
                self._stepped(WASTE, STOCK, size[WASTE] | _TURNED)
                piles.turn(WASTE, STOCK)
                self.redeals_left -= 1
            else:
                piles.move(src, dst, count)
                self._stepped(src, dst, count)
            # the automatic steps, in the rules' order (§4)
            if src == WASTE:
                self.locked = False
            if self.fill != BY_HAND and src >= TABLEAU and size[src] == 0:
                # only the pile this move emptied can need filling: any older space was left
                # empty because every fill source had run dry, and sources never grow again
                fill = self._fill_source()
                if fill >= 0:
                    piles.move(fill, src, 1)
                    self._stepped(fill, src, 1)
                    flags |= (3 - fill) << 2
                    changed |= 1 << fill
            if self.locked and not self._space():
                self.locked = False
            if size[WASTE] == 0 and size[STOCK]:
                self._deal_one()
                self._stepped(STOCK, WASTE, 1)
                flags |= _AUTO_DEAL
                changed |= (1 << STOCK) | (1 << WASTE)
        src_code = src if src < FOUNDATION else src - (TABLEAU - FOUNDATION)
        self.undo_log.push(((src_code * 20 + dst) << 8) | (count << 4) | flags, chained)
        self.undo_dropped = self.undo_log.dropped
        self.moves += 1
        self.changed = changed
        self.version = (self.version + 1) & _MASK30
        return True

    def _move_of(self, entry):
        # the move an undo entry was made by (redo replays it)
        pair = entry >> 8
        src = pair // 20
        if src >= FOUNDATION:
            src += TABLEAU - FOUNDATION
        return pack(src, pair % 20, (entry >> 4) & 15)

    def _take_back(self, entry):
        # undo one logged move and its own automatic steps (engine/undo.py undo_chain)
        piles = self.piles
        size = self._size
        move = self._move_of(entry)
        src = move >> 11
        dst = (move >> 6) & 31
        count = move & 63
        changed = (1 << src) | (1 << dst)
        if entry & _AUTO_DEAL:
            piles.move(WASTE, STOCK, 1)
            changed |= (1 << STOCK) | (1 << WASTE)
        fill = (entry >> 2) & 3
        if fill:
            piles.move(src, 3 - fill, 1)
            changed |= 1 << (3 - fill)
        if self.pick_base and dst == FOUNDATION and size[FOUNDATION] == 1:
            # undoing the base choice: the fills went left to right, so they go back right to
            # left; the three candidates not chosen were never filled
            for t in range(self.last_tableau, TABLEAU - 1, -1):
                if t >= TABLEAU + CANDIDATES or t == src:
                    piles.move(t, STOCK, 1)
            changed = (1 << self.pile_count) - 1
        if src == STOCK:
            piles.move(WASTE, STOCK, 1)
        elif src == WASTE and dst == STOCK:
            piles.turn(STOCK, WASTE)
            self.redeals_left += 1
        else:
            piles.move(dst, src, count)
        self.locked = (entry & _LOCKED_BEFORE) != 0
        self._find_base()
        self.moves -= 1
        self.changed = changed
        self.version = (self.version + 1) & _MASK30
        return True

    # ---- quick play and picking up (the hints and the end: engine/terrace_hints.py) ---------

    def _foundation_move(self, p):
        # first foundation that takes the top card of p (waste, reserve or tableau, not empty),
        # or NO_MOVE
        if self.base == 0:
            return pack(p, FOUNDATION, 1) if self._reason(p, FOUNDATION, 1) == OK else NO_MOVE
        c = self.top(p)
        for f in range(FOUNDATION, TABLEAU):
            if self._onto_foundation(c, f) == OK:
                return pack(p, f, 1)
        return NO_MOVE

    def quick_play(self, p):
        if p == STOCK or FOUNDATION <= p < TABLEAU or p > self.last_tableau or self._size[p] == 0:
            return NO_MOVE
        return self._foundation_move(p)

    def pickable(self, p, n):
        # the stock is never picked up: dealing is its own move (pack(0, 1, 1))
        if p == STOCK or p > self.last_tableau or n < 1 or n > self._size[p]:
            return False
        if FOUNDATION <= p < TABLEAU:
            return False
        if self.base == 0:
            return TABLEAU <= p < TABLEAU + CANDIDATES and n == 1
        if n == 1:
            return True
        return p >= TABLEAU and self.literal and self._is_run(p, n)
