# Input layer: keypad events (and the PyGamer joystick, solitaire.joystick) -> logical keys
# (solitaire.keys).
# Adds what keypad lacks: key repeat for held directions, A_LONG (A held past LONG_MS or pressed
# twice within DOUBLE_MS), and, on boards with few buttons, B as a shift key:
#   no START key   -> hold B (LONG_B_MS) = START
#   no UP/DOWN     -> B + LEFT = UP,  B + RIGHT = DOWN   (they repeat like directions)
#   no LEFT/RIGHT  -> B + UP = LEFT,  B + DOWN = RIGHT
#   no SELECT key  -> B + A = SELECT, and A again while B is still held = REDO
#   SELECT key     -> SELECT held + B = REDO
# When B is a shift key it acts (B) on release, if nothing was chorded with it.
# Nothing here allocates per event: one reused keypad.Event, a bytearray ring of pending keys.
from micropython import const

from solitaire import keys as K

REPEAT_DELAY_MS = const(380)
REPEAT_MS = const(110)
LONG_MS = const(500)
DOUBLE_MS = const(300)
LONG_B_MS = const(600)
RING = const(16)  # pending keys the ring holds (solitaire.boards makes it)
# the longest the loop may nap on a board with a joystick: an analog stick raises no event, so
# it is read at every step, often enough to catch a quick flick (a keypad queues its presses)
JOYSTICK_NAP_MS = const(40)

_TICKS_PERIOD = const(1 << 29)
_TICKS_MAX = const(_TICKS_PERIOD - 1)
_TICKS_HALF = const(_TICKS_PERIOD // 2)


def ticks_diff(a, b):
    # supervisor.ticks_ms() wraps at 2**29; a - b, correct across the wrap
    return ((a - b + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF


def _is_dir(k):
    return k <= K.RIGHT


class Controls:
    # made by solitaire.boards.controls(), at start-up (the board does not keep that code):
    # scanner (a keypad object or None), keymap (bytes: key number -> logical key), joystick,
    # event (the one reused keypad.Event), present (bit mask of the logical keys the board has),
    # chord (what a key pressed while B is held becomes, 255: itself), b_long_start, b_shift,
    # long_a, ring, overflows, head, count, and _release_all()'s held-key state
    def _release_all(self):
        self.held = 0  # bit mask of logical keys physically down
        self.rep_key = -1  # direction (physical) that repeats
        self.rep_out = 0  # key it emits (a chord may turn LEFT into UP)
        self.rep_next = 0
        self.a_down = 0
        self.a_long_done = True
        self.a_last = None
        self.b_down = 0
        self.b_used = True  # B chorded or its long press fired: no B on release
        self.b_long_fired = False  # after hold-B gave START, B no longer shifts
        self.b_selected = False  # this hold of B already gave SELECT (B + A): A again = REDO

    def _emit(self, k):
        if self.count < RING:  # button mashing: drop, never grow
            self.ring[(self.head + self.count) % RING] = k
            self.count += 1

    def clear(self):
        # drop pending keys (screen change); held keys stay held
        self.count = 0
        self.rep_key = -1
        self.a_long_done = True
        self.b_used = True

    def press(self, k, now):
        if self.held & (1 << k):
            return
        self.held |= 1 << k
        shifted = self.b_shift and (self.held & (1 << K.B)) and not self.b_long_fired
        if _is_dir(k):
            out = k
            if shifted and self.chord[k] != 255:
                out = self.chord[k]
                self.b_used = True
            self._emit(out)
            self.rep_key = k
            self.rep_out = out
            self.rep_next = (now + REPEAT_DELAY_MS) & _TICKS_MAX
        elif k == K.A:
            if shifted and self.chord[K.A] != 255:
                self._emit(K.REDO if self.b_selected else self.chord[K.A])
                self.b_selected = True
                self.b_used = True
                self.a_long_done = True
                return
            if self.long_a and self.a_last is not None and ticks_diff(now, self.a_last) < DOUBLE_MS:
                self._emit(K.A_LONG)
                self.a_long_done = True
                self.a_last = None
            else:
                self._emit(K.A)
                self.a_long_done = not self.long_a
                self.a_last = now
            self.a_down = now
        elif k == K.B and self.b_shift:
            self.b_down = now
            self.b_used = False
            self.b_long_fired = False
            self.b_selected = False
        elif k == K.B and self.held & (1 << K.SELECT):
            self._emit(K.REDO)
        else:
            self._emit(k)

    def release(self, k, now):
        if not self.held & (1 << k):
            return
        self.held &= ~(1 << k)
        if k == self.rep_key:
            self.rep_key = -1
        elif k == K.B and self.b_shift:
            if not self.b_used:
                self._emit(K.B)
            self.b_used = True

    def _timers(self, now):
        if self.rep_key >= 0 and ticks_diff(now, self.rep_next) >= 0:
            self._emit(self.rep_out)
            self.rep_next = (now + REPEAT_MS) & _TICKS_MAX
        if (self.held & (1 << K.A)) and not self.a_long_done and ticks_diff(now, self.a_down) >= LONG_MS:
            self._emit(K.A_LONG)
            self.a_long_done = True
            self.a_last = None
        if (
            self.b_long_start
            and (self.held & (1 << K.B))
            and not self.b_used
            and ticks_diff(now, self.b_down) >= LONG_B_MS
        ):
            self._emit(K.START)
            self.b_used = True
            self.b_long_fired = True

    def due(self, now, most):
        # ms (at most `most`) until the controls must be read again even with no new event: a
        # key waiting, a direction repeating, A or B held towards a long press (0: now)
        if self.count:
            return 0
        if self.joystick is not None:
            most = min(most, JOYSTICK_NAP_MS)
        if self.rep_key >= 0:
            most = min(most, ticks_diff(self.rep_next, now))
        if (self.held & (1 << K.A)) and not self.a_long_done:
            most = min(most, LONG_MS - ticks_diff(now, self.a_down))
        if self.b_long_start and (self.held & (1 << K.B)) and not self.b_used:
            most = min(most, LONG_B_MS - ticks_diff(now, self.b_down))
        return max(0, most)

    def poll(self, now):
        # one logical key (0..8) or -1; call every loop with supervisor.ticks_ms()
        sc = self.scanner
        if sc is not None:
            events = sc.events
            ev = self.event
            n = 0
            while n < 32 and events.get_into(ev):
                n += 1
                k = ev.key_number
                if k < len(self.keymap):
                    lk = self.keymap[k]
                    if ev.pressed:
                        self.press(lk, now)
                    else:
                        self.release(lk, now)
            if events.overflowed:
                # lost events: forget what we think is held and ask the scanner to re-report
                self.overflows += 1
                events.clear()
                self._release_all()
                if self.joystick is not None:
                    self.joystick.dir = -1
                try:
                    sc.reset()
                except AttributeError:
                    pass
        if self.joystick is not None:
            self.joystick.poll(self, now)
        self._timers(now)
        if self.count == 0:
            return -1
        k = self.ring[self.head]
        self.head = (self.head + 1) % RING
        self.count -= 1
        return k
