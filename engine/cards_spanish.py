# The Spanish 40-card deck (Solitario 4 Ases); a card is one small int 0..39.
from micropython import const

# card = suit*10 + order
# order 0..9 is the play order 1,2,...,7,Sota,Caballo,Rey; the printed values skip 8 and 9.
_OROS = const(0)
_COPAS = const(1)
ESPADAS = const(2)
_BASTOS = const(3)
SPANISH_DECK = const(40)


def spanish(suit, order):
    return suit * 10 + order


def spanish_order(card):
    return card % 10


def spanish_suit(card):
    return card // 10
