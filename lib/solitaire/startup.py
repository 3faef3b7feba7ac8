# Start-up, run once then dropped (solitaire.boot): the board's platform, the settings, a look
# at the card sheets (a missing or damaged one is named now, not at the first game), the font,
# and the app. The modules it uses for this leave RAM as it goes (settle(): only the core, this
# module and what comes next stay).
import gc

from micropython import const


UNDO_DEPTH = const(350)  # steps undo reaches back (350 x 2 B: 500 until the heap budget needed
# 0.3 KB at a Solar table, 2026-12-07; engine games alone keep 1,000)
# store.options bytes read at start-up (solitaire/options.py gives them all their meaning)
_O_SET = const(0)
_O_FAMILY = const(1)
_O_VARIANT = const(2)
_O_CARE = const(7)  # bit 0: the screen stays on (solitaire/options.py)
_SELF = ("solitaire.startup",)  # what start-up keeps of its own while it runs


def start():
    # (app, platform): platform is (board name, display, controls, nvm)
    from solitaire import boards, settings
    from solitaire.app import App, settle

    platform = boards.build()
    # (the Fruit Jam's DAC comes with its platform: solitaire/fruitjam.py)
    speaker = platform[4] if len(platform) > 4 else boards.speaker(platform[0])
    cfg = settings.config() + settings.care()
    from solitaire import art

    sheet_size = art.check_sheets(platform[1].width, platform[1].height)
    settle(_SELF)  # (the board's profiles, the settings' parser, the sheets' check)
    gc.collect()
    from solitaire.font import load_font

    font, note = load_font()
    settle(_SELF)  # every glyph is loaded: the loader's work is done
    gc.collect()
    bitmaps = _bitmaps(platform[1], font, sheet_size)
    app = App()
    app.speaker = speaker  # its sounds are made once the first screen shows (App.step)
    _open(app, platform, font, cfg, bitmaps, note)
    return app, platform


def _open(app, platform, font, cfg, bitmaps, note):
    # the app's attributes that start-up knows (App.__init__ names them all and gives the rest
    # their first values), then its first page. platform: (board name,
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
    if app.board == "fruitjam":  # what its saves' medium found (solitaire/savefile.py)
        notes += platform[3].notes
        app.store.dirty |= platform[3].move
    # made once, reused by every game
    # 128 moves: as many as the hint and the base marks ever list (legal_moves and hints
    # stop at len(buf); no position seen in play has more than ~100 legal moves)
    app.moves = array("H", bytes(256))
    app.log = UndoLog(UNDO_DEPTH)
    app.blank = displayio.Group()  # shown while one screen is swapped for the next
    app.sheet, app.palette, app.rows, app.block = bitmaps
    app.payload = app.store.payload_area()  # the save is written in the store's image
    # the menus' choices, remembered across runs in the store's options
    o = app.store.options
    app.family = o[_O_FAMILY] if o[_O_SET] and o[_O_FAMILY] < len(FAMILIES) else 0
    app.variant = o[_O_VARIANT] if o[_O_SET] else 0
    if app.variant >= len(FAMILIES[app.family].variants):
        app.variant = 0
    # battery care (docs/playing.md): the backlight's brightness to come back to (None:
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
    app.battery = None if platform[0] == "generic" else getattr(board, "A6", None)
    app.last_key = app.battery_at = app.care_at = supervisor.ticks_ms()
    if app.battery is not None:  # its level, % (solitaire/care.py reads it once a minute)
        from solitaire.care import read

        app.level = read(app)
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
        then = lambda: app.show_page(import_module("solitaire.howto").greeting(app, hello))
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
