# Moves you can see (loaded with a table when the Motion option is on): the cards a move takes
# slide from where they were to where they go, and a win is celebrated by the cards jumping off
# the table one after the other and bouncing across it (solitaire/celebrate.py, loaded for
# it). One sprite does both: a grid of the
# deck's sheet made with the table (never one per move), over the piles and under the frames,
# with its own copy of the table's palette in which the table's colour is transparent, so only
# the cards show. The pile a slide goes to is drawn without the moving cards until they arrive
# (solitaire/layout.py's count()). A key cuts a slide short and then acts; any key ends the
# celebration. The app's loop asks due() when the next frame is, so it sleeps in between.
from micropython import const

from solitaire.controls import ticks_diff

SLIDE_MS = const(120)  # a slide's length: a move shows within the ~150 ms a player waits
FRAME_MS = const(30)  # between frames: a slide is four or five
_ROWS = const(5)  # the group sprite's rows of tiles: a run's top four cards (a longer run's
# lower cards go with the last frame: a taller sprite redraws its whole box at every frame)


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
        # two sprites: one card (most moves), and a group fanned down; each redraws only its
        # own box as it moves (a shown or moved grid is redrawn over its whole box)
        self.sprites = []
        for rows in (view.TALL, _ROWS if view.TALL == 2 else 3):
            s = TileGrid(table.sheet, pixel_shader=pal, width=view.WIDE, height=rows,
                         tile_width=table.tw, tile_height=table.th)
            s.hidden = True
            table.group.insert(2, s)  # over the piles (after the background and their group)
            self.sprites.append(s)
        self.sprite = self.sprites[0]  # the one in use
        self.slide = None  # [pile, x0, y0, x1, y1, start ticks] of the slide under way
        self.party = None  # the celebration under way (solitaire/celebrate.py)

    def close(self):
        # the table closes: nothing of it stays reachable from here
        if self.party is not None:
            self.stop()
        self.screen = self.sprite = self.sprites = self.slide = None

    # ---- a slide -----------------------------------------------------------------------------

    def hold_back(self, p, n):
        # before the move's piles are drawn: p is drawn without its top n cards (on their way)
        self.finish()
        view = self.screen.view
        view.arriving = p
        view.held_back = n

    def start(self, p, n, src):
        # the top n cards of pile p (the engine has moved them there, the table drawn without
        # them) slide from rectangle src = (x, y, cols, rows), where they lay before the move
        view = self.screen.view
        x1, y1 = view.landing(p, n)[:2]
        self.sprite = s = self.sprites[n > 1]
        shown = min(n, s.height - view.TALL + 1)
        below = (n - shown) * self.screen.table.th  # (the run's lower cards: not in the sprite)
        y1 += below
        src = (src[0], src[1] + below)
        view.group(s, p, shown)
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

    # ---- the celebration (solitaire/celebrate.py, loaded for it) ------------------------------

    def celebrate(self, now):
        from solitaire.celebrate import Party

        self.finish()
        self.party = Party(self, now)

    def celebrating(self):
        return self.party is not None

    def stop(self):
        # the celebration is over (a key, or every card has flown): its code leaves RAM
        from solitaire import forget

        if self.party is not None:
            self.party.dark()  # (the NeoPixels, where the board has them)
        self.party = None
        self.sprite.hidden = True
        forget("solitaire.celebrate")

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
            return max(0, min(most, FRAME_MS - ticks_diff(now, self.party.last)))
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
        party = self.party
        if party is not None and ticks_diff(now, party.last) >= FRAME_MS:
            party.last = now
            if not party.frame():
                self.stop()
            return True
        return False
