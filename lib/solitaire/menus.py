# The menus before a game: the title, the controls page, the notices at start-up. Pages for
# solitaire.listscreen, loaded only while a menu is shown; choosing a game and its options
# (solitaire.choose), the deal-number editor (solitaire.dealpage) and the statistics
# (solitaire.statspage) are modules of their own, loaded when opened.
from engine import import_module
from engine.registry import mode_name
from solitaire.listscreen import Confirm, Menu, Text
from solitaire.text import scale, width


def notice(title, text, then):
    return Text(title, (text,), then, "A continue", warn=True)


def resumable(app):
    # (family, variant, profile, number) of the game Resume would bring back, or None
    if app.game is not None and not app.game.status():  # (a game in play: 0, PLAYING)
        return app.gkey + (app.game.number,)
    # (the store offers only a mode the game has: it resets any other record at open)
    s = app.store.saved()
    if s is None:
        return None
    return s[0], s[1], s[2], s[4]


def title(app):
    r = resumable(app)
    items = []
    acts = []
    info = ["", "A handheld card table", ""]
    if app.battery is not None:  # a board with a battery monitor: its level (solitaire/care.py)
        # (the level reads in steps of 10 %: 0 is anything under 10 %, not an empty cell)
        n = app.level
        info[0] = "Battery low: under 10%" if not n else ("Battery low: %d%%" if n <= 10 else
                                                           "Battery %d%%") % n
    if r:
        name = mode_name(r)
        item = "Resume %s" % name
        if width(app.font, item) > app.width // scale(app.width, app.height) - 14:
            # a name too long beside "Resume" goes whole on the line above
            item = "Resume"
            info[1] = name
        items.append(item)
        acts.append(app.resume)
        info[2] = "Saved game: deal %d" % r[3]
    items += ("New game", "Statistics", "Controls")
    acts += [lambda: _choose(app), lambda: _stats(app),
             lambda: app.show_page(controls(app))]
    if app.board == "fruitjam":  # an app of Fruit Jam OS: its launcher takes the board back
        items.append("Quit to launcher")
        acts.append(lambda: import_module("solitaire.fruitjam_input").leave(app))
    # back from Statistics or Controls, the highlight is where it was; after a game, on Resume
    sel = items.index(app.title_at) if app.title_at in items else 0
    menu = Menu("SOLITAIRE", info, items, acts, footer="A choose", sel=sel)

    def choose(screen):
        app.title_at = items[menu.sel] if items[menu.sel] in ("Statistics", "Controls") else None
        acts[menu.sel]()

    menu.choose = choose
    return menu


def controls(app):
    from solitaire.howto import scheme

    return Text("Controls", scheme(app.controls), app.title)


def foreign(app):
    def adopt():
        app.store.adopt()
        app.title()

    ask = Confirm("Save memory", "Erase the other program's data to keep your games here?",
                  adopt, app.title)
    return Menu("Save memory", ("It holds another program's data.",
                                 "Saving is off, so it stays safe."),
                 ("Play without saving", "Erase it, save here"),
                 (app.title, lambda: app.show_page(ask)), footer="A choose")


def _stats(app):
    from solitaire.statspage import stats

    stats(app)


def _choose(app):
    from solitaire.choose import Game

    app.show_page(Game(app))
