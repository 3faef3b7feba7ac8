# The Adafruit Fruit Jam as a board (lib/solitaire/fruitjam.py, fruitjam_input.py,
# fruitjam_sound.py): the real app on the simulator's Fruit Jam profile, every key reaching it
# through the stand-ins of the USB gamepad driver, the USB keyboard (standard input) and the
# board's buttons (sim/stubs_fruitjam/), as on the board: every registered family played from
# its deal to its end; a gamepad unplugged and plugged back, an unknown USB device; Esc and the
# title's "Quit to launcher"; the Controls page naming the input in use; the DAC's sounds at the
# launcher's output and volume; the 640x480 mode drawn x2.
import os
import sys

import displayio
import pytest

from engine.game import LOST, PLAYING, WON
from engine.registry import FAMILIES
from sim import hw
from solitaire import keys as K
from tests.apphost import Host
from tests.test_app_helpers import find_deal, past_notices

PAD = {K.UP: "UP", K.DOWN: "DOWN", K.LEFT: "LEFT", K.RIGHT: "RIGHT", K.A: "A", K.B: "B",
       K.START: "START", K.SELECT: "SELECT"}
TYPED = {K.UP: "\x1b[A", K.DOWN: "\x1b[B", K.RIGHT: "\x1b[C", K.LEFT: "\x1b[D", K.A: "x",
         K.B: "z", K.START: "\r", K.SELECT: " ", K.A_LONG: "h", K.REDO: "r"}


class JamHost(Host):
    # the app with its own controls (not apphost's stand-in): a key is a gamepad button pressed
    # and let go, or typed on the keyboard; `via` says which ("pad", "keyboard", or "mix":
    # turn about)
    def __init__(self, via="mix", **kw):
        super().__init__("fruitjam", **kw)
        self.app.controls = self.keys.real
        self.via = via
        self.sent = 0
        self.last_a = -10000

    def send(self, k, via):
        if k == K.A:  # (two A's within 300 ms are "card home": a player's presses are slower)
            gap = (self.now - self.last_a) & 0x1FFFFFFF
            if gap < 340:
                self.idle(340 - gap)
            self.last_a = self.now
        if via == "keyboard" or k > K.SELECT:
            self.session.type(TYPED[k])
            self.step()
        else:
            self.session.set_button(PAD[k], True)
            self.step()
            self.session.set_button(PAD[k], False)
            self.step()

    def press(self, *keys, settle=True):
        for k in keys:
            if isinstance(k, str):
                k = K.NAMES.index(k)
            self.log.append(K.NAMES[k])
            via = self.via
            if via == "mix":
                via = ("pad", "keyboard")[self.sent % 2]
            self.sent += 1
            self.send(k, via)
            if settle:
                self.settle()


def modes():
    # one mode of every registered family (its first variant and rule profile)
    return [(f, 0, 0) for f in range(len(FAMILIES))]


@pytest.mark.parametrize("key", modes(), ids=[r.key for r in FAMILIES])
def test_every_family_plays_from_its_deal_to_its_end_with_gamepad_and_keyboard(key):
    with JamHost("mix") as h:
        assert h.app.board == "fruitjam" and (h.app.width, h.app.height) == (320, 240)
        assert h.session.display_config == (320, 240)
        number = find_deal(key[1], WON) if key[0] == 0 else 3
        past_notices(h)  # the greeting (a first start: the save file was blank)
        h.start(*key, number=number)
        assert h.game.status() == PLAYING
        made = h.play_by_hints()
        assert made > 0 and h.screen.over and h.game.status() in (WON, LOST)
        played, won = h.app.store.stats(*key)[:2]
        assert played == 1 and won == (h.game.status() == WON)
        assert h.app.store.nvm.path is not None  # (saved on the /saves file all along)


def test_the_three_board_buttons_are_a_b_and_start():
    with JamHost("pad") as h:
        h.press("A")  # the greeting
        h.start(0, 0, 0, 5)
        for name in ("BUTTON3",):  # START: the pause box
            h.session.set_button(name, True)
            h.step()
            h.session.set_button(name, False)
            h.step()
        h.settle()
        assert h.screen.box is not None
        h.session.set_button("BUTTON2", True)  # B: back to the table
        h.step()
        h.session.set_button("BUTTON2", False)
        h.step()
        h.settle()
        assert h.screen.box is None


def test_a_gamepad_unplugged_mid_game_is_said_and_the_game_is_kept():
    with JamHost("pad") as h:
        h.press("A")
        h.start(0, 0, 0, 5)
        h.press("RIGHT", "RIGHT")
        game, cursor = h.game, h.screen.cursor
        h.session.set_button("LEFT", True)  # held when the cable goes
        h.step()
        h.session.pad_connected = False
        h.idle(200)
        assert "Gamepad unplugged" in h.message() and "the game is kept" in h.message()
        assert h.game is game and h.app.controls.held == 0  # (no key left repeating)
        cursor = h.screen.cursor
        h.idle(1000)
        assert h.screen.cursor == cursor
        h.via = "keyboard"  # the keyboard plays on meanwhile
        h.press("RIGHT")
        assert h.screen.cursor != cursor
        h.session.set_button("LEFT", False)
        h.session.pad_connected = True
        h.idle(100)
        assert h.message() == "Gamepad back."
        h.via = "pad"
        before = h.screen.cursor
        h.press("LEFT")
        assert h.screen.cursor != before and h.game is game


def test_an_unknown_usb_device_is_said_on_the_table_not_over_the_title():
    with JamHost("pad") as h:
        h.session.pad_connected = False
        h.session.usb_unknown.append((0x1234, 0xABCD))
        h.idle(200)
        assert h.app.screen.page.title == "Welcome to Solitaire"  # (a keyboard is such a device)
        h.press("A")
        h.start(1, 0, 0, 4)
        h.idle(100)
        assert "USB device 1234:abcd is not a gamepad" in h.message()
        assert h.game.status() == PLAYING


def test_the_controls_page_names_the_input_in_use():
    with JamHost("keyboard") as h:
        h.press("A")  # the greeting
        inputs = h.app.controls.joystick
        assert inputs.used == 2  # the keyboard
        from solitaire.howto import scheme

        lines = scheme(h.app.controls)
        assert lines[0] == "Arrows: move" and "Esc: quit to the launcher" in lines
        h.via = "pad"
        h.press("DOWN")
        lines = scheme(h.app.controls)
        assert lines[0] == "D-pad or stick: move" and "START or Y: pause menu" in lines
        assert h.app.controls.names[K.START] == "START"


def _reloaded(h, keys):
    with pytest.raises(hw.Quit):
        h.session.type(keys)
        h.idle(200)


def test_esc_on_the_keyboard_saves_the_game_and_returns_to_the_launcher(tmp_path):
    with JamHost("keyboard", data_dir=tmp_path) as h:
        h.press("A")
        h.start(0, 0, 0, 9)
        h.press("RIGHT", "A")
        version = h.game.version
        _reloaded(h, "\x1b")
        assert h.app.saved_version == version  # saved before the reload
    with JamHost("keyboard", data_dir=tmp_path) as h:
        assert h.app.store.saved()[4] == 9  # Resume offers it
        assert h.app.screen.page.items[0].startswith("Resume")


def test_an_arrow_key_is_no_esc_even_when_its_bytes_come_apart():
    with JamHost("keyboard") as h:
        h.press("A")
        h.start(0, 0, 0, 9)
        cursor = h.screen.cursor
        h.session.type("\x1b")
        h.step()  # (20 ms: the rest of the sequence comes next)
        h.session.type("[C")
        h.idle(100)
        assert h.screen.cursor != cursor and h.game is not None


def test_quit_to_launcher_is_on_the_fruit_jams_title_only():
    with JamHost("pad") as h:
        past_notices(h)
        items = h.app.screen.page.items
        assert items[-1] == "Quit to launcher"
        with pytest.raises(hw.Quit):
            h.press(*["DOWN"] * (len(items) - 1), "A")
    with Host("pybadge") as h:
        past_notices(h)
        assert "Quit to launcher" not in h.app.screen.page.items


def _sounds(h):
    return [e for e in h.session.audio if e[0] == "note_on"]


def test_sounds_play_through_the_dac_at_the_launchers_output_and_volume():
    with JamHost("pad") as h:
        periph = h.app.controls.joystick.periph
        assert (periph.audio_output, periph.volume) == ("headphone", 7)
        h.press("A")
        h.start(0, 0, 0, 5)
        assert any(e[0] == "i2s_play" and e[2] == "Synthesizer" for e in h.session.audio)
        n = len(_sounds(h))
        h.press("A")  # a card picked up (or refused): heard
        assert len(_sounds(h)) > n
        assert h.app.sound.level > 0


def test_the_launchers_speaker_and_loud_volume_are_used(monkeypatch):
    monkeypatch.setattr(hw.Session, "__init__", _launcher(hw.Session.__init__, "speaker", 15))
    with JamHost("pad") as h:
        periph = h.app.controls.joystick.periph
        assert (periph.audio_output, periph.volume) == ("speaker", 15)


def _launcher(init, output, volume):
    def patched(self, *a, **kw):
        init(self, *a, **kw)
        self.launcher = {"audio_output": output, "audio_volume": volume}

    return patched


def test_sound_off_in_the_options_is_silent_on_the_dac():
    with JamHost("pad") as h:
        h.press("A")
        h.start(0, 0, 0, 5)
        from solitaire import sound_make

        sound_make.set_level(h.app.sound, 0)
        n = len(_sounds(h))
        h.press("RIGHT", "A", "B")
        assert len(_sounds(h)) == n


def test_at_640x480_the_320x240_table_is_drawn_twice_as_big():
    from solitaire.fruitjam import Scaled

    class Panel:  # a FramebufferDisplay as the app reaches it
        width, height = 640, 480
        root_group = None
        auto_refresh = True

        def refresh(self):
            return True

    panel = Panel()
    d = Scaled(panel, 2)
    assert (d.width, d.height) == (320, 240)
    a, b = displayio.Group(), displayio.Group()
    d.root_group = a
    assert panel.root_group is d.outer and d.outer.scale == 2 and list(d.outer) == [a]
    d.root_group = b
    assert list(d.outer) == [b] and d.root_group is b
    d.auto_refresh = False
    assert panel.auto_refresh is False


def test_the_users_display_width_picks_the_mode():
    with JamHost("pad", settings={"CIRCUITPY_DISPLAY_WIDTH": 640}) as h:
        assert h.session.display_config == (640, 480)
    with JamHost("pad", settings={"CIRCUITPY_DISPLAY_WIDTH": 360}) as h:
        assert h.session.display_config == (320, 240)  # (the tables are laid out for 320x240)


def test_a_read_only_saves_drive_is_said_at_start_up_and_the_nvm_keeps_the_games(tmp_path):
    import os

    folder = tmp_path / "no-such-drive"
    with JamHost("pad", settings={"SOLITAIRE_SAVES": str(folder)}) as h:
        page = h.app.screen.page
        assert page.title == "Save memory"
        assert "board's own memory" in " ".join(page.info)
        past_notices(h)
        assert h.app.screen.page.title == "SOLITAIRE"
        h.start(2, 0, 0, 4)
        h.press("RIGHT", "A")
        h.app.save()
        assert h.app.store.nvm.nvm is not None and h.session.nvm.writes > 0
        assert not os.path.exists(folder)


def test_the_pc_keyboard_types_on_the_fruit_jams_usb_keyboard_in_the_front_ends():
    from sim import profiles
    from sim.terminal import TerminalFrontEnd
    from sim.window import TYPED

    profile = profiles.get("fruitjam")
    session = hw.Session(profile)
    program = type("P", (), {"session": session, "profile": profile})()
    front = TerminalFrontEnd(program, 0, None)
    assert front.handle(b"\x1b[Ax\r", 0) is False
    assert "".join(session.typed) == "\x1b[Ax\r"  # every byte, as the board's core hands them over
    assert front.handle(b"zq", 0) is True and "".join(session.typed).endswith("z")  # q quits
    assert TYPED["Up"] == "\x1b[A" and TYPED["Return"] == "\r"  # (the window's keys without a char)
    session.screen.release()


def test_key_scripts_type_on_the_usb_keyboard_and_press_the_gamepad():
    from sim import keyscript, profiles

    fruitjam = profiles.get("fruitjam")
    steps = keyscript.parse("key:down type:x A BUTTON3", fruitjam)
    assert steps[0][1] == ((1, "type", "\x1b[B"),) and steps[1][1] == ((1, "type", "x"),)
    assert steps[2][1][0] == (1, "press", ("A",)) and steps[3][1][0] == (1, "press", ("BUTTON3",))
    with pytest.raises(keyscript.KeyScriptError, match="no USB keyboard"):
        keyscript.parse("type:x", profiles.get("pybadge"))
    with pytest.raises(keyscript.KeyScriptError, match="expected key:"):
        keyscript.parse("key:home", fruitjam)


def test_other_keyboard_sequences_press_nothing():
    with JamHost("keyboard") as h:
        past_notices(h)
        h.start(0, 0, 0, 9)
        cursor, box = h.screen.cursor, h.screen.box
        h.session.type("\x1b[5~\x1b[1;5A\x1b[15~")  # Page Up, Ctrl+Up, F5
        h.idle(200)
        assert (h.screen.cursor, h.screen.box) == (cursor, box) and h.game is not None
        h.session.type("\x1b[C")
        h.idle(100)
        assert h.screen.cursor != cursor


def test_without_the_fruitjam_library_the_display_is_as_it_is_and_keypad_reads_the_buttons(
        tmp_path, monkeypatch, capsys):
    # a Fruit Jam without adafruit_fruitjam (nor launcher_config): the game starts, silent,
    # the buttons read by keypad, and the console says what to install
    import shutil

    from sim import runner

    shutil.copy(os.path.join(runner.FRUITJAM_STUBS_DIR, "relic_usb_host_gamepad.py"), tmp_path)
    monkeypatch.setattr(runner, "FRUITJAM_STUBS_DIR", str(tmp_path))
    with JamHost("pad") as h:
        assert "circup install adafruit_fruitjam" in capsys.readouterr().out
        assert h.app.controls.joystick.periph is None and h.app.controls.scanner is not None
        assert h.session.display_config is None and h.app.speaker is None
        past_notices(h)
        h.start(0, 0, 0, 5)
        h.session.set_button("BUTTON3", True)  # START: the pause box, through keypad
        h.idle(60)
        h.session.set_button("BUTTON3", False)
        h.idle(60)
        h.settle()
        assert h.screen.box is not None


def test_a_saves_drive_that_fills_up_mid_game_is_said_on_the_table_and_the_game_kept(monkeypatch):
    import errno

    with JamHost("pad") as h:
        past_notices(h)
        h.start(1, 0, 0, 4)
        writes = h.session.nvm.writes

        def full(path, a, v):
            raise OSError(errno.ENOSPC, "No space left on device")

        # (the save file's module as the app loaded it: start-up dropped it from sys.modules)
        monkeypatch.setitem(type(h.app.store.nvm).__setitem__.__globals__, "write", full)
        h.play(h.game.hint())  # a move: saved in the next quiet step
        h.idle(3500)
        assert "it is full" in h.message() and "board's own memory" in h.message()
        assert h.session.nvm.writes > writes and h.app.store.saved() is not None
        assert h.game.status() == PLAYING


def test_a_640x480_screen_shows_the_320x240_title_and_table_twice_as_big(monkeypatch):
    # the Fruit Jam at 640x480 (its CIRCUITPY_DISPLAY_WIDTH = 640): the app lays out 320x240
    # and one Group(scale=2) draws it, so each of its pixels is a 2x2 block of the screen's.
    # (Its rectangles are bitmaps there: a vectorio shape follows a Group's scale in where it
    # is drawn, not in its size)
    import copy

    from sim import profiles

    big = copy.copy(profiles.FRUITJAM)
    big.name, big.width, big.height = "fruitjam640", 640, 480
    monkeypatch.setitem(profiles.PROFILES, "fruitjam640", big)

    def frames(board, settings):
        shots = []
        with Host(board, settings=dict(settings, SOLITAIRE_DEAL=7)) as h:
            past_notices(h)
            shots.append(h.frame())
            h.start(0, 0, 0, 7)
            h.press("RIGHT", "RIGHT", "A")  # a card picked up: the cursor's frame round it
            shots.append(h.frame())
            size = (h.app.width, h.app.height, h.session.display_config)
        return shots, size

    want, small = frames("fruitjam", {})
    got, size = frames("fruitjam640", {"CIRCUITPY_DISPLAY_WIDTH": 640})
    assert small == (320, 240, (320, 240)) and size == (320, 240, (640, 480))
    for w, g in zip(want, got):
        rows = [g[y * 2 * 640 * 3:(y * 2 * 640 + 640) * 3] for y in range(240)]
        halved = b"".join(b"".join(r[x * 6:x * 6 + 3] for x in range(320)) for r in rows)
        assert halved == w
        odd = [g[(y * 2 + 1) * 640 * 3:((y * 2 + 1) * 640 + 640) * 3] for y in range(240)]
        assert odd == rows  # (every row twice)


def test_what_stays_loaded_on_the_fruit_jam_is_what_the_screen_declares():
    # (tests/test_app_modules.py's check after every step: the Fruit Jam's own modules load for
    # start-up, a sound's making or a call, and go; what reads its inputs is an object's)
    from tests.test_app_modules import Watch

    with JamHost("mix") as h:
        watch = Watch(h)
        past_notices(h)
        h.press("DOWN", "DOWN", "A")  # Controls
        h.press("B")
        h.start(2, 0, 0, 4)
        h.press("RIGHT", "A", "START", "B")
        h.session.pad_connected = False  # a notice on the table
        h.idle(100)
        assert watch.steps > 20 and "Gamepad unplugged" in h.message()
        assert "solitaire.fruitjam_input" not in sys.modules
