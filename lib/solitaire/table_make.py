# The display objects of a table screen (solitaire/table.py), made once per table: loaded by
# Table() for this and dropped after, so a game in play does not keep this code (README
# "Memory"). The frames are grids over the deck's sheet; the status line and the box paint
# into the app's text bitmap (solitaire/startup.py): band 0 the status line, bands 1.. the box.
import displayio
from micropython import const

from solitaire import shapes
from solitaire.table import BOX, CURSOR, INK, MARK, MARKS, PICKED, STATUS
from solitaire.text import LINES, pitch, scale

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
    # frames of one colour share a palette (the sheet's, frame recoloured, the table
    # transparent): the marks one (their inner ring only), the picked-up frame and the cursor
    # one each
    pal = _frame_palette(palette, MARK)
    pal.make_transparent(_PAL_FRAME)
    t.marks = [_overlay(t, sheet, pal) for _ in range(MARKS)]
    t.picked = _overlay(t, sheet, _frame_palette(palette, PICKED))
    t.cursor = _overlay(t, sheet, _frame_palette(palette, CURSOR))
    t.thin = False  # the cursor shows both rings
    t.text = b = app.text
    words = displayio.Group(scale=s)
    t.status = displayio.TileGrid(b, pixel_shader=_ink(STATUS), tile_width=b.width,
                                  tile_height=p, y=h // s - p + 1)
    words.append(t.status)
    t.box_group = displayio.Group()
    t.box_rect = shapes.rect(BOX, 0, 0, 8, 8)
    t.box_group.append(t.box_rect)
    inner = displayio.Group(scale=s)
    t.box_text = displayio.TileGrid(b, pixel_shader=_ink(INK), tile_width=b.width,
                                    tile_height=p, height=LINES)
    for i in range(LINES):
        t.box_text[i] = 1 + i
    inner.append(t.box_text)
    t.box_group.append(inner)
    t.box_group.hidden = True
    g.append(words)
    g.append(t.box_group)
    t.said = None


def _frame_palette(palette, colour):
    pal = displayio.Palette(16)
    for i in range(16):
        pal[i] = palette[i]
    pal[_PAL_FRAME] = colour
    pal[_PAL_FRAME_IN] = colour
    pal.make_transparent(0)
    return pal


def _overlay(t, sheet, pal):
    # a frame grid, hidden until framed
    g = displayio.TileGrid(sheet, pixel_shader=pal, width=_FRAME_COLS, height=_FRAME_ROWS,
                           tile_width=t.tw, tile_height=t.th)
    g.hidden = True
    t.group.append(g)
    return g
