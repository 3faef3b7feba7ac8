# The simulated board while a program runs: clock, buttons, joystick, NVM and display.
# The stand-in modules in sim/stubs/ (board, keypad, microcontroller, supervisor, analogio,
# audioio, audiocore, digitalio) are thin faces over `session`, the Session of the run in
# progress.
#
# Two clocks: a virtual one for scripted runs (time moves only when the program sleeps, polls an
# empty key queue (1 ms) or reads the clock (1 us), so runs are deterministic), and the real one
# for the interactive front ends. Button changes reach the keypad queues only on the program's
# own thread: scripted ones from the timeline, interactive ones from a queue the front end fills.
import os
import threading
import time
from collections import deque

from sim.blinka_adapter import Screen

session = None  # the Session of the run in progress (None between runs)

# CircuitPython starts ticks_ms about 65 s before it wraps at 2**29, so wrap bugs show up early
TICKS_PERIOD = 1 << 29
TICKS_START = TICKS_PERIOD - 65536
AUTO_REFRESH_US = 16667  # a display with auto_refresh on redraws at about 60 Hz
JOY_CENTRE = 32768
BATTERY_MV = 3950  # a charged battery (sim/stubs/analogio.py reads half of it on board.A6)


class ScriptDone(BaseException):
    """Raised into the program when its key script is over (a BaseException, so that a
    program's `except Exception` does not swallow it)."""


class Quit(BaseException):
    """Raised into the program when the player quits an interactive front end."""


class Pin:
    """A board pin (microcontroller.Pin on the device)."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class Nvm:
    """microcontroller.nvm: a fixed-size bytearray-like, erased to 0xFF, written through to a
    file on every write (when the session has one)."""

    def __init__(self, size, path=None):
        self._data = bytearray(b"\xff" * size)
        self._path = path
        self.writes = 0
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                saved = f.read(size)
            self._data[: len(saved)] = saved

    def __len__(self):
        return len(self._data)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytearray(self._data[index])
        return self._data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self._data))
            if step != 1:
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            if len(value) != max(0, stop - start):
                raise ValueError("Slice and value different lengths.")
        elif not -len(self._data) <= index < len(self._data):
            raise IndexError("bytearray index out of range")
        self._data[index] = value
        self.writes += 1
        self._save()

    def __iter__(self):
        return iter(bytes(self._data))

    def _save(self):
        if not self._path:
            return
        os.makedirs(os.path.dirname(self._path) or ".", exist_ok=True)
        tmp = self._path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self._data)
        os.replace(tmp, self._path)


class Display:
    """board.DISPLAY: the parts of CircuitPython's BusDisplay a program uses."""

    def __init__(self, session):
        self._session = session
        self._screen = session.screen
        self.auto_refresh = True  # as on the device until the program turns it off
        self._brightness = 1.0

    width = property(lambda self: self._screen.width)
    height = property(lambda self: self._screen.height)
    bus = property(lambda self: None)

    @property
    def rotation(self):
        return self._screen.rotation

    @rotation.setter
    def rotation(self, value):
        self._screen.rotation = value

    @property
    def root_group(self):
        return self._screen.root_group

    @root_group.setter
    def root_group(self, group):
        self._screen.root_group = group

    @property
    def brightness(self):
        return self._brightness

    @brightness.setter
    def brightness(self, value):
        if not 0 <= float(value) <= 1.0:
            raise ValueError("Brightness must be between 0.0 and 1.0")
        self._brightness = value
        self._screen.version += 1  # the front ends draw the panel again, as bright as it is now

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self._session.refresh()
        return True

    def show(self, group):
        raise AttributeError(".show(x) removed. Use .root_group = x")


class Session:
    def __init__(self, profile, virtual=True, nvm_path=None):
        self.profile = profile
        self.virtual = virtual
        self.now_us = 0
        self._real_t0 = time.monotonic()
        self.screen = Screen(profile.width, profile.height)
        self.display = Display(self)
        self.nvm = Nvm(profile.nvm_size, nvm_path)
        self.pins = {name: Pin(name) for name in profile.pins}
        self.scanners = []  # live keypad scanners' wirings (sim/stubs_host.py)
        self.held = set()  # buttons held down now
        self.analog = {}  # pin name -> joystick value
        self.battery_mv = BATTERY_MV  # the battery's voltage board.A6 reads half of
        self.refreshes = []  # rectangles drawn by each refresh that drew something
        self.refresh_seconds = []  # wall time of each of those refreshes
        self.audio = []  # what the speaker would do: sim/stubs/audioio.py, digitalio.py
        self.pixels = []  # what the NeoPixels were sent: (ms, GRB bytes), sim/stubs/neopixel_write.py
        # a front end's ear: called with each audio event as recorded and the live samples of a
        # "play" (sim/speaker.py), on the program's thread
        self.hear = None
        self._last_refresh_us = 0
        self.program_thread = None  # the thread code.py runs on
        # scripted runs
        self.timeline = deque()  # (time_us, kind, payload), in time order
        self.end_us = None  # ScriptDone once the clock reaches this
        self.frames = []  # captured frames (RGB888 bytes)
        self.frame_labels = []
        self.on_capture = None  # callback(label, frame) for --png-every
        # interactive runs
        self._pushed = deque()  # (button, pressed) from the front end's thread
        self.quit_requested = False
        self.stopping = False  # the program is being wound up (saved): no more Quit raised
        self.on_refresh = None  # callback() after a refresh drew something
        # the Fruit Jam's USB: a gamepad plugged in (its buttons: profile wirings ("pad", n)),
        # devices the gamepad driver does not know ((vid, pid)), the keyboard's bytes not yet
        # read (standard input), the launcher's audio settings, what its DAC was told
        self.pad_connected = True
        self.usb_unknown = []
        self.typed = deque()
        self.launcher = {"audio_output": "headphone", "audio_volume": 7}
        self.display_config = None

    # --- the Fruit Jam's USB keyboard ------------------------------------------------------
    def type(self, text):
        """Characters typed on the USB keyboard (str; arrows as "\x1b[A" ...)."""
        self.typed.extend(text)

    # --- clock ---------------------------------------------------------------------------
    def clock_us(self):
        if self.virtual:
            return self.now_us
        return int((time.monotonic() - self._real_t0) * 1e6)

    def now_ms(self):
        return self.clock_us() // 1000

    def ticks_ms(self):
        self._tick()
        return (TICKS_START + self.now_ms()) % TICKS_PERIOD

    def monotonic(self):
        self._tick()
        return self.clock_us() / 1e6

    def monotonic_ns(self):
        self._tick()
        return self.clock_us() * 1000

    def _tick(self):
        # each clock read costs a microsecond, so a loop that only watches the clock ends
        if self.virtual and threading.current_thread() is self.program_thread:
            self._advance(1)

    def sleep(self, seconds):
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        if self.virtual:
            self._advance(int(round(seconds * 1e6)))
        else:
            time_sleep(seconds)
            self._service()
        self.check()

    def poll(self):
        """Called by a key queue that had nothing to give: a loop iteration went by."""
        if self.virtual:
            self._advance(1000)
        else:
            self._service()
        self.check()

    def check(self):
        if self.quit_requested and not self.stopping:
            raise Quit()
        if self.end_us is not None and self.now_us >= self.end_us:
            raise ScriptDone()

    def _advance(self, dt_us):
        target = self.now_us + dt_us
        while self.timeline and self.timeline[0][0] <= target:
            when, kind, payload = self.timeline.popleft()
            self.now_us = max(self.now_us, when)
            self._do(kind, payload)
        self.now_us = target
        self._auto_refresh()

    def _do(self, kind, payload):
        if kind == "type":
            self.type(payload)
        elif kind == "press":
            for button in payload:
                self.set_button(button, True)
        elif kind == "release":
            for button in payload:
                self.set_button(button, False)
        elif kind == "capture":
            self.capture(payload)

    # --- interactive input ---------------------------------------------------------------
    def push(self, button, pressed):
        """From a front end's thread: a button went down or up."""
        self._pushed.append((button, pressed))

    def _service(self):
        while self._pushed:
            button, pressed = self._pushed.popleft()
            self.set_button(button, pressed)
        self._auto_refresh()

    # --- buttons -------------------------------------------------------------------------
    def set_button(self, button, pressed):
        wiring = self.profile.buttons.get(button)
        if wiring is None or (button in self.held) == pressed:
            return
        if pressed:
            self.held.add(button)
        else:
            self.held.discard(button)
        if wiring[0] == "joy":
            self.analog[wiring[1]] = wiring[2] if pressed else JOY_CENTRE
        for scanner in self.scanners:
            scanner._scan()

    def level(self, wiring):
        """The logic level a button's input reads now (True = high)."""
        for button, w in self.profile.buttons.items():
            if w == wiring:
                pressed = button in self.held
                return self.profile.pressed_level if pressed else not self.profile.pressed_level
        # an unwired input: a pulled-up pin or an idle shift-register bit
        return not self.profile.pressed_level

    def analog_value(self, pin_name):
        if pin_name == "A6":  # the battery monitor: half the voltage, against 3.3 V
            return min(65535, self.battery_mv * 65535 // 6600)
        return self.analog.get(pin_name, JOY_CENTRE)

    # --- display -------------------------------------------------------------------------
    def refresh(self):
        started = time.perf_counter()
        drawn = self.screen.refresh()
        self._last_refresh_us = self.clock_us()
        if drawn:
            self.refresh_seconds.append(time.perf_counter() - started)
            self.refreshes.append(drawn)
            if self.on_refresh:
                self.on_refresh()
        return drawn

    def _auto_refresh(self):
        if self.display.auto_refresh and self.clock_us() - self._last_refresh_us >= AUTO_REFRESH_US:
            self.refresh()

    def frame(self):
        """The panel as the eye sees it: its pixels (RGB888) times the backlight's brightness."""
        frame = self.screen.frame()
        b = float(self.display.brightness)
        if b >= 1.0:
            return frame
        return bytes(bytearray(int(v * b) for v in frame))

    def capture(self, label):
        if self.display.auto_refresh:
            self.refresh()
        frame = self.frame()
        self.frames.append(frame)
        self.frame_labels.append(label)
        if self.on_capture:
            self.on_capture(label, frame)
        return frame


time_sleep = time.sleep  # the real one, kept before any patching
