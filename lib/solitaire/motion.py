# Moves you can see (loaded with a table when the Motion option is on): the cards a move takes
# slide from where they were to where they go, and a win is celebrated by the cards jumping off
# the table one after the other and bouncing across it (solitaire/celebrate.py, loaded for
# it). One sprite does both: a grid of the
# deck's sheet made with the table (never one per move), over the piles and under the frames,
# with its own copy of the table's palette in which the table's colour is transparent, so only
# the cards show. The pile a slide goes to is drawn without the moving cards until they arrive
# (solitaire/layout.py's count()). A move the game follows with automatic steps (Terrace's fill
# of a space and its deal, Solar's forced plays: the engine's steps, engine/game.py) plays as a
# cascade: the player's cards slide first, then each step slides in turn, PAUSE_MS apart, the
# piles drawn as of the step shown (the layout reads them from here meanwhile: count, card). A
# key lands a slide, or the whole cascade, at once and then acts; any key ends the celebration.
# The app's loop asks due() when the next frame is, so it sleeps in between.
from micropython import const

from solitaire.controls import ticks_diff

SLIDE_MS = const(120)  # a slide's length: a move shows within the ~150 ms a player waits
_FRAME_MS = const(30)  # between frames: a slide is four or five
PAUSE_MS = const(100)  # a cascade's step lands, stays this long, then the next one slides
_TICKS = const(0x1FFFFFFF)  # ticks_ms() wraps here (solitaire/controls.py)
_ROWS = const(5)  # the group sprite's rows of tiles: a run's top four cards (a longer run's
# lower cards go with the last frame: a taller sprite redraws its whole box at every frame)
# the cards a cascade's copy holds: those of the piles its later steps touch, each with room for
# the most it holds on the way (a base choice's fills, a waste's forced plays need far fewer).
# A cascade that needs more lands at once. Small, so no allocation of 1 KB happens in play
_COPY = const(240)


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
        self.src = None  # where the cards of the move being made lay (before())
        # a cascade under way: its steps (0: none), the next one to show, when it comes (ticks;
        # -1: a pause from the next frame), the piles it changed; and the piles as of the step
        # shown: the game's, but for those the later steps touch (bit p of `copied`), whose
        # cards are copied here (pile p's at cards[at[p]:], size[p] of them; made at the
        # table's first cascade)
        self.last = self.next = self.touched = self.copied = 0
        self.wait = None
        self.cards = self.size = self.at = None

    def close(self):
        # the table closes: nothing of it stays reachable from here
        if self.party is not None:
            self.stop()
        self.screen = self.sprite = self.sprites = self.slide = self.cards = None

    # ---- a slide, and a cascade's steps --------------------------------------------------------

    def before(self, move):
        # a move is about to be made: what is under way lands; where its cards lie is noted
        self.finish()
        n = move & 63  # (engine/game.py: pack(src, dst, count))
        p = move >> 11
        self.src = self.screen.view.rect(p, n) if n and p < self.screen.game.pile_count else None

    def moved(self, move):
        # the move is made: the piles drawn as of its first step while its cards slide there;
        # the steps the game made by itself after it follow one at a time (tick)
        game = self.screen.game
        steps = game.steps
        last = game.step_count
        src = self.src
        self.src = None
        if last > 1 and self._copy(game, steps, last):
            for i in range(last - 1, 0, -1):  # back to the first step: the later ones undone
                self._shift(steps[3 * i + 1], steps[3 * i], steps[3 * i + 2])
            self.screen.view.shown = self
            self.last = last
            self.next = 1
            self.touched = game.changed
        if last == 0 or steps[0] != move >> 11 or steps[2] & 127 != move & 63:
            src = None  # (a resign, a redeal: not the cards noted)
        self._show(0, src, game.changed, -1)

    def _show(self, i, src, mask, now):
        # step i made: the piles in mask drawn as after it while its cards slide from src =
        # (x, y, cols, rows), where they lay, to its destination (drawn without them until they
        # arrive), or there at once (src None, or going face down)
        screen = self.screen
        view = screen.view
        steps = screen.game.steps
        p = steps[3 * i + 1]
        n = steps[3 * i + 2] & 127
        if src is None or view.face_down(p):
            screen.redraw(mask)
            if self.last:
                self._after(now)
            return
        view.arriving = p
        view.held_back = n
        screen.redraw(mask)
        x1, y1 = view.landing(p, n)[:2]
        self.sprite = s = self.sprites[n > 1]
        shown = min(n, s.height - view.TALL + 1)
        below = (n - shown) * screen.table.th  # (the run's lower cards: not in the sprite)
        view.group(s, p, shown)
        s.x = src[0]
        s.y = src[1] + below
        s.hidden = False
        self.slide = [p, s.x, s.y, x1, y1 + below, None]  # (the first frame sets the start)

    def _after(self, now):
        # a cascade's step has landed: the next one after a pause (now -1: from the next
        # frame), or, the last one, the layout reads the game again (the same piles)
        if self.next < self.last:
            self.wait = (now + PAUSE_MS) & _TICKS if now >= 0 else -1
        else:
            self.screen.view.shown = self.screen.game
            self.last = 0

    def _copy(self, game, steps, last):
        # the piles steps 1.. touch, copied as they are now, each with room for the most it
        # holds while those steps are taken back and played again; False if they need more
        # than the copy holds (the cascade then lands at once)
        if self.cards is None:
            self.cards = bytearray(_COPY)
            self.size = bytearray(game.pile_count)
            self.at = bytearray(game.pile_count)
        size = self.size
        most = self.at  # (first the most each pile holds, then where it starts)
        copied = 0
        for p in range(game.pile_count):
            size[p] = most[p] = game.count(p)
        for i in range(last - 1, 0, -1):  # the sizes back to the first step...
            n = steps[3 * i + 2] & 127
            size[steps[3 * i + 1]] -= n
            size[steps[3 * i]] += n
            copied |= 1 << steps[3 * i] | 1 << steps[3 * i + 1]
        for p in range(game.pile_count):
            if size[p] > most[p]:
                most[p] = size[p]
        for i in range(1, last):  # ...and forward again, noting each pile's most
            p = steps[3 * i + 1]
            size[steps[3 * i]] -= steps[3 * i + 2] & 127
            size[p] += steps[3 * i + 2] & 127
            if size[p] > most[p]:
                most[p] = size[p]
        at = 0
        for p in range(game.pile_count):
            if copied >> p & 1:
                m = most[p]
                most[p] = at
                at += m
        if at > _COPY:
            return False
        cards = self.cards
        for p in range(game.pile_count):
            if copied >> p & 1:
                for j in range(size[p]):
                    cards[most[p] + j] = game.card(p, j)
        self.copied = copied
        return True

    def _shift(self, src, dst, n):
        # the copy's top n & 127 cards of src onto dst, in order, or turned over (n has
        # engine/game.py's TURNED: taken back, the same shift the other way)
        turned = n & 128
        n &= 127
        cards = self.cards
        size = self.size
        s = self.at[src] + size[src] - n
        d = self.at[dst] + size[dst]
        for j in range(n):
            cards[d + j] = cards[s + n - 1 - j] if turned else cards[s + j]
        size[src] -= n
        size[dst] += n

    def count(self, p):
        # the piles as of the cascade's step shown, for the layout (solitaire/layout.py shown)
        return self.size[p] if self.copied >> p & 1 else self.screen.game.count(p)

    def card(self, p, i):
        if self.copied >> p & 1:
            return self.cards[self.at[p] + i]
        return self.screen.game.card(p, i)

    def finish(self, now=-1):
        # the slide's cards arrive: its time is up (now: a cascade's next step follows a
        # pause), or at once (a key, a move: with every step of the cascade after it); True if
        # anything was under way
        sl = self.slide
        if sl is None and not self.last:
            return False
        screen = self.screen
        view = screen.view
        mask = 0
        if sl is not None:
            self.slide = None
            self.sprite.hidden = True
            view.arriving = -1
            view.held_back = 0
            mask = 1 << sl[0]
        if self.last and now < 0:  # (every step at once: the game's piles)
            mask |= self.touched
            self.next = self.last
            self.wait = None
            self._after(now)
        screen.redraw(mask)
        if self.last:
            self._after(now)
        return True

    # ---- the celebration (solitaire/celebrate.py, loaded for it) ------------------------------

    def celebrate(self, now):
        from solitaire.celebrate import Party

        self.finish()
        self.party = Party(self, now)

    def celebrating(self):
        return self.party is not None

    def stop(self):
        # the celebration is over (a key, or every card has flown): its code leaves RAM (the
        # table declares it only while it runs: solitaire/play.py modules())
        if self.party is not None:
            self.party.dark()  # (the NeoPixels, where the board has them)
        self.party = None
        self.sprite.hidden = True

    # ---- the loop ------------------------------------------------------------------------------

    def busy(self):
        return self.slide is not None or self.wait is not None or self.party is not None

    def due(self, now, most):
        # ms until the next frame (at most `most`)
        sl = self.slide
        if sl is not None:
            if sl[5] is None:
                return 0
            return max(0, min(most, _FRAME_MS - ticks_diff(now, sl[5]) % _FRAME_MS))
        w = self.wait
        if w is not None:
            return 0 if w == -1 else max(0, min(most, ticks_diff(w, now)))
        if self.party is not None:
            return max(0, min(most, _FRAME_MS - ticks_diff(now, self.party.last)))
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
                return self.finish(now)
            s = self.sprite
            x = sl[1] + (sl[3] - sl[1]) * t // SLIDE_MS
            y = sl[2] + (sl[4] - sl[2]) * t // SLIDE_MS
            if s.x == x and s.y == y:
                return False
            s.x = x
            s.y = y
            return True
        w = self.wait
        if w is not None:
            if w == -1:  # (the move's own frame showed its first step)
                self.wait = (now + PAUSE_MS) & _TICKS
            elif ticks_diff(now, w) >= 0:  # the cascade's next step
                self.wait = None
                i = self.next
                self.next = i + 1
                steps = self.screen.game.steps
                p = steps[3 * i]
                q = steps[3 * i + 1]
                src = self.screen.view.rect(p, steps[3 * i + 2] & 127)
                self._shift(p, q, steps[3 * i + 2])
                self._show(i, src, (1 << p) | (1 << q), now)
                return True
            return False
        party = self.party
        if party is not None and ticks_diff(now, party.last) >= _FRAME_MS:
            party.last = now
            if not party.frame():
                self.stop()
            return True
        return False

