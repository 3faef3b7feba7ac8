# The card art of each deck: which tiles of its sheet (assets/make_art.py draws them; sheets.py
# names them, tests/test_art_assets.py checks these copies) show a card, read through the
# engine's deck modules, never by decoding a card's bits here or in a table. The renderer
# (solitaire/layout.py) asks an Art for the tiles of a card's parts:
#   French and Spanish cards are 2 tiles wide and 2 tall: a head row (seen for every card of a
#   fanned pile), a foot row under the top card; a strip (one tile wide, two tall) stands for a
#   card in a row of strips. Space Dominoes cards are 3 tiles wide and 1 tall.
# Private const()s are inlined: a table keeps no tile table in RAM.
from micropython import const

_BACK = const(18)  # head left, head right, foot left, foot right (French and Spanish)
_EMPTY = const(22)  # the empty pile's outline, the same order
_MORE = const(26)  # "more cards above": left, right
_FRENCH_FOOT = const(16)
_FRENCH_RANK = const(28)  # + suit*13 + rank-1
_FRENCH_SUIT = const(80)  # + suit
_FRENCH_STRIP = const(84)  # + suit
_SPANISH_RANK = const(28)  # + order (1..7, Sota, Caballo, Rey)
_SPANISH_SUIT = const(38)  # + suit
_SPANISH_STRIP = const(42)  # + suit
_SPANISH_PIP = const(50)  # + suit*2: a whole card's foot, its suit drawn big
_DOMINO_SECTION = const(16)  # + position*4 + pips
_DOMINO_ROCKET = const(28)  # + k*3 + position
_DOMINO_BACK = const(40)  # + position
_DOMINO_EMPTY = const(43)  # + position
_DOMINO_MORE = const(49)  # + position
_DOMINO_ORIGINAL = const(52)  # + position*4 + pips: a pad's dealt card


class Art:
    # French and Spanish: 2 x 2 tiles a card
    wide = 2
    tall = 2
    back = _BACK  # four tiles from here: head left, right, foot left, right
    empty = _EMPTY
    more = _MORE  # two tiles

    def __init__(self, deck):
        # deck: "french" or "spanish" (the engine's deck module answers for its cards)
        self.french = deck == "french"
        if self.french:  # rank 1..13
            from engine.cards import rank, suit
        else:  # order 0..9
            from engine.cards_spanish import spanish_order as rank, spanish_suit as suit
        self.rank = rank
        self.suit = suit

    def head(self, c):
        # the head row's two tiles: the rank half, the suit half
        if self.french:
            return _FRENCH_RANK + self.suit(c) * 13 + self.rank(c) - 1, _FRENCH_SUIT + self.suit(c)
        return _SPANISH_RANK + self.rank(c), _SPANISH_SUIT + self.suit(c)

    def foot(self, c):
        # the foot row's left tile (the right one follows it)
        return _FRENCH_FOOT if self.french else _SPANISH_PIP + self.suit(c) * 2

    def strip(self, c):
        # a strip: the rank half over the suit's strip tile
        return (self.head(c)[0],
                (_FRENCH_STRIP if self.french else _SPANISH_STRIP) + self.suit(c))


class DominoArt:
    # Space Dominoes: 3 x 1 tiles a card
    wide = 3
    tall = 1
    back = _DOMINO_BACK  # three tiles from each of these
    empty = _DOMINO_EMPTY
    more = _DOMINO_MORE

    def __init__(self, deck):
        from engine.cards_domino import face_sections, is_rocket

        self.sections = face_sections
        self.is_rocket = is_rocket

    def face(self, f, original=False):
        # the three tiles of a card of face f (the game's face(card)): a rocket's dark card, a
        # pad's dealt card in its own colours
        a, b, k = self.sections(f)
        if self.is_rocket(f):
            t = _DOMINO_ROCKET + a * 3
            return t, t + 1, t + 2
        first = _DOMINO_ORIGINAL if original else _DOMINO_SECTION
        return first + a, first + 4 + b, first + 8 + k


def art(deck):
    return DominoArt(deck) if deck == "domino" else Art(deck)
