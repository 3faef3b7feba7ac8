# Loads the game's font (assets/font.bdf, made by assets/make_art.py) with every glyph the app
# shows, once, at start-up: a glyph first asked for later makes the loader rescan the whole file,
# seconds of stall on a SAMD51. Only the BDF loader is imported (adafruit_bitmap_font.bitmap_font
# would import the PCF, TTF and LVGL loaders too: ~16 KB never used). If the file is missing,
# truncated or lacks a glyph, the built-in font is used and the player is told why.
# Start-up only: solitaire.boot drops this module once the font is loaded.
from solitaire.art import ASSETS

# every character a screen can show (tests/test_app_text.py checks the app's texts use no other):
# printable ASCII, the four French suits and the status-line icons of make_art.py's ICONS
GLYPHS = "".join(chr(c) for c in range(32, 127)) + "\u2663\u2666\u2660\u2665" + "".join(
    chr(c) for c in range(0xE000, 0xE002))
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
        return font, None
    except MemoryError:
        raise  # never hidden: solitaire.oops reports it with the free heap
    except Exception as err:  # a damaged or missing file: the game still starts
        import terminalio

        note = "Font " + path + " unusable (" + str(err) + "): using the built-in font."
        print("solitaire:", note)
        return terminalio.FONT, note
