# Klondike's snapshot (Game.SAVED, written and read by engine/pack.py): a round trip gives back
# the same game in both modes and profiles, with its undo history; the snapshot fits its size;
# a position play never leaves is refused without touching the game.
import array

import pytest
from hypothesis import given, settings, strategies as st

from engine import pack
from engine.game import MAX_MOVES
from engine.klondike import PILES, TABLEAU, Game

from tests.test_klondike_properties import play

MODES = [(0, 0), (0, 1), (1, 0), (1, 1)]
numbers = st.integers(1, 2 ** 30 - 1)
choices = st.lists(st.integers(0, 10 ** 6), min_size=0, max_size=200)
SIZE = Game.SNAPSHOT_SIZE


def position(g):
    # everything a player could see or a rule could read
    buf = array.array("H", range(MAX_MOVES))
    n = g.legal_moves(buf)
    return (tuple(bytes(g.card(p, i) for i in range(g.count(p))) for p in range(PILES)),
            bytes(g.down), g.fanned, g.recycles, g.score(), g.moves, g.status(),
            tuple(buf[:n]), g.hint())


def test_the_snapshot_size_is_what_its_fields_need():
    g = Game(1, 0)
    bits = 16 + 10 + 16 + 2 + 7 * 3 + pack.piles_bits(g.piles, 6, 52)
    assert bits == 435
    assert SIZE == (bits + 7) // 8 + 1  # a spare byte of zero padding


@pytest.mark.parametrize("v,prof", MODES)
@settings(max_examples=10, deadline=None)
@given(number=numbers, picks=choices)
def test_a_position_saved_and_loaded_is_the_same_position_with_its_undo(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    play(g, picks)
    buf = bytearray(SIZE + 600)
    n = g.save_into(buf, 0, True)
    h = Game(v, prof)
    h.deal(number)
    assert h.load_from(buf[:n], 0, True), h.refused
    assert position(h) == position(g)
    while g.can_undo():
        assert h.undo() and g.undo()
        assert position(h) == position(g)


@pytest.mark.parametrize("v,prof", MODES)
def test_a_position_play_never_leaves_is_refused_and_the_game_kept(v, prof):
    g = Game(v, prof)
    g.deal(9)
    play(g, list(range(40)))
    good = bytearray(SIZE)
    g.save_into(good)
    before = position(g)
    h = Game(v, prof)
    h.deal(9)
    kept = position(h)
    g.down[0] = 5  # a face-down count over what the deal gave (pile 1 has none)
    bad = bytearray(SIZE)
    g.save_into(bad)
    assert not h.load_from(bad)
    assert "tableau pile 1" in h.refused
    assert position(h) == kept
    assert h.load_from(good) and position(h) == before
