# Property tests (hypothesis) for Solitario 4 Ases in every variant and profile: random legal
# play keeps the 40 cards, undo and redo are exact (shuffles, marks, tokens and progress
# included), and the move list, check(), the hints and status() agree with each other.
import array

import pytest
from hypothesis import given, settings, strategies as st

from engine.cuatro_ases import Game, PROFILE_COUNT, REVEALED, SPACE, SLOT
from engine.game import MAX_MOVES, NO_MOVE, OK, PLAYING, WON, pack

VARIANT_PROFILES = [(v, p) for v in range(5) for p in range(PROFILE_COUNT[v])]
FEW = settings(max_examples=25, deadline=None)
numbers = st.integers(1, 2 ** 30 - 1)
choices = st.lists(st.integers(0, 10 ** 6), min_size=0, max_size=200)


def state(g):
    # everything a rule, the undo log or the status line can read
    return (tuple(bytes(g.card(p, i) for i in range(g.count(p))) for p in range(g.pile_count)),
            bytes(g._marks), g.tokens, g.progress, g.moves)


def play(g, picks):
    # each pick chooses a legal move; odd picks follow the hint so that play gets deep into a
    # deal (random moves alone lose the first round)
    buf = array.array("H", range(MAX_MOVES))
    played = 0
    for pick in picks:
        n = g.legal_moves(buf)
        if n == 0:
            break
        m = g.hint() if pick % 2 else buf[pick % n]
        assert g.apply(m)
        played += 1
    return played


def all_cards(g):
    return sorted(g.card(p, i) for p in range(g.pile_count) for i in range(g.count(p)))


@pytest.mark.parametrize("v,prof", VARIANT_PROFILES)
@FEW
@given(number=numbers, picks=choices)
def test_random_legal_play_keeps_the_40_cards_each_present_once(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    buf = array.array("H", range(MAX_MOVES))
    for pick in picks:
        n = g.legal_moves(buf)
        if n == 0:
            break
        assert g.apply(g.hint() if pick % 3 == 0 else buf[pick % n])
        assert all_cards(g) == list(range(40))


@pytest.mark.parametrize("v,prof", VARIANT_PROFILES)
@FEW
@given(number=numbers, picks=choices)
def test_undo_after_any_sequence_restores_the_exact_deal_and_redo_replays_it(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    start = state(g)
    played = play(g, picks)
    end = state(g)
    for _ in range(played):
        assert g.undo()
    assert not g.can_undo() and state(g) == start
    for _ in range(played):
        assert g.redo()
    assert not g.can_redo() and state(g) == end


@pytest.mark.parametrize("v,prof", VARIANT_PROFILES)
@FEW
@given(number=numbers, picks=choices)
def test_apply_then_undo_of_every_legal_move_is_an_identity(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    play(g, picks)
    buf = array.array("H", range(MAX_MOVES))
    before = state(g)
    for m in list(buf[:g.legal_moves(buf)]):
        assert g.apply(m)
        after = state(g)
        assert g.undo() and state(g) == before
        assert g.redo() and state(g) == after
        assert g.undo()


@pytest.mark.parametrize("v,prof", VARIANT_PROFILES)
@FEW
@given(number=numbers, picks=choices)
def test_the_legal_moves_are_exactly_what_check_accepts_and_hints_are_legal(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    play(g, picks)
    buf = array.array("H", range(MAX_MOVES))
    listed = set(buf[:g.legal_moves(buf)])
    accepted = set()
    for src in range(g.pile_count):
        for dst in range(g.pile_count):
            for count in range(4):
                m = pack(src, dst, count)
                if g.check(m) == OK:
                    accepted.add(m)
    assert listed == accepted
    hints = list(buf[:g.hints(buf)])
    assert set(hints) <= listed and len(set(hints)) == len(hints)
    # a hint exists exactly while the game is on; hint() is the first one
    assert (g.status() == PLAYING) == (len(hints) > 0)
    assert g.hint() == (hints[0] if hints else NO_MOVE)
    assert g.hand_move() == NO_MOVE or g.hand_move() in listed
    q = g.quick_play(REVEALED)
    assert q == NO_MOVE or (q in listed and SPACE <= (q >> 6) & 31 < SLOT)


@pytest.mark.parametrize("v,prof", VARIANT_PROFILES)
@FEW
@given(number=numbers, picks=choices)
def test_status_says_won_only_with_all_40_cards_on_the_spaces(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    play(g, picks + [1] * 400)  # then follow the hint to the end
    on_spaces = sum(g.count(s) for s in range(SPACE, SLOT))
    assert g.score() == on_spaces
    assert (g.status() == WON) == (on_spaces == 40)
