# What every family's table shows besides its piles: the frames (yellow cursor, cyan picked-up
# cards, magenta hints or base candidates), the status line (words about the pile under the
# cursor, then the score), and a yellow box for messages and for the menus over the table.
# Made once per table screen; afterwards only tiles, positions, pixels and `hidden` change.
#
# A frame is four thin rectangles (vectorio) round the cards it frames, in two rings a pixel
# each (at scale 1): the outer one in the gap round the cards, the inner one on their own edge. A
# mark shows its inner ring only, so two marks side by side keep the table's gap between them,
# and the cursor on a marked pile its outer ring only, so both show at every moment. Moving a
# frame redraws the thin boxes its edges leave and reach (a frame drawn as a grid of tiles redrew
# its whole box twice: a cursor key composed ~30% of the screen). Text is painted from the font's
# glyph strip (solitaire/font.py) into the bitmaps the app makes once (solitaire/text.py): no
# label objects and no bitmap made per message (docs/memory.md).
from micropython import const

from solitaire.text import LINES, wrap

CURSOR = 0xFFE000
PICKED = 0x00E0FF
MARK = 0xFF40FF
STATUS = 0xFFFFFF
INK = 0x000000
BOX = 0xFFE000
MARKS = const(4)  # mark frames: a hint's source and destination, or the base candidates
BOTH = const(0)  # a frame's rings: both, the inner one, the outer one
_INNER = const(1)
OUTER = const(2)


class Frame:
    # four rectangles (top, bottom, left, right) of one colour round the cards of rect = (x,
    # y, cols, rows): cards cols tiles wide covering rows tile rows from screen pixel (x, y).
    # A card 2 tiles wide is a pixel narrower than them (13 px in 14: the sheets' gap column)
    def __init__(self, rects):
        self.rects = rects

    def show(self, rect, rings, tw, th, s):
        if rect is None:
            for r in self.rects:
                if not r.hidden:
                    r.hidden = True
            return
        x, y, cols, rows = rect
        w = cols * tw - (s if cols == 2 else 0)
        h = rows * th
        if rings != _INNER:  # out to the gap's ring
            x -= s
            y -= s
            w += 2 * s
            h += 2 * s
        t = s if rings else 2 * s  # one ring or both
        top, bottom, left, right = self.rects
        _place(top, x, y, w, t)
        _place(bottom, x, y + h - t, w, t)
        _place(left, x, y, t, h)
        _place(right, x + w - t, y, t, h)


def _place(r, x, y, w, h):
    # a rectangle moved and sized, only what changed (each change is a redraw)
    if r.x != x:
        r.x = x
    if r.y != y:
        r.y = y
    if r.width != w:
        r.width = w
    if r.height != h:
        r.height = h
    if r.hidden:
        r.hidden = False


class Table:
    def __init__(self, app, colour, sheet, palette, tw, th):
        # the display objects on a table of `colour`: solitaire/table_make.py, loaded for this
        # (no table declares it, nor the shapes it uses: the app drops them once the table
        # shows, and play never needs that code again)
        from solitaire import table_make

        table_make.build(self, app, colour, sheet, palette, tw, th)

    def close(self):
        self.group = self.piles = self.marks = self.picked = self.cursor = None
        self.status = self.box_group = self.box_rect = self.box_text = None
        self.rows = self.words = self.box_lines = None
        self.sheet = self.palette = None

    def grid(self, cols, rows, y, half=False):
        # a grid of cols x rows tiles of the deck's sheet, centred across the screen at y and
        # under the frames: a view draws its piles into one or a few (a grid costs ~100 B plus
        # a group slot, far less than a grid a pile). half: tiles half as tall (the sheet read
        # as twice the rows: the deck's layout numbers them), over the grids made before it,
        # the table showing through its blank tiles (its palette a copy with colour 0
        # transparent): face-down cards fanned at half a card head's pitch, over the rows the
        # grid under it leaves blank
        from displayio import Palette, TileGrid

        pal = self.palette
        th = self.th
        if half:
            th //= 2
            pal = Palette(len(self.palette))
            for i in range(len(self.palette)):
                pal[i] = self.palette[i]
            pal.make_transparent(0)
        g = TileGrid(self.sheet, pixel_shader=pal, width=cols, height=rows,
                     tile_width=self.tw, tile_height=th, x=(self.width - cols * self.tw) // 2,
                     y=y)
        self.piles.append(g)
        return g

    # ---- frames ------------------------------------------------------------------------------

    def frame(self, f, rect, rings=BOTH):
        # frame f round rect = (x, y, cols, rows) (see Frame), or hidden for None
        f.show(rect, rings, self.tw, self.th, self.s)

    def mark(self, rects):
        for i in range(MARKS):
            self.frame(self.marks[i], rects[i] if i < len(rects) else None, _INNER)

    # ---- words -------------------------------------------------------------------------------

    def show_status(self, left, right):
        # the words on the left, the score on the right
        w = self.words
        w.put(1, right, w.bitmap.width - 1, 0, 2)
        w.put(0, left)

    def _box(self, lines, bottom, full=False):
        # lines in the yellow box: at the bottom over the status line, or in the middle; full:
        # the box as wide and tall as it can be whatever the lines (pages of text keep its size,
        # so the next page redraws only the words)
        p = self.pitch
        text = self.box_lines
        wide = 0
        for i in range(LINES):
            if i < len(lines):
                wide = max(wide, text.put(i, lines[i], 0, i))
            else:
                text.clear(i)
        s = self.s
        if full:
            wide = self.width // s - 8
        bw = (wide + 4) * s
        bh = ((LINES if full else len(lines)) * p + 1) * s
        x = (self.width - bw) // 2
        y = self.height - self.status_h - bh if bottom else (self.height - self.status_h - bh) // 2
        # (only what changed: vectorio redraws the whole rectangle on any width or height
        # assignment, the same value too, so a box of the same size keeps its background)
        _place(self.box_rect, x, y, bw, bh)
        self.box_text.x = x // s + 2
        self.box_text.y = y // s
        self.box_group.hidden = False

    def say(self, text):
        # a message, wrapped to the screen's width, in the box at the bottom (kept: the
        # simulator's tests read what the table says)
        self.said = text
        self._box(self.wrap(text)[:LINES], True)

    def box_to_top(self):
        # the message box at the top of the screen instead (it would hide cards at the bottom)
        self.box_rect.y = 0
        self.box_text.y = 0

    def box(self, lines, full=False):
        self._box(lines, False, full)

    def unsay(self):
        # hide the box; False if it was hidden already
        if self.box_group.hidden:
            return False
        self.box_group.hidden = True
        return True

    def wrap(self, text):
        # lines that fit the box ("\n" breaks a line)
        return wrap(self.font, text, self.width // self.s - 8)
