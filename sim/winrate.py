"""The win-rate table: for every family, mode and rule profile, solve deals 1..N with the
thoughtful solver (sim/solver.py) and play them with the greedy policy (sim/playout.py).

    python -m sim.winrate                       # every row, N = 1,000, both cores
    python -m sim.winrate --game terrace --mode 2 --profile classic --deals 100

Each row: solver wins, losses and unknowns (node cap hit), the win rate with its 95% interval
(Wilson score interval; unknown deals count as lost for the lower end and as won for the upper
end, so the interval is honest about them), the greedy policy's win rate on the same deals,
and the mean and max solve time. With --nodes alone the verdicts are the same on every run
(--seconds adds a time cap, which makes them depend on the machine).
"""
import argparse
import math
import multiprocessing
import os
import sys
import time

from engine import registry
from sim import solver as solver_mod

DEFAULT_DEALS = 1000
DEFAULT_NODES = 6000

_cache = {}  # per worker process: (game key, mode, profile) -> (game, solver, greedy policy)


def _row_tools(game_key, mode, profile):
    k = (game_key, mode, profile)
    if k not in _cache:
        from sim.playout import family_module, policies

        module = family_module(game_key)
        game = module.Game(mode, profile)
        plugin = solver_mod.family_plugin(game_key)
        _cache[k] = (game, solver_mod.Solver(game, plugin), policies(game_key)["greedy"])
    return _cache[k]


def solve_task(task):
    """One deal: (game key, mode, profile, number, nodes, seconds, greedy?, restart unit or
    None for the family's, best-first nodes, beam width) -> (number, status, line, nodes,
    seconds, greedy won or None)."""
    import random

    from sim.playout import play_deal

    game_key, mode, profile, number, nodes, seconds, greedy, first, best, beam = task
    game, solver, policy = _row_tools(game_key, mode, profile)
    game.deal(number)
    r = solver.solve(nodes, seconds, seed=number, first=first, best=best, beam=beam)
    greedy_won = None
    if greedy:
        greedy_won = play_deal(game, number, policy, random.Random(number))[0]
    return number, r.status, r.line, r.nodes, r.seconds, greedy_won


def solve_deals(game_key, mode, profile, numbers, nodes=DEFAULT_NODES, seconds=None,
                jobs=2, greedy=True, first=None, best=0, beam=0):
    """Results of solve_task for every deal number, in the order of `numbers`, using `jobs`
    processes (1: in this process). first: the restart unit (default: the family's); best:
    the node cap of a best-first run for the deals the depth-first runs leave unknown; beam:
    the width of a beam search for those the best-first run leaves unknown too, or a tuple
    of widths tried in turn."""
    tasks = [(game_key, mode, profile, n, nodes, seconds, greedy, first, best, beam)
             for n in numbers]
    if jobs <= 1:
        return [solve_task(t) for t in tasks]
    with multiprocessing.Pool(jobs) as pool:
        found = {r[0]: r for r in pool.imap_unordered(solve_task, tasks, chunksize=1)}
    return [found[n] for n in numbers]


def wilson(k, n, z=1.96):
    # the 95% Wilson score interval of a proportion k/n, as fractions
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def summary(results):
    # the table row's figures from solve_deals' results
    n = len(results)
    won = sum(1 for r in results if r[1] == solver_mod.WON_)
    lost = sum(1 for r in results if r[1] == solver_mod.LOST_)
    unknown = n - won - lost
    low = wilson(won, n)[0]
    high = wilson(won + unknown, n)[1]
    greedy = [r[5] for r in results if r[5] is not None]
    times = [r[4] for r in results]
    return {"deals": n, "won": won, "lost": lost, "unknown": unknown,
            "rate": won / n if n else 0.0, "low": low, "high": high,
            "greedy": sum(greedy) / len(greedy) if greedy else None,
            "mean_s": sum(times) / n if n else 0.0, "max_s": max(times) if times else 0.0}


HEADER = ("| family | mode | profile | deals | won | lost | unknown | win rate (95% CI) | greedy "
          "| mean s | max s | node cap |\n|---|---|---|---|---|---|---|---|---|---|---|---|")


def format_row(family, mode_name, profile_name, s):
    greedy = "-" if s["greedy"] is None else "%.1f%%" % (100 * s["greedy"])
    return "| %s | %s | %s | %d | %d | %d | %d | %.1f%% (%.1f-%.1f) | %s | %.2f | %.1f |" % (
        family, mode_name, profile_name, s["deals"], s["won"], s["lost"], s["unknown"],
        100 * s["rate"], 100 * s["low"], 100 * s["high"], greedy, s["mean_s"], s["max_s"])


def families():
    # the registered families, then engine families that have a solver module
    # (sim/solver_<key>.py) but no registry row yet
    keys = [f.key for f in registry.FAMILIES]
    here = os.path.dirname(os.path.abspath(__file__))
    for name in sorted(os.listdir(here)):
        if name.startswith("solver_") and name.endswith(".py"):
            key = name[7:-3]
            if key not in keys and os.path.exists(os.path.join(here, "..", "engine", key + ".py")):
                keys.append(key)
    return keys


def profile_count(module, key, mode):
    # how many rule profiles a variant offers: the registry's row, else the module's own table
    if any(f.key == key for f in registry.FAMILIES):
        return registry.profile_count(registry.find(key), mode)
    counts = getattr(module, "PROFILE_COUNT", None)
    return counts[mode] if counts else len(module.PROFILES)


def default_nodes(key):
    # the family's node cap for the tables (its solver module's NODES), else DEFAULT_NODES
    return getattr(solver_mod.family_plugin(key), "NODES", DEFAULT_NODES)


def rows(game=None, mode=None, profile=None):
    # (family key, family name, mode, mode name, profile, profile name) to run
    from sim.playout import _index, family_module

    found = []
    for key in families() if game is None else [game]:
        module = family_module(key)
        name = registry.row(key).name if any(f.key == key for f in registry.FAMILIES) else \
            getattr(module, "VARIANTS", (key,))[0]
        modes = range(len(module.VARIANTS)) if mode is None else [
            _index(mode, module.VARIANTS, "mode")]
        for m in modes:
            profiles = range(profile_count(module, key, m)) if profile is None else [
                _index(profile, module.PROFILES, "profile")]
            for p in profiles:
                found.append((key, name, m, module.VARIANTS[m], p, module.PROFILES[p]))
    return found


def widths(text):
    # --beam 300 or --beam 300,5000
    return tuple(int(w) for w in text.split(","))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default=None, help="one family key (default: every family)")
    ap.add_argument("--mode", default=None, help="one variant, number or name")
    ap.add_argument("--profile", default=None, help="one rule profile, number or name")
    ap.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals 1..N")
    ap.add_argument("--start", type=int, default=1, help="first deal number")
    ap.add_argument("--only", default=None,
                    help="comma-separated deal numbers to solve instead (e.g. a row's unknown "
                         "deals again with a bigger cap)")
    ap.add_argument("--nodes", type=int, default=None,
                    help="node cap a deal (default: the family's NODES, else %d)" % DEFAULT_NODES)
    ap.add_argument("--best", type=int, default=0,
                    help="node cap of a best-first run for a deal the depth-first runs leave "
                         "unknown (default 0: none)")
    ap.add_argument("--beam", type=widths, default=(),
                    help="width of a beam search for a deal the other searches leave unknown, "
                         "or widths in turn, comma-separated (default: none)")
    ap.add_argument("--seconds", type=float, default=None, help="time cap per deal")
    ap.add_argument("--jobs", type=int, default=2, help="processes (default: both cores)")
    ap.add_argument("--no-greedy", action="store_true", help="skip the greedy column")
    args = ap.parse_args(argv)
    numbers = list(range(args.start, args.start + args.deals))
    if args.only:
        numbers = [int(n) for n in args.only.split(",")]
    t0 = time.perf_counter()
    print(HEADER, flush=True)
    for key, name, m, mode_name, p, profile_name in rows(args.game, args.mode, args.profile):
        nodes = args.nodes or default_nodes(key)
        results = solve_deals(key, m, p, numbers, nodes, args.seconds, args.jobs,
                              not args.no_greedy, best=args.best, beam=args.beam)
        cap = "%d" % nodes + (" + %d best-first" % args.best if args.best else "") + (
            " + beam " + ", ".join("%d" % w for w in args.beam) if args.beam else "") + " |"
        print(format_row(name, mode_name, profile_name, summary(results)) + " " + cap,
              flush=True)
        unknown = [r[0] for r in results if r[1] == solver_mod.UNKNOWN]
        if unknown:
            # the deals to try again with a bigger cap (--only takes this list)
            print("  unknown: " + ",".join(str(n) for n in unknown), flush=True)
    print("\n%s%s, %d jobs: %.0f s" % (
        "deals " + args.only if args.only else "%d deals a row from %d" % (args.deals, args.start),
        "" if args.seconds is None else ", time cap %g s" % args.seconds, args.jobs,
        time.perf_counter() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
