# Moving through a list screen, as a mixin of solitaire.listscreen.Screen: UP/DOWN move the
# highlight (wrapping) and scroll it into view, LEFT/RIGHT change a value where the page takes
# them, A chooses, B (or START) goes back; a page of text moves a page at a time.
from solitaire import keys as K


class Keys:
    def _scroll(self):
        rows = self.rows
        if self.first >= len(self.lines):
            self.top = max(0, min(self.top, len(self.lines) - rows))
            return
        sel = self.first + self.page.sel
        if sel - self.top >= rows:
            self.top = sel - rows + 1
        if sel < self.top:
            self.top = sel
        if sel < rows:
            self.top = 0  # keep the heading in view while the selection allows it

    def page_down(self):
        # a text page: the next page, False at the end
        last = max(0, len(self.lines) - self.rows)
        if self.top >= last:
            return False
        self.top = min(last, self.top + self.rows - 1)
        self.render()
        return True

    # ---- keys -----------------------------------------------------------------------------

    def key(self, k, now):
        page = self.page
        if page.key(self, k):
            return True
        if k == K.A_LONG:
            return False
        if k in (K.B, K.START):
            page.back(self)
            return True
        if k == K.A:
            page.choose(self)
            return True
        if self.first >= len(self.lines):  # a text page: scroll by page
            if k in (K.DOWN, K.RIGHT):
                return self.page_down()
            if k in (K.UP, K.LEFT) and self.top > 0:
                self.top = max(0, self.top - self.rows + 1)
                self.render()
                return True
            return False
        n = len(page.items)
        if k in (K.LEFT, K.RIGHT) and page.side(self, -1 if k == K.LEFT else 1):
            return True
        if k in (K.UP, K.LEFT):
            page.sel = (page.sel - 1) % n
        elif k in (K.DOWN, K.RIGHT):
            page.sel = (page.sel + 1) % n
        else:
            return False
        self._scroll()
        self.render()
        return True
