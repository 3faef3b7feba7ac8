# Solitario Solar's table: where its piles sit and how each is drawn from the Space Dominoes
# sheet (sheets.py DOMINO_*: a card is 3 tiles wide and 1 tall, 7x8 tiles; 14x16 at scale 2,
# the same layout doubled). One grid of 22x13 tiles holds the whole table:
#
#   stock hand   .  station0  station1  station2  station3    each column: its station's cards
#   count SOS       .         .         .         .           fanned down from the top, a blank
#   waste waste     pad0      pad1      pad2      pad3        row, then its pad's, the dealt
#   (fanned down in two columns)                              card first (on a grey base line)
#
# Under the stock its count and, while a rocket is in the waste (the emergency), "SOS" in red,
# the count red too: painted in a band of the text bitmap (solitaire/tally.py).
# A pile with more cards than its rows shows its bottom card (a pad's dealt one), a "more" strip
# and the cards on top; the pile under the cursor gets most of its column. The waste always
# shows every rocket buried in it (the player plans their rescue) and the cards on top, a
# "more" strip for each run of cards left out. The View contract is at the top of
# solitaire/terrace_view.py; the words, places and what A does are solitaire/solar_words.py.
from micropython import const

from solitaire.solar_words import Words, thinker
from solitaire.text import band

DECK = "domino"  # the card sheet: assets/domino_7x8.bmp (14x16 at scale 2)
TABLE = 0x0B5A2E  # the sheets' palette 0 (assets/make_art.py)
CALM = 0xFFFFFF  # the stock's count, as the status line
SOS = 0xFF4040  # the count and "SOS" while a rocket is in the waste
# domino sheet tiles (sheets.py; tests/test_solar_screen.py checks these copies): private
# const()s are inlined, so the table needs no tile table in RAM
_SECTION = const(16)  # + position*4 + pips
_ROCKET = const(28)  # + k*3 + position
_BACK = const(40)  # + position
_EMPTY = const(43)  # + position: the empty-pad outline, for any empty pile
_STATION = const(46)  # + position: an open, empty space station
_MORE = const(49)  # + position
_ORIGINAL = const(52)  # + position*4 + pips: a pad's dealt card
# the layout, in tiles (solitaire/solar_words.py reads the same numbers)
_COLS = const(22)
_ROWS = const(13)  # 320x240 has 13 rows of 16 px above the status line, 160x128 14 of 8
_HAND_COL = const(3)
_WASTE_ROW = const(2)  # the waste: rows 2..12 of tile columns 0 and 3, 22 cards
_SLOTS = const(22)
_PAD_COL = const(7)  # column k (station k over pad k) at tile column 7 + 4k
_TALLY = const(10)  # the text bitmap's band for the count and "SOS" (solitaire/tally.py BAND)
_SOS_X = const(23)  # text pixels from the count's start to "SOS", under the hand


class View(Words):
    def __init__(self, screen):
        self.screen = screen
        self.game = screen.game
        t = screen.table
        self.tw, self.th, self.s = t.tw, t.th, t.s
        self.grid = g = t.grid(_COLS, _ROWS, t.s)  # one grid for every pile
        from solitaire import forget, tally

        # the count's digits in the blank row under the stock (clear of its frame's ring)
        self.tag = tally.make(screen, g.x, g.y + t.th, 2, CALM)
        forget("solitaire.tally")
        # where each pile's top card (or its outline) is, in tiles, for frames and UP/DOWN
        self.row = bytearray(11)
        self.col = bytearray(11)
        self.rows = ([0, 10, 6, 7, 8, 9], [1, 2, 3, 4, 5])
        self.order = [0, 10, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        self.told = False  # the game could not tell, and the player was told so
        self.game.think = thinker(screen.app)  # a long search says "Thinking..."

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self, p):
        if p == 0:
            self._three(0, 0, _BACK if self.game.count(0) else _EMPTY)
            self._tag()
        elif p == 1:
            self._waste()
            self._tag()  # a rocket came into the waste or left it
        elif p == 10:
            n = self.game.count(10)
            self._at(10, 0, _HAND_COL)
            if n:
                self._card(0, _HAND_COL, self.game.top(10))
            else:
                self._three(0, _HAND_COL, 0, 0)
        else:
            self._column((p - 2) & 3)

    def _tag(self):
        # the stock's count, and "SOS" with the count in red while a rocket is in the waste
        g = self.game
        t = self.screen.table
        band(t.font, t.text, _TALLY, str(g.count(0)))
        self.tag.pixel_shader[1] = SOS if g.emergency else CALM
        if g.emergency:
            band(t.font, t.text, _TALLY, "SOS", _SOS_X, clean=False)

    def _put(self, i, tile):
        g = self.grid
        if g[i] != tile:
            g[i] = tile

    def _three(self, r, c, first, step=1):
        i = r * _COLS + c
        self._put(i, first)
        self._put(i + 1, first + step)
        self._put(i + 2, first + 2 * step)

    def _card(self, r, c, card, original=False):
        f = self.game.face(card)
        if f % 21 == 0:  # a rocket: its dark card
            self._three(r, c, _ROCKET + f // 21 * 3)
            return
        i = r * _COLS + c
        first = _ORIGINAL if original else _SECTION
        self._put(i, first + (f >> 4))
        self._put(i + 1, first + 4 + ((f >> 2) & 3))
        self._put(i + 2, first + 8 + (f & 3))

    def _at(self, p, r, c):
        self.row[p] = r
        self.col[p] = c

    def _waste(self):
        # every rocket and as many cards from the top as fit in the 22 places, a "more"
        # strip for each run left out; the cards fill column 0 down, then column 3
        g = self.game
        n = g.count(1)
        top = _SLOTS
        while self._items(n, top) > _SLOTS:
            top -= 1
        i = s = 0
        while i < n:
            r, c = _WASTE_ROW + s % 11, 0 if s < 11 else _HAND_COL
            if i >= n - top or g.is_rocket(g.card(1, i)):
                self._card(r, c, g.card(1, i))
                self._at(1, r, c)
                i += 1
            else:
                self._three(r, c, _MORE)
                while i < n - top and not g.is_rocket(g.card(1, i)):
                    i += 1
            s += 1
        if n == 0:
            self._three(_WASTE_ROW, 0, _EMPTY)
            self._at(1, _WASTE_ROW, 0)
            s = 1
        while s < _SLOTS:
            self._three(_WASTE_ROW + s % 11, 0 if s < 11 else _HAND_COL, 0, 0)
            s += 1

    def _items(self, n, top):
        # places the waste takes with its top `top` cards whole: those, every rocket below
        # them, and a "more" strip for each run of cards between
        g = self.game
        k = min(n, top)
        gap = False
        for i in range(n - k):
            if g.is_rocket(g.card(1, i)):
                k += 1
                gap = False
            elif not gap:
                k += 1
                gap = True
        return k

    def split(self, k):
        # rows of column k for its station (from row 0); a blank row, then its pad below. Both
        # show whole when they fit; else the pile under the cursor gets most of the 12 rows,
        # and with the cursor elsewhere the pad keeps at least 7
        g = self.game
        ns = max(g.count(6 + k), 1)
        n = g.count(2 + k)
        cur = self.screen.cursor
        if ns + n <= 12:
            return ns
        if cur == 6 + k:
            return min(ns, 12 - min(n, 3))
        if cur == 2 + k:
            return max(12 - n, min(ns, 2))
        return 12 - max(12 - ns, min(n, 7))

    def _column(self, k):
        g = self.game
        hs = self.split(k)
        c = _PAD_COL + 4 * k
        st = 6 + k
        if g.count(st) or not (g.home >> k) & 1:
            self._pile(st, 0, hs, c)
        else:
            self._three(0, c, _STATION)  # open and empty
            self._at(st, 0, c)
            for r in range(1, hs):
                self._three(r, c, 0, 0)
        self._three(hs, c, 0, 0)
        self._pile(2 + k, hs + 1, 12 - hs, c)

    def _pile(self, p, r0, rows, c):
        # pile p in rows r0.. r0+rows-1 of tile column c: every card if they fit, else the bottom
        # card (a pad's dealt one), a "more" strip, and the cards on top
        g = self.game
        n = g.count(p)
        pad = p < 6
        skip = n - rows + 1 if n > rows else 0  # cards left out
        r = r0
        for i in range(n):
            if skip and i == (1 if pad else 0):
                self._three(r, c, _MORE)
                r += 1
            if skip and (1 if pad else 0) <= i < skip + (1 if pad else 0):
                continue
            self._card(r, c, g.card(p, i), pad and i == 0)
            r += 1
        self._at(p, max(r - 1, r0), c)
        while r < r0 + rows:
            self._three(r, c, 0, 0)
            r += 1
