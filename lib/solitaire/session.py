# The game in progress, as a mixin of solitaire.app.App: what play needs (saving in one NVM
# write, the pause menu, resting the engine's search); starting, resuming, restarting or leaving
# a game is solitaire/opening.py's, loaded for it, and the end of a game (counting it once: the
# store knows the ids it counted) solitaire/result.py's.
import sys

from engine import import_module
from solitaire import forget


class Session:
    def start(self, key, number=0):
        # a new game (number 0: random); the game left behind is counted in the same write
        import_module("solitaire.opening").start(self, key, number)

    def restart(self):
        self.start(self.gkey, self.game.number)

    def resume(self):
        import_module("solitaire.opening").resume(self)

    def lazy(self, known):
        # drop the modules a save or a resume loaded (the snapshot codec, engine.pack)
        for name in [m for m in sys.modules if m not in known]:
            forget(name)

    def save(self):
        # the game in progress into the store and NVM in one write (a game that has ended is
        # not kept: it can't be resumed)
        g = self.game
        if g is None or self.counted or g.version == self.saved_version:
            return  # (nothing new: no flash write)
        known = set(sys.modules)
        buf = self.payload
        n = g.save_into(buf, 0, True)  # the position and as much of the undo log as fits
        self.lazy(known)
        k = self.gkey
        self.store.save_game(k[0], k[1], k[2], 0, g.number, g.moves, g.score(), self.game_id,
                             None, min(n, len(buf)))
        self.store.commit()
        self.saved_version = g.version
        self.save_soon = False

    def quit_to_menu(self):
        import_module("solitaire.opening").quit_to_menu(self)

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
            forget("engine." + self.family_key + "_search")
