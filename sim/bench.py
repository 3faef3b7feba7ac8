"""`make bench`: print the project's speed and memory figures. It never fails on speed.

Each concern keeps its own figures in sim/bench_<topic>.py with a main() that prints them.
`ARGS=writes` (sim/bench_writes.py: flash writes per game in every mode, some minutes) and
`ARGS=soak` (sim/bench_soak.py: the heap over a long session, some minutes) run only when asked.
"""
import importlib
import os
import sys
import time

TOPICS = ("engine", "sim", "heap", "board")


def main(argv=None):
    only = (argv if argv is not None else sys.argv[1:]) or TOPICS
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for path in (os.path.join(repo, "lib"), repo):
        if path not in sys.path:
            sys.path.insert(0, path)
    for topic in only:
        try:
            module = importlib.import_module("sim.bench_" + topic)
        except ImportError as e:
            if e.name != "sim.bench_" + topic:
                raise
            continue
        print("== %s ==" % topic)
        start = time.perf_counter()
        module.main()
        print("   (%.1f s)" % (time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
