# Solitario Solar under real MicroPython: the same deal number gives the same layout as on
# CPython; the hot paths (legal_moves, check, apply with its turn, forced plays, free and
# station moves, undo, redo, hints, hint, status with its loss search, quick_play, pickable)
# allocate nothing (heap_lock, alloc.allocates) on positions from real play with both decks;
# and the family's memory figures stay in the board-fit budget.
import pytest

from engine.solar import Game, STOCK, PAD
from sim.mpy import run_micropython
from tests.test_solar_rules import first_shuffle, wrong_rocket

# (profile, deal number, pad cards 0-3 then the top four stock cards). Deal 2 needs a reshuffle
# with either deck (a rocket lands on another's pad first), so the table pins that too.
LAYOUTS = (
    (0, 1, [27, 1, 37, 6, 5, 34, 23, 22]),
    (0, 2, [12, 8, 28, 11, 4, 24, 19, 10]),
    (0, 617, [15, 7, 9, 13, 28, 31, 36, 6]),
    (0, 1073741823, [4, 38, 22, 5, 16, 34, 17, 25]),
    (1, 1, [3, 58, 9, 30, 53, 60, 63, 22]),
    (1, 2, [15, 60, 28, 23, 0, 61, 44, 3]),
    (1, 617, [31, 58, 51, 8, 16, 15, 49, 62]),
    (1, 1073741823, [12, 5, 4, 17, 40, 30, 57, 46]),
)


def head(g):
    n = g.count(STOCK)
    return [g.card(PAD + k, 0) for k in range(4)] + [g.card(STOCK, n - 1 - i) for i in range(4)]


@pytest.mark.parametrize("profile,number,first", LAYOUTS)
def test_same_deal_number_gives_the_same_layout_on_cpython(profile, number, first):
    g = Game(0, profile)
    g.deal(number)
    assert head(g) == first
    g.restart()
    assert head(g) == first


def test_deal_2_is_a_reshuffled_deal_with_both_decks():
    for profile in (0, 1):
        g = Game(0, profile)
        assert wrong_rocket(g, first_shuffle(g.deck, 2, 1)[0])


def test_same_deal_number_gives_the_same_layout_under_micropython():
    out = run_micropython("""
from engine.solar import Game, STOCK, PAD
for prof, number in %r:
    g = Game(0, prof)
    g.deal(number)
    n = g.count(STOCK)
    print([g.card(PAD + k, 0) for k in range(4)] + [g.card(STOCK, n - 1 - i) for i in range(4)])
""" % ([(p, n) for p, n, _ in LAYOUTS],), dirs=("engine",)).strip().splitlines()
    assert out == [repr(first) for _, _, first in LAYOUTS]


# Plays deals with the hint and pseudo-random legal moves (the engine's own Rng) and at every
# position proves each hot call under heap_lock. Bound methods are made before the lock
# (making one allocates); the calls themselves must not. At every third position status() and
# hint() are proved with the search's cache cleared, so the search itself runs locked. Prints
# what kinds of moves were proved per deck, then the calls that allocated (none).
PROOF = """
import alloc
from array import array
from engine.solar import Game, TURN, WASTE, PAD, STATION, HAND
from engine.rng import Rng
from engine.game import MAX_MOVES, NO_MOVE, PLAYING

buf = array("H", range(MAX_MOVES))
hbuf = array("H", range(MAX_MOVES))

def every_pile(call):
    # call(p) or call(p, 1) for each pile, under one lock (a range loop allocates nothing)
    for p in range(11):
        if call is pickable:
            call(p, 1)
        else:
            call(p)

pick = Rng(11)
for prof in (0, 1):
    g = Game(0, prof)
    legal_moves, apply, undo, redo, status, hint, hints, check, quick_play, pickable = (
        g.legal_moves, g.apply, g.undo, g.redo, g.status, g.hint, g.hints, g.check,
        g.quick_play, g.pickable)
    g.deal(1)
    g._run(1, False)  # the search and its buffers: made on the first run, kept
    run = g._search.run
    kinds = {}
    bad = []
    positions = 0
    number = 0
    while positions < %(positions)d and number < 40:
        number += 1
        g.deal(number * 7919)
        for step in range(%(steps)d):
            if status() != PLAYING:
                break
            n = legal_moves(buf)
            if n == 0:
                break
            m = hint() if pick.below(3) == 0 else buf[pick.below(n)]
            if m == NO_MOVE:
                m = buf[pick.below(n)]
            src = m >> 11
            dst = (m >> 6) & 31
            kind = "turn" if src == 0 else "choice" if g.pending >= 0 else (
                "station" if src >= STATION or dst >= STATION else "free")
            positions += 1
            if alloc.allocates(legal_moves, buf): bad.append("legal_moves")
            if alloc.allocates(check, m): bad.append("check")
            fresh = positions %% 3 == 0  # the search itself runs locked at every third position
            if fresh: g._at = -1
            if alloc.allocates(status): bad.append("status")
            if fresh: g._at = -1
            if alloc.allocates(hint): bad.append("hint")
            if alloc.allocates(hints, hbuf): bad.append("hints")
            if fresh and alloc.allocates(run, 300, False): bad.append("search")
            if alloc.allocates(every_pile, quick_play): bad.append("quick_play")
            if alloc.allocates(every_pile, pickable): bad.append("pickable")
            size = g.undo_log.size
            if alloc.allocates(apply, m): bad.append("apply " + kind)
            if g.undo_log.size > size + 1:
                kinds["forced"] = kinds.get("forced", 0) + 1
            kinds[kind] = kinds.get(kind, 0) + 1
            if alloc.allocates(undo): bad.append("undo")
            if alloc.allocates(redo): bad.append("redo")
            if alloc.allocates(undo): bad.append("undo")
            if alloc.allocates(apply, m, True): bad.append("apply chained")
            undo()  # m and, chained to it, the move before
            redo()
    print(prof, positions, " ".join(k + "=" + str(kinds[k]) for k in sorted(kinds)),
          " ".join(bad) or "ok")
"""


def test_the_hot_paths_allocate_nothing_during_real_play_with_both_decks():
    out = run_micropython(PROOF % {"steps": 120, "positions": 80},
                          dirs=("engine",)).strip().splitlines()
    assert len(out) == 2, out
    for line in out:
        prof, positions, *kinds, verdict = line.split(" ")
        assert verdict == "ok", line
        assert int(positions) >= 80, line
        seen = dict(k.split("=") for k in kinds)
        for kind in ("turn", "forced", "free", "station", "choice"):
            assert int(seen.get(kind, 0)) > 0, (kind, line)


def test_the_familys_memory_stays_in_the_board_fit_budget():
    # each module's import allocates under 20 KB (compile included). What the family keeps while
    # a game is played, at worst: engine.solar with its mixins, engine.solar_search (imported at
    # the first search; the Search the game keeps holds its code), engine.solar_why (imported at
    # a refusal), and a dealt Game with its Search and buffers. engine.cards_domino and
    # engine.solar_deal are imported by Game() to build the faces, the match table and the game,
    # and the app drops them after the deal (solitaire/opening.py drops what a Game() loads), so
    # they are measured for their import only;
    # so is engine.pack (the snapshot codec: saving and resuming; the app drops it after).
    # "#--- step" runs
    # each part in its own call: only there does gc.collect() reclaim (sim/mpy/run.mjs)
    out = run_micropython("""
import alloc, gc, sys
costs = []
import engine.game, engine.piles, engine.rng, engine.undo, engine.registry
gc.collect()
#--- step
def imp(name):
    gc.collect()
    before = gc.mem_alloc()
    __import__(name)
    costs.append(gc.mem_alloc() - before)
imp("engine.cards_domino")
imp("engine.solar_deal")
#--- step
for name in ("cards_domino", "solar_deal"):
    del sys.modules["engine." + name]
    delattr(sys.modules["engine"], name)
#--- step
gc.collect()
start = gc.mem_alloc()
#--- step
imp("engine.solar_search")
#--- step
imp("engine.solar")
#--- step
imp("engine.solar_why")
#--- step
gc.collect()
kept = gc.mem_alloc() - start
#--- step
imp("engine.pack")
#--- step
del sys.modules["engine.pack"]
delattr(sys.modules["engine"], "pack")
from engine.solar import Game
import engine.cards_domino, engine.solar_deal
games = []
#--- step
def make(prof):
    g = Game(0, prof)
    g.deal(9)
    g._run(1, False)  # its search: made at the first run, then kept
    return g
gc.collect()
before = gc.mem_alloc()
keep = make(0)
#--- step
gc.collect()
games.append(gc.mem_alloc() - before)
keep = None
#--- step
gc.collect()
before = gc.mem_alloc()
keep = make(1)
#--- step
gc.collect()
games.append(gc.mem_alloc() - before)
print(max(costs), kept, games[0], games[1])
""", dirs=("engine",))
    biggest, kept, game40, game64 = (int(x) for x in out.split())
    assert biggest <= 20 * 1024, biggest
    assert kept <= 16 * 1024, kept
    assert game64 <= 7300 and game40 <= game64, (game40, game64)
    assert kept + game64 <= 23 * 1024, (kept, game64)
