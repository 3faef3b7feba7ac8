# Moves you can see (loaded with a table when the Motion option is on): the cards a move takes
# slide from where they were to where they go, and a win is celebrated by the cards jumping off
# the table one after the other and bouncing across it. One sprite does both: a grid of the
# deck's sheet made with the table (never one per move), over the piles and under the frames,
# with its own copy of the table's palette in which the table's colour is transparent, so only
# the cards show. The pile a slide goes to is drawn without the moving cards until they arrive
# (solitaire/layout.py's count()). A key cuts a slide short and then acts; any key ends the
# celebration. The app's loop asks due() when the next frame is, so it sleeps in between.
from micropython import const

from solitaire.controls import ticks_diff

SLIDE_MS = const(120)  # a slide's length: a move shows within the ~150 ms a player waits
FRAME_MS = const(30)  # between frames: a slide is four or five
_ROWS = const(15)  # the sprite's rows of tiles: a run of 13 heads and its top card's foot
_BOUNCE = const(12)  # the celebration's bounces per card at most


class Motion:
    def __init__(self, screen):
        from displayio import Palette, TileGrid

        self.screen = screen
        table = screen.table
        view = screen.view
        shown = table.palette
        pal = Palette(len(shown))
        for i in range(len(shown)):
            pal[i] = shown[i]
        pal.make_transparent(0)
        self.sprite = s = TileGrid(table.sheet, pixel_shader=pal, width=view.WIDE,
                                   height=_ROWS if view.TALL == 2 else 1,
                                   tile_width=table.tw, tile_height=table.th)
        s.hidden = True
        table.group.insert(2, s)  # over the piles (the background, the piles' group), under the frames
        self.slide = None  # (pile, x0, y0, x1, y1, start ticks) of the slide under way
        self.party = None  # the celebration: [next pile, x, y, vx, vy, bounces] (x, y: 1/16 px)
        self.last = 0  # ticks of the celebration's last frame

    # ---- a slide -----------------------------------------------------------------------------

    def start(self, p, n, src):
        # the top n cards of pile p (the engine has moved them there) slide from rectangle
        # src = (x, y, cols, rows), where they lay before the move
        # (the screen has drawn p whole: a list fan knows where its top card lies)
        self.finish()
        view = self.screen.view
        x1, y1 = view.rect(p, n)[:2]
        view.group(self.sprite, p, n)
        view.arriving = p
        view.held_back = n
        view.draw(p)
        s = self.sprite
        s.x = src[0]
        s.y = src[1]
        s.hidden = False
        self.slide = [p, src[0], src[1], x1, y1, None]  # (the first frame sets the start)

    def finish(self):
        # the cards arrive at once (a key cut the slide short, or its time is up); True if a
        # slide was under way
        if self.slide is None:
            return False
        p = self.slide[0]
        self.slide = None
        self.sprite.hidden = True
        view = self.screen.view
        view.arriving = -1
        view.held_back = 0
        view.draw(p)
        self.screen.overlays()
        return True

    # ---- the celebration -----------------------------------------------------------------------

    def celebrate(self, now):
        self.finish()
        self.party = [0, 0, 0, 0, 0, 0]
        self.last = now
        self._throw()

    def _throw(self):
        # the next pile's top card jumps off, left or right in turn; False once every pile has
        # thrown its card
        screen = self.screen
        view = screen.view
        order = view.order
        party = self.party
        while party[0] < len(order):
            p = order[party[0]]
            party[0] += 1
            if screen.game.count(p) and not view.face_down(p):
                x, y = view.rect(p, 1)[:2]
                view.group(self.sprite, p, 1)
                s = screen.table.s
                right = party[0] & 1
                party[1] = x << 4
                party[2] = y << 4
                party[3] = (48 + (party[0] * 7) % 48) * s * (1 if right else -1)
                party[4] = -(32 + (party[0] * 11) % 64) * s
                party[5] = 0
                self.sprite.x = x
                self.sprite.y = y
                self.sprite.hidden = False
                return True
        return False

    def celebrating(self):
        return self.party is not None

    def stop(self):
        self.party = None
        self.sprite.hidden = True

    def _party_frame(self):
        # one frame of the flying card: it falls, bounces on the status line losing a quarter
        # of its speed, and leaves at a side of the screen; then the next one
        table = self.screen.table
        party = self.party
        s = table.s
        party[4] += 12 * s  # gravity
        party[1] += party[3]
        party[2] += party[4]
        floor = (table.height - table.status_h - self.sprite.height * table.th) << 4
        if party[2] > floor:
            party[2] = floor
            party[4] = -party[4] * 3 // 4
            party[5] += 1
        x = party[1] >> 4
        if x < -self.sprite.width * table.tw or x > table.width or party[5] > _BOUNCE:
            if not self._throw():
                self.stop()
                return False
            return True
        self.sprite.x = x
        self.sprite.y = party[2] >> 4
        return True

    # ---- the loop ------------------------------------------------------------------------------

    def busy(self):
        return self.slide is not None or self.party is not None

    def due(self, now, most):
        # ms until the next frame (at most `most`)
        sl = self.slide
        if sl is not None:
            if sl[5] is None:
                return 0
            return max(0, min(most, FRAME_MS - ticks_diff(now, sl[5]) % FRAME_MS))
        if self.party is not None:
            return max(0, min(most, FRAME_MS - ticks_diff(now, self.last)))
        return most

    def tick(self, now):
        # the next frame if its time has come; True if the screen changed
        sl = self.slide
        if sl is not None:
            if sl[5] is None:  # the move's own frame showed the cards where they were
                sl[5] = now
                return False
            t = ticks_diff(now, sl[5])
            if t >= SLIDE_MS:
                return self.finish()
            s = self.sprite
            x = sl[1] + (sl[3] - sl[1]) * t // SLIDE_MS
            y = sl[2] + (sl[4] - sl[2]) * t // SLIDE_MS
            if s.x == x and s.y == y:
                return False
            s.x = x
            s.y = y
            return True
        if self.party is not None and ticks_diff(now, self.last) >= FRAME_MS:
            self.last = now
            self._party_frame()
            return True
        return False
