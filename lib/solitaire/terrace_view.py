# Terrace's table (all seven modes): where its piles sit for the screen size, how each is drawn
# from the French sheet (sheets.py; 7x6 tiles, so a 13-card pile fans in 78 px and every card of
# every pile shows at 160x128 and at 320x240), its status words, and what A does on its own piles (the stock
# deals, a base candidate becomes the base).
from micropython import const

from engine.cards import rank, suit
from engine.game import KIND_FOUNDATION, KIND_RESERVE, KIND_STOCK, KIND_TABLEAU, KIND_WASTE
from solitaire.terrace_words import Words

DECK = "french"  # the card sheet: assets/french_7x6.bmp (14x12 at scale 2)
TABLE = 0x0B5A2E  # the sheets' palette 0 (assets/make_art.py)
# French sheet tiles (sheets.py; tests/test_terrace_view.py checks these copies): private
# const()s are inlined, so the table needs no tile table in RAM
_FOOT = const(16)
_BACK = const(18)
_EMPTY = const(22)
_MORE = const(26)
_RANK = const(28)  # + suit*13 + rank-1
_SUIT = const(80)  # + suit
_STRIP = const(84)  # + suit
_DONE = const(88)  # foot of a completed foundation
_LOCKED = const(90)  # foot of the stock, locked
_PASS = const(92)  # + 2*(pass-1): head of the stock in General's Patience, "1/2" or "2/2"
# palette 11..15: the suit inks (clubs, diamonds, spades, hearts) and the gold mark, two-colour
# and four-colour (sheets.FRENCH_INKS_2 / _4)
INKS = ((0x000000, 0xE00000, 0x000000, 0xE00000, 0xE0A000),
        (0x009C00, 0x1060FF, 0x000000, 0xE00000, 0xE0A000))


def _head(c):
    return _RANK + suit(c) * 13 + rank(c) - 1, _SUIT + suit(c)


class View(Words):
    # the words of the status line and messages, and Terrace's own A: solitaire/terrace_words.py
    # three grids (top row, reserve, tableau), each pile a few columns of one of them: a grid
    # costs ~100 B plus a group slot, so three instead of twenty save ~3 KB
    def __init__(self, screen):
        self.screen = screen
        self.game = game = screen.game
        app = screen.app
        t = screen.table
        s = t.s
        tw, th = t.tw, t.th
        self.tw, self.th, self.s = tw, th, s
        w = app.width
        n = game.pile_count
        self.kind = bytearray(n)
        self.col = bytearray(n)  # first tile column of each pile in its grid
        self.where = bytearray(n)  # its grid: 0 top row, 1 reserve, 2 tableau
        # rows 2 px (scaled) apart, or 1 where the longest tableau pile (13 cards, a run from
        # the card under the base to the base: 14 tile rows with its foot) would not fit
        # otherwise (320x240: its 240 px are 16 short of 128 doubled)
        gap = 2 * s if app.height - t.status_h - 18 * th >= 4 * s else s
        y_res = 2 * th + gap
        y_tab = y_res + 2 * th + gap
        self.tab_rows = (app.height - t.status_h - y_tab) // th
        tabs = game.tableau_count
        cols = (20, min(w // tw, 22), 2 * tabs)
        ys = (0, y_res, y_tab)
        heights = (2, 2, self.tab_rows)
        self.grids = [t.grid(cols[i], heights[i], ys[i]) for i in range(3)]
        top, tableau = [], []
        for p in range(n):
            k = game.pile_kind(p)
            self.kind[p] = k
            slot = game.pile_slot(p)
            if k == KIND_TABLEAU:
                self.where[p] = 2
                self.col[p] = 2 * slot
                tableau.append(p)
            elif k == KIND_RESERVE:
                self.where[p] = 1
                self.reserve = p
            else:
                self.col[p] = 2 * (0 if k == KIND_STOCK else (1 if k == KIND_WASTE else 2 + slot))
                top.append(p)
                if k == KIND_STOCK:
                    self.stock = p
        self.flags = -1  # the stock's marks as drawn: lock and pass (see draw)
        top.sort(key=lambda p: self.col[p])
        self.rows = (top, [self.reserve], tableau)
        self.order = top + [self.reserve] + tableau

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self, p):
        # the stock shows the lock and the pass, which change with moves elsewhere: redrawn
        # with whatever pile a move changed
        game = self.game
        flags = game.redeals_left * 2 + game.locked
        if flags != self.flags:
            self.flags = flags
            if p != self.stock:
                self._single(self.stock)
        k = self.kind[p]
        if k == KIND_TABLEAU:
            self._tableau(p)
        elif k == KIND_RESERVE:
            self._reserve(p)
        else:
            self._single(p)

    def _put(self, g, i, tile):
        if g[i] != tile:
            g[i] = tile

    def _card(self, g, i, c, done=False):
        # a face-up card's head at tile i and its foot in the row below
        a, b = _head(c)
        self._put(g, i, a)
        self._put(g, i + 1, b)
        foot = _DONE if done else _FOOT
        self._put(g, i + g.width, foot)
        self._put(g, i + g.width + 1, foot + 1)

    def _four(self, g, i, first):
        self._put(g, i, first)
        self._put(g, i + 1, first + 1)
        self._put(g, i + g.width, first + 2)
        self._put(g, i + g.width + 1, first + 3)

    def _single(self, p):
        g = self.grids[0]
        i = self.col[p]
        game = self.game
        n = game.count(p)
        if n == 0:
            self._four(g, i, _EMPTY)
        elif self.kind[p] == KIND_STOCK:
            # General's Patience: "1/2" or "2/2" on its head; a padlock on its foot when locked
            head = _PASS + 2 * (game.max_redeals - game.redeals_left) if game.max_redeals else _BACK
            foot = _LOCKED if game.locked else _BACK + 2
            self._put(g, i, head)
            self._put(g, i + 1, head + 1)
            self._put(g, i + g.width, foot)
            self._put(g, i + g.width + 1, foot + 1)
        else:
            self._card(g, i, game.top(p), n == 13 and self.kind[p] == KIND_FOUNDATION)

    def _reserve(self, p):
        # every card a strip (its rank over its suit), the top one whole
        g = self.grids[1]
        cols = g.width
        game = self.game
        n = game.count(p)
        first = n - (cols - 1) if n > cols - 1 else 0  # (only on screens too narrow for 21)
        col = 0
        for i in range(first, n - 1):
            c = game.card(p, i)
            self._put(g, col, _head(c)[0])
            self._put(g, cols + col, _STRIP + suit(c))
            col += 1
        if n:
            self._card(g, col, game.card(p, n - 1))
        else:
            self._four(g, 0, _EMPTY)
        for c in range(col + 2, cols):
            self._put(g, c, 0)
            self._put(g, cols + c, 0)

    def _tableau(self, p):
        # cards fanned down, a head each, the top card with its foot
        g = self.grids[2]
        w = g.width
        at = self.col[p]
        game = self.game
        n = game.count(p)
        rows = self.tab_rows
        first = n + 1 - rows if n + 1 > rows else 0  # (only on screens shorter than 14 rows)
        r = 0
        if n == 0:
            self._four(g, at, _EMPTY)
            r = 2
        else:
            if first:
                self._put(g, at, _MORE)
                self._put(g, at + 1, _MORE + 1)
                r = 1
            for i in range(first + r, n):
                a, b = _head(game.card(p, i))
                self._put(g, at + r * w, a)
                self._put(g, at + r * w + 1, b)
                r += 1
            self._put(g, at + r * w, _FOOT)
            self._put(g, at + r * w + 1, _FOOT + 1)
            r += 1
        while r < rows:
            self._put(g, at + r * w, 0)
            self._put(g, at + r * w + 1, 0)
            r += 1
