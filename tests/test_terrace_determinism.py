# Determinism: deal number N is the same deal everywhere. The table pins the first cards of the
# layout (the first four reserve cards dealt, then the tops of tableau piles 1-4) for every mode,
# so a change to the PRNG, the shuffle or the deal order shows up here, on CPython and under
# MicroPython alike.
import pytest

from engine.rng import Rng
from engine.terrace import Game, RESERVE, TABLEAU
from sim.mpy import run_micropython

# (mode, deal number, first cards of the layout)
LAYOUTS = (
    (0, 1, [51, 100, 61, 43, 34, 92, 44, 41]),
    (0, 2, [95, 78, 36, 11, 82, 30, 97, 64]),
    (0, 617, [63, 14, 97, 15, 89, 57, 47, 1]),
    (0, 1073741823, [68, 69, 86, 51, 32, 95, 56, 78]),
    (1, 1, [51, 100, 61, 43, 44, 41, 76, 83]),
    (1, 2, [95, 78, 36, 11, 97, 64, 50, 12]),
    (1, 617, [63, 14, 97, 15, 47, 1, 60, 79]),
    (1, 1073741823, [68, 69, 86, 51, 56, 78, 71, 15]),
    (2, 1, [51, 100, 61, 43, 92, 44, 41, 76]),
    (2, 2, [95, 78, 36, 11, 30, 97, 64, 50]),
    (2, 617, [63, 14, 97, 15, 57, 47, 1, 60]),
    (2, 1073741823, [68, 69, 86, 51, 95, 56, 78, 71]),
    (3, 1, [51, 100, 61, 43, 92, 44, 41, 76]),
    (3, 2, [95, 78, 36, 11, 30, 97, 64, 50]),
    (3, 617, [63, 14, 97, 15, 57, 47, 1, 60]),
    (3, 1073741823, [68, 69, 86, 51, 95, 56, 78, 71]),
    (4, 1, [51, 100, 61, 43, 20, 90, 14, 62]),
    (4, 2, [95, 78, 36, 11, 21, 29, 4, 71]),
    (4, 617, [63, 14, 97, 15, 81, 32, 90, 37]),
    (4, 1073741823, [68, 69, 86, 51, 50, 102, 4, 77]),
    (5, 1, [51, 100, 61, 43, 34, 92, 44, 41]),
    (5, 2, [95, 78, 36, 11, 82, 30, 97, 64]),
    (5, 617, [63, 14, 97, 15, 89, 57, 47, 1]),
    (5, 1073741823, [68, 69, 86, 51, 32, 95, 56, 78]),
    (6, 1, [51, 100, 61, 43, 34, 92, 44, 41]),
    (6, 2, [95, 78, 36, 11, 82, 30, 97, 64]),
    (6, 617, [63, 14, 97, 15, 89, 57, 47, 1]),
    (6, 1073741823, [68, 69, 86, 51, 32, 95, 56, 78]),
)


def head(g):
    return [g.card(RESERVE, i) for i in range(4)] + [g.top(TABLEAU + i) for i in range(4)]


@pytest.mark.parametrize("variant,number,first", LAYOUTS)
def test_same_deal_number_gives_the_same_layout_on_cpython(variant, number, first):
    for profile in (0, 1):
        g = Game(variant, profile)
        g.deal(number)
        assert head(g) == first
        g.restart()
        assert head(g) == first


def rng_stream(seed, n):
    r = Rng(seed)
    return [r.next() for _ in range(n)]


def test_same_deal_number_gives_the_same_layout_and_rng_stream_under_micropython():
    script = """
from engine.terrace import Game, RESERVE, TABLEAU
from engine.rng import Rng
for v, n in %r:
    g = Game(v, 1)
    g.deal(n)
    print([g.card(RESERVE, i) for i in range(4)] + [g.top(TABLEAU + i) for i in range(4)])
for seed in (1, 2 ** 30 - 1):
    r = Rng(seed)
    print([r.next() for _ in range(64)])
""" % ([(v, n) for v, n, _ in LAYOUTS],)
    lines = run_micropython(script, dirs=("engine",)).strip().splitlines()
    assert len(lines) == len(LAYOUTS) + 2
    for line, (_, _, first) in zip(lines, LAYOUTS):
        assert line == repr(first)
    assert lines[-2] == repr(rng_stream(1, 64))
    assert lines[-1] == repr(rng_stream(2 ** 30 - 1, 64))
