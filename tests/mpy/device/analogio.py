# analogio stand-in (heap budget run): a centred joystick axis.
from _heap import pad


class AnalogIn:
    def __init__(self, pin):
        self.value = 32768
        self._m = pad("AnalogIn", 32)
