# The app: one screen at a time (the list screen for menus and pages, the table for play), the
# game in progress, the save store. A screen's module and display objects exist only while it is
# shown; the game's engine and table code only while a game is open; the buffers every game
# needs (move list, undo log, card sheet) are made once and reused, so the heap never holds two
# screens or two games and does not fragment (README "Memory").
import gc
import random
import sys
from array import array

import displayio
from micropython import const

from engine.game import WON
from engine.registry import FAMILIES, import_module
from engine.undo import UndoLog
from solitaire import forget, mem
from solitaire import families
from solitaire.controls import ticks_diff
from solitaire.store import FOREIGN, Store

SAVE_IDLE_MS = const(3000)  # save this long after the last move if nothing else happens
DEAL_MAX = const(1073741823)
UNDO_DEPTH = const(1000)
# store.options bytes: the store keeps them, the app gives them meaning
_O_SET = const(0)  # 1 once options were saved
_O_FAMILY = const(1)  # last game chosen
_O_VARIANT = const(2)
_O_FLIP = const(3)  # bit f: family f's autoplay is the opposite of its default
_O_PROFILE = const(4)  # 2 bits per family: the rule profile chosen last
_O_LOOK = const(5)  # bit 0: two-colour French deck (four-colour is the default at 160x128)
_MENUS = ("solitaire.listscreen", "solitaire.menus", "solitaire.rules", "solitaire.howto",
          "solitaire.shapes", "solitaire.dealpage", "solitaire.statspage")
_TEXT = ("adafruit_display_text.bitmap_label", "adafruit_display_text", "adafruit_ticks")


class App:
    def __init__(self, platform, font, cfg, note=None):
        # platform: (board name, display, controls, nvm); cfg: (first deal, debug_mem)
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
        self.sheet = None  # the card sheet bitmap, made at the first game (as big as any deck's)
        self.palette = None
        self.sheet_deck = None  # whose sheet it holds now
        self.blank = displayio.Group()  # shown while one screen is swapped for the next
        self.text = None  # the table's two text bitmaps, made at the first game
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
        self.payload = bytearray(self.store.save_capacity)
        self.screen = None
        self.list_screen = None
        # the menus' choices, remembered across runs in the store's options
        o = self.store.options
        self.family = o[_O_FAMILY] if o[_O_SET] and o[_O_FAMILY] < len(FAMILIES) else 0
        self.variant = o[_O_VARIANT] if o[_O_SET] else 0
        if self.variant >= len(FAMILIES[self.family][3]):
            self.variant = 0
        menus = self.menus()
        if notes:
            self.show_page(menus.notice("Save memory", " ".join(notes), self.title))
        elif self.store.state == FOREIGN:  # another program's data: ask before erasing it
            self.show_page(menus.foreign(self))
        else:
            self.title()
        self.display.refresh()

    # ---- options ---------------------------------------------------------------------------
    def option_profile(self, family):
        return (self.store.options[_O_PROFILE] >> (2 * family)) & 3

    def option_autoplay(self, family):
        flip = (self.store.options[_O_FLIP] >> family) & 1
        return families.autoplay_default(family) != bool(flip)

    def four_colour(self):
        return self.height <= 128 and not self.store.options[_O_LOOK] & 1

    def set_options(self, family, variant, profile, autoplay, two_colour=None):
        o = self.store.options
        o[_O_SET] = 1
        o[_O_FAMILY] = family
        o[_O_VARIANT] = variant
        o[_O_PROFILE] = (o[_O_PROFILE] & ~(3 << 2 * family)) | (profile << 2 * family)
        flip = autoplay != families.autoplay_default(family)
        o[_O_FLIP] = (o[_O_FLIP] & ~(1 << family)) | (flip << family)
        if two_colour is not None:
            o[_O_LOOK] = (o[_O_LOOK] & ~1) | (1 if two_colour else 0)
        self.store.set_options()

    def card_sheet(self, deck, inks=None):
        # (bitmap, palette, tile width, tile height) of a deck's cards, in the bitmap and
        # palette made at the first game and reused by every other; inks: (two-colour,
        # four-colour) for palette entries 11.. (the French deck's suit colours)
        from solitaire import art

        scale = art.scale_for(self.width, self.height)
        if self.sheet is None:
            w, h = art.check_sheets(self.width, self.height)
            self.sheet = displayio.Bitmap(w, h, 16)
            self.palette = displayio.Palette(16)
        if self.sheet_deck != deck:
            self.sheet_deck = None
            art.load_sheet(deck, scale, self.sheet, self.palette)
            self.sheet_deck = deck
        if inks is not None:
            table = inks[1] if self.four_colour() else inks[0]
            for i in range(len(table)):
                self.palette[11 + i] = table[i]
        size = art.tile_size(deck, scale)
        forget("solitaire.art")
        return self.sheet, self.palette, size[0], size[1]

    def text_metrics(self):
        # (line height, baseline) of the font, in pixels
        f = self.font
        try:
            return f.ascent + f.descent, f.ascent
        except AttributeError:  # the built-in font: glyphs hang from the top of a 12 px line
            h = f.get_bounding_box()[1]
            return h, h

    def text_bitmaps(self):
        # the table's status line and message box bitmaps, made once (the box is 1.4 KB)
        if self.text is None:
            from solitaire.table import LINES

            line = self.text_metrics()[0]
            w = self.width // (2 if self.width >= 320 and self.height >= 240 else 1)
            self.text = (displayio.Bitmap(w, line, 2), displayio.Bitmap(w - 4, LINES * line, 2))
        return self.text

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
        # the table paints its own text: the Adafruit text modules leave RAM while a game is
        # played, if they were installed compiled (.mpy: loading them again for a menu is quick)
        lib = sys.modules.get("adafruit_display_text.bitmap_label")
        if lib is not None and getattr(lib, "__file__", "").endswith(".mpy"):
            for name in _TEXT:
                forget(name)
        gc.collect()
        view = families.view_module(self.gkey[0])
        screen = import_module("solitaire.play").Screen(self, import_module(view))
        self._shown(screen, "table")

    def title(self):
        forget("solitaire.statspage")  # pages of their own: loaded when opened
        forget("solitaire.dealpage")
        self.show_page(self.menus().title(self))

    # ---- the game in progress --------------------------------------------------------------
    def resumable(self):
        # (family, variant, profile, number) of the game Resume would bring back, or None
        if self.game is not None and not self.counted:
            return self.gkey + (self.game.number,)
        s = self.store.saved()
        if s is None or s[0] >= len(FAMILIES):
            return None
        return s[0], s[1], s[2], s[4]

    def _open(self, key, number):
        # a dealt game of mode key (engine and table code loaded now, the old game's dropped)
        if self.gkey is None or self.gkey[0] != key[0]:
            self.close_game()
            known = set(sys.modules)
            families.load(key[0])
            import_module("solitaire.play")
            import_module("solitaire.boxes")
            import_module(families.view_module(key[0]))
            self.game_modules = [m for m in sys.modules if m not in known]
        self.game = None
        gc.collect()
        mod = import_module(FAMILIES[key[0]][2])
        game = mod.Game(key[1], key[2], 0, self.log)
        game.deal(number)
        self.game = game
        self.gkey = key
        self.counted = False
        self.cursor = None
        self.autoplay = self.option_autoplay(key[0])
        if self.debug_mem:
            mem("deal " + str(number))
        return game

    def close_game(self):
        self.game = None
        self.gkey = None
        for name in self.game_modules:
            forget(name)
        self.game_modules = ()
        gc.collect()

    def next_deal_number(self):
        if self.first_deal:
            n = self.first_deal
            self.first_deal = 0
            return n
        return random.randint(1, DEAL_MAX)

    def start(self, key, number=0):
        # a new game (number 0: random); the game left behind is counted in the same write
        self.abandon()
        game = self._open(key, number or self.next_deal_number())
        self.game_id = self.store.new_game_id()
        self.save()
        self.saved_version = game.version
        self.show_table()

    def restart(self):
        self.start(self.gkey, self.game.number)

    def resume(self):
        if self.game is not None and not self.counted:
            self.show_table()
            return
        s = self.store.saved()
        if s is None:
            self.title()
            return
        f, v, p, _flags, number, _made, _score, gid = s
        ok = f < len(FAMILIES) and v < len(FAMILIES[f][3]) and p < len(FAMILIES[f][4])
        game = self._open((f, v, p), number) if ok else None
        data = self.store.saved_payload()
        known = set(sys.modules)
        if game is None or not game.load_from(data):
            self._lazy(known)
            self.store.clear_save()
            self.store.commit()
            self.close_game()
            self.show_page(self.menus().notice(
                "Resume", "The saved game was damaged or is for another version. It was removed.",
                self.title))
            return
        from engine.pack import history_from

        history_from(game.undo_log, data, game.SNAPSHOT_SIZE)
        self._lazy(known)
        self.game_id = gid
        self.saved_version = game.version
        self.show_table()

    def _lazy(self, known):
        # drop the modules a save or a resume loaded (the family's snapshot code, engine.pack)
        for name in [m for m in sys.modules if m not in known]:
            forget(name)

    def save(self):
        # the game in progress into the store and NVM in one write (a game that has ended is
        # not kept: it can't be resumed)
        g = self.game
        if g is None or self.counted:
            return
        known = set(sys.modules)
        from engine.pack import history_into

        buf = self.payload
        n = g.save_into(buf)
        room = (len(buf) - n - 3) * 8 // 17  # records that fit: 2 B each + a chain bit
        if room > 0:
            n += history_into(g.undo_log, buf, n, room)
        self._lazy(known)
        k = self.gkey
        self.store.save_game(k[0], k[1], k[2], 0, g.number, g.moves, g.score(), self.game_id,
                             buf, min(n, len(buf)))
        self.store.commit()
        self.saved_version = g.version

    def abandon(self):
        # the game in progress is left (new deal, restart, menu): a game played counts, once
        g = self.game
        if g is not None and not self.counted and (g.moves > 0 or g.status()):
            k = self.gkey
            self.store.count_result(k[0], k[1], k[2], self.game_id, g.status() == WON, g.score(),
                                    g.moves)
            self.counted = True
        elif g is None:
            s = self.store.saved()
            if s is not None and s[5] > 0:  # a saved game with moves, left for a new one
                self.store.count_result(s[0], s[1], s[2], s[7], False, s[6], s[5])
        self.store.clear_save()

    def game_over(self):
        # count it (once: a lost game undone and won later adds the win), then the result
        g = self.game
        k = self.gkey
        self.store.count_result(k[0], k[1], k[2], self.game_id, g.status() == WON, g.score(),
                                g.moves)
        self.counted = True
        self.store.clear_save()
        self.store.commit()
        self.screen.open_box(import_module("solitaire.boxes").result(self.screen))

    def quit_to_menu(self):
        if self.counted:
            self.abandon()
            self.store.commit()
        else:
            self.save()
        self.close_game()
        self.title()

    def pause(self):
        self.save()
        self.screen.open_box(import_module("solitaire.boxes").pause(self.screen))

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
