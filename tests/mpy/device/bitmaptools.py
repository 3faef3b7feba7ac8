# bitmaptools stand-in (heap budget run): draws nothing; readinto reads the file through a buffer
# made once here (the C version reads into the bitmap without the heap).
_buf = bytearray(64)


def readinto(bitmap, f, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
             swap_bytes_in_element=False, reverse_rows=False):
    row = (bitmap.width * bits_per_pixel + 31) // 32 * 4
    left = row * bitmap.height
    while left > 0:
        n = f.readinto(_buf) if left >= len(_buf) else len(f.read(left))
        if not n:
            raise EOFError()
        left -= n


def blit(*a, **k):
    pass


def replace_color(*a, **k):
    pass


def fill_region(*a, **k):
    pass
