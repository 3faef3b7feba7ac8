# The solver on Klondike (sim/solver_klondike.py): its canonical key, its narrowing after a turn,
# the dominances it prunes with, and the relaxed game that proves losses: winning lines replay
# through the engine to a win, and neither the pruning nor the relaxed game changes a verdict
# the plain search reaches. Small caps: these deals are decided in a few thousand positions.
import types

import pytest

from engine.game import pack
from engine.klondike import FOUNDATION, STOCK, TABLEAU, WASTE, Game
from sim import solver_klondike as K
from sim.solver import Solver, replay
from tests.positions import put

DRAW_ONE, DRAW_THREE = 0, 1


def test_tableau_piles_in_another_order_give_the_same_key_the_stock_order_does_not():
    g = Game(DRAW_THREE, 0)
    g.deal(3)
    k = K.key(g)
    a = bytes(g.card(TABLEAU + 1, i) for i in range(2))
    b = bytes(g.card(TABLEAU + 2, i) for i in range(3))
    put(g.piles, TABLEAU + 1, b)
    put(g.piles, TABLEAU + 2, a)
    g.down[1], g.down[2] = 2, 1
    assert K.key(g) == k
    stock = bytes(g.card(STOCK, i) for i in range(24))
    put(g.piles, STOCK, stock[1:] + stock[:1])
    assert K.key(g) != k


def test_after_a_turn_no_tableau_move_is_searched_and_the_key_says_so():
    g = Game(DRAW_THREE, 0)
    g.deal(3)
    k = K.key(g)
    assert not K.turning(g)
    moves = [pack(TABLEAU, TABLEAU + 1, 1), g.turn, pack(WASTE, FOUNDATION, 1),
             pack(FOUNDATION, TABLEAU, 1)]
    assert K.narrow(g, moves) == moves
    g.apply(g.turn)
    assert K.turning(g)
    assert K.narrow(g, moves) == moves[1:]
    g.undo()
    assert K.key(g) == k


@pytest.mark.parametrize("v,numbers", [(DRAW_ONE, (3, 6, 7, 10)),
                                       (DRAW_THREE, (3, 4, 6, 7, 10, 12, 13))])
def test_winning_lines_replay_to_a_win_and_pruning_changes_no_verdict(v, numbers):
    g = Game(v, 0)
    plain = types.SimpleNamespace(key=K.key, STATUS_FROM_HINTS=True)  # no pruning at all
    solver = Solver(g, K)
    other = Solver(Game(v, 0), plain, safe=False)
    decided = 0
    for number in numbers:
        g.deal(number)
        r = solver.solve(5000, seed=number)
        if r.status == "won":
            assert replay(Game(v, 0), number, r.line)
        other.game.deal(number)
        s = other.solve(5000, seed=number)
        if "unknown" not in (r.status, s.status):
            assert r.status == s.status, number
            decided += 1
    assert decided >= 3


@pytest.mark.parametrize("number", [3, 4, 6, 10, 13])
def test_the_relaxed_game_never_loses_a_deal_the_search_wins(number):
    g = Game(DRAW_THREE, 0)
    g.deal(number)
    assert Solver(g, K).solve(20000, seed=number).status == "won"
    assert K.relaxed(g, 50000) != "lost"


def test_the_relaxed_game_proves_deal_121_lost_at_its_root_only():
    g = Game(DRAW_THREE, 0)
    g.deal(121)
    assert K.dead(g)  # (the relaxed game, searched once: lost)
    assert K.relaxed(g, 100) == "unknown"  # a cap too small decides nothing
    g.apply(g.turn)
    assert not K.dead(g)  # only the deal itself is asked
    h = Game(DRAW_THREE, 0)
    h.deal(121)
    assert Solver(h, K).solve(1000, seed=121).status == "lost"  # at once, from its root
