# The main loop sleeps: with nothing due (no key, no repeat, no autoplay, no message going, no
# save pending) the app naps, at most NAP_MS at a time (ACTIVE_NAP_MS for a moment after a
# key), so an idle board wakes fewer than 20 times a second; with something due it sleeps only
# until then; a key pressed during a nap is taken by the very next step. The real code.py runs in the simulator on its virtual clock, which moves
# only when the program sleeps or polls (sim/hw.py), with App.step and the controls counted.
import pytest

from sim.runner import run
from solitaire import app as app_module

COUNTED = """
from solitaire import app as _app, controls as _controls
steps = []  # (ticks, the key the controls gave in that step or -1, presses waiting at its start)
_step = _app.App.step
_poll = _controls.Controls.poll

def step(self, now):
    q = self.controls.scanner.events  # (the stand-in keypad's queue, sim/stubs/keypad.py)
    steps.append([now, -1, sum(q._pressed[i] for i in range(q._n))])
    return _step(self, now)

def poll(self, now):
    k = _poll(self, now)
    if steps and k >= 0:
        steps[-1][1] = k
    return k

_app.App.step = step
_controls.Controls.poll = poll
from solitaire import boot
boot.main()
"""
# from a blank save memory: the notice, the title's New game, Terrace, its first mode, Start
TO_TABLE = "wait:500 A wait:300 A wait:300 A wait:300 A wait:300 A wait:1500"
PERIOD = 1 << 29


def _run(tmp_path, keys, board="pybadge"):
    code = tmp_path / "counted.py"
    code.write_text(COUNTED)
    r = run(board=board, keys=keys, code=str(code))
    assert r.error is None, r.traceback
    return r, r.globals["steps"]


def _since(steps, ms):
    # the steps of the last `ms` milliseconds of the run
    end = steps[-1][0]
    return [s for s in steps if (end - s[0]) % PERIOD < ms]


@pytest.mark.parametrize("keys, screen", [("wait:500 A wait:1000", "solitaire.listscreen"),
                                          (TO_TABLE, "solitaire.play")])
def test_an_idle_minute_takes_at_most_20_steps_a_second(tmp_path, keys, screen):
    r, steps = _run(tmp_path, keys + " wait:60000")
    assert type(r.modules["solitaire.boot"].app.screen).__module__ == screen
    idle = _since(steps, 60000)
    assert 60 * 12 <= len(idle) <= 60 * 20, len(idle)  # it does wake, about every NAP_MS
    gaps = [(b[0] - a[0]) % PERIOD for a, b in zip(idle, idle[1:])]
    assert max(gaps) <= app_module.NAP_MS + 5
    # after the moment that follows the last key, every nap is a long one
    late = _since(steps, 60000 - 2 * app_module.ACTIVE_MS)
    assert min((b[0] - a[0]) % PERIOD for a, b in zip(late, late[1:])) >= app_module.NAP_MS


def test_the_pygamers_joystick_is_read_often_enough_to_catch_a_flick(tmp_path):
    # an analog stick raises no event: on the PyGamer the naps are at most JOYSTICK_NAP_MS,
    # so a 50 ms flick is always read (25 wakes a second idle); its buttons queue like keypads
    from solitaire import controls, keys as K

    r, steps = _run(tmp_path, "wait:500 A wait:1000 wait:10000 DOWN wait:1000 DOWN wait:700",
                    board="pygamer")
    idle = _since(steps, 8000)
    gaps = [(b[0] - a[0]) % PERIOD for a, b in zip(idle, idle[1:])]
    assert max(gaps) <= controls.JOYSTICK_NAP_MS + 5
    assert [s[1] for s in steps].count(K.DOWN) == 2


def test_a_busy_loop_would_take_a_thousand_steps_a_second_here(tmp_path):
    # the measurement can fail: without its sleep the loop steps once per millisecond of this
    # clock (an empty key queue costs 1 ms), fifty times the idle bound
    code = tmp_path / "busy.py"
    code.write_text(COUNTED.replace("boot.main()", "import time\n"
                                    "_app.App.wait_ms = lambda self, now: 0\nboot.main()"))
    r = run(board="pybadge", keys="wait:500 A wait:1000 wait:5000", code=str(code))
    assert len(_since(r.globals["steps"], 5000)) > 5 * 900


def test_a_key_pressed_during_a_nap_is_taken_by_the_next_step(tmp_path):
    # keys pressed at moments that fall inside naps, on the title and on a table: a press that
    # came while the app slept is taken by the step that follows (none is lost, none waits)
    from solitaire import keys as K

    r, steps = _run(tmp_path, "wait:500 A wait:1037 DOWN wait:1013 DOWN wait:700 UP UP A "
                              "wait:300 A wait:300 A wait:300 A wait:1523 RIGHT wait:977 RIGHT "
                              "wait:1000")
    woken = [s for s in steps if s[2]]
    assert len(woken) == 11  # every press arrived while the app slept
    assert all(s[1] >= 0 for s in woken), woken
    keys = [s[1] for s in steps if s[1] >= 0]
    assert [keys.count(k) for k in (K.A, K.DOWN, K.UP, K.RIGHT)] == [5, 2, 2, 2]
    assert type(r.modules["solitaire.boot"].app.screen).__module__ == "solitaire.play"


def test_with_something_due_the_loop_sleeps_only_until_then(tmp_path):
    # autoplay's next card and a message's time to go are due sooner than a nap: the app
    # wakes for them (the screen's due()), and a held direction repeats on time
    r, steps = _run(tmp_path, TO_TABLE + " hold:RIGHT:1000 wait:1000")
    app = r.modules["solitaire.boot"].app
    screen = app.screen
    now = steps[-1][0]
    screen.auto_due = (now + 7) & (PERIOD - 1)
    assert screen.due(now, app_module.NAP_MS) == 7
    screen.auto_due = -1
    assert screen.due(now, app_module.NAP_MS) == 0
    screen.auto_due = None
    screen.msg_until = (now + 20) & (PERIOD - 1)
    assert app.wait_ms(now) == 20
    screen.msg_until = None
    # the held RIGHT: the press, a repeat REPEAT_DELAY_MS later, then one every REPEAT_MS
    from solitaire import controls as C, keys as K

    times = [s[0] for s in steps if s[1] == K.RIGHT]
    gaps = [(b - a) % PERIOD for a, b in zip(times, times[1:])]
    assert gaps[0] == C.REPEAT_DELAY_MS and gaps[1:] and set(gaps[1:]) == {C.REPEAT_MS}, gaps
