# Figures for the app shell (python -m sim.bench_app): menu key -> refresh time and redrawn
# share of the screen in the simulator, NVM writes over a whole game, heap held by the shell's
# own state (input layer, store, snapshot buffer) and whether a key poll allocates, and the cost of
# one save (engine snapshot into the store) under MicroPython.
import os
import statistics
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(_ROOT, "lib"), _ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from sim.runner import run


def menu_figures(board):
    down = "RIGHT" if board == "pico320" else "DOWN"
    keys = " ".join(["A", "A"] + [down] * 20)
    r = run(board=board, keys=keys)
    area = r.width * r.height
    shares = [sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in rects) / area for rects in r.changed_areas[-20:]]
    return statistics.median(r.refresh_seconds[-20:]) * 1000, statistics.median(shares) * 100


def game_figures(keys):
    from tests.test_app_helpers import start_keys

    r = run(board="pybadge", keys=start_keys("pybadge") + " " + " ".join(keys), settings={"SOLITAIRE_DEAL": 7})
    return len(keys), r.modules["solitaire.boot"].app.game.moves, r.nvm_writes


MPY = r'''
import alloc
from solitaire.controls import Controls
from solitaire.store import Store
from engine.terrace import Game
from engine.game import PLAYING
from solitaire import keys as K

class Ev:
    key_number = 0
    pressed = True
class Q:
    overflowed = False
    def get_into(self, ev):
        return False
class Sc:
    events = Q()
def mk_controls():
    return Controls(Sc(), (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT), None, Ev())
def mk_store():
    s = Store(bytearray(b"\xff" * 256))
    s.open()
    return s
print("controls", alloc.heap_cost(mk_controls))
print("store", alloc.heap_cost(mk_store))
print("snapshot buffer", alloc.heap_cost(bytearray, Game.SNAPSHOT_SIZE))
import gc
gc.collect()
before = gc.mem_alloc()
import engine.pack  # what the first save or load imports, and keeps
gc.collect()
print("engine.pack import", gc.mem_alloc() - before)
g = Game(0, 0)
g.deal(7)
while g.status() == PLAYING and g.moves < 150:
    g.apply(g.hint())
s = mk_store()
snap = bytearray(Game.SNAPSHOT_SIZE)
def save():
    s.save_game(0, 0, 0, 1, 0, 7, g.moves, g.score(), snap, g.save_into(snap))
save()
h = Game(0, 0)
h.deal(7)
print("load ok", h.load_from(s.saved_snapshot()))
c = mk_controls()
print("poll allocates", alloc.allocates(c.poll, 1000))
'''


def main():
    # the key script is worked out on an offline View first (before any simulator run)
    from tests.test_app_helpers import SIZES, game_keys

    _, script = game_keys(0, 0, 7, SIZES["pybadge"])
    for board in ("pybadge", "pico320"):
        ms, share = menu_figures(board)
        print("%-8s menu step: refresh %.1f ms (simulator, median), redrawn %.1f%% of the screen" % (board, ms, share))
    keys, moves, writes = game_figures(script)
    print("pybadge  whole game (deal 7, won): %d keys, %d moves, %d NVM writes" % (keys, moves, writes))
    try:
        from tests.mpy import run_micropython

        out = run_micropython(MPY, dirs=("engine", "lib/solitaire"))
        print("MicroPython heap held (bytes): " + out.strip().replace("\n", "; "))
    except Exception as e:  # node missing etc.
        print("MicroPython figures skipped:", e)


if __name__ == "__main__":
    main()
