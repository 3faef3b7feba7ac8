# The playout policies of Solitario 4 Ases (sim/policies_cuatro_ases.py) through sim/playout.py:
# each returns one of the legal moves, the command line runs, and the lookahead of `greedy`
# pays off where the player's choice matters (declining a move up).
import array
import random

import pytest

from engine.cuatro_ases import Game, PROFILE_COUNT
from engine.game import MAX_MOVES, PLAYING
from sim import playout
from sim.policies_cuatro_ases import POLICIES


@pytest.mark.parametrize("name", sorted(POLICIES))
def test_every_policy_returns_one_of_the_legal_moves(name):
    policy = POLICIES[name]
    buf = array.array("H", range(MAX_MOVES))
    rnd = random.Random(1)
    for v in range(5):
        for prof in range(PROFILE_COUNT[v]):
            g = Game(v, prof)
            g.deal(3 + v)
            while g.status() == PLAYING and g.moves < 300:
                n = g.legal_moves(buf)
                m = policy(g, buf, n, rnd)
                assert m in buf[:n]
                assert g.apply(m)


def test_the_playout_command_runs_the_family_not_yet_registered(capsys):
    assert playout.main(["--game", "cuatro_ases", "--mode", "0", "--policy", "always",
                         "--deals", "20"]) == 0
    out = capsys.readouterr().out
    assert "Solitario 4 Ases, always policy, deals 1..20" in out
    assert playout.main(["--game", "cuatro_ases", "--mode", "Mezclado", "--profile", "strict",
                         "--policy", "hint", "--deals", "5"]) == 0


def test_greedy_wins_more_deals_than_always_where_declining_matters():
    always = playout.playout("cuatro_ases", 0, 0, "always", 40)
    greedy = playout.playout("cuatro_ases", 0, 0, "greedy", 40)
    assert greedy["wins"] >= always["wins"] + 8, (always["wins"], greedy["wins"])
