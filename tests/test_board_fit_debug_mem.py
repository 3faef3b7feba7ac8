# SOLITAIRE_DEBUG_MEM = 1 prints the free heap ("mem_free <what>: <bytes>") once at every
# screen change a board owner can see, and at every deal: a new screen (a menu, the table),
# another menu page or the page retitled, a box opened, replaced or closed over the table. A key
# that changes nothing the player would call another screen (a highlight moved, an option
# flipped, the rules box's next page, a hint) prints nothing, and with the setting off nothing
# is printed at all.
import gc
import re

from solitaire import keys as K

from tests.test_app_helpers import choose, host, past_notices

PAUSED = "the pause box"


def _said(capsys):
    # what each mem_free line was printed for, in order
    return re.findall(r"^mem_free (.*): 54321$", capsys.readouterr().out, re.M)


def test_debug_mem_prints_the_free_heap_once_per_page_box_screen_and_deal(capsys, monkeypatch):
    monkeypatch.setattr(gc, "mem_free", lambda: 54321, raising=False)  # (CircuitPython's)
    with host(settings={"SOLITAIRE_DEBUG_MEM": 1}) as h:
        past_notices(h)
        assert _said(capsys)[-1] == "page SOLITAIRE"  # the notice, then the title
        walk = [
            (lambda: choose(h, "New game"), ["page Choose a game"]),
            (lambda: choose(h, "Terrace"), ["page Terrace"]),  # the same page: modes
            (lambda: choose(h, "Falling Stars"), ["page Falling Stars"]),  # the options
            (lambda: choose(h, "Autoplay"), []),  # an option flipped: the same page
            (lambda: h.press(K.B), ["page Terrace"]),
            (lambda: h.press(K.DOWN), []),
            (lambda: choose(h, "Falling Stars"), ["page Falling Stars"]),
            (lambda: choose(h, "Autoplay"), []),  # (back as it was)
            (lambda: choose(h, "How to play"), ["page Falling Stars"]),  # its rules
            (lambda: h.press(K.B), ["page Falling Stars"]),
            (lambda: choose(h, "Deal"), ["page Deal number"]),
            (lambda: h.press(K.B), ["page Falling Stars"]),
            (lambda: choose(h, "Start game"), ["deal", "table"]),
            (lambda: h.press(K.SELECT), []),  # a hint: words on the table
            (lambda: h.press(K.START), [PAUSED]),
            (lambda: h.press(K.DOWN), []),
            (lambda: choose(h, "How to play"), ["box"]),
            (lambda: h.press(K.DOWN), []),  # the rules' next page: the same box
            (lambda: h.press(K.B), [PAUSED]),
            (lambda: choose(h, "Resume"), ["box closed"]),
            (lambda: h.press(K.START), [PAUSED]),
            (lambda: choose(h, "New deal"), ["box Leave this game for a new deal?"]),
            (lambda: choose(h, "Yes"), ["deal", "table"]),
            (lambda: h.press(K.START), [PAUSED]),
            (lambda: choose(h, "Quit"), ["box Quit? Resume brings it back."]),
            (lambda: choose(h, "Yes"), ["menu"]),
            (lambda: choose(h, "Statistics"), ["page Statistics"]),
            (lambda: h.press(K.B), ["page SOLITAIRE"]),
        ]
        for i, (act, want) in enumerate(walk):
            act()
            said = _said(capsys)
            assert len(said) == len(want), (i, said, want)
            for tag, start in zip(said, want):
                if start == "deal":  # the deal's own number
                    assert tag == "deal %d" % h.app.game.number, (i, said)
                elif start == PAUSED:  # the pause box names the mode ("Paused: " if it fits)
                    assert tag.startswith(("box Paused: Falling Stars", "box Falling Stars")), (i, said)
                else:
                    assert tag.startswith(start), (i, said, want)


def test_without_the_setting_nothing_is_printed(capsys):
    with host() as h:
        past_notices(h)
        choose(h, "New game")
        choose(h, "Terrace")
        choose(h, "Terrace")
        choose(h, "Start game")
        h.press(K.START)
        h.press(K.B)
    assert "mem_free" not in capsys.readouterr().out
