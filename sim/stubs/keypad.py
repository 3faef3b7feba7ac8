# Stand-in for CircuitPython's `keypad`, one file for the simulator (CPython) and the MicroPython
# runs (heap budget, board-time bench): written in the subset both run. Device semantics: events
# only on a change, a full queue drops events and sets `overflowed`, one Event reused with
# get_into(). Where presses come from is the runtime's part, in `_host` (sim/stubs_host.py: the
# buttons the key script or front end holds, read through the board's wiring at the level
# value_when_pressed names; sim/mpy/device/_host.py: the heap run's driver, _drive.press()).
# Objects hold a pad (_host.pad/field) so that under MicroPython they weigh what the C object
# weighs on the board (sim/mpy/device/_heap.py); on CPython the pad is just the fields.
import _host

field = _host.field


class Event:
    key_number = field(0)
    _p = field(1)
    # a board stamps each event; the app never reads it, and only the simulator keeps a clock
    # per event (_host.stamps): under MicroPython it stays 0, as an instance field would cost heap
    timestamp = 0

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self._m = _host.pad("Event", 24, 2)
        self.key_number = key_number
        self._p = 1 if pressed else 0
        if timestamp is not None:
            self.timestamp = timestamp

    @property
    def pressed(self):
        return self._p == 1

    @property
    def released(self):
        return self._p == 0

    def __eq__(self, other):
        return self.key_number == other.key_number and self.pressed == other.pressed

    def __hash__(self):
        return self.key_number << 1 | self._p

    def __repr__(self):
        return "<Event: key_number %d %s>" % (
            self.key_number, "pressed" if self._p else "released")


class EventQueue:
    def __init__(self, max_events=64):
        self._keys = bytearray(max_events)
        self._pressed = bytearray(max_events)
        self._stamps = _host.stamps(max_events)  # None where events carry no time (above)
        self._n = 0
        self.overflowed = False

    def _put(self, k, pressed):
        if self._n == len(self._keys):
            self.overflowed = True
            return
        self._keys[self._n] = k
        self._pressed[self._n] = 1 if pressed else 0
        if self._stamps is not None:
            self._stamps[self._n] = _host.ticks_ms()
        self._n += 1

    def get_into(self, ev):
        if self._n == 0:
            # an empty read is a turn of the program's loop: the simulator's clock moves on
            _host.idle()
            return False
        ev.key_number = self._keys[0]
        ev._p = self._pressed[0]
        stamps = self._stamps
        if stamps is not None:
            ev.timestamp = stamps[0]
        for i in range(1, self._n):
            self._keys[i - 1] = self._keys[i]
            self._pressed[i - 1] = self._pressed[i]
            if stamps is not None:
                stamps[i - 1] = stamps[i]
        self._n -= 1
        return True

    def get(self):
        ev = Event()
        return ev if self.get_into(ev) else None

    def clear(self):
        self._n = 0
        self.overflowed = False

    def __bool__(self):
        return self._n > 0

    def __len__(self):
        return self._n


class _Scanner:
    def __init__(self, wirings, value_when_pressed, max_events):
        self.key_count = len(wirings)
        self.events = EventQueue(max_events)
        # the host keeps what it reads this scanner's keys from (None: keys pressed by a driver)
        self._wired = _host.wire(self, wirings, value_when_pressed)

    def reset(self):
        _host.rescan(self)

    def deinit(self):
        _host.unwire(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


def _pin_name(pin):
    return getattr(pin, "name", None)


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        _Scanner.__init__(self, [("pin", _pin_name(p)) for p in pins], value_when_pressed,
                          max_events)


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.02, max_events=64, debounce_threshold=1):
        if isinstance(data, (list, tuple)):
            data = data[0]
        if isinstance(key_count, (list, tuple)):
            key_count = sum(key_count)
        on_buttons = _pin_name(data) == "BUTTON_OUT" and _pin_name(clock) == "BUTTON_CLOCK"
        _Scanner.__init__(self, [("sr", n) if on_buttons else None for n in range(key_count)],
                          value_when_pressed, max_events)


class KeyMatrix(_Scanner):
    # no simulated board has a key matrix: every key stays released
    def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=0.02,
                 max_events=64, debounce_threshold=1):
        _Scanner.__init__(self, [None] * (len(row_pins) * len(column_pins)), True, max_events)
