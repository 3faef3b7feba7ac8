# What stays loaded is what the screen shown declares (docs/memory.md "One screen's code at a
# time"): after every step of the app, in every family, the program's modules in sys.modules are
# exactly the core's (solitaire/app.py CORE, those loaded) and the ones the screen declares
# (solitaire/app.py settle(): a list screen's MODULES and its page's modules, a table's MODULES,
# its view module's MODULES and its box's). Exactly: nothing undeclared stays (a module loaded
# for a call goes at the end of its step), and nothing declared is missing (a declaration that
# names a module the screen does not load is wrong, and so is one the screen loads and drops).
import sys

import pytest

from engine.registry import FAMILIES
from solitaire import keys as K
from tests.test_app_helpers import choose, hint_out, host, items, past_notices

OURS = ("solitaire.", "engine.", "adafruit_bitmap_font")


def _ours():
    return set(m for m in sys.modules if m.startswith(OURS))


def _declared(app):
    from solitaire.app import CORE

    keep = set(app.screen.modules()) if app.screen is not None else set()
    if app.sound is not None:
        keep.add("solitaire.sound")
    return keep, set(m for m in CORE if m.startswith(OURS))


def _warm(app):
    # what the menus keep of the last table (App.warm_*: the code every table runs and the
    # last family's view and engine), on a list screen only
    if app.screen is not app.list_screen:
        return set()
    from solitaire import play

    assert app.warm_table in ((), play.MODULES)
    assert not app.warm_family or app.warm_family[0].endswith("_view")
    return set(app.warm_table + app.warm_family)


class Watch:
    """Checks the modules after every step of the app; notes what each kind of screen had."""

    def __init__(self, h):
        self.h = h
        self.steps = 0
        self.seen = {}  # what the screen showed ("table", "box", "page title") -> modules declared
        self.real = h.app.step
        h.app.step = self.step

    def step(self, now):
        dirty = self.real(now)
        self.check()
        return dirty

    def check(self):
        app = self.h.app
        loaded = _ours()
        declared, core = _declared(app)
        extra = loaded - core - declared - _warm(app)
        assert not extra, "loaded, not declared by %r: %s" % (self.kind(), sorted(extra))
        missing = declared - loaded  # (what the menus keep is kept once loaded: loaded ahead)
        assert not missing, "declared by %r, not loaded: %s" % (self.kind(), sorted(missing))
        self.seen.setdefault(self.kind(), set()).update(declared)
        self.steps += 1

    def kind(self):
        s = self.h.app.screen
        page = getattr(s, "page", None)
        if page is not None:
            return "page " + page.title
        if s.box is not None:
            return "box " + s.box[0]
        return "table"


@pytest.mark.parametrize("family", range(len(FAMILIES)))
def test_every_screen_keeps_loaded_exactly_the_modules_it_declares(family):
    row = FAMILIES[family]
    with host("pybadge") as h:
        w = Watch(h)
        w.check()  # the first screen, as start-up leaves it
        past_notices(h)
        choose(h, "Statistics")
        h.press(K.B)
        choose(h, "Controls")
        h.press(K.B)
        choose(h, "New game")
        choose(h, row.name)
        choose(h, row.variants[0])
        choose(h, "How to play")
        h.press(K.B)
        choose(h, "Deal: ")
        h.press(K.B)
        choose(h, "Start game")
        h.settle()
        for _ in range(10):  # moves through the table's own move path (with their slides)
            if h.screen.over:
                break
            assert h.screen.play_hint()
            h.settle()
        h.press(K.START)
        choose(h, "How to play")
        h.press(K.DOWN)
        h.press(K.B)
        choose(h, "Can I still win?")
        h.idle(2000)  # (the answer's message goes)
        h.press(K.START)
        choose(h, "Quit to menu")
        choose(h, "Yes")
        choose(h, "Resume")
        h.settle()
        hint_out(h)
        h.idle(3000)  # (a win's celebration: every card flies)
        h.press(K.A)  # the result
        assert any(r == "Menu" for r in items(h)), items(h)
        if "Statistics" in items(h):
            choose(h, "Statistics")
            h.press(K.A)  # Back
        choose(h, "Menu")
        assert h.screen.page.title == "SOLITAIRE"
        w.check()
        # the menus keep the last table's code and its family's engine: the next game of the
        # family loads neither again (on a board ~0.03 s a module, sim/board_model.py)
        assert {"solitaire.play", "solitaire." + row.key + "_view", row.module} <= _ours()
    # every kind of screen was checked, and each declared what its kind needs
    table = w.seen["table"]
    view = "solitaire." + row.key + "_view"
    assert {"solitaire.play", "solitaire.table", "solitaire.layout", "solitaire.motion", view,
            row.module} <= table
    assert not [m for m in table if m.startswith(("solitaire.list", "solitaire.menus"))]
    pause = [k for k in w.seen if k.startswith("box ") and "solitaire.boxes" in w.seen[k]]
    assert pause and all("solitaire.boxmenu" in w.seen[k] for k in pause)
    assert [k for k in w.seen if "solitaire.result" in w.seen[k]]
    title = w.seen["page SOLITAIRE"]
    assert {"solitaire.listscreen", "solitaire.menus"} <= title
    assert not [m for m in title if m.startswith(("solitaire.play", "engine." + row.key))]
    assert "solitaire.choose" in w.seen["page " + row.variants[0]]  # (its How to play page)
    assert "solitaire.statspage" in w.seen["page Statistics"]
    assert w.steps > 100


def test_a_module_loaded_for_a_call_goes_at_the_end_of_its_step():
    # the Controls page reads the control scheme from solitaire.howto, which no page declares
    with host("pybadge") as h:
        Watch(h)
        past_notices(h)
        assert "solitaire.howto" not in sys.modules
        choose(h, "Controls")
        assert h.screen.page.title == "Controls"
        assert "solitaire.howto" not in sys.modules
