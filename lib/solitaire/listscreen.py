# The screen every menu and page of text is drawn on: a title bar, rows of text (a menu with a
# highlighted row, or a page that scrolls a page at a time) and a footer. What it shows comes
# from a page object (solitaire.pages has the protocol; solitaire.menus, choose, statspage,
# dealpage and rules make them); this module draws and navigates. The rows are bitmap_labels of
# two rows each plus one for the highlighted row on its bar (a label costs about 1 KB: five
# instead of nine); the title and footer are painted (solitaire.text.Line) into bitmaps the app
# made at start-up (README "Memory"). Layout is for 160x120 and scaled whole on bigger screens.
import displayio
from adafruit_display_text import bitmap_label
from micropython import const

from solitaire import shapes, trim_text
from solitaire.listkeys import Keys
from solitaire.text import Line, width, wrap

trim_text()
BG = 0x0B3B24  # card-table green
TITLE_BG = 0x06261A
TEXT = 0xF2F2E6
DIM = 0xA8C8B4
TITLE = 0xFFD866
BAR = 0xFFD866  # the highlighted row: a bright bar, dark text
BAR_TEXT = 0x101010
WARN = 0xFF9A80
_CHUNK = const(2)  # rows per label: bitmap_label draws 2 bits a pixel, so 2 rows of 150 px
# are 850 B of bitmap, under the 1 KB an allocation may take after start-up


class Screen(Keys):
    # moving through the rows and pages: solitaire/listkeys.py (a mixin, so that no module is
    # too big to compile on a board)
    long_a = False  # in menus A is A (a slow press must not choose twice)

    def __init__(self, app, page):
        w = app.width
        h = app.height
        S = max(1, min(w // 160, h // 120))
        self.S = S
        self.w = w // S
        self.h = h // S
        self.font = font = app.font
        fh = font.get_bounding_box()[1]
        self.row_h = rh = fh + 2
        th = fh + 4
        fth = fh + 3
        self.rows = rows = max(3, (self.h - th - fth - 2) // rh // _CHUNK * _CHUNK)
        self.top_y = th + 1 + (self.h - th - fth - 2 - rows * rh) // 2
        self.text_width = self.w - 14  # room for the scroll marks
        # shapes stay in an unscaled group with coordinates times the scale (vectorio shapes
        # do not follow a Group's scale everywhere); the labels go in a scaled child group
        self.group = g = displayio.Group()
        g.append(shapes.rect(BG, 0, 0, w, h))
        g.append(shapes.rect(TITLE_BG, 0, 0, w, th * S))
        g.append(shapes.rect(TITLE_BG, 0, (self.h - fth) * S, w, fth * S))
        self.bar = shapes.rect(BAR, 2 * S, 0, (self.w - 4) * S, rh * S)
        g.append(self.bar)
        self.more_up = shapes.rect(DIM, (self.w - 7) * S, (self.top_y - 3) * S, 4 * S, 2 * S)
        self.more_down = shapes.rect(DIM, (self.w - 7) * S, (self.top_y + rows * rh) * S,
                                     4 * S, 2 * S)
        g.append(self.more_up)
        g.append(self.more_down)
        t = displayio.Group(scale=S)
        g.append(t)
        # the title and the footer are painted into the table's two text bitmaps (never on
        # screen at the same time as a menu): two labels fewer
        line_h, base = app.text_metrics()
        status, box = app.text
        self.title = Line(font, box, TITLE, line_h, base, (self.w - box.width) // 2,
                          (th - line_h) // 2)
        t.append(self.title.grid)
        self.chunks = []
        for i in range(rows // _CHUNK):
            lab = self._label(t, TEXT, (0, 0), (6, self.top_y + i * _CHUNK * rh))
            lab.line_spacing = (rh + 0.5) / fh  # bitmap_label rounds spacing * height down
            self.chunks.append(lab)
        self.picked = self._label(t, BAR_TEXT, (0, 0), (6, 0))
        self.footer = Line(font, status, DIM, line_h, base, (self.w - status.width) // 2,
                           self.h - fth + (fth - line_h) // 2)
        t.append(self.footer.grid)
        self.top = 0
        self.app = app
        self.show(page)

    def _label(self, group, colour, anchor, at):
        lab = bitmap_label.Label(self.font, text=" ", color=colour, anchor_point=anchor,
                                 anchored_position=at)
        group.append(lab)
        return lab

    def close(self):
        self.group = self.chunks = self.title = self.footer = self.picked = self.bar = None

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

    def _set(self, label, text, colour=None):
        text = text or " "
        if label.text != text:
            label.text = text
        if colour is not None and label.color != colour:
            label.color = colour

    def render(self):
        page = self.page
        self.title.set(page.title)
        self.footer.set(page.footer)
        rows = self.rows
        lines = self.lines
        sel = self.first + page.sel if self.first < len(lines) else -1
        focus = page.focus
        if focus is not None:
            sel = focus[0]
        for c in range(len(self.chunks)):
            text = ""
            dim = True
            for r in range(c * _CHUNK, (c + 1) * _CHUNK):
                j = self.top + r
                line = lines[j] if j < len(lines) else ""
                if j == sel:
                    line = focus[1] + focus[2] + focus[3] if focus is not None else ""
                if j >= self.first:
                    dim = False
                # (a space on an empty line: bitmap_label can't start with an empty one)
                text += ("\n" if r % _CHUNK else "") + (line or " ")
            colour = WARN if page.warn else (DIM if dim else TEXT)
            self._set(self.chunks[c], text, colour)
        S = self.S
        if 0 <= sel - self.top < rows:
            y = self.top_y + (sel - self.top) * self.row_h
            x = 6
            if focus is not None:
                # the middle part drawn again, dark, on its bar, exactly over the light one
                x += width(self.font, focus[1])
                self._set(self.picked, focus[2])
                self.bar.x = (x - 1) * S
                self.bar.width = (width(self.font, focus[2]) + 1) * S
            else:
                self._set(self.picked, lines[sel])
                self.bar.x = 2 * S
                self.bar.width = (self.w - 4) * S
            self.picked.anchored_position = (x, y)
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
