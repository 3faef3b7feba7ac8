# The Terrace play screen driven by keys, checked on the simulator's pixels: base choice,
# cursor, moves, illegal drops, undo, hint, quick play, stock, game over (rules: terrace.md).
import pytest

from engine.game import (
    NO_MOVE, REASONS, PLAYING, WON, LOST, move_src, move_dst, move_count, pack,
    KIND_TABLEAU, KIND_FOUNDATION,
)
from solitaire import keys as K
from solitaire import terrace_view
from tests.test_terrace_view_harness import (
    Harness, MODES, PICK_BASE, choose_base, cards_on_screen_match, panel_rgb, first_legal,
)

YELLOW = panel_rgb(terrace_view.CURSOR_COLOUR)
MAGENTA = panel_rgb(terrace_view.MARK_COLOUR)
CYAN = panel_rgb(terrace_view.PICK_COLOUR)


def status_area(h):
    return (0, h.screen.height - h.view.status_h, h.screen.width, h.view.status_h)


def advance_to(h, want, limit=300):
    """Play hint moves with keys until the hint is a move `want` accepts; return it."""
    for _ in range(limit):
        m = h.game.hint()
        assert m != NO_MOVE, "deal ran out before the wanted move"
        if getattr(h.game, "base", 1) != 0 and want(m):
            return m
        h.play(m)
    raise AssertionError("no such move")


def single_tableau_move(h):
    v = h.view
    return lambda m: (v.kind[move_dst(m)] == KIND_TABLEAU and move_count(m) == 1
                      and move_src(m) != v.stock and move_dst(m) != v.stock)


@pytest.mark.parametrize("variant", MODES)
@pytest.mark.parametrize("profile", (0, 1))
def test_every_mode_starts_and_the_base_is_chosen(variant, profile):
    h = Harness(variant, profile, deal=3)
    if variant in PICK_BASE:
        # "player picks 1 of 4": the four candidates are framed and the status line asks
        assert h.game.base == 0
        assert h.view.status_text.startswith("Pick a base card")
        assert h.colour_count(MAGENTA) > 100
        before = h.pile_pixels(h.view.foundation)
        assert h.press(K.A) == 0
        assert h.game.base != 0
        assert h.pile_pixels(h.view.foundation) != before
        assert h.colour_count(MAGENTA) == 0
    else:
        assert h.game.base != 0
        assert h.colour_count(MAGENTA) == 0
    assert "B:" in h.view.status_text
    cards_on_screen_match(h.view, h.game)


def test_the_cursor_moves_and_is_drawn_where_it_is():
    h = Harness(2, 0, deal=4)
    v = h.view
    start = v.cursor
    assert h.colour_count(YELLOW, h.pile_rect(start)) > 20
    h.press(K.RIGHT)
    assert v.cursor != start
    assert h.colour_count(YELLOW, h.pile_rect(start)) == 0
    assert h.colour_count(YELLOW, h.pile_rect(v.cursor)) > 20
    # only the two frames' neighbourhoods were redrawn
    assert sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in h.areas) < 160 * 128 // 5


@pytest.mark.parametrize("variant", MODES)
def test_left_right_alone_reach_every_pile(variant):
    h = Harness(variant, 0, deal=2)
    seen = set()
    for _ in range(h.game.pile_count):
        seen.add(h.view.cursor)
        h.press(K.RIGHT)
    assert seen == set(range(h.game.pile_count))
    for _ in range(h.game.pile_count):
        h.press(K.LEFT)
        seen.discard(h.view.cursor)
    assert not seen


def test_a_picks_up_and_drops_a_card_and_the_screen_follows():
    h = Harness(0, 0, deal=5)
    choose_base(h)
    m = advance_to(h, single_tableau_move(h))
    src, dst = move_src(m), move_dst(m)
    before = h.frame()
    n_src, n_dst = h.game.count(src), h.game.count(dst)
    h.go(src)
    h.press(K.A)
    assert h.view.held == src
    assert h.colour_count(CYAN, h.pile_rect(src)) > 20
    h.go(dst)
    h.press(K.A)
    assert h.game.count(dst) == n_dst + 1 and h.game.count(src) == n_src - 1
    after = h.frame()
    assert h.pile_pixels(src, before) != h.pile_pixels(src, after)
    assert h.pile_pixels(dst, before) != h.pile_pixels(dst, after)
    assert h.colour_count(CYAN) == 0
    cards_on_screen_match(h.view, h.game)


def test_an_illegal_drop_changes_nothing_and_says_why():
    h = Harness(0, 0, deal=5)
    choose_base(h)
    v = h.view
    g = h.game
    # the waste card onto a tableau pile it doesn't fit
    src = v.waste
    dst = next(p for p in v.tableau if g.count(p) and g.check(pack(src, p, 1)))
    reason = g.check(pack(src, dst, 1))
    cards = [[g.card(p, i) for i in range(g.count(p))] for p in range(g.pile_count)]
    h.go(dst)
    h.press(K.B) if v.held >= 0 else None
    piles_before = [h.pile_pixels(p) for p in range(g.pile_count)]
    h.go(src)
    h.press(K.A)
    h.go(dst)
    h.press(K.A)
    assert [[g.card(p, i) for i in range(g.count(p))] for p in range(g.pile_count)] == cards
    assert v.held == -1  # the card went back
    assert not v.message.hidden and v.msg_text == REASONS[reason]
    box = panel_rgb(terrace_view.MESSAGE_BOX)
    assert h.colour_count(box) > 200
    # the message goes after a moment
    h.now += 5000
    assert v.tick(h.now) is True
    assert v.message.hidden
    h.screen.refresh()
    # and every pile looks as before (the cursor frame is on dst in both pictures)
    assert [h.pile_pixels(p) for p in range(g.pile_count)] == piles_before


@pytest.mark.parametrize("variant", (0, 3, 4))
def test_b_undoes_and_the_screen_is_exactly_as_before(variant):
    h = Harness(variant, 0, deal=6)
    choose_base(h)
    m = advance_to(h, single_tableau_move(h))
    h.go(move_dst(m))
    snapshot = h.frame()
    h.play(m)
    assert h.frame() != snapshot
    h.press(K.B)
    assert h.frame() == snapshot


def test_b_cancels_a_pick_up_first():
    h = Harness(0, 0, deal=5)
    choose_base(h)
    h.go(h.view.waste)
    h.press(K.A)
    assert h.view.held == h.view.waste
    moves = h.game.moves
    h.press(K.B)
    assert h.view.held == -1 and h.game.moves == moves


def test_select_shows_the_hint_source_and_destination():
    h = Harness(2, 0, deal=7)
    m = h.game.hint()
    assert m != NO_MOVE
    h.press(K.SELECT)
    assert not h.view.message.hidden and h.view.msg_text.startswith("Hint")
    src, dst = move_src(m), move_dst(m)
    assert h.colour_count(MAGENTA, h.pile_rect(src)) > 10
    assert h.colour_count(MAGENTA, h.pile_rect(dst)) > 10
    h.press(K.LEFT)
    assert h.colour_count(MAGENTA) == 0


def test_a_long_sends_the_card_to_a_foundation():
    h = Harness(0, 0, deal=5)
    choose_base(h)
    v = h.view
    for _ in range(300):
        src = next((p for p in [v.waste, v.reserve] + v.tableau
                    if h.game.quick_play(p) != NO_MOVE), -1)
        if src >= 0:
            break
        h.play(h.game.hint())
    assert src >= 0
    score = h.game.score()
    h.go(src)
    line = h.crop(*status_area(h))
    h.press(K.A_LONG)
    assert h.crop(*status_area(h)) != line
    assert h.game.score() == score + 1
    assert str(score + 1) + "/104" in v.status_text


def test_a_on_the_stock_deals_one_card():
    h = Harness(3, 0, deal=8)  # Signora never locks the stock
    v = h.view
    n = h.game.count(v.stock)
    before = h.pile_pixels(v.waste)
    h.go(v.stock)
    h.press(K.A)
    assert h.game.count(v.stock) == n - 1
    assert terrace_view.STOCK_ICON + str(n - 1) in v.status_text
    assert h.pile_pixels(v.waste) != before


def test_start_asks_for_the_pause_menu():
    h = Harness(0, 0, deal=1)
    assert h.press(K.START) == terrace_view.PAUSE


def test_the_stock_lock_is_shown():
    # by-hand modes: a card dealt while a tableau pile is empty locks the stock
    for deal in range(1, 60):
        h = Harness(2, 0, deal=deal)
        for _ in range(60):
            if h.game.locked:
                break
            m = h.game.hint()
            if m == NO_MOVE:
                break
            h.play(m)
        if h.game.locked:
            assert h.view.status_text.endswith(terrace_view.LOCK_ICON)
            return
    pytest.skip("no locked stock found")


def test_autoplay_sends_every_available_card_home():
    h = Harness(0, 0, deal=5, autoplay=True)
    choose_base(h)
    v = h.view
    for _ in range(40):
        m = h.game.hint()
        if m == NO_MOVE:
            break
        h.play(m)
        if h.game.status() != PLAYING:
            break
        assert all(h.game.quick_play(p) == NO_MOVE for p in [v.waste, v.reserve] + v.tableau)


def test_the_game_ends_with_over():
    for deal in range(1, 40):
        h = Harness(2, 0, deal=deal)
        r = 0
        for _ in range(400):
            m = h.game.hint()
            if m == NO_MOVE:
                break
            r = h.play(m)
            if r == terrace_view.OVER:
                break
        if r == terrace_view.OVER:
            assert h.game.status() in (WON, LOST)
            # undo out of it is still possible with B
            h.press(K.B)
            return
    pytest.fail("no game reached its end")


def test_literal_a_again_on_the_same_pile_takes_a_bigger_group():
    # literal profile: groups move; the 4-button board reaches them with A, A, ...
    for deal in range(1, 200):
        h = Harness(2, 1, deal=deal)
        g = h.game
        for _ in range(120):
            p = next((q for q in h.view.tableau if g.pickable(q, 2)), -1)
            if p >= 0:
                h.go(p)
                h.press(K.A)
                assert h.view.held_n == 1
                h.press(K.A)
                assert h.view.held_n == 2
                assert h.colour_count(CYAN, h.pile_rect(p)) > 20
                h.press(K.B)
                # UP chooses the same group before the pick-up
                h.press(K.UP)
                assert h.view.depth == 2
                return
            m = g.hint()
            if m == NO_MOVE:
                break
            h.play(m)
    pytest.skip("no literal group found")


def test_general_patience_redeal_with_a_on_the_stock():
    for deal in range(1, 60):
        h = Harness(1, 0, deal=deal)
        choose_base(h)
        g = h.game
        v = h.view
        for _ in range(200):
            if g.count(v.stock) == 0 and g.redeals_left and g.check(pack(v.waste, v.stock, 0)) == 0:
                n = g.count(v.waste)
                h.go(v.stock)
                h.press(K.A)
                assert g.redeals_left == 0
                assert g.count(v.stock) >= n - 1
                return
            if g.locked or g.count(v.stock) == 0:
                m = g.hint()
                if m == NO_MOVE:
                    break
                h.play(m)
            else:
                h.go(v.stock)
                h.press(K.A)
    pytest.skip("no redeal position found")
