# The PC keyboard of the interactive front ends (sim/keyboard.py): every action of every board
# has a key in the terminal and in the window, whatever buttons the board lacks (START as B
# held, the hint as B + A, redo as B + A, A or SELECT held + B, "send home" as A held), and
# the help line names them. Each front end's own key handling is driven (the terminal's bytes,
# the window's presses and releases) and what it plays reaches the app's own input layer
# (solitaire.boards.build(), solitaire.controls) on the simulated board.
import os

import pytest

from sim import keyboard, keyscript, profiles
from sim.runner import run
from sim.terminal import TerminalFrontEnd
from sim.window import Keys as WindowKeys
from solitaire import keys as K
from solitaire.controls import DOUBLE_MS, LONG_B_MS, LONG_MS

# the boards whose buttons the PC keyboard plays (the Fruit Jam's is its USB keyboard instead:
# tests/test_fruitjam_board.py)
BOARDS = sorted(b for b in profiles.PROFILES if not profiles.get(b).usb_keyboard)
HERE = os.path.dirname(__file__)
LOG = os.path.join(HERE, "fixtures", "sim", "controls_log.py")
RECORDER = os.path.join(HERE, "fixtures", "recorder", "code.py")
STEP_MS = 5  # the front ends' loops call due() every 15-20 ms; finer here
APART_MS = 1000  # between two keys: no double press of A, every hold over


def expected(board, action):
    """The logical keys the app gets for an action (solitaire/controls.py): a held A gives A
    and then A_LONG; a redo chord first gives the hint (SELECT held, or B + A) and then REDO."""
    if action == "A_LONG":
        return [K.A, K.A_LONG]
    if action == "REDO":
        return [K.SELECT, K.REDO]
    return [K.NAMES.index(action)]


class Recorder:
    def __init__(self):
        self.now = 0
        self.events = []

    def push(self, button, pressed):
        self.events.append((self.now, button, pressed))

    def step(self, events_from_front_end):
        """The recorded button changes as one key script step for sim.runner."""
        events = [(t + 1, "press" if p else "release", (b,)) for t, b, p in self.events]
        end = (self.events[-1][0] if self.events else 0) + 500
        return ("front end", events, end)


class FakeProgram:
    def __init__(self, board, push):
        self.profile = profiles.get(board)
        self.session = type("S", (), {"push": staticmethod(push)})()


def terminal_keys(board):
    """Every key the terminal knows, as (bytes, action), each played through the front end
    (TerminalFrontEnd.handle) APART_MS after the last; the recorder has the button changes."""
    rec = Recorder()
    front = TerminalFrontEnd(FakeProgram(board, rec.push), 0, None)
    keys = sorted(keyboard.TERMINAL_KEYS.items())
    for data, _ in keys:
        assert front.handle(data, rec.now) is False
        for _ in range(APART_MS // STEP_MS):
            front.player.due(rec.now)
            rec.now += STEP_MS
    return keys, rec


def window_keys(board, held_ms=120):
    """The same through the window's keys (sim.window.Keys): each key down held_ms, then up."""
    rec = Recorder()
    front = WindowKeys(profiles.get(board), rec.push)
    keys = sorted(keyboard.WINDOW_KEYS.items())
    for keysym, _ in keys:
        assert front.press(keysym, rec.now) is True
        start = rec.now
        for _ in range(APART_MS // STEP_MS):
            if rec.now == start + held_ms:
                assert front.release(keysym, rec.now) is True
            front.tick(rec.now)
            rec.now += STEP_MS
    return keys, rec


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("front_end", [terminal_keys, window_keys])
def test_every_key_of_the_front_ends_plays_its_action_on_every_board(board, front_end):
    keys, rec = front_end(board)
    assert {action for _, action in keys} == set(keyboard.ACTIONS)
    profile = profiles.get(board)
    assert all(profile.has(b) for _, b, _ in rec.events)  # only the board's own buttons
    r = run(board=board, code=LOG, keys=[rec.step(rec.events)])
    assert r.error is None, r.traceback
    got = list(r.nvm[1:1 + r.nvm[0]]) if r.nvm[0] != 0xFF else []
    want = [k for _, action in keys for k in expected(board, action)]
    assert [K.NAMES[k] for k in got] == [K.NAMES[k] for k in want]


@pytest.mark.parametrize("board", BOARDS)
def test_holds_last_past_the_apps_thresholds(board):
    profile = profiles.get(board)
    assert keyboard.HOLD_A_MS >= LONG_MS + 150 and keyboard.HOLD_B_MS >= LONG_B_MS + 150
    for action in keyboard.ACTIONS:
        hold = [ms for kind, ms in keyboard.gesture(profile, action) if kind == "hold"]
        assert len(hold) == 1
        if action not in ("A_LONG", "START") or profile.has("START") and action == "START":
            # a short press: never long enough for a held A or a held B
            assert hold[0] + 3 * keyboard.GAP_MS < min(LONG_MS, LONG_B_MS, DOUBLE_MS)


@pytest.mark.parametrize("board", BOARDS)
def test_the_help_line_names_a_key_for_every_action(board):
    profile = profiles.get(board)
    for line, names in ((keyboard.help_line(profile), keyboard.TERMINAL_NAMES),
                        (keyboard.help_line(profile, keyboard.WINDOW_NAMES, "q/Esc"),
                         keyboard.WINDOW_NAMES)):
        for action in ("A", "B", "START", "SELECT", "A_LONG", "REDO"):
            assert "%s: " % names[action] in line
        assert "arrows" in line and "quit" in line
    line = keyboard.help_line(profile)
    if board in ("pico320", "picodisplay"):
        assert "up/down arrows: B+LEFT/B+RIGHT" in line
        assert "enter/s: START (hold B)" in line and "space/tab: hint (B+A)" in line
        assert "r: redo (B+A, A)" in line
    else:
        assert "enter/s: START " in line and "r: redo (hold SELECT+B)" in line
    assert "h: home (hold A)" in line
    assert len(line) < profile.width  # the terminal is as wide as the panel


def test_a_burst_of_auto_repeat_leaves_no_backlog_of_chords():
    # the terminal's auto-repeat of the up arrow on the four-button board: the chord is B +
    # LEFT; a repeat that arrives while one waits to start is dropped
    rec = Recorder()
    player = keyboard.Player(profiles.PICO320, rec.push)
    for _ in range(10):
        player.tap("UP", 0)
    for rec.now in range(0, 2000, STEP_MS):
        player.due(rec.now)
    assert [b for _, b, p in rec.events if p] == ["B", "LEFT", "B", "LEFT"]
    # plain taps are never dropped: a repeat presses again (the button goes up first)
    rec = Recorder()
    player = keyboard.Player(profiles.PYBADGE, rec.push)
    for t in range(0, 100, 20):
        rec.now = t
        player.tap("UP", t)
        player.due(t)
    for rec.now in range(100, 300, STEP_MS):
        player.due(rec.now)
    assert [p for _, b, p in rec.events] == [True, False] * 5


def test_a_key_during_a_chord_waits_for_it():
    # Enter (B held 800 ms) then an arrow at once, on the four-button board: the arrow's
    # LEFT is pressed after B is up, or it would be B + LEFT = UP
    rec = Recorder()
    player = keyboard.Player(profiles.PICO320, rec.push)
    player.tap("START", 0)
    player.tap("LEFT", 10)
    for rec.now in range(0, 2000, STEP_MS):
        player.due(rec.now)
    assert [(b, p) for _, b, p in rec.events] == [("B", True), ("B", False), ("LEFT", True),
                                                   ("LEFT", False)]


def test_a_window_key_held_holds_its_chord_until_it_goes_up():
    # the up arrow held on the four-button board: B + LEFT stay down (the board repeats UP),
    # the window's auto-repeat (release + press pairs) is no new press
    rec = Recorder()
    keys = WindowKeys(profiles.PICO320, rec.push)
    keys.press("Up", 0)
    for rec.now in range(0, 1500, STEP_MS):
        if rec.now % 50 == 0 and 0 < rec.now < 1000:  # X11 auto-repeat
            keys.release("Up", rec.now)
            keys.press("Up", rec.now + 1)
        if rec.now == 1000:
            keys.release("Up", rec.now)
        keys.tick(rec.now)
    assert [(b, p) for _, b, p in rec.events] == [("B", True), ("LEFT", True), ("LEFT", False),
                                                   ("B", False)]
    assert rec.events[2][0] >= 1000


@pytest.mark.parametrize("board", BOARDS)
def test_enter_and_the_arrows_reach_the_pause_menu_on_every_board(board):
    # the real app: a Terrace deal, then the terminal's Enter opens the pause menu and the up
    # arrow goes from Resume to the last item (Quit to menu) on every board
    profile = profiles.get(board)
    start = keyscript.parse(" ".join(["A", "A", "A", "A", "A"]), profile)
    rec = Recorder()
    front = TerminalFrontEnd(FakeProgram(board, rec.push), 0, None)
    for data in (b"\r", b"\x1b[A"):
        front.handle(data, rec.now)
        for _ in range(APART_MS // STEP_MS):
            front.player.due(rec.now)
            rec.now += STEP_MS
    r = run(board=board, code=RECORDER, keys=start + [rec.step(rec.events)],
            settings={"SOLITAIRE_DEAL": 7})
    assert r.stop_line is None, r.traceback or r.stop_line
    boxes = [e for e in r.globals["events"] if e[0] == "box"]
    assert boxes and "Resume" in boxes[-1][2], boxes
    pages = r.modules["solitaire.boot"].app.screen
    assert pages.box is not None and pages.box[1][pages.box_at].startswith("Quit")
