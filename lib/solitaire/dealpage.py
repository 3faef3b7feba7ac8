# The deal-number editor of the options menu: ten digits changed one at a time, the digit being
# changed on the list screen's highlight bar (a page for solitaire.listscreen).
from solitaire import keys as K
from solitaire.listscreen import Page

DIGITS = 10


class Deal(Page):
    # (it comes back to the options page, solitaire.choose's Options, with what that keeps)
    modules = ("solitaire.dealpage", "solitaire.choose", "solitaire.options", "solitaire.opening")
    # the deal number, digit by digit; the digit being changed sits on the highlight bar
    def __init__(self, options):
        self.options = options
        self.title = "Deal number"
        self.footer = "A on OK: done  B: cancel"
        self.digits = bytearray(DIGITS)
        # the number chosen, else the last deal played: A replays it, and the next one is
        # LEFT, UP, RIGHT, A away (ten digits from zero were eleven presses for deal 1)
        n = options.deal or options.app.last_deal
        for i in range(DIGITS - 1, -1, -1):
            self.digits[i] = n % 10
            n //= 10
        self.pos = DIGITS  # on OK: A at once keeps the number
        self.warning = ""
        self._rows()

    def _rows(self):
        ds = "".join(chr(48 + d) for d in self.digits)
        line = ds + "  OK"
        if self.pos < DIGITS:
            self.focus = (2, ds[:self.pos], ds[self.pos], ds[self.pos + 1:] + "  OK")
        else:
            self.focus = (2, ds + "  ", "OK", "")
        n = self.options.app.controls.names  # (the buttons as printed: solitaire/boards.py)
        self.info = ("0 = a random deal", "", line, "",
                     self.warning or n[K.UP] + "/" + n[K.DOWN] + ": change digit",
                     n[K.LEFT] + "/" + n[K.RIGHT] + ": next digit")
        self.warn = bool(self.warning)

    def key(self, screen, k):
        if k in (K.LEFT, K.RIGHT):
            self.pos = (self.pos + (1 if k == K.RIGHT else -1)) % (DIGITS + 1)
        elif k in (K.UP, K.DOWN, K.A) and self.pos < DIGITS:
            step = 9 if k == K.DOWN else 1
            self.digits[self.pos] = (self.digits[self.pos] + step) % 10
        elif k == K.A:
            n = 0
            for d in self.digits:
                n = n * 10 + d
            if n > 1073741823:
                self.warning = "Too big: 1073741823 at most"
                self._rows()
                screen.show(self)
                return True
            self.options.deal = n
            self.options.sel = 0  # next: Start game
            self.options._again()
            return True
        elif k in (K.B, K.START):
            self.options._again()
            return True
        else:
            return False
        self.warning = ""
        self._rows()
        screen.show(self)
        return True
