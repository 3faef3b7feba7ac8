# Klondike under real MicroPython: moving, undoing, redoing, listing legal moves, the hints, the
# end check, check() and quick play allocate nothing (proved with micropython.heap_lock,
# alloc.allocates) in both modes and profiles, on positions from real play; the family imports
# with CircuitPython's modules only and deals the same cards as on CPython.
from engine.klondike import Game
from sim.mpy import run_micropython

# Plays deals with a mix of hint and pseudo-random legal moves (the engine's own Rng: MicroPython
# has no random module here), and at every position checks each hot call under heap_lock.
# Bound methods are made before the lock (making one allocates); the calls themselves must not.
PROOF = """
import alloc
from array import array
from engine.klondike import Game, VARIANTS, PROFILES
from engine.rng import Rng
from engine.game import MAX_MOVES, NO_MOVE, PLAYING

buf = array("H", range(MAX_MOVES))
hbuf = array("H", range(MAX_MOVES))
pick = Rng(11)
for variant in range(len(VARIANTS)):
    for profile in range(len(PROFILES)):
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
                if alloc.allocates(quick_play, 6 + step %% 7): bad.append("quick_play")
                if alloc.allocates(apply, m): bad.append("apply")
                if alloc.allocates(hints, hbuf): bad.append("hints")
                if alloc.allocates(undo): bad.append("undo")
                if alloc.allocates(redo): bad.append("redo")
                if alloc.allocates(undo): bad.append("undo")
                if alloc.allocates(apply, m, step %% 3 == 1): bad.append("apply chained")
                undo()
                apply(m)
        print(variant, profile, positions, " ".join(sorted(set(bad))) or "ok")
"""


def test_apply_undo_redo_legal_moves_hints_and_status_allocate_nothing_in_every_mode():
    out = run_micropython(PROOF % {"steps": 80, "positions": 120},
                          dirs=("engine",)).strip().splitlines()
    assert len(out) == 4, out
    for line in out:
        variant, profile, positions, verdict = line.split(" ", 3)
        assert verdict == "ok", line
        assert int(positions) >= 120, line  # from real play, not only openings


def test_klondike_imports_with_circuitpython_modules_and_deals_as_on_cpython():
    out = run_micropython("""
from engine.klondike import Game
g = Game(1, 1)
g.deal(12345)
print(bytes(g.piles.cards).hex(), bytes(g.down).hex(), g.status())
""", dirs=("engine",))
    g = Game(1, 1)
    g.deal(12345)
    assert out.split() == [bytes(g.piles.cards).hex(), bytes(g.down).hex(), str(g.status())]
