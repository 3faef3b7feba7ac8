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
    from solitaire.app import App

    return App(platform, font, cfg, note, sheet_size), platform
