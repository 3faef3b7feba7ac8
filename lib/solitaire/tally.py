# A few characters on the table itself (4 Ases: the hand's count; Solar: the stock's, and "SOS"
# in an emergency), painted into the app's second one-line text bitmap (solitaire/startup.py)
# and shown whole by one TileGrid made with the table's view: no display object per move, and
# no digit tiles in the card sheets. Loaded by the view to make the grid and dropped after; the
# view paints with the Lines this returns.
import displayio

from solitaire.text import Lines


def make(screen, x, y, slots=1, colour=None):
    # (grid, Lines) of the table's tally at screen pixel (x, y): white ink as the status
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
