# The window front end: a tkinter window scaled x3 that real key presses drive; quitting (q, Esc,
# closing the window) saves the game in progress. Needs a display: uses $DISPLAY, else starts
# Xvfb if it is installed, else the tests skip.
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DRAW = str(REPO / "tests" / "fixtures" / "sim" / "draw_keys.py")


@pytest.fixture(scope="module")
def display():
    try:
        import tkinter  # noqa: F401
    except ImportError:
        pytest.skip("tkinter is not installed")
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    if not shutil.which("Xvfb"):
        pytest.skip("no DISPLAY and no Xvfb (apt-get install xvfb) to make one")
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24",
                             "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    if not number.strip():
        xvfb.kill()
        pytest.skip("Xvfb did not start")
    yield ":" + number.decode().strip()
    xvfb.kill()
    xvfb.wait(5)


DRIVER = textwrap.dedent("""
    import json, sys
    from sim.runner import Program
    from sim.window import WindowFrontEnd
    program = Program(sys.argv[1], sys.argv[2], None, 1, None, None, virtual=False)
    front = WindowFrontEnd(program, int(sys.argv[3]))
    seen = {}

    def look(name, x, y):
        s = front.scale
        seen[name] = list(front.shown.get(x * s + 1, y * s + 1))

    def step(i=0):
        if i == 0:
            look("start", 20, 20)
            seen["size"] = [front.shown.width(), front.shown.height()]
            front.root.focus_force()  # key events go to the window with the focus
            front.root.update()
            front.root.event_generate("<KeyPress>", keysym="Right")
            front.root.after(200, step, 1)
        elif i == 1:
            look("held_old", 20, 20)
            look("held_new", 36, 20)
            front.root.event_generate("<KeyRelease>", keysym="Right")
            front.root.event_generate("<KeyPress>", keysym="x")
            front.root.event_generate("<KeyRelease>", keysym="x")
            front.root.after(300, step, 2)
        else:
            look("after_a", 36, 20)
            front.root.event_generate("<KeyPress>", keysym="q")

    front.root.after(800, step)
    rc = front.run()
    print(json.dumps(seen))
    sys.exit(rc)
""")


@pytest.mark.parametrize("board, scale", [("pybadge", 3), ("pico320", 4)])
def test_window_shows_the_screen_scaled_and_keys_drive_it(display, board, scale):
    env = dict(os.environ, DISPLAY=display, PYTHONPATH=str(REPO))
    p = subprocess.run([sys.executable, "-c", DRIVER, board, DRAW, str(scale)], cwd=REPO,
                       env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    seen = json.loads(p.stdout.strip().splitlines()[-1])
    width, height = (160, 128) if board == "pybadge" else (320, 240)
    assert seen["size"] == [width * scale, height * scale]
    assert seen["start"] == [255, 255, 0]
    assert seen["held_old"] == [0, 0, 255] and seen["held_new"] == [255, 255, 0]
    assert seen["after_a"] == [255, 0, 0]


def test_window_without_a_display_says_so_and_falls_back_to_the_terminal(tmp_path):
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 70, 170, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    proc = subprocess.Popen([sys.executable, "-m", "sim", "--window", "--code", DRAW,
                             "--data-dir", str(tmp_path)], stdin=slave, stdout=slave,
                            stderr=slave, cwd=REPO, env=env, start_new_session=True)
    out = b""
    end = time.monotonic() + 30
    try:
        while b"q: quit" not in out and time.monotonic() < end:
            if select.select([master], [], [], 0.1)[0]:
                out += os.read(master, 65536)
        os.write(master, b"q")
        while proc.poll() is None and time.monotonic() < end:
            if select.select([master], [], [], 0.1)[0]:
                out += os.read(master, 65536)
        assert proc.wait(5) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        os.close(slave)
    assert b"no window (no DISPLAY); using the terminal instead" in out
    assert b"q: quit" in out


QUIT_DRIVER = textwrap.dedent("""
    import json, sys
    from sim.runner import Program
    from sim.window import WindowFrontEnd
    program = Program("pybadge", sys.argv[1], None, 1, None, None, virtual=False)
    front = WindowFrontEnd(program, 1)

    def wait_for_app(tries=0):
        if program.session.screen.version == 0 and tries < 200:
            front.root.after(20, wait_for_app, tries + 1)
        elif sys.argv[2] == "close":  # what the window manager calls when the window is closed
            handler = front.root.tk.call("wm", "protocol", front.root, "WM_DELETE_WINDOW")
            front.root.tk.call(handler)
        else:
            front.root.focus_force()  # key events go to the window with the focus
            front.root.update()
            front.root.event_generate("<KeyPress>", keysym=sys.argv[2])

    front.root.after(300, wait_for_app)
    rc = front.run()
    print(json.dumps({"nvm": list(program.session.nvm[0:3]), "saved": program.saved_on_quit}))
    sys.exit(rc)
""")


@pytest.mark.parametrize("how", ["q", "Escape", "close"])
def test_quitting_the_window_saves_the_game_after_the_program_stopped(display, tmp_path, how):
    from tests.test_sim_runner import write_app_fixture

    code = write_app_fixture(tmp_path / "app")
    env = dict(os.environ, DISPLAY=display, PYTHONPATH=str(REPO))
    p = subprocess.run([sys.executable, "-c", QUIT_DRIVER, code, how], cwd=REPO, env=env,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    seen = json.loads(p.stdout.strip().splitlines()[-1])
    # saved once, after the app's loop had stopped, on the thread that ran it
    assert seen == {"nvm": [1, 1, 1], "saved": True}


KEYS_DRIVER = textwrap.dedent("""
    import json, sys
    from sim.runner import Program
    from sim.window import WindowFrontEnd
    program = Program(sys.argv[1], sys.argv[2], None, 1, None, None, virtual=False)
    front = WindowFrontEnd(program, 1)
    keys = sys.argv[3].split()

    def step(i=0):
        if i == 0:
            front.root.focus_force()  # key events go to the window with the focus
            front.root.update()
        if i < len(keys):
            front.root.event_generate("<KeyPress>", keysym=keys[i])
            front.root.after(100, lambda k=keys[i]: front.root.event_generate(
                "<KeyRelease>", keysym=k))
            front.root.after(1200, step, i + 1)
        else:
            front.root.event_generate("<KeyPress>", keysym="q")

    front.root.after(500, step)
    rc = front.run()
    nvm = program.session.nvm
    print(json.dumps(list(nvm[1:1 + nvm[0]]) if nvm[0] != 255 else []))
    sys.exit(rc)
""")


@pytest.mark.parametrize("board", ["pybadge", "pico320"])
def test_the_window_keys_play_holds_and_chords_on_the_board(display, board):
    # Enter, the up arrow, space, r and h through Tk's own key events, into the app's input
    # layer (tests/fixtures/sim/controls_log.py): START, UP, the hint, redo and "send home" on
    # a board whatever buttons it has (sim/keyboard.py; every key: tests/test_sim_keyboard.py)
    from solitaire import keys as K

    log = str(REPO / "tests" / "fixtures" / "sim" / "controls_log.py")
    env = dict(os.environ, DISPLAY=display, PYTHONPATH=str(REPO))
    p = subprocess.run([sys.executable, "-c", KEYS_DRIVER, board, log, "Return Up space r h"],
                       cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    got = [K.NAMES[k] for k in json.loads(p.stdout.strip().splitlines()[-1])]
    assert got == ["START", "UP", "SELECT", "SELECT", "REDO", "A", "A_LONG"]


LIGHTS_DRIVER = textwrap.dedent("""
    import json, sys
    from sim import speaker
    from sim.runner import Program
    from sim.window import WindowFrontEnd
    if sys.argv[3] == "player":  # a PC with a player (this one may have none)
        speaker.find_player = lambda which=None: ("true",)
    program = Program(sys.argv[1], sys.argv[2], None, 1, None, None, virtual=False)
    front = WindowFrontEnd(program, 3)
    seen = {"strip": front.strip is not None,
            "hears": front.session.hear is not None and front.speaker is not None
                     and front.session.hear == front.speaker.hear}

    def step(i=0):
        if i == 0:
            if front.strip is not None:
                seen["before"] = [front.strip.itemcget(d, "fill") for d in front.dots]
                seen["width"] = int(front.strip.cget("width"))
            # what sim/stubs/neopixel_write.py records: GRB, the first pixel green, the last red
            front.session.pixels.append((0, bytes([32, 0, 0] + [0] * 9 + [0, 32, 0])))
            front.root.after(200, step, 1)
        else:
            if front.strip is not None:
                seen["after"] = [front.strip.itemcget(d, "fill") for d in front.dots]
            front.quit()

    front.root.after(500, step)
    rc = front.run()
    seen["hears_after"] = front.session.hear is not None
    print(json.dumps(seen))
    sys.exit(rc)
""")


@pytest.mark.parametrize("board, player", [("pybadge", "player"), ("pybadge", "none"),
                                           ("pico320", "player")])
def test_the_window_draws_the_neopixels_under_the_screen_and_hears_the_speaker(display, board,
                                                                              player):
    # the PyBadge's five NeoPixels under the screen, in the colours last sent (brightened: the
    # app keeps them dim); its speaker heard where the PC has a player (sim/speaker.py), and
    # nothing hooked where it has none or the board has no speaker; a Pico has neither
    env = dict(os.environ, DISPLAY=display, PYTHONPATH=str(REPO))
    p = subprocess.run([sys.executable, "-c", LIGHTS_DRIVER, board, DRAW, player], cwd=REPO,
                       env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    seen = json.loads(p.stdout.strip().splitlines()[-1])
    if board == "pico320":
        assert seen == {"strip": False, "hears": False, "hears_after": False}
        return
    assert seen["strip"] and seen["width"] == 160 * 3
    assert seen["before"] == ["#303030"] * 5  # unlit, but the strip's place shows
    assert seen["after"] == ["#00c000"] + ["#303030"] * 3 + ["#c00000"]
    assert seen["hears"] == (player == "player")
    assert not seen["hears_after"]  # let go when the window closes
