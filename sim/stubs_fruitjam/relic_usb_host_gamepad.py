# Stand-in for the Community Bundle's USB host gamepad driver (PyPI circuitpython-usb-host-gamepad,
# module relic_usb_host_gamepad): Gamepad() reads the session's gamepad, plugged in or not
# (Session.pad_connected), its buttons by the driver's numbers (the profile's ("pad", n)
# wirings, which key scripts press), and lists the devices it did not know in _failed_devices.
import _host

BUTTON_NAMES = ("A", "B", "X", "Y", "UP", "DOWN", "LEFT", "RIGHT", "START", "SELECT", "HOME",
                "L1", "R1", "L2", "R2", "L3", "R3", "JOYSTICK_UP", "JOYSTICK_DOWN",
                "JOYSTICK_LEFT", "JOYSTICK_RIGHT", "TOUCH_PAD")

_failed_devices = []


class _Event:
    def __init__(self, key_number, pressed):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class _Buttons:
    def __init__(self):
        self.held = set()

    def __getitem__(self, n):
        return n in self.held

    def __len__(self):
        return len(BUTTON_NAMES)


class Gamepad:
    def __init__(self, port=None, debug=False):
        self._buttons = _Buttons()
        self._connected = False
        self._changed = ()

    def update(self):
        on, held, unknown = _host.gamepad()
        for d in unknown[len(_failed_devices):]:
            _failed_devices.append(d)
        if not on:
            held = set()
        was = self._buttons.held
        self._changed = tuple(_Event(n, n in held) for n in sorted(held ^ was))
        self._buttons.held = set(held)
        self._connected = on
        return bool(self._changed)

    @property
    def connected(self):
        return self._connected

    @property
    def events(self):
        return self._changed

    @property
    def buttons(self):
        return self._buttons
