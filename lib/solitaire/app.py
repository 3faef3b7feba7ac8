# The app: one screen at a time (the list screen for menus and pages, the table for play), the
# game in progress, the save store. A screen's module and display objects exist only while it is
# shown; the game's engine and table code only while a game is open; the buffers every game
# needs (move list, undo log, card sheet) are made once and reused, so the heap never holds two
# screens or two games and does not fragment (docs/memory.md).
import gc
import sys

from micropython import const

from engine import import_module
from solitaire import forget
from solitaire.controls import ticks_diff

_SAVE_IDLE_MS = const(3000)  # save this long after the last move if nothing else happens
# the longest nap the loop takes with nothing due: a key pressed during it waits at most this,
# and an idle board wakes ~16 times a second (time.sleep lets the chip idle until then); for a
# moment after a key the naps are short, so keys pressed in a row are taken at once
NAP_MS = const(60)
ACTIVE_NAP_MS = const(10)
ACTIVE_MS = const(500)
_DARK_NAP_MS = const(250)  # the dark screen reads the keys this often (solitaire/care.py)

# What stays loaded is decided here, by settle(): the core below, always, and what the screen
# shown declares (App.settle: a screen's modules(), from its MODULES). Every other module of the
# program is dropped at the end of the step that loaded it, or when the screen changes, so its
# code can be collected; nothing else in the program decides it (docs/memory.md). The store's
# own start-up code drops itself (solitaire/store.py: it runs without the app too), and so does
# the report of a MemoryError (solitaire/oops.py: the core too).
# A core module is kept once loaded: the PyGamer's joystick, the debug figures with their
# setting, and the engine's core (every game's Table and piles: kept from the first game on, so
# opening or resuming the next one does not load them again, ~0.07 s on a PyBadge, for ~5 KB in
# the menus, far under the heap's peak in play)
CORE = ("solitaire", "solitaire.boot", "solitaire.app", "solitaire.controls",
        "solitaire.keys", "solitaire.joystick", "solitaire.text", "solitaire.store",
        "solitaire.debug_mem", "engine", "engine.undo", "engine.game", "engine.piles")
_OURS = ("solitaire.", "engine.", "adafruit_bitmap_font")  # what settle() may drop


def settle(keep=()):
    # drop every module of the program that is neither core nor in keep (and its attribute on
    # the parent package, which would keep it alive)
    for name in [m for m in sys.modules if m.startswith(_OURS) and m not in CORE
                 and m not in keep]:
        forget(name)


class App:
    # Every attribute is named here; solitaire/startup.py fills them (that code runs once, so
    # the board does not keep it).

    def __init__(self):
        # the platform (solitaire/boards.py): the board's name, its display, its buttons
        # (solitaire/controls.py) and the display's size in pixels
        self.board = None
        self.display = None
        self.controls = None
        self.width = self.height = 0
        self.font = None  # the game's font, every glyph loaded (solitaire/font.py)
        self.store = None  # the save store (solitaire/store.py)
        self.first_deal = 0  # SOLITAIRE_DEAL: the first game's deal (0: random)
        self.debug_mem = False  # SOLITAIRE_DEBUG_MEM: the free heap at every screen change
        # made once, reused by every game and screen (made per game they would fragment the
        # heap): the move list (128 moves: as many as the hint and the base marks ever list),
        # the undo log, the card sheet's bitmap and palette, the text bitmaps (one-line rows and
        # a block of lines: solitaire/text.py), the group shown while screens are swapped
        self.moves = None
        self.log = None
        self.sheet = self.palette = None
        self.rows = self.block = None
        self.blank = None
        self.sheet_deck = None  # whose cards the sheet holds
        self.tiles = None  # their tiles' (width, height)
        # the game in progress
        self.game = None
        self.gkey = None  # (family, variant, profile)
        self.family_key = None  # its family's key, and its mode's name (solitaire/opening.py):
        self.mode_title = None  # what the table's screens name while the registry is dropped
        self.game_id = 0
        self.last_deal = 0  # the number of the last game opened: the deal editor starts there
        # its result is in the statistics: from its end on, and after a loss taken back with
        # undo (played on, it is saved marked so; docs/saves.md)
        self.counted = False
        self.autoplay = True
        self.motion = True  # the cards slide, a win is celebrated (the Motion option)
        self.saved_version = -1  # the game's version last saved
        self.last_move = 0  # ticks of the last key while a change was unsaved
        self.save_soon = False  # save at the next step without a key (a new game, once it shows)
        self.cursor = None  # the table's cursor, kept while a menu covers it
        self.payload = None  # the save is written in the store's image (store.payload_area())
        # the screens
        self.screen = None  # the screen shown: a list screen or a table
        self.list_screen = None  # the list screen, while it is the one shown (reused by pages)
        # what the menus keep of the last table: the code every table runs and the last
        # family's view and engine (settle()), so a game started or resumed from the menus
        # loads only what it lacks: on a board each module loaded costs ~0.03 s and each KB of
        # it ~3 ms (sim/board_model.py), and the menus' heap is far under play's
        self.warm_table = self.warm_family = ()
        self.title_at = None  # the title menu's item chosen last
        self.loaded = 0  # len(sys.modules) after the last settle(): a step that loads more settles
        # the menus' choices, remembered across runs in the store's options
        self.family = 0
        self.variant = 0
        self.sound = None  # solitaire/sound.py, on a board with a speaker whose audio started
        self.speaker = None  # its pins, until the first quiet step makes the sounds (App.step)
        # battery care (docs/playing.md, solitaire/care.py): the ms without a key before
        # the screen dims and goes dark (0: never), how lit it is (2 lit, 1 dimmed, 0 dark), the
        # backlight's brightness to come back to (None: the board can't set it), the battery
        # monitor (a pin, or None), its level in %, whether a low level was said, the ticks of
        # the last key and of battery care's next look and next battery reading
        self.care = (0, 0)
        self.lit = 2
        self.bright = None
        self.battery = None
        self.level = 100
        self.low_told = False
        self.last_key = self.care_at = self.battery_at = 0
        self.swept = False  # this step has collected the garbage (collect())

    # ---- the game in progress: what play needs (saving in one NVM write, the pause menu,
    # resting the engine's search); starting, resuming, restarting or leaving a game is
    # solitaire/opening.py's, loaded for it, and the end of a game (counting it once: the store
    # knows the ids it counted) solitaire/result.py's ---------------------------------------

    def start(self, key, number=0):
        # a new game (number 0: random); the game left behind is counted in the same write
        import_module("solitaire.opening").start(self, key, number)

    def restart(self):
        self.start(self.gkey, self.game.number)

    def resume(self):
        import_module("solitaire.opening").resume(self)

    def save(self):
        # the game in progress into the store and NVM in one write. A game that has ended is
        # never written: it was counted, and its save cleared, in the write that ended it
        # (solitaire/result.py count())
        g = self.game
        if g is None or g.version == self.saved_version or g.status():  # (0: PLAYING)
            return  # (nothing new: no flash write)
        # the position and as much of the undo log as fits (the snapshot codec, engine/pack.py,
        # is loaded for the call and dropped at the end of the step: settle()); flag 1: its
        # loss was counted and taken back (the store offers it to resume all the same)
        buf = self.payload
        n = g.save_into(buf, 0, True)
        k = self.gkey
        self.store.save_game(k[0], k[1], k[2], 1 if self.counted else 0, g.number, g.moves,
                             g.score(), self.game_id, None, min(n, len(buf)))
        self.store.commit()
        self.saved_version = g.version
        self.save_soon = False
        # what the save loaded (the codec, engine/pack.py) goes now, not at the end of the step:
        # the step's check counts modules and can miss it, and 4.7 KB or more then stayed through
        # the whole game (the 50-switch heap run: 102.7 KB at a Solar table, 97.3 with this).
        # (getattr: the store's tests save through a player with no screen)
        if getattr(self, "screen", None) is not None:
            self.settle()
        else:
            forget("engine.pack")

    def quit_to_menu(self):
        import_module("solitaire.opening").quit_to_menu(self)

    def pause(self):
        self.save()
        self.rest()
        import_module("solitaire.boxmenu").pause_box(self.screen)

    def rest(self):
        # a game whose engine keeps a search's buffers and code for play (Solar's loss search)
        # lets them go while a box is open over the table or the game is over; they are made
        # again when next needed (no table declares the search module: the Search keeps its
        # code while the game holds it)
        g = self.game
        if g is not None and "rest" in type(g).__dict__:  # (a getattr miss costs heap here)
            g.rest()

    # ---- screens ---------------------------------------------------------------------------
    def swap(self):
        # the current screen's display objects go before the next screen's are made
        old = self.screen
        self.screen = None
        self.display.root_group = self.blank
        if old is not None:
            old.close()
        if old is self.list_screen:
            self.list_screen = None

    def settle(self, keep=()):
        # the one place that decides what stays loaded: the core (CORE), what the
        # screen shown declares (its modules()) and keep (the modules of the screen about to be
        # made, between two screens); every other module of the program is dropped
        if self.screen is not None:
            keep = self.screen.modules() + keep
        if self.screen is None or self.screen is self.list_screen:
            keep += self.warm_table + self.warm_family
        if self.sound is not None:  # (the speaker's code, on a board whose audio started)
            keep += ("solitaire.sound",)
        settle(keep)
        self.loaded = len(sys.modules)

    def _shown(self, screen, tag):
        self.screen = screen
        self.settle()  # (what making it loaded for the once: solitaire/table_make.py...)
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
            self.settle()  # (what the last page declared and this one doesn't goes)
            self.controls.long_a = False
            self.controls.clear()
            return
        self.swap()
        listscreen = import_module("solitaire.listscreen")
        self.settle(listscreen.MODULES + page.modules)
        self.collect()
        screen = listscreen.Screen(self, page)
        self.list_screen = screen
        self._shown(screen, "menu")

    def show_table(self):
        self.swap()
        play = import_module("solitaire.play")
        view = import_module("solitaire." + self.family_key + "_view")
        self.settle(play.MODULES + view.MODULES)
        self.warm_table, self.warm_family = play.MODULES, view.MODULES
        self.collect()
        screen = play.Screen(self, view)
        self._shown(screen, "table")

    def title(self):
        self.show_page(self.menus().title(self))

    # ---- the loop --------------------------------------------------------------------------
    def collect(self):
        # a garbage collection, at most one a step: a screen change collects once, after the
        # screen and the modules it leaves are dropped and before the next is made (on a board
        # each collection marks the whole live heap and sweeps the heap)
        if not self.swept:
            self.swept = True
            gc.collect()

    def step(self, now):
        self.swept = False
        dirty = self._step(now)
        if len(sys.modules) != self.loaded:  # the step loaded a module for a call: dropped
            self.settle()  # unless the screen declares it
        self.swept = False  # (a call from outside a step collects too: the tests', the tools')
        return dirty

    def _step(self, now):
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
        elif self.speaker is not None and k < 0 and not dirty:
            # the sounds, made in the first quiet step: after the first screen, not before it
            try:
                import_module("solitaire.sound_make").start(self)
            except ImportError as e:  # (a bundle without it: play on, silent)
                self.speaker = None
                print("No sound:", e)
            # (solitaire.sound_make goes at the step's end, solitaire.sound too if no sound
            # plays: settle())
        g = self.game
        if g is not None and g.version != self.saved_version:
            if k >= 0:
                self.last_move = now
            elif not dirty and self.screen.settled() and (
                    self.save_soon or ticks_diff(now, self.last_move) >= _SAVE_IDLE_MS):
                # in a quiet step, once the position has settled (the table's slides, autoplay
                # and search done: one write per pause, none per automatic card). (A game is
                # open only under its table: solitaire/opening.py closes it for any menu)
                self.save()
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
        if g is not None and g.version != self.saved_version and self.screen.settled():
            most = min(most, 0 if self.save_soon else
                       _SAVE_IDLE_MS - ticks_diff(now, self.last_move))
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
