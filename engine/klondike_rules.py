# Klondike's rules, hints and end (docs/rules/klondike.md §2-§7, §9), methods of
# engine.klondike.Game written here: which foundation takes a card, may a card lie on another
# in the tableau, the reason a move is refused (check) and every legal move (legal_moves, the
# same rules unrolled); then every productive move in the rules file's hint order, and status()
# (lost when no productive move is left: status() asks for the first hint after every move,
# which is why these are the game's own methods and not a module imported on demand). Moving,
# the automatic turn-up and undo are engine/klondike.py's. Bound in Game's own class body, as
# Terrace's rules are (see engine/terrace_rules.py: one class fewer in the board's method
# lookup). Rules and hints share one module, not two, for the board's interned names: each
# module costs three (its name, its dotted name, its file's path), every one kept for good,
# and a full session of the four families sits at the edge of a new pool of them
# (docs/memory.md). Pile numbers as in engine/klondike.py (tests/test_klondike_rules.py checks
# they agree).
#
# Which moves are productive is what the rules file's §7 says, from the two dominances Blake &
# Gent prove for Klondike (docs/solver.md): a run is moved from the middle of a pile only to
# free a card for its foundation, and a card comes down from a foundation only for a card to go
# onto it.
#
# A card is suit * 13 + rank - 1 (0..51), suits ordered so that colour = suit & 1 (engine/cards.py).
from micropython import const
from engine.game import LOST, NO_MOVE, PLAYING, WON
from engine.game import REASONS as _BASE_REASONS

_STOCK = const(0)
_WASTE = const(1)
_FOUNDATION = const(2)
_TABLEAU = const(6)
_PILES = const(13)
_DECK = const(52)
_KING = const(12)  # rank - 1 of a King
_RECYCLE = const(2048)  # pack(waste, stock, 0): the recycle (engine/klondike.py's)
# engine.game's refusal codes, as private const()s: inlined here, no lookups
_OK = const(0)
_REASON_NOT_PLAYABLE = const(1)
_REASON_WRONG_RANK = const(2)
_REASON_WRONG_COLOUR = const(3)
_REASON_WRONG_SUIT = const(4)
_REASON_STOCK_EMPTY = const(7)
_REASON_NO_GROUP = const(8)
_REASON_NO_REDEAL = const(14)
# this family's own refusals, numbered after engine.game's (the UI reads Game.REASONS; private
# const()s, inlined, so the board interns no name for them: tests/test_klondike_rules.py
# numbers them)
# (where engine.game's words say it, its code: "That can't fill a space" for a space a King
# alone fills, "Can't move that" for turning the waste over while the stock holds cards, which
# the table never asks: A on the stock turns it)
_REASON_KING_ONLY = const(9)
_REASON_FACE_DOWN = const(17)
_REASON_ACE_FIRST = const(18)
_REASON_TURN_FIRST = const(1)
REASONS = _BASE_REASONS + (
    "That card is face down",
    "Empty foundation: it takes an Ace",
)


def _goes(self, c):
    # the foundation that takes card c now (§3: an Ace the first empty one), or -1
    size = self._size
    r = c % 13
    if r == 0:
        for f in range(_FOUNDATION, _TABLEAU):
            if size[f] == 0:
                return f
        return -1
    cards = self._cards
    start = self._start
    for f in range(_FOUNDATION, _TABLEAU):
        n = size[f]
        if n == r and cards[start[f] + n - 1] == c - 1:
            return f
    return -1


def _onto_foundation(self, c, f):
    n = self._size[f]
    if n == 0:
        return _OK if c % 13 == 0 else _REASON_ACE_FIRST
    if c % 13 != n:
        return _REASON_WRONG_RANK
    return _OK if self._cards[self._start[f] + n - 1] // 13 == c // 13 else _REASON_WRONG_SUIT


def _sits_on(self, c, t):
    # may card c lie on tableau card t? (§4: one rank lower, the other colour)
    if t % 13 != c % 13 + 1:
        return _REASON_WRONG_RANK
    return _OK if (t // 13 ^ c // 13) & 1 else _REASON_WRONG_COLOUR


def _reason(self, src, dst, count):
    size = self._size
    if src >= _PILES or dst >= _PILES:
        return _REASON_NOT_PLAYABLE
    if src == _STOCK:
        # §5: turning the stock is its own move
        if dst != _WASTE or count != self.draw:
            return _REASON_NOT_PLAYABLE
        return _OK if size[_STOCK] else _REASON_STOCK_EMPTY
    if src == _WASTE and dst == _STOCK:
        # §5: the recycle, only with the stock empty, and within the profile's passes
        if count or size[_WASTE] == 0:
            return _REASON_NOT_PLAYABLE
        if size[_STOCK]:
            return _REASON_TURN_FIRST
        if self.limit and self.recycles >= self.max_redeals:
            return _REASON_NO_REDEAL
        return _OK
    if dst < _FOUNDATION or dst == src:
        return _REASON_NOT_PLAYABLE
    n = size[src]
    if n == 0 or count == 0 or count > n:
        return _REASON_NOT_PLAYABLE
    if src < _TABLEAU:
        if count != 1:
            return _REASON_NO_GROUP  # the waste's and a foundation's top card only
    elif count > n - self.down[src - _TABLEAU]:
        return _REASON_FACE_DOWN
    c = self._cards[self._start[src] + n - count]
    if dst < _TABLEAU:
        if count != 1:
            return _REASON_NO_GROUP
        if src < _TABLEAU and src >= _FOUNDATION:
            return _REASON_NOT_PLAYABLE  # foundation to foundation: nothing to gain
        return self._onto_foundation(c, dst)
    dn = size[dst]
    if dn == 0:
        return _OK if c % 13 == _KING else _REASON_KING_ONLY
    return self._sits_on(c, self._cards[self._start[dst] + dn - 1])


def check(self, move):
    return self._reason(move >> 11, (move >> 6) & 31, move & 63)


def legal_moves(self, buf):
    # The rules of _reason, unrolled for speed (this runs at every key press on the device and at
    # every node of the solver). tests/test_klondike_properties.py checks the list is exactly
    # what check() accepts.
    size = self._size
    cards = self._cards
    start = self._start
    down = self.down
    cap = len(buf)
    n = 0
    if size[_STOCK]:
        if n < cap:
            buf[n] = self.turn
            n += 1
    elif size[_WASTE] and (not self.limit or self.recycles < self.max_redeals) and n < cap:
        buf[n] = _RECYCLE
        n += 1
    # the waste's top and each foundation's top: one card, to a foundation (waste only) or onto
    # the tableau
    for src in range(_WASTE, _TABLEAU):
        sn = size[src]
        if sn == 0:
            continue
        c = cards[start[src] + sn - 1]
        if src == _WASTE:
            f = self._goes(c)
            if f >= 0:
                # an Ace takes any empty foundation: every one is a move of its own
                if c % 13 == 0:
                    for g in range(f, _TABLEAU):
                        if size[g] == 0 and n < cap:
                            buf[n] = (src << 11) | (g << 6) | 1
                            n += 1
                elif n < cap:
                    buf[n] = (src << 11) | (f << 6) | 1
                    n += 1
        r = c % 13 + 1
        col = (c // 13) & 1
        for dst in range(_TABLEAU, _PILES):
            dn = size[dst]
            if dn:
                t = cards[start[dst] + dn - 1]
                if t % 13 != r or (t // 13) & 1 == col:
                    continue
            elif r != 13:
                continue
            if n < cap:
                buf[n] = (src << 11) | (dst << 6) | 1
                n += 1
    for src in range(_TABLEAU, _PILES):
        sn = size[src]
        if sn == 0:
            continue
        s = start[src] + sn
        c = cards[s - 1]
        f = self._goes(c)
        if f >= 0:
            if c % 13 == 0:
                for g in range(f, _TABLEAU):
                    if size[g] == 0 and n < cap:
                        buf[n] = (src << 11) | (g << 6) | 1
                        n += 1
            elif n < cap:
                buf[n] = (src << 11) | (f << 6) | 1
                n += 1
        # every face-up run onto every pile taking its bottom card (the face-up part is a run)
        for k in range(1, sn - down[src - _TABLEAU] + 1):
            b = cards[s - k]
            r = b % 13 + 1
            col = (b // 13) & 1
            for dst in range(_TABLEAU, _PILES):
                if dst == src:
                    continue
                dn = size[dst]
                if dn:
                    t = cards[start[dst] + dn - 1]
                    if t % 13 != r or (t // 13) & 1 == col:
                        continue
                elif r != 13:
                    continue
                if n < cap:
                    buf[n] = (src << 11) | (dst << 6) | k
                    n += 1
    return n


# ---- the hints and the end (§7, §9) -------------------------------------------------------

def _tops(self):
    # self.height[suit] = cards of that suit home (its foundation's size)
    height = self.height
    size = self._size
    cards = self._cards
    start = self._start
    for s in range(4):
        height[s] = 0
    for f in range(_FOUNDATION, _TABLEAU):
        n = size[f]
        if n:
            height[cards[start[f]] // 13] = n
    return height


def _goes_up(self, c):
    # True if card c, which its foundation takes now, may go home without losing any win (Blake
    # & Gent's safe move for alternate colours with cards coming back from the foundations): its
    # rank is at most 2 above both foundations of the other colour and 3 above the other suit of
    # its colour, so no card it could hold in the tableau needs it
    height = self._tops()
    r = c % 13 + 1
    s = c // 13
    o1 = height[(s + 1) & 3]
    o2 = height[(s + 3) & 3]
    return r <= (o1 if o1 < o2 else o2) + 2 and r <= height[s ^ 2] + 3


def _possible(self, r, side):
    # True if a card the stock can still bring to the waste's top (turning on, then recycling
    # while the profile allows, no card played meanwhile) is of rank r (0-based) and colour
    # side (0 black, 1 red: a name the board holds already),
    # or, with r < 0, fits somewhere: a foundation, a tableau pile's top, a space if a King.
    # With r >= 0 the waste's top counts too. Drawing three, the tops a pass shows are every
    # third card and the last, and they stay the same pass after pass until a card is played.
    size = self._size
    cards = self._cards
    draw = self.draw
    ns = size[_STOCK]
    nw = size[_WASTE]
    ss = self._start[_STOCK]
    ws = self._start[_WASTE]
    if r >= 0 and nw:
        c = cards[ws + nw - 1]
        if c % 13 == r and (c // 13) & 1 == side:
            return True
    # this pass: the stock's cards from its top, j = 1..ns
    j = draw
    while True:
        if j > ns:
            if j - draw >= ns:
                break
            j = ns  # the pass's last turn, with fewer cards
        c = cards[ss + ns - j]
        if self._fits(c, r, side):
            return True
        j += draw
    if self.limit and self.recycles >= self.max_redeals:
        return False
    # the next pass: the waste from its bottom, then this pass's stock cards
    total = nw + ns
    j = draw
    while True:
        if j > total:
            if j - draw >= total:
                break
            j = total
        c = cards[ws + j - 1] if j <= nw else cards[ss + ns - (j - nw)]
        if (j != nw or r >= 0) and self._fits(c, r, side):
            return True  # (the waste's top itself is played from where it is: steps 1, 3)
        j += draw
    return False


def _fits(self, c, r, side):
    # _possible's test of one card: of rank r and colour side, or (r < 0) playable somewhere
    if r >= 0:
        return c % 13 == r and (c // 13) & 1 == side
    if self._goes(c) >= 0:
        return True
    size = self._size
    cards = self._cards
    start = self._start
    cr = c % 13 + 1
    cc = (c // 13) & 1
    for t in range(_TABLEAU, _PILES):
        n = size[t]
        if n:
            top = cards[start[t] + n - 1]
            if top % 13 == cr and (top // 13) & 1 != cc:
                return True
        elif cr == 13:
            return True
    return False


def _to_tableau(self, buf, n, cap, src, k, b):
    # append every non-empty tableau pile taking the run of k cards from src whose bottom card
    # is b, then for a King the first space (spaces are alike: one is enough)
    size = self._size
    cards = self._cards
    start = self._start
    r = b % 13 + 1
    col = (b // 13) & 1
    for dst in range(_TABLEAU, _PILES):
        dn = size[dst]
        if dst != src and dn:
            t = cards[start[dst] + dn - 1]
            if t % 13 == r and (t // 13) & 1 != col and n < cap:
                buf[n] = (src << 11) | (dst << 6) | k
                n += 1
    if r == 13:
        for dst in range(_TABLEAU, _PILES):
            if size[dst] == 0:
                if n < cap:
                    buf[n] = (src << 11) | (dst << 6) | k
                    n += 1
                break
    return n


def _productive(self, buf, n, cap, src, k, b, first):
    # append every tableau pile taking the run of k cards from src (bottom card b), which frees
    # the card under it for its foundation; onto a top that could go to its foundation too the
    # move only trades one card home for the other (of the same rank and colour), so there it
    # is listed only when the card freed is its pile's first face-up card (first: going home
    # it turns a card up), else that top goes home from where it is
    size = self._size
    cards = self._cards
    start = self._start
    r = b % 13 + 1
    col = (b // 13) & 1
    for dst in range(_TABLEAU, _PILES):
        dn = size[dst]
        if dst != src and dn:
            t = cards[start[dst] + dn - 1]
            if t % 13 == r and (t // 13) & 1 != col and n < cap and (
                    first or self._goes(t) < 0):
                buf[n] = (src << 11) | (dst << 6) | k
                n += 1
    return n


def _wants(self, c, up):
    # §7: card c (on a foundation: up, or a tableau pile's top that could go home)
    # is wanted in the tableau when a card can then go onto it productively: a face-up tableau
    # card heading a run whose move would be a hint (the whole face-up part, or part of it
    # freeing a card for its foundation: for a tableau top only the pile's first face-up card,
    # as _productive lists them), a card the stock can bring, or a foundation's top that can come
    # down onto it for such a card (a chain); never a card that is safe at home (_goes_up)
    if c % 13 == 0 or self._goes_up(c):
        return False
    size = self._size
    cards = self._cards
    start = self._start
    down = self.down
    r = c % 13 - 1
    col = ((c // 13) & 1) ^ 1
    while r >= 0:
        for p in range(_TABLEAU, _PILES):
            n = size[p]
            s = start[p]
            d = down[p - _TABLEAU]
            for i in range(d, n):
                b = cards[s + i]
                if b % 13 == r and (b // 13) & 1 == col and (i == d or (
                        (up or (i - 1 == d and d > 0)) and self._goes(cards[s + i - 1]) >= 0)):
                    return True
        if self._possible(r, col):
            return True
        # the next link: a foundation's top of that rank and colour, to come down too
        link = False
        for g in range(_FOUNDATION, _TABLEAU):
            if size[g] == r + 1 and (cards[start[g]] // 13) & 1 == col:
                link = True
                break
        if not link:
            return False
        r -= 1
        col ^= 1
    return False


def hints(self, buf):
    # every productive move, in the rules file's hint order (§7), into buf; returns how many
    # (at most len(buf): hint() asks for one and stops there)
    cap = len(buf)
    size = self._size
    cards = self._cards
    start = self._start
    down = self.down
    n = 0
    # 1. a tableau pile's top, left to right, then the waste's top, to its foundation; a top
    # the tableau still wants (_wants) waits for step 5
    for p in range(_TABLEAU, _PILES + 1):
        if p == _PILES:
            p = _WASTE
        if size[p] and n < cap:
            c = cards[start[p] + size[p] - 1]
            f = self._goes(c)
            if f >= 0 and (p == _WASTE or not self._wants(c, False)):
                buf[n] = (p << 11) | (f << 6) | 1
                n += 1
    # 2. tableau runs, pile by pile: the whole face-up part when it turns a card up or empties
    # its pile (not a King alone on its pile: a space for a space), and a part of it when the
    # card it uncovers can go to its foundation
    for p in range(_TABLEAU, _PILES):
        sn = size[p]
        if sn == 0:
            continue
        s = start[p]
        d = down[p - _TABLEAU]
        b = cards[s + d]
        if d or b % 13 != _KING:
            n = self._to_tableau(buf, n, cap, p, sn - d, b)
        for i in range(d + 1, sn):
            if self._goes(cards[s + i - 1]) >= 0:
                n = self._productive(buf, n, cap, p, sn - i, cards[s + i], i - 1 == d and d > 0)
    # 3. the waste's top onto the tableau
    if size[_WASTE]:
        n = self._to_tableau(buf, n, cap, _WASTE, 1, cards[start[_WASTE] + size[_WASTE] - 1])
    # 4. turn the stock, or recycle the waste, when a card it can bring can be played
    if n < cap and (size[_STOCK] or (size[_WASTE] and (
            not self.limit or self.recycles < self.max_redeals))) and self._possible(-1, 0):
        buf[n] = self.turn if size[_STOCK] else _RECYCLE
        n += 1
    # 5. the tableau tops step 1 left for later, to their foundations
    for p in range(_TABLEAU, _PILES):
        if size[p] and n < cap:
            c = cards[start[p] + size[p] - 1]
            f = self._goes(c)
            if f >= 0 and self._wants(c, False):
                buf[n] = (p << 11) | (f << 6) | 1
                n += 1
    # 6. a foundation's top card down onto the tableau, when a card can then go onto it
    for f in range(_FOUNDATION, _TABLEAU):
        if size[f] and n < cap and self._wants(cards[start[f] + size[f] - 1], True):
            n = self._to_tableau(buf, n, cap, f, 1, cards[start[f] + size[f] - 1])
    return n


def status(self):
    if self.home() == _DECK:
        return WON
    if self.hint() == NO_MOVE:
        return LOST
    return PLAYING
