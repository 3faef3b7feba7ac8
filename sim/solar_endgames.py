"""Solitario Solar's endgames: how often the device's loss search decides them, and how long it takes.

    python -m sim.solar_endgames                  # the verdicts, both decks
    python -m sim.solar_endgames --check 200      # and checks 200 of each verdict on the host
    python -m sim.solar_endgames --board          # and the board's time (MicroPython, Pystone)

An endgame is the position where the stock has just run out with a rocket in the waste: there
the game asks engine/solar_search.py whether free moves can still launch it (status()), and the
table says "can't tell" when the search runs out of nodes. They are gathered by playing deals
1..N of each deck (--deals) with two policies: `random` (any legal move) and `greedy` (the
engine's hint, sim/policies_solar.py), the first such position of each deal that has one. Each
is then searched as the device does (Game._run with SEARCH_NODES, the cap status() uses), on
CPython: the same code gives the same verdicts and node counts as on the board.

--check N takes up to N positions of each verdict (spread over the list) and checks them on the
host: "no rescue" against sim/solver_solar.rescue (a plain search over every position reached;
one with too many positions for it is counted apart), "rescue" by playing the hint from the
position until a rocket leaves the waste (what a player who follows it sees).

--board times the searches under MicroPython (the npm WebAssembly build, as the tests run it)
and sim/pystone.py the same way, by the processes' CPU time (the other jobs of a shared machine
add to the clock, not to that), and scales each search to a PyBadge by pystones here / 1,521.6
(a SAMD51's figure, sim/pystone.py). It prints the mean, the slowest (each timed again alone)
and how many positions took over 0.3 s (the table then shows "Thinking...").
"""
import argparse
import array
import os
import random
import sys
import time

from engine.game import MAX_MOVES, NO_MOVE, PLAYING
from engine.solar import Game, STOCK
from engine.solar_hints import SEARCH_NODES
from engine.solar_search import CANT_TELL, NO_RESCUE, RESCUE
from sim.policies_solar import greedy_policy
from sim.pystone import SAMD51_PYSTONES

DECKS = ("40 cards", "64 cards")
POLICIES = ("random", "greedy")
NAMES = {RESCUE: "rescue", NO_RESCUE: "dead", CANT_TELL: "can't tell"}
THINK_SECONDS = 0.3


def endgames(profile, policy, deals, seed=1):
    """(deal number, snapshot) of the first position of each deal 1..deals where the stock is
    empty and a rocket is in the waste, played by `policy` ("random" or "greedy")."""
    g = Game(0, profile)
    rnd = random.Random(seed)
    buf = array.array("H", range(MAX_MOVES))
    snap = bytearray(g.SNAPSHOT_SIZE)
    found = []
    for number in range(1, deals + 1):
        g.deal(number)
        for _ in range(3000):
            if g.count(STOCK) == 0 and g.wasted and g.home != 15:
                g.save_into(snap)
                found.append((number, bytes(snap)))
                break
            if g.home == 15:
                break
            n = g.legal_moves(buf)
            if n == 0:
                break
            g.apply(buf[rnd.randrange(n)] if policy == "random" else greedy_policy(g, buf, n, rnd))
    return found


def position(g, number, snap):
    g.deal(number)
    if not g.load_from(snap):
        raise ValueError("deal %d: a snapshot the engine refuses" % number)
    return g


def verdict(g):
    # the device's search, as status() runs it: (answer, new positions reached)
    g._search = None
    answer = g._run(SEARCH_NODES, False)
    return answer, g._search.nodes


def follows_to_a_launch(g, limit=400):
    # True if the hint, played from here, launches a wasted rocket
    wasted = g.wasted
    for _ in range(limit):
        m = g.hint()
        if m == NO_MOVE or not g.apply(m):
            return False
        if g.wasted < wasted:
            return True
    return False


def check(profile, items, per_verdict, log):
    # items: (number, snap, answer); returns {verdict: [checked, agreed, too big]}
    from sim.solver_solar import rescue

    g = Game(0, profile)
    out = {}
    for answer in (RESCUE, NO_RESCUE):
        chosen = [it for it in items if it[2] == answer]
        step = max(1, len(chosen) // per_verdict) if per_verdict else 1
        chosen = chosen[::step][:per_verdict]
        ok = big = 0
        for number, snap, _ in chosen:
            position(g, number, snap)
            if answer == RESCUE:
                good = follows_to_a_launch(g)
            else:
                truth = rescue(g)
                big += truth is None
                good = truth is not True
            ok += good
            if not good:
                log("  DISAGREES: %s deal %d %s" % (DECKS[profile], number, NAMES[answer]))
        out[answer] = [len(chosen), ok, big]
    return out


# MicroPython's side of --board: the positions come in a file; "only" picks some of them and
# "repeat" searches each that many times ("repeat" 0: the setup alone, the baseline)
BOARD_SCRIPT = """
import time
from engine.solar import Game
from engine.solar_hints import SEARCH_NODES
g = Game(0, %(profile)d)
deals = []
for line in open("/endgames.txt"):
    number, data = line.split()
    deals.append((int(number), bytes(int(data[2 * i:2 * i + 2], 16) for i in range(58))))
times = []
for i in %(only)s:
    g.deal(deals[i][0])
    g.load_from(deals[i][1])
    g._run(0, False)  # the Search made (the device keeps it from the game's first search)
    t0 = time.ticks_us()
    for _ in range(%(repeat)d):
        g._run(SEARCH_NODES, False)
    times.append(time.ticks_diff(time.ticks_us(), t0))
print(" ".join(str(t) for t in times))
"""
PYSTONE_SCRIPT = "import pystone\nif %d:\n    pystone.run(%d)\n"
PYSTONES = 100000
SLOWEST = 8  # the slowest searches of the first pass, timed again one by one
REPEAT = 10
ROUNDS = 3  # and each measured so many times: the least (a busy machine only adds time)


def _cpu(source, data):
    # (CPU seconds, stdout) of a MicroPython run: the process's own time, which the other
    # jobs on a shared machine do not add to as they add to the clock
    import resource

    from sim.mpy import circuitpython_modules, run_micropython

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = run_micropython(source, dirs=("engine", "sim/pystone.py", data), timeout=3600,
                          # (this build's time.py wraps utime: sim/bench_engine.py)
                          allow=circuitpython_modules() + ["utime"])
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, out


def board_seconds(profile, items):
    """(pystones a CPU second here, each search's seconds on a PyBadge) by the board-time model:
    MicroPython's time here x (its pystones here / 1,521.6). Times are the process's CPU time,
    less that of the same run without the work (start-up, the engine's import): the clock would
    count the other jobs of a shared machine. A first pass searches every position once, in one
    run: each search's share of its CPU time goes by its clock time; then the slowest few are
    run again, each alone, REPEAT times, and their own CPU time replaces that estimate. Each of
    these measures (Pystone's too) is taken ROUNDS times and the best kept: a busy machine
    (other jobs on the same cores) only ever adds time."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "endgames.txt")
        with open(data, "w") as f:
            for number, snap, _ in items:
                f.write("%d %s\n" % (number, snap.hex()))
        every = "range(len(deals))"
        rate = 0
        for _ in range(ROUNDS):
            base = _cpu(PYSTONE_SCRIPT % (0, 0), data)[0]
            rate = max(rate, PYSTONES / (_cpu(PYSTONE_SCRIPT % (1, PYSTONES), data)[0] - base))
        base = _cpu(BOARD_SCRIPT % {"profile": profile, "only": every, "repeat": 0}, data)[0]
        cpu, out = _cpu(BOARD_SCRIPT % {"profile": profile, "only": every, "repeat": 1}, data)
        clock = [int(t) for t in out.split()]
        secs = [t * (cpu - base) / sum(clock) for t in clock]
        for i in sorted(range(len(secs)), key=lambda i: -secs[i])[:SLOWEST]:
            for r in range(ROUNDS):
                one = _cpu(BOARD_SCRIPT % {"profile": profile, "only": [i], "repeat": 0},
                           data)[0]
                again = _cpu(BOARD_SCRIPT % {"profile": profile, "only": [i],
                                             "repeat": REPEAT}, data)[0]
                t = (again - one) / REPEAT
                secs[i] = t if r == 0 else min(secs[i], t)
    return rate, [t * rate / SAMD51_PYSTONES for t in secs]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000, help="deals 1..N of each deck and policy")
    ap.add_argument("--decks", default="0,1", help="profiles: 0 (40 cards), 1 (64 cards)")
    ap.add_argument("--check", type=int, default=0, metavar="N",
                    help="check N positions of each verdict on the host")
    ap.add_argument("--board", action="store_true", help="time the searches on the board model")
    args = ap.parse_args(argv)
    total = [0, 0, 0]
    for profile in [int(p) for p in args.decks.split(",")]:
        g = Game(0, profile)
        items = []
        counts = {}
        t0 = time.perf_counter()
        for policy in POLICIES:
            for number, snap in endgames(profile, policy, args.deals):
                answer, nodes = verdict(position(g, number, snap))
                items.append((number, snap, answer))
                counts[(policy, answer)] = counts.get((policy, answer), 0) + 1
        seconds = time.perf_counter() - t0
        print("%s, deals 1..%d, search cap %d positions (%.0f s):"
              % (DECKS[profile], args.deals, SEARCH_NODES, seconds))
        for policy in POLICIES + (None,):
            row = [sum(c for (p, a), c in counts.items() if a == answer and policy in (None, p))
                   for answer in (RESCUE, NO_RESCUE, CANT_TELL)]
            n = sum(row)
            if policy is None:
                total = [a + b for a, b in zip(total, row)]
            print("  %-8s %5d endgames: rescue %5d, dead %5d, can't tell %4d (%.1f%%)"
                  % (policy or "both", n, row[0], row[1], row[2], 100.0 * row[2] / max(1, n)))
        if args.check:
            for answer, (n, ok, big) in sorted(check(profile, items, args.check, print).items()):
                extra = " (%d too big for the host's plain search: not contradicted)" % big \
                    if big else ""
                print("  checked %d %s: %d agree%s" % (n, NAMES[answer], ok - big, extra))
        if args.board:
            rate, secs = board_seconds(profile, items)
            over = sum(1 for s in secs if s > THINK_SECONDS)
            slow = sorted(range(len(secs)), key=lambda i: -secs[i])[:3]
            print("  slowest: " + ", ".join("deal %d %.2f s" % (items[i][0], secs[i]) for i in slow))
            secs.sort()
            print("  board (MicroPython at %.0f pystones a CPU second here, x%.1f): mean %.3f s, median "
                  "%.3f s, worst %.2f s; over %.1f s: %d (%.1f%%)"
                  % (rate, rate / SAMD51_PYSTONES, sum(secs) / len(secs), secs[len(secs) // 2],
                     secs[-1], THINK_SECONDS, over, 100.0 * over / len(secs)))
    n = sum(total)
    print("all decks: %d endgames, rescue %d, dead %d, can't tell %d (%.1f%%)"
          % (n, total[0], total[1], total[2], 100.0 * total[2] / max(1, n)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
