# The menus over a game, drawn in a box on the table itself (the table's message label, so no
# second screen's objects are made): the pause menu, the result of a game, "are you sure?".
# Each is (status words, items, actions, action of B); solitaire.play shows and runs them.
from engine.game import WON
from engine.registry import FAMILIES
from solitaire import forget


def mode_name(key):
    row = FAMILIES[key[0]]
    name = row[3][key[1]]
    if len(row[4]) > 1:
        name += " (" + row[4][key[2]] + ")"
    return name


def pause(screen):
    app = screen.app
    g = app.game
    close = screen.close_box

    def ask(question, yes):
        return lambda: screen.open_box(confirm(screen, question, yes))

    def then(act):
        def run():
            close()
            act()
        return run

    return ("Paused: " + mode_name(app.gkey) + " #" + str(g.number),
            ("Resume", "Undo", "Redo", "Hint", "Restart deal", "New deal", "Rules",
             "Quit to menu"),
            (close, then(screen.undo), then(screen.redo), then(screen.hint),
             ask("Start this deal again?", app.restart),
             ask("Leave this game for a new deal?", lambda: app.start(app.gkey)),
             lambda: screen.open_box(rules(screen)),
             ask("Quit? Resume brings it back.", app.quit_to_menu)),
            close)


def confirm(screen, question, yes):
    back = lambda: screen.open_box(pause(screen))
    return (question, ("No", "Yes"), (back, yes), back)


def result(screen):
    app = screen.app
    g = app.game
    won = g.status() == WON
    head = ("You won! " if won else "No moves left. ") + "Score " + str(g.score())
    items = ["Play again", "New deal"]
    acts = [app.restart, lambda: app.start(app.gkey)]
    if not won and g.can_undo():
        items.append("Undo last move")
        acts.append(lambda: (screen.close_box(), screen.undo()))
    if app.store.saving:
        played, wins = app.store.stats(*app.gkey)[:2]
        items.append("Statistics")
        acts.append(lambda: screen.open_box(("Played " + str(played) + ", won " + str(wins),
                                             ("Back",), (lambda: screen.open_box(result(screen)),),
                                             app.quit_to_menu)))
    items.append("Menu")
    acts.append(app.quit_to_menu)
    return head, items, acts, app.quit_to_menu


def rules(screen):
    # the mode's rules in pages over the table (the rules module is loaded for this and dropped)
    from solitaire.rules import lines

    app = screen.app
    text = lines(app, app.gkey)
    forget("solitaire.rules")
    wrapped = []
    for para in text:
        wrapped.extend(screen.table.wrap(para))
    back = lambda: screen.open_box(pause(screen))
    return ("Rules: " + FAMILIES[app.gkey[0]][3][app.gkey[1]], wrapped, None, back)
