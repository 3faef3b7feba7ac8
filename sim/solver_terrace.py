"""Terrace and its sisters for the solver (sim/solver.py): the canonical key and the dominant
foundation move. Reads the engine's piles (engine/piles.py storage), never writes them.

Canonical key, from the rules (docs/rules/terrace.md):
- the two decks' copies of a card are identical, and with alternate-colour foundations (every
  mode but General's Patience) so are the two suits of a colour: a card is its (rank, colour),
  or its (rank, suit) in General's Patience;
- tableau piles are interchangeable (no rule after the deal names a pile by its place), so
  they are sorted;
- foundations are interchangeable once BASE is known: each is its top card (its size follows
  from BASE), sorted;
- the reserve and, in the first pass, the stock only ever lose their top card, so their size
  names their content; the waste is kept whole; then the stock lock, the redeals left, BASE.

Dominant move (safe_move): a card c goes to a foundation at once when
  (a) no card that could be put on c in the tableau is left off the foundations (or c has the
      base rank, on which nothing goes), so c is of no use where it lies;
  (b) there are as many foundations taking c now as cards like c (same rank and colour, or
      suit) are left off the foundations, so c takes no other card's place; and
  (c) the move empties no tableau pile (a space changes the stock lock and the automatic fills).
Every winning line must put c on a foundation some time; by (a)-(c) doing it now only frees
the card under c. tests/test_solver.py checks the verdicts against a search without it.
"""
from engine.cards import FRENCH_DECK
from engine.game import NO_MOVE
from engine.terrace import (STOCK, WASTE, RESERVE, FOUNDATION, TABLEAU, BY_HAND as _BY_HAND,
                            FROM_RESERVE as _FILL_FROM_RESERVE)

NODES = 6000  # node cap a deal for the win-rate table (sim/winrate.py)
# the first run's cap and unit of the restarts: many short runs win more deals here than fewer
# long ones (Falling Stars, Blondes and Brunettes, Wood, Terrace classic deals 1-40 or 1-50 at
# 6,000 nodes: 34, 17, 28, 41 won at 300 against 33, 12, 22, 36 at 1,000)
FIRST_RUN = 300
_SEP = b"\xff"
STATUS_FROM_HINTS = True  # rules §6: lost when the hint finds nothing


def _tables():
    # card -> class byte, for alternate-colour modes (rank, colour) and same-suit (rank, suit)
    by_colour = bytearray(256)
    by_suit = bytearray(256)
    for c in range(FRENCH_DECK):
        r = c % 13
        by_colour[c] = r * 2 + ((c // 13) & 1)
        by_suit[c] = r * 4 + ((c // 13) & 3)
    return bytes(by_colour), bytes(by_suit)


_BY_COLOUR, _BY_SUIT = _tables()


def key(game):
    cards = bytes(game.piles.cards)
    start = game.piles.start
    size = game.piles.size
    table = _BY_SUIT if game.same_suit else _BY_COLOUR
    last = game.pile_count
    piles = []
    for p in range(TABLEAU, last):
        s = start[p]
        piles.append(cards[s:s + size[p]].translate(table))
    piles.sort()
    tops = bytearray()
    for f in range(FOUNDATION, TABLEAU):
        n = size[f]
        tops.append(table[cards[start[f] + n - 1]] if n else 255)
    tops = bytes(sorted(tops))
    s = start[WASTE]
    head = bytes((size[STOCK], size[RESERVE], game.locked, game.redeals_left, game.base))
    parts = [head, tops, cards[s:s + size[WASTE]].translate(table)]
    if game.redeals_left < game.max_redeals:
        # after the General's Patience redeal the stock is the turned waste: keep it whole
        s = start[STOCK]
        parts.append(cards[s:s + size[STOCK]].translate(table))
    parts += piles
    return _SEP.join(parts)


def _on_foundations(game, r, kind, same_suit):
    # how many cards of rank r and colour (or suit) `kind` lie on the foundations, and how many
    # foundations take such a card now
    base = game.base
    p = (r - base) % 13  # place of rank r in a foundation: 0 is the base card
    size = game.piles.size
    cards = game.piles.cards
    start = game.piles.start
    on = taking = 0
    for f in range(FOUNDATION, TABLEAU):
        n = size[f]
        if n == 0:
            if p == 0:
                taking += 1
            continue
        b = cards[start[f]]
        if same_suit:
            fits = (b // 13) & 3 == kind
        else:
            # colours alternate up a foundation: place p has the base card's colour if p is even
            fits = ((b // 13) & 1) ^ (p & 1) == kind
        if fits:
            if n > p:
                on += 1
            elif n == p:
                taking += 1
    return on, taking


def safe_move(game, hints):
    # the hint lists every foundation move first (rules §6), one per source pile
    if game.base == 0:
        return NO_MOVE
    same_suit = game.same_suit
    size = game.piles.size
    cards = game.piles.cards
    start = game.piles.start
    base = game.base
    copies = 2 if same_suit else 4  # cards alike for the foundations
    for m in hints:
        if not FOUNDATION <= (m >> 6) & 31 < TABLEAU:
            break
        p = m >> 11
        n = size[p]
        if p >= TABLEAU and n == 1:
            continue  # (c): never empty a tableau pile
        c = cards[start[p] + n - 1]
        r = c % 13 + 1
        if r != base:
            # (a) the cards that could go on c: rank one lower, the other colour
            below = 13 if r == 1 else r - 1
            col = (c // 13) & 1
            if same_suit:
                if not _all_home_by_suit(game, below, 1 - col):
                    continue
            elif _on_foundations(game, below, 1 - col, False)[0] < 4:
                continue
        kind = (c // 13) & 3 if same_suit else (c // 13) & 1
        on, taking = _on_foundations(game, r, kind, same_suit)
        if taking < copies - on:
            continue  # (b)
        return m
    return NO_MOVE


def _all_home_by_suit(game, r, col):
    # General's Patience: both suits of colour col (suit & 1 is the colour), rank r: all four
    # cards on the foundations
    total = 0
    for s in (col, col + 2):
        total += _on_foundations(game, r, s, True)[0]
    return total == 4


def _chain(c, base, same_suit):
    # the foundation sequence card c belongs to, and its place in it (0: the base card). With
    # alternate colours a foundation is named by its base card's colour, and place p holds that
    # colour when p is even; in General's Patience by its suit
    p = (c % 13 + 1 - base) % 13
    if same_suit:
        return (c // 13) & 3, p
    return ((c // 13) & 1) ^ (p & 1), p


_dead_memo = {}


def dead(game):
    """True if a card of the reserve or the waste can never leave it, so no line wins. Both
    are stacks that only their top card leaves; so is General's Patience's stock in its second
    pass with the waste on it, each card turned only when the waste is empty (rules §5). A
    card of one is *bound* when it can only go to a foundation while it lies there: the
    reserve's cards in the classic profile (rules §4: the reserve plays to the foundations
    only); in the literal profile a card of any of these stacks whose every host (the four
    cards of the rank above and the other colour it could be put on in the tableau) is on a
    foundation or under it in the same stack, and which is not of rank down(BASE) (that one
    goes into a space). The waste counts only where nothing turns it over (no General's
    Patience redeal to come) and no space fills itself from it (Signora). Redheads' spaces
    take the reserve top, so its reserve binds nothing.

    Each stack is tested on its own in a relaxed game in which every card that is neither on
    a foundation nor in that stack is free to go home whenever it fits, and a card of the
    stack that is not bound becomes free once the cards above it are gone: if even that game
    cannot play the stack out, the real one cannot. The relaxed game is decided by playing the
    stack from its top: a bound card c (place p in its foundation sequence K: _chain) goes on
    the tallest foundation of K that is not past p, raised to p with free cards (one of each
    place it lacks); unstarted foundations count as height 0. Taking the tallest is never
    worse: it uses fewer free cards than any other, and the foundations it leaves can be
    raised later to anything the other choice gives. If no foundation of K can reach p, c is
    dead. The answer depends only on the stack, the base and the foundations: memoised."""
    if game.base == 0:
        return False
    literal = game.literal
    if literal:
        if game.fill == _FILL_FROM_RESERVE:
            return False
        # with no redeal to come the waste is a stack too, and in General's Patience's second
        # pass the stock lies under it
        if (game.fill == _BY_HAND and game.redeals_left == 0
                and _stack_dead(game, STOCK if game.second_pass() else WASTE, True)):
            return True
        return _stack_dead(game, RESERVE, True)
    if game.fill == _FILL_FROM_RESERVE:
        return False
    return _stack_dead(game, RESERVE, False)


def _stack(game, pile):
    # the cards of dead()'s stack, bottom first: a pile, or for STOCK the second pass's stock
    # with the waste on it (each stock card is turned only when the waste is empty, rules §5)
    piles = game.piles
    s = piles.start[pile]
    cards = bytes(piles.cards[s:s + piles.size[pile]])
    if pile == STOCK:
        cards += _stack(game, WASTE)
    return cards


def _stack_dead(game, pile, literal):
    piles = game.piles
    size = piles.size
    start = piles.start
    cards = piles.cards
    stack = _stack(game, pile)
    k = (pile, literal, game.same_suit, game.base, stack,
         tuple(size[FOUNDATION:TABLEAU]),
         bytes(cards[start[f]] if size[f] else 255 for f in range(FOUNDATION, TABLEAU)))
    found = _dead_memo.get(k)
    if found is None:
        if len(_dead_memo) > 200000:
            _dead_memo.clear()
        found = _dead_memo[k] = _play_out(game, stack, literal)
    return found


def _play_out(game, stack, literal):
    # the relaxed game of dead(): False if it plays the stack out
    piles = game.piles
    size = piles.size
    start = piles.start
    cards = piles.cards
    base = game.base
    same_suit = game.same_suit
    chains = 4 if same_suit else 2
    per_chain = 8 // chains  # foundations (and copies of a card) in each sequence
    heights = [[] for _ in range(chains)]  # foundations' heights per sequence
    free = [[per_chain] * 13 for _ in range(chains)]  # free cards per sequence and place
    for f in range(FOUNDATION, TABLEAU):
        n = size[f]
        if n:
            kk = _chain(cards[start[f]], base, same_suit)[0]
            heights[kk].append(n)
            row = free[kk]
            for q in range(n):
                row[q] -= 1
    for h in heights:
        h.extend([0] * (per_chain - len(h)))  # unstarted foundations
    places = [_chain(c, base, same_suit) for c in stack]
    for kk, p in places:
        free[kk][p] -= 1
    bound = _bound(game, stack, places, heights) if literal else None
    for i in range(len(stack) - 1, -1, -1):  # from the top
        kk, p = places[i]
        if bound is not None and not bound[i]:
            free[kk][p] += 1  # it leaves for the tableau, and is free from then on
            continue
        hs = heights[kk]
        best = -1
        for j, h in enumerate(hs):
            if h <= p and (best < 0 or h > hs[best]):
                best = j
        if best < 0:
            return True
        row = free[kk]
        for q in range(hs[best], p):
            if row[q] == 0:
                return True
            row[q] -= 1
        hs[best] = p + 1
    return False


def _bound(game, stack, places, heights):
    # literal profile: for each card of the stack (bottom first), True if it can only go home
    # while it lies there: not of rank down(BASE), and each of its four hosts (rank above,
    # other colour) is on a foundation or lower in the stack
    same_suit = game.same_suit
    below = bytearray(26)  # cards lower in the stack, by (rank, colour): _BY_COLOUR
    bound = []
    for i, c in enumerate(stack):
        p = places[i][1]
        host_colour = 1 - ((c // 13) & 1)
        host = (c % 13 + 1) % 13 * 2 + host_colour  # the host's _BY_COLOUR class
        if p == 12:
            bound.append(False)  # a space takes it
        else:
            home = 0  # hosts on the foundations: the foundations past place p + 1 they name
            for kk, hs in enumerate(heights):
                if same_suit:
                    if kk & 1 != host_colour:
                        continue
                elif kk != places[i][0]:
                    continue  # alternate colours: the host is the next card of c's sequence
                for h in hs:
                    if h > p + 1:
                        home += 1
            bound.append(home + below[host] >= 4)
        below[_BY_COLOUR[c]] += 1
    return bound


WASTE_WEIGHT = 2  # best_first(): a waste card costs half a card home (measured below)


def promise(game):
    """best_first()'s rating of a position: cards home, less the waste, whose cards only the
    top of plays, so a line that buries cards there has to dig them out again. Redheads
    classic, the 23 deals of 1-60 that 200,000 depth-first nodes leave unknown, best-first at
    100,000 nodes (a first version: ties to the oldest, without the depth-first runs' proved
    losses): a waste card at an eighth of a card home wins 3 of them, at half (this) 4."""
    size = game.piles.size
    home = 0
    for f in range(FOUNDATION, TABLEAU):
        home += size[f]
    return 4 * home - WASTE_WEIGHT * size[WASTE]


def stage(game):
    """beam()'s layers: the stock cards dealt, counted on in the General's Patience second
    pass. Every move either keeps the stock (tableau and foundation moves) or deals from it
    (by hand or automatically), and the redeal starts a later pass."""
    passes = game.max_redeals - game.redeals_left
    return passes * 128 + 127 - game.piles.size[STOCK]


SPACE_WEIGHT = 20  # beam_promise(): a space costs five cards home (measured below)


def beam_promise(game):
    """beam()'s rating: promise() less the spaces. In the literal profile a space takes only a
    card of rank down(BASE), and while one is open each card dealt locks the stock until it is
    played, so a line that opens spaces it cannot fill dies of the lock (General's Patience
    literal deals 11-30, a first version of the beam of width 300: without the cost every line
    of 13 of the 20 deals died in the first pass, nearly all with the stock locked over a
    space; at a cost of 6 for a space 4 deals, at 20 none)."""
    size = game.piles.size
    spaces = 0
    for p in range(TABLEAU, game.pile_count):
        if size[p] == 0:
            spaces += 1
    return promise(game) - SPACE_WEIGHT * spaces
