# The engine under real MicroPython: moving, undoing, listing legal moves and the end-of-game
# check allocate nothing (proved with micropython.heap_lock, alloc.allocates), in every Terrace
# mode and profile, on positions from real play, not only the opening. Also: the engine imports
# with CircuitPython's modules only and the registry loads a family the same way as on CPython.
from sim.mpy import run_micropython

# Plays deals with a mix of hint and pseudo-random legal moves (the engine's own Rng: MicroPython
# has no random module here), and at every position checks each hot call under heap_lock.
# Bound methods are made before the lock (making one allocates); the calls themselves must not.
PROOF = """
import alloc
from array import array
from engine.terrace import Game, VARIANTS
from engine.rng import Rng
from engine.game import MAX_MOVES, NO_MOVE, PLAYING, pack

buf = array("H", range(MAX_MOVES))
hbuf = array("H", range(MAX_MOVES))
pick = Rng(7)
for variant in range(len(VARIANTS)):
    for profile in (0, 1):
        g = Game(variant, profile)
        legal_moves, apply, undo, status, hint, check, score, quick_play, hints, redo = (
            g.legal_moves, g.apply, g.undo, g.status, g.hint, g.check, g.score, g.quick_play,
            g.hints, g.redo)
        positions = 0
        bad = []
        number = 0
        while positions < %(positions)d and number < 60:
            number += 1
            g.deal(number * 7919)
            for step in range(%(steps)d):
                n = legal_moves(buf)
                if n == 0 or status() != PLAYING:
                    break
                m = hint() if pick.below(2) else buf[pick.below(n)]
                if m == NO_MOVE:
                    m = buf[0]
                positions += 1
                if alloc.allocates(legal_moves, buf): bad.append("legal_moves")
                if alloc.allocates(status): bad.append("status")
                if alloc.allocates(hint): bad.append("hint")
                if alloc.allocates(check, m): bad.append("check")
                if alloc.allocates(score): bad.append("score")
                if alloc.allocates(quick_play, 11): bad.append("quick_play")
                if alloc.allocates(apply, m): bad.append("apply")
                if alloc.allocates(hints, hbuf): bad.append("hints")
                if alloc.allocates(undo): bad.append("undo")
                if alloc.allocates(redo): bad.append("redo")
                if alloc.allocates(undo): bad.append("undo")
                if alloc.allocates(apply, m, step %% 3 == 1): bad.append("apply chained")
                undo()
                apply(m)
        print(variant, profile, positions, " ".join(bad) or "ok")
"""


def test_apply_undo_legal_moves_and_status_allocate_nothing_in_every_mode_during_real_play():
    out = run_micropython(PROOF % {"steps": 60, "positions": 100}, dirs=("engine",)).strip().splitlines()
    assert len(out) == 14, out
    for line in out:
        variant, profile, positions, verdict = line.split(" ", 3)
        assert verdict == "ok", line
        assert int(positions) >= 100, line  # from real play, not only openings


def test_engine_imports_under_circuitpython_modules_and_registry_loads_a_family():
    out = run_micropython("""
from engine import registry
mod = registry.load("terrace")
g = mod.Game(4, 1)
g.deal(5)
print(mod.VARIANTS[g.variant], mod.PROFILES[g.profile], g.pile_count, g.status())
import engine.cards_spanish, engine.cards_domino
""", dirs=("engine",))
    assert out.strip() == "Redheads literal 19 0"


def test_engine_memory_figures_stay_in_budget():
    # The board-fit budget (docs/memory.md), the engine as shipped (.mpy): no module's import
    # allocates more than 20 KB, the engine for one game keeps under 20 KB, and a game's live
    # state stays under 3.8 KB (2.1 KB of it the 1,000-move undo log and its chain bits; 128 B
    # the buffer of a move's elementary steps, Table.steps, with the attribute's share of the
    # game's dict: 3,632 B before it). (The
    # .py build's compile peaks are sim.heap_budget's: test_heap_budget.) Each "#--- step" is its own runPython
    # call: only there does gc.collect() reclaim (sim/mpy/run.mjs).
    out = run_micropython("""
import alloc, gc
costs = []
def imp(name):
    gc.collect()
    before = gc.mem_alloc()
    __import__(name)
    costs.append((name, gc.mem_alloc() - before))
gc.collect()
start = gc.mem_alloc()
#--- step
# each module on its own, so that each figure is one module's compile (engine.terrace's own
# import would otherwise include the registry's)
for name in ("engine.game", "engine.cards", "engine.piles", "engine.rng", "engine.undo",
             "engine.registry"):
    imp(name)
#--- step
imp("engine.terrace")
#--- step
gc.collect()
kept = gc.mem_alloc() - start
from engine.terrace import Game
def make():
    g = Game(1, 0)
    g.deal(9)
    return g
print(max(c for _, c in costs), kept, alloc.heap_cost(make))
""", dirs=("engine",), compiled=True)
    biggest, kept, state = (int(x) for x in out.split())
    print("biggest import %d B, engine kept %d B, one game's state %d B" % (biggest, kept, state))
    assert biggest <= 20 * 1024, biggest
    assert kept <= 20 * 1024, kept
    assert state <= 3800, state
