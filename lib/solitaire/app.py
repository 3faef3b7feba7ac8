# The app: one screen at a time (the list screen for menus and pages, the table for play), the
# game in progress, the save store. A screen's module and display objects exist only while it is
# shown; the game's engine and table code only while a game is open; the buffers every game
# needs (move list, undo log, card sheet) are made once and reused, so the heap never holds two
# screens or two games and does not fragment (README "Memory").
import gc
from array import array

import displayio
from micropython import const

from engine.registry import FAMILIES, import_module
from engine.undo import UndoLog
from solitaire import forget, mem
from solitaire.controls import ticks_diff
from solitaire.session import Session
from solitaire.store import FOREIGN, Store

SAVE_IDLE_MS = const(3000)  # save this long after the last move if nothing else happens
UNDO_DEPTH = const(500)  # moves undo reaches back (500 x 2 B; engine games alone keep 1,000)
# store.options bytes read at start-up (solitaire/options.py gives them all their meaning)
_O_SET = const(0)
_O_FAMILY = const(1)
_O_VARIANT = const(2)
_MENUS = ("solitaire.listscreen", "solitaire.listkeys", "solitaire.pages", "solitaire.menus",
          "solitaire.choose", "solitaire.rules", "solitaire.howto", "solitaire.shapes",
          "solitaire.dealpage", "solitaire.statspage", "solitaire.opening", "solitaire.options")


class App(Session):
    # the game in progress (start, resume, save, game over...): solitaire/session.py's mixin
    def __init__(self, platform, font, cfg, bitmaps, note=None):
        # platform: (board name, display, controls, nvm); cfg: (first deal, debug_mem);
        # bitmaps: (card sheet, its palette, text bitmap) made at start-up, before the heap
        # held anything else (solitaire/startup.py), reused by every screen and game: made per
        # game they would fragment it
        self.board = platform[0]
        self.display = d = platform[1]
        self.controls = platform[2]
        self.width = d.width
        self.height = d.height
        self.font = font
        self.first_deal = cfg[0]
        self.debug_mem = cfg[1]
        self.store = Store(platform[3])
        notes = self.store.open()
        if note:
            notes.append(note)
        # made once, reused by every game
        # 128 moves: as many as the hint and the base marks ever list (legal_moves and hints
        # stop at len(buf); no position seen in play has more than ~100 legal moves)
        self.moves = array("H", bytes(256))
        self.log = UndoLog(UNDO_DEPTH)
        self.blank = displayio.Group()  # shown while one screen is swapped for the next
        self.sheet, self.palette, self.text = bitmaps
        self.sheet_deck = None  # whose cards the sheet holds
        self.tiles = None  # their tiles' (width, height)
        # the game in progress
        self.game = None
        self.gkey = None  # (family, variant, profile)
        self.game_id = 0
        self.counted = False  # it ended and is in the statistics (a lost game played on)
        self.autoplay = True
        self.saved_version = -1
        self.last_move = 0
        self.cursor = None  # the table's cursor, kept while a menu covers it
        self.game_modules = ()
        self.payload = self.store.payload_area()  # the save is written in the store's image
        self.screen = None
        self.list_screen = None
        self.title_at = None  # the title menu's item chosen last
        # the menus' choices, remembered across runs in the store's options
        o = self.store.options
        self.family = o[_O_FAMILY] if o[_O_SET] and o[_O_FAMILY] < len(FAMILIES) else 0
        self.variant = o[_O_VARIANT] if o[_O_SET] else 0
        if self.variant >= len(FAMILIES[self.family][3]):
            self.variant = 0
        menus = self.menus()
        if self.store.state == FOREIGN:  # another program's data: ask before erasing it
            then = lambda: self.show_page(self.menus().foreign(self))
        else:
            then = self.title
            if notes:  # what open() found (a blank NVM, a repair) is written now: said once
                self.store.commit()
        if notes:
            self.show_page(menus.notice("Save memory", " ".join(notes), then))
        else:
            then()
        self.display.refresh()

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
            mem(tag)

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
        view = "solitaire." + FAMILIES[self.gkey[0]][0] + "_view"
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
        screen = self.screen
        dirty = screen.key(k, now) if k >= 0 else False
        if self.screen is not screen:
            dirty = True  # the key changed screens
        elif screen.tick(now):
            dirty = True
        g = self.game
        if g is not None and g.version != self.saved_version and not self.counted:
            if k >= 0:
                self.last_move = now
            elif ticks_diff(now, self.last_move) >= SAVE_IDLE_MS:
                self.save()
        if dirty:
            self.display.refresh()
        return dirty

    def run(self):
        import supervisor

        ticks = supervisor.ticks_ms
        while True:
            self.step(ticks())
