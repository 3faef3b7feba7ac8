# keypad stand-in (heap budget run): events come from _drive.press().
import _drive
from _heap import pad, field


class Event:
    key_number = field(0)
    _p = field(1)

    def __init__(self, key_number=0, pressed=True):
        self._m = pad("Event", 24, 2)
        self.key_number = key_number
        self._p = 1 if pressed else 0

    @property
    def pressed(self):
        return self._p == 1

    @property
    def released(self):
        return self._p == 0

    timestamp = 0


class EventQueue:
    def __init__(self):
        self._keys = bytearray(64)
        self._pressed = bytearray(64)
        self._n = 0
        self.overflowed = False

    def _put(self, k, pressed):
        if self._n == 64:
            self.overflowed = True
            return
        self._keys[self._n] = k
        self._pressed[self._n] = 1 if pressed else 0
        self._n += 1

    def get_into(self, ev):
        if self._n == 0:
            return False
        ev.key_number = self._keys[0]
        ev._p = self._pressed[0]
        for i in range(1, self._n):
            self._keys[i - 1] = self._keys[i]
            self._pressed[i - 1] = self._pressed[i]
        self._n -= 1
        return True

    def get(self):
        ev = Event()
        return ev if self.get_into(ev) else None

    def clear(self):
        self._n = 0
        self.overflowed = False

    def __len__(self):
        return self._n


class _Scanner:
    def __init__(self, key_count):
        self.key_count = key_count
        self.events = EventQueue()
        _drive.queues.append(self.events)

    def reset(self):
        pass

    def deinit(self):
        pass


class ShiftRegisterKeys(_Scanner):
    def __init__(self, clock=None, data=None, latch=None, key_count=8, value_when_pressed=True,
                 **kw):
        _Scanner.__init__(self, key_count)


class Keys(_Scanner):
    def __init__(self, pins, value_when_pressed=False, pull=True, **kw):
        _Scanner.__init__(self, len(pins))
