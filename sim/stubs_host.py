# The simulator's side of the board stand-ins (sim/stubs/): what they read from the running
# session (sim/hw.py). The runner installs this module as `_host` while the program runs; the
# MicroPython runs install theirs (sim/mpy/device/_host.py). Both give the same names.
from sim import hw as _hw

Pin = _hw.Pin


def board_id():
    return _hw.session.profile.board_id


def display():
    return _hw.session.display


def pins():
    return _hw.session.pins


def nvm():
    return _hw.session.nvm


def ticks_ms():
    return _hw.session.ticks_ms()


def sleep(seconds):
    _hw.session.sleep(seconds)


def stop():
    # supervisor.reload() / microcontroller.reset(): this run of the program ends
    raise _hw.Quit()


def idle():
    # a key queue had nothing to give: a loop iteration went by (the virtual clock moves on)
    _hw.session.poll()


def analog(pin_name):
    return _hw.session.analog_value(pin_name)


# ---- the heap model: CPython's objects are not the board's, so a pad holds only the fields ----

def pad(name, size, fields=0):
    return bytearray(2 * fields)


def field(i):
    # a signed 16-bit field in the pad, as sim/mpy/device/_heap.py keeps them
    def get(self):
        m = self._m
        v = m[2 * i] | m[2 * i + 1] << 8
        return v - 65536 if v & 32768 else v

    def put(self, v):
        v = int(v) & 0xFFFF
        self._m[2 * i] = v & 255
        self._m[2 * i + 1] = v >> 8

    return property(get, put)


# ---- where key presses come from: the buttons held, read through the board's wiring ----------

def stamps(max_events):
    return [0] * max_events  # each event's ticks_ms, as a board's Event.timestamp


class _Wired:
    # one scanner's keys: per key number a profile wiring tuple (or None: never pressed), and
    # the pressed state last read, so that only a change makes an event
    def __init__(self, scanner, wirings, value_when_pressed):
        self.scanner = scanner
        self.wirings = wirings
        self.value_when_pressed = bool(value_when_pressed)
        self.state = [False] * len(wirings)

    def _scan(self):
        # called by the session whenever a button changes (sim/hw.py)
        session = _hw.session
        for number, wiring in enumerate(self.wirings):
            level = session.level(wiring) if wiring else not session.profile.pressed_level
            pressed = level == self.value_when_pressed
            if pressed != self.state[number]:
                self.state[number] = pressed
                self.scanner.events._put(number, pressed)


def wire(scanner, wirings, value_when_pressed):
    wired = _Wired(scanner, wirings, value_when_pressed)
    _hw.session.scanners.append(wired)
    wired._scan()
    return wired


def rescan(scanner):
    wired = scanner._wired
    wired.state = [False] * len(wired.wirings)
    wired._scan()


def unwire(scanner):
    if scanner._wired in _hw.session.scanners:
        _hw.session.scanners.remove(scanner._wired)


# ---- the speaker ----------------------------------------------------------------------------

def audio_log():
    # what the speaker's stand-ins record into: the session they were made in (a test may drive
    # the app after its run is closed), each event with the session's time in ms
    s = _hw.session

    def log(event, sample=None):
        event = (event[0], s.now_ms()) + tuple(event[1:])
        s.audio.append(event)
        if s.hear is not None:  # a front end that plays the sounds (sim/speaker.py)
            s.hear(event, getattr(sample, "buf", None))

    return log


def pixel_log():
    # what the NeoPixels' stand-in records into: the session's `pixels`, (ms, the bytes sent)
    s = _hw.session

    def log(buf):
        s.pixels.append((s.now_ms(), bytes(buf)))

    return log


# ---- the Fruit Jam's USB and DAC (sim/stubs_fruitjam/) ----------------------------------------

def serial_available():
    # supervisor.runtime.serial_bytes_available: the USB keyboard's bytes waiting
    s = _hw.session
    return len(s.typed) if s is not None else 0


def read_serial(n):
    s = _hw.session
    return "".join(s.typed.popleft() for _ in range(min(n, len(s.typed))))


def gamepad():
    # the gamepad as its driver's stand-in reads it: (plugged in, held button numbers, the
    # unknown devices seen)
    s = _hw.session
    held = {w[1] for b, w in s.profile.buttons.items() if b in s.held and w[0] == "pad"}
    return s.pad_connected, held, s.usb_unknown


def pin_pressed(name):
    # a button to ground on pin `name` is held
    s = _hw.session
    return s.level(("pin", name)) == s.profile.pressed_level


def launcher():
    return dict(_hw.session.launcher)


def display_config(config):
    _hw.session.display_config = config
