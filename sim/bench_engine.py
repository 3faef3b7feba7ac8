# Engine figures for `make bench` (sim/bench.py calls main()). Prints; never fails on speed.
#   - live heap of a Terrace game state under MicroPython (goal <= 2 KB)
#   - heap cost of importing the engine for one game under MicroPython (goal <= 24 KB as .py)
#   - legal-move listing + apply + undo, time per move (median), CPython and MicroPython
#   - greedy playouts per second on CPython
# MicroPython here is the WebAssembly build run by Node on this PC: its times are for comparing
# commits, not a prediction of the device (a SAMD51 is much slower).
import statistics
import time

from engine.terrace import Game, VARIANTS
from sim.move_timing import move_times_us
from sim.playout import playout

# each position of the per-move timing (sim/move_timing.py) is timed over REPEAT rounds
REPEAT = 10
_MICROPYTHON = """
REPEAT = %d
import gc, time, alloc
gc.collect()
before = gc.mem_alloc()
from engine.terrace import Game, VARIANTS
gc.collect()
print("import", gc.mem_alloc() - before)
for v in range(len(VARIANTS)):
    def make():
        g = Game(v, 0)
        g.deal(9)
        return g
    print("state", v, alloc.heap_cost(make))
from move_timing import move_times_us
times = move_times_us(Game, len(VARIANTS), time.ticks_us,
                      lambda t0: time.ticks_diff(time.ticks_us(), t0), REPEAT)
print("move_us", int(times[len(times) // 2]), len(times))
""" % REPEAT


def micropython_figures():
    from sim.mpy import circuitpython_modules, run_micropython

    # this build's time.py wraps utime, which the device allow-list refuses; the timing is a
    # host measurement, so allow it here only (the engine itself never imports time)
    out = run_micropython(_MICROPYTHON, dirs=("engine", "sim/move_timing.py"),
                          allow=circuitpython_modules() + ["utime"])
    fig = {"state": {}}
    for line in out.splitlines():
        parts = line.split()
        if parts[0] == "import":
            fig["import"] = int(parts[1])
        elif parts[0] == "state":
            fig["state"][int(parts[1])] = int(parts[2])
        elif parts[0] == "move_us":
            fig["move_us"] = int(parts[1])
            fig["samples"] = int(parts[2])
    return fig


def cpython_move_us():
    times = move_times_us(Game, len(VARIANTS), time.perf_counter,
                          lambda t0: (time.perf_counter() - t0) * 1e6, REPEAT)
    return statistics.median(times), len(times)


def main():
    try:
        mp = micropython_figures()
    except Exception as e:  # no Node / npm package: still print the CPython figures
        mp = None
        print("MicroPython figures unavailable: %s" % str(e).strip().splitlines()[-1])
    if mp:
        state = mp["state"]
        print("Terrace game state, live heap (MicroPython): %d bytes (goal <= 2048; includes the "
              "1000-move undo log, 2000 bytes)" % state[0])
        print("  per mode: " + ", ".join("%s %d" % (VARIANTS[v], state[v]) for v in sorted(state)))
        print("import of the engine for one game (MicroPython, .py): %d bytes (goal <= 24576)"
              % mp["import"])
        print("legal moves + apply + undo, median per move (MicroPython 1.27 WebAssembly on this "
              "PC): %d us (%d positions)" % (mp["move_us"], mp["samples"]))
    us, n = cpython_move_us()
    print("legal moves + apply + undo, median per move (CPython): %.1f us (%d positions)" % (us, n))
    r = playout("terrace", 0, 0, "greedy", 100)
    print("greedy playouts (CPython, Terrace classic, 100 deals): %.1f deals/s, %.0f moves/s, "
          "won %d%%" % (r["deals"] / r["seconds"], r["moves"] / r["seconds"], r["wins"]))


if __name__ == "__main__":
    main()
