# Solitario Solar's table in words and places, as a mixin of solitaire.solar_view.View: where
# each pile's top card is (for frames and UP/DOWN), the status line, hints and refusals in the
# player's terms, and what A does on Solar's own piles: the stock turns a card (empty, A
# resigns; the pause box's Resign does at any time: rules §6; undo takes it back), a pad the
# waiting card fits takes it. Pads the waiting card fits are framed. Piles: 0 stock, 1 waste,
# 2..5 pads, 6..9 stations, 10 hand (engine/solar.py).
from micropython import const

from engine.game import NO_MOVE, pack
from solitaire import forget

# moves and refusals of engine/solar.py (tests/test_solar_screen.py checks these)
_TURN = const(65)
_RESIGN = const(63)
UNSURE = "Can't tell if a rocket can still be saved: play on, or resign with A on the stock"
THINKING = "Thinking..."


def thinker(app):
    # the engine's think hook (engine/solar_hints.py): a search that runs long (about 0.3 s on
    # the board) says so on the table at once, the display refreshed, and the note goes when
    # the search is done (what the search found is said after). It holds the app, not the
    # screen, so the game keeps no closed table alive; with no table showing it does nothing
    def think(on):
        t = getattr(app.screen, "table", None)
        if t is None:
            return
        if on:
            t.say(THINKING)
            app.display.refresh()
        else:
            t.unsay()

    return think


def _say(what, *args):
    # a message from solitaire/solar_say.py, loaded for it and dropped after (with the engine's
    # refusal reasons, engine/solar_why.py, if the refusal loaded them)
    from solitaire import solar_say

    text = getattr(solar_say, what)(*args)
    forget("solitaire.solar_say")
    forget("engine.solar_why")
    return text


class Words:
    resign = _RESIGN  # the pause box offers Resign (solitaire/boxes.py)

    def rect(self, p, n):
        # (x, y, cols, rows) of p's top card (its outline when empty), from a pixel origin
        g = self.grid
        return g.x + self.col[p] * self.tw, g.y + self.row[p] * self.th, 3, 1

    def column(self, p):
        return (1 if 0 < p < 6 else 0), self.grid.x + self.col[p] * self.tw + 3 * self.tw // 2

    def home(self):
        return 0

    def cursor_moved(self, old, new):
        # the pile under the cursor gets most of its column: both columns drawn again
        for p in (old, new):
            if 2 <= p < 10:
                self._column((p - 2) & 3)

    def score(self):
        g = self.game
        if self.screen.over:  # the game is over: its loss search's buffers and code go
            self.screen.app.rest()
        return ("SOS " + str(g.score()) + "/4") if g.emergency else str(g.score()) + "/4 home"

    def words(self, p):
        return _say("words", self, p)

    # the status line's words, hint names, refusals, "stuck": solitaire/solar_say.py,
    # loaded for the message
    def name(self, m, n):
        return _say("name", self, m)

    def refuse(self, p, n):
        return _say("refuse", self, p)

    def why(self, code, move):
        return _say("why", self, code, move)

    def no_home(self, p):
        return "Nothing to play from here"

    def stuck(self):
        return _say("stuck", self)

    # ---- Solar's own piles ------------------------------------------------------------------

    def press(self, p):
        # A on the stock turns a card (resigns when it is empty and the game can't tell); A on
        # a pad the waiting card fits puts it there
        g = self.game
        if p == 0:
            return _RESIGN if g.count(0) == 0 else _TURN
        if 2 <= p < 6 and g.pending >= 0 and (g.fits >> (p - 2)) & 1:
            return pack(g.pending, p, 1)
        return NO_MOVE

    def marks(self):
        # the pads the waiting card fits; and the first time the game can't tell, it says so
        g = self.game
        if g.undecided != self.told:
            self.told = g.undecided
            if g.undecided:
                self.screen.say(UNSURE)
        return [2 + k for k in range(4) if (g.fits >> k) & 1]

    def autoplay_ready(self):
        # nothing goes to a foundation: forced plays are the engine's own, and the one-press
        # action (quick_play) would turn the whole stock by itself
        return False
