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
  _goes_up), from the tableau; from the waste only drawing one with unlimited passes, where the
  stock is a reserve (drawing three a card played changes which cards the passes show);
- rest: a run is moved from the middle of a pile only when the card it uncovers can go to its
  foundation (5.4.2); a card is not brought down from a foundation when it is safe there (the
  loop the first dominance would undo); and of moves that give the same key, one: a King with
  nothing under it into a space, an Ace to a second empty foundation, a run to a second space.
narrow: after a turn of the stock only the stock, the waste and the foundations are searched
(a tableau move commutes with the turn). dead: at the deal's root, a relaxed game with the stock
as a reserve (below) proves a deal lost. The engine's end (rules §9: lost when no productive move
is left) is what STATUS_FROM_HINTS reads. Figures and the comparison with Blake & Gent's 81.945%:
docs/solver.md.
"""
from engine.game import NO_MOVE
from engine.klondike import STOCK, WASTE, FOUNDATION, TABLEAU, PILES

STATUS_FROM_HINTS = True  # rules §9: lost when the hint finds nothing
NODES = 200000  # node cap a deal for the win-rate table (docs/solver.md)
_SEP = b"\xff"


def turning(game):
    # True if the last move turned the stock or recycled the waste: the search then goes on
    # only with the stock, the waste and the foundations' cards (narrow), since a tableau move
    # commutes with the turn (it neither reads nor changes the stock or the waste, and the
    # hint lists it whatever the stock holds), so every winning line can be reordered to make
    # it before the turns; positions reached so are told apart in the key
    log = game.undo_log
    if log.size == 0:
        return False
    entry = log.entries[(log.head - 1) % log.depth]
    src = entry >> 12
    return src == STOCK or (src == WASTE and (entry >> 8) & 15 == STOCK)


def narrow(game, moves):
    # after a turn: the stock's and the waste's moves, and a foundation card coming down (the
    # hint lists one only for a card to go onto it, maybe a card this pass's turns bring: rules
    # §7.3 reads the stock, so it need not be listed before the turns)
    if not turning(game):
        return moves
    return [m for m in moves if (m >> 11) < TABLEAU]


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
    height = game._tops()
    s = start[STOCK]
    w = start[WASTE]
    parts = [bytes(height) + bytes((min(game.recycles, 250) if game.limit else 0,
                                    turning(game))),
             bytes(cards[s:s + size[STOCK]]), bytes(cards[w:w + size[WASTE]])]
    return _SEP.join(parts + piles)


def safe_move(game, hints):
    stock_too = game.draw == 1 and not game.limit
    for m in hints:
        src = m >> 11
        dst = (m >> 6) & 31
        if not FOUNDATION <= dst < TABLEAU:
            continue
        if src >= TABLEAU or (src == WASTE and stock_too):
            if game._goes_up(game.top(src)):
                return m
    return NO_MOVE


def rest(game, tried, legal):
    cards = game.piles.cards
    start = game.piles.start
    size = game.piles.size
    down = game.down
    seen = set(tried)
    out = []
    only_waste = turning(game)
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
        if only_waste and src >= TABLEAU:
            continue  # (narrow)
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
            if k < n - d and game._goes(cards[start[src] + n - k - 1]) < 0:
                continue  # part of a run, freeing no card for its foundation (5.4.2)
            if k == n and d == 0 and size[dst] == 0:
                continue  # a King with nothing under it, space to space
        if FOUNDATION <= src < TABLEAU:
            continue  # down from a foundation, where the hint found no card to go onto it
            # (rules §7.6: a card the stock brings, a run's move the hint lists, or a chain of
            # foundation cards down to one), or where it is safe
        out.append(m)
    return out


def promise(game):
    # best_first()'s rating: cards home, and half as much for each tableau card turned face up
    down = game.down
    return 2 * game.home() + 21 - (down[0] + down[1] + down[2] + down[3] + down[4] + down[5]
                                   + down[6])


# ---- a relaxed game for proving losses ---------------------------------------------------------
# Drawing one with unlimited passes, any card of the stock and the waste can be brought to the
# waste's top whenever it is wanted, and the rest keep their order: the stock is a reserve whose
# every card is free (Blake & Gent §5.4.1, §6). That game is weaker than drawing three (a line
# drawing three is a line drawing one, three turns for one), and than any limited profile, so a
# deal it loses is lost in every mode. Its positions forget the stock's order, which is what
# makes a Klondike search large (the draw-three cursor over every set of cards played from the
# waste), so it proves in thousands of positions what the engine's search needs millions for.
# It is a second statement of the rules, kept as small as the rules file: tests/
# test_klondike_solver.py checks it never calls lost a deal the engine's search wins.

RELAXED_NODES = 200000  # positions a relaxed search may visit before it answers "unknown"


class _Out(Exception):
    pass


def _relaxed_state(game):
    cards = game.piles.cards
    start = game.piles.start
    size = game.piles.size
    piles = []
    for i in range(7):
        p = TABLEAU + i
        s = start[p]
        piles.append((game.down[i], tuple(cards[s:s + size[p]])))
    reserve = 0
    for p in (STOCK, WASTE):
        s = start[p]
        for c in cards[s:s + size[p]]:
            reserve |= 1 << c
    return piles, list(game._tops()), reserve


def _safe(h, c):
    r = c % 13 + 1
    s = c // 13
    o1 = h[(s + 1) & 3]
    o2 = h[(s + 3) & 3]
    return r <= min(o1, o2) + 2 and r <= h[s ^ 2] + 3


def _takes(top, c):
    # may card c go onto tableau card top (one rank lower, the other colour)
    return top % 13 == c % 13 + 1 and (top // 13 ^ c // 13) & 1


def relaxed(game, max_nodes=RELAXED_NODES):
    """The relaxed game (stock as a reserve) from the game's position: "won", "lost" (no line
    wins it, so none wins the real game) or "unknown" (over max_nodes positions)."""
    piles, h, reserve = _relaxed_state(game)
    seen = set()
    count = [0]

    def settle(piles, h, reserve):
        # the safe moves to the foundations, from the tableau and the reserve, until none is left
        moved = True
        while moved:
            moved = False
            for i in range(7):
                d, cs = piles[i]
                if cs and h[cs[-1] // 13] == cs[-1] % 13 and _safe(h, cs[-1]):
                    h[cs[-1] // 13] += 1
                    cs = cs[:-1]
                    piles[i] = (d - 1 if d and len(cs) == d else d, cs)
                    moved = True
            for s in range(4):
                c = s * 13 + h[s]
                if h[s] < 13 and reserve >> c & 1 and _safe(h, c):
                    h[s] += 1
                    reserve &= ~(1 << c)
                    moved = True
        return reserve

    def children(piles, h, reserve):
        # every move of the reduced search (the hint's kinds, rules §7, with the dominances)
        out = []
        space = -1
        for i in range(7):
            if not piles[i][1]:
                space = i
                break

        def place(c, without, newpiles_fn):
            # the piles taking card c (one space at most), as new positions
            for j in range(7):
                if j == without:
                    continue
                d, cs = piles[j]
                if cs and _takes(cs[-1], c) or (not cs and j == space and c % 13 == 12):
                    out.append(newpiles_fn(j))

        for i in range(7):
            d, cs = piles[i]
            if not cs:
                continue
            c = cs[-1]
            if h[c // 13] == c % 13:
                p2 = list(piles)
                rest = cs[:-1]
                p2[i] = (d - 1 if d and len(rest) == d else d, rest)
                h2 = list(h)
                h2[c // 13] += 1
                out.append((p2, h2, reserve))
            for k in range(d, len(cs)):
                b = cs[k]
                if k == d:
                    if not d and b % 13 == 12:
                        continue  # a King alone: space to space
                elif h[cs[k - 1] // 13] != cs[k - 1] % 13:
                    continue  # part of a run, freeing no card for its foundation

                def moved(j, i=i, k=k, d=d, cs=cs):
                    p2 = list(piles)
                    rest = cs[:k]
                    p2[i] = (d - 1 if d and len(rest) == d else d, rest)
                    p2[j] = (piles[j][0], piles[j][1] + cs[k:])
                    return p2, list(h), reserve
                place(b, i, moved)
        for c in range(52):
            if not reserve >> c & 1:
                continue
            r2 = reserve & ~(1 << c)
            if h[c // 13] == c % 13:
                h2 = list(h)
                h2[c // 13] += 1
                out.append((list(piles), h2, r2))

            def dealt(j, c=c, r2=r2):
                p2 = list(piles)
                p2[j] = (piles[j][0], piles[j][1] + (c,))
                return p2, list(h), r2
            place(c, -1, dealt)
        for s in range(4):
            if h[s] == 0:
                continue
            c = s * 13 + h[s] - 1
            if _safe(h, c):
                continue  # down from a foundation where it is safe: a loop

            def lowered(j, c=c, s=s):
                p2 = list(piles)
                p2[j] = (piles[j][0], piles[j][1] + (c,))
                h2 = list(h)
                h2[s] -= 1
                return p2, h2, reserve
            place(c, -1, lowered)
        return out

    def won(piles, h, reserve):
        reserve = settle(piles, h, reserve)
        if sum(h) == 52:
            return True
        k = (tuple(sorted(piles)), tuple(h), reserve)
        if k in seen:
            return False
        seen.add(k)
        count[0] += 1
        if count[0] > max_nodes:
            raise _Out()
        for p2, h2, r2 in children(piles, h, reserve):
            if won(p2, h2, r2):
                return True
        return False

    import sys
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        return "won" if won(list(piles), h, reserve) else "lost"
    except _Out:
        return "unknown"
    finally:
        sys.setrecursionlimit(limit)


_verdicts = {}  # the relaxed game's verdict per root position searched (dead())


def dead(game):
    # the search's dead-position test, asked at every position: at the deal itself (no move
    # made) the relaxed game is searched once (a deal it loses is lost); elsewhere nothing
    if game.undo_log.size or game.moves:
        return False
    k = key(game)
    if k not in _verdicts:
        if len(_verdicts) > 64:
            _verdicts.clear()
        _verdicts[k] = relaxed(game)
    return _verdicts[k] == "lost"
