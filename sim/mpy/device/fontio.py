# fontio stand-in (heap budget run): a Glyph is a small fixed struct (44 B on the board); a
# namedtuple of its 8 fields costs the same here.
from collections import namedtuple

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy", "shift_x",
                             "shift_y"))


class BuiltinFont:
    # terminalio.FONT lives in flash; only the Glyph it returns is made on the heap
    def __init__(self):
        self.bitmap = None

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        if codepoint < 32 or codepoint > 126:
            return None
        return Glyph(self.bitmap, codepoint - 32, 6, 12, 0, 0, 6, 0)
