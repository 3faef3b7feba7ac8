# The display objects of a table screen (solitaire/table.py), made once per table: loaded by
# Table() for this and dropped after, so a game in play does not keep this code (docs/memory.md).
# The frames are four rectangles each (solitaire/table.py); the status line paints into the app's
# first one-line text bitmap and the box into its block of lines (solitaire/startup.py), each
# shown whole by one grid, so a new text redraws only the pixels it changed.
import displayio
from micropython import const

from solitaire import shapes
from solitaire.table import BOX, CURSOR, INK, MARK, MARKS, PICKED, STATUS, Frame
from solitaire.text import LINES, Lines, pitch, scale

_PAL_FRAME = const(8)  # the frame pieces' palette entries: the outer ring...
_PAL_FRAME_IN = const(9)  # ...and the inner one, on the card's own edge (solitaire/table.py)
_FRAME_COLS = const(4)  # as solitaire/table.py's
_FRAME_ROWS = const(16)


def _ink(colour):
    pal = displayio.Palette(2)
    pal[1] = colour
    pal.make_transparent(0)
    return pal


def build(t, app, colour, sheet, palette, tw, th):
    w = app.width
    h = app.height
    t.width = w
    t.height = h
    t.s = s = scale(w, h)
    t.tw = tw
    t.th = th
    t.sheet = sheet
    t.palette = palette
    t.font = font = app.font
    t.pitch = p = pitch(font)
    t.status_h = (p - 1) * s  # a band's last row is blank: it may go below the screen
    t.group = g = displayio.Group()
    g.append(shapes.rect(colour, 0, 0, w, h))
    t.piles = displayio.Group()
    g.append(t.piles)
    # frames of one colour share a palette: the marks, the picked-up cards, the cursor
    t.marks = _frames(g, MARK, MARKS)
    t.picked = _frames(g, PICKED, 1)[0]
    t.cursor = _frames(g, CURSOR, 1)[0]
    t.rows = app.rows  # one-line bitmaps: 0 the status line, 1 a view's counts (tally.py)
    t.words = Lines(font, app.rows[0], 2)  # the words on the left, the score on the right
    t.box_lines = Lines(font, app.block, LINES)
    words = displayio.Group(scale=s)
    t.status = displayio.TileGrid(app.rows[0], pixel_shader=_ink(STATUS), y=h // s - p + 1)
    words.append(t.status)
    t.box_group = displayio.Group()
    t.box_rect = shapes.rect(BOX, 0, 0, 8, 8)
    t.box_group.append(t.box_rect)
    inner = displayio.Group(scale=s)
    t.box_text = displayio.TileGrid(app.block, pixel_shader=_ink(INK))
    inner.append(t.box_text)
    t.box_group.append(inner)
    t.box_group.hidden = True
    g.append(words)
    g.append(t.box_group)
    t.said = None


def _frames(group, colour, n):
    # n frames of one colour (one palette), hidden until shown: four rectangles each
    frames = []
    pal = None
    for _ in range(n):
        rects = []
        for _ in range(4):
            r = shapes.rect(colour, 0, 0, 1, 1, pal)
            pal = r.pixel_shader
            r.hidden = True
            group.append(r)
            rects.append(r)
        frames.append(Frame(rects))
    return frames
