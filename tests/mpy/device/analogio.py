# analogio stand-in (heap budget run): a centred joystick axis, or on board.A6 the battery
# monitor reading half of a charged battery's 3.95 V.
from _heap import pad, field


class AnalogIn:
    _v = field(0)  # (a signed 16-bit field: read back unsigned)
    value = property(lambda self: self._v & 0xFFFF)
    reference_voltage = 3.3

    def __init__(self, pin):
        self._m = pad("AnalogIn", 32, 1)
        self._v = 39222 if getattr(pin, "name", None) == "A6" else 32767

    def deinit(self):
        pass
