# analogio stand-in (heap budget run): a centred joystick axis.
from _heap import pad, field


class AnalogIn:
    value = field(0)

    def __init__(self, pin):
        self._m = pad("AnalogIn", 32, 1)
        self.value = 32767
