"""`make bench ARGS=calibrate`: the board-time model beside the real core's figures.

    python -m sim.bench_calibrate             # the quick session, each figure the least of 3 runs
    python -m sim.bench_calibrate --repeat 1  # one run (what the test suite runs)
    python -m sim.bench_calibrate --fit       # fit the coefficients again and print them

Runs the quick session as `make bench ARGS=board` does (sim/bench_board.py: the app as shipped,
under real MicroPython, every step timed and its C work counted), turns each record into seconds
on a PyBadge with the calibrated model (sim/board_model.py), and prints every row of the
calibration data (sim/data/board_calibration.py: the same session timed on a real CircuitPython
10.3 core) beside the model's figure, their ratio, and the rows outside +-25%. Then the names a
board interns for the app and the heap they take (sim/board_names.py). Nothing is asserted: the
machine is noisy; the command prints.
"""
import argparse
import sys


def measure(repeat=3, commit=None):
    """(features of every record, the names, pystones) for the quick session run on the code
    of `commit` (the calibration data's: the code the core ran) with today's model."""
    from sim import bench_board, board_model
    from sim.data import board_calibration

    commit = commit or board_calibration.COMMIT
    if not _have(commit):  # (a shallow clone): today's code, said
        print("calibrate: commit %s is not in this clone: the model runs on today's code, "
              "which the core did not run (clone the whole history to compare like with like)"
              % commit)
        commit = None
    # (the session plays the families the core's registry had; today's code, in a shallow
    # clone, plays them too, so that the rows line up with the core's)
    stones, records = bench_board.repeated(max(1, repeat), quick=True, commit=commit,
                                           families=board_calibration.FAMILIES)
    pools = bench_board.pools_for(commit=commit)
    return board_model.features(records, pools, stones), pools, stones


def _have(commit):
    import subprocess

    from sim.heap_budget import REPO

    return subprocess.run(["git", "-C", REPO, "cat-file", "-e", commit + "^{commit}"],
                          capture_output=True).returncode == 0


def main(argv=()):
    from sim import board_model, board_names
    from sim.data import board_calibration

    ap = argparse.ArgumentParser(prog="python -m sim.bench_calibrate",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, metavar="N",
                    help="runs of the session, each figure the least (default 3)")
    ap.add_argument("--fit", action="store_true", help="fit the coefficients again")
    args = ap.parse_args(list(argv))
    feats, pools, stones = measure(args.repeat)
    coef = None
    if args.fit:
        coef = board_model.fit(feats)
        print("fitted coefficients (s on a PyBadge per unit):")
        for k in board_model.FEATURES:
            print("    %r: %.6g," % (k, coef[k]))
    print("board-time model against the real CircuitPython 10.3 core (quick session; "
          "MicroPython here %.0f pystones/s, a PyBadge %.1f)" % (stones, board_model.SAMD51_PYSTONES))
    lines, misses = board_model.comparison(feats, coef)
    print("\n".join(lines))
    n = pools.count()
    print("names the app interns on a PyBadge (the shipped .mpy files' names the firmware lacks, "
          "and what each import adds): %d in this quick session (the core counted %d in the "
          "full one, and a PyBadge was estimated at %d); their pools %.1f KB"
          % (n, board_calibration.CORE_NAMES, board_calibration.BOARD_NAMES,
             board_names.pool_bytes(n) / 1024.0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
