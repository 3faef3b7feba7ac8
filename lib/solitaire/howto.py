# How to play a mode, the page the options menu's and the pause box's "How to play" show: the mode's own text (solitaire.howto_<family>, loaded for the page), the rule profile's,
# what every mode of the family shares, and the control scheme of the board in use (also the
# Controls page's); and the first start's greeting (greeting()). A page of the menus before a
# game, or pages in the box over the table during one (solitaire.boxes). "Rules" in the code is
# the games' rules as the engine implements them (engine/, and the rule profiles); this is the
# player's text.
from engine.registry import FAMILIES, import_module, profile_count
from solitaire import keys as K


def lines(app, key):
    # the paragraphs of a mode's How to play page
    row = FAMILIES[key[0]]
    name = row.variants[key[1]]
    lines = []
    try:
        r = import_module("solitaire.howto_" + row.key)
        lines.append(r.MODES.get(name, ""))
        if profile_count(key[0], key[1]) > 1:
            t = r.PROFILES.get(row.profiles[key[2]], "")
            if not isinstance(t, str):  # (words that differ by mode: "" for the others)
                t = t.get(name, t[""])
            lines.append(t)
        lines.append(r.COMMON)
    except ImportError:
        lines.append("No rules text for this game.")
    lines.append("")
    lines.append("Controls:")
    lines.extend(scheme(app.controls))
    return lines


def page(app, key, back):
    from solitaire.listscreen import Text

    return Text(FAMILIES[key[0]].variants[key[1]], lines(app, key), back,
                forward(app.controls) + "/A next page  B back")


def forward(c):
    # the one button that turns a page on (DOWN, or RIGHT where DOWN is a chord: both do)
    return c.names[K.DOWN if c.present & (1 << K.DOWN) else K.RIGHT]


def box(screen, back):
    # the same over the table: paragraphs that solitaire.boxmenu wraps a page at a time
    app = screen.app
    # (titled with the mode's name alone, as the options' page is: the status line holds it at
    # 160 px beside the page count)
    return (FAMILIES[app.gkey[0]].variants[app.gkey[1]], lines(app, app.gkey), None, back)


def scheme(c):
    # the buttons by the names printed on them (c.names: solitaire/boards.py controls()); the
    # Fruit Jam's inputs say their own (the gamepad's or the keyboard's, whichever is in use)
    if hasattr(c.joystick, "scheme"):
        return c.joystick.scheme(c)
    has = lambda k: c.present & (1 << k)
    n = c.names
    lines = []
    if has(K.UP) and has(K.LEFT):
        lines.append("D-pad: move" if c.joystick is None else "Joystick: move")
        pick = "up/down"
    elif has(K.LEFT):
        lines.append("%s/%s: move" % (n[K.LEFT], n[K.RIGHT]))
        lines.append("hold B + %s/%s: up/down" % (n[K.LEFT], n[K.RIGHT]))
        pick = "%s/%s" % (n[K.LEFT], n[K.RIGHT])
    else:
        lines.append("%s/%s: move" % (n[K.UP], n[K.DOWN]))
        lines.append("hold B + %s/%s: left/right" % (n[K.UP], n[K.DOWN]))
        pick = "%s/%s" % (n[K.UP], n[K.DOWN])
    lines.append("A: pick up / drop / choose")
    lines.append("hold A or press A twice: card home")
    if c.b_long_start:
        lines.append("B (tap): cancel / undo / back")
        lines.append("hold B alone: pause menu")
    else:
        lines.append("B: cancel / undo / back")
        lines.append("%s: pause menu" % n[K.START])
    if has(K.SELECT):
        lines.append("%s: hint (again: the next one)" % n[K.SELECT])
        lines.append("hold %s + B: redo" % n[K.SELECT])
    else:
        lines.append("hold B + A: hint (A again: redo)")
    lines.append("Menus: %s pick, A chooses, B goes back" % pick)
    return lines


def greeting(app, then):
    # a first start (the save memory blank): the game says hello, which button does what and
    # where the rest is, instead of a warning (its names stay interned on a board once loaded:
    # a first start's cost alone)
    keys = []
    names = app.controls.names
    for line in scheme(app.controls):
        # the Controls page's lines a newcomer can leave for later (hints, redo, sending a card
        # home, chords), so that the greeting fits one page
        for start in ("hold A", "hold B +", "Menus") + ("hold %s" % names[K.SELECT],
                                                         names[K.SELECT]):
            if line.startswith(start):
                break
        else:
            keys.append(line)
    from solitaire.listscreen import Text

    return Text("Welcome to Solitaire", keys + ["Every button: Controls (title)",
                                                "No saved games yet."], then, "A continue")
