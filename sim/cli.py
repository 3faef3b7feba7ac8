# Command line of the simulator: `python -m sim --board pybadge [--window | --keys ... --png F]`.
# Picks the front end: headless when given a key script or PNG output (or when stdout is not a
# terminal), a tkinter window with --window, else the terminal (or a window, if it can open,
# when the terminal is too small for the screen and --terminal was not asked for). An
# interactive launch seeds `random` afresh (a new random deal each time); a headless run keeps
# seed 1 unless told.
import argparse
import os
import random
import sys
import traceback

from sim import keyscript, profiles
from sim import settings as settings_mod


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # one line, no usage dump: scripts and tests read it
        sys.stderr.write("sim: error: %s\n" % message)
        sys.exit(2)


def _parser():
    p = _Parser(prog="python -m sim", description="Run the solitaire code.py on a PC: in a "
                "terminal (default; a column a pixel, a row for two: 160x65 for the 160x128 "
                "boards; a smaller one opens a window if it can, else shows the screen at half "
                "size), a window (--window) or headless (--keys/--png).")
    p.add_argument("--board", default="pybadge",
                   help="board profile: %s (default pybadge)" % ", ".join(profiles.PROFILES))
    p.add_argument("--code", help="program to run (default: the repo's code.py)")
    p.add_argument("--keys", help='headless key script, e.g. "RIGHT RIGHT A hold:A:800 '
                   'A+B wait:200"')
    p.add_argument("--png", help="headless: write the last frame to this PNG file")
    p.add_argument("--png-every", metavar="DIR", help="headless: write every frame to DIR")
    p.add_argument("--headless", action="store_true", help="no terminal or window")
    p.add_argument("--window", action="store_true", help="tkinter window (needs a display)")
    p.add_argument("--terminal", action="store_true", help="terminal front end")
    p.add_argument("--scale", type=int, default=3, choices=(1, 2, 3, 4, 5, 6),
                   help="window scale (default 3)")
    p.add_argument("--seed", type=_seed_arg, default=None, metavar="N|random",
                   help="random.seed before code.py: a number, or random (a new seed from the "
                   "OS); default: random in the terminal and the window, %d headless"
                   % HEADLESS_SEED)
    p.add_argument("--traceback", action="store_true",
                   help="headless: print the whole traceback of a program error, not one line")
    p.add_argument("--startup", type=int, default=keyscript.STARTUP_MS, metavar="MS",
                   help="headless: virtual ms before the first frame (default %d)"
                   % keyscript.STARTUP_MS)
    p.add_argument("--data-dir", help="where <board>.nvm is kept (default %s)"
                   % "~/.local/share/solitaire-sim")
    p.add_argument("--settings", metavar="FILE", help="settings.toml to use (default: the repo's)")
    p.add_argument("--battery", type=int, metavar="MV",
                   help="the battery's voltage board.A6 reads half of, in mV (default 3950; "
                        "PyBadge and PyGamer)")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="a settings.toml value (repeatable)")
    return p


HEADLESS_SEED = 1  # scripted runs repeat exactly


def _seed_arg(text):
    if text == "random":
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a number or 'random', not %r" % text) from None


def choose_seed(seed, headless):
    """The seed a launch uses: --seed N as given; --seed random, or no --seed on an interactive
    launch, a fresh one from the OS; no --seed headless, HEADLESS_SEED."""
    if isinstance(seed, int):
        return seed
    if seed is None and headless:
        return HEADLESS_SEED
    return random.SystemRandom().randrange(1 << 30)


def _fail(message):
    sys.stderr.write("sim: error: %s\n" % message)
    return 2


def main(argv=None):
    args = _parser().parse_args(argv)
    from sim import runner  # imports Blinka displayio: after the cheap argument checks

    if args.settings and not os.path.exists(args.settings):
        return _fail("no settings file %s" % args.settings)
    try:
        profile = profiles.get(args.board)
        overrides = dict(settings_mod.parse_assignment(a) for a in args.set)
        keyscript.parse(args.keys, profile)
        # a settings file the board can't read stops here, before any screen is drawn
        settings_mod.collect(profile, runner.REPO_ROOT, args.settings, overrides)
    except ValueError as exc:
        return _fail(str(exc))
    code = args.code or runner.DEFAULT_CODE
    if not os.path.exists(code):
        return _fail("no program to run: %s does not exist" % code)
    data_dir = args.data_dir or runner.default_data_dir()
    headless = bool(args.headless or args.keys is not None or args.png or args.png_every)
    if args.battery is not None:
        from sim import hw

        hw.BATTERY_MV = args.battery  # (every Session made from now on)
    common = dict(board=args.board, code=code, data_dir=data_dir,
                  seed=choose_seed(args.seed, headless), settings=overrides,
                  settings_file=args.settings)

    # settings warnings: a headless run prints them with its summary, the window before it
    # opens, the terminal once the terminal is given back
    from sim import window

    if not headless and args.window:
        problem = window.unavailable()
        if problem is None:
            return window.main(scale=args.scale, **common)
        sys.stderr.write("sim: no window (%s); using the terminal instead\n" % problem)
    if not headless and (args.terminal or args.window or sys.stdout.isatty()):
        if not sys.stdin.isatty() or not sys.stdout.isatty():
            return _fail("the terminal front end needs a terminal; use --keys/--png for "
                         "a headless run")
        from sim import terminal

        if not (args.terminal or args.window):
            try:
                size = os.get_terminal_size(sys.stdout.fileno())
            except OSError:
                size = None
            if size is not None:
                note = window_instead(profile, (size.columns, size.lines))
                if note:
                    sys.stderr.write("sim: %s\n" % note)
                    return window.main(scale=args.scale, **common)
        return terminal.main(**common)
    return _headless(args, common)


def window_instead(profile, size, unavailable=None):
    """When the terminal is too small for the board's screen at full size and a window can open:
    the line that says a window is used instead; else None (the terminal then shows the screen
    at half size, or says how big it must be). unavailable: sim.window.unavailable."""
    from sim import terminal

    need = terminal.needed(profile)
    if terminal.fits(size, need):
        return None
    if unavailable is None:
        from sim import window

        unavailable = window.unavailable
    if unavailable() is not None:
        return None
    return ("the terminal is %dx%d, too small for the %s screen (%dx%d needed): using a window "
            "instead (--terminal: the terminal, at half size)" % (size + (profile.name,) + need))


def warn(warnings, stream=None):
    stream = stream or sys.stderr
    for line in warnings:
        stream.write("sim: warning: %s\n" % line)


def _headless(args, common):
    from sim import runner

    r = runner.run(keys=args.keys or "", png=args.png, png_every=args.png_every,
                   startup_ms=args.startup, **common)
    warn(r.warnings)
    if r.stopped_by is not None:
        if args.traceback:
            sys.stderr.write("".join(traceback.format_exception(r.stopped_by)))
        sys.stderr.write("sim: %s\n" % r.stop_line)
        return 1
    out = []
    if args.png:
        out.append("last frame -> %s" % args.png)
    if args.png_every:
        out.append("%d frames -> %s" % (len(r.frames), args.png_every))
    if args.seed == "random":
        out.insert(0, "seed %d" % common["seed"])
    print("sim: %s %dx%d, %d steps, %d refreshes, %d virtual ms%s" % (
        r.board, r.width, r.height, len(r.frames) - 1, len(r.changed_areas), r.elapsed_ms,
        (": " + ", ".join(out)) if out else ""))
    return 0
