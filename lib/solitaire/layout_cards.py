# French and Spanish cards on a table (solitaire/layout.py is the renderer's core): a card is
# 2 tiles wide and 2 tall -- a head row (rank, suit: what a fanned card shows), a foot row under
# the top card -- and a strip (one tile wide, two tall) stands for a card in a row of strips.
# The tiles are the sheets' (assets/make_art.py draws them, tests/sheets.py names them,
# tests/test_art_assets.py checks these copies); a card's rank and suit are read through the
# engine's deck module, never decoded here. The fans these cards take:
#   DOWN    every card's head fanned down, the top card whole; too many: "more" on the first row
#           and the newest cards
#   STRIPS  every card a strip to the right, the top card whole; too many: the newest ones
#   BANDS   strips in bands of BAND cards, bands three rows apart, the top card whole where the
#           next strip would go (or at the next band's start)
#   UNDER   DOWN over face-down cards (the view's backs(p) of them at the bottom): their backs
#           fanned at half a head's pitch in a half-height grid (the place's last field: plan()
#           declares it, layout.py), two to a tile row, the last one showing its whole head row
#           when they are odd; the face-up cards fanned down from the row under them
# STRIPS spreads only the view's spread(p) top cards (draw three's waste: the last turn's), the
# top one whole. A View may define foot(p, c) (a whole card's foot row, its left tile).
from micropython import const

from solitaire.layout import FIELDS, Layout

DOWN = const(1)
STRIPS = const(2)
BANDS = const(3)
UNDER = const(4)
BAND = const(13)  # strips in a band (BANDS)
_BAND_ROWS = const(3)
_FAN = const(3)  # a place's fields (solitaire/layout.py)
_SPAN = const(4)
_HALF = const(6)  # an UNDER pile's half-height grid
# private const()s are inlined: a table keeps no tile table in RAM
_BACK = const(18)  # head left, head right, foot left, foot right
_EMPTY = const(22)  # the empty pile's outline, the same order
_MORE = const(26)  # "more cards above": left, right
_FRENCH_FOOT = const(16)
_FRENCH_RANK = const(28)  # + suit*13 + rank-1
_FRENCH_SUIT = const(80)  # + suit
_FRENCH_STRIP = const(84)  # + suit
_SPANISH_RANK = const(28)  # + order (1..7, Sota, Caballo, Rey)
_SPANISH_SUIT = const(38)  # + suit
_SPANISH_STRIP = const(42)  # + suit
_SPANISH_PIP = const(50)  # + suit*2: a whole card's foot, its suit drawn big


class CardLayout(Layout):
    BACK = _BACK
    EMPTY = _EMPTY

    def __init__(self, screen, deck):
        # deck: "french" or "spanish" (the engine's deck module answers for its cards)
        self.french = deck == "french"
        if self.french:  # rank 1..13
            from engine.cards import rank, suit
        else:  # order 0..9
            from engine.cards_spanish import spanish_order as rank, spanish_suit as suit
        self.rank = rank
        self.suit = suit
        Layout.__init__(self, screen)

    # ---- the words every card table says alike (a family's view says its own instead) -------

    def no_home(self, p):
        # hold A on a card no foundation takes
        return "No foundation takes that"

    def stuck(self):
        # no move left, the game not yet over by the rules' count (a hint's answer)
        return "No moves left: undo or new deal"

    # ---- the art -----------------------------------------------------------------------------

    def head(self, c):
        # the head row's two tiles: the rank half, the suit half
        s = self.suit(c)
        if self.french:
            return _FRENCH_RANK + s * 13 + self.rank(c) - 1, _FRENCH_SUIT + s
        return _SPANISH_RANK + self.rank(c), _SPANISH_SUIT + s

    def foot(self, p, c):
        # the foot row's left tile (the right one follows it)
        return _FRENCH_FOOT if self.french else _SPANISH_PIP + self.suit(c) * 2

    def strip(self, c):
        # a strip: the rank half over the suit's strip tile
        return (self.head(c)[0],
                (_FRENCH_STRIP if self.french else _SPANISH_STRIP) + self.suit(c))

    def whole(self, p, c):
        a, b = self.head(c)
        f = self.foot(p, c)
        return a, b, f, f + 1

    def group(self, g, p, n):
        # the top n cards of pile p into grid g from its top left, fanned down as they lie on a
        # pile (a slide's sprite, solitaire/motion.py): the heads, then the top card whole; as
        # many as g holds. Rows of g below them: nothing (tile 0, transparent there)
        game = self.shown
        count = game.count(p)
        n = min(n, count, g.height - 1)
        w = g.width
        r = 0
        for i in range(count - n, count - 1):
            a, b = self.head(game.card(p, i))
            self._pair(g, r * w, a, b)
            r += 1
        self._put(g, r * w, self.whole(p, game.card(p, count - 1)))
        r += 2
        while r < g.height:
            self._pair(g, r * w, 0, 0)
            r += 1

    # ---- the fans ----------------------------------------------------------------------------

    def fanned_rect(self, p, n, x, y):
        fan = self.place[FIELDS * p + _FAN]
        count = self.count(p)
        if fan == BANDS:
            b, c = self.top_at(count)
            return x + c * self.tw, y + _BAND_ROWS * b * self.th, 2, 2
        if count:
            span = self.place[FIELDS * p + _SPAN]
            if fan == STRIPS:
                shown = min(count, span - 1, max(self.spread(p), 1))
                return x + (shown - 1) * self.tw, y, 2, 2
            if fan == UNDER:  # the face-up cards, from the row under the backs
                d = min(self.backs(p), count - 1)  # (its top card is face up)
                r = (d + 1) // 2
                y += r * self.th
                span -= r
                count -= d
            shown = min(count, span - 1)
            n = min(n, shown)
            return x, y + (shown - n) * self.th, 2, n + 1
        return x, y, 2, 2

    def top_at(self, n):
        # (band, column) of a BANDS pile's top card when it holds n cards: right after the
        # others' strips, or at the next band's start if its band has no room for it
        if n == 0:
            return 0, 0
        b, c = divmod(n - 1, BAND)
        if c == BAND - 1:
            return b + 1, 0
        return b, c

    def fanned(self, p):
        fan = self.place[FIELDS * p + _FAN]
        if fan == DOWN or fan == UNDER:
            self._down(p, fan)
        elif fan == STRIPS:
            self._strips(p)
        else:
            self._bands(p)

    def _pair(self, g, i, a, b):
        if g[i] != a:
            g[i] = a
        if g[i + 1] != b:
            g[i + 1] = b

    def _down(self, p, fan):
        # heads fanned down, the top card whole; too many: "more" and the newest cards. UNDER:
        # the face-down cards' backs first, two to a row of the half-height grid, the face-up
        # cards from the pile's own row under them
        g, at = self._grid(p)
        w = g.width
        game = self.shown
        n = self.count(p)
        rows = self.place[FIELDS * p + _SPAN]
        d = 0
        if fan == UNDER:
            d = min(self.backs(p), n - 1) if n else 0  # (its top card is face up)
            r = (d + 1) // 2
            k = FIELDS * p
            h = self.grids[self.place[k + _HALF]]
            i = self.place[k + 2] * 2 * h.width + self.place[k + 1]  # (its row in half rows)
            # the sheet read as twice the rows: tile t's top half is tile 2 * (t // cols) * cols
            # + t % cols of the half-height grid, its bottom half a row of them further
            cols = self.screen.table.sheet.width // self.tw
            top = 2 * (self.BACK // cols) * cols + self.BACK % cols
            for j in range(h.height - 2 * self.place[k + 2]):
                if j < d:
                    a = top  # a back's top half: its edge, then the lattice
                elif j == d and d & 1:
                    a = top + cols  # the last back's bottom half: its head row shows whole
                else:
                    a = 0  # the table (transparent: the pile's own grid shows)
                self._pair(h, i + j * h.width, a, a + 1 if a else 0)
            for i in range(r):
                self._pair(g, at + i * w, 0, 0)
            at += r * w
            rows -= r
        first = d + (n - d + 1 - rows if n - d + 1 > rows else 0)
        r = 0
        if n == 0:
            self._outline(g, at, p)
            r = 2
        else:
            if first > d:
                self._pair(g, at, _MORE, _MORE + 1)
                r = 1
            for i in range(first + r, n):
                a, b = self.head(game.card(p, i))
                self._pair(g, at + r * w, a, b)
                r += 1
            f = self.foot(p, game.card(p, n - 1))
            self._pair(g, at + r * w, f, f + 1)
            r += 1
        while r < rows:
            self._pair(g, at + r * w, 0, 0)
            r += 1

    def _strips(self, p):
        # every card a strip to the right, the top one whole
        g, at = self._grid(p)
        cols = self.place[FIELDS * p + _SPAN]
        w = g.width
        game = self.shown
        n = self.count(p)
        shown = min(n, cols - 1, max(self.spread(p), 1))
        first = n - shown
        col = 0
        for i in range(first, n - 1):
            self._strip(g, at + col, w, self.strip(game.card(p, i)))
            col += 1
        if n:
            self._put(g, at + col, self.whole(p, game.card(p, n - 1)))
        else:
            self._outline(g, at, p)
        for c in range(col + 2, cols):
            self._strip(g, at + c, w, _NONE)

    def _strip(self, g, i, w, t):
        # a strip's two tiles, one over the other
        if g[i] != t[0]:
            g[i] = t[0]
        if g[i + w] != t[1]:
            g[i + w] = t[1]

    def _bands(self, p):
        # strips in bands of BAND, the top card whole where top_at() puts it
        g, at = self._grid(p)
        w = g.width
        game = self.shown
        n = self.count(p)
        tb, tc = self.top_at(n)
        bands = (self.place[FIELDS * p + _SPAN] + _BAND_ROWS - 1) // _BAND_ROWS
        for b in range(bands):
            row = at + _BAND_ROWS * b * w
            for c in range(BAND):
                i = row + c
                if b == tb and c == tc:
                    if n:
                        self._put(g, i, self.whole(p, game.card(p, n - 1)))
                    else:
                        self._outline(g, i, p)
                    continue
                if b == tb and c == tc + 1:
                    continue
                k = b * BAND + c
                self._strip(g, i, w, self.strip(game.card(p, k)) if k < n - 1 else _NONE)


_NONE = (0, 0)  # no card: the table shows through
