# A single hint is the first of the hints: engine/game.py Table.hint() returns hints()[0] at
# every position, in every family, mode and profile. The simulator's greedy policy, the
# published hint-following rates, the heap runs and the endgame tool play hint(); the device's
# SELECT shows hints(): the two must never disagree (issue 36: Solar's hint() missed the first
# of hints() in 0.7-0.9 % of positions, its one-move list too short for the free moves that
# hints() writes before keeping the productive ones).
import importlib
from array import array

import pytest

from engine.game import MAX_MOVES, NO_MOVE, PLAYING, pack
from engine.registry import FAMILIES, profile_count
from engine.rng import Rng
from engine.solar import TURN, Game as Solar

# positions per mode (deals are played until they are seen): Solar's emergencies, where its
# free moves are hinted, come in a fraction of its positions, and its positions are quick
# (a family not named here: 800)
POSITIONS = {"terrace": 800, "cuatro_ases": 1500, "solar": 8000}


def _modes():
    for f, fam in enumerate(FAMILIES):
        for v in range(len(fam.variants)):
            for p in range(profile_count(f, v)):
                yield fam.key, fam.module, v, p


def _first(g, buf):
    return buf[0] if g.hints(buf) else NO_MOVE


@pytest.mark.parametrize("key,module,variant,profile", list(_modes()),
                         ids=lambda x: str(x) if isinstance(x, int) else x)
def test_hint_is_the_first_of_hints_at_every_position_of_random_games(key, module, variant, profile):
    mod = importlib.import_module(module)
    g = mod.Game(variant, profile)
    buf = array("H", range(MAX_MOVES))
    every = array("H", range(MAX_MOVES))
    pick = Rng(variant * 4 + profile + 1)
    seen = free = 0
    number = 0
    while seen < POSITIONS.get(key, 800):
        number += 1
        g.deal(number)
        for _ in range(400):
            if g.status() != PLAYING:
                break
            want = _first(g, every)
            assert g.hint() == want, (key, variant, profile, number, g.moves)
            seen += 1
            if key == "solar" and g.wasted and want != NO_MOVE and want >> 11 != 0:
                free += 1  # a hinted move between piles in an emergency (not the turn)
            n = g.legal_moves(buf)
            if n == 0:
                break
            # the hint's move or a random one (random play reaches the positions a player's
            # mistakes make), and now and then a move taken back
            r = pick.below(8)
            m = want if r < 3 and want != NO_MOVE else buf[pick.below(n)]
            assert g.apply(m)
            if r == 7:
                g.undo()
    if key == "solar":
        assert free > 50, free  # emergencies met: the case the short list got wrong


def test_solar_hint_in_the_issue_36_position_is_the_waste_top_to_a_pad_as_hints_lists():
    # 40 cards, deal 378681068: six turns, the waiting card to pad 0, two turns, pad 3's top to
    # pad 0 and back, a turn. hints() = [pad 3 -> pad 0, the turn]; hint() said the turn
    g = Solar(0, 0)
    g.deal(378681068)
    pad = lambda k: 2 + k
    for m in (TURN,) * 6 + (pack(10, pad(0), 1), TURN, TURN, pack(pad(3), pad(0), 1),
                            pack(pad(0), pad(3), 1), TURN):
        assert g.apply(m)
    buf = array("H", range(MAX_MOVES))
    assert g.hints(buf) == 2 and list(buf[:2]) == [pack(pad(3), pad(0), 1), TURN]
    assert g.hint() == pack(pad(3), pad(0), 1)
