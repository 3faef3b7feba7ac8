"""Play N deals of a game and mode with a named policy; print win rate, mean score, moves/s.

    python -m sim.playout --game terrace --mode 0 --profile classic --policy greedy --deals 300

Policies use only the engine interface (legal_moves, hint, pile_kind), never a game's rules:
  random  a uniformly random legal move
  greedy  a move to a foundation if there is one (the first listed), else the hint
A family may add or replace policies in sim/policies_<family key>.py: a dict POLICIES of
name -> function(game, buf, n, rnd) returning one of the n legal moves in buf. --game takes a
registered family key or the name of an engine module not yet registered (engine/<name>.py).
A deal ends when status() is no longer PLAYING, or after --max-moves moves (random play can
shuttle cards forever; such a deal counts as not won).
"""
import argparse
import array
import random
import sys
import time

from engine import registry
from engine.game import KIND_FOUNDATION, MAX_MOVES, NO_MOVE, PLAYING, WON, move_dst


def random_policy(game, buf, n, rnd):
    return buf[rnd.randrange(n)]


def greedy_policy(game, buf, n, rnd):
    for i in range(n):
        if game.pile_kind(move_dst(buf[i])) == KIND_FOUNDATION:
            return buf[i]
    m = game.hint()
    return buf[0] if m == NO_MOVE else m


POLICIES = {"random": random_policy, "greedy": greedy_policy}


def play_deal(game, number, policy, rnd, max_moves=2000):
    # returns (won, score, moves played)
    buf = array.array("H", range(MAX_MOVES))
    game.deal(number)
    played = 0
    while played < max_moves and game.status() == PLAYING:
        n = game.legal_moves(buf)
        if n == 0:
            break
        game.apply(policy(game, buf, n, rnd))
        played += 1
    return game.status() == WON, game.score(), played


def family_module(game_key):
    # a registered family, or an engine module of that name that is not registered yet
    if any(f.key == game_key for f in registry.FAMILIES):
        return registry.load(game_key)
    return registry.import_module("engine." + game_key)


def policies(game_key):
    # the generic policies, plus (or overridden by) the family's own
    found = dict(POLICIES)
    try:
        extra = registry.import_module("sim.policies_" + game_key)
    except ImportError:
        return found
    found.update(extra.POLICIES)
    return found


def playout(game_key, mode, profile, policy_name, deals, start=1, seed=1, max_moves=2000,
            options=0):
    module = family_module(game_key)
    game = module.Game(mode, profile, options)
    policy = policies(game_key)[policy_name]
    rnd = random.Random(seed)
    wins = score = moves = 0
    t0 = time.perf_counter()
    for number in range(start, start + deals):
        won, s, played = play_deal(game, number, policy, rnd, max_moves)
        wins += won
        score += s
        moves += played
    seconds = time.perf_counter() - t0
    return {"module": module, "wins": wins, "deals": deals, "mean_score": score / deals,
            "moves": moves, "seconds": seconds}


def _index(value, names, what):
    # a mode or profile by number or by (case-insensitive) name
    if value.isdigit() and int(value) < len(names):
        return int(value)
    lowered = [n.lower() for n in names]
    if value.lower() in lowered:
        return lowered.index(value.lower())
    raise SystemExit("unknown %s %r; choose from: %s" % (what, value, ", ".join(names)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default=registry.FAMILIES[0].key,
                    help="family key: " + ", ".join(row.key for row in registry.FAMILIES))
    ap.add_argument("--mode", default="0", help="variant number or name")
    ap.add_argument("--profile", default="0", help="rule profile number or name")
    ap.add_argument("--policy", default="greedy", help="random, greedy or a family's own")
    ap.add_argument("--options", type=int, default=0, help="engine options bits (Game(options=))")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--start", type=int, default=1, help="first deal number")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random policy")
    ap.add_argument("--max-moves", type=int, default=2000)
    args = ap.parse_args(argv)
    try:
        module = family_module(args.game)
    except ImportError:
        raise SystemExit("unknown game %r" % args.game)
    if args.policy not in policies(args.game):
        raise SystemExit("unknown policy %r; choose from: %s" % (
            args.policy, ", ".join(sorted(policies(args.game)))))
    mode = _index(args.mode, module.VARIANTS, "mode")
    profile = _index(args.profile, module.PROFILES, "profile")
    r = playout(args.game, mode, profile, args.policy, args.deals, args.start, args.seed,
                args.max_moves, args.options)
    from engine.registry import find, mode_name

    # the mode named as the app names it: "Mezclado", "Mezclado (strict)", "Solitario Solar (64
    # cards)" (issue 25 4e)
    name = mode_name((find(args.game), mode, profile))
    print("%s, %s policy, deals %d..%d" % (name, args.policy, args.start,
                                          args.start + args.deals - 1))
    print("won %d of %d (%.1f%%), mean score %.1f, %d moves, %.0f moves/s" % (
        r["wins"], r["deals"], 100.0 * r["wins"] / r["deals"], r["mean_score"], r["moves"],
        r["moves"] / max(r["seconds"], 1e-9)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
