# The tests' words for Space Dominoes cards (engine/cards_domino.py keeps only what the board
# plays with): a face's name as the rules write it, and rocket k's face.
from engine.cards_domino import face, face_sections


def name(f):
    return "%d-%d-%d" % face_sections(f)


def rocket(k):
    # rocket k is k-k-k
    return face(k, k, k)
