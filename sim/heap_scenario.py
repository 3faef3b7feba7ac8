"""The scenarios the heap budget run plays (sim/heap_budget.py).

scenario(): every screen, every mode of every family and each family's other rule profile
(chosen on the options page as a player does), "Can I still win?" from the pause box in every
family, a game dealt with "Deal: random winnable", the screen dimmed, dark and woken on a
table (the battery monitor read on the way). switches(): games of the three families
started and quit over and over, to see that the heap does not fragment.

Each step is (label, MicroPython code run by the driver in sim/mpy/device/_drive.py). The
app is driven by its buttons (key, choose) and by its table's own move path (play: the hint's
move, as a player's drop makes it). MicroPython's random is seeded at boot (SEED, or
`python -m sim.heap_budget --seed N`): the first deal is SOLITAIRE_DEAL, the later ones random,
and unseeded they would move the figures from run to run (docs/notes/solar.md)."""
from engine.registry import FAMILIES, mode_name, profile_count

# battery care (docs/playing.md) shorter than its defaults, longer than any stretch of
# the scenario without a key (the longest: a game played out, ~9 s)
SETTINGS = {"SOLITAIRE_DEAL": 4242, "SOLITAIRE_DIM": 20, "SOLITAIRE_SLEEP": 40}
SEED = 1
SWITCHES = 50  # games started and quit by switches()
# (family, variant, profile) of the runs with a family's other rule profile; the Terrace one is
# dealt from its mode's winnable table (Signora literal has one: assets/winnable/), and the
# next game (the first of 4 Ases) turns the option off again: random deals are the default.
# The first three families' runs are chosen; a later family's is its first mode with a second
# profile, in that profile
_CHOSEN = ((0, 3, 1), (1, 3, 1), (2, 0, 1))
PROFILE_RUNS = _CHOSEN + tuple(
    (f, [v for v in range(len(FAMILIES[f].variants)) if profile_count(f, v) > 1][0], 1)
    for f in range(len(_CHOSEN), len(FAMILIES))
    if any(profile_count(f, v) > 1 for v in range(len(FAMILIES[f].variants))))
WINNABLE_RUN = (0, 3, 1)
WINNABLE_OFF = (1, 0, 0)
WON_DEAL = 1  # Solitario 4 Ases: its hints win this deal (tests/test_motion.py)
# the quick session's Solar deal: one its hint neither wins nor loses within the 50 moves the
# session plays before the pause box (a random one may end first: the hint wins half of them)
QUICK_SOLAR_DEAL = 5
# the deals of the modes the session quits, resumes and plays out: games the hints do not end
# within the 50 moves before the quit (Solitario 4 Ases deal 2: 157 moves, Solar deal 5: 88).
# A game that ended is counted as it ends and never offered to resume (issue 36); the random
# deals the seed drew ended first (4 Ases 529737883 in 50 moves), and the session then found
# no Resume. Terrace's random deal lasts
FULL_DEALS = {"cuatro_ases": 2, "solar": QUICK_SOLAR_DEAL}

_QUIT = "_drive.key('START')\n_drive.choose('Quit')\n_drive.choose('Yes')"


def _boot(seed):
    return [
        ("boot", "__import__('random').seed(%d)\nfrom solitaire import boot\n"
                 "_drive.app = boot.start()" % seed),
        ("notice", "_drive.advance(200)"),
        ("title", "_drive.key('A')"),
    ]


def mode_label(family, variant, profile=0):
    # a step's label starts with this: the mode's name, as the app names it
    return mode_name((family, variant, profile))


def _new_game(family, variant, profile=0, winnable=False):
    # from the title to the mode's options page, as a player: A on "Rules:" goes to the next
    # profile (the family's first is the one the options page shows when the run comes here);
    # RIGHT on "Deal:" switches the random deal between any deal and the winnable table's
    row = FAMILIES[family]
    code = "_drive.choose('New game')\n_drive.choose(%r)\n_drive.choose(%r)\n" % (
        row.name, row.variants[variant])
    code += "_drive.choose('Rules:')\n" * profile
    if winnable:
        code += "_drive.select('Deal:')\n_drive.key('RIGHT')\n"
    return code + "_drive.shown()"


_LIGHT = ("_drive.note('lit', _drive.app.lit)\n_drive.note('cursor', _drive.app.screen.cursor)\n"
          "_drive.note('saved', _drive.app.saved_version == _drive.app.game.version)")


def _care(name):
    # on the table: the backlight dims, the screen goes dark (the game saved first), a key wakes
    # it (and does nothing else)
    return [
        ("%s: dimmed" % name, "_drive.advance(20500)\n" + _LIGHT),
        ("%s: dark" % name, "_drive.advance(20000)\n" + _LIGHT),
        ("%s: woken" % name, "_drive.key('RIGHT')\n" + _LIGHT),
    ]


def _mode(family, variant, full, profile=0, winnable=False, odds=False, care=False, deal=0):
    name = mode_label(family, variant, profile)
    steps = [
        ("%s: new game" % name, _new_game(family, variant, profile, winnable)),
        ("%s: start" % name, ("_drive.app.first_deal = %d\n" % deal if deal else "")
         + "_drive.choose('Start game')\n_drive.shown()"),
        ("%s: 25 moves" % name, "_drive.play(25)"),
        ("%s: 50 moves" % name, "_drive.play(25)"),
    ] + (_care(name) if care else []) + [
        ("%s: pause" % name, "_drive.key('START')"),
        ("%s: how to play" % name, "_drive.choose('How to play')"),
        ("%s: how to play page 2" % name, "_drive.key('DOWN')"),
        ("%s: back to pause" % name, "_drive.key('B')"),
        ("%s: resume" % name, "_drive.choose('Resume')"),
    ]
    if odds:  # the family's search on the device, or its winnable table (solitaire.winnable answer())
        steps.append(("%s: can I still win?" % name,
                      "_drive.key('START')\n_drive.choose('Can I still win?')\n_drive.shown()"))
    steps.append(("%s: quit to menu" % name, _QUIT))
    if full:
        steps += [
            ("%s: resumed" % name, "_drive.choose('Resume')\n_drive.shown()"),
            ("%s: undo, redo, hint" % name, "_drive.keys('B B SELECT SELECT')\n"
             "_drive.key('START')\n_drive.choose('Redo')"),
            ("%s: played out" % name, "_drive.play_out(400)"),
            ("%s: result" % name, "_drive.advance(100)\n_drive.shown()"),
            ("%s: menu" % name, "_drive.choose('Menu')"),
        ]
    return steps


def scenario(quick=False, seed=SEED, families=None):
    # families: play only the registry's first ones (the board-time calibration runs the code a
    # real core ran, sim/bench_calibrate.py, whose registry had three)
    families = len(FAMILIES) if families is None else families
    steps = _boot(seed) + [
        ("statistics (none)", "_drive.choose('Statistics')"),
        ("controls", "_drive.key('B')\n_drive.choose('Controls')"),
        ("title again", "_drive.key('B')"),
    ]
    for f in range(families):
        variants = (0,) if quick else range(len(FAMILIES[f].variants))
        for v in variants:
            steps += _mode(f, v, full=(v == 0), odds=(v == 0),
                           winnable=(f, v, 0) == WINNABLE_OFF and not quick, care=(f, v) == (0, 0),
                           deal=FULL_DEALS.get(FAMILIES[f].key, 0) if v == 0 else 0)
        for run in PROFILE_RUNS:
            if run[0] == f and not quick:
                steps += _mode(f, run[1], False, run[2], run == WINNABLE_RUN, odds=True)
    steps += [
        ("statistics", "_drive.choose('Statistics')"),
        ("statistics of one mode", "_drive.key('A')"),
        ("back to the title", "_drive.key('B')\n_drive.key('B')"),
        ("second game", "_drive.choose('New game')\n_drive.key('A')\n_drive.key('A')\n"
         "_drive.choose('Start game')\n_drive.play(30)\n_drive.shown()"),
        ("new deal", "_drive.key('START')\n_drive.choose('New deal')\n_drive.choose('Yes')\n"
         "_drive.shown()"),
        # a won game (Solitario 4 Ases deal 1, which its hints win), its cards sliding, then
        # the celebration (issue 27: the budget plays with motion and the celebration on)
        ("a won game", "_drive.app.start((1, 0, 0), %d)\n_drive.shown()\n_drive.play(400)"
         % WON_DEAL),
        ("the celebration", "_drive.advance(300)"),
        ("the result, at a key", "_drive.key('LEFT')"),
        ("end", "_drive.choose('New deal')\n_drive.play(10)"),
    ]
    return steps


def switch_label(i):
    # the label of switch i's first step (it starts a game from the title; its figure is the
    # title after switch i - 1)
    f = i % len(FAMILIES)
    return "switch %d: %s" % (i + 1, mode_name((f, (i // len(FAMILIES)) % len(FAMILIES[f].variants), 0)))


def switches(n=SWITCHES, seed=SEED):
    # n games started from the title and quit back to it, the families in turn (each time
    # another mode), a few moves each: the title's figures must not creep
    steps = _boot(seed)
    for i in range(n):
        f = i % len(FAMILIES)
        row = FAMILIES[f]
        mode = row.variants[(i // len(FAMILIES)) % len(row.variants)]
        steps += [
            (switch_label(i), "_drive.choose('New game')\n_drive.choose(%r)\n_drive.choose(%r)\n"
             "_drive.choose('Start game')\n_drive.play(3)\n_drive.shown()" % (row.name, mode)),
            ("switch %d: quit" % (i + 1), _QUIT),
        ]
    steps.append(("after the switches", "_drive.shown()"))
    return steps


# ---- the long session (issue 36 item 4): every family played to its result, menus between ----
# A round plays each family once (the next mode of it each round), as a player's session goes:
# a game, the pause box, How to play, "Can I still win?", quit, resume, undo, redo and a hint,
# played out to its result, Menu; then the statistics and the controls pages. The title after
# each round is measured (soak_title) and must not grow from round to round, nor any step pass
# the budget (tests/test_heap_budget.py, after the switching run; `python -m sim.heap_budget
# --soak N` or `make bench ARGS=soak` for a longer one). The deals are random (MicroPython's
# random, seeded at boot), so the rounds differ as a player's games do
SOAK_ROUNDS = 3  # rounds the heap test plays after its 50 switches
BENCH_ROUNDS = 20  # rounds `make bench ARGS=soak` plays
SOAK_MOVES = 12  # moves before the pause box: few, so a random deal rarely ends before it

# A random deal may still end before the pause box: the pause step notes whether the game is
# on (_drive.going), the steps up to the quit act only then, and a game that ended is taken to
# its result and the menu there, and a new game of the mode is started where Resume would be
# (a finished game is never offered to resume)
_ON = "if _drive.going:\n"
# to the result box: a key pressed while the last cards slide is not taken as the answer to
# "You won! Press A." (issue 36 item 5), and with Motion on a win is celebrated first
_TO_RESULT = ("for _i in range(5):\n    _drive.advance(300)\n    if 'Menu' in _drive.items():\n"
              "        break\n    _drive.key('A')\n_drive.shown()")


def _indent(code):
    return "".join("    " + line + "\n" for line in code.splitlines())


def soak_label(r, what):
    return "round %d: %s" % (r + 1, what)


def soak_title(r):
    # the step measured at the title after round r's games (a step's figure is taken at its
    # start); it opens the statistics
    return soak_label(r, "title")


def soak_mapped(label):
    # the steps of a run with the long session that get heap maps (sim/heap_budget.py script):
    # all but the long session's, whose screens the scripted session maps already, and its
    # titles (their largest free block)
    return not label.startswith("round ") or label.endswith(": title")


def _soak_game(r, f):
    row = FAMILIES[f]
    v = r % len(row.variants)
    name = soak_label(r, row.variants[v])
    start = _new_game(f, v) + "\n_drive.choose('Start game')\n"
    return [
        ("%s: start" % name, start + "_drive.shown()"),
        ("%s: moves" % name, "_drive.play(%d)" % SOAK_MOVES),
        ("%s: pause" % name, "_drive.going = not _drive.app.screen.over\n" + _ON
         + _indent("_drive.key('START')")),
        ("%s: how to play" % name, _ON + _indent("_drive.choose('How to play')")),
        ("%s: how to play page 2" % name, _ON + _indent("_drive.key('DOWN')")),
        ("%s: can I still win?" % name, _ON + _indent(
            "_drive.key('B')\n_drive.choose('Can I still win?')\n_drive.shown()")),
        ("%s: quit" % name, _ON + _indent(_QUIT) + "else:\n"
         + _indent(_TO_RESULT + "\n_drive.choose('Menu')")),
        ("%s: resumed" % name, _ON + _indent("_drive.choose('Resume')") + "else:\n"
         + _indent(start) + "_drive.shown()"),
        ("%s: undo, redo, hint" % name, "_drive.keys('B B SELECT SELECT')\n"
         "_drive.key('START')\n_drive.choose('Redo')"),
        ("%s: played out" % name, "_drive.play_out(400)"),
        ("%s: result" % name, _TO_RESULT),
        ("%s: menu" % name, "_drive.choose('Menu')"),
    ]


def soak(rounds=SOAK_ROUNDS, seed=SEED, boot=True):
    """The long session: rounds of every family played to its result, the statistics and
    controls pages between; step soak_title(r) is measured at the title after round r.
    boot=False: the steps alone, to follow a run that ends at the title (switches())."""
    steps = _boot(seed) if boot else []
    for r in range(rounds):
        for f in range(len(FAMILIES)):
            steps += _soak_game(r, f)
        steps += [  # (each step is measured at its start: this one at the title)
            (soak_title(r), "_drive.choose('Statistics')\n_drive.key('A')"),
            (soak_label(r, "statistics"), "_drive.key('B')\n_drive.key('B')\n"
             "_drive.choose('Controls')"),
            (soak_label(r, "controls"), "_drive.key('B')\n_drive.shown()"),
        ]
    return steps
