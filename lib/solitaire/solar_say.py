# Solitario Solar's messages in words (solitaire/solar_view.py hands the View contract's hint
# names, refusals and "stuck" to these functions): loaded for a message and dropped after, so
# the table keeps only the status line's words (in solar_view.py: they change at every cursor
# key, which must not load a module). `self` is the View.
from micropython import const

# moves and refusals of engine/solar.py (tests/test_solar_screen.py checks these)
_TURN = const(65)
_RESIGN = const(63)
_STOCK_EMPTY = const(7)
_GAME_OVER = const(13)
_NO_EMERGENCY = const(21)
_STATION_FIRST = const(23)
_CHOOSE_PAD = const(24)
UNSURE = "Can't tell if a rocket can still be saved: play on, or resign with A on the stock"


def card_name(g, c):
    f = g.face(c)
    if f % 21 == 0:
        return "rocket " + str(f // 21)
    return str(f >> 4) + "-" + str((f >> 2) & 3) + "-" + str(f & 3)


def pile_name(p):
    if p < 2:
        return "the waste" if p else "the stock"
    if p == 10:
        return "the hand"
    return ("pad " if p < 6 else "station ") + str((p - 2) & 3)


def name(self, m):
    # a move in words for a hint: "turn the stock", "1-2-3 onto pad 2"...
    g = self.game
    if m == _TURN:
        return "turn the stock"
    if m == _RESIGN:
        return "resign"
    src = m >> 11
    dst = (m >> 6) & 31
    what = card_name(g, g.top(src))
    if src > 1 and src != 10:
        what += " from " + pile_name(src)
    return what + (" onto " if dst < 6 else " to ") + pile_name(dst)


def refuse(self, p):
    # A on a pile that has nothing to pick up
    g = self.game
    k = (p - 2) & 3
    if g.status():
        return g.REASONS[_GAME_OVER]
    if g.pending >= 0:
        return "Place the waiting card: A on a framed pad"
    if g.count(p) == 0:
        if p == 10:
            return "A turned card waits here when it fits several pads"
        if 6 <= p < 10 and (g.home >> k) & 1:
            return "Empty station: drop a card with two " + str(k) + "s here"
        if p > 5:
            return "Station " + str(k) + " opens when rocket " + str(k) + " is home"
        return "Nothing to pick up"
    if 2 <= p < 6:
        if g.count(p) == 1:
            return g.REASONS[20]  # dealt pad cards never move
        if (g.home >> k) & 1:
            return g.REASONS[18]  # closed
    return g.REASONS[_NO_EMERGENCY]


def why(self, code, move):
    # a refused move in words
    g = self.game
    if code == _CHOOSE_PAD:
        return "Place the waiting card first: A on a framed pad"
    if code == _STOCK_EMPTY:
        return "Stock empty: free a wasted rocket (SELECT: hint)"
    if code == _STATION_FIRST:
        k = (((move >> 6) & 31) - 2) & 3
        return "A station's first card shows two " + str(k) + "s"
    return g.REASONS[code]


def stuck(self):
    if self.game.undecided:
        return UNSURE
    return "No moves left: undo or new deal"
