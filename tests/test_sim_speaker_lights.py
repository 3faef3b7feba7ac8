# Sound and NeoPixels on a PC (issue 40 item 9): what the board's speaker stand-ins record is put
# back together as the sound the board would make and handed to the PC's player (silent, without
# an error, where there is none); the terminal shows the NeoPixels on its help line. And a
# terminal too small for the screen (item 10): a window where one can open, else the screen at
# half size with a line saying so.
import io
import re
import subprocess
import sys
import time
import wave

from sim import cli, lights, profiles, speaker
from sim.terminal import Renderer, TerminalFrontEnd, halve, needed
from solitaire import keys as K
from tests.test_app_helpers import host, start_game
from tests.test_sim_terminal import Pty, fixture_args

COPY = "import shutil, sys; shutil.copy(sys.argv[2], sys.argv[1])"  # a player that keeps the file


def test_a_looped_one_period_sample_plays_at_its_pitch_for_as_long_as_it_played():
    period = bytes([200] * 8 + [56] * 8)  # one square wave period, as solitaire/sound_make.py
    events = [("amp", 1000, True), ("play", 1000, 440 * 16, 16, True, period),
              ("stop", 1100), ("amp", 1100, False)]
    out = speaker.render(events)
    assert len(out) == speaker.OUT_RATE // 10  # 100 ms
    ups = sum(1 for a, b in zip(out, out[1:]) if a == 56 and b == 200)
    assert 43 <= ups <= 45  # 440 Hz for 0.1 s
    rest = speaker.render([("amp", 0, True), ("play", 0, 8000, 16, True, period), ("stop", 20),
                           ("play", 50, 8000, 16, True, period), ("stop", 60), ("amp", 60, False)])
    gap = rest[speaker.OUT_RATE * 20 // 1000 + 1:speaker.OUT_RATE * 50 // 1000 - 1]
    assert gap and set(gap) == {128}  # a rest is silence, the amplifier still on


def test_the_apps_sounds_are_played_on_the_pc_each_once_it_ends(tmp_path):
    # the real app on a PyBadge: B on a fresh table is refused (two low buzzes with a rest,
    # 70 + 30 + 80 ms as solitaire/sound.py has them, 200 ms as the main loop's ticks play them
    # on the PyBadge); the speaker writes it as a WAV and starts the player on it
    kept = tmp_path / "kept"
    kept.mkdir()
    spk = speaker.Speaker((sys.executable, "-c", COPY, str(kept)))
    with host("pybadge", data_dir=tmp_path, settings={"SOLITAIRE_DEAL": 4242}) as h:
        h.settle()
        start_game(h, autoplay=False)
        h.idle(1200)
        h.session.hear = spk.hear
        played = spk.count
        h.press(K.B)
        h.idle(800)
        h.session.hear = None
    assert spk.count == played + 1
    spk.close()  # waits for the players
    files = sorted(kept.iterdir())
    assert len(files) == 1
    with wave.open(str(files[0])) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 1, speaker.OUT_RATE)
        frames = w.readframes(w.getnframes())
    assert speaker.OUT_RATE * 180 // 1000 <= len(frames) <= speaker.OUT_RATE * 220 // 1000
    assert len(set(frames)) > 1  # heard, not silence
    assert not spk.folder or not (tmp_path / spk.folder).exists()


def test_without_a_player_the_speaker_is_silent_and_makes_nothing():
    assert speaker.find_player(lambda name: None) is None
    assert speaker.find_player(lambda name: "/bin/" + name if name == "aplay" else None) == (
        "/bin/aplay", "-q")
    silent = speaker.for_board(profiles.PYBADGE, which=lambda name: None)
    assert silent.command is None and silent.folder is None
    silent.hear(("amp", 0, True))
    silent.hear(("amp", 10, False))
    assert silent.count == 0
    assert speaker.for_board(profiles.PICO320) is None  # no speaker on that board


def test_a_player_that_fails_to_start_leaves_the_game_silent_without_an_error():
    spk = speaker.Speaker(("/nonexistent/player",))
    for _ in range(2):
        spk.hear(("amp", 0, True))
        spk.hear(("play", 0, 8000, 16, True), bytes(16))
        spk.hear(("amp", 20, False))
    assert spk.command is None
    spk.close()


class _Session:
    def __init__(self):
        self.pixels = []
        self.screen = type("Screen", (), {"version": 0})()

    def push(self, button, pressed):
        pass

    def frame(self):
        return bytes(160 * 128 * 3)


class _Program:
    def __init__(self, profile):
        self.profile = profile
        self.session = _Session()


def test_the_terminal_shows_the_neopixels_at_the_start_of_its_help_line():
    out = io.StringIO()
    front = TerminalFrontEnd(_Program(profiles.PYBADGE), 0, out)
    front.size = (170, 70)
    front.status(front.status_text)
    grey = "\x1b[38;2;48;48;48m\u25cf"
    assert out.getvalue().count(grey) == 5 and "arrows: d-pad" in out.getvalue()
    # a celebration's frame: GRB, the first pixel gold; shown brighter, redrawn at the next draw
    front.session.pixels.append((0, bytes([24, 32, 0] + [0] * 12)))
    out.truncate(0)
    front.draw()
    line = out.getvalue()
    assert line.index("\x1b[38;2;192;144;0m\u25cf") < line.index("arrows: d-pad")
    assert line.count(grey) == 4
    # a board without NeoPixels: the help line alone
    out = io.StringIO()
    pico = TerminalFrontEnd(_Program(profiles.PICO320), 0, out)
    pico.size = (170, 70)
    pico.status(pico.status_text)
    assert "\u25cf" not in out.getvalue()
    assert lights.colours(_Session()) == [lights.UNLIT] * 5


def test_half_size_averages_each_block_of_four_pixels():
    frame = bytearray(4 * 2 * 3)
    frame[0:3] = bytes([255, 0, 0])  # (0, 0) red, the rest of its block black
    frame[4 * 3 + 6:4 * 3 + 9] = bytes([0, 0, 200])  # (2, 1) blue
    assert halve(bytes(frame), 4, 2) == bytes([64, 0, 0, 0, 0, 50])
    r = Renderer(160, 128, half=True)
    assert (r.width, r.height, r.rows) == (80, 64, 32)
    assert r.render(bytes(160 * 128 * 3)).count("\u2580") == 80 * 32


def test_a_terminal_too_small_for_the_screen_shows_it_at_half_size_and_says_so(tmp_path):
    # 100x40: under the PyBadge's 160x65, over the half size's 80x34
    assert needed(profiles.PYBADGE) == (160, 65) and needed(profiles.PYBADGE, True) == (80, 34)
    t = Pty(fixture_args(tmp_path), columns=100, rows=40)
    assert t.read_until(b"Half size: the terminal is 100x40; full size needs 160x65.")
    assert t.read_until(b"arrows: d-pad")
    t.quiet()
    drawn = t.output.split(b"\x1b[2J")[-1]
    cells = [tuple(map(int, m)) for m in re.findall(rb"\x1b\[(\d+);(\d+)H", drawn)]
    # the whole screen, a cell for 2x4 pixels: 80 columns, 32 rows; the help line and the
    # notice under it
    assert max(c for r, c in cells) <= 80
    assert {r for r, c in cells} == set(range(1, 35))
    t.send(b"x")  # keys play: the fixture counts A in NVM
    time.sleep(0.5)
    t.send(b"q")
    rc, restored = t.finish()
    assert rc == 0 and restored
    assert (tmp_path / "pybadge.nvm").read_bytes()[0] == 1


def test_make_sim_in_a_small_terminal_opens_a_window_where_one_can_open():
    badge = profiles.PYBADGE
    note = cli.window_instead(badge, (80, 24), unavailable=lambda: None)
    assert note.startswith("the terminal is 80x24, too small for the pybadge screen (160x65 "
                           "needed): using a window")
    assert cli.window_instead(badge, (80, 24), unavailable=lambda: "no DISPLAY") is None
    assert cli.window_instead(badge, (160, 65), unavailable=lambda: None) is None


def test_the_help_says_the_terminal_size_make_sim_needs():
    p = subprocess.run([sys.executable, "-m", "sim", "--help"], capture_output=True, text=True,
                       timeout=60)
    assert "160x65" in p.stdout
