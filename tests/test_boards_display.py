# The board profiles of boards.build() that the simulator cannot take the device's path for:
# the Pico Display Pack's display, made from boards.PANELS with the core's modules (a Pico has no
# board.DISPLAY; the simulator hands one in), and the PicoSystem's buttons on keypad.Keys. The
# core's modules are recording stand-ins here: what the board would be asked to do is checked.
import sys
import types

import pytest

from solitaire import boards
from solitaire import keys as K


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


def fake_board(board_id, names, display=None):
    b = types.ModuleType("board")
    b.board_id = board_id
    for n in names:
        setattr(b, n, Pin(n))
    if display is not None:
        b.DISPLAY = display
    return b


class Recorder:
    def __init__(self, *args, **kwargs):
        self.args = args
        self.kwargs = kwargs
        self.auto_refresh = True


@pytest.fixture
def core(monkeypatch):
    # busio, fourwire, busdisplay, displayio and keypad as the board's core has them, recording
    made = {"released": 0}

    def module(name, **attrs):
        m = types.ModuleType(name)
        for k, v in attrs.items():
            setattr(m, k, v)
        monkeypatch.setitem(sys.modules, name, m)

    def release_displays():
        made["released"] += 1

    def kind(key):
        return type(key, (Recorder,), {"__init__": lambda self, *a, **kw: (
            Recorder.__init__(self, *a, **kw), made.__setitem__(key, self))[0]})

    module("busio", SPI=kind("spi"))
    module("fourwire", FourWire=kind("bus"))
    module("busdisplay", BusDisplay=kind("display"))
    module("displayio", release_displays=release_displays)
    module("keypad", Keys=kind("keys"), Event=Recorder)
    for key in ("SOLITAIRE_BOARD", "SOLITAIRE_BUTTONS"):
        monkeypatch.delenv(key, raising=False)
    return made


PICO_PINS = ["GP%d" % i for i in range(29)]


def init_commands(seq):
    # displayio's init sequence: command, count (+0x80: a delay byte follows), arguments, delay
    out, i = [], 0
    while i < len(seq):
        cmd, n = seq[i], seq[i + 1]
        count = n & 0x7F
        args = bytes(seq[i + 2:i + 2 + count])
        i += 2 + count
        delay = 0
        if n & 0x80:
            delay = seq[i]
            i += 1
        out.append((cmd, args, delay))
    assert i == len(seq)
    return out


def test_the_display_pack_is_made_from_its_panel_data_on_the_pico_pins(core, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_BOARD", "picodisplay")
    kind, display, buttons, _nvm = boards.build(fake_board("raspberry_pi_pico", PICO_PINS))
    assert kind == "picodisplay" and display is core["display"] and core["released"] == 1
    spi, bus = core["spi"], core["bus"]
    assert spi.args[0].name == "GP18" and spi.kwargs["MOSI"].name == "GP19"
    assert bus.args[0] is spi
    assert (bus.kwargs["command"].name, bus.kwargs["chip_select"].name) == ("GP16", "GP17")
    bus_arg, init = display.args
    assert bus_arg is bus
    kw = display.kwargs
    assert (kw["width"], kw["height"], kw["colstart"], kw["rowstart"]) == (240, 135, 53, 40)
    assert kw["rotation"] in (90, 270) and kw["backlight_pin"].name == "GP20"
    assert display.auto_refresh is False
    # the ST7789's start: reset, wake, 16-bit colour, inversion on (IPS), display on, in order
    cmds = init_commands(init)
    names = [c for c, _a, _d in cmds]
    assert names == [0x01, 0x11, 0x3A, 0x36, 0x21, 0x13, 0x29]
    assert dict((c, a) for c, a, _d in cmds)[0x3A] == b"\x55"
    assert cmds[0][2] >= 120 and cmds[1][2] >= 120  # the datasheet's waits after reset, wake
    # its four buttons, A B X Y on GP12-GP15, as the four-button scheme
    keys = core["keys"]
    assert [p.name for p in keys.args[0]] == ["GP12", "GP13", "GP14", "GP15"]
    assert keys.kwargs == {"value_when_pressed": False, "pull": True}
    assert bytes(buttons.keymap) == bytes((K.A, K.B, K.LEFT, K.RIGHT))
    assert not hasattr(buttons, "labels")


def test_a_board_display_is_used_as_it_is_and_settings_buttons_replace_the_profiles(core,
                                                                                   monkeypatch):
    monkeypatch.setenv("SOLITAIRE_BOARD", "picodisplay")
    monkeypatch.setenv("SOLITAIRE_BUTTONS", "A=GP2 B=GP3 UP=GP4 DOWN=GP5")
    own = Recorder()
    kind, display, buttons, _nvm = boards.build(fake_board("raspberry_pi_pico", PICO_PINS, own))
    assert display is own and "display" not in core and core["released"] == 0
    assert [p.name for p in core["keys"].args[0]] == ["GP2", "GP3", "GP4", "GP5"]
    assert bytes(buttons.keymap) == bytes((K.A, K.B, K.UP, K.DOWN))


def test_a_pico_without_a_display_or_a_profile_says_what_to_set(core):
    with pytest.raises(boards.SetupError) as e:
        boards.build(fake_board("raspberry_pi_pico", PICO_PINS))
    assert "picodisplay" in str(e.value) and "board.DISPLAY" in str(e.value)


def test_the_display_pack_on_a_board_without_its_pins_names_the_pin(core, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_BOARD", "picodisplay")
    # (by name: an app test in this process may have dropped solitaire.boards, which the cached
    # solitaire.pinboards then imported anew, with a SetupError class of its own)
    with pytest.raises(Exception) as e:
        boards.build(fake_board("some_board", ["D1", "D2"]))
    assert type(e.value).__name__ == "SetupError"
    assert "GP18" in str(e.value) and "SOLITAIRE_BOARD" in str(e.value)


@pytest.mark.parametrize("profile, pin", [("picosystem", "SW_UP"), ("picodisplay", "GP12")])
def test_a_profile_set_on_a_board_without_its_button_pins_names_the_profile_and_the_pin(
        core, monkeypatch, profile, pin):
    # issue 36: SOLITAIRE_BOARD set to a profile that names its buttons, on a board with a
    # display of its own but not those pins: the message names the profile and the first pin it
    # needs, and what to set; not SOLITAIRE_BUTTONS, which the player never set
    monkeypatch.setenv("SOLITAIRE_BOARD", profile)
    with pytest.raises(Exception) as e:
        boards.build(fake_board("adafruit_feather_esp32s3_tft", ["D1", "D2"], Recorder()))
    text = str(e.value)
    assert type(e.value).__name__ == "SetupError"  # (by name: see the test above)
    assert "'" + profile + "'" in text and "board." + pin in text and "SOLITAIRE_BOARD" in text
    assert "SOLITAIRE_BUTTONS" not in text


def test_the_picosystem_is_detected_and_reads_its_eight_buttons_pulled_up(core):
    names = ["SW_UP", "SW_DOWN", "SW_LEFT", "SW_RIGHT", "SW_A", "SW_B", "SW_X", "SW_Y"]
    own = Recorder()
    kind, display, buttons, _nvm = boards.build(fake_board("pimoroni_picosystem", names, own))
    assert kind == "picosystem" and display is own and display.auto_refresh is False
    keys = core["keys"]
    assert keys.kwargs == {"value_when_pressed": False, "pull": True}
    got = dict(zip((p.name for p in keys.args[0]), buttons.keymap))
    assert got == {"SW_UP": K.UP, "SW_DOWN": K.DOWN, "SW_LEFT": K.LEFT, "SW_RIGHT": K.RIGHT,
                   "SW_A": K.A, "SW_B": K.B, "SW_Y": K.START, "SW_X": K.SELECT}
    assert buttons.present == 0xFF and not buttons.b_shift  # every key its own button
    # every screen's words for them: as printed on the buttons
    assert buttons.names == ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "Y", "X")


@pytest.mark.parametrize("board_id", ["pimoroni_picosystem", "raspberry_pi_pico"])
def test_the_app_imports_only_modules_the_new_boards_firmware_has(board_id):
    # the allow-list of the MicroPython check is the PyBadge's and PyGamer's modules; the
    # RP2040 boards' firmware (the pinned circuitpython-stubs' "Included modules") must have
    # every module the app imports as well
    import glob
    import os
    import re

    from sim import mpy

    with open(os.path.join(mpy._stubs_dir(), board_id, "__init__.pyi")) as f:
        line = re.search(r"Included modules: (.*)", f.read()).group(1)
    names = set(n.strip().split(".")[0].split(" ")[0] for n in line.split(","))
    assert {"busdisplay", "fourwire", "busio", "displayio", "keypad"} <= names
    allowed = names | set(mpy.CORE_MODULES) | set(mpy.DEVICE_LIBRARIES) | set(mpy.PROJECT_PACKAGES)
    from solitaire import boards

    # the sound modules load only on a profile with a speaker (boards.SPEAKER: the PyBadge and
    # the PyGamer, whose audioio these boards lack): not on these
    assert not {"picosystem", "picodisplay"} & set(boards.SPEAKER)
    paths = sorted(p for p in glob.glob(os.path.join(mpy.REPO, "lib", "solitaire", "*.py"))
                   if not os.path.basename(p).startswith("sound"))
    assert len(paths) > 20
    assert mpy.device_imports_outside_allow_list(paths + [os.path.join(mpy.REPO, "code.py")],
                                                 allowed) == []
