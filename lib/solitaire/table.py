# What every family's table shows besides its piles: the frames (yellow cursor, cyan picked-up
# cards, magenta hints or base candidates), the status line (words about the pile under the
# cursor, then the score), and a yellow box for messages and for the menus over the table.
# Made once per table screen; afterwards only tiles, positions, pixels and `hidden` change.
#
# Frames are small grids over the deck's sheet drawn with its frame pieces (sheets.py FRAME):
# a few hundred bytes each, where four vectorio lines would cost four times as much. A frame is
# two rings, palette entries PAL_FRAME (outer) and PAL_FRAME_IN (inner, on the card's edge): a
# mark shows its inner ring only, so two marks side by side keep the table's gap between them,
# and the cursor on a marked pile its outer ring only, so both show at every moment. Text is
# painted from the font's glyph strip (solitaire/font.py) into two bitmaps the app makes once,
# with bitmaptools.blit, as bitmap_label does: no label objects and no bitmap made per message,
# so the Adafruit text modules can leave RAM while a game is played (README "Memory").
from micropython import const

from solitaire import forget
from solitaire.text import LINES, band, clear, width, wrap

CURSOR = 0xFFE000
PICKED = 0x00E0FF
MARK = 0xFF40FF
STATUS = 0xFFFFFF
INK = 0x000000
BOX = 0xFFE000
MARKS = const(4)  # mark frames: a hint's source and destination, or the base candidates
_FRAME = const(1)  # sheets.FRAME: + column role * 3 + row role
_FRAME_IN = const(9)  # sheets.PAL_FRAME_IN: the inner ring's palette entry
_FRAME_COLS = const(4)  # an overlay covers a card up to 3 tiles wide (table_make.py)...
_FRAME_ROWS = const(16)  # ...and up to 15 tiles tall
# column roles of a card n tiles wide (sheets.py: LEFT 0, RIGHT 1, GAP 2, END 3, SPAN 4)
_ROLES = ((), (0, 3), (0, 1, 2), (0, 4, 4, 3))


class Table:
    def __init__(self, app, colour, sheet, palette, tw, th):
        # the display objects on a table of `colour`: solitaire/table_make.py, loaded for this
        # and dropped with the shapes it used (play never needs that code again)
        from solitaire import table_make

        table_make.build(self, app, colour, sheet, palette, tw, th)
        forget("solitaire.table_make")
        forget("solitaire.shapes")

    def close(self):
        self.group = self.piles = self.marks = self.picked = self.cursor = None
        self.status = self.box_group = self.box_rect = self.box_text = self.text = None
        self.sheet = self.palette = None

    def grid(self, cols, rows, y):
        # a grid of cols x rows tiles of the deck's sheet, centred across the screen at y and
        # under the frames: a view draws its piles into one or a few (a grid costs ~100 B plus
        # a group slot, far less than a grid a pile)
        from displayio import TileGrid

        g = TileGrid(self.sheet, pixel_shader=self.palette, width=cols, height=rows,
                     tile_width=self.tw, tile_height=self.th, x=(self.width - cols * self.tw) // 2,
                     y=y)
        self.piles.append(g)
        return g

    # ---- frames ------------------------------------------------------------------------------

    def frame(self, g, rect):
        # frame rect = (x, y, cols, rows): cards cols tiles wide covering rows tile rows from
        # (x, y), or None to hide; the grid sits 1 px left of and above them (make_art.py)
        if rect is None:
            if not g.hidden:
                g.hidden = True
            return
        x, y, cols, rows = rect
        roles = _ROLES[cols]
        for r in range(_FRAME_ROWS):
            row = 0 if r == 0 else (1 if r < rows else (2 if r == rows else -1))
            for c in range(_FRAME_COLS):
                tile = 0 if row < 0 or c >= len(roles) else _FRAME + roles[c] * 3 + row
                i = r * _FRAME_COLS + c
                if g[i] != tile:
                    g[i] = tile
        x -= self.s
        y -= self.s
        if g.x != x:
            g.x = x
        if g.y != y:
            g.y = y
        if g.hidden:
            g.hidden = False

    def mark(self, rects):
        for i in range(MARKS):
            self.frame(self.marks[i], rects[i] if i < len(rects) else None)

    def thin_cursor(self, thin):
        # the cursor's outer ring only (it is on a marked pile), or both rings
        if thin != self.thin:
            self.thin = thin
            pal = self.cursor.pixel_shader
            if thin:
                pal.make_transparent(_FRAME_IN)
            else:
                pal.make_opaque(_FRAME_IN)

    # ---- words -------------------------------------------------------------------------------

    def show_status(self, left, right):
        # the words on the left, the score on the right
        f = self.font
        b = self.text
        band(f, b, 0, left)
        band(f, b, 0, right, b.width - 1 - width(f, right), clean=False)

    def _box(self, lines, bottom):
        # lines in the yellow box: at the bottom over the status line, or in the middle
        b = self.text
        p = self.pitch
        clear(b, p, LINES * p)  # the box shows every band of its grid: unused ones blank
        wide = 0
        for i in range(len(lines)):
            wide = max(wide, band(self.font, b, 1 + i, lines[i], 0, clean=False))
        s = self.s
        bw = (wide + 4) * s
        bh = (len(lines) * p + 1) * s
        x = (self.width - bw) // 2
        y = self.height - self.status_h - bh if bottom else (self.height - self.status_h - bh) // 2
        self.box_rect.x, self.box_rect.y = x, y
        self.box_rect.width, self.box_rect.height = bw, bh
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

    def box(self, lines):
        self._box(lines, False)

    def unsay(self):
        # hide the box; False if it was hidden already
        if self.box_group.hidden:
            return False
        self.box_group.hidden = True
        return True

    def wrap(self, text):
        # lines that fit the box ("\n" breaks a line)
        return wrap(self.font, text, self.width // self.s - 8)
