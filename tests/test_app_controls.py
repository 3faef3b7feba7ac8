# The input layer (solitaire.controls) with a fake keypad: key repeat, A_LONG by holding or a
# double press, the four-button scheme (B as a shift key), redo chords, the PyGamer joystick
# (solitaire.joystick), queue overflow and button mashing.
from collections import deque

from hypothesis import given, settings, strategies as st

from solitaire import keys as K
from solitaire.boards import PYBADGE_KEYMAP, PYGAMER_KEYMAP, controls
from solitaire.controls import DOUBLE_MS, LONG_B_MS, LONG_MS, REPEAT_DELAY_MS, REPEAT_MS, ticks_diff
from solitaire.joystick import Joystick


class Event:
    def __init__(self):
        self.key_number = 0
        self.pressed = True


class Events:
    def __init__(self):
        self.q = deque()
        self.overflowed = False

    def get_into(self, ev):
        if not self.q:
            return False
        ev.key_number, ev.pressed = self.q.popleft()
        return True

    def clear(self):
        self.q.clear()
        self.overflowed = False


class Scanner:
    def __init__(self):
        self.events = Events()
        self.resets = 0

    def reset(self):
        self.resets += 1


class Axis:
    def __init__(self):
        self.value = 32768


def make(keymap=PYBADGE_KEYMAP, joystick=None):
    sc = Scanner()
    if joystick is not None:
        joystick = Joystick(*joystick)
    return sc, controls(sc, keymap, joystick, event=Event())


def run(c, until, now=0, step=5):
    # poll every `step` ms from now to until; all logical keys that came out
    out = []
    t = now
    while t <= until:
        k = c.poll(t)
        while k >= 0:
            out.append(k)
            k = c.poll(t)
        t += step
    return out


def num(keymap, logical):
    return list(keymap).index(logical)


def test_tap_gives_one_key_per_press():
    sc, c = make()
    sc.events.q.extend([(num(PYBADGE_KEYMAP, K.RIGHT), True), (num(PYBADGE_KEYMAP, K.RIGHT), False)])
    assert run(c, 1000) == [K.RIGHT]


def test_every_pybadge_button_maps_to_its_logical_key():
    sc, c = make()
    for n in range(8):
        sc.events.q.extend([(n, True), (n, False)])
    assert run(c, 2000, step=700) == list(PYBADGE_KEYMAP)


def test_held_direction_repeats_after_a_delay():
    sc, c = make()
    sc.events.q.append((num(PYBADGE_KEYMAP, K.DOWN), True))
    held = 1000
    out = run(c, held, step=1)
    expected = 1 + 1 + (held - REPEAT_DELAY_MS) // REPEAT_MS
    assert out == [K.DOWN] * expected
    sc.events.q.append((num(PYBADGE_KEYMAP, K.DOWN), False))
    assert run(c, 3000, now=held + 1) == []


def test_a_held_past_long_time_gives_a_long_once():
    sc, c = make()
    sc.events.q.append((1, True))
    out = run(c, LONG_MS + 1000, step=1)
    assert out == [K.A, K.A_LONG]


def test_a_pressed_twice_quickly_gives_a_long():
    sc, c = make()
    a = num(PYBADGE_KEYMAP, K.A)
    sc.events.q.extend([(a, True), (a, False)])
    out = run(c, 100)
    sc.events.q.extend([(a, True), (a, False)])
    out += run(c, 200, now=150)
    assert out == [K.A, K.A_LONG]
    # a third quick press starts over: plain A
    sc.events.q.extend([(a, True), (a, False)])
    assert run(c, 300, now=250) == [K.A]


def test_a_pressed_twice_slowly_gives_two_a():
    sc, c = make()
    a = num(PYBADGE_KEYMAP, K.A)
    sc.events.q.extend([(a, True), (a, False)])
    out = run(c, 100)
    sc.events.q.extend([(a, True), (a, False)])
    out += run(c, 200 + DOUBLE_MS, now=100 + DOUBLE_MS)
    assert out == [K.A, K.A]


def test_menus_switch_a_long_off():
    sc, c = make()
    c.long_a = False
    a = num(PYBADGE_KEYMAP, K.A)
    sc.events.q.append((a, True))
    out = run(c, 2000)
    sc.events.q.extend([(a, False), (a, True), (a, False)])
    out += run(c, 2100, now=2001)
    assert out == [K.A, K.A]


FOUR = (K.A, K.B, K.LEFT, K.RIGHT)  # the pico320 profile: A=GP12 B=GP13 LEFT=GP14 RIGHT=GP15


def test_four_buttons_b_tap_is_b_on_release():
    sc, c = make(FOUR)
    sc.events.q.append((1, True))
    assert run(c, 100) == []
    sc.events.q.append((1, False))
    assert run(c, 200, now=101) == [K.B]


def test_four_buttons_hold_b_is_start():
    sc, c = make(FOUR)
    sc.events.q.append((1, True))
    out = run(c, LONG_B_MS + 200, step=1)
    sc.events.q.append((1, False))
    out += run(c, LONG_B_MS + 400, now=LONG_B_MS + 201)
    assert out == [K.START]


def test_four_buttons_b_plus_left_right_are_up_down_and_repeat():
    sc, c = make(FOUR)
    sc.events.q.extend([(1, True), (2, True), (2, False), (3, True)])
    out = run(c, REPEAT_DELAY_MS + REPEAT_MS + 10, step=1)
    assert out[:2] == [K.UP, K.DOWN] and out[2:] == [K.DOWN, K.DOWN]
    sc.events.q.extend([(3, False), (1, False)])
    assert run(c, 3000, now=1000) == []  # B chorded: no B, and no START however long


def test_four_buttons_b_plus_a_is_select():
    sc, c = make(FOUR)
    sc.events.q.extend([(1, True), (0, True), (0, False), (1, False)])
    assert run(c, 2000) == [K.SELECT]


def test_four_buttons_plain_directions_and_a():
    sc, c = make(FOUR)
    sc.events.q.extend([(2, True), (2, False), (3, True), (3, False), (0, True), (0, False)])
    assert run(c, 200) == [K.LEFT, K.RIGHT, K.A]


def test_full_board_b_acts_on_press():
    sc, c = make()
    sc.events.q.append((num(PYBADGE_KEYMAP, K.B), True))
    assert run(c, 10) == [K.B]


def test_select_held_and_b_is_redo_on_a_board_with_select():
    sc, c = make()
    sel, b = num(PYBADGE_KEYMAP, K.SELECT), num(PYBADGE_KEYMAP, K.B)
    sc.events.q.extend([(sel, True), (b, True), (b, False), (sel, False)])
    assert run(c, 100) == [K.SELECT, K.REDO]
    sc.events.q.extend([(b, True), (b, False)])  # B alone is still B
    assert run(c, 200, now=101) == [K.B]


def test_four_buttons_b_held_a_twice_is_hint_then_redo():
    keymap = (K.A, K.B, K.LEFT, K.RIGHT)
    sc, c = make(keymap)
    sc.events.q.extend([(1, True), (0, True), (0, False), (0, True), (0, False), (1, False)])
    assert run(c, 150) == [K.SELECT, K.REDO]
    sc.events.q.extend([(1, True), (0, True), (0, False), (1, False)])  # a new hold of B
    assert run(c, 400, now=151) == [K.SELECT]


def test_pygamer_joystick_is_the_d_pad_with_dead_zone_and_repeat():
    x, y = Axis(), Axis()
    sc, c = make(PYGAMER_KEYMAP, (x, y))
    assert run(c, 100) == []
    x.value = 32768 + 8000  # inside the dead zone
    assert run(c, 200, now=101) == []
    x.value = 65535
    out = run(c, 300, now=201)
    assert out == [K.RIGHT]
    x.value = 32768
    y.value = 0
    out = run(c, 400, now=301)
    assert out == [K.UP]
    out = run(c, 400 + REPEAT_DELAY_MS + REPEAT_MS + 20, now=401)
    assert out and set(out) == {K.UP}  # held: repeats
    y.value = 32768
    assert run(c, 2000, now=1000) == []
    sc.events.q.extend([(0, True), (0, False)])  # B on the shift register
    assert run(c, 2100, now=2001) == [K.B]


def test_pygamer_joystick_calibrates_an_off_centre_rest():
    x, y = Axis(), Axis()
    x.value = 36000  # a drifting stick at rest
    sc, c = make(PYGAMER_KEYMAP, (x, y))
    assert run(c, 100) == []
    x.value = 36000 + 17000
    assert run(c, 200, now=101) == [K.RIGHT]


def test_overflow_clears_and_resyncs_without_crashing():
    sc, c = make()
    sc.events.q.append((num(PYBADGE_KEYMAP, K.LEFT), True))
    assert run(c, 10) == [K.LEFT]
    sc.events.overflowed = True
    assert run(c, 2000, now=11) == []  # forgot LEFT was held: no repeat
    assert sc.resets == 1 and c.overflows == 1 and not sc.events.overflowed
    sc.events.q.append((num(PYBADGE_KEYMAP, K.LEFT), False))  # stale release: ignored
    sc.events.q.append((num(PYBADGE_KEYMAP, K.UP), True))
    assert run(c, 2010, now=2001) == [K.UP]


def test_repeat_works_across_the_ticks_wrap():
    period = 1 << 29
    start = period - 200
    assert ticks_diff(5, period - 5) == 10
    sc, c = make()
    sc.events.q.append((num(PYBADGE_KEYMAP, K.DOWN), True))
    out = []
    t = start
    for _ in range(1000):
        k = c.poll(t % period)
        if k >= 0:
            out.append(k)
        t += 1
    assert out == [K.DOWN] * (1 + 1 + (1000 - 1 - REPEAT_DELAY_MS) // REPEAT_MS)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.booleans(), st.integers(0, 700)), max_size=80),
       st.sampled_from([PYBADGE_KEYMAP, FOUR, PYGAMER_KEYMAP]), st.booleans())
def test_button_mashing_never_breaks_anything(events, keymap, overflow):
    x, y = Axis(), Axis()
    sc, c = make(keymap, (x, y) if keymap is PYGAMER_KEYMAP else None)
    t = 0
    for n, pressed, dt in events:
        if n < len(keymap):
            sc.events.q.append((n, pressed))
        if keymap is PYGAMER_KEYMAP:
            x.value = (n * 9000) % 65536
            y.value = (dt * 97) % 65536
        if overflow and dt % 7 == 0:
            sc.events.overflowed = True
        for _ in range(3):
            k = c.poll(t)
            assert -1 <= k < len(K.NAMES)
        t += dt
    assert c.count <= 16
