# Klondike's hints and the end (docs/rules/klondike.md §7, §9), methods of engine.klondike.Game
# written here: every productive move in the rules file's hint order, and status() (lost when no
# productive move is left: status() asks for the first hint after every move, which is why these
# are the game's own methods and not a module imported on demand). Which moves are productive is
# what the rules file's §7 says, from the two dominances Blake & Gent prove for Klondike
# (docs/solver.md): a run is moved from the middle of a pile only to free a card for its
# foundation, and a card comes down from a foundation only for a card to go onto it.
# Pile numbers as in engine/klondike.py.
from micropython import const
from engine.game import LOST, NO_MOVE, PLAYING, WON

_STOCK = const(0)
_WASTE = const(1)
_FOUNDATION = const(2)
_TABLEAU = const(6)
_PILES = const(13)
_DECK = const(52)
_KING = const(12)


def _heights(self):
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


def safe_home(self, c):
    # True if card c, which its foundation takes now, may go home without losing any win (Blake
    # & Gent's safe move for alternate colours with cards coming back from the foundations): its
    # rank is at most 2 above both foundations of the other colour and 3 above the other suit of
    # its colour, so no card it could hold in the tableau needs it
    height = self._heights()
    r = c % 13 + 1
    s = c // 13
    o1 = height[(s + 1) & 3]
    o2 = height[(s + 3) & 3]
    return r <= (o1 if o1 < o2 else o2) + 2 and r <= height[s ^ 2] + 3


def _cycle(self, r, col):
    # True if a card the stock can still bring to the waste's top (turning on, then recycling
    # while the profile allows, no card played meanwhile) is of rank r (0-based) and colour col,
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
        if c % 13 == r and (c // 13) & 1 == col:
            return True
    # this pass: the stock's cards from its top, j = 1..ns
    j = draw
    while True:
        if j > ns:
            if j - draw >= ns:
                break
            j = ns  # the pass's last turn, with fewer cards
        c = cards[ss + ns - j]
        if self._fits(c, r, col):
            return True
        j += draw
    if self.limited and self.recycles >= self.most_recycles:
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
        if (j != nw or r >= 0) and self._fits(c, r, col):
            return True  # (the waste's top itself is played from where it is: steps 1, 3)
        j += draw
    return False


def _fits(self, c, r, col):
    # _cycle's test of one card: of rank r and colour col, or (r < 0) playable somewhere
    if r >= 0:
        return c % 13 == r and (c // 13) & 1 == col
    if self._home(c) >= 0:
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


def _freeing(self, buf, n, cap, src, k, b, lowest):
    # append every tableau pile taking the run of k cards from src (bottom card b), which frees
    # the card under it for its foundation; onto a top that could go to its foundation too the
    # move only trades one card home for the other (of the same rank and colour), so there it
    # is listed only when the card freed is its pile's lowest face-up card (lowest: going home
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
                    lowest or self._home(t) < 0):
                buf[n] = (src << 11) | (dst << 6) | k
                n += 1
    return n


def _wanted(self, c, down_from_home):
    # §7: card c (on a foundation: down_from_home, or a tableau pile's top that could go home)
    # is wanted in the tableau when a card can then go onto it productively: a face-up tableau
    # card heading a run whose move would be a hint (the whole face-up part, or part of it
    # freeing a card for its foundation: for a tableau top only the pile's lowest face-up card,
    # as _freeing lists them), a card the stock can bring, or a foundation's top that can come
    # down onto it for such a card (a chain); never a card that is safe at home (safe_home)
    if c % 13 == 0 or self.safe_home(c):
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
                        (down_from_home or (i - 1 == d and d > 0)) and self._home(cards[s + i - 1]) >= 0)):
                    return True
        if self._cycle(r, col):
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
    # the tableau still wants (_wanted) waits for step 5
    for p in range(_TABLEAU, _PILES + 1):
        if p == _PILES:
            p = _WASTE
        if size[p] and n < cap:
            c = cards[start[p] + size[p] - 1]
            f = self._home(c)
            if f >= 0 and (p == _WASTE or not self._wanted(c, False)):
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
            if self._home(cards[s + i - 1]) >= 0:
                n = self._freeing(buf, n, cap, p, sn - i, cards[s + i], i - 1 == d and d > 0)
    # 3. the waste's top onto the tableau
    if size[_WASTE]:
        n = self._to_tableau(buf, n, cap, _WASTE, 1, cards[start[_WASTE] + size[_WASTE] - 1])
    # 4. turn the stock, or recycle the waste, when a card it can bring can be played
    if n < cap and (size[_STOCK] or (size[_WASTE] and (
            not self.limited or self.recycles < self.most_recycles))) and self._cycle(-1, 0):
        buf[n] = self.turn if size[_STOCK] else self.recycle
        n += 1
    # 5. the tableau tops step 1 left for later, to their foundations
    for p in range(_TABLEAU, _PILES):
        if size[p] and n < cap:
            c = cards[start[p] + size[p] - 1]
            f = self._home(c)
            if f >= 0 and self._wanted(c, False):
                buf[n] = (p << 11) | (f << 6) | 1
                n += 1
    # 6. a foundation's top card down onto the tableau, when a card can then go onto it
    for f in range(_FOUNDATION, _TABLEAU):
        if size[f] and n < cap and self._wanted(cards[start[f] + size[f] - 1], True):
            n = self._to_tableau(buf, n, cap, f, 1, cards[start[f] + size[f] - 1])
    return n


def status(self):
    if self.home() == _DECK:
        return WON
    if self.hint() == NO_MOVE:
        return LOST
    return PLAYING
