# Klondike's table (solitaire/klondike_view.py) on every board: the renderer's two pile kinds it
# brought (layout_cards.py UNDER: face-down cards under face-up ones, fanned at half a head's
# pitch; STRIPS spreading only draw three's last turn) with the longest pile there can be (6 face
# down under a King's 13 in the last tableau pile: rules §1, §4) showing every face-up card's
# rank and suit, nothing off screen; no display object made by a move; a game played from the
# menus to its win and its result on every board; autoplay only of cards no tableau card wants.
import pytest

from engine import klondike
from engine.game import NO_MOVE, WON, pack
from engine.registry import FAMILIES, find
from sim import solver_klondike
from sim.solver import Solver
from solitaire import keys as K
from solitaire import klondike_view as V
from solitaire.layout import FIELDS
from tests.positions import set_pile
from tests.test_app_helpers import BOARDS, host, past_notices, start_game

KLONDIKE = find("klondike")
DRAW_ONE, DRAW_THREE = 0, 1
_ROW, _COL, _HALF = 2, 1, 6  # a place's fields (solitaire/layout.py, layout_cards.py)


def test_the_views_pile_numbers_are_the_engines():
    assert (V._STOCK, V._WASTE, V._FOUNDATION, V._TABLEAU, V._PILES) == (
        klondike.STOCK, klondike.WASTE, klondike.FOUNDATION, klondike.TABLEAU, klondike.PILES)
    assert klondike.REASONS[17] == "That card is face down"  # (refuse(): a face-down card)


def test_the_registry_row_is_the_engines_modes_and_profiles():
    row = FAMILIES[KLONDIKE]
    assert (row.variants, row.profiles, row.deck) == (klondike.VARIANTS, klondike.PROFILES,
                                                      "french")


def longest(g):
    # the longest pile there can be in the last tableau pile: its 6 face-down cards under a King
    # dealt face up and built down to the Ace (spades and hearts); the waste holds the three
    # cards a turn of draw three brought, one card on each other tableau pile, the stock the rest
    run = [(2 if k % 2 == 0 else 3) * 13 + 12 - k for k in range(13)]
    rest = [c for c in range(52) if c not in run]
    for p in range(klondike.PILES):
        set_pile(g, p, [])
    for i in range(7):
        g.down[i] = 0
    set_pile(g, klondike.TABLEAU + 6, rest[:6] + run)
    g.down[6] = 6
    for i in range(6):
        set_pile(g, klondike.TABLEAU + i, [rest[6 + i]])
    set_pile(g, klondike.WASTE, rest[12:15])
    g.fanned = 3
    set_pile(g, klondike.STOCK, rest[15:])
    return run


def _table(h, v):
    past_notices(h)
    h.start(KLONDIKE, v, 0, 5)
    return h.screen


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("v", (DRAW_ONE, DRAW_THREE))
def test_the_longest_pile_shows_every_face_up_cards_rank_and_suit_on_screen(board, v):
    with host(board) as h:
        s = _table(h, v)
        g = h.game
        run = longest(g)
        s.redraw(-1)
        view = s.view
        t = s.table
        p = klondike.TABLEAU + 6
        at = FIELDS * p
        grid = view.grids[view.place[at]]
        col, row = view.place[at + _COL], view.place[at + _ROW]
        # the six face-down cards: backs two to a row of the half-height grid, then the run from
        # the row under them, every card's head (rank, suit), the Ace whole
        half = view.grids[view.place[at + _HALF]]
        assert (half.x, half.y, half.tile_height) == (grid.x, grid.y + row * t.th, t.th // 2)
        back = [half[col, 2 * row + k] for k in range(6)]
        assert len(set(back)) == 1 and back[0] != 0
        first = row + 3
        for i, c in enumerate(run):
            assert (grid[col, first + i], grid[col + 1, first + i]) == view.head(c), (board, i)
        assert grid[col, first + 13] == view.foot(p, run[-1])
        # all of it on screen, above the status line, and the cursor's frame round the Ace
        x, y, cols, rows = view.rect(p, 13)
        assert (rows, y) == (14, grid.y + first * t.th)
        assert 0 <= x and x + cols * t.tw <= t.width
        assert y + rows * t.th <= t.height - t.status_h
        for q in range(g.pile_count):
            x, y, cols, rows = view.rect(q, 1)
            assert 0 <= x and x + cols * t.tw <= t.width and y + rows * t.th <= t.height - t.status_h
        # the waste: draw three spreads the turn's three (two strips, the top whole), draw one
        # shows its top card alone
        w = klondike.WASTE
        wg = view.grids[view.place[FIELDS * w]]
        wc, wr = view.place[FIELDS * w + _COL], view.place[FIELDS * w + _ROW]
        cards = [g.card(w, i) for i in range(3)]
        if v == DRAW_THREE:
            assert [wg[wc + i, wr] for i in range(2)] == [view.strip(c)[0] for c in cards[:2]]
            assert [wg[wc + i, wr + 1] for i in range(2)] == [view.strip(c)[1] for c in cards[:2]]
            assert (wg[wc + 2, wr], wg[wc + 3, wr]) == view.head(cards[2])
            g.fanned = 1  # (the two under it played: the top card alone, at the first place)
            view.draw(w)
            assert (wg[wc, wr], wg[wc + 1, wr]) == view.head(cards[2])
            assert [wg[wc + 2 + i, wr] for i in range(2)] == [0, 0]
        else:
            assert (wg[wc, wr], wg[wc + 1, wr]) == view.head(cards[2])


def test_a_pile_with_an_odd_number_face_down_shows_the_last_ones_head_row_whole():
    with host("pybadge") as h:
        s = _table(h, DRAW_ONE)
        view = s.view
        for p in range(klondike.TABLEAU, klondike.PILES):
            d = h.game.down[p - klondike.TABLEAU]
            at = FIELDS * p
            half = view.grids[view.place[at + _HALF]]
            col = view.place[at + _COL]
            tiles = [half[col, k] for k in range(6)]
            top = tiles[0]
            want = [top] * d + ([top + 8] if d % 2 else []) + [0] * 6  # (8 tiles a sheet row)
            assert tiles == want[:6], (p, d)
            grid = view.grids[view.place[at]]
            c = h.game.top(p)
            assert (grid[col, (d + 1) // 2], grid[col + 1, (d + 1) // 2]) == view.head(c)


def test_a_move_makes_no_display_object_and_a_turn_up_redraws_the_pile():
    with host("pybadge") as h:
        s = _table(h, DRAW_THREE)
        g = h.game
        before = [len(s.table.piles), len(s.table.group)]
        buf = s.moves
        played = 0
        for _ in range(40):
            m = g.hint()
            if m == NO_MOVE:
                break
            h.play(m)
            played += 1
        assert played > 5
        assert [len(s.table.piles), len(s.table.group)] == before
        from tests.test_app_helpers import assert_table_matches_engine  # noqa: F401

        for p in range(klondike.TABLEAU, klondike.PILES):  # every pile as the engine has it
            d = g.down[p - klondike.TABLEAU]
            at = FIELDS * p
            grid = s.view.grids[s.view.place[at]]
            col = s.view.place[at + _COL]
            n = g.count(p)
            for i in range(d, n - 1):
                assert (grid[col, (d + 1) // 2 + i - d],
                        grid[col + 1, (d + 1) // 2 + i - d]) == s.view.head(g.card(p, i))
        del buf


def test_autoplay_sends_home_only_cards_no_tableau_card_wants():
    with host("pybadge") as h:
        s = _table(h, DRAW_ONE)
        g = h.game
        longest(g)
        # the Two of spades on a pile, its Ace home: safe (nothing can want a Two)
        set_pile(g, klondike.FOUNDATION, [26])
        set_pile(g, klondike.TABLEAU, [27])
        assert s.view.auto(klondike.TABLEAU) == pack(klondike.TABLEAU, klondike.FOUNDATION, 1)
        # a Five of spades whose suit is home to the Four, the other suits not begun: a red Four
        # could want it, so it waits for the player
        set_pile(g, klondike.FOUNDATION, [26, 27, 28, 29])
        set_pile(g, klondike.TABLEAU, [30])
        assert g.quick_play(klondike.TABLEAU) != NO_MOVE
        assert s.view.auto(klondike.TABLEAU) == NO_MOVE


def _winning_line(v, deal):
    g = klondike.Game(v, 0)
    g.deal(deal)
    r = Solver(g, solver_klondike).solve(5000, seed=deal)
    assert r.status == "won"
    return r.line


# a deal the solver wins at once, each board playing one mode
PLAYTHROUGH = {"pybadge": (DRAW_THREE, 3), "pygamer": (DRAW_ONE, 6), "pico320": (DRAW_THREE, 6),
               "picosystem": (DRAW_ONE, 10), "picodisplay": (DRAW_THREE, 10)}


@pytest.mark.parametrize("board", BOARDS)
def test_a_game_plays_from_the_menus_to_its_win_and_result_on_every_board(board):
    v, deal = PLAYTHROUGH[board]
    line = _winning_line(v, deal)
    with host(board) as h:
        # (autoplay off: the solver's line is every move, the player's keys make each one)
        start_game(h, variant=v, family=KLONDIKE, deal=deal, autoplay=False)
        assert h.game.number == deal and type(h.screen.view).__module__ == "solitaire.klondike_view"
        for m in line:
            before = h.game.version
            h.play(m)
            assert h.game.version != before, (board, hex(m))
        assert h.game.status() == WON and h.screen.over
        assert h.message().startswith("You won!")
        score = h.game.score()
        h.press(K.A)  # the celebration, if any, ends: the result, in a box over the table
        h.settle()
        if h.screen.box is None:
            h.press(K.A)
        assert h.screen.box[0].startswith("You won! Score " + str(score))
        # counted in the mode's statistics: one game played, one won
        from solitaire.store_stats import stats

        played, won = stats(h.app.store, KLONDIKE, v, 0)[:2]
        assert (played, won) == (1, 1)


def _down_counts(g):
    return list(g.down)


def test_a_game_resumed_after_the_power_goes_has_its_face_down_cards_and_undoes_to_its_deal(
        tmp_path):
    # the save keeps each pile's face-down count (engine/klondike.py SAVED): the table resumed
    # shows the same backs, and undo turns each card turned up face down again
    from tests.apphost import piles

    positions = []
    with host("pybadge", data_dir=tmp_path) as h:
        start_game(h, variant=DRAW_THREE, family=KLONDIKE, deal=3, autoplay=False)
        for m in _winning_line(DRAW_THREE, 3)[:30]:
            positions.append((piles(h.game), _down_counts(h.game), h.game.fanned))
            h.play(m)
        end = (piles(h.game), _down_counts(h.game), h.game.fanned, h.game.score())
        h.idle(3100)  # the save after 3 s without a key; then the power goes
    with host("pybadge", data_dir=tmp_path) as h:
        past_notices(h)
        h.press(K.A)  # Resume
        g = h.game
        assert (piles(g), _down_counts(g), g.fanned, g.score()) == end
        view = h.screen.view
        for p in range(klondike.TABLEAU, klondike.PILES):  # the backs as the engine has them
            half = view.grids[view.place[FIELDS * p + _HALF]]
            col = view.place[FIELDS * p + _COL]
            assert sum(1 for k in range(6) if half[col, k]) == g.down[p - klondike.TABLEAU] + (
                g.down[p - klondike.TABLEAU] & 1)
        for want in reversed(positions):
            h.press(K.B)
            assert (piles(g), _down_counts(g), g.fanned) == want
