# displayio stand-in for the heap budget run under MicroPython: no pixels, real sizes.
# Bitmap 48 B + rows of 32-bit words; Palette 16 + 16 per colour; TileGrid 96 + one byte per tile
# (two with more than 256 tiles in the bitmap); Group 80 + ~100 per member.
from _heap import pad


def _bits(n):
    b = 1
    while (1 << b) < n:
        b *= 2
    return b


class Bitmap:
    def __init__(self, width, height, value_count):
        self.width = width
        self.height = height
        self._m = pad("Bitmap", 48 + ((width * _bits(value_count) + 31) // 32) * 4 * height)

    def __setitem__(self, i, v):
        pass

    def __getitem__(self, i):
        return 0

    def fill(self, v):
        pass

    def blit(self, *a, **k):
        pass


class Palette:
    def __init__(self, n, dither=False):
        self._n = n
        self._m = pad("Palette", 16 + 16 * n)

    def __len__(self):
        return self._n

    def __setitem__(self, i, v):
        pass

    def __getitem__(self, i):
        return 0

    def make_transparent(self, i):
        pass

    def make_opaque(self, i):
        pass


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False
        tiles = (bitmap.width // self.tile_width) * (bitmap.height // self.tile_height)
        self._t = bytearray(width * height * (2 if tiles > 256 else 1))
        if default_tile:
            for i in range(width * height):
                self[i] = default_tile
        self._m = pad("TileGrid", 96)

    def _i(self, i):
        if isinstance(i, tuple):
            return i[1] * self.width + i[0]
        return i

    def __setitem__(self, i, v):
        i = self._i(i)
        if len(self._t) == self.width * self.height:
            self._t[i] = v
        else:
            self._t[2 * i] = v & 255
            self._t[2 * i + 1] = v >> 8

    def __getitem__(self, i):
        i = self._i(i)
        if len(self._t) == self.width * self.height:
            return self._t[i]
        return self._t[2 * i] | self._t[2 * i + 1] << 8


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False
        self._items = []
        self._m = pad("Group", 80)

    def _grow(self):
        self._m = pad("Group", 80 + 96 * len(self._items))

    def append(self, item):
        self._items.append(item)
        self._grow()

    def insert(self, i, item):
        self._items.insert(i, item)
        self._grow()

    def pop(self, i=-1):
        item = self._items.pop(i)
        self._grow()
        return item

    def remove(self, item):
        self._items.remove(item)
        self._grow()

    def index(self, item):
        return self._items.index(item)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, item):
        self._items[i] = item

    def __iter__(self):
        return iter(self._items)

    def __contains__(self, item):
        return item in self._items


class ColorConverter:
    def __init__(self, *a, **k):
        self._m = pad("ColorConverter", 32)


class _Terminal:
    pass


CIRCUITPYTHON_TERMINAL = _Terminal()


def release_displays():
    pass
