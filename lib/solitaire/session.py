# The game in progress, as a mixin of solitaire.app.App: opening a game (its engine and table
# code loaded, the last game's dropped), starting, resuming, saving (one NVM write), counting it
# when it ends or is left (once: the store knows the ids it counted), the pause menu.
import gc
import random
import sys

from micropython import const

from engine.game import WON
from engine.registry import FAMILIES, import_module
from solitaire import forget, mem

DEAL_MAX = const(1073741823)


class Session:
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
            import_module(FAMILIES[key[0]][2])
            import_module("solitaire.play")
            import_module("solitaire." + FAMILIES[key[0]][0] + "_view")
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
        self.screen.open_box(import_module("solitaire.result").result(self.screen))

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
