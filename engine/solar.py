# Solitario Solar (../shared/rules/solar.md): launch the four rockets of the Space Dominoes deck
# onto their launch pads. One Game class; the two decks (40 cards, 64 cards) are its profiles.
#
# Pile numbering (pile ids are what moves carry):
#   0 stock, 1 waste, 2..5 launch pads (pad k = pile 2 + k belongs to rocket k-k-k),
#   6..9 space stations (station k = pile 6 + k, above pad k), 10 hand: a turned card waiting
#   while the player chooses which of the several pads it fits takes it.
# Moves: pack(src, dst, 1) from engine.game. Turning the stock is TURN = pack(0, 1, 1), wherever
# the card then goes (its one fitting pad, the waste or the hand). A waiting card is played with
# pack(10, pad, 1) from the hand or pack(1, pad, 1) from the waste.
# For the UI, beyond the common interface (engine/game.py), kept up to date by every change:
#   emergency   True while a rocket is in the waste (free moves and stations allowed)
#   wasted      rockets in the waste; wasted_depth(k): cards above rocket k there (0 = top), -1
#   home        bit k set: rocket k is home (pad k closed, station k open); score() counts them
#   pending     HAND or WASTE while a card waits for the player's choice of pad, else -1;
#               fits: bit k set for each pad k it fits (the legal moves are exactly those)
#   undecided   set by status() when the loss search hit its cap (stock empty, a rocket stuck):
#               the UI says "can't tell: play on or resign"
#   count(STOCK) cards left to turn; face(card) = a*16 + b*4 + c for drawing (cards_domino)
# Snapshot: engine/solar_snap.py (58 bytes, both decks). Tests build positions with
# _set_pile(p, cards) (no undo entry, no forced plays).
#
# Choices where the rules file is silent (docs/notes/solar.md says why):
# - The deal takes pad cards from the top of the shuffled stock, pad 0 first; a rocket on
#   another's pad reshuffles the whole deck with the same Rng stream.
# - The waste top's forced plays hold in an emergency too ("whenever"): after every move the
#   waste top goes to the one pad it fits; when it fits several the player chooses.
# - A waiting card is placed before anything else (no free move, no turn). Choosing is the
#   player's move: undo takes it back alone, and the turn before it with the next undo.
# - A station's first card comes from the waste top or a pad top, not from another station.
# - Lost needs a proof from the search (engine/solar_search.py): with the stock empty, no
#   sequence of free moves, forced plays and choices launches a rocket from the waste.
from array import array

from micropython import const
from engine.game import (
    pack, NO_MOVE, NO_CARD, PLAYING, WON, LOST, OK, REASONS as _REASONS,
    KIND_STOCK, KIND_WASTE, KIND_PAD, KIND_STATION, KIND_HAND,
    REASON_NOT_PLAYABLE, REASON_STOCK_EMPTY, REASON_GAME_OVER,
)
from engine.cards_domino import deck_faces, match_table, is_rocket
from engine.piles import Piles
from engine.rng import Rng
from engine.undo import UndoLog, undo_chain, redo_chain
from engine.solar_search import Search, RESCUE, NO_RESCUE, CANT_TELL

VARIANTS = ("Solitario Solar",)
PROFILES = ("40 cards", "64 cards")

STOCK = const(0)
WASTE = const(1)
PAD = const(2)  # first launch pad
STATION = const(6)  # first space station
HAND = const(10)
PILES = const(11)
TURN = const(65)  # pack(STOCK, WASTE, 1)
NOT_ROCKET = const(255)
UNDO_DEPTH = const(300)  # records (card steps); a whole 40-card game rarely needs 150
SEARCH_NODES = const(300)  # node cap of each search pass (the exact table holds ~90 positions)
_AUTO = const(32)  # undo record flag: a forced play, not the player's move
_ALL = const(0x7FF)  # changed: every pile
_MASK30 = const(0x3FFFFFFF)

REASON_OWN_PAD = const(17)
REASON_CLOSED = const(18)
REASON_NO_MATCH = const(19)
REASON_ORIGINAL = const(20)
REASON_NO_EMERGENCY = const(21)
REASON_STATION_SHUT = const(22)
REASON_STATION_FIRST = const(23)
REASON_CHOOSE_PAD = const(24)
REASON_MUST_FIT = const(25)
REASON_NOT_ONTO = const(26)
REASON_STATION_SOURCE = const(27)

# One undo record per card step, 16 bits: the move itself, pack(src, dst, 1), with the turn's
# real destination (pad, waste or hand) and _AUTO set on a forced play. Forced plays are pushed
# chained to the move that caused them, so undo_chain takes a cascade back with its move and
# redo_chain replays it record by record (apply makes no forced plays while the log replays).


class Game:
    stock = STOCK
    waste = WASTE
    first_pad = PAD
    first_station = STATION
    hand = HAND
    pile_count = PILES
    SNAPSHOT_SIZE = 58
    REASONS = _REASONS + (
        "Rockets only go to their own pad",
        "Pad closed: its rocket is home",
        "Cards don't match",
        "Dealt pad cards never move",
        "Free moves need a wasted rocket",
        "Station opens when rocket is home",
        "Needs rocket's number twice",
        "Choose a pad for the card",
        "It fits a pad: it must go there",
        "Nothing goes there",
        "Start stations from waste or pad",
    )

    def __init__(self, variant=0, profile=0, options=0):
        self.variant = variant
        self.profile = profile
        self.options = options
        faces = deck_faces(profile == 0)
        n = len(faces)
        self.deck = n
        self._faces = faces
        self._mt = match_table(faces, profile == 0)
        self._stride = (n + 7) >> 3
        self._rk = rk = bytearray(n)  # rocket number of a card, NOT_ROCKET for the others
        self._rocket = bytearray(4)  # card of rocket k
        for c in range(n):
            rk[c] = NOT_ROCKET
            if is_rocket(faces[c]):
                rk[c] = faces[c] // 21
                self._rocket[rk[c]] = c
        caps = bytearray((n, n - 4, n - 3, n - 3, n - 3, n - 3, n - 4, n - 4, n - 4, n - 4, 1))
        self.piles = Piles(caps)  # the stock holds the whole deck while it is shuffled
        self._cards = self.piles.cards
        self._start = self.piles.start
        self._size = self.piles.size
        self.undo_log = UndoLog(UNDO_DEPTH)
        self._one = array("H", (NO_MOVE,))
        self._rng = Rng()
        self._search = Search(self)
        self.number = 0
        self.moves = 0
        self.undo_dropped = 0
        self.changed = 0
        self.version = 0
        self.wasted = 0
        self.verdict = CANT_TELL  # the search's last answer, for the position of _verdict_at
        self.rescue = NO_MOVE
        self._verdict_at = -1
        self._detour = False  # the rescue starts with the reverse of the player's last move
        self.home = 0  # until the first deal: what _refresh keeps after every change
        self.emergency = self.undecided = False
        self.pending = -1
        self.fits = 0

    # ---- deal -------------------------------------------------------------------------------

    def deal(self, number):
        cards = self._cards
        n = self.deck
        for c in range(n):
            cards[c] = c  # the stock is pile 0: it starts at 0
        self._rng.seed(number)
        wrong = True
        while wrong:
            # pad k takes the k-th card from the top; a rocket on another's pad: gather and
            # shuffle again, same Rng stream, so the deal number still names one layout
            self._rng.shuffle(cards, 0, n)
            wrong = False
            for k in range(4):
                r = self._rk[cards[n - 1 - k]]
                if r != NOT_ROCKET and r != k:
                    wrong = True
        self.piles.clear()
        self._size[STOCK] = n
        for k in range(4):
            self.piles.move(STOCK, PAD + k, 1)
        self.number = number
        self.moves = 0
        self.undo_log.clear()
        self.undo_dropped = 0
        self.wasted = 0
        self.changed = _ALL
        self._bump()

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
        return self._rk[c] != NOT_ROCKET

    def score(self):
        h = self.home
        return (h & 1) + ((h >> 1) & 1) + ((h >> 2) & 1) + (h >> 3)

    def wasted_depth(self, k):
        n = self._size[WASTE]
        for i in range(n):
            if self.card(WASTE, i) == self._rocket[k]:
                return n - 1 - i
        return -1

    # ---- the rules ----------------------------------------------------------------------------

    def _match(self, a, b):
        return (self._mt[a * self._stride + (b >> 3)] >> (b & 7)) & 1

    def _fit_mask(self, c):
        # pads card c may go onto: open pads whose top it matches; a rocket only its own
        size = self._size
        cards = self._cards
        start = self._start
        mt = self._mt
        rk = self._rk
        row = c * self._stride
        m = 0
        for k in range(4):
            p = PAD + k
            t = cards[start[p] + size[p] - 1]  # a pad is never empty
            if rk[t] == NOT_ROCKET and (mt[row + (t >> 3)] >> (t & 7)) & 1:
                m |= 1 << k
        k = rk[c]
        return m if k == NOT_ROCKET else m & (1 << k)

    def _forced(self):
        # the pad the waste top must go to by itself (it fits exactly one), as 0..3, else -1
        size = self._size
        if size[HAND] or size[WASTE] == 0:
            return -1
        m = self._fit_mask(self._cards[self._start[WASTE] + size[WASTE] - 1])
        if m == 0 or m & (m - 1):
            return -1
        return (m >> 1) - (m >> 3)  # 1, 2, 4, 8 -> 0, 1, 2, 3

    def _onto(self, src, c, dst):
        # may card c, the top of src, move onto dst (a pad or a station)? OK or the reason
        size = self._size
        rk = self._rk
        if dst < PAD or dst >= HAND or dst == src:
            return REASON_NOT_ONTO
        k = dst - PAD if dst < STATION else dst - STATION
        if rk[c] != NOT_ROCKET and dst != PAD + rk[c]:
            return REASON_OWN_PAD
        if dst < STATION:
            t = self.top(dst)
            if rk[t] != NOT_ROCKET:
                return REASON_CLOSED
        elif rk[self.top(PAD + k)] != k:
            return REASON_STATION_SHUT
        elif size[dst]:
            t = self.top(dst)
        elif src >= STATION:
            return REASON_STATION_SOURCE
        else:
            return OK if self._match(c, self._rocket[k]) else REASON_STATION_FIRST
        return OK if self._match(c, t) else REASON_NO_MATCH

    def check(self, move):
        src = move >> 11
        dst = (move >> 6) & 31
        size = self._size
        if move & 63 != 1 or src >= PILES or dst >= PILES:
            return REASON_NOT_PLAYABLE
        if self.home == 15:
            return REASON_GAME_OVER
        wait = HAND if size[HAND] else WASTE
        if not (size[wait] and self._fit_mask(self.top(wait))):
            wait = -1
        if src == STOCK:
            if dst != WASTE:
                return REASON_NOT_PLAYABLE
            if wait >= 0:
                return REASON_CHOOSE_PAD
            return OK if size[STOCK] else REASON_STOCK_EMPTY
        if size[src] == 0:
            return REASON_NOT_PLAYABLE
        if wait >= 0:
            if src != wait:
                return REASON_CHOOSE_PAD
            if dst < PAD or dst >= STATION:
                return REASON_MUST_FIT
        elif PAD <= src < STATION and (size[src] == 1 or self.home >> (src - PAD) & 1):
            return REASON_ORIGINAL if size[src] == 1 else REASON_CLOSED
        elif not self.wasted:
            return REASON_NO_EMERGENCY
        return self._onto(src, self.top(src), dst)

    def _gen(self, buf, n, turn):
        # write the legal moves into buf from index n (turn: TURN too when the stock has a
        # card); returns the index after the last, counting on past len(buf) without writing,
        # so the caller can tell the buffer was too small. check()'s rules, unrolled: the loss
        # search calls this at every node (tests/test_solar_properties.py: the same moves)
        size = self._size
        cards = self._cards
        start = self._start
        rk = self._rk
        mt = self._mt
        stride = self._stride
        cap = len(buf)
        src = HAND if size[HAND] else WASTE
        m = self._fit_mask(cards[start[src] + size[src] - 1]) if size[src] else 0
        if m:
            for k in range(4):
                if (m >> k) & 1:
                    if n < cap:
                        buf[n] = (src << 11) | ((PAD + k) << 6) | 1
                    n += 1
            return n
        if turn and size[STOCK]:
            if n < cap:
                buf[n] = TURN
            n += 1
        if self.wasted == 0:
            return n
        # free moves; the waste top fits no pad here (else it would be waiting), so from the
        # waste only stations are tried
        opened = self.home
        for src in range(WASTE, HAND):
            sn = size[src]
            if sn == 0 or (PAD <= src < STATION and sn == 1):
                continue
            c = cards[start[src] + sn - 1]
            if rk[c] != NOT_ROCKET:
                continue  # a wasted rocket that fits no pad; a rocket home never moves
            row = c * stride
            for dst in range(PAD, HAND):
                if dst == src or (src == WASTE and dst < STATION):
                    continue
                dn = size[dst]
                if dst < STATION:
                    t = cards[start[dst] + dn - 1]
                    if rk[t] != NOT_ROCKET:
                        continue  # closed
                elif not (opened >> (dst - STATION)) & 1:
                    continue
                elif dn:
                    t = cards[start[dst] + dn - 1]
                elif src >= STATION:
                    continue
                else:
                    t = self._rocket[dst - STATION]
                if (mt[row + (t >> 3)] >> (t & 7)) & 1:
                    if n < cap:
                        buf[n] = (src << 11) | (dst << 6) | 1
                    n += 1
        return n

    def legal_moves(self, buf):
        if self.home == 15:
            return 0
        return min(self._gen(buf, 0, True), len(buf))

    # ---- moving -----------------------------------------------------------------------------

    def _step(self, src, dst):
        # one card from src to dst, keeping the count of wasted rockets
        self.piles.move(src, dst, 1)
        if self._rk[self._cards[self._start[dst] + self._size[dst] - 1]] != NOT_ROCKET:
            if dst == WASTE:
                self.wasted += 1
            elif src == WASTE:
                self.wasted -= 1

    def apply(self, move, chained=False):
        if self.check(move) != OK:
            return False
        log = self.undo_log
        src = move >> 11
        dst = (move >> 6) & 31
        flags = 1
        # the search's verdict for this position carries over when the player follows the
        # rescue it found, or makes a free move between pads and stations that the reverse
        # move undoes (no forced play, no card left waiting, no station emptied into another),
        # so the same positions
        # stay reachable. A rescue then starts with that reverse move (one detour at most)
        known = self._verdict_at == self.version and not log.replaying
        follow = known and self.verdict == RESCUE and move == self.rescue
        back = pack(dst, src, 1)
        if src == STOCK:
            # the turned card: onto its one fitting pad, to the hand (several fit) or the waste
            m = self._fit_mask(self.top(STOCK))
            dst = WASTE if m == 0 else HAND if m & (m - 1) else PAD + (m >> 1) - (m >> 3)
        elif src == WASTE and self._forced() >= 0:
            flags |= _AUTO  # only a redo replays a forced play by itself
        self._step(src, dst)
        log.push((src << 11) | (dst << 6) | flags, 0, chained)
        changed = (1 << src) | (1 << dst)
        if flags == 1:
            self.moves += 1
        k = -1 if log.replaying else self._forced()
        forced = k >= 0
        while k >= 0:
            self._step(WASTE, PAD + k)
            log.push((WASTE << 11) | ((PAD + k) << 6) | 1 | _AUTO, 0, True)
            changed |= (1 << WASTE) | (1 << (PAD + k))
            k = self._forced()
        self.undo_dropped = log.dropped
        self.changed = changed
        self._bump()
        if known and (follow or (PAD <= src < HAND and PAD <= dst < HAND and not forced
                                 and self.pending < 0
                                 and not (src >= STATION <= dst and self._size[src] == 0))):
            if follow and self._detour:
                self.rescue = self._search.first  # back where the search's way goes on
                self._detour = False
            elif follow:
                if self._search.follow() == NO_MOVE:
                    return True  # the way is used up: a rocket launched
                self.rescue = self._search.first
            elif self.verdict == RESCUE:
                if self._detour:
                    return True  # two steps off the way: the search runs again
                self.rescue = back
                self._detour = True
            self._verdict_at = self.version
        return True

    def can_undo(self):
        return self.undo_log.size > 0

    def can_redo(self):
        return self.undo_log.redo > 0

    def undo(self):
        return undo_chain(self, self.undo_log)

    def redo(self):
        return redo_chain(self, self.undo_log)

    def _move_of(self, entry):
        # the move a record came from (redo applies it again)
        return TURN if entry >> 11 == STOCK else entry & ~_AUTO

    def _take_back(self, entry):
        src = entry >> 11
        dst = (entry >> 6) & 31
        self._step(dst, src)
        if not entry & _AUTO:
            self.moves -= 1
        self.changed = (1 << src) | (1 << dst)
        self._bump()

    # ---- hints and the end ----------------------------------------------------------------

    def _verdict(self):
        # the loss search's answer for this position, cached by version: status() runs after
        # every key press, the search only when the position changed
        if self._verdict_at != self.version:
            self._detour = False
            self.verdict = self._search.run(SEARCH_NODES)
            self.rescue = self._search.first
            self._verdict_at = self.version
        return self.verdict

    def status(self):
        if self.home == 15:
            return WON
        self.undecided = False
        if self._size[STOCK] or not self.wasted:
            return PLAYING
        v = self._verdict()
        self.undecided = v == CANT_TELL
        return LOST if v == NO_RESCUE else PLAYING

    def hints(self, buf):
        # every productive move into buf, returns how many. In this order: the first move of a
        # rescue (the search found free moves that launch a wasted rocket); a waiting card's
        # pads left to right; the waste top to a station (digs the waste); a pad top lifted off
        # a card the waste top fits (a forced play follows); the turn. Other free moves only
        # shuffle cards between piles, so they are not hinted
        cap = len(buf)
        if cap == 0 or self.home == 15:
            return 0
        n = 0
        first = NO_MOVE
        if self.wasted and self._verdict() == RESCUE:
            first = buf[0] = self.rescue
            n = 1
        if n < cap:
            k = min(self._gen(buf, n, False), cap)
            for i in range(n, k):
                m = buf[i]
                if m != first and self._productive(m):
                    buf[n] = m
                    n += 1
        if n < cap and self.pending < 0 and self._size[STOCK]:
            buf[n] = TURN
            n += 1
        return n

    def _productive(self, move):
        src = move >> 11
        if src < PAD or src == HAND or self.pending >= 0:
            return True  # a waiting card's pad or the waste top to a station
        if src >= STATION or self._size[WASTE] == 0:
            return False
        w = self.top(WASTE)
        k = self._rk[w]
        if k != NOT_ROCKET and src != PAD + k:
            return False
        return self._match(w, self.card(src, self._size[src] - 2)) == 1

    def hint(self):
        return self._one[0] if self.hints(self._one) else NO_MOVE

    def quick_play(self, p):
        # one press on pile p: the turn; a waiting card to the first pad it fits; in an
        # emergency the rescue's move if it starts at p, else the first pad or station that
        # takes p's top
        if p >= PILES or self.home == 15:
            return NO_MOVE
        if p == STOCK:
            return TURN if self.check(TURN) == OK else NO_MOVE
        if self.pending >= 0:
            m = self.fits & -self.fits  # the leftmost pad it fits
            return pack(p, PAD + (m >> 1) - (m >> 3), 1) if p == self.pending else NO_MOVE
        if not self.wasted or self._size[p] == 0:
            return NO_MOVE
        if self._verdict() == RESCUE and self.rescue >> 11 == p:
            return self.rescue
        for dst in range(PAD, HAND):
            m = pack(p, dst, 1)
            if self.check(m) == OK:
                return m
        return NO_MOVE

    def pickable(self, p, n):
        # one card at a time, and only a top that some move may take now
        if n != 1 or p == STOCK or p >= PILES or self._size[p] == 0 or self.home == 15:
            return False
        if self.pending >= 0:
            return p == self.pending
        if not self.wasted or p == HAND:
            return False
        if PAD <= p < STATION:
            return self._size[p] > 1 and self._rk[self.top(p)] == NOT_ROCKET
        return True

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

    def _count_wasted(self):
        w = 0
        for i in range(self._size[WASTE]):
            if self._rk[self.card(WASTE, i)] != NOT_ROCKET:
                w += 1
        self.wasted = w

    # ---- for tests: build a position directly -------------------------------------------------

    def _set_pile(self, p, cards):
        self.piles.set(p, cards)
        self._count_wasted()
        self._bump()
