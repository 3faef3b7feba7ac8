"""Klondike for the solver (sim/solver.py): the canonical key, the dominant move to a foundation
and the moves left out of the search. Reads the engine's piles (engine/piles.py storage), never
writes them.

Canonical key, from the rules (docs/rules/klondike.md):
- tableau piles are interchangeable (no rule names a pile by its place after the deal), so each
  is its face-down count and its cards, and they are sorted;
- a foundation holds one suit from its Ace up, so the four are the count of cards home per suit;
- the stock and the waste are kept whole, in order (the order is the game, and drawing three
  which cards a pass shows); the limited profile adds the recycles made. The score, the moves
  and the waste's fan are not part of the game a win depends on.

Dominances (Blake & Gent, "The Winnability of Klondike Solitaire and Many Other Patience Games",
section 5.4, proved in their appendix B for one deck, alternate colours, cards coming back from
the foundations):
- safe_move: a card a foundation takes goes there at once when its rank is at most 2 above both
  foundations of the other colour and 3 above the other suit of its colour (the engine's
  safe_home), from the tableau; from the waste only drawing one with unlimited passes, where the
  stock is a reserve (drawing three a card played changes which cards the passes show);
- rest: a run is moved from the middle of a pile only when the card it uncovers can go to its
  foundation (5.4.2); a card is not brought down from a foundation when it is safe there (the
  loop the first dominance would undo); and of moves that give the same key, one: a King with
  nothing under it into a space, an Ace to a second empty foundation, a run to a second space.
The engine's end (rules §9: lost when no productive move is left) is what STATUS_FROM_HINTS
reads.
"""
from engine.game import NO_MOVE
from engine.klondike import STOCK, WASTE, FOUNDATION, TABLEAU, PILES

STATUS_FROM_HINTS = True  # rules §9: lost when the hint finds nothing
NODES = 200000  # node cap a deal for the win-rate table (docs/solver.md)
_SEP = b"\xff"


def key(game):
    cards = game.piles.cards
    start = game.piles.start
    size = game.piles.size
    down = game.down
    piles = []
    for p in range(TABLEAU, PILES):
        s = start[p]
        piles.append(bytes((down[p - TABLEAU],)) + bytes(cards[s:s + size[p]]))
    piles.sort()
    height = game._heights()
    s = start[STOCK]
    w = start[WASTE]
    parts = [bytes(height) + bytes((min(game.recycles, 250) if game.limited else 0,)),
             bytes(cards[s:s + size[STOCK]]), bytes(cards[w:w + size[WASTE]])]
    return _SEP.join(parts + piles)


def safe_move(game, hints):
    stock_too = game.draw == 1 and not game.limited
    for m in hints:
        src = m >> 11
        dst = (m >> 6) & 31
        if not FOUNDATION <= dst < TABLEAU:
            continue
        if src >= TABLEAU or (src == WASTE and stock_too):
            if game.safe_home(game.top(src)):
                return m
    return NO_MOVE


def rest(game, tried, legal):
    cards = game.piles.cards
    start = game.piles.start
    size = game.piles.size
    down = game.down
    seen = set(tried)
    out = []
    empty_foundation = -1
    for f in range(FOUNDATION, TABLEAU):
        if size[f] == 0:
            empty_foundation = f
            break
    space = -1
    for p in range(TABLEAU, PILES):
        if size[p] == 0:
            space = p
            break
    for m in legal:
        if m in seen:
            continue
        src = m >> 11
        dst = (m >> 6) & 31
        k = m & 63
        if src == STOCK or dst == STOCK:
            continue  # a turn or a recycle the hint left out: no card it brings fits yet, and
            # turns commute with every other move, so it can wait until one does
        if FOUNDATION <= dst < TABLEAU and size[dst] == 0 and dst != empty_foundation:
            continue  # an Ace to another empty foundation: the same key
        if dst >= TABLEAU and size[dst] == 0 and dst != space:
            continue  # to another space: the same key
        if src >= TABLEAU and dst >= TABLEAU:
            n = size[src]
            d = down[src - TABLEAU]
            if k < n - d and game._home(cards[start[src] + n - k - 1]) < 0:
                continue  # part of a run, freeing no card for its foundation (5.4.2)
            if k == n and d == 0 and size[dst] == 0:
                continue  # a King with nothing under it, space to space
        if FOUNDATION <= src < TABLEAU:
            continue  # down from a foundation, where the hint found no card to go onto it
            # (rules §7.6: a card the stock brings, a run's move the hint lists, or a chain of
            # foundation cards down to one), or where it is safe
        out.append(m)
    return out
