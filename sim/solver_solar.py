"""Solitario Solar for the solver (sim/solver.py): the canonical key. Reads the engine's piles
(engine/piles.py storage), never writes them.

No two piles are alike in Solar (each pad and station belongs to its rocket, docs/rules/
solar.md), and every card is distinct, so the key is the exact position: each pile's cards in
order (the stock's order is what a thoughtful player knows). The move counter of the snapshot
is left out, so a position reached by two lines, or a loop of free moves, is one entry.
Choosing among the pads a card fits is a move (game.legal_moves lists each pad). status() is
asked at every position: it is LOST only when the engine's own loss search proves it.
"""
# node cap a deal for the win-rate table: a node costs ~1 ms (status() runs the engine's loss
# search); at 1,000 nodes most 64-card deals were unknown, at 6,000 five of six of those won
NODES = 6000
_SEP = b"\xff"


def key(game):
    cards = game.piles.cards
    start = game.piles.start
    size = game.piles.size
    parts = []
    for p in range(game.pile_count):
        s = start[p]
        parts.append(bytes(cards[s:s + size[p]]))
    return _SEP.join(parts)
