# digitalio stand-in (heap budget run): a pin driven high or low (the speaker's amplifier), in
# about the C object's 16 B.
from _heap import field, pad


class DigitalInOut:
    _v = field(0)

    def __init__(self, pin):
        self._m = pad("DigitalInOut", 16, 1)

    def switch_to_output(self, value=False, drive_mode=None):
        self._v = 1 if value else 0

    def _get(self):
        return self._v == 1

    def _set(self, v):
        self._v = 1 if v else 0

    value = property(_get, _set)
