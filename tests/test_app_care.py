# Battery care (docs/playing.md) and a first start's greeting, on the virtual clock: the
# backlight dims and the screen goes dark after SOLITAIRE_DIM / SOLITAIRE_SLEEP seconds without
# a key, the game saved first; the key that wakes it does nothing else and no key after it is
# lost; the battery's level from the simulator's stand-in voltage on board.A6; the "always on"
# option saved and read back; a blank NVM greets the player, a damaged one says what was lost.
import os

import pytest

from solitaire import keys as K

from sim.runner import run
from tests.test_app_helpers import app, choose, host, items, page, past_notices, play, start_game

FAST = {"SOLITAIRE_DIM": 2, "SOLITAIRE_SLEEP": 5}  # seconds


def _black(frame):
    return not any(frame)


def _until(h, lit, limit_ms=20000):
    # steps (20 ms each) until the app's light is lit; the virtual ms that took
    t = 0
    while h.app.lit != lit:
        h.step()
        t += 20
        assert t <= limit_ms, "the light never became %d" % lit
    return t


def test_the_backlight_dims_and_the_screen_goes_dark_at_the_configured_times():
    with host("pybadge", settings=FAST) as h:
        past_notices(h)
        bright = h.frame()
        display = h.app.display
        assert h.app.lit == 2 and display.brightness == 1.0
        # the last key was A (past the greeting): 2 s later the backlight dims
        dim_at = _until(h, 1)
        assert 1900 <= dim_at <= 2100, dim_at
        assert display.brightness == pytest.approx(0.2)
        dimmed = h.frame()  # the simulator shows the panel as bright as its backlight
        assert dimmed != bright and max(dimmed) <= int(max(bright) * 0.2) + 1
        assert h.app.wait_ms(h.now) <= 60  # dimmed, the loop still runs as usual
        # 5 s after the key the screen goes dark: backlight off, the blank group shown
        dark_at = dim_at + _until(h, 0)
        assert 4900 <= dark_at <= 5100, dark_at
        assert display.brightness == 0 and display.root_group is h.app.blank
        assert _black(h.frame())
        # dark, the loop only wakes a few times a second to read the keys
        assert h.app.wait_ms(h.now) == 250 == 250
        h.idle(3000)
        assert h.app.lit == 0
        # any key: the screen as it was, bright
        h.press(K.DOWN)
        assert h.app.lit == 2 and display.brightness == 1.0
        assert display.root_group is h.screen.group and h.frame() == bright


def test_zero_means_never():
    with host("pybadge", settings={"SOLITAIRE_DIM": 0, "SOLITAIRE_SLEEP": 0}) as h:
        past_notices(h)
        h.idle(400000)
        assert h.app.lit == 2 and h.app.display.brightness == 1.0


def test_dim_only_and_dark_without_dimming():
    with host("pybadge", settings={"SOLITAIRE_DIM": 3, "SOLITAIRE_SLEEP": 0}) as h:
        past_notices(h)
        _until(h, 1)
        h.idle(60000)
        assert h.app.lit == 1
    with host("pybadge", settings={"SOLITAIRE_DIM": 0, "SOLITAIRE_SLEEP": 3}) as h:
        past_notices(h)
        h.idle(2900)
        assert h.app.lit == 2 and h.app.display.brightness == 1.0
        _until(h, 0)


def test_the_waking_key_does_nothing_else_and_the_table_is_where_it_was():
    with host("pybadge", settings=FAST) as h:
        start_game(h, 0, deal=5)
        at = h.screen.cursor
        seen = h.frame()
        _until(h, 0)
        for k in (K.RIGHT, K.A, K.B, K.START, K.SELECT):  # each wakes it, and only that
            version = h.game.version
            h.press(k)
            assert h.app.lit == 2 and h.screen.cursor == at and h.screen.box is None
            assert h.game.version == version and h.screen.held < 0 and h.frame() == seen
            _until(h, 0)
        # from a dimmed screen too
        h.press(K.RIGHT)
        _until(h, 1)
        h.press(K.RIGHT)
        assert h.app.lit == 2 and h.screen.cursor == at
        # the next key acts
        h.press(K.RIGHT)
        assert h.screen.cursor != at


def test_no_key_is_lost_after_the_waking_one():
    with host("pybadge", settings=FAST) as h:
        start_game(h, 0, deal=5)
        order = h.screen.view.order
        at = h.screen.cursor
        _until(h, 0)
        # three presses during one dark nap: the first wakes, the two after it move
        h.keys.queue.extend([K.RIGHT, K.RIGHT, K.RIGHT])
        h.step(250)
        for _ in range(3):
            h.step()
        i = order.index(at)
        assert h.app.lit == 2 and h.screen.cursor == order[(i + 2) % len(order)]


def test_on_the_board_s_own_buttons_a_held_waking_key_neither_repeats_nor_is_lost():
    # the real input layer (keypad queue, key repeat) through a key script: RIGHT held for a
    # second wakes the dark screen and does not repeat; the RIGHT after it moves the cursor
    keys = "A A A A wait:400 A wait:6000 hold:RIGHT:1000 wait:300"
    r = run(board="pybadge", keys=keys, settings=dict(FAST, SOLITAIRE_DEAL=5))
    assert r.error is None, r.traceback
    a = app(r)
    screen = a.screen
    home = screen.view.home()
    assert a.lit == 2 and screen.cursor == home
    dark = [i for i, label in enumerate(r.labels) if label.startswith("wait:6000")][0]
    assert _black(r.frames[dark]) and not _black(r.frames[-1])
    r2 = run(board="pybadge", keys=keys + " RIGHT", settings=dict(FAST, SOLITAIRE_DEAL=5))
    s2 = app(r2).screen
    order = s2.view.order
    assert s2.cursor == order[(order.index(home) + 1) % len(order)]


def test_the_game_is_saved_before_the_screen_goes_dark():
    # dark after 2 s, before the save the loop makes 3 s after a move
    with host("pybadge", settings={"SOLITAIRE_DIM": 1, "SOLITAIRE_SLEEP": 2}) as h:
        start_game(h, 2, deal=5)  # (Falling Stars: no base to choose, whose deal's steps
        play(h, h.game.hint())  # would play out longer than the 2 s the screen stays lit)
        g = h.game
        assert g.version != h.app.saved_version
        writes = h.session.nvm.writes
        calls = []
        save = h.app.save

        def saving():  # what shows when the save runs, and whether it wrote
            before = h.session.nvm.writes
            save()
            calls.append((h.app.lit, h.app.display.brightness, h.session.nvm.writes > before))

        h.app.save = saving
        _until(h, 0)
        # saved (written) while the screen was still lit, dimmed; then dark
        assert (1, pytest.approx(0.2), True) in calls
        assert g.version == h.app.saved_version and h.session.nvm.writes > writes
        assert h.app.store.saved()[4] == 5


def test_a_wrong_setting_is_said_and_its_default_used(capsys):
    with host("pybadge", settings={"SOLITAIRE_DIM": "soon", "SOLITAIRE_SLEEP": 100000}) as h:
        p = page(h)
        assert p.title == "settings.toml" and p.warn
        text = " ".join(p.info)
        assert "SOLITAIRE_DIM = 'soon'" in text and "Using 60 s." in text
        assert "SOLITAIRE_SLEEP = 100000" in text and "Using 300 s." in text
        assert h.app.care == (60000, 300000)
        out = capsys.readouterr().out
        assert "SOLITAIRE_DIM" in out and "SOLITAIRE_SLEEP" in out
        h.press(K.A)
        assert page(h).title == "Welcome to Solitaire"  # the game goes on


def _screen_row(h):
    return [r for r in items(h) if r.startswith("Screen: ")][0]


def test_the_options_show_the_times_and_always_on_is_saved_and_restored(tmp_path):
    with host("pybadge", data_dir=tmp_path) as h:
        past_notices(h)
        choose(h, "New game")
        choose(h, "Terrace")
        h.press(K.A)
        assert _screen_row(h) == "Screen: dim 1 min, dark 5 min"
        choose(h, "Screen: ")
        assert _screen_row(h) == "Screen: always on"
        assert h.app.care == (0, 0)
        h.press(K.B)  # back: the options are written
    with host("pybadge", data_dir=tmp_path) as h:
        assert h.app.care == (0, 0)
        h.idle(400000)
        assert h.app.lit == 2
        past_notices(h)
        choose(h, "New game")
        choose(h, "Terrace")
        h.press(K.A)
        assert _screen_row(h) == "Screen: always on"
        choose(h, "Screen: ")  # and back: the settings' times
        assert _screen_row(h) == "Screen: dim 1 min, dark 5 min"
        choose(h, "Start game")
    with host("pybadge", data_dir=tmp_path) as h:
        assert h.app.care == (60000, 300000)
    with host("pybadge", settings={"SOLITAIRE_DIM": 90, "SOLITAIRE_SLEEP": 45}) as h:
        past_notices(h)
        choose(h, "New game")
        choose(h, "Terrace")
        h.press(K.A)
        assert _screen_row(h) == "Screen: dark 45 s"  # dark first: it never dims


def test_battery_level_from_the_stand_in_voltage_on_the_title_and_the_pause_box():
    with host("pybadge", settings={"SOLITAIRE_DIM": 0, "SOLITAIRE_SLEEP": 0}) as h:
        past_notices(h)
        assert page(h).info[0] == "Battery 80%"  # 3.95 V: the simulator's default
        h.session.battery_mv = 4200
        h.idle(61000)  # (read once a minute)
        h.app.title()
        assert page(h).info[0] == "Battery 100%"
        h.session.battery_mv = 3700
        start_game(h, 0, deal=5)
        h.idle(61000)
        h.press(K.START)
        assert h.screen.box[0].endswith("  bat 30%")
        h.press(K.B)
        # a low battery: said once on the table, within a minute
        h.session.battery_mv = 3450
        h.idle(61000)
        assert h.message() == "Battery low (under 10%): charge it soon"
        h.idle(5000)
        assert h.message() == "Battery low (under 10%): charge it soon"  # it stays until a key
        h.press(K.LEFT)
        assert h.message() is None
        h.idle(130000)
        assert h.message() is None  # said once
        h.press(K.START)
        assert h.screen.box[0].endswith("  bat low")
        h.press(K.B)
        h.app.quit_to_menu()
        assert page(h).info[0] == "Battery low: under 10%"


def test_the_level_curve():
    with host("pybadge") as h:
        from solitaire.care import read

        levels = []
        for mv in (3200, 3499, 3502, 3702, 3802, 3952, 4102, 4300):
            h.session.battery_mv = mv
            levels.append(read(h.app))
        assert levels == [0, 0, 10, 30, 50, 80, 100, 100]


def test_a_board_without_a_monitor_shows_no_level():
    with host("pico320") as h:
        past_notices(h)
        assert h.app.battery is None and page(h).info[0] == ""
        assert "solitaire.care" not in __import__("sys").modules


@pytest.mark.parametrize("board", ("pybadge", "pygamer", "pico320"))
def test_a_blank_save_memory_greets_the_player(board):
    with host(board) as h:
        p = page(h)
        assert p.title == "Welcome to Solitaire" and not p.warn and not p.items
        text = " ".join(p.info)
        assert "A: pick up / drop / choose" in text and "Controls" in text
        assert "No saved games yet." in text
        assert "power cut" not in text and "erased" not in text
        assert ("START: pause menu" in text) == (board != "pico320")
        h.press(K.A)
        assert page(h).title == "SOLITAIRE"


def test_damaged_save_memory_says_what_was_lost(tmp_path):
    # a first save cut off in its head marker: something was lost, and it is said
    nvm = bytearray(b"\xff" * 8192)
    nvm[:2] = b"Sg"
    with open(os.path.join(tmp_path, "pybadge.nvm"), "wb") as f:
        f.write(nvm)
    with host("pybadge", data_dir=tmp_path) as h:
        p = page(h)
        assert p.title == "Save memory" and p.warn
        assert "power cut stopped the first save" in " ".join(p.info)
        assert "Welcome" not in p.title
    # the saved game damaged in the newest copy: the damage wording, no greeting
    with host("pybadge", data_dir=tmp_path) as h:
        past_notices(h)
        start_game(h, 0, deal=5)
        play(h, h.game.hint())
        h.app.save()
        at = h.app.store.base + h.app.store.o_save + 8
    with open(os.path.join(tmp_path, "pybadge.nvm"), "r+b") as f:
        data = bytearray(f.read())
        data[at] ^= 0xFF
        f.seek(0)
        f.write(data)
    with host("pybadge", data_dir=tmp_path) as h:
        p = page(h)
        text = " ".join(p.info)
        assert p.title == "Save memory" and p.warn and "The saved game: damaged" in text
        assert "Welcome" not in text and "blank" not in text


@pytest.mark.parametrize("board", ("pygamer", "pico320"))
def test_a_quick_press_wakes_the_dark_screen_on_every_board(board):
    # the PyGamer's joystick has no event queue: the dark screen reads it often enough for a
    # quick flick (solitaire/controls.py JOYSTICK_NAP_MS); the first RIGHT wakes, the next moves
    keys = "A A A A wait:300 A wait:6000 RIGHT wait:200 RIGHT"
    r = run(board=board, keys=keys, settings=dict(FAST, SOLITAIRE_DEAL=5))
    assert r.error is None, r.traceback
    s = app(r).screen
    order = s.view.order
    home = s.view.home()
    dark = [i for i, label in enumerate(r.labels) if label.startswith("wait:6000")][0]
    assert _black(r.frames[dark]) and not _black(r.frames[dark + 1])
    assert app(r).lit == 2 and s.cursor == order[(order.index(home) + 1) % len(order)]
