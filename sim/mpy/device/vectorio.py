# vectorio stand-in (heap budget run): Rectangle 96 B, Polygon 96 + 4 per point, Circle 96. The
# board-time bench's pixel model (_screen.py) compares a shape's box and colour from refresh to
# refresh itself, and takes a Rectangle's width or height assigned as a change even when the
# value is the same: CircuitPython 10's vectorio marks the shape dirty on every such assignment
# (x, y and location return early when unchanged), so the whole rectangle is composed again.
import _drive
from _heap import pad, field

def _get(m, i):
    v = m[2 * i] | m[2 * i + 1] << 8
    return v - 65536 if v & 32768 else v


def _set(m, i, v):
    v = int(v) & 0xFFFF
    m[2 * i] = v & 255
    m[2 * i + 1] = v >> 8


def _sized(i):
    # field i (width or height), whose assignment also tells the bench (_drive.counter, and the
    # pixel model through _drive.watch)
    def get(self):
        return _get(self._m, i)

    def put(self, v):
        _set(self._m, i, v)
        if _drive.counter:
            _drive.counter.size()
        w = _drive.watch
        if w:
            w.resized(self)

    return property(get, put)


class _Shape:
    x = field(0)
    y = field(1)
    hidden = field(2)
    color_index = field(3)
    width = _sized(4)
    height = _sized(5)
    radius = field(4)

    def _init(self, name, size, pixel_shader, x, y):
        self._m = pad(name, size, 6)
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y


class Rectangle(_Shape):
    def __init__(self, pixel_shader=None, width=1, height=1, x=0, y=0, color_index=0):
        self._init("Rectangle", 96, pixel_shader, x, y)
        _set(self._m, 4, width)  # (the constructor: no assignment seen by the pixel model)
        _set(self._m, 5, height)


class Polygon(_Shape):
    def __init__(self, pixel_shader=None, points=(), x=0, y=0, color_index=0):
        self._init("Polygon", 96 + 4 * len(points), pixel_shader, x, y)


class Circle(_Shape):
    def __init__(self, pixel_shader=None, radius=1, x=0, y=0, color_index=0):
        self._init("Circle", 96, pixel_shader, x, y)
        self.radius = radius
