# Property tests (hypothesis) for Solitario Solar, both decks: random legal play keeps every
# card exactly once, undo is exact, the move list is exactly what check() accepts, and the loss
# search agrees with a plain unbounded search: a "lost" verdict is never wrong, a rescue it
# finds really launches a rocket.
import array

from hypothesis import given, settings, strategies as st

from engine.game import MAX_MOVES, NO_MOVE, OK, PLAYING, LOST, pack
from engine.solar import Game, PILES, STOCK, WASTE, TURN
from engine.solar_search import RESCUE, NO_RESCUE, CANT_TELL

FEW = settings(max_examples=25, deadline=None)
profiles = st.integers(0, 1)
numbers = st.integers(1, 2 ** 30 - 1)
choices = st.lists(st.integers(0, 10 ** 6), min_size=0, max_size=150)
EVERY_MOVE = [pack(s, d, c) for s in range(PILES) for d in range(PILES) for c in (0, 1, 2)]


def position(g):
    return (tuple(bytes(g.card(p, i) for i in range(g.count(p))) for p in range(PILES)),
            g.moves, g.wasted, g.home, g.pending, g.fits, g.emergency)


def play(g, picks):
    # each pick chooses one legal move; odd picks follow the hint instead, so play gets deep
    # into a deal (emergencies, stations, an empty stock)
    buf = array.array("H", range(MAX_MOVES))
    played = 0
    for pick in picks:
        if g.status() != PLAYING:
            break
        n = g.legal_moves(buf)
        if n == 0:
            break
        m = g.hint() if pick % 2 else NO_MOVE
        if m == NO_MOVE:
            m = buf[pick % n]
        assert g.apply(m)
        played += 1
    return played


def all_cards(g):
    return sorted(g.card(p, i) for p in range(PILES) for i in range(g.count(p)))


@FEW
@given(profiles, numbers, choices)
def test_random_legal_play_keeps_every_card_of_the_deck_exactly_once(prof, number, picks):
    g = Game(0, prof)
    g.deal(number)
    buf = array.array("H", range(MAX_MOVES))
    for pick in picks:
        n = g.legal_moves(buf)
        if n == 0:
            break
        assert g.apply(buf[pick % n])
        assert all_cards(g) == list(range(g.deck))
        assert g.wasted == sum(1 for i in range(g.count(WASTE)) if g.is_rocket(g.card(WASTE, i)))


@FEW
@given(profiles, numbers, choices)
def test_legal_moves_are_exactly_the_moves_check_accepts(prof, number, picks):
    g = Game(0, prof)
    g.deal(number)
    buf = array.array("H", range(MAX_MOVES))
    for k in range(0, len(picks) + 1, 10):
        g.deal(number)
        play(g, picks[:k])
        n = g.legal_moves(buf)
        listed = sorted(buf[:n])
        assert len(set(listed)) == n
        assert listed == sorted(m for m in EVERY_MOVE if g.check(m) == OK)
        assert all(g.check(m) < len(g.REASONS) for m in EVERY_MOVE)


@FEW
@given(profiles, numbers, choices)
def test_apply_then_undo_of_every_legal_move_is_an_identity_and_redo_replays_it(prof, number,
                                                                              picks):
    g = Game(0, prof)
    g.deal(number)
    play(g, picks)
    buf = array.array("H", range(MAX_MOVES))
    n = g.legal_moves(buf)
    before = position(g)
    for m in list(buf[:n]):
        assert g.apply(m)
        after = position(g)
        assert g.undo()
        assert position(g) == before
        assert g.redo()
        assert position(g) == after
        assert g.undo()


@FEW
@given(profiles, numbers, choices)
def test_undo_after_any_sequence_restores_the_deal_and_redo_all_comes_back(prof, number, picks):
    g = Game(0, prof)
    g.deal(number)
    start = position(g)
    play(g, picks)
    end = position(g)
    while g.undo():
        pass
    assert position(g) == start and not g.can_undo()
    while g.redo():
        pass
    assert position(g) == end


# ---- the loss search against a plain one ----------------------------------------------------

def plain_search(g, limit=1500):
    # breadth-first over every position the legal moves reach (no turn: the stock is empty),
    # exact positions remembered in a set; True if some move launches a wasted rocket, False
    # if none can, None if more than `limit` positions
    buf = array.array("H", range(MAX_MOVES))
    wasted = g.wasted
    seen = {position(g)[0]}
    frontier = [[]]
    while frontier:
        nxt = []
        for path in frontier:
            for m in path:
                assert g.apply(m)
            n = g.legal_moves(buf)
            for m in list(buf[:n]):
                assert g.apply(m)
                launched = g.wasted < wasted
                key = position(g)[0]
                g.undo()
                if launched:
                    for _ in path:
                        g.undo()
                    return True
                if key not in seen:
                    seen.add(key)
                    nxt.append(path + [m])
            for _ in path:
                g.undo()
        if len(seen) > limit:
            return None
        frontier = nxt
    return False


def stuck_endgame(prof, number, picks):
    # play on until the stock is empty with a rocket in the waste, or None
    g = Game(0, prof)
    g.deal(number)
    buf = array.array("H", range(MAX_MOVES))
    for pick in picks * 4:
        if g.count(STOCK) == 0 and g.wasted:
            return g
        n = g.legal_moves(buf)
        if n == 0 or g.home == 15:
            return None
        m = TURN if TURN in buf[:n] and pick % 3 else buf[pick % n]
        assert g.apply(m)
    return None


@settings(max_examples=30, deadline=None)
@given(profiles, numbers, st.lists(st.integers(0, 10 ** 6), min_size=40, max_size=80))
def test_the_loss_search_never_calls_a_position_lost_that_a_plain_search_can_rescue(
        prof, number, picks):
    g = stuck_endgame(prof, number, picks)
    if g is None:
        return
    verdict = g._run(300, False)
    truth = plain_search(g)
    if verdict == NO_RESCUE:
        assert truth is not True  # (a loss proved before any search may have many positions)
    if verdict == RESCUE:
        assert truth is not False  # (the plain search may stop at its limit first)
    if truth is False:
        assert verdict in (NO_RESCUE, CANT_TELL)
        assert g.status() in (LOST, PLAYING)
        assert (g.status() == LOST) == (g.verdict == NO_RESCUE)


@settings(max_examples=30, deadline=None)
@given(profiles, numbers, st.lists(st.integers(0, 10 ** 6), min_size=40, max_size=80))
def test_following_the_hint_from_a_rescue_launches_a_wasted_rocket(prof, number, picks):
    g = stuck_endgame(prof, number, picks)
    if g is None or g.status() != PLAYING or g.verdict != RESCUE:
        return
    wasted = g.wasted
    for _ in range(300):
        m = g.hint()
        assert m != NO_MOVE and g.check(m) == OK
        assert g.apply(m)
        if g.wasted < wasted:
            return
    raise AssertionError("the rescue did not launch a rocket")
