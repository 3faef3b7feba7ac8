# A position built directly for a test (no undo entry, no automatic steps): the pile holds
# `cards` from the bottom up, and the family settles what its moves keep counted (the base, the
# marks: Game._unreachable(), as after a load). The board never builds one, so the engine does
# not carry this code.


def set_pile(g, p, cards):
    put(g.piles, p, cards)
    g._unreachable()  # (its answer, whether play could leave the piles so, is not asked here)
    g._bump()


def put(piles, p, cards):
    # pile p of an engine.piles.Piles holds cards, bottom first (over its capacity: ValueError)
    if len(cards) > piles.capacity[p]:
        raise ValueError("pile over capacity")
    for i in range(len(cards)):
        piles.cards[piles.start[p] + i] = cards[i]
    piles.size[p] = len(cards)
