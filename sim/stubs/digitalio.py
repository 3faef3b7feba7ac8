# Stand-in for CircuitPython's `digitalio` (simulator and MicroPython runs alike; in the
# simulator, before Blinka's on sys.path): a pin driven as an output, in about the C object's
# 16 B under MicroPython. The speaker's amplifier records each level it is set to through the
# runtime's `_host.audio_log()`: ("amp", ms, value).
import _host


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


class DigitalInOut:
    def __init__(self, pin):
        self._m = _host.pad("DigitalInOut", 16)
        self._name = getattr(pin, "name", str(pin))
        self.direction = Direction.INPUT
        self.pull = None
        self._value = False
        self._log = _host.audio_log() if self._name == "SPEAKER_ENABLE" else None

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, v):
        if self.direction != Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._value = bool(v)
        if self._log is not None:
            self._log(("amp", self._value))

    def deinit(self):
        self._m = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
