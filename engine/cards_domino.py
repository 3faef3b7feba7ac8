# The Space Dominoes 40-card deck (Solitario Solar); a card is one small int 0..39.
from micropython import const

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
