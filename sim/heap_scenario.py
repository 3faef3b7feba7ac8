"""The scenario the heap budget run plays (sim/heap_budget.py): every screen, every mode.

Each step is (label, MicroPython code run by the driver in tests/mpy/device/_drive.py). The
app is driven by its buttons (key, choose) and by its table's own move path (play: the hint's
move, as a player's drop makes it)."""
from engine.registry import FAMILIES

SETTINGS = {"SOLITAIRE_DEAL": 4242}


def _start(family, variant):
    f = FAMILIES[family]
    return [
        ("%s: new game" % f[3][variant], "_drive.choose('New game')\n_drive.choose(%r)\n"
         "_drive.choose(%r)" % (f[1], f[3][variant])),
        ("%s: start" % f[3][variant], "_drive.choose('Start game')"),
    ]


def _mode(family, variant, full):
    name = FAMILIES[family][3][variant]
    steps = _start(family, variant) + [
        ("%s: 25 moves" % name, "_drive.play(25)"),
        ("%s: 50 moves" % name, "_drive.play(25)"),
        ("%s: pause" % name, "_drive.key('START')"),
        ("%s: rules" % name, "_drive.choose('Rules')"),
        ("%s: rules page 2" % name, "_drive.key('DOWN')"),
        ("%s: back to pause" % name, "_drive.key('B')"),
        ("%s: resume" % name, "_drive.choose('Resume')"),
        ("%s: quit to menu" % name, "_drive.key('START')\n_drive.choose('Quit')\n"
         "_drive.choose('Yes')"),
    ]
    if full:
        steps += [
            ("%s: resumed" % name, "_drive.choose('Resume')"),
            ("%s: undo, redo, hint" % name, "_drive.keys('B B SELECT SELECT')\n"
             "_drive.key('START')\n_drive.choose('Redo')"),
            ("%s: played out" % name, "_drive.play_out(400)"),
            ("%s: result" % name, "_drive.advance(100)"),
            ("%s: menu" % name, "_drive.choose('Menu')"),
        ]
    return steps


def scenario(quick=False):
    steps = [
        ("boot", "from solitaire import boot\n_drive.app = boot.start()"),
        ("notice", "_drive.advance(200)"),
        ("title", "_drive.key('A')"),
        ("statistics (none)", "_drive.choose('Statistics')"),
        ("controls", "_drive.key('B')\n_drive.choose('Controls')"),
        ("title again", "_drive.key('B')"),
    ]
    for f in range(len(FAMILIES)):
        variants = (0,) if quick else range(len(FAMILIES[f][3]))
        for v in variants:
            steps += _mode(f, v, full=(v == 0))
    steps += [
        ("statistics", "_drive.choose('Statistics')"),
        ("statistics of one mode", "_drive.key('A')"),
        ("back to the title", "_drive.key('B')\n_drive.key('B')"),
        ("second game", "_drive.choose('New game')\n_drive.key('A')\n_drive.key('A')\n"
         "_drive.choose('Start game')\n_drive.play(30)"),
        ("new deal", "_drive.key('START')\n_drive.choose('New deal')\n_drive.choose('Yes')"),
        ("end", "_drive.play(10)"),
    ]
    return steps
