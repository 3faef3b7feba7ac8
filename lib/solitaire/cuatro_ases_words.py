# Solitario 4 Ases's table in words and places, as a mixin of solitaire.cuatro_ases_view.View:
# where each pile's playable card is (for frames and UP/DOWN), the status line, hints and
# refusals in the player's terms, and what A does on the hand (reveal, renew, or spend a token).
from micropython import const

from engine.game import NO_MOVE, PLAYING, REASON_GAME_OVER, move_dst, move_src
from solitaire import a

RANKS = ("1", "2", "3", "4", "5", "6", "7", "Sota", "Caballo", "Rey")
SUITS = ("oros", "copas", "espadas", "bastos")
# the layout's numbers (solitaire/cuatro_ases_view.py)
_SLOT_COL = const(5)
_SPACE_COL = const(14)
_BAND_ROW = const(2)
# moves and refusals of engine/cuatro_ases.py (tests/test_cuatro_ases_screen.py checks these)
_RENEW = const(0x800)
_SHUFFLE = const(0x801)
_WRONG_RANK = const(2)
_WRONG_SUIT = const(4)
_OTHER_SUIT = const(21)
_BLOCKED = const(22)
_NO_PROGRESS = const(24)
_SAME_RANK = const(29)
_SPACE_STAYS = const(30)


def card_name(c):
    return RANKS[c % 10] + " of " + SUITS[c // 10]


class Words:
    def rect(self, p, n):
        # (x, y, cols, rows) of p's playable card (its outline when empty), from a pixel origin
        g = self.grid
        x = g.x
        y = g.y
        count = self.game.count(p)
        if p == 1:
            b, c = self.top_at(count)
            return x + c * self.tw, y + (_BAND_ROW + 3 * b) * self.th, 2, 2
        if p == self.slot:
            x += _SLOT_COL * self.tw
        elif p > 1:
            x += (_SPACE_COL + 2 * (p - 2)) * self.tw
            y += max(count - 1, 0) * self.th
        return x, y, 2, 2

    def column(self, p):
        x, _y, cols, _rows = self.rect(p, 1)
        return (1 if p == 1 else 0), x + cols * self.tw // 2

    def home(self):
        return 0

    def cursor_moved(self, old, new):
        pass

    def score(self):
        return str(self.game.score()) + "/40"

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
                return RANKS[n] + ", no " + SUITS[t // 10]
            return a(RANKS[n]) + " not of " + SUITS[t // 10]
        return card_name(t + 1)

    def words(self, p):
        game = self.game
        n = game.count(p)
        if p == 0:
            if n:
                return "Hand " + str(n) + ": A reveals " + ("2" if n > 1 else "1")
            m = game.hand_move()
            if m == _RENEW:
                return "Hand 0: A renews it"
            if m == _SHUFFLE:
                return "Hand 0: A spends a token"
            return "Hand 0: move a card up" if game.status() == PLAYING else "Hand 0"
        if p == 1:
            if n == 0:
                return "Revealed: none"
            text = "Revealed " + str(n)
            if game.blocked(1, n - 1):
                return text + ": top blocked"
            if game.quick_play(1) != NO_MOVE:
                return text + ": top goes up"
            return text
        if p == self.slot:
            if n == 0:
                return "Slot: empty"
            return "Slot: onto " + a(RANKS[game.top(p) % 10]) + " only"
        if n == 10:
            return "Space: complete"
        return "Up here: " + self._wants(p, True)

    def name(self, m, n):
        # a move in words for a hint: "reveal 2 cards", "5 of oros onto 4 of oros"...
        g = self.game
        src = move_src(m)
        dst = move_dst(m)
        if src == 0:
            return "reveal " + ("2 cards" if n == 2 else "the last card")
        if m == _RENEW:
            return "renew: turn the revealed pile over"
        if m == _SHUFFLE:
            return "spend a token: shuffle into a new hand"
        if src == self.slot:
            return "release " + card_name(g.top(src)) + " onto " + card_name(g.top(1))
        what = card_name(g.top(1))
        if dst == self.slot:
            return "park " + what + " in the slot"
        if g.count(dst) == 0:
            return what + " up to an empty space"
        return what + " up onto " + card_name(g.top(dst))

    def framed(self, m):
        # what name() names: a reveal or a token's shuffle names the hand alone (not the
        # revealed top card a reveal covers)
        if move_src(m) == 0 or m == _SHUFFLE:
            return [0]
        return [move_src(m), move_dst(m)]

    def refuse(self, p, n):
        game = self.game
        if game.status() != PLAYING:
            return game.REASONS[REASON_GAME_OVER]
        if p == 0:  # the hand is empty and can't be renewed
            return self.why(game.check(_SHUFFLE if game.strict else _RENEW), _RENEW)
        if p == 1:
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
        if code in (_WRONG_RANK, _WRONG_SUIT, _OTHER_SUIT) and 2 <= dst <= 5:
            if game.count(dst) == 10:
                return "This space is complete"
            return "This space takes " + self._wants(dst)
        if code == _SAME_RANK:
            return "The slot card goes only onto " + a(RANKS[game.top(self.slot) % 10])
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
        if p != 1 or game.count(1) == 0:
            return "Only the top revealed card goes up"
        if game.blocked(1, game.count(1) - 1):
            return game.REASONS[_BLOCKED]
        return "No space takes " + card_name(game.top(1))

    def stuck(self):
        return "No moves left: undo or new deal"

    # ---- the hand ----------------------------------------------------------------------------

    def press(self, p):
        # A on the hand: reveal, renew, or spend a token (engine's hand_move); else pick up
        return self.game.hand_move() if p == 0 else NO_MOVE

    def marks(self):
        return ()

    def autoplay_ready(self):
        return True
