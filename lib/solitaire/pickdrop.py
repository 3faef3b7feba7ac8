# Picking cards up and putting them down, as a mixin of solitaire.play.Screen: A picks up the
# cards at the cursor (or does the family's own action there: its View's press), A again on
# another pile drops them through the engine's check/apply (or says why not), A held sends a
# card home, B puts back what is held or undoes, and redo.
from engine.game import NO_MOVE, pack


class PickDrop:
    def _drop_held(self):
        self.held = -1
        self.held_n = 0

    def _press_a(self):
        game = self.game
        p = self.cursor
        if self.held >= 0:
            if p == self.held:
                # the same pile again: one card more (groups), else put them back
                if game.pickable(p, self.held_n + 1):
                    self.held_n += 1
                    self.hear("pick")
                else:
                    self._drop_held()
                return
            move = pack(self.held, p, self.held_n)
            drop = getattr(self.view, "drop", None)  # a family may refuse a drop in its words
            if drop is not None:
                move = drop(move)
                if isinstance(move, str):
                    self._drop_held()
                    self.deny(move)
                    return
            reason = game.check(move)
            if reason:
                self._drop_held()
                self.deny(self.view.why(reason, move))
            else:
                self.apply(move)
            return
        move = self.view.press(p)
        if move != NO_MOVE:
            reason = game.check(move)
            if reason:
                self.deny(self.view.why(reason, move))
            elif self.apply(move):
                self.hear("deal")  # the stock dealt or turned (or a base chosen: the deal's end)
            return
        if not game.pickable(p, self.depth):
            self.deny(self.view.refuse(p, self.depth))
            return
        self.held = p
        self.held_n = self.depth
        self.depth = 1
        self.hear("pick")

    def _send_home(self):
        self._drop_held()
        m = self.game.quick_play(self.cursor)
        if m == NO_MOVE:
            self.deny(self.view.no_home(self.cursor))
        else:
            self.apply(m)

    def undo(self):
        self._drop_held()
        if not self.game.undo():
            self.deny("Nothing to undo")
            return
        self.hear("undo")
        self.over = False
        self.table.unsay()
        self.redraw(self.game.changed)

    def redo(self):
        self._drop_held()
        if not self.game.redo():
            self.deny("Nothing to redo")
            return
        self.hear("drop")
        self.redraw(self.game.changed)
        self._check_over()
