# A firmware built without vectorio still shows the game: solitaire.shapes falls back to
# one-colour bitmaps, and every screen draws as it does with vectorio's rectangles - the menus'
# backgrounds and highlight bar, each family's table, the box over it - pixel for pixel.
import sys

import pytest

from engine.registry import FAMILIES
from solitaire import keys as K

from tests.test_app_helpers import host, past_notices, reachable, start_game


def _shapes(h):
    # the vectorio shapes on the display now
    return [o for o in reachable(h.app.display.root_group).values()
            if type(o).__module__.startswith("vectorio")]


def _screens(board):
    # (what, frame) for the title, a menu with the bar moved, and each family's table and
    # pause box (deal 7), and how many vectorio shapes the screens showed
    out = []
    shapes = 0
    with host(board) as h:
        past_notices(h)
        out.append(("title", h.frame()))
        shapes += len(_shapes(h))
        h.press(K.DOWN)
        out.append(("title, bar on the second row", h.frame()))
        for f in range(len(FAMILIES)):
            if f:
                h.app.quit_to_menu()
                h.settle()
            start_game(h, 0, family=f, deal=7)
            out.append((FAMILIES[f].key + " table", h.frame()))
            h.press(K.START)
            out.append((FAMILIES[f].key + " pause box", h.frame()))
            shapes += len(_shapes(h))
    return out, shapes


@pytest.mark.parametrize("board", ["pybadge", "pico320"])
def test_without_vectorio_every_screen_draws_as_with_it(board, monkeypatch):
    with_vectorio, shapes = _screens(board)
    assert shapes >= 4
    monkeypatch.setitem(sys.modules, "vectorio", None)  # `import vectorio` fails
    without, shapes = _screens(board)
    assert shapes == 0
    assert [what for what, _ in without] == [what for what, _ in with_vectorio]
    for (what, frame), (_, expected) in zip(without, with_vectorio):
        assert frame == expected, what
    # (the frames differ from one another: the comparison is not of blank screens)
    assert len(set(frame for _, frame in with_vectorio)) == len(with_vectorio)
