# fontio stand-in (heap budget run): a Glyph is a 44-byte C object.
from _heap import pad


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y
        self._m = pad("Glyph", 44)


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
