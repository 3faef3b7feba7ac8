# The card sheets in assets/ (made by assets/make_art.py, whose header documents their tiles):
# checked at start-up, so a missing or damaged file is named before the first game, and loaded
# into one bitmap the app makes once and reuses for every game (a fresh 2-3 KB bitmap per game
# would fragment the heap: docs/memory.md).

from solitaire import ASSETS
from solitaire.text import scale as screen_scale

TILE_W = 7  # at scale 1; 320x240 screens use the scale-2 sheets (tiles twice as big)
_MAX_BYTES = 16384  # no sheet of ours is bigger: a header asking for more is damage


DECKS = ("french", "spanish", "domino")  # one sheet per deck (engine/registry.py names each)


def tile_size(deck, scale):
    # French tiles are 6 px tall (13 fanned cards fit a 160x128 screen), the others 8
    # (tests/sheets.py tile_height, which the tests compare)
    return TILE_W * scale, (6 if deck == "french" else 8) * scale


def sheet_path(deck, scale):
    w, h = tile_size(deck, scale)
    return "%s/%s_%dx%d.bmp" % (ASSETS, deck, w, h)


def _le(data, at, size):
    v = 0
    for i in range(size - 1, -1, -1):
        v = (v << 8) | data[at + i]
    return v


def _header(f, path):
    # (pixel offset, header size, width, height, colours) of a 4-bit uncompressed bottom-up BMP
    head = f.read(54)
    if len(head) < 54 or head[0:2] != b"BM":
        raise ValueError("not a BMP")
    width = _le(head, 18, 4)
    height = _le(head, 22, 4)
    if _le(head, 28, 2) != 4 or _le(head, 30, 4) != 0 or height >= 0x80000000 or width % 8:
        raise ValueError("expected an uncompressed bottom-up 4-bit BMP")
    if width * height // 2 > _MAX_BYTES:
        raise ValueError("%dx%d is more than a card sheet can be" % (width, height))
    return _le(head, 10, 4), _le(head, 14, 4), width, height, _le(head, 46, 4) or 16


def _fail(path, err):
    return OSError("card sheet " + path + " missing or damaged (" + str(err)
                   + "): copy assets/ again, or run assets/make_art.py")


def check_sheets(width=160, height=128, decks=DECKS):
    # read every sheet's header and size now: (largest width, largest height) at this scale
    scale = screen_scale(width, height)
    w = h = 0
    for deck in decks:
        path = sheet_path(deck, scale)
        try:
            with open(path, "rb") as f:
                offset, _info, sw, sh, _n = _header(f, path)
                f.seek(0, 2)
                if f.tell() < offset + sw * sh // 2:
                    raise ValueError("file cut short")
        except (OSError, ValueError) as err:
            raise _fail(path, err)
        w = max(w, sw)
        h = max(h, sh)
    return w, h


def load_sheet(deck, scale, bitmap, palette):
    # the deck's sheet into bitmap (made once by the app, as big as the biggest sheet) and its
    # colours into palette (a Palette(16)); the rows a shorter sheet doesn't use stay as they are
    path = sheet_path(deck, scale)
    try:
        with open(path, "rb") as f:
            offset, info, width, height, colours = _header(f, path)
            if width != bitmap.width or height > bitmap.height:
                raise ValueError("sheet is not %d px wide" % bitmap.width)
            f.seek(14 + info)
            raw = f.read(4 * colours)
            for i in range(colours):
                palette[i] = (raw[4 * i + 2] << 16) | (raw[4 * i + 1] << 8) | raw[4 * i]
            f.seek(offset)
            _read_pixels(bitmap, f, width, height)
    except (OSError, ValueError, IndexError, EOFError) as err:
        raise _fail(path, err)


def _read_pixels(bitmap, f, width, height):
    if height == bitmap.height:
        try:
            import bitmaptools

            bitmaptools.readinto(bitmap, f, 4, 1, True, False, True)
            return
        except (ImportError, AttributeError, NotImplementedError):
            pass
    row = bytearray(width // 2)
    for y in range(height - 1, -1, -1):
        if f.readinto(row) != len(row):
            raise EOFError()
        for x in range(0, width, 2):
            b = row[x >> 1]
            bitmap[x, y] = b >> 4
            bitmap[x + 1, y] = b & 15
