# bitmaptools stand-in (heap budget run): draws nothing; readinto reads the file through a buffer
# made once here (the C version reads into the bitmap without the heap). For the board-time
# bench (_drive.watch, _bench.py) each call notes the box it writes, and its C work is counted
# (_drive.counter: a call and its pixels; on a board each call and pixel costs).
import _drive

_buf = bytearray(64)


def _wrote(bitmap, x1, y1, x2, y2):
    if _drive.watch:
        _drive.watch.wrote(bitmap, x1, y1, x2, y2)


def readinto(bitmap, f, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
             swap_bytes_in_element=False, reverse_rows=False):
    row = (bitmap.width * bits_per_pixel + 31) // 32 * 4
    left = row * bitmap.height
    while left > 0:
        n = f.readinto(_buf) if left >= len(_buf) else len(f.read(left))
        if not n:
            raise EOFError()
        left -= n
    _wrote(bitmap, 0, 0, bitmap.width, bitmap.height)


def blit(dest, source, x, y, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    if _drive.counter:
        x2 = source.width if x2 is None else x2
        y2 = source.height if y2 is None else y2
        _drive.counter.blit((x2 - x1) * (y2 - y1))
        _wrote(dest, x, y, x + x2 - x1, y + y2 - y1)


def replace_color(dest, old, new):
    _wrote(dest, 0, 0, dest.width, dest.height)


def fill_region(dest, x1, y1, x2, y2, value):
    if _drive.counter:
        _drive.counter.fill((x2 - x1) * (y2 - y1))
    _wrote(dest, x1, y1, x2, y2)
