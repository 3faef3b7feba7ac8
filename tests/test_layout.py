# The one renderer (solitaire/layout.py with layout_cards.py and layout_dominoes.py): every
# family's table is drawn from its declared places, and the cursor's walk comes from those
# positions alone -- LEFT/RIGHT through the lines top to bottom, each left to right; UP/DOWN to
# the nearest pile of the line above or below -- with no family's own table of orders.
import pytest

from engine.registry import FAMILIES
from solitaire import keys as K
from solitaire.layout import FIELDS

from tests.test_app_helpers import go, host, start_game

BOARDS = ("pybadge", "pico320")
FAMILY_KEYS = [f.key for f in FAMILIES]


def _table(board, family):
    h = host(board)
    start_game(h, 0, family=family, deal=7)
    if getattr(h.game, "base", 1) == 0:
        h.press(K.A)  # Terrace: the cursor starts on a base candidate
    return h


def _top_left(view, p):
    x, y = view.rect(p, 1)[:2]
    return x, y


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("family", range(len(FAMILIES)), ids=FAMILY_KEYS)
def test_the_walk_goes_through_the_lines_top_to_bottom_each_left_to_right(board, family):
    with _table(board, family) as h:
        view = h.screen.view
        lines = view.lines
        assert sorted(p for line in lines for p in line) == list(range(h.game.pile_count))
        assert view.order == [p for line in lines for p in line]
        tops = []
        for line in lines:
            xs = [_top_left(view, p)[0] for p in line]
            assert xs == sorted(xs), (line, xs)  # left to right
            tops.append(min(_top_left(view, p)[1] for p in line))
        assert tops == sorted(tops), tops  # the lines top to bottom


@pytest.mark.parametrize("family", range(len(FAMILIES)), ids=FAMILY_KEYS)
def test_right_and_left_follow_the_walk_round_every_pile(family):
    # on a four-button board (on a D-pad they stay on their row: tests/test_app_buttons.py)
    with _table("pico320", family) as h:
        order = h.screen.view.order
        start = h.screen.cursor
        seen = [start]
        for _ in range(len(order)):
            h.press(K.RIGHT)
            seen.append(h.screen.cursor)
        i = order.index(start)
        assert seen == [order[(i + k) % len(order)] for k in range(len(order) + 1)]
        h.press(K.LEFT)
        assert h.screen.cursor == order[(i - 1) % len(order)]


@pytest.mark.parametrize("family", range(len(FAMILIES)), ids=FAMILY_KEYS)
def test_down_goes_to_the_nearest_pile_of_the_next_line(family):
    with _table("pybadge", family) as h:
        view = h.screen.view
        for line in range(len(view.lines)):
            p = view.lines[line][0]
            go(h, p)
            h.press(K.RIGHT, K.LEFT)  # (LEFT/RIGHT forget the column that UP/DOWN keep)
            assert h.screen.cursor == p
            x = view.column(p)[1]
            below = view.lines[(line + 1) % len(view.lines)]
            nearest = min(abs(view.column(q)[1] - x) for q in below)
            h.press(K.DOWN)
            if h.screen.cursor == p:  # a pile of groups: DOWN chose fewer cards first
                continue
            assert h.screen.cursor in below
            assert abs(view.column(h.screen.cursor)[1] - x) == nearest


def test_a_place_is_seven_bytes_a_pile_and_every_pile_has_one():
    for family in range(len(FAMILIES)):
        with _table("pybadge", family) as h:
            view = h.screen.view
            assert len(view.place) == FIELDS * h.game.pile_count
            for p in range(h.game.pile_count):
                grid = view.place[FIELDS * p]
                assert grid < len(view.grids)
