# The control scheme of the board in use, as lines for the Controls page and the rules pages.
from solitaire import keys as K


def scheme(c):
    has = lambda k: c.present & (1 << k)
    # a button labelled otherwise than its key (PicoSystem: "Y (START)"): solitaire/pinboards.py
    labels = getattr(c, "labels", None) or {}
    start = labels.get(K.START, "START")
    select = labels.get(K.SELECT, "SELECT")
    lines = []
    if has(K.UP) and has(K.LEFT):
        lines.append("D-pad: move" if c.joystick is None else "Joystick: move")
    elif has(K.LEFT):
        lines.append("LEFT/RIGHT: move")
        lines.append("hold B + LEFT/RIGHT: up/down")
    else:
        lines.append("UP/DOWN: move")
        lines.append("hold B + UP/DOWN: left/right")
    lines.append("A: pick up / drop / choose")
    lines.append("hold A or press A twice: card home")
    if c.b_long_start:
        lines.append("B (tap): cancel / undo / back")
        lines.append("hold B alone: pause menu")
    else:
        lines.append("B: cancel / undo / back")
        lines.append("%s: pause menu" % start)
    if has(K.SELECT):
        lines.append("%s: hint (again: the next one)" % select)
        lines.append("hold %s + B: redo" % select)
    else:
        lines.append("hold B + A: hint (A again: redo)")
    lines.append("Menus: up/down pick, A chooses, B goes back")
    return lines
