# The statistics pages: one line per mode played, each opening its figures (played, won,
# best score, win streaks, fewest moves to a win; Solar's the most cards left in the stock at a
# win) with a reset, and a reset of them all; every reset asks first. Pages for
# solitaire.listscreen.
from engine.registry import mode_name
from solitaire.listscreen import Confirm, Menu, Text

MODULES = ("solitaire.statspage", "solitaire.store_stats")  # what its pages keep (Page.modules)


def _show(app, page):
    page.modules = MODULES
    app.show_page(page)


def stats(app):
    store = app.store
    modes = store.modes()
    if not modes:
        text = "No games played yet."
        if not store.saving:
            text += " (Saving is off: statistics are not kept.)"
        _show(app, Text("Statistics", (text,), app.title))
        return
    items = []
    acts = []
    for m in modes:
        items.append(mode_name(m))
        acts.append(lambda m=m: _show(app, _one(app, m)))
    items.append("Reset all statistics")
    acts.append(lambda: _show(app, Confirm("Statistics", "Reset the statistics of every game?",
                                           lambda: _reset(app, None), lambda: stats(app))))
    _show(app, Menu("Statistics", (), items, acts, app.title))


def _one(app, m):
    from engine.registry import FAMILIES
    from solitaire.store_stats import figures

    info = (mode_name(m),) + figures(app.store, m[0], m[1], m[2], FAMILIES[m[0]].keeps_left)
    ask = Confirm("Statistics", "Reset these statistics?", lambda: _reset(app, m),
                  lambda: _show(app, _one(app, m)))
    return Menu("Statistics", info, ("Back", "Reset these statistics"),
                 (lambda: stats(app), lambda: _show(app, ask)), lambda: stats(app))


def _reset(app, m):
    if m is None:
        app.store.reset_stats()
    else:
        app.store.reset_stats(*m)
    app.store.commit()
    stats(app)
