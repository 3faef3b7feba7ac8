"""Solitario Solar for the solver (sim/solver.py): the canonical key. Reads the engine's piles
(engine/piles.py storage), never writes them.

No two piles are alike in Solar (each pad and station belongs to its rocket, docs/rules/
solar.md), and every card is distinct, so the key is the exact position: each pile's cards in
order (the stock's order is what a thoughtful player knows). The move counter of the snapshot
is left out, so a position reached by two lines, or a loop of free moves, is one entry.
Choosing among the pads a card fits is a move (game.legal_moves lists each pad). status() is
asked at every position: it is LOST only when the engine's own loss search proves it.
"""
import array

from engine.game import MAX_MOVES

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


def rescue(game, max_positions=20000):
    """The host's own answer to the device's loss search (engine/solar_search.py), for checking
    it: can moves the engine lists (legal_moves: free moves, forced plays and choices; the stock
    is never turned: with it empty the device asks this, and the rescue hint does the same with
    cards left) launch a rocket lying in the waste? A plain depth-first search over every
    position reached, each remembered whole (key() above), with the engine's apply and undo: no
    ordering, no table limits, no reasoning. True (a rocket launched), False (every position
    reachable was tried), or None (more than max_positions). The position is left as it was."""
    from engine.undo import UndoLog
    from engine.solar import TURN

    log = game.undo_log
    game.undo_log = UndoLog(max_positions + 64)  # deeper than any path here
    buf = array.array("H", range(MAX_MOVES))
    wasted = game.wasted
    seen = {key(game)}
    stack = []
    answer = False
    try:
        n = game.legal_moves(buf)
        stack.append([m for m in buf[:n] if m != TURN])
        while stack:
            moves = stack[-1]
            if not moves:
                stack.pop()
                if stack:
                    game.undo()
                continue
            if not game.apply(moves.pop()):
                raise AssertionError("a listed move was refused")
            if game.wasted < wasted:
                answer = True
                game.undo()
                break
            k = key(game)
            if k in seen:
                game.undo()
                continue
            seen.add(k)
            if len(seen) > max_positions:
                answer = None
                game.undo()
                break
            n = game.legal_moves(buf)
            stack.append([m for m in buf[:n] if m != TURN])
        for _ in range(len(stack) - 1):
            game.undo()
    finally:
        game.undo_log = log
    return answer
