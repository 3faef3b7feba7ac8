# Text measuring for the proportional font: a string's width in pixels and word wrapping.
# Used by every screen (menus, the table's message box) and the error screen.


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
