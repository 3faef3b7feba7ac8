# vectorio stand-in (heap budget run): Rectangle 96 B, Polygon 96 + 4 per point, Circle 96. The
# board-time bench's pixel model (_screen.py) compares a shape's box and colour from refresh to
# refresh itself.
from _heap import pad, field


class _Shape:
    x = field(0)
    y = field(1)
    hidden = field(2)
    color_index = field(3)
    width = field(4)
    height = field(5)
    radius = field(4)

    def _init(self, name, size, pixel_shader, x, y):
        self._m = pad(name, size, 6)
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y


class Rectangle(_Shape):
    def __init__(self, pixel_shader=None, width=1, height=1, x=0, y=0, color_index=0):
        self._init("Rectangle", 96, pixel_shader, x, y)
        self.width = width
        self.height = height


class Polygon(_Shape):
    def __init__(self, pixel_shader=None, points=(), x=0, y=0, color_index=0):
        self._init("Polygon", 96 + 4 * len(points), pixel_shader, x, y)


class Circle(_Shape):
    def __init__(self, pixel_shader=None, radius=1, x=0, y=0, color_index=0):
        self._init("Circle", 96, pixel_shader, x, y)
        self.radius = radius
