# Every text the app can show uses only characters of its font (solitaire.font.GLYPHS: a glyph
# not loaded at start-up is silently not drawn). The strings are found by calling the code: the
# app is walked through every screen, box and message with a font that notes each character it
# is asked for and does not have; the engine's reasons, the views' words and the rules texts are
# asked for directly.
import glob
import os
from array import array

import pytest

from engine.game import move_count
from engine.registry import FAMILIES, import_module
from solitaire import boxmenu
from solitaire import keys as K
from solitaire.font import GLYPHS
from solitaire.store import Store

from tests.test_app_helpers import (BOARDS, MODES, TERRACE, choose, go, has_table, hint_out, host,
                                    items, page, past_notices, play, set_option, start_game)

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib", "solitaire")


class Watch(str):
    """The font's character list, noting every character asked for that it lacks (the table's
    painter, text widths and bitmap_label all look characters up with find)."""

    def find(self, sub, *args):
        i = str.find(self, sub, *args)
        self.asked.add(sub)
        if i < 0 and sub != "\n":  # (a line break is no glyph: test_app_flow checks breaks)
            self.missing.add(sub)
        return i


def _watch(h):
    w = Watch(h.app.font.chars)
    w.asked = set()
    w.missing = set()
    h.app.font.chars = w
    return w


def _outside(texts):
    return {c for t in texts for c in t if c != "\n" and c not in GLYPHS}


def _words(h, texts):
    # what the view can say about every pile now (status line, refusals, hints)
    g = h.game
    view = h.screen.view
    for p in range(g.pile_count):
        texts.update((view.words(p), view.refuse(p, 1), view.refuse(p, 2), view.no_home(p)))
    texts.update((view.stuck(), view.score()))
    texts.update(view.why(code, 0) for code in range(1, len(g.REASONS)))
    buf = array("H", bytes(1024))
    for i in range(g.hints(buf)):
        texts.add(view.name(buf[i], move_count(buf[i])))


def _pause_box(h):
    # every item of the pause box and its questions, the rules in the box page by page
    h.press(K.START)
    for item in ("Restart deal", "New deal", "Quit to menu"):
        choose(h, item)
        choose(h, "No")
    choose(h, "How to play")
    for _ in range(boxmenu.page(h.screen, h.screen.box[1], 0)[1]):
        h.press(K.DOWN)
    h.press(K.B)
    choose(h, "Resume")


def _table_tour(h, texts):
    s = h.screen
    for _ in range(h.game.pile_count):  # the status line over every pile
        h.press(K.RIGHT)
    h.press(K.B, K.REDO)  # nothing to undo / redo
    for _ in range(6):
        h.press(K.SELECT)  # the hints, then "no more"
    for p in list(s.view.order)[:6]:  # A held on the first piles: home, or why not
        go(h, p)
        h.press(K.A_LONG)
    _words(h, texts)
    for r in h.game.REASONS:
        if r:
            s.say(r)  # every reason painted in the box
    _pause_box(h)
    for _ in range(80):  # (hint_out's moves, the words looked at every few)
        if hint_out(h, 5) < 5:
            break
        _words(h, texts)
    hint_out(h)
    h.press(K.A)  # the result box
    choose(h, "Statistics")
    h.press(K.A)
    if "Undo last move" in items(h):
        choose(h, "Undo last move")
        hint_out(h)
        h.press(K.A)
    choose(h, "Menu")


def test_every_text_the_app_shows_uses_only_the_fonts_glyphs(tmp_path):
    texts = set()
    with host("pybadge", data_dir=tmp_path) as h:
        w = _watch(h)
        app = h.app
        menus = app.menus()
        # the store's notices, as open() words them for a blank, foreign, older or damaged NVM
        blank = bytearray(b"\xff" * 8192)
        notes = Store(blank).open()
        notes += Store(bytearray(bytes((i * 7 + 3) & 255 for i in range(8192)))).open()
        notes += Store(bytearray(b"SOL\x02" + bytes(8188))).open()
        app.show_page(menus.notice("Save memory", " ".join(notes), app.title))
        texts.update(notes)
        h.press(K.A)
        app.show_page(menus.foreign(app))
        choose(h, "Erase it")
        choose(h, "No")
        past_notices(h)
        choose(h, "Statistics")  # none yet
        h.press(K.B)
        choose(h, "Controls")
        h.press(K.A, K.A, K.B)
        choose(h, "New game")
        choose(h, FAMILIES[TERRACE].name)
        for v in MODES:
            choose(h, FAMILIES[TERRACE].variants[v])
            for label, values in (("Rules: ", ("literal", "classic")), ("Autoplay: ", ("off", "on")),
                                  ("Colours: ", ("two", "four"))):
                for value in values:
                    set_option(h, label, value)
            choose(h, "Deal: ")
            h.press(K.RIGHT, K.UP, K.UP, K.DOWN, K.UP, K.LEFT, K.A)  # too big: the warning
            assert page(h).warn
            h.press(K.B)
            choose(h, "How to play")
            while page(h).title != FAMILIES[TERRACE].variants[v] or not page(h).items:
                h.press(K.A)
            h.press(K.B)
        h.press(K.B, K.B)
        for v, deal in ((0, 7), (1, 3)):  # a base picked; a redeal and its second pass
            start_game(h, v, deal=deal)
            _table_tour(h, texts)
        for f in range(1, len(FAMILIES)):  # a game of every other family with a table
            if has_table(f):
                start_game(h, len(FAMILIES[f].variants) - 1, family=f, deal=5)
                _table_tour(h, texts)
        # a game left in progress, its save damaged: resume says so
        start_game(h, 2, deal=9)
        play(h, h.game.hint())
        h.press(K.START)
        choose(h, "Quit to menu")
        choose(h, "Yes")
        payload = app.store.saved_payload()
        for i in range(0, 40):
            payload[i] = 0xFF
        choose(h, "Resume")
        assert page(h).title == "Resume"
        h.press(K.A)
        # the statistics of every mode played, their resets asked
        choose(h, "Statistics")
        for row in list(items(h))[:-1]:
            choose(h, row.split(" (")[0])
            choose(h, "Reset these")
            choose(h, "No")
            choose(h, "Back")
        choose(h, "Reset all")
        choose(h, "No")
        h.press(K.B)
        assert w.asked >= set("Hint") and len(w.asked) > 60
        missing = set(w.missing)
        # the watch itself: a character the font lacks is noted
        start_game(h, 0)
        h.screen.say("\u20ac")
        assert "\u20ac" in w.missing
    assert not missing, "characters without a glyph: %r" % sorted(missing)
    assert not _outside(texts), sorted(_outside(texts))


@pytest.mark.parametrize("board", BOARDS)
def test_the_controls_and_rules_pages_of_every_board_use_only_the_fonts_glyphs(board):
    with host(board) as h:
        w = _watch(h)
        past_notices(h)
        choose(h, "Controls")
        h.press(K.B)
        start_game(h, 1)
        _pause_box(h)
        assert len(w.asked) > 40
        assert not w.missing, sorted(w.missing)


def test_the_reasons_of_every_registered_family_use_only_the_fonts_glyphs():
    for row in FAMILIES:
        reasons = import_module(row.module).Game.REASONS
        assert len(reasons) > 10
        assert not _outside(reasons), (row.key, sorted(_outside(reasons)))


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from _strings(v)


def test_the_rules_texts_use_only_the_fonts_glyphs():
    files = sorted(glob.glob(os.path.join(LIB, "howto_*.py")))
    assert len(files) >= 2
    for path in files:
        name = "solitaire." + os.path.basename(path)[:-3]
        module = import_module(name)
        texts = [t for k, v in vars(module).items() if not k.startswith("_") for t in _strings(v)]
        assert len(texts) >= 4, name
        assert not _outside(texts), (name, sorted(_outside(texts)))
