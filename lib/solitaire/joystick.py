# The PyGamer's analog joystick as the four directions of solitaire.controls: a direction is
# pressed past a deflection and released below a smaller one (no chatter). Its own module, so
# boards without a joystick never load it.
from micropython import const

from solitaire import keys as K
from solitaire.controls import ticks_diff

_POLL_MS = const(15)
_ON = const(16000)  # deflection from centre that presses a direction
_OFF = const(9000)  # ...and below which it is released (hysteresis)


class Joystick:
    def __init__(self, x, y):
        # x, y: objects with .value 0..65535 (analogio.AnalogIn)
        self.x = x
        self.y = y
        self.centre = None
        self.next = None  # None: poll at once (0 is not "long ago" on a wrapping clock)
        self.dir = -1

    def poll(self, controls, now):
        if self.next is not None and ticks_diff(now, self.next) < 0:
            return
        self.next = (now + _POLL_MS) & 0x1FFFFFFF
        x = self.x.value
        y = self.y.value
        if self.centre is None:
            # calibrate on the first read if the stick rests near the middle
            cx, cy = x, y
            if abs(cx - 32768) > 8000 or abs(cy - 32768) > 8000:
                cx, cy = 32768, 32768
            self.centre = (cx, cy)
        dx = x - self.centre[0]
        dy = y - self.centre[1]
        d = self.dir
        if d == K.LEFT and dx < -_OFF or d == K.RIGHT and dx > _OFF:
            return
        if d == K.UP and dy < -_OFF or d == K.DOWN and dy > _OFF:
            return
        new = -1
        if abs(dx) >= abs(dy):
            if dx <= -_ON:
                new = K.LEFT
            elif dx >= _ON:
                new = K.RIGHT
        else:
            if dy <= -_ON:
                new = K.UP
            elif dy >= _ON:
                new = K.DOWN
        if new != d:
            if d >= 0:
                controls.release(d, now)
            self.dir = new
            if new >= 0:
                controls.press(new, now)
