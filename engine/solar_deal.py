# Making a Solitario Solar game and dealing it (engine/solar.py's Game() and deal() call these):
# run when a game is made or dealt, never during play, so the module is imported for the call
# and the app drops it after, with the deck's tables (solitaire/opening.py drops what building a
# game loaded), as it does engine.rng: the shuffle's Rng lives for one deal, and is loaded only
# to deal (a resumed game is made, not dealt: solitaire/opening.py). Pile numbers as in
# engine/solar.py.
from array import array

from micropython import const
from engine.cards_domino import DOMINOES, turned
from engine.game import NO_MOVE

_STOCK = const(0)
_PAD = const(2)
_DEPTH = const(300)  # undo records of a game's own log (the app hands every game its own)
_ALL = const(0x7FF)


def make(g, variant, profile, options, log):
    # the deck (engine/cards_domino.py): each card number's face, 40 cards each once (a card may
    # be turned round), or 64 (every ordered a-b-c its own card: a number is its face); play
    # reads the faces and the match table made here
    faces = DOMINOES if profile == 0 else bytes(range(64))
    n = len(faces)
    g.deck = n
    g._faces = faces
    g._mt = match_table(faces, profile == 0)
    g._stride = (n + 7) >> 3
    g._rk = rk = bytearray(n)  # rocket number of a card, 255 for the others
    g._rocket = bytearray(4)  # card of rocket k
    for c in range(n):
        rk[c] = 255
        if faces[c] % 21 == 0:
            rk[c] = faces[c] // 21
            g._rocket[rk[c]] = c
    # the stock holds the whole deck while it is shuffled
    g._set_up(variant, profile, options,
              (n, n - 4, n - 3, n - 3, n - 3, n - 3, n - 4, n - 4, n - 4, n - 4, 1), log, _DEPTH)
    g._buf = array("H", range(80))  # check()'s list of the legal moves (73 at most)
    g._tops = bytearray(14)  # _gen's: each pile's top card, the changing piles' numbers
    g._search = None  # the loss search, made on its first run (solar_hints.py)
    g.wasted = 0
    g.verdict = 2  # the search's last answer, for the position of _at (CANT_TELL)
    g.rescue = NO_MOVE
    g._at = -1
    g._way = 0  # which move of the rescue's way is rescue
    g._detour = False  # rescue is the reverse of the player's last move
    g.home = 0  # until the first deal: what _refresh keeps after every change
    g.emergency = g.undecided = g.resigned = False
    g.pending = -1
    g.fits = 0


def deal(g, number):
    cards = g._cards
    n = g.deck
    for c in range(n):
        cards[c] = c  # the stock is pile 0: it starts at 0
    from engine.rng import Rng

    rng = Rng(number)
    wrong = True
    while wrong:
        # pad k takes the k-th card from the top; a rocket on another's pad: gather and
        # shuffle again, same Rng stream, so the deal number still names one layout
        rng.shuffle(cards, 0, n)
        wrong = False
        for k in range(4):
            r = g._rk[cards[n - 1 - k]]
            if r != 255 and r != k:
                wrong = True
    g.piles.clear()
    g._size[_STOCK] = n
    for k in range(4):
        g.piles.move(_STOCK, _PAD + k, 1)
    g.number = number
    g.moves = 0
    g.undo_log.clear()
    g.undo_dropped = 0
    g.wasted = 0
    g.resigned = False
    g.changed = _ALL
    g._bump()


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
