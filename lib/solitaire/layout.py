# The one renderer of every family's table. A family's View (solitaire/<family>_view.py)
# subclasses Layout and declares, for the screen in use, its grids and where each pile sits and
# how it fans (plan()); Layout then draws any pile's tiles from the engine through the deck's
# art (solitaire/decks.py), gives each pile's rectangle (for frames), and derives the cursor's
# walk from the declared positions: LEFT/RIGHT through the lines top to bottom, each left to
# right; UP/DOWN to the nearest pile of the next line. A View keeps only what is its own: its
# words, its own actions (press: A on its piles) and a few art hooks (below).
#
# plan() returns (grids, places):
#   grids   (cols, rows, y) each: a TileGrid of the deck's sheet, centred across the screen at
#           pixel y (a table is a few: a grid costs ~100 B plus a group slot)
#   places  one per pile, index = the engine's pile number: (grid, col, row, fan, span, line,
#           wrap): the pile's first card at tile (col, row) of that grid; fan how its cards lie
#           (below); span the rows (DOWN, LIST) or columns (STRIPS) it may take; line the
#           cursor's line it is on; wrap (LIST) the columns to a second column of its cards, 0
#           for none
# Fans:
#   SINGLE  the top card whole (face down: the backs; empty: the outline)
#   DOWN    every card's head fanned down, the top card whole; too many: "more" on the first row
#           and the newest cards (2 x 2 decks)
#   STRIPS  every card a strip to the right, the top card whole; too many: the newest ones
#   BANDS   strips in bands of BAND cards, bands three rows apart, the top card whole where the
#           next strip would go (or at the next band's start)
#   LIST    whole cards down one (or, with wrap, two) columns (3 x 1 decks): the cards keep()
#           marks always show, then as many from the top as fit, a "more" strip for each run
#           left out
# walk() gives LEFT/RIGHT's order where it is not the lines' (a family whose play flows otherwise).
# Art hooks a View may define (defaults below): face_down(p), back(p) (the four tiles of a
# face-down top), foot(p, c) (a whole card's foot row, its left tile), empty(p) (the outline's
# first tile, or None: nothing), keep(p, i, c) (LIST), original(p, i) (LIST: the card in its dealt colours),
# extent(p) (first row and rows, for a pile whose room changes: Solar's), decorate(p) (after p
# is drawn: a view's own marks), follows_cursor(p) (redraw p when the cursor comes or goes).
from micropython import const

SINGLE = const(0)
DOWN = const(1)
STRIPS = const(2)
BANDS = const(3)
LIST = const(4)
BAND = const(13)  # strips in a band (BANDS)
_BAND_ROWS = const(3)


class Layout:
    wrap_rows = 0  # (LIST: rows of the first column before the second, from the View's plan)

    def __init__(self, screen, deck):
        from solitaire.decks import art

        self.screen = screen
        self.game = screen.game
        t = screen.table
        self.tw, self.th, self.s = t.tw, t.th, t.s
        self.art = art(deck)
        grids, places = self.plan(t)
        self.grids = [t.grid(cols, rows, y) for cols, rows, y in grids]
        n = len(places)
        self.place = places
        self.at_row = bytearray(n)  # the row of the top card as drawn (LIST piles)
        # the cursor's lines, each left to right, and the walk through them
        lines = {}
        for p in range(n):
            lines.setdefault(places[p][5], []).append(p)
        self.rows = [sorted(lines[k], key=lambda p: self._x(p)) for k in sorted(lines)]
        self.order = self.walk()

    def _x(self, p):
        pl = self.place[p]
        return self.grids[pl[0]].x + pl[1] * self.tw

    # ---- where things are --------------------------------------------------------------------

    def rect(self, p, n):
        # (x, y, cols, rows): the top n cards of p (its outline when empty), from a pixel origin
        grid, col, row, fan, span, line, wrap = self.place[p]
        g = self.grids[grid]
        art = self.art
        x = g.x + col * self.tw
        y = g.y + row * self.th
        count = self.game.count(p)
        if fan == DOWN and count:
            shown = min(count, span - 1)
            n = min(n, shown)
            return x, y + (shown - n) * self.th, art.wide, n + 1
        if fan == STRIPS and count:
            x += (min(count, span - 1) - 1) * self.tw
        elif fan == BANDS:
            b, c = self.top_at(count)
            return x + c * self.tw, y + _BAND_ROWS * b * self.th, art.wide, art.tall
        elif fan == LIST:
            return x + (wrap if self.at_row[p] >= 128 else 0) * self.tw, \
                g.y + (self.at_row[p] & 127) * self.th, art.wide, art.tall
        return x, y, art.wide, art.tall

    def column(self, p):
        # (line, x of the middle of p's top card): UP/DOWN go to the pile nearest that x
        x, _y, cols, _rows = self.rect(p, 1)
        return self.place[p][5], x + cols * self.tw // 2

    def line_of(self, p):
        return self.place[p][5]

    def top_at(self, n):
        # (band, column) of a BANDS pile's top card when it holds n cards: right after the
        # others' strips, or at the next band's start if its band has no room for it
        if n == 0:
            return 0, 0
        b, c = divmod(n - 1, BAND)
        if c == BAND - 1:
            return b + 1, 0
        return b, c

    def cursor_moved(self, old, new):
        for p in (old, new):
            if self.follows_cursor(p):
                self.draw(p)

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self, p):
        # pile p's tiles from the engine
        fan = self.place[p][3]
        if fan == SINGLE:
            self._single(p)
        elif fan == DOWN:
            self._down(p)
        elif fan == STRIPS:
            self._strips(p)
        elif fan == BANDS:
            self._bands(p)
        else:
            self._list(p)
        self.decorate(p)

    def _grid(self, p):
        pl = self.place[p]
        g = self.grids[pl[0]]
        return g, pl[2] * g.width + pl[1]

    def _four(self, g, i, a, b, c, d):
        # a 2 x 2 card's tiles: head left, right, foot left, right
        w = g.width
        if g[i] != a:
            g[i] = a
        if g[i + 1] != b:
            g[i + 1] = b
        if g[i + w] != c:
            g[i + w] = c
        if g[i + w + 1] != d:
            g[i + w + 1] = d

    def _pair(self, g, i, a, b):
        if g[i] != a:
            g[i] = a
        if g[i + 1] != b:
            g[i + 1] = b

    def _three(self, g, i, a, b, c):
        if g[i] != a:
            g[i] = a
        if g[i + 1] != b:
            g[i + 1] = b
        if g[i + 2] != c:
            g[i + 2] = c

    def _whole(self, g, i, p, c):
        # a 2 x 2 card whole: its head, its foot
        a, b = self.art.head(c)
        f = self.foot(p, c)
        self._four(g, i, a, b, f, f + 1)

    def _outline(self, g, i, p):
        # an empty pile's outline (empty() None: nothing, the table shows through)
        e = self.empty(p)
        if e is None:
            if self.art.tall == 1:
                self._three(g, i, 0, 0, 0)
            else:
                self._four(g, i, 0, 0, 0, 0)
        elif self.art.tall == 1:
            self._three(g, i, e, e + 1, e + 2)
        else:
            self._four(g, i, e, e + 1, e + 2, e + 3)

    def _single(self, p):
        g, i = self._grid(p)
        game = self.game
        n = game.count(p)
        art = self.art
        if n == 0:
            self._outline(g, i, p)
        elif self.face_down(p):
            b = self.back(p)
            if art.tall == 1:
                self._three(g, i, b, b + 1, b + 2)
            else:
                self._four(g, i, b[0], b[1], b[2], b[3])
        elif art.tall == 1:
            t = art.face(game.face(game.top(p)))
            self._three(g, i, t[0], t[1], t[2])
        else:
            self._whole(g, i, p, game.top(p))

    def _down(self, p):
        # heads fanned down, the top card whole; too many: "more" and the newest cards
        g, at = self._grid(p)
        w = g.width
        game = self.game
        n = game.count(p)
        rows = self.place[p][4]
        first = n + 1 - rows if n + 1 > rows else 0
        r = 0
        if n == 0:
            self._outline(g, at, p)
            r = 2
        else:
            if first:
                m = self.art.more
                self._pair(g, at, m, m + 1)
                r = 1
            for i in range(first + r, n):
                a, b = self.art.head(game.card(p, i))
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
        cols = self.place[p][4]
        w = g.width
        game = self.game
        n = game.count(p)
        first = n - (cols - 1) if n > cols - 1 else 0
        col = 0
        for i in range(first, n - 1):
            a, b = self.art.strip(game.card(p, i))
            if g[at + col] != a:
                g[at + col] = a
            if g[at + w + col] != b:
                g[at + w + col] = b
            col += 1
        if n:
            self._whole(g, at + col, p, game.card(p, n - 1))
        else:
            self._outline(g, at, p)
        for c in range(col + 2, cols):
            if g[at + c] != 0:
                g[at + c] = 0
            if g[at + w + c] != 0:
                g[at + w + c] = 0

    def _bands(self, p):
        # strips in bands of BAND, the top card whole where top_at() puts it
        g, at = self._grid(p)
        w = g.width
        game = self.game
        n = game.count(p)
        tb, tc = self.top_at(n)
        bands = (self.place[p][4] + _BAND_ROWS - 1) // _BAND_ROWS
        for b in range(bands):
            row = at + _BAND_ROWS * b * w
            for c in range(BAND):
                i = row + c
                if b == tb and c == tc:
                    if n:
                        self._whole(g, i, p, game.card(p, n - 1))
                    else:
                        self._outline(g, i, p)
                    continue
                if b == tb and c == tc + 1:
                    continue
                k = b * BAND + c
                if k < n - 1:
                    a, s = self.art.strip(game.card(p, k))
                else:
                    a = s = 0
                if g[i] != a:
                    g[i] = a
                if g[i + w] != s:
                    g[i + w] = s

    def _list(self, p):
        # whole 3 x 1 cards down a column (and a second, wrap columns on): the cards keep()
        # marks, then as many from the top as fit, a "more" strip for each run left out
        grid, col, row, fan, span, line, wrap = self.place[p]
        r0, rows = self.extent(p)
        g = self.grids[grid]
        w = g.width
        game = self.game
        art = self.art
        n = game.count(p)
        if rows == 0:  # no room at all (an empty pad under a full station)
            self.at_row[p] = r0
            return
        slots = rows * (2 if wrap else 1)
        top = slots
        while self._items(p, n, top) > slots:
            top -= 1
        i = s = 0
        last = r0
        while i < n:
            c2 = s >= rows
            at = (r0 + (s - rows if c2 else s)) * w + col + (wrap if c2 else 0)
            c = game.card(p, i)
            if i >= n - top or self.keep(p, i, c):
                t = art.face(game.face(c), self.original(p, i))
                self._three(g, at, t[0], t[1], t[2])
                last = (r0 + (s - rows if c2 else s)) | (128 if c2 else 0)
                i += 1
            else:
                m = art.more
                self._three(g, at, m, m + 1, m + 2)
                while i < n - top and not self.keep(p, i, game.card(p, i)):
                    i += 1
            s += 1
        if n == 0:
            self._outline(g, r0 * w + col, p)
            s = 1
        while s < slots:
            c2 = s >= rows
            at = (r0 + (s - rows if c2 else s)) * w + col + (wrap if c2 else 0)
            self._three(g, at, 0, 0, 0)
            s += 1
        self.at_row[p] = last

    def _items(self, p, n, top):
        # places a LIST pile takes with its top `top` cards whole: those, every kept card below
        # them, and a "more" strip for each run of cards between
        game = self.game
        k = min(n, top)
        gap = False
        for i in range(n - k):
            if self.keep(p, i, game.card(p, i)):
                k += 1
                gap = False
            elif not gap:
                k += 1
                gap = True
        return k

    def walk(self):
        # LEFT/RIGHT's walk: the lines top to bottom, each left to right; a View whose play
        # flows otherwise (the hand, then where its cards go) gives its own
        return [p for line in self.rows for p in line]

    # ---- art hooks (a View overrides what is its own) -------------------------------------

    def face_down(self, p):
        return False

    def back(self, p):
        b = self.art.back
        return (b, b + 1, b + 2, b + 3) if self.art.tall == 2 else b

    def foot(self, p, c):
        return self.art.foot(c)

    def empty(self, p):
        return self.art.empty

    def keep(self, p, i, c):
        return False

    def original(self, p, i):
        return False

    def extent(self, p):
        pl = self.place[p]
        return pl[2], pl[4]

    def decorate(self, p):
        pass

    def follows_cursor(self, p):
        return False
