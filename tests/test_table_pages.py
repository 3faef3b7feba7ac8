# Issue 10's menus and pages through each board's own buttons (sim.runner key scripts on the
# PyBadge, the PyGamer and the four-button 320x240 board): the French deck's colours by default
# (four at 160x128, two at 320x240) and the options' choice taking effect, a page of text
# scrolling a page at a time, the deal entry's digit on a highlight bar rather than in brackets.
import pytest

from sim.runner import run
from solitaire import listscreen
from solitaire.terrace_view import INKS

from tests.test_app_helpers import app, count_colour, unpainted
from tests.test_table_boards import BOARDS, RECORDER, of, tokens

FALLING_STARS = 2
GREEN, BLUE = INKS[1][0], INKS[1][1]  # the four-colour deck's clubs and diamonds
# the notice of a blank NVM, New game, Terrace, Falling Stars: its options, on "Start game"
OPTIONS = ["A", "A", "A"] + ["DOWN"] * FALLING_STARS + ["A"]
# rows of the options below Start game (solitaire/choose.py): Rules, Autoplay, Deal, Colours,
# Motion, Screen, How to play (then Sound, on a board with a speaker)
DEAL, COLOURS, HOW_TO_PLAY = 3, 4, 7


def options_run(board, names, **kw):
    r = run(board=board, keys=tokens(board, OPTIONS + names), code=RECORDER,
            settings={"SOLITAIRE_DEAL": 8}, **kw)
    assert r.stop_line is None, r.traceback or r.stop_line
    return r, r.globals["events"]


def deck_colours(r):
    # green and blue pixels on the table (clubs and diamonds of the four-colour deck)
    return count_colour(r, GREEN), count_colour(r, BLUE)


@pytest.mark.parametrize("board", BOARDS)
def test_the_french_deck_has_four_colours_at_160x128_and_two_at_320x240_by_default(board):
    r, ev = options_run(board, ["DOWN"] * COLOURS + ["UP"] * COLOURS + ["A", "wait:300"])
    colours_row = [p[1] for p in of(ev, "page") if p[1] and p[1].startswith("Colours: ")]
    small = r.height <= 128
    assert colours_row == ["Colours: four (clubs green)" if small else "Colours: two"]
    green, blue = deck_colours(r)
    assert app(r).game is not None
    if small:
        assert green > 0 and blue > 0
    else:
        assert green == blue == 0


@pytest.mark.parametrize("board", BOARDS)
def test_the_colour_choice_in_the_options_takes_effect_on_the_table(board, tmp_path):
    # A on the Colours row flips it; the game then draws its cards in the other deck; the
    # choice is kept for the next game (a power-on later, same NVM)
    r, ev = options_run(board, ["DOWN"] * COLOURS + ["A"] + ["UP"] * COLOURS + ["A", "wait:300"],
                        data_dir=tmp_path)
    small = r.height <= 128
    rows = [p[1] for p in of(ev, "page") if p[1] and p[1].startswith("Colours: ")]
    assert rows[-1] == ("Colours: two" if small else "Colours: four (clubs green)")
    green, blue = deck_colours(r)
    if small:
        assert green == blue == 0
    else:
        assert green > 0 and blue > 0
    # the next power-on (no notice now): Resume is first on the title, so New game is a row
    # down; the mode list opens on the mode played last
    again = ["DOWN", "A", "A", "A"] + ["DOWN"] * COLOURS
    r2 = run(board=board, keys=tokens(board, again), code=RECORDER, data_dir=tmp_path)
    assert of(r2.globals["events"], "page")[-1][1] == rows[-1]


@pytest.mark.parametrize("board", BOARDS)
def test_how_to_play_scrolls_a_page_at_a_time(board, monkeypatch):
    # DOWN (on the four-button board B held + RIGHT) or RIGHT: a page on, its last line kept as
    # the next page's first; UP or LEFT a page back; A at the end goes back to the options
    unpainted(monkeypatch)
    r, ev = options_run(board, ["DOWN"] * HOW_TO_PLAY + ["A", "DOWN", "RIGHT", "UP", "LEFT"])
    scrolls = [e for e in of(ev, "scroll") if e[0] == "Falling Stars"]  # (not the notice)
    title, _top, lines, rows = scrolls[0]
    tops = [s[1] for s in scrolls]
    step = rows - 1
    if lines > 2 * rows:  # three pages to see (at 240x240 the text takes two)
        assert tops == [0, step, 2 * step, step, 0]
    else:
        assert tops[:2] == [0, lines - rows] and tops[-1] == 0
    # A pages on to the end (the last page may move less), then back to the options on "How
    # to play": A to open it, A per page, A to leave
    pages = -(-(lines - rows) // step)
    r, ev = options_run(board, ["DOWN"] * HOW_TO_PLAY + ["A"] * (1 + pages + 1))
    seen = set()
    for title, top, n, rows in of(ev, "scroll"):
        if title == "Falling Stars":
            seen.update(range(top, min(n, top + rows)))
    assert seen == set(range(lines))
    assert of(ev, "page")[-1] == ("Falling Stars", "How to play")


def _bar(r, frame):
    # the columns where the highlight bar's colour shows on screen, per screen row
    w = r.width
    data = r.frames[frame]
    out = {}
    for y in range(r.height):
        row = data[y * w * 3:(y + 1) * w * 3]
        xs = [x for x in range(w) if row[x * 3:x * 3 + 3] == bytes(_rgb(listscreen.BAR))]
        if xs:
            out[y] = (min(xs), max(xs))
    return out


def _rgb(colour):
    from tests.apphost import panel_rgb

    return panel_rgb(colour)


@pytest.mark.parametrize("board", BOARDS)
def test_the_deal_entry_shows_the_digit_being_changed_on_a_highlight_not_in_brackets(board):
    # the deal row: OK first (A at once keeps the number), RIGHT to the first digit, RIGHT again
    # to the second
    r, ev = options_run(board, ["DOWN"] * DEAL + ["A", "RIGHT", "RIGHT"])
    focus = of(ev, "focus")[-3:]
    assert focus[0][1] == "OK" and focus[1][0] == "" and focus[2][0] == "0"
    assert [f[1] for f in focus[1:]] == ["0", "0"]  # (deal 8 from the settings: 0000000008)
    for left, middle, right in focus:
        assert not set("[]<>") & set(left + middle + right)
    # the bar: under one digit only, a digit further right after RIGHT
    screen = app(r).screen  # the highlighted row's grid (the title's ink is the bar's colour too)
    first, second = _bar(r, -2), _bar(r, -1)
    y = (screen.picked.y + screen.row_h // 2) * screen.S
    assert y in first and y in second
    (a0, a1), (b0, b1) = first[y], second[y]
    s = 2 if r.width > 160 else 1
    assert a1 - a0 + 1 <= 8 * s and b1 - b0 == a1 - a0  # a digit wide
    assert b0 > a0 and b0 - a0 <= 8 * s  # moved one digit on
    assert r.width // 2 > a1 - a0  # not the whole row
