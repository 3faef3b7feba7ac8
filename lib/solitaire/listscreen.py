# The screen every menu and page of text is drawn on: a title bar, rows of text (a menu with a
# highlighted row, or a page that scrolls a page at a time) and a footer. What it shows comes
# from a page object (Page below is the protocol, with the pages every menu uses: a menu of
# actions, a page of text, "are you sure?"; solitaire.menus, choose, statspage, dealpage and
# howto make them); this module draws them and moves through them (UP/DOWN
# move the highlight, wrapping, and scroll it into view; LEFT/RIGHT change a value where the
# page takes them; A chooses, B or START goes back; a page of text moves a page at a time). The words go into the text
# bitmaps the app made at start-up (solitaire/text.py), each shown whole by a grid of its own,
# so a new text redraws only the pixels it changed: the title and the footer each in a one-line
# bitmap, the highlighted row in one of two colours (its bar and its words, dark, drawn over the
# row: moving the highlight redraws the row it leaves and the one it reaches, once each), the
# rows in the block of lines. The rows are
# one surface in one ink, so a new page is composed once (two layers of rows, dim headings over
# bright items, made every page change compose the screen twice): a menu's headings are
# centred, its items start at the left. Layout is for 160x120 and scaled whole on bigger
# screens.
import displayio
from micropython import const

from solitaire import shapes
from solitaire import keys as K
from solitaire.text import Lines, baseline, fill, menu_rows, paint, pitch, scale, width, wrap

BG = 0x0B3B24  # card-table green
TITLE_BG = 0x06261A
TEXT = 0xF2F2E6
DIM = 0xA8C8B4
TITLE = 0xFFD866
BAR = 0xFFD866  # the highlighted row: a bright bar, dark text
BAR_TEXT = 0x101010
WARN = 0xFF9A80
_X = const(6)  # where a row's text starts


def _ink(colour):
    pal = displayio.Palette(2)
    pal[1] = colour
    pal.make_transparent(0)
    return pal


# what a list screen keeps loaded (solitaire/app.py settle()): its own code and the pages',
# the menus', and the registry the menus name the games from; a page adds its own
# (Page.modules). (The page protocol lives here, not in a module of its own: every import
# costs a PyBadge ~0.03 s at each return to the menus and three interned names for good)
MODULES = ("solitaire.listscreen", "solitaire.menus", "solitaire.shapes", "engine.registry")


# ---- the pages: what a list screen shows --------------------------------------------------

class Page:
    # What a list screen shows. A menu sets items (and info lines above them); a text page sets
    # only info. sel is the highlighted item. choose(screen) runs on A, back(screen) on B,
    # side(screen, d) on LEFT/RIGHT (d = -1/+1) and returns True if it used the key;
    # key(screen, k) sees every key first and returns True to take it (the deal entry).
    # focus = (row, left, middle, right) puts the bar under the middle part of that row.
    title = ""
    info = ()
    items = ()
    footer = ""
    sel = 0
    warn = False
    focus = None
    # the modules its actions need loaded while it shows (solitaire/app.py settle() keeps
    # them, besides the list screen's own: solitaire.listscreen.MODULES)
    modules = ()

    def choose(self, screen):
        pass

    def back(self, screen):
        pass

    def side(self, screen, d):
        return False

    def key(self, screen, k):
        return False


class Text(Page):
    # a page of text that scrolls a page at a time; A or B (or START) goes on to `then()`
    def __init__(self, title, lines, then, footer="A/B back", warn=False):
        self.title = title
        self.info = lines
        self.then = then
        self.footer = footer
        self.warn = warn

    def choose(self, screen):
        if not screen.page_down():
            self.then()

    def back(self, screen):
        self.then()


class Confirm(Page):
    # "Are you sure?" with No first, so a stray A press changes nothing
    def __init__(self, title, question, yes, no):
        self.title = title
        self.info = (question,)
        self.items = ("No, go back", "Yes")
        self.yes = yes
        self.no = no
        self.footer = "A choose  B back"

    def choose(self, screen):
        (self.yes if screen.page.sel == 1 else self.no)()

    def back(self, screen):
        self.no()


class Menu(Page):
    # a plain menu: items and what A does on each, what B does
    def __init__(self, title, info, items, actions, back=None, footer="A choose  B back", sel=0):
        self.title = title
        self.info = info
        self.items = items
        self.actions = actions
        self.on_back = back
        self.footer = footer
        self.sel = sel

    def choose(self, screen):
        self.actions[self.sel]()

    def back(self, screen):
        if self.on_back:
            self.on_back()


# ---- the screen ---------------------------------------------------------------------------


class Screen:
    long_a = False  # in menus A is A (a slow press must not choose twice)

    def __init__(self, app, page):
        w = app.width
        h = app.height
        self.S = S = scale(w, h)
        self.w = w // S
        self.h = h // S
        self.font = f = app.font
        self.row_h = p = pitch(f)
        th = p + 2  # the title bar
        fth = p + 1  # the footer bar
        self.rows = rows = menu_rows(self.h, p)
        self.top_y = th + 1 + (self.h - th - fth - 2 - rows * p) // 2
        self.text_width = self.w - 14  # room for the scroll marks
        bitmaps = app.rows
        self.title = Lines(f, bitmaps[0], 1)
        self.footer = Lines(f, bitmaps[1], 1)
        self.marked = bitmaps[2]  # the highlighted row: 1 its words, 2 its bar
        self.shown = None  # what it shows: (words, their x, the bar's first x, end x)
        self.body = Lines(f, app.block, rows)
        # shapes stay in an unscaled group with coordinates times the scale (vectorio shapes
        # do not follow a Group's scale everywhere); the text goes in a scaled child group
        self.group = g = displayio.Group()
        g.append(shapes.rect(BG, 0, 0, w, h))
        g.append(shapes.rect(TITLE_BG, 0, 0, w, th * S))
        g.append(shapes.rect(TITLE_BG, 0, (self.h - fth) * S, w, fth * S))
        self.more_up = shapes.rect(DIM, (self.w - 7) * S, (self.top_y - 3) * S, 4 * S, 2 * S)
        self.more_down = shapes.rect(DIM, (self.w - 7) * S, (self.top_y + rows * p) * S,
                                     4 * S, 2 * S)
        g.append(self.more_up)
        g.append(self.more_down)
        t = displayio.Group(scale=S)
        g.append(t)
        self.title_grid = displayio.TileGrid(bitmaps[0], pixel_shader=_ink(TITLE),
                                             y=(th - p) // 2)
        t.append(self.title_grid)
        t.append(displayio.TileGrid(bitmaps[1], pixel_shader=_ink(DIM), y=self.h - fth))
        self.rows_grid = displayio.TileGrid(app.block, pixel_shader=_ink(TEXT), y=self.top_y)
        t.append(self.rows_grid)
        pal = displayio.Palette(3)
        pal[1] = BAR_TEXT
        pal[2] = BAR
        pal.make_transparent(0)
        self.picked = displayio.TileGrid(bitmaps[2], pixel_shader=pal)
        t.append(self.picked)
        self.top = 0
        self.app = app
        self.show(page)

    def close(self):
        self.group = self.rows_grid = self.title_grid = self.picked = None
        self.title = self.footer = self.marked = self.body = None

    # ---- what is shown ------------------------------------------------------------------

    def show(self, page, top=0):
        # a new page (sel and scroll kept by the page itself)
        self.page = page
        info = page.info
        if page.items == () and info:
            # a text page: wrap its lines to the screen width
            lines = []
            for line in info:
                lines.extend(wrap(self.font, line, self.text_width - 6))
            self.lines = lines
            self.first = len(lines)
        else:
            self.lines = list(info) + list(page.items)
            self.first = len(info)
        self.top = top
        self._scroll()
        self.render()

    def _highlight(self, text, x, x0, x1):
        # the highlighted row: its bar from x0 to x1, its words from x over it
        shown = (text, x, x0, x1)
        if shown == self.shown:
            return
        self.shown = shown
        b = self.marked
        b.fill(0)
        if x1 > x0:
            fill(b, x0, 0, x1, b.height, 2)
        paint(self.font, b, text, x, baseline(self.font))

    def _ink(self, pal, colour):
        if pal[1] != colour:
            pal[1] = colour

    def render(self):
        page = self.page
        rows = self.rows
        self.title.put(0, page.title, 1, 0, 1)
        self.footer.put(0, page.footer, 1, 0, 1)
        lines = self.lines
        text_page = self.first >= len(lines)
        sel = self.first + page.sel if not text_page else -1
        focus = page.focus
        if focus is not None:
            sel = focus[0]
        # a warning (a notice, a digit too many) says so in its title's colour: a new colour for
        # the rows would redraw the whole block
        self._ink(self.title_grid.pixel_shader, WARN if page.warn else TITLE)
        body = self.body
        p = self.row_h
        sel_x = _X
        for r in range(rows):
            j = self.top + r
            line = lines[j] if j < len(lines) else ""
            if j == sel and focus is not None:
                line = focus[1] + focus[2] + focus[3]
            if not line:
                body.clear(r)
                continue
            # a menu's heading centred across the text's width, an item or a text at the left
            x = _X
            if j < self.first and not text_page:
                x = _X + (self.text_width - width(self.font, line)) // 2
            body.put(r, line, x, r)
            if j == sel:
                sel_x = x
        if 0 <= sel - self.top < rows:
            y = self.top_y + (sel - self.top) * p
            x = sel_x
            if focus is not None:
                # the middle part drawn again, dark, on its bar, exactly over the light one
                x += width(self.font, focus[1])
                self._highlight(focus[2], x, x - 1, x + width(self.font, focus[2]))
            else:
                self._highlight(lines[sel], x, 2, self.w - 2)
            if self.picked.y != y:
                self.picked.y = y
        else:
            self._highlight("", 0, 0, 0)  # (its grid stays: what it showed is all it redraws)
        self.more_up.hidden = self.top <= 0
        self.more_down.hidden = self.top + rows >= len(lines)

    def modules(self):
        return MODULES + self.page.modules

    def tick(self, now):
        return False

    def due(self, now, most):
        return most  # (a menu waits for keys only)

    # ---- moving through the rows and pages ----------------------------------------------------

    def _scroll(self):
        rows = self.rows
        if self.first >= len(self.lines):
            self.top = max(0, min(self.top, len(self.lines) - rows))
            return
        sel = self.first + self.page.sel
        if sel - self.top >= rows:
            self.top = sel - rows + 1
        if sel < self.top:
            self.top = sel
        if sel < rows:
            self.top = 0  # keep the heading in view while the selection allows it

    def page_down(self):
        # a text page: the next page, False at the end
        last = max(0, len(self.lines) - self.rows)
        if self.top >= last:
            return False
        self.top = min(last, self.top + self.rows - 1)
        self.render()
        return True

    # ---- keys -----------------------------------------------------------------------------

    def key(self, k, now):
        page = self.page
        if page.key(self, k):
            return True
        if k == K.A_LONG:
            return False
        if k in (K.B, K.START):
            page.back(self)
            return True
        if k == K.A:
            page.choose(self)
            return True
        if self.first >= len(self.lines):  # a text page: scroll by page
            if k in (K.DOWN, K.RIGHT):
                return self.page_down()
            if k in (K.UP, K.LEFT) and self.top > 0:
                self.top = max(0, self.top - self.rows + 1)
                self.render()
                return True
            return False
        n = len(page.items)
        if k in (K.LEFT, K.RIGHT) and page.side(self, -1 if k == K.LEFT else 1):
            return True
        if k in (K.UP, K.LEFT):
            page.sel = (page.sel - 1) % n
        elif k in (K.DOWN, K.RIGHT):
            page.sel = (page.sel + 1) % n
        else:
            return False
        self._scroll()
        self.render()
        return True
