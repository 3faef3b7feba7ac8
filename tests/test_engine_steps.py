# The elementary steps of a move (engine/game.py Table.steps, step_count): each family's apply
# notes, in order, the player's move and every automatic step it made after it (Terrace's fill
# of a space and its deal, Solar's forced plays), so the table can show a cascade one step at a
# time. Replaying the noted steps on the position before the move gives the position after it,
# in every family, mode and profile, during real play; undo and redo leave no steps.
import importlib
from array import array

import pytest

from engine.game import MAX_MOVES, NO_MOVE, PLAYING, TURNED, pack
from engine.registry import FAMILIES
from engine.rng import Rng
from tests.positions import set_pile


def steps(g):
    return [(g.steps[3 * i], g.steps[3 * i + 1], g.steps[3 * i + 2]) for i in range(g.step_count)]


def piles(g):
    return [[g.card(p, i) for i in range(g.count(p))] for p in range(g.pile_count)]


def replay(before, noted):
    # the noted steps made on a copy of the piles: n cards from the top of src onto dst, in
    # order, or turned over (TURNED)
    after = [list(p) for p in before]
    for src, dst, n in noted:
        k = n & 127
        assert 0 < k <= len(after[src]), (src, dst, n)
        block = after[src][len(after[src]) - k:]
        del after[src][len(after[src]) - k:]
        after[dst] += block[::-1] if n & TURNED else block
    return after


def _modes():
    for fam in FAMILIES:
        for v in range(len(fam.variants)):
            for prof in range(len(fam.profiles)):
                yield fam.key, fam.module, v, prof


@pytest.mark.parametrize("key,module,variant,profile",
                         list(_modes()), ids=lambda x: str(x) if isinstance(x, int) else x)
def test_the_noted_steps_replayed_on_the_position_before_give_the_position_after(
        key, module, variant, profile):
    mod = importlib.import_module(module)
    g = mod.Game(variant, profile)
    buf = array("H", range(MAX_MOVES))
    pick = Rng(3)
    longest = 0
    for number in (1, 2, 3, 4, 5, 6):
        g.deal(number)
        for _ in range(120):
            n = g.legal_moves(buf)
            if n == 0 or g.status() != PLAYING:
                break
            m = g.hint() if pick.below(3) else buf[pick.below(n)]
            if m == NO_MOVE:
                m = buf[0]
            before = piles(g)
            assert g.apply(m)
            noted = steps(g)
            if key == "solar" and m == pack(0, 0, 63):  # the resign: nothing moves
                assert noted == []
                break
            assert 1 <= len(noted) <= g.MOST_STEPS
            assert noted[0][0] == m >> 11  # the player's move first
            longest = max(longest, len(noted))
            after = replay(before, noted)
            if key == "cuatro_ases" and m == pack(1, 0, 1):  # a token's shuffle: the hand's
                after[0] = sorted(after[0])  # order is the shuffle's, not the turn's
                assert sorted(g.card(0, i) for i in range(g.count(0))) == after[0]
                after[0] = [g.card(0, i) for i in range(g.count(0))]
            assert after == piles(g)
    if key != "cuatro_ases":  # (4 Ases makes no automatic steps: one step a move)
        assert longest >= 2, "no cascade met"


def test_undo_and_redo_leave_no_steps():
    from engine.terrace import Game

    g = Game(4, 0)
    g.deal(1)
    g.apply(g.hint())
    assert g.step_count == 2
    g.undo()
    assert g.step_count == 0
    g.redo()
    assert g.step_count == 0


def test_terrace_notes_the_move_then_the_fill_of_the_space_it_left():
    # Redheads deal 1: the hint moves pile 13's one card onto pile 15; the reserve fills 13
    from engine.terrace import Game, RESERVE

    g = Game(4, 0)
    g.deal(1)
    m = g.hint()
    assert m == pack(13, 15, 1)
    g.apply(m)
    assert steps(g) == [(13, 15, 1), (RESERVE, 13, 1)]


def test_terrace_notes_the_base_choice_its_fills_and_the_deal_in_order():
    from engine.terrace import FOUNDATION, STOCK, TABLEAU, WASTE, Game

    g = Game(0, 0)  # Terrace: the player picks the base from four candidates
    g.deal(5)
    empty = [t for t in range(TABLEAU, g.pile_count) if g.count(t) == 0]
    g.apply(pack(TABLEAU + 1, FOUNDATION, 1))
    filled = sorted(empty + [TABLEAU + 1])
    assert steps(g) == ([(TABLEAU + 1, FOUNDATION, 1)] + [(STOCK, t, 1) for t in filled]
                        + [(STOCK, WASTE, 1)])


def test_terrace_notes_a_redeal_turned_over_then_the_deal_after_it():
    from engine.terrace import STOCK, WASTE, Game

    g = Game(1, 0)  # General's Patience: the waste turns over to the stock
    g.deal(3)
    g.apply(pack(11, 3, 1))  # the base
    set_pile(g, WASTE, piles(g)[WASTE] + piles(g)[STOCK])  # the stock dealt out
    set_pile(g, STOCK, [])
    n = g.count(WASTE)
    assert n > 1
    g.apply(pack(WASTE, STOCK, 0))
    assert steps(g) == [(WASTE, STOCK, n | TURNED), (STOCK, WASTE, 1)]


def test_solar_notes_the_move_then_each_forced_play_from_the_waste():
    from engine.solar import PAD, WASTE, Game

    g = Game(0, 0)
    g.deal(1)
    buf = array("H", range(MAX_MOVES))
    for _ in range(200):
        m = g.hint()
        if m == NO_MOVE:
            m = buf[0] if g.legal_moves(buf) else NO_MOVE
        assert m != NO_MOVE
        g.apply(m)
        if g.step_count >= 3:
            break
    noted = steps(g)
    assert len(noted) >= 3
    assert all(src == WASTE and PAD <= dst < PAD + 4 and n == 1 for src, dst, n in noted[1:])


def test_cuatro_ases_notes_a_reveal_turned_over():
    from engine.cuatro_ases import HAND, REVEALED, Game

    g = Game(0, 0)
    g.deal(1)
    g.apply(pack(HAND, REVEALED, 2))
    assert steps(g) == [(HAND, REVEALED, 2 | TURNED)]
