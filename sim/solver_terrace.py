"""Terrace and its sisters for the solver (sim/solver.py): the canonical key and the dominant
foundation move. Reads the engine's piles (engine/piles.py storage), never writes them.

Canonical key, from the rules (../shared/rules/terrace.md):
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
from engine.terrace import STOCK, WASTE, RESERVE, FOUNDATION, TABLEAU

NODES = 6000  # node cap a deal for the win-rate table (sim/winrate.py)
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
    """True if the reserve holds a card that can never reach a foundation (classic profile, where
    the reserve plays only to the foundations, top first). A necessary condition for a win,
    from the rules alone: each reserve card c (place p in its sequence K) must go on a
    foundation of K at height p before any card below it in the reserve moves; that foundation
    first needs one card of each place below p, from cards neither on the foundations nor below
    c in the reserve; and c and the cards like it above c need one foundation each. The
    foundations of K that can take them are the tallest ones not past p (unstarted ones count
    as height 0), and for each place q those of them below q need as many free cards of place
    q. If that fails for some c, no line wins."""
    if game.literal or game.base == 0:
        return False
    piles = game.piles
    size = piles.size
    start = piles.start
    cards = piles.cards
    base = game.base
    same_suit = game.same_suit
    heights = tuple(size[FOUNDATION:TABLEAU])
    bottoms = bytes(cards[start[f]] if size[f] else 255 for f in range(FOUNDATION, TABLEAU))
    s = start[RESERVE]
    k = (same_suit, base, bytes(cards[s:s + size[RESERVE]]), heights, bottoms)
    found = _dead_memo.get(k)
    if found is None:
        if len(_dead_memo) > 200000:
            _dead_memo.clear()
        found = _dead_memo[k] = _reserve_dead(game, base, same_suit)
    return found


def _reserve_dead(game, base, same_suit):
    piles = game.piles
    size = piles.size
    start = piles.start
    cards = piles.cards
    chains = 4 if same_suit else 2
    per_chain = 8 // chains  # foundations (and copies of a card) in each sequence
    heights = [[] for _ in range(chains)]  # started foundations' heights per sequence
    for f in range(FOUNDATION, TABLEAU):
        n = size[f]
        if n:
            heights[_chain(cards[start[f]], base, same_suit)[0]].append(n)
    for h in heights:
        h.extend([0] * (per_chain - len(h)))  # unstarted foundations
        h.sort(reverse=True)
    s = start[RESERVE]
    reserve = [_chain(c, base, same_suit) for c in cards[s:s + size[RESERVE]]]
    below = {}  # class -> cards of it below the current one in the reserve
    total = {}
    for kp in reserve:
        total[kp] = total.get(kp, 0) + 1
    for kp in reserve:
        kk, p = kp
        if p:
            hs = heights[kk]
            m = total[kp] - below.get(kp, 0)  # c and the cards like it above c
            chosen = [h for h in hs if h <= p][:m]
            if len(chosen) < m:
                return True
            low = chosen[-1]
            for q in range(low, p):
                need = 0
                for h in chosen:
                    if h <= q:
                        need += 1
                on = 0
                for h in hs:
                    if h > q:
                        on += 1
                if need > per_chain - on - below.get((kk, q), 0):
                    return True
        below[kp] = below.get(kp, 0) + 1
    return False
