# The terminal front end, driven through a pseudo-terminal: it draws in 24-bit colour, the
# keyboard plays the buttons, q, Ctrl-C or a crash give the terminal back as it was, and q or
# Ctrl-C save the game in progress first. What the program prints waits until the terminal is
# back.
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from sim import profiles
from sim.terminal import Renderer, help_line, parse_keys, too_small_message
from tests.test_sim_runner import APP_READY, write_app_fixture

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "sim"
RESTORE = b"\x1b[0m\x1b[?25h\x1b[2J\x1b[H\x1b[?1049l"


RUNNING = []


def _own_terminal():
    # like a shell does: a new session whose controlling terminal is the pty, so Ctrl-C typed
    # into it becomes SIGINT for the simulator
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


@pytest.fixture(autouse=True)
def _stop_simulators():
    yield
    while RUNNING:
        proc = RUNNING.pop()
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


class Pty:
    def __init__(self, args, columns=170, rows=70):
        self.master, self.slave = pty.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.before = termios.tcgetattr(self.slave)
        self.proc = subprocess.Popen([sys.executable, "-m", "sim", "--terminal", *args],
                                     stdin=self.slave, stdout=self.slave, stderr=self.slave,
                                     cwd=REPO, preexec_fn=_own_terminal)
        RUNNING.append(self.proc)
        self.output = b""

    def read_until(self, needle, timeout=20.0):
        end = time.monotonic() + timeout
        while needle not in self.output and time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:
                    break
        return needle in self.output

    def quiet(self, seconds=0.5):
        # read until nothing has come for a while (the first screen is a lot of output)
        while True:
            size = len(self.output)
            self.read_until(b"\x00", timeout=seconds)
            if len(self.output) == size:
                return

    def send(self, data):
        os.write(self.master, data)

    def finish(self, timeout=20.0):
        # keep reading while waiting: a full pty buffer would block the simulator's writes
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            self.read_until(b"\x00", timeout=0.1)
        rc = self.proc.wait(1)
        self.read_until(b"\x00", timeout=0.3)
        restored = termios.tcgetattr(self.slave) == self.before
        os.close(self.master)
        os.close(self.slave)
        return rc, restored


def fixture_args(tmp_path, name="draw_keys.py", board="pybadge"):
    return ["--board", board, "--code", str(FIXTURES / name), "--data-dir", str(tmp_path)]


def test_terminal_draws_plays_keys_and_q_restores_the_terminal(tmp_path):
    t = Pty(fixture_args(tmp_path))
    assert t.read_until(b"q: quit"), t.output[-300:]
    assert t.read_until(b"\x1b[38;2;255;255;0m")  # the yellow cursor, in 24-bit colour
    assert b"\x1b[?1049h" in t.output and b"\x1b[?25l" in t.output
    t.quiet()
    mark = len(t.output)
    t.send(b"\x1b[C")  # right arrow: the cursor moves, so a few cells are redrawn
    # cell row 9 (pixel rows 16-17) is redrawn from column 17 (x 16, the old square) on
    assert t.read_until(b"\x1b[9;17H")
    t.quiet()
    redraw = t.output[mark:]
    assert b"\x1b[38;2;255;255;0m" in redraw
    # only the changed cells: the old and new 16x16 squares are 32 x 8 cells (of 160 x 64)
    assert redraw.count("\u2580".encode()) == 32 * 8
    t.send(b"x")  # A: the fixture counts it in NVM
    time.sleep(0.5)
    t.send(b"q")
    rc, restored = t.finish()
    assert rc == 0
    assert restored
    assert t.output.rstrip(b"\r\n").endswith(RESTORE)
    assert (tmp_path / "pybadge.nvm").read_bytes()[0] == 1


@pytest.mark.parametrize("how", ["ctrl-c byte", "SIGINT"])
def test_ctrl_c_restores_the_terminal(tmp_path, how):
    t = Pty(fixture_args(tmp_path))
    assert t.read_until(b"q: quit")
    if how == "SIGINT":
        t.proc.send_signal(signal.SIGINT)
    else:
        t.send(b"\x03")
    rc, restored = t.finish()
    assert rc == 0 and restored
    assert RESTORE in t.output


def test_a_program_error_restores_the_terminal_and_shows_the_traceback(tmp_path):
    t = Pty(fixture_args(tmp_path, "crash.py"))
    rc, restored = t.finish()
    t.read_until(b"fixture failure", timeout=2)
    assert rc == 1 and restored
    assert RESTORE in t.output
    assert b"fixture failure" in t.output.split(RESTORE)[-1]


def test_too_small_terminal_says_how_large_it_must_be_and_ignores_keys(tmp_path):
    t = Pty(fixture_args(tmp_path), columns=80, rows=24)
    assert t.read_until(b"needs at least 160x65")
    assert t.read_until(b"q quits.")
    text = t.output.decode(errors="replace")
    shown = text[text.index("The terminal is"):text.index("q quits.") + len("q quits.")]
    lines = shown.split("\r\n")
    assert len(lines) == 3 and all(len(line) <= 80 for line in lines), lines
    t.send(b"x")  # A: the fixture would count it in NVM
    time.sleep(0.5)
    t.send(b"q")
    rc, restored = t.finish()
    assert rc == 0 and restored
    nvm = tmp_path / "pybadge.nvm"
    assert not nvm.exists() or nvm.read_bytes()[0] == 0xFF


@pytest.mark.parametrize("board", sorted(profiles.PROFILES))
def test_too_small_message_fits_80_columns_for_every_board(board):
    profile = profiles.get(board)
    lines = too_small_message((79, 23), profile.name, (profile.width, profile.height // 2 + 1))
    assert all(len(line) <= 80 for line in lines), lines


def test_terminal_needs_a_terminal(tmp_path):
    p = subprocess.run([sys.executable, "-m", "sim", "--terminal", *fixture_args(tmp_path)],
                       cwd=REPO, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 2 and p.stderr.count("\n") == 1


def test_key_bytes_split_into_buttons():
    assert parse_keys(b"\x1b[A\x1b[Dxz\r q\x1b[5~") == [
        b"\x1b[A", b"\x1b[D", b"x", b"z", b"\r", b" ", b"q"]


def test_help_line_shows_the_boards_buttons_for_every_key():
    # tests/test_sim_keyboard.py: every key's action on every board
    assert "arrows: d-pad" in help_line(profiles.PYBADGE)
    assert "arrows: joystick" in help_line(profiles.PYGAMER)
    pico = help_line(profiles.PICO320)
    assert "left/right arrows" in pico and "START (hold B)" in pico


def test_renderer_sends_only_changed_cells():
    width, height = 4, 4
    frame = bytearray(width * height * 3)
    r = Renderer(width, height)
    first = r.render(bytes(frame))
    assert first.count("\u2580") == 8  # 4 columns x 2 cell rows
    frame[(3 * width + 2) * 3] = 255  # pixel (2, 3): bottom half of cell row 1, column 2
    second = r.render(bytes(frame))
    assert second.count("\u2580") == 1
    assert "\x1b[2;3H" in second and "\x1b[48;2;255;0;0m" in second
    assert r.render(bytes(frame)) == ""


@pytest.mark.parametrize("how", ["q", "ctrl-c byte", "SIGINT"])
def test_quitting_saves_the_game_after_the_program_stopped_on_its_own_thread(tmp_path, how):
    code = write_app_fixture(tmp_path / "app")
    t = Pty(["--code", code, "--data-dir", str(tmp_path)])
    assert t.read_until(APP_READY), t.output[-300:]
    if how == "SIGINT":
        t.proc.send_signal(signal.SIGINT)
    else:
        t.send(b"q" if how == "q" else b"\x03")
    rc, restored = t.finish()
    assert rc == 0 and restored
    # saved once, after the app's loop had stopped, on the thread that ran it
    assert (tmp_path / "pybadge.nvm").read_bytes()[:3] == bytes((1, 1, 1))


def _saved_moves(path):
    from solitaire.store import Store

    store = Store(bytearray(path.read_bytes()))
    store.open()
    saved = store.saved()
    return None if saved is None else saved[5]


@pytest.mark.skipif(not (REPO / "code.py").exists(), reason="the app's code.py is not written yet")
def test_q_saves_the_real_apps_game_in_progress(tmp_path):
    t = Pty(["--data-dir", str(tmp_path), "--set", "SOLITAIRE_DEAL=7"])
    assert t.read_until(b"q: quit")
    # the app's first screen, drawn whole (a key pressed before the app reads its buttons is lost)
    half = "\u2580".encode()
    end = time.monotonic() + 30
    while t.output.count(half) < 160 * 64 and time.monotonic() < end:
        t.read_until(b"\x00", timeout=0.1)
    t.quiet(0.5)
    # the save-memory notice, New game, Terrace, Terrace, Start game; then a base card
    for key in (b"x", b"x", b"x", b"x", b"x", b"\x1b[C", b"x"):
        mark = len(t.output)
        t.send(key)
        end = time.monotonic() + 10
        while len(t.output) == mark and time.monotonic() < end:  # the key's redraw
            t.read_until(b"\x00", timeout=0.05)
        t.quiet(0.3)
    nvm = tmp_path / "pybadge.nvm"
    assert _saved_moves(nvm) == 0  # saved when the deal began, not since the base card
    t.send(b"q")  # well before the app's own save, 3 s after the last key
    rc, restored = t.finish()
    assert rc == 0 and restored
    assert _saved_moves(nvm) > 0


@pytest.mark.skipif(not (REPO / "code.py").exists(), reason="the app's code.py is not written yet")
def test_a_settings_error_restores_the_terminal_before_printing(tmp_path):
    from sim.runner import run

    # the colour of the app's error screen, from the same run headless
    shown = run(keys="wait:100", settings={"SOLITAIRE_DEAL": "abc"}, data_dir=tmp_path / "h")
    assert shown.stopped_by is not None
    t = Pty(["--data-dir", str(tmp_path), "--set", "SOLITAIRE_DEAL=abc"])
    assert t.read_until(b"\x1b[48;2;%d;%d;%dm" % shown.pixel(0, 0)), t.output[-300:]
    t.quiet(0.3)
    t.send(b"q")
    rc, restored = t.finish()
    assert rc == 1 and restored
    drawn, after = t.output.split(RESTORE)
    assert b"expected a whole number" not in drawn and b"Traceback" not in drawn
    lines = after.decode().strip().splitlines()
    assert any(line.startswith("solitaire: settings.toml: SOLITAIRE_DEAL = 'abc'")
               for line in lines)  # the app's console, printed once the terminal is back
    assert lines[-1].startswith("sim: the program stopped on an error: SettingError:")
    assert lines[-1].endswith("(SOLITAIRE_DEAL came from --set)")


def test_settings_warnings_are_printed_once_the_terminal_is_back(tmp_path):
    t = Pty(fixture_args(tmp_path) + ["--set", "SOLITAIRE_BORD=pybadge"])
    assert t.read_until(b"q: quit")
    t.send(b"q")
    rc, restored = t.finish()
    assert rc == 0 and restored
    drawn, after = t.output.split(RESTORE)
    assert b"SOLITAIRE_BORD" not in drawn
    assert b"did you mean SOLITAIRE_BOARD?" in after
