# The game's font once loaded (solitaire/font.py), text measuring (a string's width in pixels)
# and word wrapping. Used by every screen (menus, the table) and the error screen.


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
        from fontio import Glyph

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
