# "Can I still win?" from the pause box: a family whose engine can search its own position on
# the board within a fixed table and node budget answers through still_winnable() (1 yes,
# 0 no, -1 can't tell); otherwise the mode's table of deals the solver won answers for the
# deal from its start (assets/winnable/). Loaded for the question, dropped after, with the
# engine's search module (engine.<family>_search) if the question loaded it.
from solitaire import ASSETS, forget

# a deal outside the mode's table: why there is no answer, and where answered deals come from
UNKNOWN = ("Can't tell: only deals the solver won are known here. "
           "For those, choose Deal: random winnable.")


def answer(app):
    g = app.game
    search = getattr(g, "still_winnable", None)
    if search is not None:
        r = search()
        app.rest()  # a box is open over the table: the search's buffers go too (Solar)
        forget("engine." + app.family_key + "_search")
        if r > 0:
            return "Yes: a way to win is still open."
        if r == 0:
            return "No: this game can't be won any more."
        return "Can't tell: too many ways to try."
    from solitaire import winnable

    k = app.gkey
    won = winnable.contains(winnable.path(ASSETS, app.family_key, k[1], k[2]), g.number)
    forget("solitaire.winnable")
    if not won:
        return UNKNOWN
    if g.moves == 0:
        return "Yes: the solver won this deal."
    return "The solver won this deal from its start. From here: can't tell."
