# vectorio stand-in (heap budget run): Rectangle 96 B, Polygon 96 + 4 per point, Circle 96.
from _heap import pad


class _Shape:
    def __init__(self, pixel_shader=None, x=0, y=0, color_index=0):
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.hidden = False
        self.color_index = color_index


class Rectangle(_Shape):
    def __init__(self, pixel_shader=None, width=1, height=1, x=0, y=0, color_index=0):
        _Shape.__init__(self, pixel_shader, x, y, color_index)
        self.width = width
        self.height = height
        self._m = pad("Rectangle", 96)


class Polygon(_Shape):
    def __init__(self, pixel_shader=None, points=(), x=0, y=0, color_index=0):
        _Shape.__init__(self, pixel_shader, x, y, color_index)
        self._m = pad("Polygon", 96 + 4 * len(points))
        self.points = None


class Circle(_Shape):
    def __init__(self, pixel_shader=None, radius=1, x=0, y=0, color_index=0):
        _Shape.__init__(self, pixel_shader, x, y, color_index)
        self.radius = radius
        self._m = pad("Circle", 96)
