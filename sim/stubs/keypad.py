# Stand-in for CircuitPython's `keypad` on the simulator. The scanners read the buttons the key
# script or front end holds down (sim/hw.py) through the board's wiring (sim/profiles.py), with
# the device's semantics: events only on a change, value_when_pressed decides what "pressed"
# means, a full queue drops events and sets `overflowed`.
from collections import deque

from sim import hw as _hw


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self._key_number = key_number
        self._pressed = bool(pressed)
        self._timestamp = timestamp if timestamp is not None else _hw.session.ticks_ms()

    key_number = property(lambda self: self._key_number)
    pressed = property(lambda self: self._pressed)
    released = property(lambda self: not self._pressed)
    timestamp = property(lambda self: self._timestamp)

    def __eq__(self, other):
        return self._key_number == other.key_number and self._pressed == other.pressed

    def __hash__(self):
        return self._key_number << 1 | self._pressed

    def __repr__(self):
        return "<Event: key_number %d %s>" % (
            self._key_number, "pressed" if self._pressed else "released")


class EventQueue:
    def __init__(self, max_events=64):
        self._events = deque()
        self._max = max_events
        self._overflowed = False

    def get_into(self, event):
        if not self._events:
            _hw.session.poll()
            return False
        number, pressed, stamp = self._events.popleft()
        event._key_number = number
        event._pressed = pressed
        event._timestamp = stamp
        return True

    def clear(self):
        self._events.clear()
        self._overflowed = False

    def __bool__(self):
        return bool(self._events)

    def __len__(self):
        return len(self._events)

    @property
    def overflowed(self):
        return self._overflowed

    def _record(self, key_number, pressed):
        if len(self._events) >= self._max:
            self._overflowed = True
        else:
            self._events.append((key_number, pressed, _hw.session.ticks_ms()))

    def get(self):
        if not self._events:
            _hw.session.poll()
            return None
        number, pressed, stamp = self._events.popleft()
        return Event(number, pressed, stamp)


class _Scanner:
    def __init__(self, wirings, value_when_pressed, max_events):
        self._wirings = wirings  # per key number: a profile wiring tuple, or None
        self._value_when_pressed = bool(value_when_pressed)
        self._events = EventQueue(max_events)
        self._state = [False] * len(wirings)
        self._live = True
        _hw.session.scanners.append(self)
        self._scan()

    @property
    def events(self):
        return self._events

    @property
    def key_count(self):
        return len(self._wirings)

    def _scan(self):
        session = _hw.session
        for number, wiring in enumerate(self._wirings):
            level = session.level(wiring) if wiring else not session.profile.pressed_level
            pressed = level == self._value_when_pressed
            if pressed != self._state[number]:
                self._state[number] = pressed
                self._events._record(number, pressed)

    def reset(self):
        self._state = [False] * len(self._wirings)
        self._scan()

    def deinit(self):
        if self._live:
            self._live = False
            _hw.session.scanners.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()


def _pin_name(pin):
    return getattr(pin, "name", None)


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        wirings = [("pin", _pin_name(p)) for p in pins]
        super().__init__(wirings, value_when_pressed, max_events)


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.02, max_events=64, debounce_threshold=1):
        if isinstance(data, (list, tuple)):
            data = data[0]
        if isinstance(key_count, (list, tuple)):
            key_count = sum(key_count)
        on_buttons = _pin_name(data) == "BUTTON_OUT" and _pin_name(clock) == "BUTTON_CLOCK"
        wirings = [("sr", n) if on_buttons else None for n in range(key_count)]
        super().__init__(wirings, value_when_pressed, max_events)


class KeyMatrix(_Scanner):
    # no simulated board has a key matrix: every key stays released
    def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=0.02,
                 max_events=64, debounce_threshold=1):
        super().__init__([None] * (len(row_pins) * len(column_pins)), True, max_events)
