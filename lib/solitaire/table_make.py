# The display objects of a table screen (solitaire/table.py), made once per table: loaded by
# Table() for this and dropped after, so a game in play does not keep this code (docs/memory.md).
# The frames are four rectangles each (solitaire/table.py); the status line paints into the app's
# first one-line text bitmap and the box into its block of lines (solitaire/startup.py), each
# shown whole by one grid, so a new text redraws only the pixels it changed. A view's own
# characters on the table (tally()) are made here too, when the view is made.
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
    t.rows = app.rows  # one-line bitmaps: 0 the status line, 1 a view's counts (tally())
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


def tally(screen, x, y, slots=1, colour=None):
    # a few characters on the table itself (4 Ases: the hand's count; Solar: the stock's, and
    # "SOS" in an emergency), painted into the app's second one-line text bitmap and shown
    # whole by one grid made with the view (no display object per move, no digit tiles in the
    # card sheets); the view paints with the Lines this returns. (grid, Lines) of the tally at screen pixel (x, y): white ink as the status
    # line's (its palette shared), else ink of its own colour (the view may change it)
    t = screen.table
    b = t.rows[1]
    if colour is None:
        pal = t.status.pixel_shader
    else:
        pal = displayio.Palette(2)
        pal[1] = colour
        pal.make_transparent(0)
    grid = displayio.TileGrid(b, pixel_shader=pal)
    shown = grid
    if t.s == 1:
        grid.x, grid.y = x, y
    else:  # the text bitmap is at text scale: doubled by a group, as the status line is
        shown = displayio.Group(scale=t.s, x=x, y=y)
        shown.append(grid)
    # over the frames (a frame's ring may cross the characters: they stay whole), under the box
    t.group.insert(t.group.index(t.box_group), shown)
    return grid, Lines(t.font, b, slots)
