# The French double deck (Terrace). A card is one small int (0..103), so a pile is a run of
# bytes and a move never builds a card object. The other decks have their own modules
# (cards_spanish, cards_domino), so a game imports only the deck it deals.
from micropython import const

# --- French double deck (Terrace): card = deck*52 + suit*13 + (rank-1) ---
# Suits are ordered so that colour = suit & 1 (1 = red): no table needed to tell colours.
CLUBS = const(0)
DIAMONDS = const(1)
SPADES = const(2)
HEARTS = const(3)
BLACK = const(0)
RED = const(1)
_ACE = const(1)
_JACK = const(11)
_QUEEN = const(12)
KING = const(13)
FRENCH_DECK = const(104)  # two 52-card decks, no jokers


def french(deck, suit, rank):
    return deck * 52 + suit * 13 + rank - 1


def rank(card):
    return card % 13 + 1


def suit(card):
    # (card // 13) counts suits across both decks; & 3 folds the second deck onto the first
    return (card // 13) & 3


def colour(card):
    return (card // 13) & 1


def up(r):
    # ranks wrap around: a King is followed by an Ace
    return 1 if r == 13 else r + 1


def down(r):
    return 13 if r == 1 else r - 1
