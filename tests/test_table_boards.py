# The table as players expect it (issue 10), through each board's own buttons: key scripts run
# by sim.runner on the PyBadge (8 buttons), the PyGamer (joystick) and the four-button board,
# with tests/fixtures/recorder/code.py keeping a record of what the app said and showed.
# Where a script needs to know the moves of a deal (which piles, in what order), they are
# worked out first on the same app in-process (tests/apphost.py) and replayed as key presses.
import os
from array import array

import pytest

from engine.cards import rank
from engine.game import KIND_FOUNDATION, KIND_TABLEAU, move_src
from sim.runner import run
from tests.apphost import Host, panel_rgb

BOARDS = ("pybadge", "pygamer", "pico320", "picosystem", "picodisplay")
# one board of each way of pressing the keys (eight buttons, a joystick, four buttons: the
# PicoSystem presses as the PyBadge does, the Pico Display as the four-button board), for what
# the screen's size does not change: the undo and redo history, the questions, the options,
# the menus' memory. What the screen shows (the pause menu's words, hints, frames, the empty
# foundation's message) is checked on every board
KEY_SCHEMES = ("pybadge", "pygamer", "pico320")
RECORDER = os.path.join(os.path.dirname(__file__), "fixtures", "recorder", "code.py")
MARK = 0xFF40FF  # solitaire/table.py: the hint's frames
# the logical keys a board has no button for, as chords of the buttons it has
# (solitaire/controls.py): four buttons make UP/DOWN with B held, SELECT with B held + A...
CHORDS = {
    "pico320": {"UP": "down:B LEFT up:B", "DOWN": "down:B RIGHT up:B",
                "SELECT": "down:B A up:B", "START": "hold:B:800", "REDO": "down:B A A up:B"},
    "pybadge": {"REDO": "down:SELECT B up:SELECT"},
    "pygamer": {"REDO": "down:SELECT B up:SELECT"},
}
CHORDS["picodisplay"] = CHORDS["pico320"]
CHORDS["picosystem"] = CHORDS["pybadge"]
FALLING_STARS, SIGNORA = 2, 3


def tokens(board, names):
    out = []
    for name in names:
        name = CHORDS[board].get(name, name)
        out.append("hold:A:800" if name == "A_LONG" else name)
    return " ".join(out)


def start_keys(variant):
    # the save-memory notice of a blank NVM, New game, Terrace, the mode, Start game
    return ["A", "A", "A"] + ["DOWN"] * variant + ["A", "A"]


def play(board, variant, deal, names, data_dir=None):
    r = run(board=board, keys=tokens(board, start_keys(variant) + names), code=RECORDER,
            settings={"SOLITAIRE_DEAL": deal}, data_dir=data_dir)
    assert r.stop_line is None, r.traceback or r.stop_line
    return r, r.globals["events"]


def of(events, kind):
    return [e[1:] for e in events if e[0] == kind]


def positions(events):
    return [e[2] for e in events if e[0] == "pos"]


def worked_out(board, variant, deal, do):
    """The keys `do(host)` pressed on the same deal in-process (after the start)."""
    with Host(board, settings={"SOLITAIRE_DEAL": deal}) as h:
        h.press("A")  # the notice
        h.start(0, variant, 0, deal)
        h.log.clear()
        extra = do(h)
        return list(h.log), extra


# ---- 4. undo and redo as players know them ---------------------------------------------------

@pytest.mark.parametrize("board", KEY_SCHEMES)
def test_one_undo_takes_back_the_base_choice_and_the_cards_autoplay_sent_home(board):
    # deal 4242: choosing the base sends five cards home by autoplay (six undos in the old app)
    r, ev = play(board, 0, 4242, ["A", "wait:4000", "B"])  # (the rest of the deal, step by
    # step, then autoplay)
    pos = positions(ev)
    dealt = pos[0]
    chosen = pos.index(dealt, 1) if dealt in pos[1:] else len(pos)
    assert chosen >= 1 + 1 + 5, "the base choice and five autoplayed cards, each drawn"
    assert pos[-1] == dealt  # one B: the exact position before the choice
    game = r.modules["solitaire.boot"].app.game
    assert game.moves == 0 and game.base == 0


@pytest.mark.parametrize("board", KEY_SCHEMES)
def test_redo_after_three_undos_returns_the_same_positions_and_changed_pile_masks(board):
    keys, _ = worked_out(board, FALLING_STARS, 1, lambda h: [h.play(h.game.hint())
                                                             for _ in range(3)])
    r, ev = play(board, FALLING_STARS, 1, keys + ["B", "B", "B", "REDO", "REDO", "REDO", "REDO"])
    pos = positions(ev)
    masks = [e[3] for e in ev if e[0] == "pos"]
    # the last six changes: three undos (u1 u2 u3), three redos (r1 r2 r3); the fourth redo
    # changed nothing. Each redo returns to where the matching undo started from.
    reached, u1, u2, u3, r1, r2, r3 = pos[-7:]
    assert r1 == u2 and r2 == u1 and r3 == reached
    assert len({reached, u1, u2, u3}) == 4
    assert u3 in pos[:-7]  # back to the position before the first of the three moves
    assert of(ev, "say")[-1] == ("Nothing to redo",)  # the fourth redo
    # each redo says it changed the piles the original move changed, with the automatic steps
    # that came after it (autoplay home: their own changes, drawn one at a time)
    start = len(pos) - 8 - pos[-8::-1].index(u3)  # the last time the three moves began
    ends = [start + pos[start:].index(p) for p in (u2, u1, reached)]
    played = [0, 0, 0]
    for k in range(3):
        for i in range((ends[k - 1] if k else start) + 1, ends[k] + 1):
            played[k] |= masks[i]
    assert all(played)
    assert masks[-3:] == played
    # and each undo the same piles as the move it took back
    assert masks[-6:-3] == played[::-1]
@pytest.mark.parametrize("board", KEY_SCHEMES)
def test_a_new_move_forgets_what_could_be_redone(board):
    def do(h):
        h.play(h.game.hint())
        h.press("B")
        h.play(h.game.hint())
    keys, _ = worked_out(board, FALLING_STARS, 1, do)
    r, ev = play(board, FALLING_STARS, 1, keys + ["REDO"])
    assert of(ev, "say")[-1] == ("Nothing to redo",)


@pytest.mark.parametrize("board", KEY_SCHEMES)
def test_restart_new_deal_and_quit_ask_first_and_no_changes_nothing(board):
    pause = ["START"]
    names = (pause + ["DOWN"] * 5 + ["A", "A"]  # Restart deal? No
             + ["DOWN"] * 6 + ["A", "A"]  # (back in the pause menu) New deal? No
             + ["DOWN"] * 8 + ["A", "DOWN", "A"])  # Quit? Yes
    r, ev = play(board, FALLING_STARS, 7, names)
    boxes = [b[0] for b in of(ev, "box")]
    for question in ("Start this deal again?", "Leave this game for a new deal?",
                     "Quit? Resume brings it back."):
        assert question in boxes
    assert all(items == ("No", "Yes") for words, items in of(ev, "box") if words.endswith("?"))
    paused = ev.index(next(e for e in ev if e[0] == "box"))
    assert not [e for e in ev[paused:] if e[0] == "pos"]  # no restart, no new deal
    # quitting kept the game: the title offers it, by its mode's name
    assert of(ev, "page")[-1] == ("SOLITAIRE", "Resume Falling Stars")


# ---- 3. status that explains itself ----------------------------------------------------------

@pytest.mark.parametrize("board", BOARDS)
def test_the_pause_menu_names_the_mode_the_rules_and_the_deal(board):
    r, ev = play(board, SIGNORA, 31, ["START"])
    # (then the battery's level, on a board with a monitor)
    assert of(ev, "box")[-1][0].split("  bat ")[0] == "Paused: Signora #31"


@pytest.mark.parametrize("board", KEY_SCHEMES)
def test_the_options_show_a_deal_fixed_in_settings_as_fixed(board):
    names = ["A", "A", "A", "A"] + ["DOWN"] * 3  # Start, Rules, Autoplay, Deal
    r = run(board=board, keys=tokens(board, names), code=RECORDER,
            settings={"SOLITAIRE_DEAL": 4242})
    assert of(r.globals["events"], "page")[-1] == ("Terrace", "Deal: 4242 (settings)")


# ---- 5. a hint that helps ---------------------------------------------------------------------

@pytest.mark.parametrize("board", BOARDS)
def test_five_selects_show_three_different_hints_then_no_more_then_the_first(board):
    # Falling Stars, deal 1: three productive moves once the deal's autoplay is done
    with Host(board, settings={"SOLITAIRE_DEAL": 1}) as h:
        h.press("A")
        h.start(0, FALLING_STARS, 0, 1)
        assert h.game.hints(array("H", bytes(256))) == 3
    r, ev = play(board, FALLING_STARS, 1, ["SELECT"] * 5)
    said = [s[0] for s in of(ev, "say")][-5:]
    # (SELECT by the name on the board in use: X on the PicoSystem, B+A with four buttons)
    select = {"picosystem": "X", "pico320": "B+A", "picodisplay": "B+A"}.get(board, "SELECT")
    assert [s.split(":")[0] for s in said] == ["Hint 1/3", "Hint 2/3", "Hint 3/3",
                                                "No more hints (" + select, "Hint 1/3"]
    assert len(set(said[:3])) == 3 and said[4] == said[0]


@pytest.mark.parametrize("board", BOARDS)
def test_the_hint_frame_shows_while_the_cursor_is_on_the_same_pile(board):
    def do(h):
        src = move_src(h.game.hint())
        h.go(src)
        x, y, cols, rows = h.screen.view.rect(src, 1)
        t = h.screen.table
        return (x - 1, y - 1, cols * t.tw + 2, rows * t.th + 2)
    keys, (x, y, w, hgt) = worked_out(board, FALLING_STARS, 1, do)
    r, ev = play(board, FALLING_STARS, 1, keys + ["SELECT", "wait:200", "wait:200", "wait:200"])
    want = bytes(panel_rgb(MARK))

    def magenta(frame):
        return sum(1 for yy in range(y, y + hgt) for xx in range(x, x + w)
                   if frame[(yy * r.width + xx) * 3:(yy * r.width + xx) * 3 + 3] == want)

    # the cursor is the outer ring round the source's mark: the mark shows in every frame
    assert min(magenta(f) for f in r.frames[-4:]) > 10


# ---- 6. navigation and refusals --------------------------------------------------------------

@pytest.mark.parametrize("board", BOARDS)
def test_an_empty_foundation_says_which_rank_it_takes(board):
    def do(h):
        g = h.game
        found = [p for p in range(g.pile_count)
                 if g.pile_kind(p) == KIND_FOUNDATION and g.count(p) == 0]
        tab = [p for p in range(g.pile_count) if g.pile_kind(p) == KIND_TABLEAU and g.count(p)
               and rank(g.top(p)) != g.base]
        h.go(tab[0])
        h.press("A")
        h.go(found[0])
        h.press("A")
        return g.base
    keys, base = worked_out(board, FALLING_STARS, 1, do)
    r, ev = play(board, FALLING_STARS, 1, keys)
    name = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")[base - 1]
    assert of(ev, "say")[-1] == ("Empty foundation: it takes %s %s"
                                 % ("an" if name in ("A", "8") else "a", name),)


@pytest.mark.parametrize("board", KEY_SCHEMES)
def test_the_mode_list_keeps_the_mode_played_last(board):
    names = start_keys(SIGNORA) + ["START"] + ["DOWN"] * 8 + ["A", "DOWN", "A"]  # quit
    names += ["DOWN", "A", "A"]  # (Resume is first now) New game, Terrace
    r = run(board=board, keys=tokens(board, names), code=RECORDER,
            settings={"SOLITAIRE_DEAL": 5})
    assert of(r.globals["events"], "page")[-1] == ("Terrace", "Signora")


@pytest.mark.parametrize("board", KEY_SCHEMES)
def test_the_title_keeps_its_highlight_coming_back_from_a_page(board):
    names = ["A", "DOWN", "A", "B", "DOWN", "A", "B"]  # Statistics and back, Controls and back
    r = run(board=board, keys=tokens(board, names), code=RECORDER)
    pages = of(r.globals["events"], "page")
    assert ("SOLITAIRE", "Statistics") in pages[-4:-2] and pages[-1] == ("SOLITAIRE", "Controls")
