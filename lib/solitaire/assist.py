# What the table does for the player, as a mixin of solitaire.play.Screen: the hint (SELECT, and
# SELECT again for the next one), autoplay to the foundations a card at a time (each card
# chained to the player's move, so one undo takes the lot back), and noticing the end.
from micropython import const

from engine.game import NO_MOVE, PLAYING, WON, move_count
from solitaire.controls import ticks_diff

AUTO_MS = const(160)  # autoplay: a card every so often, so the player sees where each one goes


class Assist:
    def play_hint(self):
        # the hint's move, as if the player made it (the heap budget run plays games this way)
        self._finish_autoplay()
        m = self.game.hint()
        return m != NO_MOVE and self.apply(m)

    def _autoplay_soon(self):
        if self.app.autoplay and self.view.autoplay_ready():
            self.auto_due = -1
        else:
            self._settle()
            self._check_over()

    def _settle(self):
        # the opening autoplay is over: its cards are part of the deal, so nothing to undo and
        # no move made (a deal left at once is not a game played; engine/game.py "moves")
        if self.opening:
            self.opening = False
            self.game.undo_log.clear()
            self.game.moves = 0

    def _autoplay_step(self):
        # one card home, chained to the player's move (one undo takes the lot back)
        game = self.game
        for p in self.view.order:
            m = game.quick_play(p)
            if m != NO_MOVE and game.apply(m, True):
                self.hear("drop")
                self.redraw(game.changed)
                return True
        return False

    def _finish_autoplay(self):
        if self.auto_due is not None:
            self.auto_due = None
            while self._autoplay_step():
                pass
            self._settle()
            self._check_over()

    def _check_over(self):
        state = self.game.status()
        ended = state != PLAYING and not self.over  # (heard once, not at each check)
        self.over = state != PLAYING
        if ended:
            self.hear("win" if state == WON else "loss")
        if self.over:
            self.say("You won! Press A." if state == WON else
                     ("You resigned." if getattr(self.game, "resigned", False) else
                      "No moves left.") + " B: undo, A: the result.")
        return True

    def _autoplay_tick(self, now):
        # one autoplay card when its time comes; True if the screen changed
        if self.auto_due is None:
            return False
        if self.auto_due == -1:
            self.auto_due = (now + AUTO_MS) & 0x1FFFFFFF
            return False
        if ticks_diff(now, self.auto_due) < 0:
            return False
        if self._autoplay_step():
            self.auto_due = (now + AUTO_MS) & 0x1FFFFFFF
        else:
            self.auto_due = None
            self._settle()
            self._check_over()
        self.overlays()
        return True

    def hint(self):
        # SELECT: the first hint; SELECT again (nothing moved): the next one, then "no more"
        game = self.game
        self._drop_held()
        n = game.hints(self.moves)
        if self.hint_version == game.version and self.hint_at < n:
            self.hint_at += 1
        else:
            self.hint_at = 0
        self.hint_version = game.version
        if n == 0:
            self.say(self.view.stuck())
        elif self.hint_at == n:
            self.say("No more hints (SELECT: the first again)")
        else:
            m = self.moves[self.hint_at]
            self.marked = self.view.framed(m)
            first = "Hint: " if n == 1 else "Hint " + str(self.hint_at + 1) + "/" + str(n) + ": "
            self.say(first + self.view.name(m, move_count(m)))
