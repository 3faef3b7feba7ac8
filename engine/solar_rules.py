# Solitario Solar's rules, as a mixin of engine.solar.Game: which cards match, which pads a card
# fits, every legal move (_gen: legal_moves, check and the search's nodes all read this one
# list) and whether a move is legal (check; the reason why not: engine/solar_why.py). Pile
# numbers as in engine/solar.py.

from micropython import const
from engine.game import OK, REASONS as _COMMON

_STOCK = const(0)
_WASTE = const(1)
_PAD = const(2)
_STATION = const(6)
_HAND = const(10)
_TURN = const(65)
_RESIGN = const(63)
# refusals, after engine.game's: REASONS[code] (codes 17.. in engine/solar_why.py)
_GAME_OVER = const(13)

REASONS = _COMMON + (
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


class Rules:
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
            p = _PAD + k
            t = cards[start[p] + size[p] - 1]  # a pad is never empty
            if rk[t] == 255 and (mt[row + (t >> 3)] >> (t & 7)) & 1:
                m |= 1 << k
        k = rk[c]
        return m if k == 255 else m & (1 << k)

    def _forced(self):
        # the pad the waste top must go to by itself (it fits exactly one), as 0..3, else -1
        size = self._size
        if size[_HAND] or size[_WASTE] == 0:
            return -1
        m = self._fit_mask(self._cards[self._start[_WASTE] + size[_WASTE] - 1])
        if m == 0 or m & (m - 1):
            return -1
        return (m >> 1) - (m >> 3)  # 1, 2, 4, 8 -> 0, 1, 2, 3

    def _turn_to(self):
        # where the stock's top goes when turned: its one fitting pad, the hand (several fit)
        # or the waste
        m = self._fit_mask(self.top(_STOCK))
        return _WASTE if m == 0 else _HAND if m & (m - 1) else _PAD + (m >> 1) - (m >> 3)

    def check(self, move):
        # OK if move is legal; else why not, worked out by engine/solar_why.py, loaded for a
        # refusal (the app drops it after)
        if self._legal(move):
            return OK
        if self.home == 15 or self.resigned:
            return _GAME_OVER
        from engine import solar_why

        return solar_why.why(self, move)

    def _legal(self, move):
        # move is among the legal ones (_gen: one list of the rules), or the resign; allocates
        # nothing (quick_play tries moves with this)
        if self.home == 15 or self.resigned:
            return False
        if move == _RESIGN:
            return True
        buf = self._buf
        for i in range(min(self._gen(buf, 0, True), len(buf))):
            if buf[i] == move:
                return True
        return False

    def _gen(self, buf, n, turn):
        # write the legal moves into buf from index n (turn: TURN too when the stock has a
        # card); returns the index after the last, counting on past len(buf) without writing,
        # so the caller can tell the buffer was too small. check()'s rules, unrolled: the
        # searches call this at every node (tests/test_solar_search.py: the same moves as the
        # rules' plain loop over every pair of piles)
        size = self._size
        cards = self._cards
        start = self._start
        rk = self._rk
        mt = self._mt
        stride = self._stride
        cap = len(buf)
        src = _HAND if size[_HAND] else _WASTE
        m = self._fit_mask(cards[start[src] + size[src] - 1]) if size[src] else 0
        if m:
            for k in range(4):
                if (m >> k) & 1:
                    if n < cap:
                        buf[n] = (src << 11) | ((_PAD + k) << 6) | 1
                    n += 1
            return n
        if turn and size[_STOCK]:
            if n < cap:
                buf[n] = _TURN
            n += 1
        if self.wasted == 0:
            return n
        # free moves, among the piles that can change: pad k while rocket k is out, station k
        # once it is home (the rockets home read off the pads' tops as they are now: the search
        # launches rockets), in the order of their numbers; from the waste only to a station,
        # as the waste top fits no pad here (else it would be waiting)
        tops = self._tops  # each pile's top card (255: none), then the changing piles' numbers
        live = self._changing(tops, 10)
        for p in range(_PAD, _HAND):
            tops[p] = cards[start[p] + size[p] - 1] if size[p] else 255
        tops[_WASTE] = cards[start[_WASTE] + size[_WASTE] - 1] if size[_WASTE] else 255
        for i in range(9, live):
            src = tops[i] if i > 9 else _WASTE
            c = tops[src]
            if c == 255 or (src < _STATION and src > _WASTE and size[src] == 1):
                continue  # a pad's dealt card never moves
            if rk[c] != 255:
                continue  # a wasted rocket that fits no pad
            row = c * stride
            for j in range(10, live):
                dst = tops[j]
                if dst == src or (src == _WASTE and dst < _STATION):
                    continue
                t = tops[dst]
                if t == 255:
                    if src >= _STATION:
                        continue  # a station's first card comes from the waste or a pad
                    t = self._rocket[dst - _STATION]
                if (mt[row + (t >> 3)] >> (t & 7)) & 1:
                    if n < cap:
                        buf[n] = (src << 11) | (dst << 6) | 1
                    n += 1
        return n

    def _changing(self, out, at):
        # the piles whose top may move or take a card, in order, into out from at; returns the
        # index after them: pad k while rocket k is out, station k once it is home (read off the
        # pads' tops, not self.home: the searches launch rockets without _refresh). _gen and
        # engine/solar_search.py read them here
        size = self._size
        cards = self._cards
        start = self._start
        rk = self._rk
        home = 0
        for k in range(4):
            if rk[cards[start[_PAD + k] + size[_PAD + k] - 1]] == k:  # (a pad is never empty)
                home |= 1 << k
        for p in range(_PAD, _HAND):
            if (p < _STATION) != ((home >> ((p - _PAD) & 3)) & 1):
                out[at] = p
                at += 1
        return at

    def legal_moves(self, buf):
        if self.home == 15 or self.resigned:
            return 0
        return min(self._gen(buf, 0, True), len(buf))
