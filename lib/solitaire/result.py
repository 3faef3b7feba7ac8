# The end of a game: counted as it ends, then its result in a box over the final table
# (solitaire.boxmenu): won or lost (a lost deal the solver won says so), the score (Solar: and
# the cards left in the stock at a win), play the deal again, a new deal, undo the last move of
# a lost game (a win later adds the win, not a second game), the mode's statistics, the menu.
from engine.game import WON
from solitaire.boxmenu import close_box, open_box

_OWN = ("solitaire.result",)  # what its boxes keep loaded (their actions are this module's)


def _winnable(app):
    # the deal is in its mode's table of deals the solver won (assets/winnable/)
    from solitaire import ASSETS, winnable

    k = app.gkey
    return winnable.contains(winnable.path(ASSETS, app.family_key, k[1], k[2]), app.game.number)


def count(app):
    # the game has just ended: counted (once: a loss taken back and won later adds the win, not
    # a second game; docs/saves.md), with its save cleared, in one write made before anything
    # of the end shows ("You won!", the celebration, the result): a power cut then never brings
    # the finished game back to resume nor loses its result. Its finished position is never
    # saved (solitaire/app.py save())
    from engine.registry import FAMILIES

    g = app.game
    k = app.gkey
    st = app.store
    st.count_result(k[0], k[1], k[2], app.game_id, g.status() == WON, g.score(), g.moves,
                    g.count(g.stock) if FAMILIES[k[0]].keeps_left else 0)
    app.counted = True
    app.saved_version = g.version
    st.clear_save()
    st.commit()


def over(app):
    # the result, the game counted when it ended (count()); the engine's search goes
    app.rest()
    open_box(app.screen, result(app.screen), _OWN)


def _figures(app, left):
    from solitaire.store_stats import figures

    k = app.gkey
    return (app.mode_title,) + figures(app.store, k[0], k[1], k[2], left)


def result(screen):
    from engine.registry import FAMILIES

    app = screen.app
    g = app.game
    won = g.status() == WON
    left = FAMILIES[app.gkey[0]].keeps_left
    # (whole templates: a board interns every string of ten characters or fewer as a name)
    if won:
        head = "You won! Score %d" % g.score()
        if left:
            head = "%s, %d cards left" % (head, g.count(g.stock))
    else:  # a resigned game (Solar) says so; a lost deal the solver won says that too
        resigned = getattr(g, "resigned", False)
        if _winnable(app):
            head = "You resigned, yet winnable" if resigned else "Lost, yet winnable"
        else:
            head = "You resigned" if resigned else "No moves left"
        head = "%s. Score %d" % (head, g.score())
    # the deal's number where its replay is offered: a random deal is named nowhere else
    items = ["Play deal #%d again" % g.number, "New deal"]
    acts = [app.restart, lambda: app.start(app.gkey)]
    if not won and g.can_undo():
        items.append("Undo last move")
        acts.append(lambda: (close_box(screen), screen.undo()))
    if app.store.saving:
        # the mode's figures as the Statistics page shows them (solitaire/store_stats.py), in
        # the text box over the table: A or B goes back to this box
        items.append("Statistics")
        back = lambda: open_box(screen, result(screen), _OWN)
        acts.append(lambda: open_box(screen, ("Statistics", _figures(app, left), None, back),
                                     _OWN))
    items.append("Menu")
    acts.append(app.quit_to_menu)
    # (the statistics' code and the registry it read leave RAM when the box opens: open_box)
    return head, items, acts, app.quit_to_menu
