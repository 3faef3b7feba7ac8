# Terrace's table (all seven modes): where its piles sit for the screen size and how they fan
# (solitaire/layout_cards.py draws them from the French sheet: 7x6 tiles, so a 13-card pile fans in 78
# px and every card of every pile shows at 160x128 and at 320x240), the stock's own marks (the
# pass, the padlock) and a completed foundation's, its status words, hints and refusals in the
# player's terms, and what A does on its own piles (the stock deals, a base candidate becomes
# the base).
from micropython import const

from engine.cards import rank, suit
from engine.game import (KIND_FOUNDATION, KIND_RESERVE, KIND_STOCK, KIND_TABLEAU, KIND_WASTE,
                         NO_MOVE, REASON_FINAL, REASON_NOT_BASE, move_dst, move_src, pack)
from solitaire import a
from solitaire.layout import SINGLE
from solitaire.layout_cards import DOWN, STRIPS, CardLayout

# what its table keeps loaded besides solitaire/play.py's MODULES (solitaire/app.py settle())
MODULES = ("solitaire.terrace_view", "solitaire.layout_cards", "engine.terrace",
           "engine.terrace_rules", "engine.terrace_hints", "engine.cards", "engine.rng")
DECK = "french"  # the card sheet: assets/french_7x6.bmp (14x12 at scale 2)
TABLE = 0x0B5A2E  # the sheets' palette 0 (assets/make_art.py)
# French sheet tiles of Terrace's own marks (tests/sheets.py; tests check these copies)
_DONE = const(88)  # foot of a completed foundation
_LOCKED = const(90)  # foot of the stock, locked
_PASS = const(92)  # + 2*(pass-1): head of the stock in General's Patience, "1/2" or "2/2"
# palette 11..15: the suit inks (clubs, diamonds, spades, hearts) and the gold mark, two-colour
# and four-colour (sheets.FRENCH_INKS_2 / _4)
INKS = ((0x000000, 0xE00000, 0x000000, 0xE00000, 0xE0A000),
        (0x009C00, 0x1060FF, 0x000000, 0xE00000, 0xE0A000))
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# The status line's words for a pile, by its kind (engine/game.py KIND_*: stock, waste,
# reserve, foundation, tableau), and a tableau pile's cards. (Short words sit in tuples of
# constants and messages are whole templates: a board interns every other string of ten
# characters or fewer as a name, for good; docs/memory.md)
_PILE_WORDS = ("Stock %d", "Waste %d", "Reserve %d", "Foundation %d/13", "Pile %d %s")
_CARDS = ("cards", "card")  # by n == 1
_TWIN = (" (waste)", " (reserve)", " (pile %d)")  # which of two twin cards: its pile
_SCORE = ("%d/104",)  # the cards home (with the base: "base 7 12/104")
SUITS = "\u2663\u2666\u2660\u2665"  # engine order: clubs diamonds spades hearts
LOCK = "\ue001"  # the padlock icon of assets/font.bdf


def card_name(c):
    return RANKS[rank(c) - 1] + SUITS[suit(c)]


class View(CardLayout):
    def __init__(self, screen):
        game = screen.game
        self.stock = game.stock
        self.kind = bytearray(game.pile_kind(p) for p in range(game.pile_count))
        self.flags = -1  # the stock's marks as drawn: lock and pass (decorate)
        CardLayout.__init__(self, screen, DECK)

    def plan(self, t):
        # three rows of grids: the stock, the waste and the foundations; the reserve (every
        # card a strip, the top one whole); the tableau, fanned down. Rows 2 px (scaled)
        # apart, or 1 where the longest tableau pile (13 cards, a run from the card under the
        # base to the base: 14 tile rows with its foot) would not fit otherwise (320x240: its
        # 240 px are 16 short of 128 doubled)
        game = self.game
        tw, th, s = t.tw, t.th, t.s
        gap = 2 * s if t.height - t.status_h - 18 * th >= 4 * s else s
        y_res = 2 * th + gap
        y_tab = y_res + 2 * th + gap
        tab_rows = (t.height - t.status_h - y_tab) // th
        reserve = min(t.width // tw, 22)
        grids = ((20, 2, 0), (reserve, 2, y_res), (2 * game.tableau_count, tab_rows, y_tab))
        places = []
        for p in range(game.pile_count):
            k = self.kind[p]
            slot = game.pile_slot(p)
            if k == KIND_TABLEAU:
                places.append((2, 2 * slot, 0, DOWN, tab_rows, 2, 0))
            elif k == KIND_RESERVE:
                places.append((1, 0, 0, STRIPS, reserve, 1, 0))
            else:
                col = 2 * (0 if k == KIND_STOCK else (1 if k == KIND_WASTE else 2 + slot))
                places.append((0, col, 0, SINGLE, 2, 0, 0))
        return grids, places

    # ---- Terrace's own art -------------------------------------------------------------------

    def face_down(self, p):
        return p == self.stock

    def back(self, p):
        # General's Patience: "1/2" or "2/2" on the stock's head; a padlock on its foot when
        # the stock is locked
        game = self.game
        b = self.BACK
        head = _PASS + 2 * (game.max_redeals - game.redeals_left) if game.max_redeals else b
        foot = _LOCKED if game.locked else b + 2
        return head, head + 1, foot, foot + 1

    def foot(self, p, c):
        # a completed foundation's foot carries the gold mark
        if self.kind[p] == KIND_FOUNDATION and self.shown.count(p) == 13:
            return _DONE
        return CardLayout.foot(self, p, c)

    def decorate(self, p):
        # the stock shows the lock and the pass, which change with moves elsewhere: redrawn
        # with whatever pile a move changed
        game = self.game
        flags = game.redeals_left * 2 + game.locked
        if flags != self.flags:
            self.flags = flags
            if p != self.stock:
                self.draw(self.stock)

    # ---- words -------------------------------------------------------------------------------

    def home(self):
        game = self.game
        if game.base == 0:
            return self.lines[2][0]
        return game.waste

    def score(self):
        # what holds for the whole game, whatever the cursor is on: the lock, the base, the
        # cards home (the lock and General's Patience's pass also show on the stock itself)
        game = self.game
        if game.base:
            text = "base %s %d/104" % (RANKS[game.base - 1], game.score())
        else:
            text = _SCORE[0] % game.score()
        return "%s %s" % (LOCK, text) if game.locked else text

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
            if game.max_redeals:  # General's Patience: the stock's head says "1/2" or "2/2"
                return "Stock %d: pass %d" % (n, 1 + game.max_redeals - game.redeals_left)
            if game.locked:
                return "Stock %d: locked" % n
        if k == KIND_TABLEAU:
            return _PILE_WORDS[k] % (n, _CARDS[n == 1])
        return _PILE_WORDS[k] % n

    def name(self, m, n):
        # "K\u2666 onto A\u2660", "5\u2665 to a foundation", "deal from the stock"
        g = self.game
        src = move_src(m)
        dst = move_dst(m)
        if dst == self.stock:
            return "turn the waste over to the stock"
        if src == self.stock:
            return "deal from the stock"
        c = g.card(src, g.count(src) - (n or 1))
        what = card_name(c)
        if g.base == 0:
            return "%s as the base" % what
        what += self._which(src, c)
        if n > 1:
            what = "%s and %d more" % (what, n - 1)
        if self.kind[dst] == KIND_FOUNDATION:
            return "%s to a foundation" % what
        if g.count(dst) == 0:
            return "%s to the space" % what
        return "%s onto %s%s" % (what, card_name(g.top(dst)), self._which(dst, g.top(dst)))

    def _which(self, p, c):
        # " (pile 3)", " (waste)", " (reserve)" after card c of pile p when its twin (the
        # other deck's) also heads cards that can move, or tops a pile: two hints would read
        # alike ("Q♥ onto K♣" twice)
        g = self.game
        t = (c + 52) % 104
        for q in range(g.pile_count):
            n = g.count(q)
            for i in range(n):
                if g.card(q, i) == t and (i == n - 1 or g.pickable(q, n - i)):
                    k = self.kind[p]
                    if k == KIND_WASTE or k == KIND_RESERVE:
                        return _TWIN[k == KIND_RESERVE]
                    return _TWIN[2] % (p - g.first_tableau + 1)
        return ""

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
