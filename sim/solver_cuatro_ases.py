"""Solitario 4 Ases for the solver (sim/solver.py): the canonical key. Reads the engine's piles
(engine/piles.py storage) and card marks, never writes them.

Canonical key, from the rules (docs/rules/cuatro_ases.md):
- the four spaces are alike (any 1 starts any space): each is its size and top card, sorted;
- the hand and the revealed pile are kept whole, in order (their order is the game), each card
  with its blocked mark (Con reserva); then the slot, the tokens left and whether a card went
  up this round (the loss rule of §4 reads it).
Declining a move up is a move like any other here: the solver tries reveal and renew too, since
game.legal_moves lists them. Mezclado's token shuffle is seeded by the deal number and the
tokens left (engine/cuatro_ases.py), so it is one fixed outcome of the move: the solver sees it
as a player who knows the cards would. No dominant move: declining can matter (rules §3).
"""
from engine.cuatro_ases import HAND, REVEALED, SPACE

STATUS_FROM_HINTS = True  # engine: hints() is never empty while PLAYING, and empty otherwise
NODES = 20000  # node cap a deal for the win-rate table: the engine is fast
_SEP = b"\xff"


def key(game):
    cards = game.piles.cards
    start = game.piles.start
    size = game.piles.size
    marks = game._marks
    parts = [bytes((game.tokens, game.progress))]
    for p in (HAND, REVEALED) + ((game.slot,) if game.slot >= 0 else ()):
        s = start[p]
        parts.append(bytes(c | (marks[c] << 6) for c in cards[s:s + size[p]]))
    spaces = []
    for p in range(SPACE, SPACE + 4):
        n = size[p]
        spaces.append(bytes((n, cards[start[p] + n - 1] if n else 255)))
    spaces.sort()
    return _SEP.join(parts) + _SEP + b"".join(spaces)
