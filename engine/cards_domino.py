# The Space Dominoes decks (Solitario Solar): a card is one small int, its "face" a*16 + b*4 + c
# for the sections a-b-c (0..3 pips each). The usual deck holds 40 cards; the 64-card option
# makes every ordered a-b-c its own card. Which cards match (two sections agree in value and
# position, either card turned round in the 40-card deck) is the table engine/solar_deal.py makes
# with a game: play reads that table, and here only the faces.
from micropython import const

# A card may be turned round (a-b-c == c-b-a), so the 40-card deck holds each card once, in the
# form a <= c: DOMINOES[card] is its face. In the 64-card deck a card's number is its face.
_SPACE_DECK = const(40)
_SPACE_DECK_64 = const(64)
DOMINOES = bytes(a * 16 + b * 4 + c for a in range(4) for b in range(4) for c in range(a, 4))


def face(a, b, c):
    return a * 16 + b * 4 + c


def face_sections(f):
    return f >> 4, (f >> 2) & 3, f & 3


def turned(f):
    # the same card seen the other way round: c-b-a
    return (f & 3) * 16 + (f & 12) + (f >> 4)


def is_rocket(f):
    # rockets are k-k-k (0-0-0 ... 3-3-3): face k * 21
    return f % 21 == 0
