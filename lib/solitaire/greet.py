# A first start (the save memory blank): the game says hello, which button does what and where
# the rest is, instead of a warning. Loaded only then (its names stay interned on a board once
# loaded: a first start's cost alone), dropped with the menus.
from solitaire.howto import scheme
from solitaire.pages import Text


def page(app, then):
    keys = []
    for line in scheme(app.controls):
        # the Controls page's lines a newcomer can leave for later (hints, redo, sending a card
        # home, chords), so that the greeting fits one page
        for start in ("hold A", "hold S", "hold B +", "SELECT", "Menus"):
            if line.startswith(start):
                break
        else:
            keys.append(line)
    return Text("Welcome to Solitaire", keys + ["Every button: Controls (title)",
                                                "No saved games yet."], then, "A continue")
