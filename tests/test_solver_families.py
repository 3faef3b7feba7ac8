# The solver on Solitario 4 Ases and Solitario Solar (sim/solver_cuatro_ases.py,
# sim/solver_solar.py): their canonical keys, and every winning line the solver finds replays
# through the engine to a win. Small caps: Solar's status() runs the engine's loss search.
import array

import pytest

from engine.game import MAX_MOVES, PLAYING
from sim import solver_cuatro_ases, solver_solar
from sim.solver import Solver, replay
from tests.positions import set_pile

cuatro_ases = pytest.importorskip("engine.cuatro_ases")
solar = pytest.importorskip("engine.solar")

BASE, REVELADOS, RESERVA, MEZCLADO, PINTADOS = range(5)


def play(g, steps, pick=0):
    # a few moves of real play: the hint's first move, else the first legal one
    buf = array.array("H", range(MAX_MOVES))
    for _ in range(steps):
        if g.status() != PLAYING:
            break
        n = g.hints(buf)
        if n == 0:
            n = g.legal_moves(buf)
        g.apply(buf[min(pick, n - 1)])


def test_four_ases_spaces_in_another_order_give_the_same_key():
    g = cuatro_ases.Game(REVELADOS, 0)
    g.deal(3)
    play(g, 30)
    spaces = [[g.card(p, i) for i in range(g.count(p))] for p in range(2, 6)]
    assert sum(map(len, spaces)) >= 4
    k = solver_cuatro_ases.key(g)
    for p, cards in zip(range(2, 6), reversed(spaces)):
        set_pile(g, p, bytes(cards))
    assert solver_cuatro_ases.key(g) == k


def test_four_ases_hand_order_and_the_rounds_progress_change_the_key():
    g = cuatro_ases.Game(BASE, 0)
    g.deal(4)
    k = solver_cuatro_ases.key(g)
    hand = [g.card(0, i) for i in range(g.count(0))]
    set_pile(g, 0, bytes(hand[1:] + hand[:1]))
    assert solver_cuatro_ases.key(g) != k
    set_pile(g, 0, bytes(hand))
    assert solver_cuatro_ases.key(g) == k
    g.progress = not g.progress
    assert solver_cuatro_ases.key(g) != k


def test_a_mezclado_token_shuffles_the_same_way_every_time_it_is_spent():
    # the solver relies on it: the shuffle is fixed by the deal number and the tokens left
    g = cuatro_ases.Game(MEZCLADO, 1)  # strict: every renewal is a token's shuffle
    g.deal(2)
    buf = array.array("H", range(MAX_MOVES))
    while g.count(0):
        g.apply(cuatro_ases.pack(0, 1, min(2, g.count(0))))
    assert cuatro_ases.SHUFFLE in list(buf[:g.legal_moves(buf)])
    assert g.apply(cuatro_ases.SHUFFLE)
    first = solver_cuatro_ases.key(g)
    g.undo()
    assert g.apply(cuatro_ases.SHUFFLE)
    assert solver_cuatro_ases.key(g) == first


@pytest.mark.parametrize("variant, profile", [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 0)])
def test_four_ases_winning_lines_replay_to_a_win_and_some_deals_are_won(variant, profile):
    g = cuatro_ases.Game(variant, profile)
    solver = Solver(g, solver_cuatro_ases)
    verdicts = []
    for number in range(1, 7):
        g.deal(number)
        r = solver.solve(3000, seed=number)
        verdicts.append(r.status)
        if r.status == "won":
            assert replay(cuatro_ases.Game(variant, profile), number, r.line)
    if (variant, profile) != (3, 1):  # strict Mezclado: the cap decides most deals
        assert "won" in verdicts


def test_four_ases_a_lost_verdict_is_a_search_that_ran_out_of_lines():
    # deals the solver calls lost: a second search in other random orders says lost too
    found = 0
    for variant in (BASE, REVELADOS, PINTADOS):
        g = cuatro_ases.Game(variant, 0)
        solver = Solver(g, solver_cuatro_ases)
        for number in range(1, 13):
            g.deal(number)
            r = solver.solve(3000, seed=number)
            if r.status == "lost":
                found += 1
                assert solver.solve(3000, seed=number + 1000).status == "lost"
    assert found >= 1


def test_solar_key_is_the_position_not_the_line_that_reached_it():
    g = solar.Game(0, 0)
    g.deal(2)
    k = solver_solar.key(g)
    play(g, 1)
    assert solver_solar.key(g) != k
    g.undo()
    assert solver_solar.key(g) == k


@pytest.mark.parametrize("profile", (0, 1))
def test_solar_winning_lines_replay_to_a_win(profile):
    g = solar.Game(0, profile)
    solver = Solver(g, solver_solar)
    won = 0
    # the 64-card deck needs more nodes: at 400 none of deals 1-4 was decided, at 2,000 deals
    # 3-6 are won (a second or less each)
    for number in range(1, 7):
        g.deal(number)
        r = solver.solve(2000, seed=number)
        if r.status == "won":
            won += 1
            assert replay(solar.Game(0, profile), number, r.line)
    assert won >= 2
