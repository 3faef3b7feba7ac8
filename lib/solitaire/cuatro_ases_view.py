# Solitario 4 Ases's table (all five variants): where its piles sit and how they fan
# (solitaire/layout_cards.py draws them from the Spanish sheet: 7x8 tiles, 14x16 at scale 2, the same
# layout doubled), its own marks (the hand's count, Mezclado's tokens, a released card's
# padlock), its status words, hints and refusals in the player's terms, and what A does on the
# hand (reveal, renew, or spend a token). One grid of 22x13 tiles holds the whole table, and
# every card of every pile shows:
#   rows 0-1, cols 0-1     the hand, face down (an outline once empty); beside it its count,
#                          painted in a one-line text bitmap (solitaire/table_make.py tally())
#   rows 0-1, cols 5-6     the reserve slot (Con reserva); or row 0, cols 5-9: the 5 tokens
#                          (Mezclado), gold, a ring once spent
#   rows 2-12, cols 0-12   the revealed pile: bands of 13 strips (rank over suit) at rows 2, 5,
#                          8, 11, then the top card whole, its foot the suit drawn big (a
#                          padlock while it is blocked)
#   rows 0-10, cols 14-21  the four spaces side by side, each fanned down: every card's head,
#                          the top card whole
from micropython import const

from engine.cards_spanish import spanish_order, spanish_suit
from engine.game import NO_MOVE, PLAYING, REASON_GAME_OVER, move_dst, move_src
from solitaire import a
from solitaire.layout import SINGLE
from solitaire.layout_cards import BANDS, DOWN, CardLayout

# what its table keeps loaded besides solitaire/play.py's MODULES (solitaire/app.py settle())
MODULES = ("solitaire.cuatro_ases_view", "solitaire.layout_cards", "engine.cuatro_ases",
           "engine.cuatro_ases_hints", "engine.cards_spanish", "engine.rng")
DECK = "spanish"  # the card sheet: assets/spanish_7x8.bmp (14x16 at scale 2)
TABLE = 0x0B5A2E  # the sheets' palette 0 (assets/make_art.py)
# Spanish sheet tiles of its own marks (tests/sheets.py; tests/test_cuatro_ases_screen.py checks these)
_BLOCKED = const(46)  # foot of a released card, blocked until a renewal
_TOKEN = const(48)
_SPENT = const(49)
RANKS = ("1", "2", "3", "4", "5", "6", "7", "Sota", "Caballo", "Rey")
SUITS = ("oros", "copas", "espadas", "bastos")
# the layout, in tiles
_COLS = const(22)
_ROWS = const(13)  # 320x240 has 13 rows of 16 px above the status line, 160x128 14 of 8
_COUNT_COL = const(2)  # the hand's count, its digits centred on the hand's height
_SLOT_COL = const(5)
_TOKEN_COL = const(5)
_SPACE_COL = const(14)  # first space; the four are side by side
_SPACE_ROWS = const(11)  # ten heads, the top card's foot
_BAND_ROW = const(2)  # the revealed pile's first band of strips
# piles, moves and refusals of engine/cuatro_ases.py (tests/test_cuatro_ases_screen.py checks
# these): space k is _SPACE + k (the slot, Con reserva's, is the game's own: View.slot)
_HAND = const(0)
_REVEALED = const(1)
_SPACE = const(2)
_RENEW = const(0x800)
_SHUFFLE = const(0x801)
_WRONG_RANK = const(2)
_WRONG_SUIT = const(4)
_OTHER_SUIT = const(21)
_BLOCKED_CARD = const(22)
_NO_PROGRESS = const(24)
_SAME_RANK = const(29)
_SPACE_STAYS = const(30)




# (Messages are whole templates, short ones in tuples of constants: a board interns every
# other string of ten characters or fewer as a name, for good; docs/memory.md)
_SHORT = ("%s of %s", "%d/40", "Hand 0", "%s, no %s", "Revealed %d")


def card_name(c):
    return _SHORT[0] % (RANKS[spanish_order(c)], SUITS[spanish_suit(c)])


class View(CardLayout):
    def __init__(self, screen):
        self.slot = screen.game.slot  # -1 without the reserve
        CardLayout.__init__(self, screen, DECK)
        from solitaire.table_make import tally  # (loaded to make the table: not in MODULES)

        g = self.grids[0]
        t = screen.table
        self.tally = tally(screen, g.x + _COUNT_COL * t.tw, g.y + 4 * t.s)[1]

    def plan(self, t):
        # the top line: the hand, the slot, the spaces; below them the revealed pile
        game = self.game
        places = [(0, 0, 0, SINGLE, 2, 0, 0), (0, 0, _BAND_ROW, BANDS, _ROWS - _BAND_ROW, 1, 0)]
        for p in range(_SPACE, game.pile_count):
            if p == self.slot:
                places.append((0, _SLOT_COL, 0, SINGLE, 2, 0, 0))
            else:
                places.append((0, _SPACE_COL + 2 * (p - _SPACE), 0, DOWN, _SPACE_ROWS, 0, 0))
        return ((_COLS, _ROWS, t.s),), places

    # ---- its own art -------------------------------------------------------------------------

    def face_down(self, p):
        return p == _HAND

    def foot(self, p, c):
        # a card released from the slot stays blocked (a padlock) until the next renewal
        game = self.game
        n = game.count(p)
        if p == _REVEALED and n and game.blocked(_REVEALED, n - 1):
            return _BLOCKED
        return CardLayout.foot(self, p, c)

    def decorate(self, p):
        # beside the hand: its count, and Mezclado's tokens, a gold one each, spent ones dotted
        if p == _HAND:
            game = self.game
            self.tally.put(0, str(game.count(_HAND)))
            g = self.grids[0]
            for k in range(game.max_tokens):
                tile = _TOKEN if k < game.tokens else _SPENT
                if g[_TOKEN_COL + k] != tile:
                    g[_TOKEN_COL + k] = tile

    # ---- words -------------------------------------------------------------------------------

    def home(self):
        return 0

    def score(self):
        return _SHORT[1] % self.game.score()

    def _wants(self, p, short=False):
        # what space p takes next, in words; short for the status line, where "Caballo, no
        # espadas" must fit beside the score at 160 px
        game = self.game
        n = game.count(p)
        if n == 0:
            return a(RANKS[0])
        t = game.top(p)
        if game.other_suit:  # Pintados
            if short:
                return _SHORT[3] % (RANKS[n], SUITS[spanish_suit(t)])
            return "%s not of %s" % (a(RANKS[n]), SUITS[spanish_suit(t)])
        return card_name(t + 1)

    def words(self, p):
        game = self.game
        n = game.count(p)
        if p == _HAND:
            if n:
                return "Hand %d: A reveals %d" % (n, 2 if n > 1 else 1)
            m = game.hand_move()
            if m == _RENEW:
                return "Hand 0: A renews it"
            if m == _SHUFFLE:
                return "Hand 0: A spends a token"
            return "Hand 0: move a card up" if game.status() == PLAYING else _SHORT[2]
        if p == _REVEALED:
            if n == 0:
                return "Revealed: none"
            if game.blocked(_REVEALED, n - 1):
                return "Revealed %d: top blocked" % n
            if game.quick_play(_REVEALED) != NO_MOVE:
                return "Revealed %d: top goes up" % n
            return _SHORT[4] % n
        if p == self.slot:
            if n == 0:
                return "Slot: empty"
            return "Slot: onto %s only" % a(RANKS[spanish_order(game.top(p))])
        if n == 10:
            return "Space: complete"
        return "Up here: %s" % self._wants(p, True)

    def name(self, m, n):
        # a move in words for a hint: "reveal 2 cards", "5 of oros onto 4 of oros"...
        g = self.game
        src = move_src(m)
        dst = move_dst(m)
        if src == _HAND:
            return "reveal 2 cards" if n == 2 else "reveal the last card"
        if m == _RENEW:
            return "renew: turn the revealed pile over"
        if m == _SHUFFLE:
            return "spend a token: shuffle into a new hand"
        if src == self.slot:
            return "release %s onto %s" % (card_name(g.top(src)), card_name(g.top(_REVEALED)))
        what = card_name(g.top(_REVEALED))
        if dst == self.slot:
            return "park %s in the slot" % what
        if g.count(dst) == 0:
            return "%s up to an empty space" % what
        return "%s up onto %s" % (what, card_name(g.top(dst)))

    def framed(self, m):
        # what name() names: a reveal or a token's shuffle names the hand alone (not the
        # revealed top card a reveal covers)
        if move_src(m) == _HAND or m == _SHUFFLE:
            return [_HAND]
        return [move_src(m), move_dst(m)]

    def refuse(self, p, n):
        game = self.game
        if game.status() != PLAYING:
            return game.REASONS[REASON_GAME_OVER]
        if p == _HAND:  # the hand is empty and can't be renewed
            return self.why(game.check(_SHUFFLE if game.strict else _RENEW), _RENEW)
        if p == _REVEALED:
            return "No revealed card: A on the hand reveals"
        if p == self.slot:
            return "Slot empty: drop a revealed card here to park it"
        if game.count(p) == 0:
            return "Empty space: it takes a 1 from the revealed pile"
        return game.REASONS[_SPACE_STAYS]

    def why(self, code, move):
        # a refused move in words: a space says which card it takes
        game = self.game
        dst = move_dst(move)
        if code in (_WRONG_RANK, _WRONG_SUIT, _OTHER_SUIT) and _SPACE <= dst < _SPACE + 4:
            if game.count(dst) == 10:
                return "This space is complete"
            return "This space takes %s" % self._wants(dst)
        if code == _SAME_RANK:
            return "The slot card goes only onto %s" % a(RANKS[spanish_order(game.top(self.slot))])
        if code == _NO_PROGRESS:
            return "No card went up this round: move one up first"
        return game.REASONS[code]

    def drop(self, move):
        # cards held dropped on the hand would be the token shuffle's move: only A on the hand
        # renews or shuffles, a drop never spends a token
        if move == _SHUFFLE and not self.game.check(move):
            return "Cards go back to the hand by renewing: A on the hand"
        return move

    def no_home(self, p):
        game = self.game
        if p != _REVEALED or game.count(_REVEALED) == 0:
            return "Only the top revealed card goes up"
        if game.blocked(_REVEALED, game.count(_REVEALED) - 1):
            return game.REASONS[_BLOCKED_CARD]
        return "No space takes %s" % card_name(game.top(_REVEALED))

    # ---- the hand ----------------------------------------------------------------------------

    def press(self, p):
        # A on the hand: reveal, renew, or spend a token (engine's hand_move); else pick up
        return self.game.hand_move() if p == _HAND else NO_MOVE

    def marks(self):
        return ()

    def autoplay_ready(self):
        return True
