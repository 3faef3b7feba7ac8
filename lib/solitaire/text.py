# The game's font once loaded (solitaire/font.py), text measuring (a string's width in pixels),
# word wrapping, and text painted straight from the font's glyph strip into the one text bitmap
# the app made at start-up (solitaire/startup.py): every screen's words - a menu's rows, title and
# footer, the table's status line and message box, the error screen - are bands of it shown by
# TileGrids. No label object and no bitmap is made per text, and the Adafruit text library is
# not needed on the board (README "Memory").
try:
    from bitmaptools import blit, fill_region
except ImportError:  # a build without bitmaptools: the slow way
    blit = fill_region = None


LINES = 9  # lines of text the table's box holds (the pause menu's items)


class Font:
    # The game's font: every glyph in one strip bitmap (a glyph w wide at x = tile index * w)
    # and 7 bytes of metrics a glyph (tile index (2 bytes), width, height, dx, dy, advance; dx
    # and dy signed) for the characters in `chars`; paint() reads them in place.
    def __init__(self, strip, chars, metrics, ascent, descent, box):
        self.strip = strip
        self.chars = chars
        self.metrics = metrics
        self.ascent = ascent
        self.descent = descent
        self.box = box

    def get_bounding_box(self):
        return self.box


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
        top = y - h - dy
        if w and 0 <= x + dx and x + dx + w <= bitmap.width and top >= 0:
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


def clear(bitmap, y, h):
    # rows y .. y+h-1 of a text bitmap back to transparent
    if fill_region is not None:
        fill_region(bitmap, 0, y, bitmap.width, y + h, 0)
    else:
        for yy in range(y, y + h):
            for x in range(bitmap.width):
                bitmap[x, yy] = 0


def scale(w, h):
    # pixels per art and text pixel on a w x h screen: 2 from 320x240 up
    return 2 if w >= 320 and h >= 240 else 1


def menu_rows(h, p):
    # rows of a menu on a screen h text pixels tall, p the pitch: the title bar p + 2 tall and
    # the footer p + 1 (solitaire/listscreen.py), a pixel above and below the rows
    return (h - 2 * p - 5) // p


def pitch(font):
    # pixels from one line of text to the next: the height of the text bitmap's bands
    return font.get_bounding_box()[1] + 2


def baseline(font):
    # where a band's baseline sits: the font's ascent a pixel down (the built-in font: where
    # an A's foot is when its top is a pixel down)
    if hasattr(font, "ascent"):
        return font.ascent + 1
    g = font.get_glyph(65)
    return g.height + g.dy + 1


def band(font, bitmap, k, text, x=1, centre=False, clean=True):
    # band k of the text bitmap cleared (unless clean is False) and text painted in it from
    # x, or centred; returns the end x
    y = k * pitch(font)
    if clean:
        clear(bitmap, y, pitch(font))
    if centre:
        x = (bitmap.width - width(font, text)) // 2
    return paint(font, bitmap, text, x, y + baseline(font))
