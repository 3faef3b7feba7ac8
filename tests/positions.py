# A position built directly for a test (no undo entry, no automatic steps): the pile holds
# `cards` from the bottom up, and the family settles what its moves keep counted (the base, the
# marks: Game._unreachable(), as after a load). The board never builds one, so the engine does
# not carry this code.


def set_pile(g, p, cards):
    g.piles.set(p, cards)
    g._unreachable()  # (its answer, whether play could leave the piles so, is not asked here)
    g._bump()
