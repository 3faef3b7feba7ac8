# The menus over a game: the pause menu (its undo, redo and hint act on the game and go back to
# the table), the result page, and the rules of a mode. Pages for solitaire.listscreen; loaded
# only while one is shown (the table's display objects are gone meanwhile).
from engine.game import WON
from engine.registry import FAMILIES, import_module
from solitaire import families, forget
from solitaire.listscreen import Confirm, Page, Text


def mode_name(key):
    row = FAMILIES[key[0]]
    name = row[3][key[1]]
    if len(row[4]) > 1:
        name += " (" + row[4][key[2]] + ")"
    return name


class _Menu(Page):
    def __init__(self, title, info, items, actions, back, footer="A choose  B resume"):
        self.title = title
        self.info = info
        self.items = items
        self.actions = actions
        self.on_back = back
        self.footer = footer

    def choose(self, screen):
        self.actions[self.sel]()

    def back(self, screen):
        self.on_back()


def pause(app, sel=0):
    g = app.game
    again = lambda: app.show_page(pause(app, m.sel))

    def table_then(act):
        def run():
            act()
            app.show_table()
        return run

    def ask(question, yes):
        return lambda: app.show_page(Confirm("Paused", question, yes, again))

    items = ("Resume", "Undo", "Redo", "Hint", "Restart this deal", "New deal", "Rules",
             "Quit to menu")
    acts = (app.show_table, table_then(g.undo), table_then(g.redo),
            table_then(lambda: setattr(app, "hint_next", True)),
            ask("Start this deal again from the beginning?", app.restart),
            ask("Leave this game for a new deal?", lambda: app.start(app.gkey)),
            lambda: app.show_page(rules(app, app.gkey, again)),
            ask("Quit to the menu? The game is kept: Resume brings it back.", app.quit_to_menu))
    m = _Menu("Paused", (mode_name(app.gkey) + ", deal " + str(g.number),), items, acts,
              app.show_table)
    m.sel = sel
    return m


def result(app):
    g = app.game
    won = g.status() == WON
    info = [mode_name(app.gkey), "Score " + str(g.score()) + "   deal " + str(g.number)]
    if app.store.saving:
        played, wins, _best, streak, best_streak, _fewest = app.store.stats(*app.gkey)
        info.append("Played " + str(played) + ", won " + str(wins))
        info.append("Win streak " + str(streak) + ", best " + str(best_streak))
    items = ["Play this deal again", "New deal"]
    acts = [app.restart, lambda: app.start(app.gkey)]
    if not won and g.can_undo():
        items.append("Undo last move")
        acts.append(lambda: (g.undo(), app.show_table()))
    items.append("Menu")
    acts.append(app.quit_to_menu)
    return _Menu("You won!" if won else "No moves left", info, items, acts, app.quit_to_menu,
                 "A choose")


def rules(app, key, back):
    from solitaire.howto import scheme

    row = FAMILIES[key[0]]
    name = row[3][key[1]]
    lines = []
    module = families.rules_module(key[0])
    try:
        r = import_module(module)
        lines.append(r.MODES.get(name, ""))
        if len(row[4]) > 1:
            lines.append(r.PROFILES.get(row[4][key[2]], ""))
        lines.append(r.COMMON)
    except ImportError:
        lines.append("No rules text for this game.")
    forget(module)
    lines.append("")
    lines.append("Controls:")
    lines.extend(scheme(app.controls))
    return Text(name, lines, back, "A/DOWN next page  B back")
