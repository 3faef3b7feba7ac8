# Reads back, off the panel, the characters a table paints on itself with solitaire.table_make.tally() (4 Ases:
# the hand's count; Solar: the stock's count and "SOS"): the pixels of the tally's ink where the
# tally shows, against the same words painted into a blank bitmap with the app's own font. A test
# then says what must show (from the engine) and this says whether exactly that shows.
import displayio

from solitaire.text import baseline, paint, pitch
from tests.apphost import panel_rgb

WIDE = 40  # text pixels of the tally read: its characters are a few digits and "SOS"


def where(h):
    # (x, y, scale, grid) of the table's tally: a grid showing the app's second one-line text
    # bitmap in the table's group, straight or in a group of its own that doubles it at 320x240
    found = []
    bitmap = h.app.rows[1]
    for o in h.screen.table.group:
        if isinstance(o, displayio.Group) and len(o) == 1 and \
                isinstance(o[0], displayio.TileGrid) and o[0].bitmap is bitmap:
            found.append((o.x, o.y, o.scale, o[0]))
        elif isinstance(o, displayio.TileGrid) and o.bitmap is bitmap:
            found.append((o.x, o.y, 1, o))
    assert len(found) == 1, found
    return found[0]


def shown(h, colour):
    # the tally's pixels in colour, at text scale: a set of (x, y), from the line's top to its
    # baseline (below it the line lies over the next row of cards, whose white is not the tally's)
    x, y, s, grid = where(h)
    w, ht = WIDE, baseline(h.app.font)
    crop = h.crop(x, y, w * s, ht * s)
    want = bytes(panel_rgb(colour))
    out = set()
    for yy in range(ht):
        for xx in range(w):
            i = ((yy * s) * w * s + xx * s) * 3
            if crop[i:i + 3] == want:
                out.add((xx, yy))
    return out


def painted(h, parts):
    # the pixels of parts [(text, x), ...] painted into a blank band as the views paint theirs,
    # as wide as the tally's grid
    f = h.app.font
    p = pitch(f)
    b = displayio.Bitmap(WIDE, p, 2)
    for text, x in parts:
        paint(f, b, text, x, baseline(f))
    return {(xx, yy) for yy in range(baseline(f)) for xx in range(b.width) if b[xx, yy]}
