# The game's font once loaded (solitaire/font.py), text measuring (a string's width in pixels),
# word wrapping, and text painted straight from the font's glyph strip into the text bitmaps the
# app made at start-up (solitaire/startup.py): a few one-line bitmaps (a menu's title, footer
# and highlighted row, the table's status line...) and a block of lines (a menu's rows, the
# table's message box). Each is shown whole by one TileGrid, so displayio redraws only the box
# of pixels a new text changed (a grid showing part of a bitmap is redrawn whole whenever any of
# the bitmap changes), and Lines repaints only what a text changed. No label object and no bitmap
# is made per text, and the Adafruit text library is not needed on the board (docs/memory.md).
try:
    from bitmaptools import blit, fill_region
except ImportError:  # a build without bitmaptools: the slow way
    blit = fill_region = None


LINES = 9  # lines of text the table's box holds (the pause menu's items)
ROW_BITMAPS = 3  # one-line bitmaps: a menu's title, footer and highlighted row


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
        # the advance of each ASCII character (0: none), for width(): wrapping a page of rules
        # measures every word
        self.adv = adv = bytearray(128)
        for i in range(len(chars)):
            o = ord(chars[i])
            if o < 128:
                adv[o] = metrics[7 * i + 6]

    def get_bounding_box(self):
        return self.box


def width(font, text):
    # pixels from the start of text to where the next character would go
    w = 0
    adv = getattr(font, "adv", None)
    if adv is not None:  # the game's font: its advance widths, no Glyph made
        for c in text:
            o = ord(c)
            if o < 128:
                w += adv[o]
            else:
                i = font.chars.find(c)
                if i >= 0:
                    w += font.metrics[7 * i + 6]
        return w
    for c in text:
        g = font.get_glyph(ord(c))
        if g is not None:
            w += g.shift_x
    return w


def wrap(font, text, px):
    # lines no wider than px pixels; "\n" forces a break and a blank line stays. Each word is
    # measured once (a line measured again at every word made a page of rules cost seconds)
    lines = []
    space = width(font, " ")
    for para in text.split("\n"):
        line = ""
        w = 0
        for word in para.split(" "):
            if not word:
                continue
            ww = width(font, word)
            if not line:
                line, w = word, ww
            elif w + space + ww > px:
                lines.append(line)
                line, w = word, ww
            else:
                line += " " + word
                w += space + ww
        lines.append(line)
    return lines


def paint(font, bitmap, text, x, y):
    # text from the font's glyph strip into bitmap, its baseline at y; returns the end x
    m = getattr(font, "metrics", None)
    if m is None:
        return _paint_builtin(font, bitmap, text, x, y)
    chars = font.chars
    src = font.strip
    bw = bitmap.width
    for ch in text:  # the game's font: metrics read in place, nothing made per glyph
        i = chars.find(ch)
        if i < 0:
            continue
        i *= 7
        w = m[i + 2]
        if w:
            h = m[i + 3]
            left = x + m[i + 4] - (256 if m[i + 4] > 127 else 0)
            top = y - h - m[i + 5] + (256 if m[i + 5] > 127 else 0)
            if left >= 0 and left + w <= bw and top >= 0:
                k = (m[i] | m[i + 1] << 8) * w
                if blit is not None:
                    blit(bitmap, src, left, top, x1=k, y1=0, x2=k + w, y2=h,
                         skip_source_index=0)
                else:
                    _glyph(bitmap, src, left, top, k, w, h)
        x += m[i + 6]
    return x


def _paint_builtin(font, bitmap, text, x, y):
    # the built-in font (terminalio.FONT: the error screen, or a font file that failed)
    for ch in text:
        g = font.get_glyph(ord(ch))
        if g is None:
            continue
        w, h = g.width, g.height
        top = y - h - g.dy
        if w and 0 <= x + g.dx and x + g.dx + w <= bitmap.width and top >= 0:
            _glyph(bitmap, g.bitmap, x + g.dx, top, g.tile_index * w, w, h)
        x += g.shift_x
    return x


def _glyph(bitmap, src, left, top, k, w, h):
    # the glyph at x = k of the strip src, w x h, into bitmap at (left, top)
    if blit is not None:
        blit(bitmap, src, left, top, x1=k, y1=0, x2=k + w, y2=h, skip_source_index=0)
    else:
        for yy in range(h):
            for xx in range(w):
                if src[k + xx, yy]:
                    bitmap[left + xx, top + yy] = 1


def clear(bitmap, y, h):
    # rows y .. y+h-1 of a text bitmap back to transparent
    fill(bitmap, 0, y, bitmap.width, y + h, 0)


def fill(bitmap, x0, y0, x1, y1, value):
    # the box x0..x1-1, y0..y1-1 of a bitmap set to value
    if fill_region is not None:
        fill_region(bitmap, x0, y0, x1, y1, value)
    else:
        for yy in range(y0, y1):
            for x in range(x0, x1):
                bitmap[x, yy] = value


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


class Lines:
    # Text in the rows of one bitmap, `pitch` pixels apart, in slots: each slot remembers the
    # text it shows and the span of pixels it painted (3 bytes: first x, end x, row), so a new
    # text clears just that span and paints itself, and the same text again does nothing. Two
    # slots may share a row (the status line's words and score) and even overlap: a slot whose
    # pixels the change touches is painted again. A screen makes one per bitmap it writes in;
    # the bitmap is cleared then, since the last screen may have left words in it.
    def __init__(self, font, bitmap, slots):
        self.font = font
        self.bitmap = bitmap
        self.pitch = pitch(font)
        self.base = baseline(font)
        self.texts = [None] * slots
        self.spans = bytearray(3 * slots)
        bitmap.fill(0)

    def put(self, slot, text, x=1, row=0, align=0):
        # text in the slot at x (align 1: centred in the bitmap; 2: ending at x); returns the
        # x where it ends
        w = width(self.font, text)
        if align == 1:
            x = (self.bitmap.width - w) // 2
        elif align == 2:
            x -= w
        x = max(0, x)
        i = 3 * slot
        spans = self.spans
        if self.texts[slot] == text and spans[i] == x and spans[i + 2] == row:
            return x + w
        end = min(self.bitmap.width, x + w + 1)  # (a glyph may reach a pixel past its advance)
        # the other slots of the row whose pixels this change touches, erased and painted again
        lo = x - 1  # (erasing starts a pixel early, for a glyph reaching left of its start)
        hi = end
        if spans[i + 1] > spans[i] and spans[i + 2] == row:
            lo = min(lo, spans[i] - 1)
            hi = max(hi, spans[i + 1])
        touched = []
        for j in range(0, len(spans), 3):
            if j != i and spans[j + 2] == row and spans[j + 1] > spans[j] and \
                    spans[j] - 1 < hi and lo < spans[j + 1]:
                touched.append(j)
                self._erase(j)
        self.clear(slot)
        paint(self.font, self.bitmap, text, x, row * self.pitch + self.base)
        self.texts[slot] = text
        spans[i] = x
        spans[i + 1] = end
        spans[i + 2] = row
        for j in touched:
            paint(self.font, self.bitmap, self.texts[j // 3], spans[j],
                  row * self.pitch + self.base)
        return x + w

    def clear(self, slot):
        # the slot's pixels back to transparent, its text forgotten
        i = 3 * slot
        self._erase(i)
        self.spans[i] = self.spans[i + 1] = 0
        self.texts[slot] = None

    def _erase(self, i):
        # the pixels of the span at spans[i] cleared (the slot keeps its text and span)
        spans = self.spans
        if spans[i + 1] > spans[i]:
            y = spans[i + 2] * self.pitch
            fill(self.bitmap, max(0, spans[i] - 1), y, spans[i + 1], y + self.pitch, 0)
