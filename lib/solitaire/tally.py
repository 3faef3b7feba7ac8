# A few characters on the table itself (4 Ases: the hand's count; Solar: the stock's, and "SOS"
# in an emergency), painted into a band of the app's text bitmap that the table leaves free and
# shown by one TileGrid made with the table's view: no display object per move, and no digit
# tiles in the card sheets. Loaded by the view to make the grid and dropped after; the view
# paints the band with solitaire.text.band.
import displayio

from solitaire.text import LINES

BAND = LINES + 1  # band 0 is the status line, 1..LINES the box (solitaire/table_make.py)
WIDE = 20  # text pixels a tile: 160 (the text bitmap's width) / 20 tiles a band


def make(screen, x, y, tiles=1, colour=None):
    # the grid showing the band's first `tiles` tiles at screen pixel (x, y); white ink as the
    # status line's (its palette shared), else ink of its own colour (the view may change it)
    t = screen.table
    b = t.text
    p = t.pitch
    if colour is None:
        pal = t.status.pixel_shader
    else:
        pal = displayio.Palette(2)
        pal[1] = colour
        pal.make_transparent(0)
    grid = displayio.TileGrid(b, pixel_shader=pal, width=tiles, height=1, tile_width=WIDE,
                              tile_height=p)
    for i in range(tiles):
        grid[i] = BAND * (b.width // WIDE) + i
    shown = grid
    if t.s == 1:
        grid.x, grid.y = x, y
    else:  # the text bitmap is at text scale: doubled by a group, as the status line is
        shown = displayio.Group(scale=t.s, x=x, y=y)
        shown.append(grid)
    # over the frames (a frame's ring may cross the characters: they stay whole), under the box
    t.group.insert(t.group.index(t.box_group), shown)
    return grid
