# Start-up, run once then dropped (solitaire.boot): the board's platform, the settings, a look
# at the card sheets (a missing or damaged one is named now, not at the first game), the font,
# and the app. The modules it uses for this leave RAM as it goes.
import gc

from micropython import const

from solitaire import forget

UNDO_DEPTH = const(500)  # moves undo reaches back (500 x 2 B; engine games alone keep 1,000)
# store.options bytes read at start-up (solitaire/options.py gives them all their meaning)
_O_SET = const(0)
_O_FAMILY = const(1)
_O_VARIANT = const(2)
_O_CARE = const(7)  # bit 0: the screen stays on (solitaire/options.py)


def start():
    # (app, platform): platform is (board name, display, controls, nvm)
    from solitaire import boards, settings

    platform = boards.build()
    speaker = boards.speaker(platform[0])
    cfg = settings.config() + settings.care()
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

    app = App()
    _open(app, platform, font, cfg, bitmaps, note)
    if speaker is not None:
        _sound(app, speaker)
    return app, platform


def _sound(app, pins):
    # the speaker's sounds at the level saved in the options (solitaire/sound.py); a board
    # whose audio will not start plays on without sound, and says why on the console
    from solitaire import options

    level = options.sound_level(app)
    forget("solitaire.options")
    try:
        from solitaire.sound_make import make

        app.sound = make(pins[0], pins[1], level)
    except (ImportError, ValueError, RuntimeError) as e:
        forget("solitaire.sound")
        print("No sound:", e)
    forget("solitaire.sound_make")


def _open(app, platform, font, cfg, bitmaps, note):
    # the app's attributes (solitaire/app.py), then its first page. platform: (board name,
    # display, controls, nvm); cfg: (first deal, debug_mem, dim after, dark after, what was
    # wrong with those two settings or None); bitmaps: (card sheet, its palette,
    # text bitmap) made at start-up, before the heap held anything else, reused by every screen
    # and game: made per game they would fragment it
    from array import array

    import displayio

    from engine.registry import FAMILIES, import_module
    from engine.undo import UndoLog
    from solitaire.store import FOREIGN, Store

    app.board = platform[0]
    app.display = d = platform[1]
    app.controls = platform[2]
    app.width = d.width
    app.height = d.height
    app.font = font
    app.first_deal = cfg[0]
    app.debug_mem = cfg[1]
    app.store = Store(platform[3])
    notes = app.store.open()
    # made once, reused by every game
    # 128 moves: as many as the hint and the base marks ever list (legal_moves and hints
    # stop at len(buf); no position seen in play has more than ~100 legal moves)
    app.moves = array("H", bytes(256))
    app.log = UndoLog(UNDO_DEPTH)
    app.blank = displayio.Group()  # shown while one screen is swapped for the next
    app.sheet, app.palette, app.rows, app.block = bitmaps
    app.sheet_deck = None  # whose cards the sheet holds
    app.tiles = None  # their tiles' (width, height)
    # the game in progress
    app.game = None
    app.gkey = None  # (family, variant, profile)
    app.family_key = app.mode_title = None  # its family's key, its name (solitaire/opening.py)
    app.game_id = 0
    app.counted = False  # it ended and is in the statistics (a lost game played on)
    app.autoplay = True
    app.motion = True  # the cards slide, a win is celebrated (the Motion option: solitaire/opening.py)
    app.saved_version = -1
    app.last_move = 0
    app.save_soon = False  # save at the next step without a key (a new game, once it shows)
    app.cursor = None  # the table's cursor, kept while a menu covers it
    app.game_modules = ()
    app.payload = app.store.payload_area()  # the save is written in the store's image
    app.screen = None
    app.list_screen = None
    app.title_at = None  # the title menu's item chosen last
    app.sound = None  # solitaire/sound.py, on a board with a speaker (start())
    # the menus' choices, remembered across runs in the store's options
    o = app.store.options
    app.family = o[_O_FAMILY] if o[_O_SET] and o[_O_FAMILY] < len(FAMILIES) else 0
    app.variant = o[_O_VARIANT] if o[_O_SET] else 0
    if app.variant >= len(FAMILIES[app.family].variants):
        app.variant = 0
    # battery care (README "Battery care"): the backlight's brightness to come back to (None:
    # the board can't set it), the battery monitor (PyBadge, PyGamer: board.A6 reads half the
    # battery's voltage), the ticks of the last key (the loop naps briefly for a moment after
    # it; the screen dims and goes dark counted from it) and of battery care's next look
    # (solitaire/care.py: at once, to plan the next)
    import board
    import supervisor

    try:
        app.bright = d.brightness if d.brightness > 0 else None
    except Exception:  # (no backlight it can set)
        app.bright = None
    # the ms without a key before the screen dims (0: never, or no backlight to dim) and goes
    # dark (0: never): SOLITAIRE_DIM, SOLITAIRE_SLEEP, unless the options keep it on
    app.care = (0, 0) if o[_O_CARE] & 1 else (cfg[2] if app.bright else 0, cfg[3])
    app.lit = 2
    app.battery = None if platform[0] == "generic" else getattr(board, "A6", None)
    app.last_key = app.battery_at = app.care_at = supervisor.ticks_ms()
    app.low_told = False  # a low battery was said
    if app.battery is not None:  # its level, % (solitaire/care.py reads it once a minute)
        from solitaire.care import read

        app.level = read(app)
        forget("solitaire.care")
    menus = app.menus()
    if app.store.state == FOREIGN:  # another program's data: ask before erasing it
        then = lambda: app.show_page(app.menus().foreign(app))
    else:
        then = app.title
        if notes:  # what open() found (a blank NVM, a repair) is written now: said once
            app.store.commit()
    if notes and notes[0][:20] == "Save memory is blank":
        # a first start (solitaire/store_open.py's note of a blank NVM): a welcome, not a warning
        notes.pop(0)
        hello = then
        then = lambda: app.show_page(import_module("solitaire.greet").page(
            app, lambda: forget("solitaire.greet") or hello()))  # (dropped once read)
    if notes:
        told = then
        then = lambda: app.show_page(menus.notice("Save memory", " ".join(notes), told))
    if cfg[4]:  # SOLITAIRE_DIM or SOLITAIRE_SLEEP wrong: said, their defaults used
        heard = then
        then = lambda: app.show_page(menus.notice("settings.toml", cfg[4], heard))
    if note:  # the font file unusable (solitaire/font.py): its own notice, first
        app.show_page(menus.notice("Font", note, then))
    else:
        then()
    app.display.refresh()


def _bitmaps(display, font, sheet_size):
    # made first, while the heap is empty, and kept: the card sheet (as big as the biggest
    # deck's, measured by solitaire.art.check_sheets) and its palette; the text bitmaps every
    # screen paints its words into (solitaire/text.py): ROW_BITMAPS of one line (the status
    # line and the table's counts; a menu's title, footer and highlighted row) and a block of
    # lines (the table's box, a menu's rows)
    import displayio

    from solitaire.text import LINES, ROW_BITMAPS, menu_rows, pitch, scale

    s = scale(display.width, display.height)
    p = pitch(font)
    w = display.width // s
    # (the third holds a menu's highlighted row: its bar and its words, two colours)
    rows = [displayio.Bitmap(w, p, 3 if i == 2 else 2) for i in range(ROW_BITMAPS)]
    block = displayio.Bitmap(w, max(LINES, menu_rows(display.height // s, p)) * p, 2)
    return (displayio.Bitmap(sheet_size[0], sheet_size[1], 16), displayio.Palette(16), rows,
            block)
