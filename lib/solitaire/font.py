# Loads the game's font once, at start-up: assets/font.bin (made by assets/make_art.py), every
# glyph already packed into one strip bitmap with 7 bytes of metrics a glyph, read in a few calls
# (one C call for the pixels): no parsing, and no library loaded (on a board each module loaded
# and each line of a text file read costs: sim/board_model.py). If it is missing or damaged,
# assets/font.bdf through the BDF loader (only that loader: adafruit_bitmap_font.bitmap_font
# would import the PCF, TTF and LVGL loaders too, ~16 KB never used), every glyph the app shows
# loaded at once (a glyph first asked for later makes the loader rescan the whole file), packed
# the same way; if that fails too, the built-in font, and the player is told why. The glyphs end
# in a solitaire.text.Font, so this module (and a loader) leave RAM once it is made.
from array import array

from solitaire import ASSETS

# every character a screen shows (tests/test_text_glyphs.py checks every text of the app uses
# only these): letters, digits, the punctuation the texts use, the four French suits, and the
# status-line icons in use. font.bin holds these and no more (assets/make_art.py reads this
# line): each costs ~14 B there, and ~140 B of objects through the BDF fallback
GLYPHS = (" !\"#%'()+,-./0123456789:;=>?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
          "\u2663\u2666\u2660\u2665\ue001")
FONT_FILE = "font.bdf"
PACKED_FILE = "font.bin"


def load_packed(path):
    # the font of a font.bin (the layout: assets/make_art.py font_bin()); ValueError or OSError
    # if the file is missing, of another kind or cut short
    import displayio
    from solitaire.text import Font

    with open(path, "rb") as f:
        head = f.read(15)
        if len(head) < 15 or head[:4] != b"SFNT" or head[4] != 1:
            raise ValueError("not a packed font")
        n = head[11] | head[12] << 8
        chars = f.read(head[13] | head[14] << 8).decode("utf-8")
        metrics = f.read(7 * n)
        size = f.read(4)
        if len(chars) != n or len(metrics) != 7 * n or len(size) != 4:
            raise ValueError("the file is cut short")
        w = size[0] | size[1] << 8
        h = size[2] | size[3] << 8
        strip = displayio.Bitmap(w, h, 2)
        try:
            from bitmaptools import readinto  # the rows in one C call
        except ImportError:  # (a PC without it: the slow way)
            readinto = None
        if readinto is not None:
            readinto(strip, f, 1, 1, True, False, False)  # (EOFError if cut short)
        else:
            rows = f.read(w // 8 * h)
            if len(rows) != w // 8 * h:
                raise ValueError("the file is cut short")
            for i in range(len(rows)):
                b = rows[i]
                x = i * 8 % w
                for k in range(8):
                    if b & (128 >> k):
                        strip[x + k, i * 8 // w] = 1
    box = (head[7], head[8], head[9] - (head[9] >> 7 << 8), head[10] - (head[10] >> 7 << 8))
    return Font(strip, chars, metrics, head[5], head[6], box)


def load_font(path=None, packed=None):
    # (font, None) or (terminalio.FONT, a note for the player saying why)
    if packed is None:
        packed = ASSETS + "/" + PACKED_FILE
    try:
        return load_packed(packed), None
    except MemoryError:
        raise  # never hidden: solitaire.oops reports it with the free heap
    except Exception as err:
        print("solitaire: font %s unusable (%s): reading %s" % (packed, err, FONT_FILE))
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

        note = "Font %s unusable (%s): using the built-in font." % (path, err)
        print("solitaire: %s" % note)
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
