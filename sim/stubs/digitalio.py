# Stand-in for CircuitPython's `digitalio` on the simulator (before Blinka's on sys.path): a pin
# driven as an output records each level it is set to in the session's `audio` list when it is
# the speaker's amplifier, ("amp", ms, value), and keeps it otherwise.
from sim import hw as _hw


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
        self._name = getattr(pin, "name", str(pin))
        self.direction = Direction.INPUT
        self.pull = None
        self._value = False
        self._session = _hw.session  # (a test may drive the app after its run is closed)

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
        if self._name == "SPEAKER_ENABLE":
            s = self._session
            s.audio.append(("amp", s.now_ms(), self._value))

    def deinit(self):
        self._name = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
