# What every family's table shows besides its piles: the frames (yellow cursor, cyan picked-up
# cards, magenta hints or base candidates), the status line (one label: words about the pile
# under the cursor, then the score) and the message box. Made once per table screen; afterwards
# only tiles, positions, texts and `hidden` change. Frames are small grids over the deck's sheet
# drawn with its frame pieces (sheets.py FRAME): a few hundred bytes each, where four vectorio
# lines would cost four times as much. The family's pile grids go in `piles`, under the frames.
import displayio
from adafruit_display_text import bitmap_label
from micropython import const

from solitaire.text import width

CURSOR = 0xFFE000
PICKED = 0x00E0FF
MARK = 0xFF40FF
STATUS = 0xFFFFFF
MESSAGE = 0x000000
MESSAGE_BOX = 0xFFE000
MARKS = const(4)  # mark frames: a hint's source and destination, or the base candidates
_FRAME = const(1)  # sheets.FRAME: + column role * 3 + row role
_PAL_FRAME = const(8)  # the frame pieces' palette entry
_FRAME_COLS = const(4)  # an overlay covers a card up to 3 tiles wide...
_FRAME_ROWS = const(16)  # ...and up to 15 tiles tall
# column roles of a card n tiles wide (sheets.py: LEFT 0, RIGHT 1, GAP 2, END 3, SPAN 4)
_ROLES = ((), (0, 3), (0, 1, 2), (0, 4, 4, 3))


class Table:
    def __init__(self, app, background, sheet, palette, tw, th):
        w = app.width
        h = app.height
        self.width = w
        self.height = h
        self.s = s = 2 if w >= 320 and h >= 240 else 1
        self.tw = tw
        self.th = th
        self.font = font = app.font
        try:
            fh = font.ascent + font.descent
        except AttributeError:  # the built-in font has no ascent/descent
            fh = font.get_bounding_box()[1]
        self.status_h = fh * s
        self.group = g = displayio.Group()
        g.append(background)
        self.piles = displayio.Group()
        g.append(self.piles)
        self.marks = [self._overlay(sheet, palette, MARK, i == 0) for i in range(MARKS)]
        self.picked = self._overlay(sheet, palette, PICKED, True)
        self.cursor = self._overlay(sheet, palette, CURSOR, True)
        self.status = bitmap_label.Label(font, text=" ", color=STATUS, scale=s)
        self.status.anchor_point = (0.0, 0.0)
        self.status.anchored_position = (s, h - self.status_h)
        g.append(self.status)
        self.message = bitmap_label.Label(
            font, text=" ", color=MESSAGE, background_color=MESSAGE_BOX, padding_left=2,
            padding_right=2, padding_top=1, padding_bottom=0, scale=s, line_spacing=1.0)
        # placed by the top of its box: a bottom anchor follows the text's bounding box, which
        # is shorter without descenders, while the yellow background is not
        self.message.anchor_point = (0.5, 0.0)
        self.message.hidden = True
        g.append(self.message)
        self.said = ""
        self.space = width(font, " ")

    def _overlay(self, sheet, palette, colour, new_palette):
        # a frame grid; frames of one colour share a palette (the sheet's, frame recoloured and
        # the table transparent)
        if new_palette:
            pal = displayio.Palette(16)
            for i in range(16):
                pal[i] = palette[i]
            pal[_PAL_FRAME] = colour
            pal.make_transparent(0)
            self._pal = pal
        g = displayio.TileGrid(sheet, pixel_shader=self._pal, width=_FRAME_COLS,
                               height=_FRAME_ROWS, tile_width=self.tw, tile_height=self.th)
        g.hidden = True
        self.group.append(g)
        return g

    def close(self):
        self.group = self.piles = self.marks = self.picked = self.cursor = None
        self.status = self.message = self._pal = None

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

    # ---- words -------------------------------------------------------------------------------

    def show_status(self, left, right):
        # one label: the words, then the score pushed to the right edge with spaces
        room = (self.width // self.s - 2 - width(self.font, left) - width(self.font, right))
        text = left + " " * max(1, room // self.space) + right
        if self.status.text != text:
            self.status.text = text

    def say(self, text):
        # a message in a box just above the status line, wrapped to the screen's width
        msg = self.message
        if text != self.said:
            self.said = text
            msg.text = self._wrap(text)
            height = msg.bitmap.height * msg.scale if msg.bitmap else 0
            msg.anchored_position = (self.width // 2, self.height - self.status_h - height
                                     + self.s)
        msg.hidden = False

    def unsay(self):
        if not self.message.hidden:
            self.message.hidden = True
            return True
        return False

    def _wrap(self, text):
        limit = self.width // self.s - 8
        out = ""
        line = ""
        for word in text.split(" "):
            trial = word if not line else line + " " + word
            if width(self.font, trial) <= limit or not line:
                line = trial
            else:
                out += line + "\n"
                line = word
        return out + line
