# Filled rectangles (backgrounds, the menu bar) for every screen: vectorio shapes, or, on a
# firmware built without vectorio, a one-colour bitmap of the same size, so the game still shows.
import displayio

try:
    from vectorio import Rectangle
except ImportError:  # a firmware build without vectorio
    Rectangle = None


class _Solid(displayio.Group):
    # the bitmap stand-in: made again when its size changes (only without vectorio)
    def __init__(self, pixel_shader, width, height, x, y):
        super().__init__(x=x, y=y)
        self.pixel_shader = pixel_shader
        self._w = self._h = 0
        self.resize(width, height)

    width = property(lambda self: self._w, lambda self, w: self.resize(w, self._h))
    height = property(lambda self: self._h, lambda self, h: self.resize(self._w, h))

    def resize(self, w, h):
        if (w, h) == (self._w, self._h):
            return
        self._w, self._h = w, h
        grid = displayio.TileGrid(displayio.Bitmap(max(1, w), max(1, h), 1),
                                  pixel_shader=self.pixel_shader)
        if len(self):
            self.pop()
        self.append(grid)


def rect(colour, x, y, width, height, pal=None):
    # a filled rectangle to append to a Group (its .x .y .width .height .hidden can change);
    # pal: the palette of another of the same colour, shared
    if pal is None:
        pal = displayio.Palette(1)
        pal[0] = colour
    if Rectangle is not None:
        return Rectangle(pixel_shader=pal, width=max(1, width), height=max(1, height), x=x, y=y)
    return _Solid(pal, width, height, x, y)
