# The game's font once loaded (solitaire/font.py), text measuring (a string's width in pixels),
# word wrapping, and text painted straight from the font's glyph strip into a bitmap the app
# made once (the table's status line and box, a menu's title and footer): no label object and
# no bitmap made per text. Used by every screen and the error screen.

import displayio
from fontio import Glyph

try:
    from bitmaptools import blit
except ImportError:  # a build without bitmaptools: the slow way
    blit = None


LINES = 8  # lines of text the table's box holds (its bitmap is made at start-up)


class Font:
    # The game's font as bitmap_label and solitaire.table use it: every glyph in one strip
    # bitmap (a glyph w wide at x = tile_index * w), and 7 bytes of metrics a glyph (tile index
    # (2 bytes), width, height, dx, dy, advance; dx and dy signed) for the characters in `chars`. A
    # fontio.Glyph is made when asked for, as the built-in font does: kept for every glyph they
    # would cost ~5 KB for the whole run.
    def __init__(self, strip, chars, metrics, ascent, descent, box):
        self.strip = strip
        self.chars = chars
        self.metrics = metrics
        self.ascent = ascent
        self.descent = descent
        self.box = box

    def get_glyph(self, cp):
        i = self.chars.find(chr(cp)) if cp < 0x110000 else -1
        if i < 0:
            return None
        m = self.metrics
        i *= 7
        return Glyph(self.strip, m[i] | m[i + 1] << 8, m[i + 2], m[i + 3], _s8(m[i + 4]),
                     _s8(m[i + 5]), m[i + 6], 0)

    def get_bounding_box(self):
        return self.box


def _s8(b):
    return b - 256 if b > 127 else b


def width(font, text):
    # pixels from the start of text to where the next character would go
    w = 0
    m = getattr(font, "metrics", None)
    for c in text:
        if m is not None:  # the game's font: its advance widths, no Glyph made
            i = font.chars.find(c)
            if i >= 0:
                w += m[7 * i + 6]
            continue
        g = font.get_glyph(ord(c))
        if g is not None:
            w += g.shift_x
    return w


def wrap(font, text, px):
    # lines no wider than px pixels; "\n" forces a break and a blank line stays
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            if not word:
                continue
            trial = word if not line else line + " " + word
            if line and width(font, trial) > px:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def paint(font, bitmap, text, x, y):
    # text from the font's glyph strip into bitmap, its baseline at y; returns the end x
    m = getattr(font, "metrics", None)
    for ch in text:
        if m is not None:  # the game's font: metrics read in place, no Glyph made
            i = font.chars.find(ch)
            if i < 0:
                continue
            i *= 7
            k, w, h, dx, dy, adv = (m[i] | m[i + 1] << 8, m[i + 2], m[i + 3], m[i + 4],
                                    m[i + 5], m[i + 6])
            dx -= 256 if dx > 127 else 0
            dy -= 256 if dy > 127 else 0
            src = font.strip
        else:  # the built-in font
            g = font.get_glyph(ord(ch))
            if g is None:
                continue
            k, w, h, dx, dy, adv, src = (g.tile_index, g.width, g.height, g.dx, g.dy,
                                         g.shift_x, g.bitmap)
        if w and 0 <= x + dx and x + dx + w <= bitmap.width:
            top = y - h - dy
            if blit is not None:
                blit(bitmap, src, x + dx, top, x1=k * w, y1=0, x2=k * w + w, y2=h,
                     skip_source_index=0)
            else:
                for yy in range(h):
                    for xx in range(w):
                        if src[k * w + xx, yy]:
                            bitmap[x + dx + xx, top + yy] = 1
        x += adv
    return x


class Line:
    # one line of text painted into the first rows of a bitmap the app made once (a TileGrid
    # shows just those rows), centred in its width or from its left edge
    def __init__(self, font, bitmap, colour, line_h, base, x, y, centre=True):
        pal = displayio.Palette(2)
        pal[1] = colour
        pal.make_transparent(0)
        self.palette = pal
        self.font = font
        self.bitmap = bitmap
        self.base = base
        self.centre = centre
        self.grid = displayio.TileGrid(bitmap, pixel_shader=pal, tile_width=bitmap.width,
                                       tile_height=line_h, x=x, y=y)
        self.text = None

    def set(self, text, colour=None):
        if colour is not None:
            self.palette[1] = colour
        if text == self.text:
            return
        self.text = text
        b = self.bitmap
        b.fill(0)
        x = (b.width - width(self.font, text)) // 2 if self.centre else 1
        paint(self.font, b, text, x, self.base)
