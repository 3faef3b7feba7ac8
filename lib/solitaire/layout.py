# The one renderer of every family's table, its core: what every table shares. A family's View
# (solitaire/<family>_view.py) subclasses the layout of its deck's cards -- CardLayout
# (solitaire/layout_cards.py: French and Spanish cards, 2 x 2 tiles) or DominoLayout
# (solitaire/layout_dominoes.py: Space Dominoes, 3 x 1 tiles), each with the fans its cards
# take -- and declares, for the screen in use, its grids and where each pile sits and how it
# fans (plan()). Layout then draws any pile's tiles from the engine, gives each pile's rectangle
# (for frames), and derives the cursor's walk from the declared positions: LEFT/RIGHT through
# the lines top to bottom, each left to right; UP/DOWN to the nearest pile of the next line. A
# View keeps only what is its own: its words, its own actions (press: A on its piles) and a few
# art hooks (below). Only one deck's layout is ever loaded (a table is one family's).
#
# plan() returns (grids, places):
#   grids   (cols, rows, y) each: a TileGrid of the deck's sheet, centred across the screen at
#           pixel y (a table is a few: a grid costs ~100 B plus a group slot); (cols, rows, y,
#           True): its tiles half as tall, the table showing through its blank ones (where the
#           deck's layout fans face-down cards at half a head's pitch: layout_cards.py UNDER)
#   places  one per pile, index = the engine's pile number: (grid, col, row, fan, span, line,
#           wrap): the pile's first card at tile (col, row) of that grid; fan how its cards lie
#           (SINGLE here, the others in the deck's layout); span the rows or columns a fanned
#           pile may take; line the cursor's line it is on (the table's rows of piles, top
#           first); wrap (LIST) the columns to a second column of its cards, 0 for none;
#           (UNDER) the half-height grid its face-down cards are drawn in
#   SINGLE  the top card whole (face down: the backs; empty: the outline)
# Art hooks a View may define (defaults below): face_down(p), back(p) (the tiles of a face-down
# top), backs(p) (how many of p's bottom cards lie face down under face-up ones), spread(p) (how
# many of p's top cards its fan spreads: the rest lie squared under the first), empty(p) (the
# outline's first tile, or None: nothing), decorate(p) (after p is drawn: a view's own marks),
# follows_cursor(p) (redraw p when the cursor comes or goes); the deck's layout adds its own
# (foot, keep, original, extent). And one about play: auto(p), the move autoplay makes from p
# (the engine's quick play, unless the view keeps autoplay to the cards it calls safe).
from micropython import const

SINGLE = const(0)
# a pile's place: its fields, in order, in Layout.place (7 bytes a pile: a list of tuples would
# cost ~50 B a pile)
FIELDS = const(7)
_GRID = const(0)
_COL = const(1)
_ROW = const(2)
_FAN = const(3)
_LINE = const(5)


class Layout:
    # the deck's layout sets these: a card's size in tiles, the first tiles of a back and of an
    # empty pile's outline; BLANK: a card's tiles, none drawn
    WIDE = 2
    TALL = 2
    BLANK = (0, 0, 0, 0)
    BACK = 0
    EMPTY = 0
    # a family whose move names come from a module loaded for the message (Solar's
    # solitaire/solar_say.py) sets this: the hint's frame shows on its key's step, its words on
    # the next (solitaire/play.py hint()), so the key answers within 0.1 s on a PyBadge
    WORDS_LOADED = False

    def __init__(self, screen):
        self.screen = screen
        self.game = screen.game
        t = screen.table
        self.tw, self.th, self.s = t.tw, t.th, t.s
        # a pile whose top cards are still on their way (solitaire/motion.py: a slide): drawn
        # without them until they arrive
        self.arriving = -1
        self.held_back = 0
        # where the piles' cards are read (count(p), card(p, i)): the game, or, while a cascade
        # of automatic steps plays one step at a time, the piles as of the step shown
        # (solitaire/motion.py)
        self.shown = self.game
        grids, places = self.plan(t)
        self.grids = [t.grid(*g) for g in grids]
        n = len(places)
        self.place = bytearray(FIELDS * n)
        for p in range(n):
            for k in range(FIELDS):
                self.place[FIELDS * p + k] = places[p][k]
        # the cursor's lines, each left to right, and LEFT/RIGHT's walk through them
        lines = {}
        for p in range(n):
            lines.setdefault(places[p][_LINE], []).append(p)
        self.lines = [sorted(lines[k], key=self._x) for k in sorted(lines)]
        self.order = [p for line in self.lines for p in line]

    def _x(self, p):
        at = FIELDS * p
        return self.grids[self.place[at + _GRID]].x + self.place[at + _COL] * self.tw

    # ---- where things are --------------------------------------------------------------------

    def count(self, p):
        # the cards pile p shows: the engine's, less those still sliding to it
        n = self.shown.count(p)
        return n - self.held_back if p == self.arriving else n

    def rect(self, p, n):
        # (x, y, cols, rows): the top n cards of p (its outline when empty), from a pixel origin
        pl = self.place
        at = FIELDS * p
        g = self.grids[pl[at + _GRID]]
        x = g.x + pl[at + _COL] * self.tw
        y = g.y + pl[at + _ROW] * self.th
        if pl[at + _FAN] != SINGLE:
            return self.fanned_rect(p, n, x, y)
        return x, y, self.WIDE, self.TALL

    def landing(self, p, n):
        # where the top n cards of p (held back: a slide's cards) will lie once they arrive
        a = self.arriving
        self.arriving = -1
        r = self.rect(p, n)
        self.arriving = a
        return r

    def column(self, p):
        # (line, x of the middle of p's top card): UP/DOWN go to the pile nearest that x
        x, _y, cols, _rows = self.rect(p, 1)
        return self.place[FIELDS * p + _LINE], x + cols * self.tw // 2

    def cursor_moved(self, old, new):
        for p in (old, new):
            if self.follows_cursor(p):
                self.draw(p)

    # ---- drawing -----------------------------------------------------------------------------

    def draw_piles(self, mask):
        # the piles in mask (bit p = pile p, -1: all); a view whose piles share tiles draws
        # them together (solitaire/solar_view.py: a station and its pad)
        for p in range(self.game.pile_count):
            if mask & (1 << p):
                self.draw(p)

    def draw(self, p):
        # pile p's tiles from the engine
        if self.place[FIELDS * p + _FAN] == SINGLE:
            self._single(p)
        else:
            self.fanned(p)
        self.decorate(p)

    def _grid(self, p):
        at = FIELDS * p
        g = self.grids[self.place[at + _GRID]]
        return g, self.place[at + _ROW] * g.width + self.place[at + _COL]

    def _put(self, g, i, t):
        # a card's tiles t from tile i: a row of WIDE, then (TALL 2) the row under it. A tile
        # write marks the grid dirty even when it changes nothing (displayio), so only changes
        # are written
        # (a loop over t's values, the next row's step added once: the index arithmetic per
        # tile was most of a Solar table's first drawing, 0.18 s on a PyBadge)
        wide = self.WIDE
        down = g.width - wide  # from a row's end to the next row's start
        j = i
        k = 0
        for v in t:
            if g[j] != v:
                g[j] = v
            j += 1
            k += 1
            if k == wide:
                j += down

    def _run(self, first):
        # the tiles of a card-sized run from tile `first` of the sheet (a back, an outline)
        return range(first, first + self.WIDE * self.TALL)

    def _outline(self, g, i, p):
        # an empty pile's outline (empty() None: nothing, the table shows through)
        e = self.empty(p)
        self._put(g, i, self.BLANK if e is None else self._run(e))

    def _single(self, p):
        g, i = self._grid(p)
        game = self.shown
        n = self.count(p)
        if n == 0:
            self._outline(g, i, p)
        elif self.face_down(p):
            self._put(g, i, self.back(p))
        else:
            self._put(g, i, self.whole(p, game.card(p, n - 1)))

    # ---- art hooks (a View overrides what is its own) -------------------------------------

    def face_down(self, p):
        return False

    def backs(self, p):
        return 0

    def spread(self, p):
        return self.count(p)

    def back(self, p):
        return self._run(self.BACK)

    def empty(self, p):
        return self.EMPTY

    def decorate(self, p):
        pass

    def follows_cursor(self, p):
        return False

    def auto(self, p):
        return self.game.quick_play(p)

