# Start-up, run once then dropped (solitaire.boot): the board's platform, the settings, a look
# at the card sheets (a missing or damaged one is named now, not at the first game), the font,
# and the app. The modules it uses for this leave RAM as it goes.
import gc

from solitaire import forget


def start():
    # (app, platform): platform is (board name, display, controls, nvm)
    from solitaire import boards, settings

    platform = boards.build()
    cfg = settings.config()
    from solitaire import art

    sheet_size = art.check_sheets(platform[1].width, platform[1].height)
    for name in ("solitaire.art", "solitaire.boards", "solitaire.settings"):
        forget(name)
    gc.collect()
    from solitaire.font import load_font

    font, note = load_font()
    for name in ("solitaire.font", "adafruit_bitmap_font.bdf", "adafruit_bitmap_font.glyph_cache",
                 "adafruit_bitmap_font"):
        forget(name)  # every glyph is loaded: the loader's work is done
    gc.collect()
    bitmaps = _bitmaps(platform[1], font, sheet_size)
    from solitaire.app import App

    return App(platform, font, cfg, bitmaps, note), platform


def _bitmaps(display, font, sheet_size):
    # made first, while the heap is empty, and kept: the card sheet (as big as the biggest
    # deck's, measured by solitaire.art.check_sheets) and its palette; the text bitmap every
    # screen paints its words into, a band (one line) each (solitaire/text.py): the status
    # line and LINES lines of the table's box, or a menu's title, footer and rows
    import displayio

    from solitaire.text import LINES, menu_rows, pitch, scale

    s = scale(display.width, display.height)
    p = pitch(font)
    bands = max(LINES + 1, menu_rows(display.height // s, p) + 4)
    return (displayio.Bitmap(sheet_size[0], sheet_size[1], 16), displayio.Palette(16),
            displayio.Bitmap(display.width // s, bands * p, 2))
