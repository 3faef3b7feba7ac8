# Opening a game: a new deal or the saved one. The family's engine, table and view code are
# loaded (the last family's dropped), the game dealt or loaded with its undo history, the
# deck's card sheet put in the bitmap made at start-up, then the table shown. And leaving one
# (counted once: the store knows the ids it counted), for a new deal or the menu. Loaded for the
# call (from a menu, the pause box or the result box) and dropped when the table shows (no
# screen declares it: solitaire/app.py settle()): none of this is needed while a game is played.
import random

from micropython import const

from engine.game import WON
from engine import import_module
from engine.registry import FAMILIES, mode_name
from solitaire import mem, options
from solitaire.text import scale

DEAL_MAX = const(1073741823)
# what opening a game keeps loaded while it runs, besides the screen's and the core
_OWN = ("solitaire.opening", "solitaire.options", "engine.registry")


def close_game(app):
    # the game goes, and with it what its table declared (its engine, view and table code:
    # solitaire/play.py modules() declares nothing once its game is closed)
    app.swap()  # (its table first: the one collection frees its display objects too)
    app.game = None
    app.gkey = app.family_key = app.mode_title = None
    app.settle(_OWN)
    app.collect()


def abandon(app):
    # the game in progress is left (new deal, restart, menu): a game played counts, once
    g = app.game
    st = app.store
    if g is not None and not app.counted and (g.moves > 0 or g.status()):
        k = app.gkey
        st.count_result(k[0], k[1], k[2], app.game_id, g.status() == WON, g.score(), g.moves)
        app.counted = True
    elif g is None:
        s = st.saved()
        if s is not None and s[5] > 0:  # a saved game with moves, left for a new one
            st.count_result(s[0], s[1], s[2], s[7], False, s[6], s[5])
    st.clear_save()


def quit_to_menu(app):
    # the game in play is saved for Resume; one that has ended was counted, and its save
    # cleared, as it ended (solitaire/result.py count())
    app.save()
    close_game(app)
    app.title()


def _load(app, key, number, deal=True):
    # a game of mode key (engine and table code loaded now, the old game's dropped), dealt; or,
    # for a resume (deal False), only numbered: load_from puts in the whole position and undo
    # log (engine/game.py), so the deal, and the deal's code (Solar's engine/solar_deal.py and
    # the generator, engine/rng.py: ~0.05 s of a resume on a PyBadge), would be work thrown away
    app.swap()  # (the screen shown goes first, so the one collection frees its objects too)
    if app.warm_family and app.warm_family[0] != "solitaire." + FAMILIES[key[0]].key + "_view":
        app.warm_family = ()  # (the last family's view and engine go: another family comes)
    if app.gkey is None or app.gkey[0] != key[0]:
        close_game(app)
    app.game = None
    app.collect()
    # (what building the game loads for the once, engine.solar_deal, goes with the table's
    # settle: solitaire/app.py show_table)
    game = import_module(FAMILIES[key[0]].module).Game(key[1], key[2], 0, app.log)
    if deal:
        game.deal(number)
    else:
        game.number = number
    app.game = game
    app.gkey = key
    app.last_deal = number
    # what the table's screens name while the registry is out of RAM (_show)
    app.family_key = FAMILIES[key[0]].key
    app.mode_title = mode_name(key)
    app.counted = False
    app.saved_version = -1  # (another game's version may be this one's)
    app.cursor = None
    app.autoplay = options.autoplay(app, key[0])
    app.motion = options.motion(app)
    if app.debug_mem:
        mem("deal " + str(number))
    return game


def _deal_number(app, key):
    if app.first_deal:  # SOLITAIRE_DEAL: the first game's deal
        n = app.first_deal
        app.first_deal = 0
        return n
    if options.winnable_only(app):  # one of the deals the solver won, if the mode has a table
        path, count = options.winnable_table(app, key)
        if count:
            from solitaire import winnable

            n = winnable.nth(path, random.randrange(count))
            if n:
                return n
    return random.randint(1, DEAL_MAX)


def _show(app):
    # the deck's sheet into the start-up bitmap, its suit inks, then the table
    from solitaire import art

    view = import_module("solitaire." + app.family_key + "_view")
    deck = view.DECK
    s = scale(app.width, app.height)
    if app.sheet_deck != deck:
        app.sheet_deck = None
        art.load_sheet(deck, s, app.sheet, app.palette)
        app.sheet_deck = deck
    inks = getattr(view, "INKS", None)  # (two-colour, four-colour) for palette entries 11..
    if inks is not None:
        table = inks[1] if options.four_colour(app) else inks[0]
        for i in range(len(table)):
            app.palette[11 + i] = table[i]
    app.tiles = art.tile_size(deck, s)
    app.show_table()  # (which drops this module, solitaire.art, the registry...: no table declares them)


def start(app, key, number=0):
    # a new game (number 0: random); the game left behind is counted in the same write as the
    # new game's first save, made at the app's next step, once the table shows (the player
    # sees it ~80 ms sooner on a PyBadge, and the flash write after)
    abandon(app)
    _load(app, key, number or _deal_number(app, key))
    app.first_deal = 0  # SOLITAIRE_DEAL is the first game's deal, whichever it was
    app.game_id = app.store.new_game_id()
    app.save_soon = True
    _show(app)


def resume(app):
    if app.game is not None and not app.game.status():  # (0: PLAYING)
        _show(app)
        return
    s = app.store.saved()
    if s is None:
        app.title()
        return
    f, v, p, flags, number, _made, _score, gid = s
    ok = f < len(FAMILIES) and v < len(FAMILIES[f].variants) and p < len(FAMILIES[f].profiles)
    game = _load(app, (f, v, p), number, False) if ok else None
    data = app.store.saved_payload()
    # (the codec the load brings is dropped at the end of the step: solitaire/app.py settle())
    if game is None or not game.load_from(data, 0, True):  # with its undo log
        why = game.refused if game is not None else "no such game"
        app.store.clear_save()
        app.store.commit()
        close_game(app)
        app.show_page(app.menus().notice(
            "Resume", "The saved game was damaged or is for another version (" + why
            + "). It was removed.", app.title))
        return
    app.game_id = gid
    app.counted = flags & 1 == 1  # its loss was counted, then taken back (solitaire/app.py save())
    app.saved_version = game.version
    _show(app)
