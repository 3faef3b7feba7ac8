# Solitario Solar's table: where its piles sit and how they lie (solitaire/layout_dominoes.py draws them
# from the Space Dominoes sheet: a card is 3 tiles wide and 1 tall, 7x8 tiles; 14x16 at scale 2,
# the same layout doubled), its own marks, its status words, hints and refusals in the player's
# terms, and what A does on its own piles: the stock turns a card (empty, A resigns; the pause
# box's Resign does at any time: rules §6; undo takes it back), a pad the waiting card fits
# takes it. Pads the waiting card fits are framed. Piles: 0 stock, 1 waste, 2..5 pads,
# 6..9 stations, 10 hand (engine/solar.py). One grid of 22x13 tiles holds the whole table:
#
#   stock hand   .  station0  station1  station2  station3    each column: its station's cards
#   count SOS       .         .         .         .           down from the top, a blank row,
#   (two rows)      pad0      pad1      pad2      pad3        then its pad's, the dealt card
#   waste waste     .         .         .         .           first (in its own colours)
#   (down two columns)
#
# Under the stock its count and, while a rocket is in the waste (the emergency), "SOS" in red,
# the count red too: painted in a one-line text bitmap (solitaire/table_make.py tally()), in the middle of
# two blank rows, so that neither the stock's nor the waste's cards or frames touch it.
# A pile with more cards than its rows shows its bottom card (a pad's dealt one), a "more" strip
# and the cards on top; the pile under the cursor gets most of its column. The waste always
# shows every rocket buried in it (the player plans their rescue) and the cards on top, a
# "more" strip for each run of cards left out. Rare messages (hint names, refusals, "stuck")
# are solitaire/solar_say.py, loaded for the message.
from micropython import const

from engine.game import NO_MOVE, move_dst, move_src, pack
from solitaire.layout import SINGLE
from solitaire.layout_dominoes import LIST, DominoLayout
from solitaire.play import THINKING

# what its table keeps loaded besides solitaire/play.py's MODULES (solitaire/app.py settle())
# (not the loss search, engine/solar_search.py: the game keeps its code while it needs it)
MODULES = ("solitaire.solar_view", "solitaire.layout_dominoes", "engine.solar", "engine.solar_rules",
           "engine.solar_hints", "engine.cards_domino")
DECK = "domino"  # the card sheet: assets/domino_7x8.bmp (14x16 at scale 2)
TABLE = 0x0B5A2E  # the sheets' palette 0 (assets/make_art.py)
CALM = 0xFFFFFF  # the stock's count, as the status line
SOS = 0xFF4040  # the count and "SOS" while a rocket is in the waste
# domino sheet tiles of Solar's own marks (tests/sheets.py; tests/test_solar_screen.py checks these)
_STATION_TILE = const(46)  # + position: an open, empty space station
# the layout, in tiles
_COLS = const(22)
_ROWS = const(13)  # 320x240 has 13 rows of 16 px above the status line, 160x128 14 of 8
_HAND_COL = const(3)
_WASTE_ROW = const(3)  # the waste: rows 3..12 of tile columns 0 and 3, 20 cards
_PAD_COL = const(7)  # column k (station k over pad k) at tile column 7 + 4k
_SOS_X = const(23)  # text pixels from the count's start to "SOS", under the hand
# piles and moves of engine/solar.py (tests/test_solar_screen.py checks these): pad k is
# _PAD + k and station k _STATION + k, so (p - _PAD) & 3 is either's k
_STOCK = const(0)
_WASTE = const(1)
_PAD = const(2)
_STATION = const(6)
_HAND = const(10)
_TURN = const(65)
_RESIGN = const(63)
UNSURE = "Can't tell if a rocket can still be saved: play on, or resign with A on the stock"


def thinker(app):
    # the engine's think hook (engine/solar_hints.py): a search that runs long (about 0.3 s on
    # the board) says so on the table at once, the display refreshed, and the note goes when
    # the search is done (what the search found is said after). It holds the app, not the
    # screen, so the game keeps no closed table alive; with no table showing it does nothing
    def think(on):
        t = getattr(app.screen, "table", None)
        if t is None:
            return
        if on:
            t.say(THINKING)  # (solitaire/play.py's, which after() says too)
            app.display.refresh()
        else:
            t.unsay()

    return think


def _say(what, *args):
    # a message from solitaire/solar_say.py, loaded for it (with the engine's refusal reasons,
    # engine/solar_why.py, if the refusal loads them): MODULES names neither, so the app drops
    # them at the end of the key's step
    from solitaire import solar_say

    return getattr(solar_say, what)(*args)


class View(DominoLayout):
    resign = _RESIGN  # the pause box offers Resign (solitaire/boxes.py)
    WORDS_LOADED = True  # its words: solitaire/solar_say.py, loaded for each message

    def __init__(self, screen):
        self.hs = bytearray(4)  # each column's rows for its station (split())
        DominoLayout.__init__(self, screen)
        from solitaire.table_make import tally  # (loaded to make the table: not in MODULES)

        # the count's digits (7 of the line's 11 text pixels, from its second) in the middle
        # of the two blank rows under the stock: 3 pixels (of the table's scale) clear of the
        # stock's frame above and of the waste's below
        g = self.grids[0]
        t = screen.table
        self.tag, self.tally = tally(screen, g.x, g.y + t.th + 3 * t.s, 2, CALM)
        self.told = False  # the game could not tell, and the player was told so
        self.game.think = thinker(screen.app)  # a long search says "Thinking..."

    def plan(self, t):
        # the top line: the stock, the hand, the stations; the line below: the waste, the pads
        places = [(0, 0, 0, SINGLE, 1, 0, 0), (0, 0, _WASTE_ROW, LIST, _ROWS - _WASTE_ROW, 1, 3)]
        places += [(0, _PAD_COL + 4 * k, 0, LIST, 0, 1, 0) for k in range(4)]  # pads
        places += [(0, _PAD_COL + 4 * k, 0, LIST, 0, 0, 0) for k in range(4)]  # stations
        places.append((0, _HAND_COL, 0, SINGLE, 1, 0, 0))
        return ((_COLS, _ROWS, t.s),), places

    # ---- drawing -----------------------------------------------------------------------------

    def draw_piles(self, mask):
        # a column once, for its station, its pad or both (a whole table drew each twice:
        # about a tenth of a resumed Solar table's time on a PyBadge)
        for k in range(4):
            pair = (1 << (_PAD + k)) | (1 << (_STATION + k))
            if mask & pair:
                self.draw(_PAD + k)
                mask &= ~pair
        DominoLayout.draw_piles(self, mask)

    def draw(self, p):
        # a station and its pad share a column: both drawn, the blank row between them moved
        if _PAD <= p < _HAND:
            k = (p - _PAD) & 3
            hs = self.hs[k] = self.split(k)
            DominoLayout.draw(self, _STATION + k)
            DominoLayout.draw(self, _PAD + k)
            self._put(self.grids[0], hs * _COLS + _PAD_COL + 4 * k, self.BLANK)
        else:
            DominoLayout.draw(self, p)

    def extent(self, p):
        # a station's rows and its pad's: split() shares their column
        if p < _PAD:
            return DominoLayout.extent(self, p)
        hs = self.hs[(p - _PAD) & 3]
        return (0, hs) if p >= _STATION else (hs + 1, _ROWS - 1 - hs)

    def split(self, k):
        # rows of column k for its station (from row 0); a blank row, then its pad below. Both
        # show whole when they fit; else the pile under the cursor gets most of the 12 rows,
        # and with the cursor elsewhere the pad keeps at least 7 (the piles as shown: a
        # cascade's step, solitaire/layout.py)
        g = self.shown
        ns = max(g.count(_STATION + k), 1)
        n = g.count(_PAD + k)
        cur = self.screen.cursor
        if ns + n <= 12:
            return ns
        if cur == _STATION + k:
            return min(ns, 12 - min(n, 3))
        if cur == _PAD + k:
            return max(12 - n, min(ns, 2))
        return 12 - max(12 - ns, min(n, 7))

    def follows_cursor(self, p):
        return _PAD <= p < _HAND

    def face_down(self, p):
        return p == _STOCK

    def empty(self, p):
        # the stock's and the waste's outline; an open station's own; nothing for a closed
        # station, a pad or the hand
        if p < _PAD:
            return self.EMPTY
        if p >= _STATION and p < _HAND and (self.game.home >> (p - _STATION)) & 1:
            return _STATION_TILE
        return None

    def keep(self, p, i, c):
        # the waste shows every rocket in it; a pad its dealt card
        return self.game.is_rocket(c) if p == _WASTE else i == 0 and p < _STATION

    def original(self, p, i):
        return i == 0 and _PAD <= p < _STATION

    def decorate(self, p):
        # the stock's count under it, and "SOS" with the count in red while a rocket is in the
        # waste (a rocket comes into the waste or leaves it)
        if p < _PAD:
            g = self.game
            self.tally.put(0, str(self.shown.count(_STOCK)))
            ink = SOS if g.emergency else CALM
            if self.tag.pixel_shader[1] != ink:
                self.tag.pixel_shader[1] = ink
            if g.emergency:
                self.tally.put(1, "SOS", _SOS_X)
            else:
                self.tally.clear(1)

    # ---- words -------------------------------------------------------------------------------

    def home(self):
        return 0

    def score(self):
        g = self.game
        if self.screen.over:  # the game is over: its loss search's buffers and code go
            self.screen.app.rest()
        return ("SOS " + str(g.score()) + "/4") if g.emergency else str(g.score()) + "/4 home"

    def words(self, p):
        # the status line: what the pile under the cursor holds
        g = self.game
        n = g.count(p)
        if p == _STOCK:
            if n == 0:
                return "Stock 0: A resigns"
            return "Stock " + str(n) + (": place the card" if g.pending >= 0 else ": A turns")
        if p == _HAND:
            return "Hand: A on a framed pad" if n else "Hand: empty"
        if p == _WASTE:
            text = "Waste " + str(n)
            if g.pending == _WASTE:
                return text + ": A on a framed pad"
            if g.wasted == 1:
                for k in range(4):
                    d = g.wasted_depth(k)
                    if d >= 0:
                        return text + ": " + str(d) + " on rocket " + str(k)
            if g.wasted:
                return text + ": " + str(g.wasted) + " rockets in it"
            return text
        k = (p - _PAD) & 3
        if p < _STATION:
            if (g.home >> k) & 1:
                return "Pad " + str(k) + ": rocket home"
            return "Pad " + str(k) + ": " + str(n) + (" card" if n == 1 else " cards")
        if not (g.home >> k) & 1:
            return "Station " + str(k) + ": shut"
        if n == 0:
            return "Station " + str(k) + ": takes two " + str(k) + "s"
        return "Station " + str(k) + ": " + str(n) + (" card" if n == 1 else " cards")

    # hint names, refusals, "stuck": solitaire/solar_say.py, loaded for the message
    def name(self, m, n):
        return _say("name", self, m)

    def framed(self, m):
        # what name() names: "turn the stock" the stock alone
        return [0] if m == _TURN else [move_src(m), move_dst(m)]

    def refuse(self, p, n):
        return _say("refuse", self, p)

    def why(self, code, move):
        return _say("why", self, code, move)

    def no_home(self, p):
        return "Nothing to play from here"

    def stuck(self):
        return _say("stuck", self)

    # ---- Solar's own piles ------------------------------------------------------------------

    def press(self, p):
        # A on the stock turns a card (resigns when it is empty and the game can't tell); A on
        # a pad the waiting card fits puts it there
        g = self.game
        if p == _STOCK:
            return _RESIGN if g.count(_STOCK) == 0 else _TURN
        if _PAD <= p < _STATION and g.pending >= 0 and (g.fits >> (p - _PAD)) & 1:
            return pack(g.pending, p, 1)
        return NO_MOVE

    def marks(self):
        # the pads the waiting card fits; and the first time the game can't tell, it says so
        g = self.game
        if g.undecided != self.told:
            self.told = g.undecided
            if g.undecided:
                self.screen.say(UNSURE)
        return [_PAD + k for k in range(4) if (g.fits >> k) & 1]

    def autoplay_ready(self):
        # nothing goes to a foundation: forced plays are the engine's own, and the one-press
        # action (quick_play) would turn the whole stock by itself
        return False
