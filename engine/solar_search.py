# Solitario Solar's search, imported at the first search (engine/solar_hints.py): the
# loss search (can free moves, with the forced plays and choices they bring, still launch a
# rocket lying in the waste?) and "Can I still win?" (can the game's own moves, turns of the
# stock included: its order is fixed by the deal, launch all four?). It runs on the device
# after a key press, so it is iterative (an explicit stack), bounded by a node cap, and
# allocates nothing: its Search and buffers (buffers() below, none over 1 KB) are made on the
# first run and kept by the game until the app rests it (a box over the table, the game over).
#
# Depth-first over positions, moves that dig the waste tried first. The stack keeps, per depth,
# only which move is next and how many card steps the move made; a node's moves are written
# again when the search comes back to it (same position, same list), so no list per depth.
# The visited table is exact, so NO_RESCUE is a proof: each position is a key (the stock's size;
# then per pile how many of its bottom cards are still those of the search's start, kept up to
# date card step by card step, and the cards above them) stored in a pool of _POOL bytes, found
# through an open-addressed index of _SLOTS offsets by hash and confirmed byte by byte. When the
# pool, the index, the depth or the node cap runs out the answer is CANT_TELL, never NO_RESCUE.
from array import array

from micropython import const

RESCUE = const(0)  # done: a rocket launched (win: the game won); first is the way's first move
NO_RESCUE = const(1)  # proved: no sequence of moves does it
CANT_TELL = const(2)  # a limit was reached first

_POOL = const(768)  # bytes of stored keys (48 heap blocks; ~23 bytes a position: ~33 kept)
_SLOTS = const(64)  # index slots (a power of two)
_FULL = const(36)  # positions kept at most (a search reaches 30 new ones: solar_hints.py)
_DEPTH = const(36)  # each move on the path reaches a position not seen before: <= _FULL
_STEPS = const(96)  # card steps on the path: _DEPTH moves + forced plays (one per card)
_KEY = const(96)  # longest key: 1 + 2 bytes for each of 10 piles + 64 cards
_MOVES = const(80)  # one node's moves: the game's check() list (73 at most), lent to the search
_EMPTY = const(0xFFFF)
_MASK = const(0x1FFFFFF)  # keeps the rolling hash below 2**30 after a 5-bit shift


def buffers():
    # (pool, index, key, the start's piles back to back, where each starts there / its size /
    # how many of its bottom cards are still the start's, the next move of each depth, card
    # steps each depth's move made, the path's card steps). A node's moves go into the game's
    # own list of check() (engine/solar.py _buf: nothing else writes it while a search runs)
    return (bytearray(_POOL), array("H", range(_SLOTS)), bytearray(_KEY), bytearray(64),
            bytearray(33), bytearray(_DEPTH + 1), bytearray(_DEPTH + 1), bytearray(_STEPS))


class Search:
    def __init__(self, game, b):
        self.game = game
        self.pool, self.index, self.key, self.cards, self.same, self.next, self.made, \
            self.steps = b
        self.moves = game._buf
        self.depth = self.used = self.kept = self.nodes = 0  # depth: card steps on the path
        self.first = _EMPTY  # first move of the way found, else NO_MOVE

    # ---- making and taking back moves without the undo log ------------------------------------

    def _step(self, s, d):
        # one card step, keeping how many bottom cards of s and d are the start's (same[p];
        # where pile p starts in cards: same[11 + p], its size there: same[22 + p])
        g = self.game
        size = g._size
        same = self.same
        if same[s] >= size[s]:
            same[s] = size[s] - 1
        i = size[d]
        g._step(s, d)
        if same[d] == i and i < same[22 + d] and \
                self.cards[same[11 + d] + i] == g._cards[g._start[d] + i]:
            same[d] = i + 1

    def _make(self, move):
        # the move and the forced plays it brings; returns how many card steps that made, 0
        # (nothing made) if the path is full
        g = self.game
        top = self.depth
        s = move >> 11
        d = g._turn_to() if s == 0 else (move >> 6) & 31
        while True:
            if self.depth >= _STEPS:
                self._back_to(top)
                return 0
            self._step(s, d)
            self.steps[self.depth] = s * 11 + d
            self.depth += 1
            k = g._forced()
            if k < 0:
                return self.depth - top
            s = 1
            d = 2 + k

    def _back_to(self, n):
        # take back card steps until n are left on the path
        while self.depth > n:
            self.depth -= 1
            s = self.steps[self.depth]
            self._step(s % 11, s // 11)

    def _moves(self, win):
        # this position's moves into self.moves, those likely to dig the waste first (the
        # waste top to a station, or a pad top lifted off a card the waste top fits: a forced
        # play follows), so a rescue is met early; returns how many, or -1 if too many
        g = self.game
        moves = self.moves
        n = g._gen(moves, 0, win)
        if n > _MOVES:
            return -1
        size = g._size
        if size[10] or size[1] == 0:
            return n
        cards = g._cards
        start = g._start
        w = cards[start[1] + size[1] - 1]
        k = g._rk[w]
        front = 0
        for i in range(n):
            m = moves[i]
            s = m >> 11
            good = s == 1
            if 2 <= s < 6 and (k == 255 or s == 2 + k) and size[s] > 1:
                good = g._match(w, cards[start[s] + size[s] - 2]) == 1
            if good:
                moves[i] = moves[front]
                moves[front] = m
                front += 1
        return n

    # ---- the visited table ----------------------------------------------------------------

    def _seen(self):
        # 1 if this position was stored already, else 0 after storing it; 2 when the table is
        # full (from then on the search can prove nothing). The key: the stock's size, then per
        # pile 255 if it is as at the start, else how many bottom cards are the start's, how
        # many lie above them, and which. Exact, and short: a search mostly moves top cards
        g = self.game
        key = self.key
        same = self.same
        cards = g._cards
        start = g._start
        size = g._size
        n = 1
        h = key[0] = size[0]
        for p in range(1, 11):
            s = same[p]
            c = size[p]
            if s == c == same[22 + p]:
                key[n] = 255
                n += 1
                h = ((h & _MASK) << 5) ^ (h >> 25) ^ 255
                continue
            key[n] = s
            key[n + 1] = c - s
            n += 2
            h = ((h & _MASK) << 5) ^ (h >> 25) ^ (s << 6 | (c - s))
            for i in range(start[p] + s, start[p] + c):
                key[n] = cards[i]
                n += 1
                h = ((h & _MASK) << 5) ^ (h >> 25) ^ cards[i]
        pool = self.pool
        index = self.index
        slot = (h ^ (h >> 8) ^ (h >> 16)) & (_SLOTS - 1)
        while index[slot] != _EMPTY:
            at = index[slot]
            if pool[at] == n:
                i = 0
                while i < n and pool[at + 1 + i] == key[i]:
                    i += 1
                if i == n:
                    return 1
            slot = (slot + 1) & (_SLOTS - 1)
        if self.used + n + 1 > _POOL or self.kept >= _FULL:
            return 2
        at = self.used
        pool[at] = n
        for i in range(n):
            pool[at + 1 + i] = key[i]
        index[slot] = at
        self.used = at + n + 1
        self.kept += 1
        return 0

    # ---- the search -------------------------------------------------------------------------

    def run(self, cap, win):
        # RESCUE, NO_RESCUE or CANT_TELL for the game's position, which is left as it was:
        # win False, can free moves launch a wasted rocket; win True, can the game be won. At
        # most cap new positions are reached
        g = self.game
        self.first = _EMPTY
        self.depth = self.used = self.kept = self.nodes = 0
        if not win and g.wasted == 0:
            return NO_RESCUE
        same = self.same
        n = 0
        for p in range(1, 11):
            same[11 + p] = n
            same[22 + p] = same[p] = g._size[p]
            for i in range(g._size[p]):
                self.cards[n] = g.card(p, i)
                n += 1
        for i in range(_SLOTS):
            self.index[i] = _EMPTY
        wasted = g.wasted
        self._seen()
        nxt = self.next
        made = self.made
        d = 0
        nxt[0] = 0
        n = self._moves(win)
        result = NO_RESCUE
        while True:
            if n < 0:
                result = CANT_TELL  # too many moves to list: this branch is not searched
                n = 0
            if nxt[d] >= n:
                if d == 0:
                    return result
                d -= 1
                self._back_to(self.depth - made[d])
                n = self._moves(win)
                continue
            m = self.moves[nxt[d]]
            nxt[d] += 1
            made[d] = self._make(m)
            if made[d] == 0:
                result = CANT_TELL
                continue
            if g.home == 15 if win else g.wasted < wasted:
                self._keep_path(d, win)
                return RESCUE
            seen = self._seen()
            if seen == 1:
                self._back_to(self.depth - made[d])
                continue
            self.nodes += 1
            if seen == 2 or self.nodes > cap or d >= _DEPTH:
                self._back_to(0)
                return CANT_TELL
            d += 1
            nxt[d] = 0
            n = self._moves(win)

    def _keep_path(self, d, win):
        # the way was found at depth d: its moves into the pool (free once the search is over:
        # pool[0] how many, then each move in two bytes), the move of each depth being the one
        # before next[depth] in that position's list, and back to the start. The game follows
        # the way from there without searching again (engine/solar_moves.py)
        pool = self.pool
        self._back_to(0)
        pool[0] = d + 1
        for i in range(d + 1):
            self._moves(win)
            m = self.moves[self.next[i] - 1]
            pool[1 + 2 * i] = m & 255
            pool[2 + 2 * i] = m >> 8
            self._make(m)
        self._back_to(0)
        self.first = pool[1] | pool[2] << 8
