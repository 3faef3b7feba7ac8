# The Adafruit Fruit Jam's platform, made at start-up by solitaire.boards on that board only
# (then dropped with it): the HDMI display, the input (a USB gamepad, a USB keyboard and the
# three buttons: solitaire/fruitjam_input.py), the saves on /saves (solitaire/savefile.py) and
# its DAC's settings. The libraries it uses are Adafruit's and the Community Bundle's, installed
# on the board with circup (Fruit Jam OS has them): without one the game still plays, with
# what is there, and says what is missing.
import os

from solitaire import keys as K
from solitaire.boards import SetupError

SAVES = "/saves"  # the CPSAVES drive, which code may write (settings.toml SOLITAIRE_SAVES)
# the three buttons beside the USB ports, left to right (active low): A, B and START, so a
# game can be picked up, answered and paused from the board; moving needs a gamepad or keyboard
BUTTONS = (("BUTTON1", K.A), ("BUTTON2", K.B), ("BUTTON3", K.START))


class NoVectorio:
    # vectorio as the app finds it at x2 (in sys.modules): a vectorio shape follows a Group's
    # scale in where it is drawn, not in its size (CircuitPython's VectorShape.c; Blinka alike),
    # so `from vectorio import Rectangle` fails here and solitaire/shapes.py draws its
    # rectangles as bitmaps, its path for a firmware without vectorio, which scale whole
    pass


class Scaled:
    # the display as the app sees it at 640x480: 320x240, every group it shows drawn x2 by one
    # displayio Group with scale 2 (the table is laid out for 320x240; nothing is made per screen)
    def __init__(self, display, s):
        import displayio

        self.real = display
        self.width = display.width // s
        self.height = display.height // s
        self.outer = displayio.Group(scale=s)
        self.shown = None
        display.root_group = self.outer

    @property
    def root_group(self):
        return self.shown

    @root_group.setter
    def root_group(self, group):
        if group is self.shown:
            return
        if self.shown is not None:
            self.outer.remove(self.shown)
            self.shown = None
        try:
            self.outer.append(group)
            self.shown = group
            self.real.root_group = self.outer
        except ValueError:  # the console's own group (solitaire/oops.py): shown as it is
            self.real.root_group = group

    @property
    def auto_refresh(self):
        return self.real.auto_refresh

    @auto_refresh.setter
    def auto_refresh(self, on):
        self.real.auto_refresh = on

    def refresh(self):
        return self.real.refresh()


def display(board):
    # 320x240 (16-bit colour) by default, and where the user has set 640x480 (8-bit) that
    # mode, the table drawn x2. 360x200 and 720x400 are switched to 320x240 and 640x480: the
    # tables are laid out for 320x240 (said on the console)
    import supervisor

    try:
        from adafruit_fruitjam.peripherals import request_display_config
    except ImportError as e:
        request_display_config = None
        print("Solitaire: no adafruit_fruitjam library (" + str(e) + "): the display as it is."
              " Install it: circup install adafruit_fruitjam")
    if request_display_config is not None:
        want = os.getenv("CIRCUITPY_DISPLAY_WIDTH")
        w = 640 if want in (640, 720, "640", "720") else 320
        if want not in (None, w, str(w)):
            print("Solitaire: the table is laid out for 320x240; the display is set to "
                  + str(w) + "x" + str(w * 3 // 4) + " for the game (CIRCUITPY_DISPLAY_WIDTH = "
                  + str(want) + ")")
        try:
            request_display_config(w, w * 3 // 4)
        except (ValueError, RuntimeError, MemoryError) as e:
            print("Solitaire: can't set the display to", w, "x", w * 3 // 4, "(" + str(e) + ")")
    d = getattr(supervisor.runtime, "display", None) or getattr(board, "DISPLAY", None)
    if d is None:
        raise SetupError("No display: the Fruit Jam's HDMI output did not start. Install the"
                         " adafruit_fruitjam library (circup install adafruit_fruitjam) and"
                         " connect a screen.")
    if d.width >= 640:
        import sys

        sys.modules["vectorio"] = NoVectorio()
        d = Scaled(d, d.width // 320)
    return d


def peripherals():
    # adafruit_fruitjam's Peripherals at the launcher's audio output and volume (Fruit Jam OS's
    # launcher_config), or None (no library, no DAC: no sound; the buttons read by keypad)
    try:
        from adafruit_fruitjam.peripherals import Peripherals
    except ImportError:
        return None
    out, vol = "headphone", 7
    try:
        import launcher_config  # (Fruit Jam OS's: the user's audio output and volume)
    except ImportError:
        launcher_config = None  # (no launcher: its defaults)
    if launcher_config is not None:
        try:
            cfg = launcher_config.LauncherConfig()
            out = cfg.audio_output
            vol = cfg.audio_volume
        except Exception as e:  # a config it can't read: said, the defaults used
            print("Solitaire: launcher_config unreadable (" + str(e) + "): sound at its defaults")
    try:
        p = Peripherals(audio_output=out if out in ("headphone", "speaker") else "headphone",
                        safe_volume_limit=max(12, min(20, int(vol or 1))))
        p.volume = max(1, min(20, int(vol or 1)))
    except Exception as e:  # a board without its DAC, an SD card the library trips on...
        print("Solitaire: the Fruit Jam's peripherals did not start (" + str(e) + "): no sound")
        return None
    p.muted = not vol  # (the launcher's volume 0: the user chose silence)
    return p


def setup(board, nvm):
    # (display, controls, store medium, speaker) of the Fruit Jam
    from solitaire import fruitjam_input, savefile, settings
    from solitaire.boards import controls

    d = display(board)
    p = peripherals()
    scanner = None
    keymap = ()
    if p is None:  # the buttons by keypad when the library does not read them
        import keypad

        pins = [getattr(board, n, None) for n, _ in BUTTONS]
        if None not in pins:
            try:
                scanner = keypad.Keys(tuple(pins), value_when_pressed=False, pull=True)
                keymap = tuple(k for _, k in BUTTONS)
            except (ValueError, RuntimeError) as e:
                print("Solitaire: the buttons can't be read (" + str(e) + ")")
    inputs = fruitjam_input.Inputs(p)
    c = controls(scanner, keymap, inputs)
    # a gamepad or a keyboard has every key: no chords, every key by its own name
    c.present = 255
    c.chord = bytearray(b"\xff" * 9)
    c.b_shift = c.b_long_start = False
    c.names = K.NAMES[:8]
    inputs.controls = c
    folder = settings._raw("SOLITAIRE_SAVES") or SAVES
    medium = savefile.choose(str(folder), nvm)
    sound = None
    if p is not None and p.audio is not None and not p.muted:
        sound = ("fruitjam", p)  # (solitaire/sound_make.py start())
    return d, c, medium, sound
