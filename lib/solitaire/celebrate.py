# A won game's celebration (loaded at the win by solitaire/motion.py, dropped when it ends): the
# classic one, the cards jumping off the table one after the other -- each pile's top card in the
# cursor's walk, left and right in turn -- falling, bouncing on the status line with a quarter
# of their speed lost each time, and leaving at a side of the screen. It uses the slide's sprite
# (no display object made). On a board with NeoPixels (board.NEOPIXEL: the PyBadge's and
# PyGamer's five) they glow gold and white in turn while it lasts, written through the core's
# neopixel_write (no library), and go dark at the end; elsewhere nothing of that runs.
from micropython import const

_BOUNCES = const(12)  # a card leaves after so many bounces at most
_PIXELS = const(5)


class Party:
    def __init__(self, motion, now):
        self.motion = motion
        self.last = now  # ticks of the last frame
        self.next = 0  # the next pile, in the cursor's walk, to throw a card
        self.x = self.y = self.vx = self.vy = 0  # the flying card: 1/16 px, 1/16 px a frame
        self.bounces = 0
        self.frames = 0
        self.pixels = None
        motion.sprite = motion.sprites[0]  # one card at a time
        try:
            import neopixel_write  # (first: a board without it makes no pin object)
            import board
            import digitalio

            pin = digitalio.DigitalInOut(board.NEOPIXEL)
            pin.direction = digitalio.Direction.OUTPUT
            self.pixels = (neopixel_write.neopixel_write, pin, bytearray(3 * _PIXELS))
        except (ImportError, AttributeError, ValueError, RuntimeError):
            pass  # no NeoPixels (or the pin is in use): the cards alone
        self._throw()

    def _throw(self):
        # the next pile's top card jumps off; False once every pile has thrown its card
        motion = self.motion
        screen = motion.screen
        view = screen.view
        order = view.order
        sprite = motion.sprite
        while self.next < len(order):
            p = order[self.next]
            self.next += 1
            if screen.game.count(p) and not view.face_down(p):
                x, y = view.rect(p, 1)[:2]
                view.group(sprite, p, 1)
                s = screen.table.s
                k = self.next
                self.x = x << 4
                self.y = y << 4
                self.vx = (48 + (k * 7) % 48) * s * (1 if k & 1 else -1)
                self.vy = -(32 + (k * 11) % 64) * s
                self.bounces = 0
                sprite.x = x
                sprite.y = y
                sprite.hidden = False
                return True
        return False

    def frame(self):
        # one frame; False when the celebration is over (the NeoPixels dark again)
        table = self.motion.screen.table
        sprite = self.motion.sprite
        s = table.s
        self.vy += 12 * s  # gravity
        self.x += self.vx
        self.y += self.vy
        floor = (table.height - table.status_h - self.motion.screen.view.TALL * table.th) << 4
        if self.y > floor:
            self.y = floor
            self.vy = -self.vy * 3 // 4
            self.bounces += 1
        self._glow()
        x = self.x >> 4
        if x < -sprite.width * table.tw or x > table.width or self.bounces > _BOUNCES:
            if not self._throw():
                self.dark()
                return False
            return True
        sprite.x = x
        sprite.y = self.y >> 4
        return True

    def _glow(self):
        px = self.pixels
        if px is None:
            return
        self.frames += 1
        buf = px[2]
        gold = (self.frames >> 2) & 1
        for i in range(_PIXELS):  # GRB, dim: the board's LEDs are bright
            on = (i + (self.frames >> 2)) & 1
            buf[3 * i] = (24 if gold else 32) if on else 4
            buf[3 * i + 1] = 32 if on else 4
            buf[3 * i + 2] = (0 if gold else 32) if on else 0
        px[0](px[1], buf)

    def dark(self):
        px = self.pixels
        if px is not None:
            buf = px[2]
            for i in range(len(buf)):
                buf[i] = 0
            px[0](px[1], buf)
            px[1].deinit()
            self.pixels = None
