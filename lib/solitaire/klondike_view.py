"""Klondike's table (draw one and draw three): where its piles sit and how they fan, its words.

The French sheet's cards (solitaire/layout_cards.py): the stock face down, the waste (draw
three: the last turn's cards spread, the top one whole), four foundations, seven tableau piles
whose face-down cards lie under the face-up ones at half a head's pitch (UNDER), so the
longest pile there can be (6 face down under a King's 13) shows every face-up card's rank and
suit on every screen. Its status words, hints and refusals in the player's terms, what A does
on the stock (turn it, or turn the waste over), and autoplay kept to the cards no tableau
card can want (engine/klondike_rules.py _goes_up: a card can come back down, and an autoplay
that sent it straight home again would undo the player's move).
"""
from micropython import const

from engine.cards import rank, suit
from engine.game import NO_MOVE, move_dst, move_src
from solitaire.layout import SINGLE
from solitaire.layout_cards import STRIPS, UNDER, CardLayout

# what its table keeps loaded besides solitaire/play.py's MODULES (solitaire/app.py settle())
MODULES = ("solitaire.klondike_view", "solitaire.layout_cards", "engine.klondike",
           "engine.klondike_rules", "engine.cards", "engine.rng")
DECK = "french"
TABLE = 0x0B5A2E  # the sheets' palette 0 (assets/make_art.py)
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# the status line's short words, in a tuple of constants (a board interns every other string of
# ten characters or fewer as a name, for good: docs/memory.md)
_SHORT = ("Score %d", "Stock %d", "Waste %d", "Pile %d %s", "cards", "card")
SUITS = "\u2663\u2666\u2660\u2665"  # engine order: clubs diamonds spades hearts
# piles of engine/klondike.py (tests/test_klondike_screen.py checks these copies)
_STOCK = const(0)
_WASTE = const(1)
_FOUNDATION = const(2)
_TABLEAU = const(6)
_PILES = const(13)
# the longest tableau pile's rows: 6 face-down cards (three half-pitch pairs), 12 heads and the
# top card's foot
_RECYCLE = const(2048)  # pack(waste, stock, 0), engine/klondike.py's _RECYCLE: the waste turned over to the stock
_TABLEAU_ROWS = const(17)
_BACK_ROWS = const(6)  # half rows: one a face-down card
_SIDE_COLS = const(19)  # the side layout: stock, waste and foundations left of the tableau


def card_name(c):
    return RANKS[rank(c) - 1] + SUITS[suit(c)]


class View(CardLayout):
    def __init__(self, screen):
        CardLayout.__init__(self, screen, DECK)

    def plan(self, t):
        # Two layouts, the first that shows the longest pile whole. Above: the stock, the
        # waste and the foundations in a row over the tableau's seven columns, as the game is
        # usually laid out (160x128, 240x135, 240x240). Beside: where the screen is too short
        # for that (320x240: 2x tiles leave 16 rows under a row of cards), the stock, the waste
        # and the foundations in a column left of the tableau, which then starts at the top
        th, s = t.th, t.s
        room = t.height - t.status_h
        spread = self.game.draw > 1  # draw three fans the waste
        waste = (STRIPS, 4) if spread else (SINGLE, 2)
        gap = 2 * s if room - 2 * th - _TABLEAU_ROWS * th >= 2 * s else s
        y = 2 * th + gap
        rows = (room - y) // th
        places = []
        if rows >= _TABLEAU_ROWS:
            grids = ((14, 2, 0), (14, rows, y), (14, _BACK_ROWS, y, True))
            places.append((0, 0, 0, SINGLE, 2, 0, 0))
            places.append((0, 2, 0, waste[0], waste[1], 0, 0))
            for f in range(4):
                places.append((0, 6 + 2 * f, 0, SINGLE, 2, 0, 0))
            for i in range(7):
                places.append((1, 2 * i, 0, UNDER, rows, 1, 2))
            return grids, places
        rows = room // th
        grids = ((_SIDE_COLS, rows, 0), (_SIDE_COLS, _BACK_ROWS, 0, True))
        places.append((0, 0, 0, SINGLE, 2, 0, 0))
        places.append((0, 0, 3, waste[0], waste[1], 1, 0))
        for f in range(4):
            places.append((0, 2 * (f & 1), 6 + 3 * (f >> 1), SINGLE, 2, 2 + (f >> 1), 0))
        for i in range(7):
            places.append((0, 5 + 2 * i, 0, UNDER, rows, 0, 1))
        return grids, places

    # ---- Klondike's own art ------------------------------------------------------------------

    def face_down(self, p):
        return p == _STOCK

    def backs(self, p):
        return self.game.down[p - _TABLEAU] if p >= _TABLEAU else 0

    def spread(self, p):
        # draw three: the cards the last turn brought that are still on the waste
        return self.game.fanned

    # ---- words -------------------------------------------------------------------------------

    def home(self):
        return _STOCK

    def score(self):
        return _SHORT[0] % self.game.score()

    def words(self, p):
        # the pile under the cursor; with score() it fits the 160 px status line (whole
        # templates, the short ones in _SHORT: no name interned for good, docs/memory.md)
        game = self.game
        n = game.count(p)
        if p == _STOCK:
            limited = game.limit
            if n == 0 and game.count(_WASTE) and (
                    not limited or game.recycles < game.max_redeals):
                return "Stock 0: A redeal"
            if limited:
                return "Stock %d: pass %d" % (n, game.recycles + 1)
            return _SHORT[1] % n
        if p == _WASTE:
            return _SHORT[2] % n
        if p < _TABLEAU:
            return "Foundation %d/13" % n
        return _SHORT[3] % (n, _SHORT[4 + (n == 1)])

    def name(self, m, n):
        # in a hint: "Q\u2666 onto K\u2660", "5\u2665 to a foundation" (from the tableau, the
        # waste, or down from a foundation: the frames show which), "turn the stock"
        g = self.game
        src = move_src(m)
        dst = move_dst(m)
        if dst == _STOCK:
            return "turn the waste over to the stock"
        if src == _STOCK:
            return "turn the stock"
        what = card_name(g.card(src, g.count(src) - (n or 1)))
        if n > 1:
            what = "%s and %d more" % (what, n - 1)
        if _FOUNDATION <= dst < _TABLEAU:
            return "%s to a foundation" % what
        if g.count(dst) == 0:
            return "%s to the space" % what
        return "%s onto %s" % (what, card_name(g.top(dst)))

    def framed(self, m):
        # what name() names: a turn of the stock names the stock
        if move_src(m) == _STOCK or move_dst(m) == _STOCK:
            return [_STOCK]
        return [move_src(m), move_dst(m)]

    def refuse(self, p, n):
        game = self.game
        if p == _STOCK or game.count(p) == 0:
            return "Nothing to pick up"
        return game.REASONS[17 if p >= _TABLEAU else 8]  # face down; only the top card

    def why(self, code, move):
        return self.game.REASONS[code]

    # ---- the stock, and autoplay -------------------------------------------------------------

    def press(self, p):
        # A on the stock turns it; on the empty stock it turns the waste over
        game = self.game
        if p != _STOCK:
            return NO_MOVE
        if game.count(_STOCK):
            return game.turn
        if game.count(_WASTE):
            return _RECYCLE
        return NO_MOVE

    def marks(self):
        return ()

    def autoplay_ready(self):
        return True

    def auto(self, p):
        # only a card no tableau card can want goes home by itself (rules §7.3: safe)
        game = self.game
        m = game.quick_play(p)
        if m != NO_MOVE and game._goes_up(game.top(p)):
            return m
        return NO_MOVE
