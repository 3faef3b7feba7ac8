# The app: one screen at a time (the list screen for menus and pages, the table for play), the
# game in progress, the save store. A screen's module and display objects exist only while it is
# shown; the game's engine and table code only while a game is open; the buffers every game
# needs (move list, undo log, card sheet) are made once and reused, so the heap never holds two
# screens or two games and does not fragment (docs/memory.md).
import gc

from micropython import const

from engine import import_module
from solitaire import forget
from solitaire.controls import ticks_diff
from solitaire.session import Session

SAVE_IDLE_MS = const(3000)  # save this long after the last move if nothing else happens
# the longest nap the loop takes with nothing due: a key pressed during it waits at most this,
# and an idle board wakes ~16 times a second (time.sleep lets the chip idle until then); for a
# moment after a key the naps are short, so keys pressed in a row are taken at once
NAP_MS = const(60)
ACTIVE_NAP_MS = const(10)
ACTIVE_MS = const(500)
_DARK_NAP_MS = const(250)  # the dark screen reads the keys this often (solitaire/care.py)
_MENUS = ("solitaire.listscreen", "solitaire.listkeys", "solitaire.pages", "solitaire.menus",
          "solitaire.choose", "solitaire.rules", "solitaire.howto", "solitaire.shapes",
          "solitaire.dealpage", "solitaire.statspage", "solitaire.opening", "solitaire.options",
          "solitaire.store_stats", "solitaire.greet")


class App(Session):
    # the game in progress (start, resume, save, game over...): solitaire/session.py's mixin.
    # Made by solitaire/startup.py, which sets every attribute (that code runs once, so the
    # board does not keep it): platform parts (board, display, controls, width, height), font,
    # store, the buffers every game reuses (moves, log, sheet, palette, text), the game in
    # progress (game, gkey, family_key, mode_title, game_id, counted, autoplay, saved_version, last_move, save_soon,
    # last_key, cursor, game_modules, payload), the screens (screen, list_screen, blank,
    # title_at), the menus' choices (family, variant), the speaker (sound, or None) and battery
    # care (lit, care, care_at, bright, battery, battery_at, level, low_told: solitaire/care.py)

    # ---- screens ---------------------------------------------------------------------------
    def _swap(self):
        # the current screen's display objects go before the next screen's are made
        old = self.screen
        self.screen = None
        self.display.root_group = self.blank
        if old is not None:
            old.close()
        if old is self.list_screen:
            self.list_screen = None

    def _shown(self, screen, tag):
        self.screen = screen
        self.display.root_group = screen.group
        self.controls.long_a = screen.long_a
        self.controls.clear()
        if self.debug_mem:
            import_module("solitaire.debug_mem").shown(self, tag)

    def menus(self):
        return import_module("solitaire.menus")

    def show_page(self, page):
        # a menu or a page of text; the list screen's display objects are reused between pages
        if self.list_screen is not None and self.screen is self.list_screen:
            self.list_screen.show(page)
            self.controls.long_a = False
            self.controls.clear()
            return
        self._swap()
        gc.collect()
        screen = import_module("solitaire.listscreen").Screen(self, page)
        self.list_screen = screen
        self._shown(screen, "menu")

    def show_table(self):
        self._swap()
        for name in _MENUS:
            forget(name)
        gc.collect()
        view = "solitaire." + self.family_key + "_view"
        screen = import_module("solitaire.play").Screen(self, import_module(view))
        self._shown(screen, "table")

    def title(self):
        forget("solitaire.statspage")  # pages of their own: loaded when opened
        forget("solitaire.store_stats")
        forget("solitaire.dealpage")
        self.show_page(self.menus().title(self))

    # ---- the loop --------------------------------------------------------------------------
    def step(self, now):
        k = self.controls.poll(now)
        if k >= 0:
            self.last_key = now
            if self.lit < 2:  # dimmed or dark: the key lights the screen as it was, no more
                return self.tend(now, 2)
        elif not self.lit:
            return False  # dark: nothing runs until a key
        screen = self.screen
        dirty = screen.key(k, now) if k >= 0 else False
        if self.screen is not screen:
            dirty = True  # the key changed screens
        elif screen.tick(now):
            dirty = True
        if self.sound is not None:  # its next step, or the amplifier off (solitaire/sound.py)
            self.sound.tick(now)
        g = self.game
        if g is not None and g.version != self.saved_version and not self.counted:
            if k >= 0:
                self.last_move = now
            elif not dirty and (self.save_soon or ticks_diff(now, self.last_move) >= SAVE_IDLE_MS):
                self.save()  # (in a quiet step: not within a slide's or autoplay's frames)
        if dirty:
            if self.debug_mem:  # a page or a box within the screen (a new one: _shown)
                import_module("solitaire.debug_mem").seen(self)
            self.display.refresh()
        if ticks_diff(now, self.care_at) >= 0:  # the screen to dim or darken, the battery to read
            dim, dark = self.care  # (a key since the time was set: only a later one)
            t = (dim if dim and self.lit > 1 else dark) - ticks_diff(now, self.last_key)
            if t > 0 and (self.battery is None or ticks_diff(self.battery_at, now) > 0):
                self.care_at = (now + t) & 0x1FFFFFFF
            else:
                self.tend(now, -1)
        return dirty

    def tend(self, now, lit):
        # battery care (solitaire/care.py, loaded for it): lit 2 wakes the screen, -1 does
        # what is due
        import_module("solitaire.care").tend(self, now, lit)
        forget("solitaire.care")
        return True

    def wait_ms(self, now):
        # ms the loop may sleep before the next step: until something is due (a key, a repeat,
        # a long press, autoplay, a message going, the save after the last move), at most NAP_MS
        if not self.lit:  # (keypad queues the presses meanwhile; a joystick is read more often)
            return self.controls.due(now, _DARK_NAP_MS)
        nap = ACTIVE_NAP_MS if ticks_diff(now, self.last_key) < ACTIVE_MS else NAP_MS
        most = self.controls.due(now, nap)
        if self.screen is not None:
            most = self.screen.due(now, most)
        if self.sound is not None:
            most = self.sound.due(now, most)
        g = self.game
        if g is not None and g.version != self.saved_version and not self.counted:
            most = min(most, 0 if self.save_soon else
                       SAVE_IDLE_MS - ticks_diff(now, self.last_move))
        return max(0, most)

    def run(self):
        import supervisor
        from time import sleep

        ticks = supervisor.ticks_ms
        while True:
            self.step(ticks())
            wait = self.wait_ms(ticks())
            if wait:
                sleep(wait / 1000)
