"""Winnable-deal tables for the device's "winnable deals only" option, and their checker.

    python -m sim.winnable make             # every family, mode and profile
    python -m sim.winnable make --game terrace --mode 2 --profile classic --want 300
    python -m sim.winnable check            # replay every stored winning line to a win

make: solves deals 1, 2, 3, ... with the thoughtful solver (sim/solver.py, no time cap, so
the verdicts and therefore the files are the same on every run, machine and interpreter: 2,000
nodes a deal, or the family's NODES if smaller, or the table's own cap in TABLE_NODES; a
best-first run after them where TABLE_BEST names one, and a beam search where TABLE_BEAMS
names one, its width by the deal's number) until `want` deals are proved winnable
or `scan` deals (600, or the table's own in TABLE_SCAN) were tried, then writes
  assets/winnable/<family>_<variant>_<profile>.bin   the deal numbers, for the device
                                                    (format: lib/solitaire/winnable.py)
  sim/data/winnable/<same name>.lines.gz            one winning line per deal, host side only:
                                                    "<deal> <move> <move> ..." (moves in hex,
                                                    engine.game.pack), gzip with no time stamp
check: every table's deals have a stored line, and every line replays through the engine to a
win (sim/solver.py replay). Exit status 1 if anything fails.
"""
import argparse
import gzip
import io
import os
import struct
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLES = os.path.join(REPO, "assets", "winnable")
LINES = os.path.join(REPO, "sim", "data", "winnable")
MAGIC = b"WN"
VERSION = 1
DEFAULT_WANT = 200
DEFAULT_SCAN = 600
# two solver runs: a win, when the solver finds one, mostly comes early (docs/notes/solver.md)
DEFAULT_NODES = 2000
# tables whose mode the solver rarely wins at 2,000 nodes get a cap of their own: General's
# Patience classic has 6 winnable deals in 600 at 2,000 nodes and 38 at 200,000, so its table
# scans 1,800 deals at 200,000 (TABLE_SCAN below): 139 deals, 46 minutes under PyPy (make
# winnable's interpreter when installed), hours under CPython
GENERALS_CLASSIC = ("terrace", 1, 0)
TABLE_NODES = {GENERALS_CLASSIC: 200000}
# the literal profile's five by-hand modes (Terrace, General's Patience, Falling Stars, Blondes
# and Brunettes, Wood): 2,000 depth-first nodes win none of their first 600 deals, a
# best-first run of 6,000 nodes after the depth-first runs about one in 150 (Falling Stars
# literal deals 1-300: 2 won, and each weighting of its rating won 1 or 2 others), so their
# tables get a best-first run and a longer scan: they stay short (docs/notes/solver.md)
LITERAL_BY_HAND = [("terrace", m, 1) for m in (0, 1, 2, 5, 6)]
TABLE_BEST = dict.fromkeys(LITERAL_BY_HAND, 6000)
# Mezclado strict: 2,000 nodes win about one deal in 106 (10 of the first 600, 200 of 21,171;
# 200,000 nodes won 17 of 1,000) at a fiftieth of a second a deal, so its table scans far enough
# to fill
TABLE_SCAN = dict.fromkeys(LITERAL_BY_HAND, 1200)
TABLE_SCAN.update({GENERALS_CLASSIC: 1800, ("cuatro_ases", 3, 1): 30000})
# Falling Stars' and Terrace's add a beam search (sim/solver.py beam()) for the deals the other
# searches leave unknown, in bands of deal numbers, (last deal, width) each: width 300 for
# deals 1-120, where on Falling Stars literal it won 6 of those 119 (best-first won 1 of the
# 120), at about 14 s a deal under PyPy. Falling Stars' adds width 50 up to deal 720: on 1-120
# it won 3 (each one width 300 won too) at under 3 s a deal, but on 121-720 only 2 of the
# deals left (174, 353; 575 s), so Terrace's goes without it. Width 300 won none of Blondes
# and Brunettes' or Wood's deals 1-120 (26 minutes each, the same bytes): no beam there.
# General's Patience literal, which no search had won in 1,200 deals (nor width 300 on any
# deal tried), gets width 30 on all of them: a screen of that beam alone on deals 51-758 won
# deal 736, the mode's first win, at about 3 s a deal; the table's run won 736 and 1137 (51
# minutes under PyPy)
TABLE_BEAMS = {("terrace", 2, 1): ((120, 300), (720, 50)), ("terrace", 0, 1): ((120, 300),),
               ("terrace", 1, 1): ((1200, 30),)}


def table_name(family, variant, profile):
    # the device's reader builds the same name (lib/solitaire/winnable.py name())
    return "%s_%d_%d.bin" % (family, variant, profile)


def width_for(numbers):
    # bytes a record needs: 2 up to 65,535, then 3, then 4
    top = max(numbers) if numbers else 1
    for w in (2, 3, 4):
        if top < 1 << (8 * w):
            return w
    raise ValueError("deal number too big: %d" % top)


def table_bytes(numbers):
    numbers = sorted(set(numbers))
    if numbers and numbers[0] < 1:
        raise ValueError("deal numbers start at 1")
    w = width_for(numbers)
    out = bytearray(MAGIC + bytes((VERSION, w)) + struct.pack("<I", len(numbers)))
    for n in numbers:
        out += n.to_bytes(w, "little")
    return bytes(out)


def read_table(path):
    # the deal numbers of a table file (host side; raises on a damaged file)
    with open(path, "rb") as f:
        data = f.read()
    if data[:3] != MAGIC + bytes((VERSION,)) or not 2 <= data[3] <= 4:
        raise ValueError("%s: not a winnable table" % path)
    w = data[3]
    n = struct.unpack("<I", data[4:8])[0]
    if len(data) != 8 + n * w:
        raise ValueError("%s: %d bytes for %d records" % (path, len(data), n))
    return [int.from_bytes(data[8 + i * w:8 + (i + 1) * w], "little") for i in range(n)]


def lines_bytes(lines):
    # {deal: [moves]} -> gzip bytes with no name and time stamp 0 (the same bytes every run)
    text = "".join("%d %s\n" % (n, " ".join("%04x" % m for m in lines[n])) for n in sorted(lines))
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as z:
        z.write(text.encode())
    return buf.getvalue()


def read_lines(path):
    with gzip.open(path, "rt") as f:
        found = {}
        for row in f:
            parts = row.split()
            if parts:
                found[int(parts[0])] = [int(m, 16) for m in parts[1:]]
    return found


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def beam_width(beams, number):
    # the width of the first band of `beams` ((last deal, width), ...) that holds the deal
    for last, width in beams:
        if number <= last:
            return width
    return 0


def make(family, variant, profile, want=DEFAULT_WANT, scan=DEFAULT_SCAN, nodes=DEFAULT_NODES,
         jobs=2, tables=TABLES, lines_dir=LINES, chunk=200, best=0, beams=()):
    """Solve deals 1.. until `want` are proved winnable (or `scan` were tried); write the table
    and the lines. best: the node cap of a best-first run for the deals the depth-first runs
    leave unknown (0: none); beams: ((last deal, width), ...), a beam search after it of the
    width of the first band that holds the deal (none past the last band, or of width 0).
    Returns (numbers, deals tried)."""
    from sim.solver import FIRST_RUN, family_plugin
    from sim.winrate import solve_deals

    # a deal counts as winnable when the solver wins it with the family's restart unit or,
    # failing that, with the solver's default one: the two schedules win different deals
    # (Terrace's unit of 300 wins more, but not every one the unit of 1,000 wins); the
    # best-first run and the beam, when there are, follow the last schedule's runs; the beam's
    # width by the deal's band (a beam of width 300 costs about 14 s a deal)
    units = [None]
    if getattr(family_plugin(family), "FIRST_RUN", FIRST_RUN) != FIRST_RUN:
        units.append(FIRST_RUN)
    won = {}
    tried = 0
    while len(won) < want and tried < scan:
        numbers = list(range(tried + 1, min(scan, tried + chunk) + 1))
        for first in units:
            numbers = [n for n in numbers if n not in won]
            runs = [(numbers, 0, 0)]
            if first == units[-1]:
                widths = [beam_width(beams, n) for n in numbers]
                runs = [([n for n, w in zip(numbers, widths) if w == width], best, width)
                        for width in sorted(set(widths))]
            for some, best_nodes, width in runs:
                if not some:
                    continue
                for number, status, line, _, _, _ in solve_deals(
                        family, variant, profile, some, nodes, None, jobs, greedy=False,
                        first=first, best=best_nodes, beam=width):
                    if status == "won":
                        won[number] = line
        tried = min(scan, tried + chunk)
    chosen = sorted(won)[:want]
    name = table_name(family, variant, profile)
    _write(os.path.join(tables, name), table_bytes(chosen))
    _write(os.path.join(lines_dir, name[:-4] + ".lines.gz"),
           lines_bytes({n: won[n] for n in chosen}))
    return chosen, tried


def check(family, variant, profile, tables=TABLES, lines_dir=LINES, sample=None):
    """Problems with one table: deals without a line, lines that do not replay to a win.
    sample: check only every sample-th deal (tests); None: every one."""
    from sim.playout import family_module
    from sim.solver import replay

    name = table_name(family, variant, profile)
    numbers = read_table(os.path.join(tables, name))
    lines = read_lines(os.path.join(lines_dir, name[:-4] + ".lines.gz"))
    game = family_module(family).Game(variant, profile)
    problems = []
    if numbers != sorted(set(numbers)):
        problems.append("%s: deal numbers not strictly increasing" % name)
    for i, n in enumerate(numbers):
        if sample and i % sample:
            continue
        if n not in lines:
            problems.append("%s: deal %d has no stored line" % (name, n))
        elif not replay(game, n, lines[n]):
            problems.append("%s: deal %d's line does not replay to a win" % (name, n))
    return problems


def tables_present(tables=TABLES):
    # (family, variant, profile) of every table file
    found = []
    for f in sorted(os.listdir(tables)) if os.path.isdir(tables) else []:
        if f.endswith(".bin"):
            family, variant, profile = f[:-4].rsplit("_", 2)
            found.append((family, int(variant), int(profile)))
    return found


def main(argv=None):
    from sim.winrate import default_nodes, rows

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=("make", "check"))
    ap.add_argument("--game", default=None, help="one family key (default: every family)")
    ap.add_argument("--mode", default=None, help="one variant, number or name")
    ap.add_argument("--profile", default=None, help="one rule profile, number or name")
    ap.add_argument("--want", type=int, default=DEFAULT_WANT, help="winnable deals a table")
    ap.add_argument("--scan", type=int, default=None,
                    help="deals tried at most (default: %d, or the table's own)" % DEFAULT_SCAN)
    ap.add_argument("--nodes", type=int, default=None,
                    help="solver node cap a deal (default: %d, or the family's NODES if "
                    "smaller)" % DEFAULT_NODES)
    ap.add_argument("--best", type=int, default=None,
                    help="best-first nodes a deal after the depth-first runs (default: none, "
                    "or the table's own)")
    ap.add_argument("--beam", type=int, default=None,
                    help="beam width a deal after the best-first run, instead of the table's "
                    "own bands (default: the table's, or none)")
    ap.add_argument("--beam-scan", type=int, default=None,
                    help="with --beam: the beam only for deals up to this one (default: all)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    if args.command == "check":
        chosen = [(k, m, p) for k, _, m, _, p, _ in rows(args.game, args.mode, args.profile)]
        chosen = [t for t in tables_present() if t in chosen]
        problems = []
        total = 0
        for family, variant, profile in chosen:
            found = check(family, variant, profile)
            total += len(read_table(os.path.join(TABLES, table_name(family, variant, profile))))
            problems += found
            print("%s: %s" % (table_name(family, variant, profile), "ok" if not found else
                              "%d problems" % len(found)), flush=True)
        for p in problems:
            print(p)
        print("%d tables, %d deals, %d problems" % (len(chosen), total, len(problems)))
        return 1 if problems else 0
    t0 = time.perf_counter()
    for key, name, m, mode_name, p, profile_name in rows(args.game, args.mode, args.profile):
        nodes = args.nodes or TABLE_NODES.get((key, m, p)) or min(DEFAULT_NODES,
                                                                   default_nodes(key))
        scan = args.scan or TABLE_SCAN.get((key, m, p), DEFAULT_SCAN)
        best = args.best if args.best is not None else TABLE_BEST.get((key, m, p), 0)
        if args.beam is not None:
            beams = ((args.beam_scan or scan, args.beam),)
        else:
            beams = TABLE_BEAMS.get((key, m, p), ())
        chosen, tried = make(key, m, p, args.want, scan, nodes, args.jobs, best=best,
                             beams=beams)
        print("%s %s %s: %d winnable deals of %d tried -> %s (%.0f s)" % (
            name, mode_name, profile_name, len(chosen), tried, table_name(key, m, p),
            time.perf_counter() - t0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
