# The game in progress, as a mixin of solitaire.app.App: starting, resuming or restarting one
# (solitaire/opening.py does the work, loaded for it), saving (one NVM write), counting it when
# it ends or is left (once: the store knows the ids it counted), the pause menu.
import gc
import sys

from engine.game import WON
from engine.registry import FAMILIES, import_module
from solitaire import forget


class Session:
    def resumable(self):
        # (family, variant, profile, number) of the game Resume would bring back, or None
        if self.game is not None and not self.counted:
            return self.gkey + (self.game.number,)
        s = self.store.saved()
        if s is None or s[0] >= len(FAMILIES):
            return None
        return s[0], s[1], s[2], s[4]

    def close_game(self):
        if self.gkey is not None:  # and what its engine loaded during play (a search)
            self.game_modules = list(self.game_modules) + [
                m for m in sys.modules if m.startswith("engine." + FAMILIES[self.gkey[0]][0] + "_")]
        self.game = None
        self.gkey = None
        for name in self.game_modules:
            forget(name)
        self.game_modules = ()
        gc.collect()

    def start(self, key, number=0):
        # a new game (number 0: random); the game left behind is counted in the same write
        import_module("solitaire.opening").start(self, key, number)

    def restart(self):
        self.start(self.gkey, self.game.number)

    def resume(self):
        import_module("solitaire.opening").resume(self)

    def lazy(self, known):
        # drop the modules a save or a resume loaded (the family's snapshot code, engine.pack)
        for name in [m for m in sys.modules if m not in known]:
            forget(name)

    def save(self):
        # the game in progress into the store and NVM in one write (a game that has ended is
        # not kept: it can't be resumed)
        g = self.game
        if g is None or self.counted or g.version == self.saved_version:
            return  # (nothing new: no flash write)
        known = set(sys.modules)
        from engine.pack import history_into

        buf = self.payload
        n = g.save_into(buf)
        room = (len(buf) - n - 3) * 8 // 17  # records that fit: 2 B each + a chain bit
        if room > 0:
            n += history_into(g.undo_log, buf, n, room)
        self.lazy(known)
        k = self.gkey
        self.store.save_game(k[0], k[1], k[2], 0, g.number, g.moves, g.score(), self.game_id,
                             None, min(n, len(buf)))
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
        self.rest()
        self.store.clear_save()
        self.store.commit()
        box = import_module("solitaire.result").result(self.screen)
        import_module("solitaire.boxmenu").open_box(self.screen, box)

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
        self.rest()
        import_module("solitaire.boxmenu").pause_box(self.screen)

    def rest(self):
        # a game whose engine keeps a search's buffers and code for play (Solar's loss search)
        # lets them go while a box is open over the table or the game is over; they are made
        # again when next needed
        g = self.game
        if g is not None and "rest" in type(g).__dict__:  # (a getattr miss costs heap here)
            g.rest()
            forget("engine." + FAMILIES[self.gkey[0]][0] + "_search")
