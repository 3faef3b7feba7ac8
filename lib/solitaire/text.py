# The game's font once loaded (solitaire/font.py), text measuring (a string's width in pixels)
# and word wrapping. Used by every screen (menus, the table) and the error screen.


class Font:
    # what bitmap_label and solitaire.table ask of a font: its glyphs (fontio.Glyph, all in one
    # strip bitmap), ascent, descent and bounding box
    def __init__(self, glyphs, ascent, descent, box):
        self.glyphs = glyphs
        self.ascent = ascent
        self.descent = descent
        self.box = box

    def get_glyph(self, cp):
        return self.glyphs.get(cp)

    def get_bounding_box(self):
        return self.box


def width(font, text):
    w = 0
    for c in text:
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
