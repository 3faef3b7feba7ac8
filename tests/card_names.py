# The tests' short names for cards (the engine's decks keep only what the board plays with):
# French "TS" (rank, then clubs/diamonds/spades/hearts), Spanish "SE" (1-7, Sota, Caballo, Rey,
# then oros/copas/espadas/bastos), and a Spanish card's printed value (8 and 9 skipped).
from engine.cards import suit

SPANISH_VALUES = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)


def french_name(card):
    return "A23456789TJQK"[card % 13] + "CDSH"[suit(card)]


def spanish_name(card):
    return ("1", "2", "3", "4", "5", "6", "7", "S", "C", "R")[card % 10] + "OCEB"[card // 10]


def spanish_value(card):
    return SPANISH_VALUES[card % 10]
