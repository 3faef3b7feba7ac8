# The screen every menu and page of text is drawn on: a title bar, rows of text (a menu with a
# highlighted row, or a page that scrolls a page at a time) and a footer. What it shows comes
# from a page object (solitaire.pages has the protocol; solitaire.menus, choose, statspage,
# dealpage and rules make them); this module draws and navigates. Every line of text is a band
# of the app's one text bitmap (solitaire/text.py, made at start-up), shown by five TileGrids:
# the title, the footer, the rows in dim ink (a page's heading), the rows in bright ink (its
# items) and the highlighted row in dark ink on its bar. A row shows a blank band in the grid
# of the other ink. Layout is for 160x120 and scaled whole on bigger screens.
import displayio
from micropython import const

from solitaire import shapes
from solitaire.listkeys import Keys
from solitaire.text import band, clear, menu_rows, pitch, scale, width, wrap

BG = 0x0B3B24  # card-table green
TITLE_BG = 0x06261A
TEXT = 0xF2F2E6
DIM = 0xA8C8B4
TITLE = 0xFFD866
BAR = 0xFFD866  # the highlighted row: a bright bar, dark text
BAR_TEXT = 0x101010
WARN = 0xFF9A80
# bands of the text bitmap: the title, the footer, the highlighted row, a blank one, the rows
_TITLE = const(0)
_FOOTER = const(1)
_PICKED = const(2)
_BLANK = const(3)
_ROWS = const(4)
_X = const(6)  # where a row's text starts


def _grid(bitmap, colour, p, rows, y, tile):
    pal = displayio.Palette(2)
    pal[1] = colour
    pal.make_transparent(0)
    return displayio.TileGrid(bitmap, pixel_shader=pal, tile_width=bitmap.width, tile_height=p,
                              height=rows, y=y, default_tile=tile)


class Screen(Keys):
    # moving through the rows and pages: solitaire/listkeys.py (a mixin, so that no module is
    # too big to compile on a board)
    long_a = False  # in menus A is A (a slow press must not choose twice)

    def __init__(self, app, page):
        w = app.width
        h = app.height
        self.S = S = scale(w, h)
        self.w = w // S
        self.h = h // S
        self.font = app.font
        self.text = b = app.text
        self.row_h = p = pitch(self.font)
        th = p + 2  # the title bar
        fth = p + 1  # the footer bar
        self.rows = rows = menu_rows(self.h, p)
        self.top_y = th + 1 + (self.h - th - fth - 2 - rows * p) // 2
        self.text_width = self.w - 14  # room for the scroll marks
        # shapes stay in an unscaled group with coordinates times the scale (vectorio shapes
        # do not follow a Group's scale everywhere); the text goes in a scaled child group
        self.group = g = displayio.Group()
        g.append(shapes.rect(BG, 0, 0, w, h))
        g.append(shapes.rect(TITLE_BG, 0, 0, w, th * S))
        g.append(shapes.rect(TITLE_BG, 0, (self.h - fth) * S, w, fth * S))
        self.bar = shapes.rect(BAR, 2 * S, 0, (self.w - 4) * S, p * S)
        g.append(self.bar)
        self.more_up = shapes.rect(DIM, (self.w - 7) * S, (self.top_y - 3) * S, 4 * S, 2 * S)
        self.more_down = shapes.rect(DIM, (self.w - 7) * S, (self.top_y + rows * p) * S,
                                     4 * S, 2 * S)
        g.append(self.more_up)
        g.append(self.more_down)
        t = displayio.Group(scale=S)
        g.append(t)
        clear(b, _BLANK * p, p)
        t.append(_grid(b, TITLE, p, 1, (th - p) // 2, _TITLE))
        t.append(_grid(b, DIM, p, 1, self.h - fth, _FOOTER))
        self.dim = _grid(b, DIM, p, rows, self.top_y, _BLANK)
        self.bright = _grid(b, TEXT, p, rows, self.top_y, _BLANK)
        self.picked = _grid(b, BAR_TEXT, p, 1, 0, _PICKED)
        t.append(self.dim)
        t.append(self.bright)
        t.append(self.picked)
        self.shown = [None] * (rows + 2)  # the text in each row's band, the title's, the footer's
        self.top = 0
        self.app = app
        self.show(page)

    def close(self):
        self.group = self.dim = self.bright = self.picked = self.bar = self.text = None

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

    def _band(self, k, slot, text, centre=False):
        # band k painted with text unless it holds it already (slot: its entry in shown)
        if self.shown[slot] != text:
            self.shown[slot] = text
            band(self.font, self.text, k, text, 1 if centre else _X, centre)

    def _ink(self, grid, colour):
        pal = grid.pixel_shader
        if pal[1] != colour:
            pal[1] = colour

    def render(self):
        page = self.page
        rows = self.rows
        self._band(_TITLE, rows, page.title, True)
        self._band(_FOOTER, rows + 1, page.footer, True)
        lines = self.lines
        sel = self.first + page.sel if self.first < len(lines) else -1
        focus = page.focus
        if focus is not None:
            sel = focus[0]
        self._ink(self.dim, WARN if page.warn else DIM)
        self._ink(self.bright, WARN if page.warn else TEXT)
        for r in range(rows):
            j = self.top + r
            line = lines[j] if j < len(lines) else ""
            if j == sel and focus is not None:
                line = focus[1] + focus[2] + focus[3]
            self._band(_ROWS + r, r, line)
            info = j < self.first
            self.dim[r] = _ROWS + r if info else _BLANK
            self.bright[r] = _BLANK if info else _ROWS + r
        S = self.S
        if 0 <= sel - self.top < rows:
            y = self.top_y + (sel - self.top) * self.row_h
            x = _X
            if focus is not None:
                # the middle part drawn again, dark, on its bar, exactly over the light one
                x += width(self.font, focus[1])
                band(self.font, self.text, _PICKED, focus[2], x)
                self.bar.x = (x - 1) * S
                self.bar.width = (width(self.font, focus[2]) + 1) * S
            else:
                band(self.font, self.text, _PICKED, lines[sel], x)
                self.bar.x = 2 * S
                self.bar.width = (self.w - 4) * S
            self.picked.y = y
            self.bar.y = y * S
            self.bar.hidden = False
            self.picked.hidden = False
        else:
            self.bar.hidden = True
            self.picked.hidden = True
        self.more_up.hidden = self.top <= 0
        self.more_down.hidden = self.top + rows >= len(lines)

    def tick(self, now):
        return False
