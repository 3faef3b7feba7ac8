# Card encodings for the three decks the games use. A card is one small int (0..103), so a
# pile is a run of bytes and a move never builds a card object.
from micropython import const

# --- French double deck (Terrace): card = deck*52 + suit*13 + (rank-1) ---
# Suits are ordered so that colour = suit & 1 (1 = red): no table needed to tell colours.
CLUBS = const(0)
DIAMONDS = const(1)
SPADES = const(2)
HEARTS = const(3)
BLACK = const(0)
RED = const(1)
ACE = const(1)
JACK = const(11)
QUEEN = const(12)
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


def french_name(card):
    # for tests, logs and the terminal simulator only (builds a string)
    return "A23456789TJQK"[card % 13] + "CDSH"[suit(card)]


# --- Spanish 40-card deck (Solitario 4 Ases): card = suit*10 + order ---
# order 0..9 is the play order 1,2,...,7,Sota,Caballo,Rey; the printed values skip 8 and 9.
OROS = const(0)
COPAS = const(1)
ESPADAS = const(2)
BASTOS = const(3)
SPANISH_DECK = const(40)
SPANISH_VALUES = b"\x01\x02\x03\x04\x05\x06\x07\x0a\x0b\x0c"


def spanish(suit, order):
    return suit * 10 + order


def spanish_order(card):
    return card % 10


def spanish_value(card):
    return SPANISH_VALUES[card % 10]


def spanish_suit(card):
    return card // 10


def spanish_name(card):
    return ("1", "2", "3", "4", "5", "6", "7", "S", "C", "R")[card % 10] + "OCEB"[card // 10]


# --- Space Dominoes 40-card deck (Solitario Solar) ---
# A card shows three sections a-b-c of 0..3 pips and may be turned round (a-b-c == c-b-a), so
# the deck holds each card once in the form a <= c. DOMINOES[card] = a*16 + b*4 + c (a "face").
SPACE_DECK = const(40)


def _domino_faces():
    faces = bytearray(40)
    n = 0
    for a in range(4):
        for b in range(4):
            for c in range(a, 4):
                faces[n] = a * 16 + b * 4 + c
                n += 1
    return bytes(faces)


DOMINOES = _domino_faces()


def face(a, b, c):
    return a * 16 + b * 4 + c


def face_sections(f):
    return f >> 4, (f >> 2) & 3, f & 3


def turned(f):
    # the same card seen the other way round: c-b-a
    return (f & 3) * 16 + (f & 12) + (f >> 4)


def rocket_face(k):
    # rockets are k-k-k: 0-0-0, 1-1-1, 2-2-2, 3-3-3
    return k * 21


def is_rocket(f):
    return f % 21 == 0


def _agree(f, g):
    # how many sections show the same value in the same position
    return (((f >> 4) == (g >> 4)) + (((f >> 2) & 3) == ((g >> 2) & 3))
            + ((f & 3) == (g & 3)))


def faces_match(f, g, turnable=True):
    # two different cards match when two of their three sections agree in value and position,
    # either card turned round if the deck allows it (the 64-card variant does not)
    if f == g or (turnable and turned(f) == g):
        return False
    return _agree(f, g) >= 2 or (turnable and _agree(f, turned(g)) >= 2)


def domino_name(f):
    return "%d-%d-%d" % face_sections(f)
