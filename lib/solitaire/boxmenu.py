# Menus in a box over the table, as a mixin of solitaire.play.Screen: a box is (status words,
# items, actions, what B does) from solitaire.boxes; with actions None its items are lines of
# text shown LINES at a time (the rules). UP/DOWN choose, A acts, B/START go back.
from engine.registry import import_module
from solitaire import forget
from solitaire import keys as K
from solitaire.text import LINES


class BoxMenu:
    def open_box(self, box):
        self.box = box
        self.box_at = 0
        self._draw_box()

    def pause_box(self):
        # the pause menu (solitaire.boxes, loaded with it)
        self.open_box(import_module("solitaire.boxes").pause(self))

    def close_box(self):
        # solitaire.boxes is loaded for a box and dropped with it (it is needed only then)
        forget("solitaire.boxes")
        forget("solitaire.result")
        self.box = None
        self.table.unsay()
        self.overlays()

    def _draw_box(self):
        words, items, actions = self.box[0], self.box[1], self.box[2]
        if actions is None:  # paragraphs in pages of LINES lines (the rules)
            lines, pages = self._page(items, self.box_at)
            self.table.box(lines)
            self.table.show_status(words, str(self.box_at + 1) + "/" + str(pages))
            return
        self.table.box([("> " if i == self.box_at else "   ") + items[i]
                        for i in range(len(items))])
        self.table.show_status(words, "")

    def _page(self, paragraphs, page):
        # the lines of page `page` and how many pages there are: the paragraphs are wrapped as
        # the page is drawn, so only its lines are ever kept (the rules are ~45 lines)
        out = []
        n = 0
        for para in paragraphs:
            for line in self.table.wrap(para):
                if n // LINES == page:
                    out.append(line)
                n += 1
        return out, max(1, (n + LINES - 1) // LINES)

    def _box_key(self, k):
        items, actions = self.box[1], self.box[2]
        if actions is None:
            last = self._page(items, 0)[1] - 1
            if k in (K.DOWN, K.RIGHT, K.A, K.A_LONG) and self.box_at < last:
                self.box_at += 1
            elif k in (K.UP, K.LEFT) and self.box_at > 0:
                self.box_at -= 1
            elif k in (K.B, K.START, K.A, K.A_LONG):
                self.box[3]()
                return
            self._draw_box()
            return
        if k == K.UP or k == K.DOWN:
            self.box_at = (self.box_at + (1 if k == K.DOWN else -1)) % len(items)
            self._draw_box()
        elif k == K.A or k == K.A_LONG:  # (a quick second A is A_LONG on the table)
            actions[self.box_at]()
        elif k == K.B or k == K.START:
            self.box[3]()
