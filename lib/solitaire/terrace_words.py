# Terrace's table in words and places, as a mixin of solitaire.terrace_view.View: where each
# pile's cards are (for frames and UP/DOWN), the status line, hints and refusals in the
# player's terms, and what A does on Terrace's own piles (the stock deals, a base candidate
# becomes the base).
from engine.cards import rank, suit
from engine.game import (KIND_FOUNDATION, KIND_RESERVE, KIND_STOCK, KIND_TABLEAU, KIND_WASTE,
                         NO_MOVE, REASON_FINAL, REASON_NOT_BASE, move_dst, move_src, pack)
from solitaire import a

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "\u2663\u2666\u2660\u2665"  # engine order: clubs diamonds spades hearts
LOCK = "\ue001"  # the padlock icon of assets/font.bdf


def card_name(c):
    return RANKS[rank(c) - 1] + SUITS[suit(c)]


class Words:
    def rect(self, p, n):
        # (x, y, cols, rows) of the top n cards of p, in tiles from a pixel origin
        g = self.grids[self.where[p]]
        x = g.x + self.col[p] * self.tw
        y = g.y
        count = self.game.count(p)
        k = self.kind[p]
        if k == KIND_TABLEAU and count:
            shown = min(count, self.tab_rows - 1)
            n = min(n, shown)
            return x, y + (shown - n) * self.th, 2, n + 1
        if k == KIND_RESERVE and count:
            x += (min(count, g.width - 1) - 1) * self.tw
        return x, y, 2, 2

    def column(self, p):
        x, _y, cols, _rows = self.rect(p, 1)
        return self.where[p], x + cols * self.tw // 2

    def home(self):
        game = self.game
        if game.base == 0:
            return self.rows[2][0]
        return game.waste

    def cursor_moved(self, old, new):
        pass

    def score(self):
        # what holds for the whole game, whatever the cursor is on: the lock, the base, the
        # cards home (the lock and General's Patience's pass also show on the stock itself)
        game = self.game
        text = str(game.score()) + "/104"
        if game.base:
            text = "base " + RANKS[game.base - 1] + " " + text
        if game.locked:
            text = LOCK + " " + text
        return text

    def words(self, p):
        # the pile under the cursor; with score() it fits the 160 px status line in every case
        # (tests/test_table_status.py)
        game = self.game
        n = game.count(p)
        k = self.kind[p]
        if game.base == 0:
            return "Pick a base card"
        if k == KIND_STOCK:
            if n == 0 and game.redeals_left and game.count(game.waste):
                return "Stock 0: A redeal"
            text = "Stock " + str(n)
            if game.max_redeals:  # General's Patience: the stock's head says "1/2" or "2/2"
                return text + ": pass " + str(1 + game.max_redeals - game.redeals_left)
            return text + (": locked" if game.locked else "")
        if k == KIND_WASTE:
            return "Waste " + str(n)
        if k == KIND_FOUNDATION:
            return "Foundation " + str(n) + "/13"
        if k == KIND_RESERVE:
            return "Reserve " + str(n)
        return "Pile " + str(n) + (" card" if n == 1 else " cards")

    def name(self, m, n):
        # "K\u2666 onto A\u2660", "5\u2665 to a foundation", "deal from the stock"
        g = self.game
        src = move_src(m)
        dst = move_dst(m)
        if dst == self.stock:
            return "turn the waste over to the stock"
        if src == self.stock:
            return "deal from the stock"
        what = card_name(g.card(src, g.count(src) - (n or 1)))
        if n > 1:
            what += " and " + str(n - 1) + " more"
        if g.base == 0:
            return what + " as the base"
        if self.kind[dst] == KIND_FOUNDATION:
            return what + " to a foundation"
        if g.count(dst) == 0:
            return what + " to the space"
        return what + " onto " + card_name(g.top(dst))

    def framed(self, m):
        # what name() names: a deal names the stock, a base choice the card
        src = move_src(m)
        if src == self.stock or self.game.base == 0:
            return [src]
        return [src, move_dst(m)]

    def refuse(self, p, n):
        game = self.game
        k = self.kind[p]
        if game.base == 0:
            return "Pick one of the marked cards"
        if k == KIND_FOUNDATION:
            if game.count(p) == 0:
                return "Empty foundation: it takes " + a(RANKS[game.base - 1])
            return game.REASONS[REASON_FINAL]
        if game.count(p) == 0:
            return "Nothing to pick up"
        return game.REASONS[1 if n == 1 else 8]

    def why(self, code, move):
        # a refused move in words: an empty foundation says which rank it takes
        game = self.game
        if code == REASON_NOT_BASE:
            return "Empty foundation: it takes " + a(RANKS[game.base - 1])
        return game.REASONS[code]

    def no_home(self, p):
        return "No foundation takes that"

    def stuck(self):
        return "No moves left: undo or new deal"

    # ---- Terrace's own piles -----------------------------------------------------------------

    def press(self, p):
        game = self.game
        if game.base == 0:
            return pack(p, game.first_foundation, 1) if p in self.marks() else NO_MOVE
        if p != self.stock:
            return NO_MOVE
        if game.count(p) == 0 and game.redeals_left and game.count(game.waste):
            return pack(game.waste, p, 0)  # General's Patience: turn the waste over
        return pack(p, game.waste, 1)

    def marks(self):
        game = self.game
        if game.base:
            return ()
        moves = self.screen.moves
        return [move_src(moves[i]) for i in range(game.legal_moves(moves))]

    def autoplay_ready(self):
        return self.game.base != 0
