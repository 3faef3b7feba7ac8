# Button mashing through the whole app on every board (in-process, a fixed seed): nothing
# raises, the table always shows the engine's piles, the NVM it leaves starts the next run; and
# no displayio objects pile up over many menu <-> table transitions.
import gc
import random

import displayio
import pytest
import vectorio

from engine.game import NO_MOVE
from engine.registry import FAMILIES
from solitaire import keys as K

from tests.test_app_helpers import (BOARDS, MODES, assert_table_matches_engine, choose, has_table,
                                    host, page, past_notices, play, reachable, start_game)

TABLE_KEYS = ([K.A] * 6 + [K.LEFT, K.RIGHT] * 3 + [K.UP, K.DOWN] * 2
              + [K.B, K.SELECT, K.A_LONG, K.REDO, K.B, K.SELECT] + [K.START])
MENU_KEYS = [K.A] * 4 + [K.DOWN] * 3 + [K.UP, K.LEFT, K.RIGHT, K.B, K.A_LONG, K.START, K.SELECT]


def _on_table(h):
    return page(h) is None


def _key(h, rng):
    if _on_table(h):
        return rng.choice(TABLE_KEYS)
    k = rng.choice(MENU_KEYS)
    p = page(h)
    if k == K.A and p.title == "Choose a game" and not has_table(p.sel):
        # a family registered before its table is written: its start is
        # test_app_flow.py's test_every_registered_family_starts_from_the_menus
        return K.DOWN
    return k


@pytest.mark.parametrize("board", BOARDS)
def test_2000_random_key_presses_through_the_whole_app_never_raise_and_the_table_matches_the_engine(board, tmp_path):
    rng = random.Random(BOARDS.index(board) + 17)
    checked = 0
    games = set()
    screens = set()
    families = [f for f in range(len(FAMILIES)) if has_table(f)]
    with host(board, data_dir=tmp_path, settings={"SOLITAIRE_DEAL": 5}) as h:
        start_game(h, BOARDS.index(board))  # Terrace first
        for i in range(2000):
            h.press(_key(h, rng))
            if rng.random() < 0.03:
                h.idle(rng.choice((200, 700, 3100)))  # the message goes, an idle save
            if i % 250 == 249 and _on_table(h):
                # now and then the pause box's way out, so that the keys see other games
                for _ in range(3):
                    if h.screen.box is not None:
                        h.press(K.B)  # a box closes (the result box goes to the menu)
                if _on_table(h):
                    # every other time to the menu and the next family's game, so that 2000 keys
                    # see four families' tables (the registry's, in turn)
                    way = ("New deal", "Quit to menu", "Restart deal", "Quit to menu")[i // 250 % 4]
                    h.press(K.START)
                    choose(h, way)
                    choose(h, "Yes")
                    if way == "Quit to menu":  # each family with a table in turn
                        f = families[(i // 500 + 1) % len(families)]  # the first: Terrace
                        start_game(h, rng.randrange(len(FAMILIES[f].variants)), family=f)
            screens.add(type(h.screen).__module__)
            if _on_table(h):
                games.add((h.app.gkey, h.game.number))
                if i % 100 == 0:
                    assert_table_matches_engine(h)
                    checked += 1
        if _on_table(h):
            assert_table_matches_engine(h)
            checked += 1
        assert checked >= 5 and len(screens) == 2 and len(games) >= 3, (checked, games)
        assert {g[0][0] for g in games} >= set(families[:4])
        assert h.boot.last_error is None
    # the NVM it left: the next power-on starts and resumes or starts a game
    with host(board, data_dir=tmp_path) as h:
        past_notices(h)
        h.press(K.A)
        if _on_table(h):
            assert_table_matches_engine(h)


KINDS = (displayio.Group, displayio.TileGrid, displayio.Bitmap, displayio.Palette,
         vectorio.Rectangle, vectorio.Polygon, vectorio.Circle)


def _alive():
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, KINDS))


def test_displayio_objects_stay_constant_over_many_menu_and_table_transitions():
    with host() as h:
        root = h.app.display
        on_table, on_title, alive = [], [], []
        for cycle in range(len(MODES)):
            v = MODES[cycle % len(MODES)]
            start_game(h, v, rules="literal" if cycle % 3 == 1 else "classic",
                       colours="two" if cycle % 2 else "four")
            for _ in range(3):
                if h.game.hint() != NO_MOVE:
                    play(h, h.game.hint())
            h.press(K.START)
            choose(h, "How to play")
            h.press(K.DOWN, K.B)
            choose(h, "Resume")
            on_table.append(len(reachable(root.root_group)))
            h.press(K.START)
            choose(h, "Quit to menu")
            choose(h, "Yes")
            choose(h, "Statistics")
            h.press(K.A, K.B)  # a mode's figures, back
            h.press(K.B)
            choose(h, "Controls")
            h.press(K.B)
            assert page(h).title == "SOLITAIRE"
            on_title.append(len(reachable(root.root_group)))
            alive.append(_alive())
        assert len(set(on_table)) == 1, on_table
        assert len(set(on_title)) == 1, on_title
        # every display object made for a screen goes with it (the first title is before
        # any game and any statistics page existed)
        assert len(set(alive[1:])) == 1, alive
