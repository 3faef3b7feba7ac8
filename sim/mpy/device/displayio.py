# displayio stand-in for the heap budget run under MicroPython: no pixels, real sizes.
# Bitmap 48 B + rows of 32-bit words; Palette 16 + 16 per colour; TileGrid 96 + one byte per tile
# (two with more than 256 tiles in the bitmap); Group 80 + ~100 per member (the sizes measured
# on a 32-bit CircuitPython 10 core, sim/heap_budget.py). What displayio keeps to know what to
# redraw (a bitmap's written box, a palette's change, a grid's changed tiles) goes to the
# board-time bench (_drive.watch, _bench.py) when it runs, in tables of its own, so the heap
# budget run's objects hold what they always did.
import _drive
from _heap import pad, field, put


def _bits(n):
    b = 1
    while (1 << b) < n:
        b *= 2
    return b


class Bitmap:
    width = field(0)
    height = field(1)

    def __init__(self, width, height, value_count):
        self._m = pad("Bitmap", 48 + ((width * _bits(value_count) + 31) // 32) * 4 * height, 2)
        self.width = width
        self.height = height

    def __setitem__(self, i, v):
        w = _drive.watch
        if w:
            w.count(5)  # (_bench.py SET_PIXEL)
            x, y = i if isinstance(i, tuple) else (i % self.width, i // self.width)
            w.wrote(self, x, y, x + 1, y + 1)

    def __getitem__(self, i):
        return 0

    def fill(self, v):
        if _drive.counter:
            _drive.counter.fill(self.width * self.height)
        w = _drive.watch
        if w:
            w.wrote(self, 0, 0, self.width, self.height)

    def blit(self, x, y, source, x1=0, y1=0, x2=None, y2=None, skip_index=None):
        w = _drive.watch
        if w:
            x2 = source.width if x2 is None else x2
            y2 = source.height if y2 is None else y2
            w.wrote(self, x, y, x + x2 - x1, y + y2 - y1)


class Palette:
    _n = field(0)
    _clear = field(1)  # bit i: colour i is transparent (first 16)

    def __init__(self, n, dither=False):
        self._m = pad("Palette", 16 + 16 * n, 2)
        self._n = n

    def __len__(self):
        return self._n

    def __setitem__(self, i, v):
        w = _drive.watch
        if w:
            w.count(3)  # (_bench.py SET_COLOUR)
            w.colour(self, i, v)

    def __getitem__(self, i):
        w = _drive.watch
        if w:
            w.count(4)  # (_bench.py GET_COLOUR)
            return w.colour_of(self, i)
        return 0

    def make_transparent(self, i):
        w = _drive.watch
        if w and not self._clear & (1 << (i & 15)):
            w.recoloured(self)
        self._clear |= 1 << (i & 15)

    def make_opaque(self, i):
        w = _drive.watch
        if w and self._clear & (1 << (i & 15)):
            w.recoloured(self)
        self._clear &= ~(1 << (i & 15))

    def is_transparent(self, i):
        return bool(self._clear & (1 << (i & 15)))


class TileGrid:
    # fields 0..10: x y width height tile_width tile_height hidden flip_x flip_y transpose_xy
    # and "two bytes a tile"; the tiles follow them
    x = field(0)
    y = field(1)
    width = field(2)
    height = field(3)
    tile_width = field(4)
    tile_height = field(5)
    hidden = field(6)
    flip_x = field(7)
    flip_y = field(8)
    transpose_xy = field(9)
    _wide = field(10)
    _F = 22

    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        tw = tile_width or bitmap.width
        th = tile_height or bitmap.height
        wide = (bitmap.width // tw) * (bitmap.height // th) > 256
        self._m = pad("TileGrid", 96 + width * height * (2 if wide else 1), 11 + width * height)
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.tile_width = tw
        self.tile_height = th
        self._wide = 1 if wide else 0
        if default_tile:  # (the pad starts at 0; the C constructor fills the tiles at once)
            n = width * height
            self._m[self._F:self._F + n * (2 if wide else 1)] = (
                bytes((default_tile & 255, default_tile >> 8)) * n if wide
                else bytes((default_tile,)) * n)

    def _at(self, i):
        if isinstance(i, tuple):
            i = i[1] * self.width + i[0]
        return self._F + (2 * i if self._wide else i)

    def __setitem__(self, i, v):
        at = self._at(i)
        self._m[at] = v & 255
        if self._wide:
            self._m[at + 1] = v >> 8
        w = _drive.watch
        if w:  # displayio marks a set tile dirty, changed or not
            w.count(2)  # (_bench.py SET_TILE)
            c, r = i if isinstance(i, tuple) else (i % self.width, i // self.width)
            w.tile(self, c, r)

    def __getitem__(self, i):
        w = _drive.watch
        if w:
            w.count(0)  # (_bench.py GET)
        at = self._at(i)
        if self._wide:
            return self._m[at] | self._m[at + 1] << 8
        return self._m[at]


class Group:
    # 80 B, plus ~100 B a member: here a small bytearray per member (a bytearray object and its
    # 72 bytes are ~96 B, its list slot 4), never one growing block (the C Group's member list
    # grows a few slots at a time)
    x = field(0)
    y = field(1)
    scale = field(2)
    hidden = field(3)

    def __init__(self, scale=1, x=0, y=0):
        self._items = []
        self._pads = []
        self._m = m = pad("Group", 80, 4)
        put(m, 0, x)
        put(m, 1, y)
        put(m, 2, scale)

    def append(self, item):
        self._items.append(item)
        self._pads.append(bytearray(72))

    def insert(self, i, item):
        self._items.insert(i, item)
        self._pads.append(bytearray(72))

    def pop(self, i=-1):
        self._pads.pop()
        item = self._items.pop(i)
        if _drive.watch:
            _drive.watch.forget(item)
        return item

    def remove(self, item):
        self._items.remove(item)
        self._pads.pop()
        if _drive.watch:
            _drive.watch.forget(item)

    def index(self, item):
        return self._items.index(item)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, item):
        if _drive.watch:
            _drive.watch.forget(self._items[i])
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
