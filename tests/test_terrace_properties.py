# Property tests (hypothesis): random legal play in every mode and profile keeps the deck whole,
# undo is exact, and the move list, check() and the hint agree with each other.
import array

from hypothesis import given, settings, strategies as st

from engine.game import MAX_MOVES, NO_MOVE, WON, OK, pack
from engine.terrace import Game, FOUNDATION, TABLEAU

FEW = settings(max_examples=30, deadline=None)
variants = st.integers(0, 6)
profiles = st.integers(0, 1)
numbers = st.integers(1, 2 ** 30 - 1)
choices = st.lists(st.integers(0, 10 ** 6), min_size=0, max_size=120)


def snapshot(g):
    return (tuple(bytes(g.card(p, i) for i in range(g.count(p))) for p in range(g.pile_count)),
            g.base, g.locked, g.redeals_left, g.moves)


def play(g, picks):
    # each pick chooses one of the legal moves; half of them follow the hint instead, so play
    # gets deep into a deal (random play alone rarely passes the first few foundation cards)
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
    return sorted(g.card(p, i) for p in range(g.pile_count) for i in range(g.count(p)))


@FEW
@given(variants, profiles, numbers, choices)
def test_random_legal_move_sequences_keep_all_104_cards_present_exactly_once(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    buf = array.array("H", range(MAX_MOVES))
    for pick in picks:
        n = g.legal_moves(buf)
        if n == 0:
            break
        assert g.apply(buf[pick % n])
        assert all_cards(g) == list(range(104))


@FEW
@given(variants, profiles, numbers, choices)
def test_undo_after_any_sequence_restores_the_exact_start(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    start = snapshot(g)
    played = play(g, picks)
    for _ in range(played):
        assert g.undo()
    assert not g.can_undo()
    assert snapshot(g) == start


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
def test_status_never_says_won_unless_104_cards_are_on_the_foundations(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    buf = array.array("H", range(MAX_MOVES))
    for pick in picks + [1] * 300:  # then follow the hint to the end
        if (g.status() == WON) != (g.score() == 104):
            raise AssertionError("status and foundations disagree")
        n = g.legal_moves(buf)
        if n == 0:
            break
        g.apply(g.hint() if pick % 2 and g.hint() != NO_MOVE else buf[pick % n])
    on_foundations = sum(g.count(f) for f in range(FOUNDATION, TABLEAU))
    assert (g.status() == WON) == (on_foundations == 104)


@settings(max_examples=12, deadline=None)
@given(variants, profiles, numbers, choices)
def test_the_legal_move_list_is_exactly_the_moves_check_accepts(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    play(g, picks)
    buf = array.array("H", range(MAX_MOVES))
    listed = set(buf[:g.legal_moves(buf)])
    accepted = set()
    for src in range(g.pile_count):
        for dst in range(g.pile_count):
            for count in range(0, 14):
                m = pack(src, dst, count)
                if g.check(m) == OK:
                    accepted.add(m)
    assert listed == accepted
    hint = g.hint()
    assert hint == NO_MOVE or hint in listed
    for p in range(g.pile_count):
        q = g.quick_play(p)
        assert q == NO_MOVE or (q in listed and FOUNDATION <= (q >> 6) & 31 < TABLEAU)
