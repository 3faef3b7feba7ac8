# Solitario Solar's hints and the end, as a mixin of engine.solar.Game: the loss search's
# verdict (engine/solar_search.py, imported for the first search, its Search and buffers made
# then and kept by the game, so a game that never has a rocket stuck in the waste never pays
# for them),
# status, the hint order, the one-press action of a pile, what may be picked up, and "Can I
# still win?". Pile numbers as in engine/solar.py.
from micropython import const
from engine.game import NO_MOVE, PLAYING, WON, LOST, pack

_STOCK = const(0)
_WASTE = const(1)
_PAD = const(2)
_STATION = const(6)
_HAND = const(10)
_PILES = const(11)
_TURN = const(65)
_RESIGN = const(63)
_RESCUE = const(0)  # engine/solar_search.py's answers
_NO_RESCUE = const(1)
_CANT_TELL = const(2)
# new positions each search may reach: status() runs it after a move in an endgame, so at most
# about a second on a SAMD51 (python -m sim.solar_endgames --board: MicroPython's time here
# scaled to the board by Pystone). The search tells the UI when it runs long (think below)
SEARCH_NODES = const(310)
WIN_NODES = const(200)  # still_winnable()'s, about the same time


class Hints:
    # the UI may set think to a function: the search calls think(True) once it has run for
    # about 0.3 s on the board (engine/solar_search.py THINK), think(False) when it is done, so
    # the table can say that it is thinking. It must not touch the game: the search is midway
    think = None

    def _run(self, cap, win):
        # a search (engine/solar_search.py), leaving the first move of the way it found in
        # rescue. The module is imported for the first search and its Search, with its
        # buffers, kept by the game (made once: a run allocates nothing). The engine does not
        # touch sys.modules: the app may drop the module's entry (solitaire/odds.py), the
        # Search keeps its code
        s = self._search
        if s is None:
            from engine import solar_search as m

            s = self._search = m.Search(self)
        r = s.run(cap, win)  # (it leaves the way's first move in rescue)
        self._way = 0
        self._detour = False
        return r

    def _verdict(self):
        # the loss search's answer for this position, cached by version: status() runs after
        # every key press, the search only when the position changed
        if self._at != self.version:
            self.verdict = self._run(SEARCH_NODES, False)
            self._at = self.version
        return self.verdict

    def searching(self, hinting=False):
        # True if status() (hinting: hints(), which looks for a rescue while the stock still
        # has cards too) would run the loss search now: a rocket in the waste, this position not
        # searched yet. The UI then shows its change first, with "Thinking...", and asks in the
        # next step (solitaire/play.py after())
        return (self._at != self.version and self.wasted != 0 and self.home != 15
                and not self.resigned and (hinting or not self._size[_STOCK]))

    def status(self):
        if self.home == 15:
            return WON
        self.undecided = False
        if self.resigned:
            return LOST
        if self._size[_STOCK] or not self.wasted:
            return PLAYING
        v = self._verdict()
        self.undecided = v == _CANT_TELL
        return LOST if v == _NO_RESCUE else PLAYING

    def still_winnable(self):
        # "Can I still win?": 1 a way to win was found, 0 none is left (every line was tried,
        # positions compared exactly), -1 the budget ran out first. The search plays the stock
        # too: its order is fixed by the deal
        s = self.status()
        if s != PLAYING:
            return 1 if s == WON else 0
        v = self._run(WIN_NODES, True)
        self._at = -1  # rescue now holds the win's first move
        return 1 if v == _RESCUE else (0 if v == _NO_RESCUE else -1)

    def hints(self, buf):
        # every productive move into buf, returns how many. In this order: the first move of a
        # rescue (the search found free moves that launch a wasted rocket); a waiting card's
        # pads, those it makes ready for their rocket first, then those not ready now, then
        # the rest (_ready), left to right within each; the waste top to a station (digs the
        # waste); a pad top lifted off a card the waste top fits (a forced play follows); the
        # turn, or with the stock empty and the search unable to tell, the resign. Other free
        # moves only shuffle cards between piles, so they are not hinted
        cap = len(buf)
        if cap == 0 or self.home == 15 or self.resigned:
            return 0
        n = 0
        first = NO_MOVE
        if self.wasted and self._verdict() == _RESCUE:
            first = buf[0] = self.rescue
            n = 1
        if self.pending >= 0:  # the waiting card's pads, best first
            for r in range(3):
                for k in range(4):
                    m = pack(self.pending, _PAD + k, 1)
                    if n < cap and (self.fits >> k) & 1 and m != first and self._ready(m) == r:
                        buf[n] = m
                        n += 1
        elif n < cap:
            k = min(self._gen(buf, n, False), cap)
            for i in range(n, k):
                m = buf[i]
                if m != first and self._productive(m):
                    buf[n] = m
                    n += 1
        if n < cap and self.pending < 0:
            if self._size[_STOCK]:
                buf[n] = _TURN
                n += 1
            elif self.wasted and self.verdict == _CANT_TELL:
                buf[n] = _RESIGN  # the search can't tell: play on, or give up
                n += 1
        return n

    def _ready(self, move):
        # how good a pad is for the waiting card (lower is better): 0 the card shows the pad's
        # rocket number twice (the pad is then ready for its rocket: it will go home when it
        # comes), 1 the pad is not ready now (nothing lost), 2 the card would spoil a ready
        # pad. Over deals 1-2000 the hint that places cards so won 978 games, not 961, with 40
        # cards, and 593, not 570, with 64 (sim/policies_solar.py greedy)
        p = (move >> 6) & 31
        r = self._rocket[p - _PAD]
        if self._match(self.top(move >> 11), r):
            return 0
        return 2 if self._match(self.top(p), r) else 1

    def _productive(self, move):
        src = move >> 11
        if src < _PAD or src == _HAND or self.pending >= 0:
            return True  # a waiting card's pad or the waste top to a station
        if src >= _STATION or self._size[_WASTE] == 0:
            return False
        w = self.top(_WASTE)
        k = self._rk[w]
        if k != 255 and src != _PAD + k:
            return False
        return self._match(w, self.card(src, self._size[src] - 2)) == 1

    def quick_play(self, p):
        # one press on pile p: the turn; a waiting card to the first pad it fits; in an
        # emergency the rescue's move if it starts at p, else the first pad or station that
        # takes p's top
        if p >= _PILES or self.home == 15 or self.resigned:
            return NO_MOVE
        if p == _STOCK:
            return _TURN if self._legal(_TURN) else NO_MOVE
        if self.pending >= 0:
            m = self.fits & -self.fits  # the leftmost pad it fits
            return pack(p, _PAD + (m >> 1) - (m >> 3), 1) if p == self.pending else NO_MOVE
        if not self.wasted or self._size[p] == 0:
            return NO_MOVE
        if self._verdict() == _RESCUE and self.rescue >> 11 == p:
            return self.rescue
        for dst in range(_PAD, _HAND):
            m = pack(p, dst, 1)
            if self._legal(m):
                return m
        return NO_MOVE

    def pickable(self, p, n):
        # one card at a time, and only a top that some move may take now
        if n != 1 or p == _STOCK or p >= _PILES or self._size[p] == 0 or self.home == 15 \
                or self.resigned:
            return False
        if self.pending >= 0:
            return p == self.pending
        if not self.wasted or p == _HAND:
            return False
        if _PAD <= p < _STATION:
            return self._size[p] > 1 and self._rk[self.top(p)] == 255
        return True
