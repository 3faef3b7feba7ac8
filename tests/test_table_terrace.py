# Terrace's own table (solitaire.terrace_view), named after docs/rules/terrace.md: the base
# card picked from the four candidates or dealt, the stock dealing one card to the waste, the stock
# lock shown, General's Patience's redeal with A on the stock, and every mode played to its end
# with keys, the table showing the engine's piles all the way.
import pytest

from engine.cards import rank
from engine.game import (KIND_TABLEAU, NO_MOVE, PLAYING, REASON_STOCK_LOCKED, WON, move_dst,
                         move_src)
from engine.registry import FAMILIES
from solitaire import keys as K
from solitaire import table
from solitaire.terrace_view import LOCK, RANKS

from tests.test_app_helpers import (MODES, TERRACE, advance, assert_box_clear_of_status,
                                    assert_tiles_match, count, go, hint_out, host, in_frame, play,
                                    read_pile, start_game)

NAMES = FAMILIES[TERRACE].variants
PICK_BASE = (0, 1)  # "player picks 1 of 4"
BY_HAND = (0, 1, 2, 5, 6)  # empty tableau piles by hand: the stock lock applies
NEVER_LOCK = (3, 4)  # Signora, Redheads


def _status(h):
    s = h.screen
    return s.view.words(s.cursor)


@pytest.mark.parametrize("variant", PICK_BASE)
def test_the_player_picks_the_base_card_from_the_four_candidates(variant):
    with host() as h:
        start_game(h, variant, deal=3, autoplay=False)
        g = h.game
        view = h.screen.view
        candidates = [p for p in view.lines[2][:4]]
        assert g.base == 0 and _status(h) == "Pick a base card"
        for p in candidates:  # the four candidates are framed
            assert in_frame(h, table.MARK, p) > 0
        # a pile that is not a candidate refuses
        go(h, g.reserve)
        h.press(K.A)
        assert h.message() == "Pick one of the marked cards" and g.base == 0
        choice = candidates[2]
        card = g.top(choice)
        go(h, choice)
        h.press(K.A)
        assert g.base == rank(card)
        assert read_pile(view, g.first_foundation)[0][0] == rank(card)
        assert count(h, table.MARK) == 0
        assert view.score().startswith("base " + RANKS[rank(card) - 1])


@pytest.mark.parametrize("variant", [v for v in MODES if v not in PICK_BASE])
def test_the_base_card_is_dealt_to_the_first_foundation_in_the_other_modes(variant):
    with host() as h:
        start_game(h, variant, deal=3, autoplay=False)
        g = h.game
        assert g.base != 0 and count(h, table.MARK) == 0
        assert read_pile(h.screen.view, g.first_foundation)[0][0] == g.base
        assert h.screen.view.score().startswith("base " + RANKS[g.base - 1])


def test_a_on_the_stock_deals_one_card_to_the_waste():
    with host() as h:
        start_game(h, 3, deal=8)  # Signora: the stock never locks
        g = h.game
        n = g.count(g.stock)
        top = g.card(g.stock, n - 1)
        go(h, g.stock)
        assert _status(h) == "Stock %d" % n
        h.press(K.A)
        assert g.count(g.stock) == n - 1 and g.top(g.waste) == top
        assert _status(h) == "Stock %d" % (n - 1)
        assert read_pile(h.screen.view, g.waste) == [(rank(top), top // 13 & 3)]


@pytest.mark.parametrize("variant", (0, 2))
def test_the_stock_lock_is_shown_and_a_on_the_locked_stock_says_why(variant):
    # by-hand modes: a card dealt while a tableau pile is empty locks the stock
    for deal in range(1, 30):
        with host() as h:
            start_game(h, variant, deal=deal)
            g = h.game
            if not advance(h, lambda game: game.locked, limit=150):
                continue
            view = h.screen.view
            # wherever the cursor is: a padlock on the stock, and in the status line's right
            for p in (g.first_tableau, g.reserve):
                go(h, p)
                assert view.score().startswith(LOCK + " base ")
                assert read_pile(view, g.stock) == "back locked"
            go(h, g.stock)
            n = g.count(g.stock)
            assert _status(h) == "Stock %d: locked" % n
            h.press(K.A)
            assert g.count(g.stock) == n and h.message() == g.REASONS[REASON_STOCK_LOCKED]
            return
    pytest.fail("no locked stock found")


@pytest.mark.parametrize("variant", NEVER_LOCK)
def test_signora_and_redheads_never_lock_the_stock(variant):
    with host() as h:
        start_game(h, variant, deal=4)
        g = h.game
        view = h.screen.view
        for _ in range(150):
            if hint_out(h, 1) == 0:
                break
            assert not g.locked and LOCK not in view.words(g.stock) + view.score()
            assert "locked" not in read_pile(view, g.stock)


def test_general_patience_turns_the_waste_over_with_a_on_the_empty_stock():
    def before_redeal(game):
        m = game.hint()
        return m != NO_MOVE and move_src(m) == game.waste and move_dst(m) == game.stock
    for deal in range(1, 30):
        with host() as h:
            start_game(h, 1, deal=deal)
            g = h.game
            if not advance(h, before_redeal, limit=300):
                continue
            waste = g.count(g.waste)
            view = h.screen.view
            go(h, g.stock)
            assert g.count(g.stock) == 0 and _status(h) == "Stock 0: A redeal"
            h.press(K.A)
            assert g.redeals_left == 0 and g.second_pass()
            assert g.count(g.stock) + g.count(g.waste) == waste  # one dealt at once
            assert _status(h) == "Stock %d: pass 2" % g.count(g.stock)
            # the stock says which pass it is on, wherever the cursor is
            assert read_pile(view, g.stock).startswith("back pass 2/2")
            h.press(K.B)
            assert read_pile(view, g.stock) == "empty" and g.redeals_left == 1
            return
    pytest.fail("no redeal reached")


@pytest.mark.parametrize("variant", MODES)
def test_every_mode_plays_to_its_end_with_keys_and_the_table_shows_the_engines_piles(variant):
    with host() as h:
        start_game(h, variant, deal=5)
        g = h.game
        view = h.screen.view
        made = 0
        while g.status() == PLAYING and made < 60:  # the first 60 moves with keys
            m = g.hint()
            if m == NO_MOVE:
                break
            play(h, m)
            made += 1
            if made % 20 == 0:
                assert_tiles_match(view, g)
        for _ in range(40):  # the rest through the table's own move path
            hint_out(h, 10)
            assert_tiles_match(view, g)
            if h.screen.over:
                break
        assert g.status() != PLAYING and h.screen.over
        assert_tiles_match(view, g)
        assert_box_clear_of_status(h)
        h.press(K.A)
        head = "You won!" if g.status() == WON else ("No moves left.", "Lost, yet winnable.")
        assert h.screen.box[0].startswith(head) and h.screen.box[0].endswith(" %d" % g.score())


@pytest.mark.parametrize("variant", MODES)
def test_literal_rules_a_again_on_the_picked_pile_takes_a_bigger_group(variant):
    # the four-button board reaches groups with A, A, ...: A on the pile in hand takes one more
    for deal in range(1, 40):
        with host() as h:
            start_game(h, variant, deal=deal, rules="literal")
            g = h.game
            tabs = [p for p in range(g.pile_count) if g.pile_kind(p) == KIND_TABLEAU]
            if g.base == 0:
                h.press(K.A)
            if not advance(h, lambda game: any(game.pickable(p, 2) for p in tabs), limit=100):
                continue
            p = [q for q in tabs if g.pickable(q, 2)][0]
            go(h, p)
            h.press(K.A)
            assert h.screen.held == p and h.screen.held_n == 1
            h.press(K.A)
            assert h.screen.held_n == 2
            assert in_frame(h, table.PICKED, p, 2) == count(h, table.PICKED) > 0
            return
    pytest.fail("no group in these deals")
