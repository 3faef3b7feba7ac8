# Solitario Solar (docs/rules/solar.md): launch the four rockets of the Space Dominoes deck
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
# Game is built on the shared core (engine/game.py Table: pile readers, undo/redo, the snapshot)
# with mixins by concern: the rules (engine/solar_rules.py), moving (here), hints and the end
# (solar_hints.py); the loss search (solar_search.py) is imported when first needed, making and
# dealing a game (solar_deal.py) for Game() and deal(). Tests build positions with
# tests/positions.py set_pile(g, p, cards).
# Snapshot (save_into/load_from: Game.SAVED, written and read by engine/pack.py), zero-padded to
# SNAPSHOT_SIZE = 58 bytes: moves (16 bits, capped), each pile's size (pile 0 first, each as wide
# as its capacity needs: 40 cards 6 6 6*4 6*4 1, 64 cards 7 6 6*4 6*4 1), then every card, 6 bits
# each, pile by pile from the bottom, then 1 bit: the player resigned. 318 bits for 40 cards, 463
# for 64.
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
from engine.game import KIND_STOCK, KIND_WASTE, KIND_PAD, KIND_STATION, KIND_HAND, Table
from engine.registry import row
from engine.solar_rules import Rules, REASONS
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
# One undo record per card step, 16 bits: the move itself, pack(src, dst, 1), with the turn's
# real destination (pad, waste or hand) and _AUTO set on a forced play; the resign is RESIGN
# itself. Forced plays are pushed chained to the move that caused them, so undo_chain takes a
# cascade back with its move and redo_chain replays it record by record (apply makes no forced
# plays while the log replays).
_AUTO = const(32)  # undo record flag: a forced play, not the player's move


class Game(Rules, Hints, Table):
    stock = STOCK
    waste = WASTE
    hand = HAND
    pile_count = PILES
    SNAPSHOT_SIZE = 58
    # the snapshot's fields, in order: attribute, bits, most (engine/pack.py)
    SAVED = ("moves", 16, 0xFFFF, "piles", 0, "deck", "resigned", 1, 1)
    MOST_STEPS = 65  # the move, then a forced play for each card of the waste (Table.steps)
    # hint() = hints()[0]: hints() writes every free move before keeping the productive ones.
    # At most 17: a rescue's move, then the waste top to the 4 changing piles (pad k while
    # rocket k is out, else station k: Rules._changing) and each of those 4 to the 3 others
    HINT_ROOM = 17
    REASONS = REASONS

    def __init__(self, variant=0, profile=0, options=0, log=None):
        # options: none; kept for the uniform interface. log: an UndoLog to reuse (the app's).
        # Making and dealing a game is engine/solar_deal.py's, loaded for it (the app drops it
        # after: solitaire/opening.py), so play does not keep it
        from engine.solar_deal import make

        make(self, variant, profile, options, log)

    def deal(self, number):
        from engine.solar_deal import deal

        deal(self, number)

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

    def _unreachable(self):
        # a position put in place (loaded, or built by a test: engine/game.py Table): the
        # rockets in the waste counted (moves keep the count), then the pile it has as play
        # never leaves it, or -1 (engine/pack.py checked the cards and the ranges): the deal's
        # pad cards (no rocket on another's pad), each pad and station a chain of matching
        # cards, rockets only home on their own pad, stations only above a rocket home and
        # started with a card that matches it, a card in the hand only while it fits several
        # pads, the waste top never fitting exactly one pad
        rk = self._rk
        size = self._size
        cards = self._cards
        start = self._start
        w = 0
        for i in range(start[WASTE], start[WASTE] + size[WASTE]):
            if rk[cards[i]] != 255:
                w += 1
        self.wasted = w
        if size[STOCK] > self.deck - 4:
            return STOCK
        for p in range(PAD, HAND):
            k = (p - PAD) & 3
            s = start[p]
            n = size[p]
            if p < STATION and n == 0 or p >= STATION and n and rk[self.top(PAD + k)] != k:
                return p  # a pad is never empty; a station opens when its rocket is home
            for i in range(s, s + n):
                r = rk[cards[i]]
                below = cards[i - 1] if i > s else self._rocket[k]
                if r != 255 and (p >= STATION or r != k or i != s + n - 1) or \
                        (i > s or p >= STATION) and not self._match(cards[i], below):
                    return p
        waiting = 0
        if size[WASTE]:
            waiting = self._fit_mask(self.top(WASTE))
            if waiting and not waiting & (waiting - 1):
                return WASTE  # a forced play is never left undone
        if size[HAND]:
            m = self._fit_mask(self.top(HAND))
            if waiting or not m & (m - 1):
                return HAND
        return -1

    # ---- reading piles ----------------------------------------------------------------------

    def pile_kind(self, p):
        if p < PAD:
            return KIND_WASTE if p else KIND_STOCK
        if p < STATION:
            return KIND_PAD
        return KIND_STATION if p < HAND else KIND_HAND

    def pile_slot(self, p):
        return (p - PAD) & 3 if PAD <= p < HAND else 0

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

    # ---- moving: a move with its forced plays, its undo records, taking one back, the resign

    def _step(self, src, dst):
        # one card from src to dst, keeping the count of wasted rockets
        self.piles.move(src, dst, 1)
        if self._rk[self._cards[self._start[dst] + self._size[dst] - 1]] != 255:
            if dst == WASTE:
                self.wasted += 1
            elif src == WASTE:
                self.wasted -= 1

    def apply(self, move, chained=False):
        if not self._legal(move):
            return False
        log = self.undo_log
        self.step_count = 0  # each card step below is noted, in order, for the table to show
        if move == RESIGN:
            log.push(RESIGN, chained)
            self.resigned = True
            self.undo_dropped = log.dropped
            self.changed = 0
            self._bump()
            return True
        src = move >> 11
        dst = (move >> 6) & 31
        flags = 1
        # the search's verdict for this position carries over when the player follows the
        # rescue it found, or makes a free move between pads and stations that the reverse
        # move undoes (no forced play, no card left waiting, no station emptied into another):
        # the same positions stay reachable, and a rescue then starts with that reverse move
        known = self._at == self.version and not log.replaying
        follow = known and self.verdict == 0 and move == self.rescue
        if src == STOCK:
            dst = self._turn_to()
        elif src == WASTE and self._forced() >= 0:
            flags = 1 | _AUTO  # only a redo replays a forced play by itself
        self._step(src, dst)
        self._stepped(src, dst, 1)
        log.push((src << 11) | (dst << 6) | flags, chained)
        changed = (1 << src) | (1 << dst)
        if flags == 1:
            self.moves += 1
        k = -1 if log.replaying else self._forced()
        forced = k >= 0
        while k >= 0:
            self._step(WASTE, PAD + k)
            self._stepped(WASTE, PAD + k, 1)
            log.push((WASTE << 11) | ((PAD + k) << 6) | 1 | _AUTO, True)
            changed |= (1 << WASTE) | (1 << (PAD + k))
            k = self._forced()
        self.undo_dropped = log.dropped
        self.changed = changed
        self._bump()
        if known and (follow or (PAD <= src < HAND and PAD <= dst < HAND and not forced
                                 and self.pending < 0
                                 and not (src >= STATION <= dst and self._size[src] == 0))):
            if follow and self._detour:
                self._detour = False  # back on the way: its move is rescue again
                self.rescue = self._search.way(self._way)
            elif follow:
                self._way = self._search.after  # (set by way(): where the next move starts)
                if self._way >= self._search.end:
                    return True  # the way is used up: a rocket launched
                self.rescue = self._search.way(self._way)
            elif self.verdict == 0:
                if self._detour:
                    return True  # two steps off the way: the search runs again
                self.rescue = (dst << 11) | (src << 6) | 1
                self._detour = True
            self._at = self.version
        return True

    def _move_of(self, entry):
        # the move a record came from (redo applies it again)
        if entry == RESIGN:
            return entry
        return TURN if entry >> 11 == STOCK else entry & ~_AUTO

    def _take_back(self, entry):
        self.changed = 0
        if entry == RESIGN:
            self.resigned = False
        else:
            src = entry >> 11
            dst = (entry >> 6) & 31
            self._step(dst, src)
            if not entry & _AUTO:
                self.moves -= 1
            self.changed = (1 << src) | (1 << dst)
        self._bump()
