# Space Dominoes cards on a table (solitaire/layout.py is the renderer's core): a card is 3
# tiles wide and 1 tall, its three sections (two numbers and a rocket's mark, or a rocket's dark
# card), read through the engine's deck module (engine/cards_domino.py), never decoded here. The
# tiles are the domino sheet's (assets/make_art.py, tests/sheets.py; tests check these copies). The
# fan these cards take:
#   LIST    whole cards down one (or, with wrap, two) columns: the cards keep() marks always
#           show, then as many from the top as fit, a "more" strip for each run left out
# A View may define keep(p, i, c) (a card that always shows), original(p, i) (a card in its
# dealt colours), extent(p) (first row and rows, for a pile whose room changes).
from micropython import const

from solitaire.layout import FIELDS, Layout

LIST = const(4)
_GRID = const(0)  # a place's fields (solitaire/layout.py)
_COL = const(1)
_ROW = const(2)
_SPAN = const(4)
_WRAP = const(6)
# private const()s are inlined: a table keeps no tile table in RAM
_SECTION = const(16)  # + position*4 + pips
_ROCKET = const(28)  # + k*3 + position
_BACK = const(40)  # + position
_EMPTY = const(43)  # + position
_MORE = const(49)  # + position
_ORIGINAL = const(52)  # + position*4 + pips: a pad's dealt card


class DominoLayout(Layout):
    WIDE = 3
    TALL = 1
    BLANK = (0, 0, 0)
    BACK = _BACK
    EMPTY = _EMPTY

    def __init__(self, screen):
        from engine.cards_domino import face_sections, is_rocket

        self.sections = face_sections
        self.is_rocket = is_rocket
        self.at_row = bytearray(screen.game.pile_count)  # the row of the top card as drawn
        Layout.__init__(self, screen)

    # ---- the art -----------------------------------------------------------------------------

    def face(self, f, original=False):
        # the three tiles of a card of face f (the game's face(card)): a rocket's dark card, a
        # pad's dealt card in its own colours
        a, b, k = self.sections(f)
        if self.is_rocket(f):
            t = _ROCKET + a * 3
            return t, t + 1, t + 2
        first = _ORIGINAL if original else _SECTION
        return first + a, first + 4 + b, first + 8 + k

    def whole(self, p, c):
        return self.face(self.game.face(c))

    def group(self, g, p, n):
        # the top n cards of pile p into grid g from its top left, one under the other (a
        # slide's sprite, solitaire/motion.py); rows of g below them: nothing
        game = self.shown
        count = game.count(p)
        n = min(n, count, g.height)
        for r in range(g.height):
            self._put(g, r * g.width, self.whole(p, game.card(p, count - n + r))
                      if r < n else self.BLANK)

    # ---- the list ----------------------------------------------------------------------------

    def fanned_rect(self, p, n, x, y):
        r = self.at_row[p]
        at = FIELDS * p
        return (x + (self.place[at + _WRAP] if r >= 128 else 0) * self.tw,
                self.grids[self.place[at + _GRID]].y + (r & 127) * self.th, 3, 1)

    def landing(self, p, n):
        # a list's next place below its top card as drawn (without the arriving cards); if
        # the list must close up to take them, the last frame corrects it
        at = FIELDS * p
        r0, rows = self.extent(p)
        r = self.at_row[p]
        col = self.place[at + _COL]
        if self.count(p) == 0:
            r, c2 = r0, False
        else:
            c2 = r >= 128
            r = (r & 127) + 1
            if r >= r0 + rows and self.place[at + _WRAP] and not c2:
                r, c2 = r0, True
            r = min(r, r0 + rows - 1)
        g = self.grids[self.place[at + _GRID]]
        return (g.x + (col + (self.place[at + _WRAP] if c2 else 0)) * self.tw,
                g.y + r * self.th, 3, 1)

    def fanned(self, p):
        # whole cards down a column (and a second, wrap columns on): the cards keep() marks,
        # then as many from the top as fit, a "more" strip for each run left out
        at = FIELDS * p
        col = self.place[at + _COL]
        wrap = self.place[at + _WRAP]
        r0, rows = self.extent(p)
        g = self.grids[self.place[at + _GRID]]
        w = g.width
        game = self.shown
        real = self.game
        n = self.count(p)
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
            r = r0 + (s - rows if c2 else s)
            at = r * w + col + (wrap if c2 else 0)
            c = game.card(p, i)
            if i >= n - top or self.keep(p, i, c):
                self._put(g, at, self.face(real.face(c), self.original(p, i)))
                last = r | (128 if c2 else 0)
                i += 1
            else:
                self._put(g, at, self._run(_MORE))
                while i < n - top and not self.keep(p, i, game.card(p, i)):
                    i += 1
            s += 1
        if n == 0:
            self._outline(g, r0 * w + col, p)
            s = 1
        while s < slots:
            c2 = s >= rows
            self._put(g, (r0 + (s - rows if c2 else s)) * w + col + (wrap if c2 else 0),
                      self.BLANK)
            s += 1
        self.at_row[p] = last

    def _items(self, p, n, top):
        # places a LIST pile takes with its top `top` cards whole: those, every kept card below
        # them, and a "more" strip for each run of cards between
        game = self.shown
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

    # ---- art hooks (a View overrides what is its own) -------------------------------------

    def keep(self, p, i, c):
        return False

    def original(self, p, i):
        return False

    def extent(self, p):
        at = FIELDS * p
        return self.place[at + _ROW], self.place[at + _SPAN]
