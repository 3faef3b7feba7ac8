# Solitario Solar's messages in words (solitaire/solar_view.py hands the View contract's hint
# names, refusals and "stuck" to these functions): loaded for a message and dropped after, so
# the table keeps only the status line's words (in solar_view.py: they change at every cursor
# key, which must not load a module). `self` is the View.
from micropython import const

from engine.game import move_dst, move_src

# (Messages are whole templates, and short words sit in tuples of constants: a board interns
# every other string of ten characters or fewer as a name, for good; docs/memory.md)

# piles, moves and refusals of engine/solar.py (tests/test_solar_screen.py checks these): pad k
# is _PAD + k, station k _STATION + k
_WASTE = const(1)
_PAD = const(2)
_STATION = const(6)
_HAND = const(10)
_TURN = const(65)
_RESIGN = const(63)
_STOCK_EMPTY = const(7)
_CLOSED = const(18)
_ORIGINAL = const(20)
_GAME_OVER = const(13)
_NO_EMERGENCY = const(21)
_STATION_FIRST = const(23)
_CHOOSE_PAD = const(24)
_SELECT = const(7)  # solitaire.keys.SELECT: the hint's button, by its name on the board in use
UNSURE = "Can't tell if a rocket can still be saved: play on, or resign with A on the stock"


def card_name(self, c):
    # "rocket 2", "1-2-3": the sections as the rules write them, read by the deck's own code
    # (engine/cards_domino.py, which the view holds: solitaire/layout_dominoes.py)
    f = self.game.face(c)
    a, b, d = self.sections(f)
    if self.is_rocket(f):
        return "%s %d" % (_PILES[5], a)
    return "%d-%d-%d" % (a, b, d)


_PILES = ("the stock", "the waste", "the hand", "pad", "station", "rocket")


def pile_name(p):
    if p < _PAD:
        return _PILES[p == _WASTE]
    if p == _HAND:
        return _PILES[2]
    return "%s %d" % (_PILES[3 + (p >= _STATION)], (p - _PAD) & 3)


def name(self, m):
    # a move in words for a hint: "turn the stock", "1-2-3 onto pad 2"...
    g = self.game
    if m == _TURN:
        return "turn the stock"
    if m == _RESIGN:
        return "resign"
    src = move_src(m)
    dst = move_dst(m)
    what = card_name(self, g.top(src))
    if src >= _PAD and src != _HAND:
        what = "%s from %s" % (what, pile_name(src))
    return ("%s onto %s" if dst < _STATION else "%s to %s") % (what, pile_name(dst))


def refuse(self, p):
    # A on a pile that has nothing to pick up
    g = self.game
    k = (p - _PAD) & 3
    if g.status():
        return g.REASONS[_GAME_OVER]
    if g.pending >= 0:
        return "Place the waiting card: A on a framed pad"
    if g.count(p) == 0:
        if p == _HAND:
            return "A turned card waits here when it fits several pads"
        if _STATION <= p < _HAND and (g.home >> k) & 1:
            return "Empty station: drop a card with two %ds here" % k
        if p >= _STATION:
            return "Station %d opens when rocket %d is home" % (k, k)
        return "Nothing to pick up"
    if _PAD <= p < _STATION:
        if g.count(p) == 1:
            return g.REASONS[_ORIGINAL]  # dealt pad cards never move
        if (g.home >> k) & 1:
            return g.REASONS[_CLOSED]
    return g.REASONS[_NO_EMERGENCY]


def why(self, code, move):
    # a refused move in words
    g = self.game
    if code == _CHOOSE_PAD:
        return "Place the waiting card first: A on a framed pad"
    if code == _STOCK_EMPTY:
        return ("Stock empty: free a wasted rocket (%s: hint)"
                % self.screen.app.controls.names[_SELECT])
    if code == _STATION_FIRST:
        k = (move_dst(move) - _PAD) & 3
        return "A station's first card shows two %ds" % k
    return g.REASONS[code]


def stuck(self):
    if self.game.undecided:
        return UNSURE
    return "No moves left: undo or new deal"
