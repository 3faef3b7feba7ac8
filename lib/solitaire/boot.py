# Start-up: build the board's platform, load the font, start the app, and run it. Any error on the
# way (no display, a missing pin or library, a malformed setting, a bug) goes to solitaire.oops,
# which shows it on the console and the screen and waits: never a traceback loop.
# The start-up modules (board profiles, settings, font loading) are dropped once the app runs.
import gc

from solitaire import forget

last_error = None  # the exception that stopped the app (tests and the simulator read it)
app = None  # the running App (tests read it)
platform = None


def start():
    global app, platform
    gc.collect()
    # the text stack first, while the heap is empty: it is the biggest import of all
    from adafruit_display_text import bitmap_label  # noqa: F401 (kept for every screen)

    from solitaire import boards, settings

    platform = boards.build()  # (board name, display, controls, nvm)
    cfg = settings.config()
    from solitaire import art

    # a missing or damaged card sheet is named now, not at the first game
    art.check_sheets(platform[1].width, platform[1].height)
    forget("solitaire.art")
    forget("solitaire.boards")
    forget("solitaire.settings")
    gc.collect()
    from solitaire.font import load_font

    font, note = load_font()
    for name in ("solitaire.font", "adafruit_bitmap_font.bdf", "adafruit_bitmap_font.glyph_cache",
                 "adafruit_bitmap_font"):
        forget(name)  # every glyph is loaded: the loader's work is done
    gc.collect()
    from solitaire.app import App

    app = App(platform, font, cfg, note)
    return app


def main():
    global last_error
    try:
        start().run()
    except Exception as e:  # the app's own errors; KeyboardInterrupt etc. pass through
        last_error = e
        from solitaire import oops

        oops.fail(e, platform)
