# Loads the game's font (assets/font.bdf, made by assets/make_art.py) with every glyph the app
# shows, once, at start-up: a glyph first asked for later makes the loader rescan the whole file,
# seconds of stall on a SAMD51. Only the BDF loader is imported (adafruit_bitmap_font.bitmap_font
# would import the PCF, TTF and LVGL loaders too: ~16 KB never used). If the file is missing,
# truncated or lacks a glyph, the built-in font is used and the player is told why. The glyphs
# end in a solitaire.text.Font, so this module and the loader leave RAM once it is made
# (solitaire.boot drops them).
from array import array

from solitaire import ASSETS

# every character a screen shows, and no more: a glyph costs ~140 B of heap for good
# (tests/test_text_glyphs.py checks every text of the app uses only these): letters, digits, the
# punctuation the texts use, the four French suits, and the status-line icons in use
GLYPHS = (" !\"#%'()+,-./0123456789:;=>?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
          "\u2663\u2666\u2660\u2665\ue001")
FONT_FILE = "font.bdf"


def load_font(path=None):
    # (font, None) or (terminalio.FONT, a note for the player saying why)
    if path is None:
        path = ASSETS + "/" + FONT_FILE
    try:
        import displayio
        from adafruit_bitmap_font import bdf

        font = bdf.BDF(open(path, "rb"), displayio.Bitmap)
        font.load_glyphs(GLYPHS)
        missing = 0
        for c in GLYPHS:
            if font.get_glyph(ord(c)) is None:  # cached by load_glyphs: no rescan
                missing += 1
        if missing:
            raise ValueError(str(missing) + " glyphs missing")
        if not font.ascent or font.descent is None:  # read once now, cached by the loader
            raise ValueError("no FONT_ASCENT/FONT_DESCENT")
        from solitaire.text import Font

        strip, chars, metrics = _pack(font, displayio.Bitmap)
        packed = Font(strip, chars, metrics, font.ascent, font.descent, font.get_bounding_box())
        font.file.close()  # every glyph is loaded: the loader and its file are done
        return packed, None
    except MemoryError:
        raise  # never hidden: solitaire.oops reports it with the free heap
    except Exception as err:  # a damaged or missing file: the game still starts
        import terminalio

        note = "Font " + path + " unusable (" + str(err) + "): using the built-in font."
        print("solitaire:", note)
        return terminalio.FONT, note


def _pack(bdf_font, bitmap_class):
    # The loader gives each glyph a Bitmap of its own (48 B of header each) and a Glyph: copy
    # the pixels into one strip (a glyph w wide at a multiple of w: bitmap_label reads a glyph at
    # x = tile_index * width) and the metrics into 7 bytes a glyph. Returns (strip, chars,
    # metrics) for solitaire.text.Font: ~9 KB less for the whole run.
    loaded = bdf_font._glyphs
    chars = "".join(c for c in GLYPHS if loaded.get(ord(c)) is not None)
    order = sorted(range(len(chars)), key=lambda i: -loaded[ord(chars[i])].width)
    used = bytearray(1024)  # strip columns taken
    # per width, the first slot (x = k * width) not yet known taken: columns are only ever taken,
    # so the search for the next glyph of that width starts there (one pass, not one a glyph)
    first = array("H", bytes(128))
    metrics = bytearray(7 * len(chars))
    end = height = 0
    for i in order:  # wide ones first: they pack best
        g = loaded[ord(chars[i])]
        w = g.width
        k = 0 if not w else first[w] if w < 64 else -(-end // w)
        while w and used.find(b"\x01", k * w, (k + 1) * w) >= 0:
            k += 1
        if w < 64:
            first[w] = k + 1
        for x in range(k * w, (k + 1) * w):
            used[x] = 1
        metrics[7 * i:7 * i + 7] = bytes((k & 255, k >> 8, w, g.height, g.dx & 255, g.dy & 255,
                                          g.shift_x))
        end = max(end, (k + 1) * w)
        height = max(height, g.height)
    strip = bitmap_class(max(1, end), max(1, height), 2)
    try:
        from bitmaptools import blit  # one C call a glyph: ~0.45 s less at start-up on a SAMD51
    except ImportError:
        blit = None
    for i in range(len(chars)):
        g = loaded[ord(chars[i])]
        x0 = (metrics[7 * i] | metrics[7 * i + 1] << 8) * g.width
        if blit is not None:
            if g.width and g.height:
                blit(strip, g.bitmap, x0, 0)
            continue
        for y in range(g.height):
            for x in range(g.width):
                if g.bitmap[x, y]:
                    strip[x0 + x, y] = 1
    return strip, chars, bytes(metrics)
