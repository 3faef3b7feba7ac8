# The Space Dominoes decks (Solitario Solar): a card is one small int, its "face" a*16 + b*4 + c
# for the sections a-b-c (0..3 pips each). The usual deck holds 40 cards; the 64-card option
# makes every ordered a-b-c its own card.
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


def deck_faces(turnable=True):
    # face of each card number: the 40-card deck, or (not turnable) the 64-card one
    return DOMINOES if turnable else bytes(range(64))


def match_table(faces, turnable=True):
    # which cards match, one bit per pair: card a matches card b when bit b of row a is set,
    # row a starting at byte a * ((n + 7) >> 3). 200 bytes for 40 cards, 512 for 64, so a match
    # test in a hot path is one index and a shift instead of a call. Two cards match when they
    # show the same values in the same two positions (a "pair": left and middle, left and
    # right, or middle and right): every card is put in the bucket of each pair it shows (and,
    # turnable, each pair of its turned form), and a card's row is the union of its own pairs'
    # buckets, itself left out. ~n*9 row operations instead of n*n face comparisons: a game
    # starts without a pause on the board
    n = len(faces)
    stride = (n + 7) >> 3
    buckets = bytearray(48 * stride)  # pair p (0..2) * 16 + the two values
    for c in range(n):
        for f in (faces[c], turned(faces[c])) if turnable else (faces[c],):
            for k in _pairs(f):
                buckets[k * stride + (c >> 3)] |= 1 << (c & 7)
    bits = bytearray(n * stride)
    for c in range(n):
        row = c * stride
        for k in _pairs(faces[c]):
            for i in range(stride):
                bits[row + i] |= buckets[k * stride + i]
        bits[row + (c >> 3)] &= 255 - (1 << (c & 7))
    return bits


def _pairs(f):
    # the three pair buckets of face f
    a, b, c = f >> 4, (f >> 2) & 3, f & 3
    return a * 4 + b, 16 + a * 4 + c, 32 + b * 4 + c
