# Filled rectangles and rectangle outlines (highlight frames) for every screen: vectorio shapes,
# or, on a firmware built without vectorio, one-colour bitmaps, so the game still shows. Outlines
# are four thin rectangles that move and resize in place: a frame is never made again per move
# (with vectorio; the bitmap stand-in remakes a side whose size changes).
import displayio

try:
    from vectorio import Rectangle
except ImportError:  # a firmware build without vectorio
    Rectangle = None


def palette(colour):
    p = displayio.Palette(1)
    p[0] = colour
    return p


class _Solid(displayio.Group):
    # a filled rectangle without vectorio: a one-colour bitmap of its size in a Group, made again
    # when the size changes (only on firmware built without vectorio: README "On a board")
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
        bitmap = displayio.Bitmap(max(1, w), max(1, h), 2)
        bitmap.fill(0)
        grid = displayio.TileGrid(bitmap, pixel_shader=self.pixel_shader)
        if len(self):
            self.pop()
        self.append(grid)


def rect(colour_or_palette, x, y, width, height):
    # a filled rectangle to append to a Group (its .x .y .hidden can change)
    pal = colour_or_palette
    if isinstance(pal, int):
        pal = palette(pal)
    if Rectangle is not None:
        return Rectangle(pixel_shader=pal, width=max(1, width), height=max(1, height), x=x, y=y)
    return _Solid(pal, width, height, x, y)


class Frame:
    # a rectangle outline `thick` pixels wide, hidden until placed
    def __init__(self, group, colour, thick=1):
        pal = palette(colour)
        self.thick = thick
        self.sides = []
        for _ in range(4):
            r = rect(pal, 0, 0, thick, thick)
            r.hidden = True
            group.append(r)
            self.sides.append(r)
        self.at = None

    def place(self, x, y, w, h):
        # outline the w x h area at (x, y) (the lines lie inside it); w == 0 hides the frame
        at = (x, y, w, h)
        if at == self.at:
            return
        self.at = at
        top, bottom, left, right = self.sides
        if w <= 0:
            for s in self.sides:
                s.hidden = True
            return
        t = self.thick
        _set(top, x, y, w, t)
        _set(bottom, x, y + h - t, w, t)
        _set(left, x, y, t, h)
        _set(right, x + w - t, y, t, h)

    def hide(self):
        self.place(0, 0, 0, 0)


def _set(r, x, y, w, h):
    r.x = x
    r.y = y
    r.width = w
    r.height = h
    r.hidden = False
