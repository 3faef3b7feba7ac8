# Solitario 4 Ases's table (all five variants): where its piles sit and how each is drawn from
# the Spanish sheet (sheets.py; 7x8 tiles, 14x16 at scale 2: the same layout doubled). One grid
# of 22x13 tiles holds the whole table, and every card of every pile shows:
#   rows 0-1, cols 0-1     the hand, face down (an outline once empty); beside it its count,
#                          painted in a one-line text bitmap (solitaire/tally.py)
#   rows 0-1, cols 5-6     the reserve slot (Con reserva); or row 0, cols 5-9: the 5 tokens
#                          (Mezclado), gold, a ring once spent
#   rows 2-12, cols 0-12   the revealed pile: bands of 13 strips (rank over suit) at rows 2, 5,
#                          8, 11, then the top card whole, its foot the suit drawn big (a
#                          padlock while it is blocked)
#   rows 0-10, cols 14-21  the four spaces side by side, each fanned down: every card's head,
#                          the top card whole
# The View contract is at the top of solitaire/play.py; the words, places and what A
# does on the hand are solitaire/cuatro_ases_words.py.
from micropython import const

from solitaire.cuatro_ases_words import Words

DECK = "spanish"  # the card sheet: assets/spanish_7x8.bmp (14x16 at scale 2)
TABLE = 0x0B5A2E  # the sheets' palette 0 (assets/make_art.py)
# Spanish sheet tiles (sheets.py; tests/test_cuatro_ases_screen.py checks these copies):
# private const()s are inlined, so the table needs no tile table in RAM
_BACK = const(18)
_EMPTY = const(22)
_RANK = const(28)  # + order (1..7, Sota, Caballo, Rey)
_SUIT = const(38)  # + suit (oros, copas, espadas, bastos)
_STRIP = const(42)  # + suit
_BLOCKED = const(46)  # foot of a released card, blocked until a renewal
_TOKEN = const(48)
_SPENT = const(49)
_PIP = const(50)  # + suit*2: the top card's foot, its suit drawn big
# the layout, in tiles (solitaire/cuatro_ases_words.py reads the same numbers)
_COLS = const(22)
_ROWS = const(13)  # 320x240 has 13 rows of 16 px above the status line, 160x128 14 of 8
_COUNT_COL = const(2)  # the hand's count, its digits centred on the hand's height
_SLOT_COL = const(5)
_TOKEN_COL = const(5)
_SPACE_COL = const(14)  # first space; the four are side by side
_SPACE_ROWS = const(11)  # ten heads, the top card's foot
_BAND = const(13)  # revealed strips per band
_BAND_ROW = const(2)  # first band's row; bands 3 rows apart (a blank row between)
_BANDS = const(4)  # 13 + 13 + 13 strips and the top: all 40 cards


class View(Words):
    def __init__(self, screen):
        self.screen = screen
        self.game = game = screen.game
        t = screen.table
        self.tw, self.th, self.s = t.tw, t.th, t.s
        self.grid = g = t.grid(_COLS, _ROWS, t.s)  # one grid for every pile
        from solitaire import forget, tally

        self.tally = tally.make(screen, g.x + _COUNT_COL * t.tw, g.y + 4 * t.s)[1]
        forget("solitaire.tally")
        self.slot = game.slot  # -1 without the reserve
        top = [game.hand] + ([game.slot] if game.slot >= 0 else []) + [2, 3, 4, 5]
        self.rows = (top, [game.revealed])
        # LEFT/RIGHT follow the play: hand, revealed, slot, spaces
        self.order = [game.hand, game.revealed] + top[1:]

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self, p):
        if p == 0:
            self._hand()
        elif p == 1:
            self._revealed()
        elif p == self.slot:
            self._single(p, _SLOT_COL)
        else:
            self._space(p)

    def _put(self, i, tile):
        g = self.grid
        if g[i] != tile:
            g[i] = tile

    def _four(self, i, first):
        self._put(i, first)
        self._put(i + 1, first + 1)
        self._put(i + _COLS, first + 2)
        self._put(i + _COLS + 1, first + 3)

    def _head(self, i, c):
        self._put(i, _RANK + c % 10)
        self._put(i + 1, _SUIT + c // 10)

    def _card(self, i, c, blocked=False):
        # a card whole: its head, and below it a foot with the suit drawn big (or the padlock)
        self._head(i, c)
        foot = _BLOCKED if blocked else _PIP + c // 10 * 2
        self._put(i + _COLS, foot)
        self._put(i + _COLS + 1, foot + 1)

    def _hand(self):
        game = self.game
        n = game.count(0)
        self._four(0, _BACK if n else _EMPTY)
        self.tally.put(0, str(n))
        for k in range(game.max_tokens):  # Mezclado: a gold token each, spent ones dotted
            self._put(_TOKEN_COL + k, _TOKEN if k < game.tokens else _SPENT)

    def _single(self, p, col):
        if self.game.count(p):
            self._card(col, self.game.top(p))
        else:
            self._four(col, _EMPTY)

    def _space(self, p):
        # every card's head fanned down (a space is built in order), the top card whole
        game = self.game
        n = game.count(p)
        col = _SPACE_COL + 2 * (p - 2)
        for r in range(_SPACE_ROWS):
            i = r * _COLS + col
            if n == 0:
                if r < 2:
                    if r == 0:
                        self._four(i, _EMPTY)
                    continue
            elif r < n - 1:
                self._head(i, game.card(p, r))
                continue
            elif r == n - 1:
                self._card(i, game.card(p, r))
                continue
            elif r == n:
                continue  # the top card's foot
            self._put(i, 0)
            self._put(i + 1, 0)

    def top_at(self, n):
        # (band, column) of the revealed pile's top card when it holds n cards: right after the
        # strips of the others, or at the next band's start if its band has no room for it
        if n == 0:
            return 0, 0
        b, c = divmod(n - 1, _BAND)
        if c == _BAND - 1:
            return b + 1, 0
        return b, c

    def _revealed(self):
        # the cards under the top as strips (rank over suit) in bands of 13, the top whole
        game = self.game
        n = game.count(1)
        tb, tc = self.top_at(n)
        for b in range(_BANDS):
            at = (_BAND_ROW + 3 * b) * _COLS
            for c in range(_BAND):
                i = at + c
                if b == tb and c == tc:
                    if n:
                        self._card(i, game.card(1, n - 1), game.blocked(1, n - 1))
                    else:
                        self._four(i, _EMPTY)
                    continue
                if b == tb and c == tc + 1:
                    continue
                k = b * _BAND + c
                if k < n - 1:
                    cd = game.card(1, k)
                    self._put(i, _RANK + cd % 10)
                    self._put(i + _COLS, _STRIP + cd // 10)
                else:
                    self._put(i, 0)
                    self._put(i + _COLS, 0)
