# Button mashing through the whole app, and no displayio objects piling up over many
# menu/play transitions.
import os
import random

import pytest

from sim.runner import run
from solitaire import app as appmod

from tests.test_app_helpers import BOARDS, app, ok, start_keys

BUTTONS = {
    "pybadge": ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT"),
    "pygamer": ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT"),
    "pico320": ("A", "B", "LEFT", "RIGHT"),
}


def random_script(board, n, seed):
    rnd = random.Random(seed)
    names = BUTTONS[board]
    out = []
    for _ in range(n):
        x = rnd.random()
        b = rnd.choice(names)
        if x < 0.70:
            out.append(b)
        elif x < 0.80:
            out.append("hold:%s:%d" % (b, rnd.choice((200, 550, 900))))
        elif x < 0.90:
            out.append("%s+%s" % (b, rnd.choice(names)) if b else b)
        elif x < 0.95:
            out.append("down:%s" % b)
            out.append("up:%s" % b)
        else:
            out.append("wait:%d" % rnd.choice((10, 100, 3500)))
    return " ".join(t for t in out if "+" not in t or t.split("+")[0] != t.split("+")[1])


def cards_match(a):
    # every pile the View draws shows the engine's cards (the play screen's own read-back)
    from tests.test_terrace_view_harness import cards_on_screen_match

    cards_on_screen_match(a.view, a.game)


@pytest.mark.parametrize("board", BOARDS)
def test_2000_random_presses_through_the_whole_app_never_raise(board, tmp_path):
    # start in a game so the presses spend time in play as well as in the menus
    keys = start_keys(board) + " " + random_script(board, 2000, seed=hash(board) & 0xFFFF)
    r = run(board=board, keys=keys, settings={"SOLITAIRE_DEAL": 5}, data_dir=tmp_path)
    ok(r)
    a = app(r)
    assert len(r.frames) >= 2000
    if a.game is not None:
        cards_match(a)
    # and the saved state it left is readable by the next run
    r2 = run(board=board, keys="A", data_dir=tmp_path)
    ok(r2)


COUNT_PROGRAM = '''
import gc
import displayio
import vectorio
from solitaire import app as appmod
from solitaire import boot

KINDS = (displayio.Group, displayio.TileGrid, displayio.Bitmap, displayio.Palette,
         vectorio.Rectangle, vectorio.Polygon, vectorio.Circle)
counts = []
_go = appmod.App.go


def go(self, state, sel=None):
    _go(self, state, sel)
    if state == appmod.TITLE:
        gc.collect()
        # glyph bitmaps the font loads the first time a character is drawn are a cache that
        # stops growing with the character set: not counted
        glyphs = getattr(self.font, "_glyphs", {})
        cached = set(id(g.bitmap) for g in glyphs.values() if g is not None)
        counts.append(sum(1 for o in gc.get_objects() if isinstance(o, KINDS) and id(o) not in cached))


_make = appmod.App._make_game
built = []


def make_game(self, key, number, moves=None):
    old = self.view
    done = _make(self, key, number, moves)
    built.append(self.view is not old)
    return done


appmod.App.go = go
appmod.App._make_game = make_game
boot.main()
'''


def test_displayio_objects_stay_constant_over_many_menu_and_play_transitions(tmp_path):
    program = tmp_path / "count_code.py"
    program.write_text(COUNT_PROGRAM)
    b = "pybadge"
    quit_ = "START UP A"  # pause menu: up from Resume wraps to Quit to menu
    cycle = []
    for literal in (False, True, False, False):
        # a game of Wood, the rules profile toggled now and then (the menu remembers it; a new
        # View each time the profile changes, the old one reused otherwise), a few
        # moves, rules from the pause menu, quit; then Statistics and Controls
        cycle.append(start_keys(b, 6, literal=literal).replace("A A", "DOWN A A", 1))
        cycle.append("LEFT A RIGHT A A START DOWN DOWN DOWN DOWN DOWN A DOWN B UP UP UP UP UP A")
        cycle.append(quit_ + " DOWN DOWN A B DOWN DOWN DOWN A A")
    keys = " ".join(cycle * 3)
    r = run(board=b, code=str(program), keys=keys, settings={"SOLITAIRE_DEAL": 3}, data_dir=tmp_path)
    ok(r)
    counts = r.globals["counts"]
    a = app(r)
    assert a.state == appmod.TITLE
    assert len(counts) >= 30
    # the first TITLE is before any game existed; after that one View is alive, whatever mode
    assert len(set(counts[2:])) == 1, counts
    built = r.globals["built"]
    assert built.count(True) >= 3 and built.count(False) >= 3  # new Views and reused ones
