# Property tests (hypothesis): random legal play in both modes and profiles keeps the deck whole
# (every card exactly once, face-down counts within the rules), undo restores the exact start,
# apply then undo of every legal move is an identity, and the move list, check() and the hints
# agree with each other.
import array

from hypothesis import given, settings, strategies as st

from engine.game import MAX_MOVES, NO_MOVE, OK, pack
from engine.klondike import Game, PILES, TABLEAU

FEW = settings(max_examples=30, deadline=None)
variants = st.integers(0, 1)
profiles = st.integers(0, 1)
numbers = st.integers(1, 2 ** 30 - 1)
choices = st.lists(st.integers(0, 10 ** 6), min_size=0, max_size=150)


def snapshot(g):
    return (tuple(bytes(g.card(p, i) for i in range(g.count(p))) for p in range(PILES)),
            bytes(g.down), g.fanned, g.recycles, g.points, g.moves)


def play(g, picks):
    # each pick chooses one of the legal moves; half of them follow the hint instead, so play
    # gets deep into a deal
    buf = array.array("H", range(MAX_MOVES))
    played = 0
    for pick in picks:
        n = g.legal_moves(buf)
        if n == 0:
            break
        m = g.hint() if pick % 2 and g.hint() != NO_MOVE else buf[pick % n]
        assert g.apply(m)
        played += 1
    return played


def all_cards(g):
    return sorted(g.card(p, i) for p in range(PILES) for i in range(g.count(p)))


@FEW
@given(variants, profiles, numbers, choices)
def test_random_legal_play_keeps_all_52_cards_once_and_every_pile_as_the_rules_leave_it(
        v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    buf = array.array("H", range(MAX_MOVES))
    for pick in picks:
        n = g.legal_moves(buf)
        if n == 0:
            break
        assert g.apply(buf[pick % n])
        assert all_cards(g) == list(range(52))
        assert g._unreachable() == -1
        assert g.score() >= 0 and g.score() % 5 == 0


@FEW
@given(variants, profiles, numbers, choices)
def test_undo_after_any_sequence_restores_the_exact_start_and_redo_replays_it(
        v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    start = snapshot(g)
    played = play(g, picks)
    end = snapshot(g)
    for _ in range(played):
        assert g.undo()
    assert not g.can_undo()
    assert snapshot(g) == start
    for _ in range(played):
        assert g.redo()
    assert snapshot(g) == end


@FEW
@given(variants, profiles, numbers, choices)
def test_apply_then_undo_of_every_legal_move_is_an_identity(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    play(g, picks)
    buf = array.array("H", range(MAX_MOVES))
    n = g.legal_moves(buf)
    before = snapshot(g)
    for m in list(buf[:n]):
        assert g.apply(m)
        assert g.undo()
        assert snapshot(g) == before


@FEW
@given(variants, profiles, numbers, choices)
def test_legal_moves_are_exactly_what_check_accepts_and_every_hint_is_one(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    play(g, picks)
    buf = array.array("H", range(MAX_MOVES))
    listed = list(buf[:g.legal_moves(buf)])
    assert len(set(listed)) == len(listed)
    accepted = [pack(s, d, k) for s in range(PILES) for d in range(PILES) for k in range(20)
                if g.check(pack(s, d, k)) == OK]
    assert sorted(listed) == sorted(accepted)
    hinted = list(buf[:g.hints(buf)])
    assert set(hinted) <= set(listed)
    assert g.hint() == (hinted[0] if hinted else NO_MOVE)
    for p in range(TABLEAU, PILES):
        m = g.quick_play(p)
        assert m == NO_MOVE or m in listed
