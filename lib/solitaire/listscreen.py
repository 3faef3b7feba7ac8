# The screen every menu and page of text is drawn on: a title bar, rows of text (a menu with a
# highlighted row, or a page that scrolls a page at a time) and a footer. What it shows comes
# from a page object (solitaire.menus, solitaire.pause; the protocol is in Page below); this
# module draws and navigates. The rows are drawn by two labels of four rows each, plus one
# for the highlighted row on its bar: a label costs about 1 KB, so five labels instead of eleven
# (README "Memory"). Layout is for 160x120 and scaled whole on bigger screens.
import displayio
from adafruit_display_text import bitmap_label
from micropython import const

from solitaire import keys as K
from solitaire import shapes
from solitaire.text import width, wrap

BG = 0x0B3B24  # card-table green
TITLE_BG = 0x06261A
TEXT = 0xF2F2E6
DIM = 0xA8C8B4
TITLE = 0xFFD866
BAR = 0xFFD866  # the highlighted row: a bright bar, dark text
BAR_TEXT = 0x101010
WARN = 0xFF9A80
_CHUNK = const(4)  # rows per label: 4 rows of 150 px are 880 B of bitmap, under 1 KB


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


class Screen:
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
        self.title = self._label(t, TITLE, (0.5, 0.5), (self.w // 2, th // 2))
        self.chunks = []
        for i in range(rows // _CHUNK):
            lab = self._label(t, TEXT, (0, 0), (6, self.top_y + i * _CHUNK * rh))
            lab.line_spacing = (rh + 0.5) / fh  # bitmap_label rounds spacing * height down
            self.chunks.append(lab)
        self.picked = self._label(t, BAR_TEXT, (0, 0), (6, 0))
        self.footer = self._label(t, DIM, (0.5, 0.5), (self.w // 2, self.h - fth // 2))
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

    def _set(self, label, text, colour=None):
        text = text or " "
        if label.text != text:
            label.text = text
        if colour is not None and label.color != colour:
            label.color = colour

    def render(self):
        page = self.page
        self._set(self.title, page.title)
        self._set(self.footer, page.footer)
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

    def tick(self, now):
        return False
