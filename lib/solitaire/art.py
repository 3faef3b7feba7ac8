# Loads the generated art from assets/: the text font and the card sprite sheet (made by
# assets/make_art.py, whose header documents the tile layout these constants mirror).
import displayio
from micropython import const

# tile indices in the card sheet (see assets/make_art.py)
BLANK = const(0)
HEAD_RANK = const(1)  # + colour*13 + rank-1 (colour 0 black, 1 red): rank half of a card head
HEAD_SUIT = const(27)  # + suit (engine order: clubs, diamonds, spades, hearts): suit half of a card head
STRIP_RANK = const(31)  # reserve strip (dimmed card under the reserve top), rank part
STRIP_SUIT = const(57)  # reserve strip, suit part
FOOT = const(61)  # + 0 left, + 1 right: lower part of a pile's top card
BACK = const(63)  # head left, head right, foot left, foot right
EMPTY = const(67)  # empty-pile outline: top left, top right, bottom left, bottom right
MORE = const(71)  # + 0 left, + 1 right: "more cards above" marker
FRAME = const(73)  # + col_role*3 + row_role (see make_art.frame_piece)
SPANISH_FIRST = const(96)  # reserved range 96..175
DOMINO_FIRST = const(176)  # reserved range 176..239

# palette indices
PAL_TABLE = const(0)
PAL_FRAME = const(8)

TILE_W = const(7)  # at scale 1
TILE_H = const(8)


def _assets_dir():
    # lib/solitaire/art.py -> <root>/assets; on the device the root is "/"
    try:
        path = __file__
    except NameError:
        return "/assets"
    path = path.replace("\\", "/")
    cut = path.rfind("/lib/solitaire/")
    if cut < 0:
        return "/assets" if path.startswith("/") else "assets"
    return path[:cut] + "/assets"


ASSETS = _assets_dir()
_colours = [0] * 16  # the sheet's colours as ints (reading a Palette back differs by port)
FONT_FILE = "font.bdf"
_SHEETS = {1: "cards_7x8.bmp", 2: "cards_14x16.bmp"}


def load_font(path=None):
    """The game's bitmap font, or terminalio.FONT (with a console message) if it won't load."""
    if path is None:
        path = ASSETS + "/" + FONT_FILE
    try:
        from adafruit_bitmap_font import bitmap_font

        font = bitmap_font.load_font(path)
        # a truncated or garbled file often loads its header fine: prove a glyph comes out
        font.load_glyphs("0Aa")
        glyph = font.get_glyph(ord("A"))
        if glyph is None or font.get_glyph(ord("0")) is None:
            raise ValueError("no glyphs")
        return font
    except Exception as err:  # any failure: the game must still start
        import terminalio

        print("solitaire: font", path, "unusable (" + repr(err) + "); using terminalio.FONT")
        return terminalio.FONT


def scale_for(width, height):
    """Pixel scale of the card sheet for a screen: 2 from 320x240 up, else 1."""
    if width >= 320 and height >= 240:
        return 2
    return 1


def _read_le(data, at, size):
    v = 0
    for i in range(size - 1, -1, -1):
        v = (v << 8) | data[at + i]
    return v


def load_cards(scale=1, path=None):
    """(bitmap, palette, tile_width, tile_height) of the card sheet drawn at `scale`.

    Raises RuntimeError with a clear message if the sheet is missing or not the generator's
    4-bit BMP (regenerate with assets/make_art.py)."""
    if path is None:
        path = ASSETS + "/" + _SHEETS.get(scale, _SHEETS[1])
        if scale not in _SHEETS:
            scale = 1
    try:
        with open(path, "rb") as f:
            head = f.read(54)
            if len(head) < 54 or head[0:2] != b"BM":
                raise ValueError("not a BMP")
            offset = _read_le(head, 10, 4)
            info = _read_le(head, 14, 4)
            width = _read_le(head, 18, 4)
            height = _read_le(head, 22, 4)
            bpp = _read_le(head, 28, 2)
            comp = _read_le(head, 30, 4)
            if bpp != 4 or comp != 0 or height >= 0x80000000 or width % 8:
                raise ValueError("expected an uncompressed bottom-up 4-bit BMP")
            colours = _read_le(head, 46, 4) or 16
            f.seek(14 + info)
            raw = f.read(4 * colours)
            palette = displayio.Palette(16)
            for i in range(colours):
                c = (raw[4 * i + 2] << 16) | (raw[4 * i + 1] << 8) | raw[4 * i]
                palette[i] = c
                _colours[i] = c
            bitmap = displayio.Bitmap(width, height, 16)
            f.seek(offset)
            _read_pixels(bitmap, f, width, height)
    except (OSError, ValueError, IndexError, EOFError) as err:
        raise RuntimeError("card sheet " + path + " missing or corrupt (" + repr(err)
                           + "): run assets/make_art.py and copy assets/")
    return bitmap, palette, TILE_W * scale, TILE_H * scale


def _read_pixels(bitmap, f, width, height):
    try:
        import bitmaptools

        bitmaptools.readinto(bitmap, f, 4, 1, True, False, True)
        return
    except (ImportError, AttributeError, NotImplementedError):
        pass
    row_bytes = width // 2
    for y in range(height - 1, -1, -1):
        row = f.read(row_bytes)
        if len(row) != row_bytes:
            raise EOFError()
        for x in range(0, width, 2):
            b = row[x >> 1]
            bitmap[x, y] = b >> 4
            bitmap[x + 1, y] = b & 15


def overlay_palette(palette, frame_colour):
    """A copy of the sheet palette for highlight overlays: table transparent, frame recoloured."""
    pal = displayio.Palette(16)
    for i in range(16):
        pal[i] = _colours[i]
    pal[PAL_FRAME] = frame_colour
    pal.make_transparent(PAL_TABLE)
    return pal
