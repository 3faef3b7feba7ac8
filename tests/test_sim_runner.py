# The headless simulator: a program runs on each board profile, draws through real displayio,
# reacts to a key script, keeps NVM between runs, and bad arguments fail with one line.
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sim import keyscript, png, profiles
from sim.runner import run

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "sim"
DRAW = str(FIXTURES / "draw_keys.py")
BLUE, YELLOW, RED, WHITE = (0, 0, 255), (255, 255, 0), (255, 0, 0), (255, 255, 255)


def colours(frame):
    return {frame[i:i + 3] for i in range(0, len(frame), 3)}


@pytest.mark.parametrize("board", sorted(profiles.PROFILES))
def test_each_board_reaches_its_first_screen_at_its_own_size(board, tmp_path):
    profile = profiles.get(board)
    out = tmp_path / "first.png"
    r = run(board=board, code=DRAW, png=str(out))
    assert r.error is None, r.traceback
    assert (r.width, r.height) == (profile.width, profile.height)
    assert len(r.frame) == profile.width * profile.height * 3
    width, height, rgb = png.read(str(out))
    assert (width, height) == (profile.width, profile.height)
    assert rgb == r.frame
    assert len(colours(rgb)) >= 2  # background and cursor, not a blank screen
    assert r.pixel(0, profile.height - 1) == BLUE
    assert r.pixel(20, 20) == YELLOW


@pytest.mark.parametrize("board", ["pybadge", "pygamer"])
def test_key_script_moves_the_cursor_step_by_step(board):
    # pybadge: d-pad on the shift register; pygamer: the same arrows move the joystick
    r = run(board=board, keys="RIGHT RIGHT DOWN A", code=DRAW)
    assert r.error is None, r.traceback
    assert r.labels == ["start", "RIGHT", "RIGHT", "DOWN", "A"]
    assert r.pixel(20, 20, frame=0) == YELLOW
    assert r.pixel(36, 20, frame=1) == YELLOW and r.pixel(20, 20, frame=1) == BLUE
    assert r.pixel(52, 20, frame=2) == YELLOW and r.pixel(36, 20, frame=2) == BLUE
    assert r.pixel(52, 36, frame=3) == YELLOW and r.pixel(52, 20, frame=3) == BLUE
    assert r.pixel(52, 36, frame=4) == RED
    # only the cursor's old and new squares were redrawn for a move
    assert r.changed_areas[1] == [(32, 16, 48, 32), (16, 16, 32, 32)]


def test_pico_buttons_come_through_keypad_keys_on_the_pins_settings_name():
    r = run(board="pico320", keys="RIGHT RIGHT LEFT A", code=DRAW)
    assert r.error is None, r.traceback
    assert r.pixel(52, 20, frame=2) == YELLOW
    assert r.pixel(36, 20, frame=3) == YELLOW
    assert r.pixel(36, 20, frame=4) == RED


def test_chord_and_hold_tokens_press_buttons():
    r = run(board="pybadge", keys="RIGHT+DOWN hold:A:800 wait:100", code=DRAW)
    assert r.error is None, r.traceback
    assert r.pixel(36, 36, frame=1) == YELLOW
    assert r.pixel(36, 36, frame=2) == RED
    assert r.labels[-1] == "wait:100"


def test_nvm_written_in_one_run_is_read_back_in_the_next(tmp_path):
    first = run(board="pybadge", keys="A A", code=DRAW, data_dir=tmp_path)
    assert first.error is None, first.traceback
    assert first.nvm[0] == 2 and first.nvm_writes == 2
    assert (tmp_path / "pybadge.nvm").stat().st_size == 8192
    second = run(board="pybadge", code=DRAW, data_dir=tmp_path)
    # two saved presses: two white dots on the top row
    assert second.pixel(3, 3) == WHITE and second.pixel(9, 3) == WHITE
    assert second.pixel(15, 3) == BLUE
    # another board keeps its own NVM
    other = run(board="pygamer", code=DRAW, data_dir=tmp_path)
    assert other.pixel(3, 3) == BLUE


def test_without_a_data_folder_nvm_starts_erased():
    r = run(board="pico320", code=DRAW)
    assert r.nvm == b"\xff" * 4096
    assert r.pixel(3, 3) == BLUE


def test_settings_reach_os_getenv_with_device_types():
    r = run(board="pybadge", code=DRAW, settings={"SIM_BACKGROUND": 0x00FF00})
    assert r.pixel(0, 100) == (0, 255, 0)
    r = run(board="pico320", code=str(FIXTURES / "clock.py"),
            settings={"SOLITAIRE_DEAL": 7, "SIM_NAME": "x"})
    seen = r.globals["seen"]
    assert seen["deal"] == 7 and seen["name"] == "x"
    assert seen["buttons"] == "A=GP12 B=GP13 LEFT=GP14 RIGHT=GP15"  # the profile's default
    assert "SIM_NAME" not in os.environ  # put back after the run


def test_runs_are_deterministic_on_the_virtual_clock():
    a = run(board="pybadge", keys="wait:100", code=str(FIXTURES / "clock.py"), seed=5)
    b = run(board="pybadge", keys="wait:100", code=str(FIXTURES / "clock.py"), seed=5)
    c = run(board="pybadge", keys="wait:100", code=str(FIXTURES / "clock.py"), seed=6)
    assert a.globals["seen"] == b.globals["seen"]
    assert a.globals["seen"]["random"] != c.globals["seen"]["random"]
    assert abs(a.globals["seen"]["slept"] - 0.25) < 0.001
    # the run ends at the first sleep that reaches the end of the script
    assert keyscript.STARTUP_MS + 100 <= a.elapsed_ms <= keyscript.STARTUP_MS + 200


def test_a_program_error_is_reported_not_raised():
    r = run(board="pybadge", keys="A", code=str(FIXTURES / "crash.py"))
    assert isinstance(r.error, RuntimeError)
    assert "fixture failure" in r.traceback
    assert r.pixel(5, 5) == (0, 255, 0)  # what it drew before failing (auto_refresh was on)


def test_runs_leave_the_interpreter_as_they_found_it():
    before_path = list(sys.path)
    before_cwd = os.getcwd()
    r = run(board="pybadge", code=DRAW)
    assert "board" in r.modules and "keypad" in r.modules
    for name in ("board", "keypad", "supervisor", "analogio"):
        assert name not in sys.modules
    assert sys.path == before_path and os.getcwd() == before_cwd
    import time

    assert time.sleep.__module__ == "time"


def test_frames_every_step_go_to_png_files(tmp_path):
    run(board="pybadge", keys="RIGHT A", code=DRAW, png_every=str(tmp_path / "frames"))
    names = sorted(os.listdir(tmp_path / "frames"))
    assert names == ["frame-000-start.png", "frame-001-RIGHT.png", "frame-002-A.png"]


@pytest.mark.parametrize("script, bad", [
    ("RIGHT JUMP", "JUMP"), ("wait:soon", "wait:soon"), ("hold:A", "hold:A"),
    ("A+", "A+"), ("hold:A:-5", "hold:A:-5")])
def test_malformed_key_scripts_name_the_bad_token(script, bad):
    with pytest.raises(keyscript.KeyScriptError) as err:
        keyscript.parse(script, profiles.PYBADGE)
    assert repr(bad) in str(err.value)


def test_pico_has_no_up_button():
    with pytest.raises(ValueError, match="UP"):
        keyscript.parse("UP", profiles.PICO320)


def sim(*args):
    return subprocess.run([sys.executable, "-m", "sim", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=120)


def test_cli_unknown_board_exits_non_zero_with_one_line_listing_boards():
    p = sim("--board", "atari", "--keys", "A")
    assert p.returncode != 0
    assert p.stderr.count("\n") == 1
    assert "atari" in p.stderr and "pybadge, pygamer, pico320" in p.stderr


def test_cli_malformed_key_script_exits_non_zero_naming_the_token():
    p = sim("--code", DRAW, "--keys", "A wait:x B")
    assert p.returncode != 0
    assert p.stderr.count("\n") == 1 and "'wait:x'" in p.stderr


def test_cli_headless_run_writes_the_png(tmp_path):
    out = tmp_path / "shot.png"
    p = sim("--board", "pico320", "--code", DRAW, "--keys", "RIGHT", "--png", str(out),
            "--data-dir", str(tmp_path))
    assert p.returncode == 0, p.stderr
    assert png.read(str(out))[:2] == (320, 240)


def test_cli_program_error_exits_non_zero_with_the_error_in_one_line(tmp_path):
    p = sim("--code", str(FIXTURES / "crash.py"), "--keys", "A", "--data-dir", str(tmp_path))
    assert p.returncode == 1
    assert p.stderr.count("\n") == 1, p.stderr
    assert "RuntimeError: fixture failure [crash.py:11]" in p.stderr
    p = sim("--code", str(FIXTURES / "crash.py"), "--keys", "A", "--data-dir", str(tmp_path),
            "--traceback")
    assert p.returncode == 1 and "Traceback (most recent call last)" in p.stderr


@pytest.mark.skipif(not (REPO / "code.py").exists(), reason="the app's code.py is not written yet")
@pytest.mark.parametrize("board", sorted(profiles.PROFILES))
def test_real_code_py_reaches_its_first_screen(board, tmp_path):
    profile = profiles.get(board)
    r = run(board=board, data_dir=tmp_path, png=str(tmp_path / "first.png"))
    assert r.error is None, r.traceback
    width, height, rgb = png.read(str(tmp_path / "first.png"))
    assert (width, height) == (profile.width, profile.height)
    assert len(colours(rgb)) >= 3


def test_cli_settings_file_and_set_overrides(tmp_path):
    settings = tmp_path / "settings.toml"
    settings.write_text('SIM_BACKGROUND = 0x00FF00\nSIM_NAME = "file"\n')
    out = tmp_path / "bg.png"
    p = sim("--code", DRAW, "--settings", str(settings), "--keys", "", "--png", str(out),
            "--data-dir", str(tmp_path))
    assert p.returncode == 0, p.stderr
    rgb = png.read(str(out))[2]
    assert rgb[:3] == bytes((0, 255, 0))
    p = sim("--code", DRAW, "--settings", str(settings), "--set", "SIM_BACKGROUND=0xFF0000",
            "--keys", "", "--png", str(out), "--data-dir", str(tmp_path))
    assert p.returncode == 0, p.stderr
    assert png.read(str(out))[2][:3] == bytes((255, 0, 0))


def test_cli_bad_set_exits_non_zero_with_one_line(tmp_path):
    p = sim("--code", DRAW, "--set", "NOVALUE", "--keys", "A", "--data-dir", str(tmp_path))
    assert p.returncode != 0 and p.stderr.count("\n") == 1 and "KEY=VALUE" in p.stderr


def test_a_library_the_program_imported_does_not_keep_the_finished_runs_stand_ins():
    # bitmap_label uses adafruit_ticks, which binds supervisor.ticks_ms when first imported
    result = run(board="pybadge", keys="A")
    assert result.error is None, result.traceback
    import adafruit_ticks
    import terminalio
    from adafruit_display_text import bitmap_label

    assert adafruit_ticks.ticks_ms() >= 0
    assert bitmap_label.Label(terminalio.FONT, text="ok").bounding_box[2] > 0


# --- NVM size (the board facts) ----------------------------------------------------------------
NVM_SIZE = """
import microcontroller
size = len(microcontroller.nvm)
"""


@pytest.mark.parametrize("board, size", [("pybadge", 8192), ("pygamer", 8192), ("pico320", 4096),
                                              ("picosystem", 4096), ("picodisplay", 4096)])
def test_len_nvm_is_8192_on_the_samd51_boards_and_4096_on_the_pico(board, size, tmp_path):
    code = tmp_path / "code.py"
    code.write_text(NVM_SIZE)
    r = run(board=board, code=str(code))
    assert r.error is None, r.traceback
    assert r.globals["size"] == size == profiles.get(board).nvm_size


# --- seeds: a random deal is random on each launch -----------------------------------------------
PRINT_RANDOM = """
import random
print("random", random.getrandbits(30))
"""


def test_headless_runs_and_run_keep_a_fixed_seed_interactive_launches_pick_a_new_one():
    from sim import cli

    assert cli.choose_seed(None, headless=True) == cli.HEADLESS_SEED
    assert cli.choose_seed(7, headless=False) == 7 and cli.choose_seed(7, headless=True) == 7
    picked = {cli.choose_seed(None, headless=False) for _ in range(5)}
    assert len(picked) == 5
    assert len({cli.choose_seed("random", headless=True) for _ in range(5)}) == 5


class _Tty:
    def isatty(self):
        return True

    def write(self, text):
        return len(text)

    def flush(self):
        pass


def test_each_launch_in_the_terminal_without_seed_gets_a_different_seed(monkeypatch):
    from sim import cli, terminal

    seeds = []
    monkeypatch.setattr(terminal, "main", lambda **kw: seeds.append(kw["seed"]) or 0)
    monkeypatch.setattr(sys, "stdin", _Tty())
    monkeypatch.setattr(sys, "stdout", _Tty())
    for _ in range(3):
        assert cli.main(["--terminal", "--code", DRAW]) == 0
    assert cli.main(["--terminal", "--code", DRAW, "--seed", "42"]) == 0
    assert len(set(seeds[:3])) == 3 and seeds[3] == 42


def test_two_headless_runs_with_seed_random_draw_different_numbers(tmp_path):
    code = tmp_path / "code.py"
    code.write_text(PRINT_RANDOM)
    runs = [sim("--code", str(code), "--keys", "", "--seed", "random") for _ in range(2)]
    numbers = []
    for p in runs:
        assert p.returncode == 0, p.stderr
        numbers.append(p.stdout.split("random ")[1].split()[0])
        assert "seed " in p.stdout  # the summary says which seed, to run it again
    assert numbers[0] != numbers[1]
    fixed = [sim("--code", str(code), "--keys", "").stdout.split()[1] for _ in range(2)]
    assert fixed[0] == fixed[1]


def test_cli_rejects_a_seed_that_is_neither_a_number_nor_random():
    p = sim("--code", DRAW, "--keys", "", "--seed", "soon")
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "'soon'" in p.stderr


def _saved_game(nvm):
    from solitaire.store import Store

    store = Store(bytearray(nvm))
    store.open()
    return store.saved()


@pytest.mark.skipif(not (REPO / "code.py").exists(), reason="the app's code.py is not written yet")
def test_two_launches_with_a_random_seed_deal_different_numbers(tmp_path):
    # the real app: a new game with the deal left random, saved when the game starts
    deals = []
    for i in range(2):
        p = sim("--keys", "A A A A A", "--seed", "random", "--data-dir", str(tmp_path / str(i)))
        assert p.returncode == 0, p.stderr
        saved = _saved_game((tmp_path / str(i) / "pybadge.nvm").read_bytes())
        assert saved is not None
        deals.append(saved[4])
    assert deals[0] != deals[1]


# --- quitting saves the game; a script that ends does not ------------------------------------------
APP_CODE = """
# fixture: code.py of an app whose save() records when and where it was called
from solitaire import boot
boot.main()
"""
APP_BOOT = """
# fixture: solitaire.boot with an App whose save() writes to NVM: byte 0 = 1 if the loop had
# stopped (2 if it was still running), byte 1 = 1 on the thread that ran the app (else 2),
# byte 2 = how many times save() ran. The screen turns magenta once the app runs.
import threading
import time

import board
import displayio
import microcontroller

last_error = None
app = None


class App:
    def __init__(self):
        self.running = False
        self.thread = threading.current_thread()

    def save(self):
        nvm = microcontroller.nvm
        nvm[0] = 2 if self.running else 1
        nvm[1] = 1 if threading.current_thread() is self.thread else 2
        nvm[2] = 1 if nvm[2] == 0xFF else nvm[2] + 1

    def run(self):
        self.running = True
        try:
            while True:
                time.sleep(0.01)
        finally:
            self.running = False


def main():
    global app
    app = App()
    palette = displayio.Palette(1)
    palette[0] = 0xFF00FF
    group = displayio.Group()
    group.append(displayio.TileGrid(displayio.Bitmap(8, 8, 1), pixel_shader=palette))
    board.DISPLAY.root_group = group
    app.run()
"""
APP_READY = b"\x1b[38;2;255;0;255m"  # the fixture's magenta, drawn by the terminal


def write_app_fixture(folder):
    """A code.py whose solitaire.boot.app records its save() in NVM (see APP_BOOT)."""
    lib = folder / "lib" / "solitaire"
    lib.mkdir(parents=True)
    (lib / "__init__.py").write_text("")
    (lib / "boot.py").write_text(APP_BOOT)
    (folder / "code.py").write_text(APP_CODE)
    return str(folder / "code.py")


def test_a_key_script_that_ends_does_not_save_the_game(tmp_path):
    code = write_app_fixture(tmp_path / "app")
    r = run(board="pybadge", code=code, keys="wait:100")
    assert r.error is None, r.traceback
    assert r.modules["solitaire.boot"].app is not None
    assert r.nvm[:3] == b"\xff\xff\xff" and r.nvm_writes == 0


# --- an error that stopped the program ------------------------------------------------------------
APP_ERROR_BOOT = """
# fixture: an app that catches its own error, shows it and waits, as solitaire.boot does
import os
import time

last_error = None
app = None


def main():
    global last_error
    try:
        raise ValueError("settings.toml: SOLITAIRE_DEAL = " + repr(os.getenv("SOLITAIRE_DEAL"))
                         + ": expected a whole number")
    except Exception as e:
        last_error = e
        print("solitaire:", e)
        while True:
            time.sleep(0.02)
"""


def _write_error_app(folder):
    code = write_app_fixture(folder)
    (folder / "lib" / "solitaire" / "boot.py").write_text(APP_ERROR_BOOT)
    return code


def test_an_error_the_app_caught_is_the_runs_stopped_by(tmp_path):
    code = _write_error_app(tmp_path / "app")
    r = run(code=code, keys="wait:100", settings={"SOLITAIRE_DEAL": "x1"})
    assert r.error is None
    assert isinstance(r.stopped_by, ValueError)
    assert r.stop_line.startswith("the program stopped on an error: ValueError: settings.toml:")
    assert "SOLITAIRE_DEAL came from --set" in r.stop_line
    assert "\n" not in r.stop_line
    ok = run(code=DRAW, keys="A")
    assert ok.stopped_by is None and ok.stop_line is None


def test_cli_headless_run_stopped_by_an_app_error_exits_non_zero_naming_it(tmp_path):
    code = _write_error_app(tmp_path / "app")
    settings = tmp_path / "settings.toml"
    settings.write_text('# deal\n\nSOLITAIRE_DEAL = "12x"\n')
    p = sim("--code", code, "--keys", "wait:100", "--settings", str(settings))
    assert p.returncode == 1
    lines = [line for line in p.stderr.splitlines() if line.startswith("sim:")]
    assert len(lines) == 1, p.stderr
    assert "ValueError: settings.toml: SOLITAIRE_DEAL = '12x'" in lines[0]
    assert "SOLITAIRE_DEAL came from settings.toml (%s line 3)" % settings in lines[0]
    assert "sim: pybadge" not in p.stdout  # no success summary


@pytest.mark.skipif(not (REPO / "code.py").exists(), reason="the app's code.py is not written yet")
def test_cli_headless_real_app_with_a_bad_setting_exits_non_zero_naming_where_it_came_from():
    p = sim("--keys", "wait:100", "--set", "SOLITAIRE_DEAL=abc")
    assert p.returncode == 1
    last = p.stderr.strip().splitlines()[-1]
    assert last.startswith("sim: the program stopped on an error: SettingError: ")
    assert "SOLITAIRE_DEAL" in last and "SOLITAIRE_DEAL came from --set" in last


def test_the_bench_reports_a_program_stopped_by_an_app_error_not_its_figures(tmp_path):
    from sim import bench_sim

    code = _write_error_app(tmp_path / "app")
    line = bench_sim.figures("pybadge", code, "wait:100")
    assert line.startswith("pybadge: the program stopped on an error: ValueError: settings.toml")
    assert "refreshes" in bench_sim.figures("pybadge", DRAW, "A")


def test_the_quick_fill_region_clears_exactly_what_blinkas_own_does():
    # sim/blinka_adapter.py clears whole rows of a bitmap as words of its buffer: the same bits
    import random

    import bitmaptools
    import displayio

    import sim.blinka_adapter  # noqa: F401 (installs it)

    rnd = random.Random(5)
    for w, h, colours in ((160, 143, 2), (37, 20, 2), (56, 72, 16), (9, 5, 4)):
        a = displayio.Bitmap(w, h, colours)
        for y in range(h):
            for x in range(w):
                a[x, y] = rnd.randrange(colours)
        b = displayio.Bitmap(w, h, colours)
        for y in range(h):
            for x in range(w):
                b[x, y] = a[x, y]
        for y1, y2 in ((0, 1), (3, h - 2), (h - 1, h + 4), (-2, 2)):
            bitmaptools.fill_region(a, 0, y1, w, y2, 0)
            bitmaptools._blinka_fill_region(b, 0, max(y1, 0), w, min(y2, h), 0)
            assert all(a[x, y] == b[x, y] for y in range(h) for x in range(w)), (w, h, y1, y2)
        bitmaptools.fill_region(a, 2, 1, 5, 3, 1)  # not whole rows: Blinka's own
        bitmaptools._blinka_fill_region(b, 2, 1, 5, 3, 1)
        assert all(a[x, y] == b[x, y] for y in range(h) for x in range(w))


@pytest.mark.parametrize("board", ("pybadge", "pico320"))
def test_the_benchs_key_script_reaches_a_table_of_the_real_app(board, tmp_path):
    # make bench's redraw figures are meant for play: its script must get through the menus
    from sim import bench_sim

    r = run(board=board, keys=bench_sim.TO_TABLE, data_dir=str(tmp_path))
    assert r.stopped_by is None
    assert "solitaire.play" in r.modules, "the bench's script ended in the menus"
