# Solitario Solar's search, imported at the first search (engine/solar_hints.py): the
# loss search (can free moves, with the forced plays and choices they bring, still launch a
# rocket lying in the waste?) and "Can I still win?" (can the game's own moves, turns of the
# stock included: its order is fixed by the deal, launch all four?). It runs on the device
# after a key press, so it is iterative (an explicit stack), bounded by a node cap, and
# allocates nothing: its Search and buffers (Search.__init__, none over 1 KB) are made on the
# first run and kept by the game until the app rests it (a box over the table, the game over).
#
# Only four piles ever change in the loss search, one per rocket: its pad while the rocket is
# out, its station once it is home. Every other pile is frozen (a closed pad, a shut station),
# and the waste only loses its top. So:
# - A proof first, before any search: the loss search asks whether the waste could be dug to
#   its top rocket, and the rocket launched, if cards never covered one another (_possible).
#   Every card that can ever come to a pile's top, or be moved, is found that way, so "no"
#   proves the loss at once; it settles most dead endgames whose free moves are countless.
#   The rocket's pad must then come to show its number twice on top: only the pad's own
#   cards, or cards so found that match one that may top it (never a pad's dealt card), can.
#   (Run again wherever a card leaves the waste, it decided a few more 64-card endgames but
#   made the slowest searches half as slow again: it runs before the search only.)
# - Then depth-first over positions. A node's moves, the rules' own (engine/solar_rules.py _gen;
#   listed here from what the search keeps, which is faster: tests/test_solar_search.py checks
#   every node of whole searches against the rules), are ranked with those that dig the waste
#   first: the waste top to a station, then moves off the pile where the card the waste top
#   needs lies shallowest (when the waste top is a rocket: a card showing its number twice, on
#   its pad), and the pour under way (the move that brought the search here) before others.
#   Each depth's list is kept (a byte a move) with which move is next; the path keeps each card
#   step, forced plays flagged, and the way found is read back off it.
# - The visited table is exact, so NO_RESCUE is a proof: each position is a key (per pile that
#   can change how many of its bottom cards are still those of the search's start, kept up to
#   date card step by card step, and the cards above them; the stock's size when it turns; the
#   loss search's waste and hand follow from its four piles, as cards are never lost), found
#   through an open-addressed index by hash and confirmed byte by byte. The table has two
#   generations: when the newer is full the older is forgotten. A forgotten position met again
#   is searched again, which costs time, never a wrong answer: a position in the table has had,
#   or is having, every move tried. Only the node cap (or a path deeper than the stack) makes
#   the answer CANT_TELL.
from micropython import const

RESCUE = const(0)  # done: a rocket launched (win: the game won); the way's first move in rescue
NO_RESCUE = const(1)  # proved: no sequence of moves does it
CANT_TELL = const(2)  # a limit was reached first

_POOL = const(1012)  # bytes of stored keys per generation (offsets / 4 fit a byte below _FREE)
_SLACK = const(12)  # bytes after _POOL (1 KB in all): a key's one-byte piles are written before
# its length is checked, from _POOL + 1 at most (an entry starts at a multiple of 4): the
# stock's and ten piles' bytes to win
_SLOTS = const(128)  # index slots per generation (a power of two, above _LOAD)
_LOAD = const(80)  # positions a generation holds at most (_POOL binds first: long searches'
# keys average ~25 B)
_DEPTH = const(230)  # moves on the path (deeper lines are cut: CANT_TELL)
_STEPS = const(240)  # card steps on the path: its moves and their forced plays (fuller: cut)
_STACK = const(700)  # the moves listed at each depth of the path, a byte each, and how many
_FORCED = const(128)  # a path step's flag: a forced play, part of the move before it
_EMPTY = const(0xFFFF)  # NO_MOVE
_FREE = const(255)  # an empty index slot (a slot holds an entry's offset / 4)
_MASK = const(0x1FFFFFF)  # keeps the rolling hash below 2**30 after a 5-bit shift
# nodes after which the game's think(True) is called (the UI shows that it is thinking): about
# 0.25 s on a SAMD51 at ~3 ms a position, so every search over 0.3 s shows it (python -m
# sim.solar_endgames --board measures the searches)
THINK = const(80)


class Search:
    def __init__(self, game):
        # the buffers, each its own object (none over 1 KB): the two generations' pools and
        # indexes (a key is written in the newer pool, where it is kept if new), the start's
        # piles back to back, how many of each pile's bottom cards are still the start's / where
        # it starts there / its size / (from 33) _moves' depths of a needed card (same[0]: the
        # positions in the newer generation), the next move of each depth, the path's card
        # steps, the lists of moves of the path's depths back to back (each followed by its
        # length), the ranks of the list being made or the card flags of _possible, the piles
        # a key holds (0 after the last), the waste (1) and the piles that can change
        # (Game._changing), dests those piles alone (a view: where _moves' cards go)
        self.game = game
        self.pool = bytearray(_POOL + _SLACK)
        self.old = bytearray(_POOL + _SLACK)
        self.index = bytearray(_SLOTS)
        self.old_index = bytearray(_SLOTS)
        self.cards = bytearray(64)
        self.same = bytearray(43)
        self.next = bytearray(_DEPTH + 1)
        self.steps = bytearray(_STEPS)
        self.ms = bytearray(_STACK)
        self.rank = bytearray(24)
        self.piles = bytearray(11)
        self.srcs = bytearray(5)
        self.srcs[0] = 1
        self.dests = memoryview(self.srcs)[1:]
        self.depth = self.used = self.nodes = self.end = self.after = self.fit = 0
        self.win = False

    # ---- making and taking back moves without the undo log ------------------------------------

    def _step(self, s, d):
        # one card from s to d (the game's wasted kept), and how many bottom cards of s and d are
        # the start's (same[p]; where pile p starts in cards: same[11 + p], its size there:
        # same[22 + p])
        g = self.game
        size = g._size
        start = g._start
        cards = g._cards
        same = self.same
        n = size[s] - 1
        if same[s] > n:
            same[s] = n
        c = cards[start[s] + n]
        i = size[d]
        cards[start[d] + i] = c
        size[s] = n
        size[d] = i + 1
        if g._rk[c] != 255:
            if d == 1:
                g.wasted += 1
            elif s == 1:
                g.wasted -= 1
        if same[d] == i and i < same[22 + d] and self.cards[same[11 + d] + i] == c:
            same[d] = i + 1

    def _make(self, m):
        # the move m (s * 11 + d, 0: the turn) and the forced plays it brings onto the path;
        # False (nothing made) if the path is full
        g = self.game
        steps = self.steps
        top = i = self.depth
        s = m // 11
        d = g._turn_to() if s == 0 else m % 11
        flag = 0
        while True:
            if i >= _STEPS:
                self._back(top)
                return False
            self._step(s, d)
            steps[i] = s * 11 + d + flag
            i += 1
            self.depth = i
            if 6 <= s < 10 and d >= 6:
                self.fit = 0  # between stations: no pad's top changed, nothing waits (as
                return True  # before the move: a free move is made only then)
            k = self._fits()
            if k == 0 or k & (k - 1):
                return True
            s = 1
            d = 2 + (k >> 1) - (k >> 3)  # 1, 2, 4, 8 -> pad 0, 1, 2, 3
            flag = _FORCED

    def _fits(self):
        # the pads the waiting card fits (the hand's, else the waste top's: Game._forced) into
        # fit, where _moves reads it; returns it, or 15 for a card in the hand (never forced)
        g = self.game
        size = g._size
        p = 10 if size[10] else 1
        self.fit = f = g._fit_mask(g._cards[g._start[p] + size[p] - 1]) if size[p] else 0
        return 15 if p == 10 else f

    def _back(self, n):
        # take back the last move on the path with its forced plays (n < 0), or every move
        # down to n card steps
        steps = self.steps
        i = self.depth
        while i > n and i:
            i -= 1
            s = steps[i] & 127
            self._step(s % 11, s // 11)
            if n < 0 and s == steps[i]:  # (not a forced play: the move itself)
                break
        self.depth = i

    def way(self, i):
        # the move of the way found that starts at path step i (0: its first), else NO_MOVE;
        # after: the step where the next one starts. The path's steps stay in the buffer after
        # the search, until the next one
        steps = self.steps
        if i >= self.end:
            return _EMPTY
        s = steps[i]
        i += 1
        while i < self.end and steps[i] >= _FORCED:
            i += 1
        self.after = i
        return 65 if s < 11 else ((s // 11) << 11) | ((s % 11) << 6) | 1

    def _done(self, win, wasted):
        # True when the path launched a wasted rocket (win: brought all four home): the way is
        # then kept (end; its first move in the game's rescue) and the path taken back
        g = self.game
        if win:  # all four rockets home: each pad's top is its rocket
            for k in range(4):
                if g._rk[g._cards[g._start[2 + k] + g._size[2 + k] - 1]] != k:
                    return False
        elif g.wasted >= wasted:
            return False
        self.end = self.depth
        g.rescue = self.way(0)  # the way's first move
        self._back(0)
        return True

    def _moves(self, win, at):
        # this position's moves into ms from at, each as s * 11 + d (0: the turn), returns how
        # many, or -1 if ms has no room: the rules' moves, as engine/solar_rules.py _gen lists
        # them and in its order (tests/test_solar_search.py checks that they are the same), but
        # not the move that takes back the one that led here (its position is the one before,
        # on the path), ranked so that a rescue is met early (see the top of this file) and
        # sorted by rank, ties in the rules' order. Listed here rather than read off _gen, which
        # works out afresh at every node what the search keeps (the piles that can change, a
        # waiting card's pads from _fits) and packs moves this would unpack: the search runs
        # about a fifth faster so (python -m sim.solar_endgames --board)
        if at + 17 > _STACK:
            return -1
        g = self.game
        ms = self.ms
        j = at
        size = g._size
        f = self.fit
        if f:  # a waiting card goes to a pad it fits, and nothing else moves
            s = 110 if size[10] else 11
            for k in range(4):
                if (f >> k) & 1:
                    ms[j] = s + 2 + k
                    j += 1
            return j - at
        rank = self.rank
        if win and size[0]:  # the turn: first if the card goes onto a pad or waits, else after
            ms[j] = 0  # the moves that dig the waste or launch
            rank[0] = 1 if g._turn_to() == 1 else 0
            j += 1
        if g.wasted == 0:
            return j - at
        if win:
            g._changing(self.srcs, 1)  # a rocket launched during the search changes them
        cards = g._cards
        start = g._start
        mt = g._mt
        rk = g._rk
        stride = g._stride
        # the move that led here, when no forced play followed it: the pour under way, and
        # its reverse is not listed
        last = rev = 255
        i = self.depth - 1
        if i >= 0 and self.steps[i] < _FORCED:
            last = self.steps[i]
            rev = (last % 11) * 11 + last // 11
        dests = self.dests
        tops = g._tops  # each pile's top card (255: none), as _gen keeps them
        top = self.same  # from 33 + p, per changing pile p: cards above the shallowest card the
        # waste top needs there (9: none within 8; 255: not looked at yet). What it needs: a
        # card it matches, or (a rocket k) one showing k twice on pad k, whose row of the match
        # table is the rocket's
        tops[1] = w = cards[start[1] + size[1] - 1] if size[1] else 255
        for p in dests:
            tops[p] = cards[start[p] + size[p] - 1] if size[p] else 255
            top[33 + p] = 255
        k = rk[w] if w != 255 else 255
        need = (g._rocket[k] if k != 255 else w) * stride
        for s in self.srcs:  # the waste (to a station only: its top fits no pad), then the
            c = tops[s]  # changing piles
            if c == 255 or rk[c] != 255 or (1 < s < 6 and size[s] == 1):
                continue  # a wasted rocket that fits no pad; a pad's dealt card never moves
            row = c * stride
            for d in dests:
                if d == s or (s == 1 and d < 6):
                    continue
                t = tops[d]
                if t == 255:
                    if s >= 6:
                        continue  # a station's first card comes from the waste or a pad
                    t = g._rocket[d - 6]
                if not (mt[row + (t >> 3)] >> (t & 7)) & 1:
                    continue
                m = s * 11 + d
                if m == rev:
                    continue
                if s == 1:
                    r = 0  # the waste top to a station
                elif k != 255 and d == 2 + k and (mt[need + (c >> 3)] >> (c & 7)) & 1:
                    r = 0  # the rocket's pad gets a card showing its number twice: it launches
                else:
                    r = top[33 + s]
                    if r == 255:  # how deep the card the waste top needs lies in s, once
                        n = size[s]
                        r = 9
                        if w != 255 and (k == 255 or s == 2 + k):
                            b = start[s]
                            i2 = n - 2
                            while i2 >= 0 and n - i2 < 10:
                                t = cards[b + i2]
                                if (mt[need + (t >> 3)] >> (t & 7)) & 1:
                                    r = n - 1 - i2
                                    break
                                i2 -= 1
                        top[33 + s] = r
                    r = 2 * r + 2 - (m == last)
                ms[j] = m
                rank[j - at] = r
                j += 1
        n = j - at
        # insertion sort by rank, stable
        for i in range(1, n):
            m = ms[at + i]
            r = rank[i]
            j = i - 1
            while j >= 0 and rank[j] > r:
                ms[at + j + 1] = ms[at + j]
                rank[j + 1] = rank[j]
                j -= 1
            ms[at + j + 1] = m
            rank[j + 1] = r
        return n

    # ---- the proof before the search --------------------------------------------------------

    def _possible(self):
        # False proves that no free moves launch a wasted rocket: not even if cards never
        # covered one another. Cards that may come to a top are flagged (by the match table's
        # bit layout): the tops; then, while some pile's lowest flagged card could go onto a
        # flagged card (or is a pad's card that could start a station that could be empty),
        # the card under it too. Then each waste card above the top rocket in turn must be
        # able to go so, and is flagged; last, a card that could top the rocket's pad must show
        # the rocket's number twice. In real play every card that is ever on a top, or moved,
        # is flagged by then (each move needs such a place), so False is a proof
        g = self.game
        size = g._size
        cards = g._cards
        start = g._start
        home = g.home  # (kept by the game; the search's own moves leave it as at the start)
        e = self.rank  # 8 bytes of flags, then per changing pile the cards not yet freed, then
        # 8 bytes: the cards that may top the rocket's pad
        for i in range(8):
            e[i] = 0
        c = 255
        for q in range(4):
            p = 6 + q if (home >> q) & 1 else 2 + q
            n = e[8 + q] = size[p]
            if n:
                c = cards[start[p] + n - 1]
                e[c >> 3] |= 1 << (c & 7)
        if size[10]:
            c = cards[start[10]]
            e[c >> 3] |= 1 << (c & 7)
        w = size[1]
        while True:
            more = True  # free what can be freed, until nothing changes
            while more:
                more = False
                for q in range(4):
                    n = e[8 + q]
                    station = (home >> q) & 1
                    p = 6 + q if station else 2 + q
                    if n > 1 - station and self._goes(cards[start[p] + n - 1], not station):
                        n -= 1
                        e[8 + q] = n
                        if n:
                            c = cards[start[p] + n - 1]
                            e[c >> 3] |= 1 << (c & 7)
                        more = True
            w -= 1  # the next waste card
            if w < 0:
                return True
            c = cards[start[1] + w]
            k = g._rk[c]
            if k != 255:
                break
            if not self._goes(c, True):
                return False
            e[c >> 3] |= 1 << (c & 7)
        # the waste dug to rocket k: pad k's top must come to show k twice. The cards that may
        # top pad k (8 bytes of flags after the others): its own flagged ones, then (until none
        # is added) any flagged card that matches one of them, as only such a card can be
        # moved there; the other pads' dealt cards never move
        mt = g._mt
        stride = g._stride
        for i in range(16, 24):
            e[i] = 0
        b = start[2 + k]
        for i in range(b + e[8 + k] - 1, b + size[2 + k]):
            c = cards[i]
            e[16 + (c >> 3)] |= 1 << (c & 7)
        for q in range(4):
            if q != k:
                c = cards[start[2 + q]]
                e[c >> 3] &= ~(1 << (c & 7))
        more = True
        while more:
            more = False
            for c in range(g.deck):
                if (e[c >> 3] >> (c & 7)) & 1 and not (e[16 + (c >> 3)] >> (c & 7)) & 1:
                    b = c * stride
                    for i in range(stride):
                        if mt[b + i] & e[16 + i]:
                            e[16 + (c >> 3)] |= 1 << (c & 7)
                            more = True
                            break
        b = g._rocket[k] * stride
        for i in range(stride):
            if mt[b + i] & e[16 + i]:
                return True
        return False

    def _goes(self, c, empty):
        # could card c go onto a flagged card, or (empty) start a station that could be empty?
        g = self.game
        mt = g._mt
        e = self.rank
        row = c * g._stride
        for i in range(g._stride):
            if mt[row + i] & e[i]:
                return True
        if empty:
            for s in range(4):
                t = g._rocket[s]
                if (g.home >> s) & 1 and e[8 + s] == 0 and (mt[row + (t >> 3)] >> (t & 7)) & 1:
                    return True
        return False

    # ---- the visited table ----------------------------------------------------------------

    def _seen(self):
        # True if this position was stored already (in either generation), else False after
        # storing it in the newer one (which first becomes the older, the older forgotten, when
        # it is full). The key, written where it would be stored (and again at the start of a
        # fresh newer pool if it does not fit there): the stock's size (win only), then per pile
        # the key holds 255 if it is as at the start, 128 + how many of its bottom cards are the
        # start's if it only lost cards, else that many, how many lie above them, and which.
        # Exact, and short: a search mostly moves top cards. The hash takes each pile's sizes
        # and top card only (the key confirms). A key always fits an empty pool: 21 bytes at
        # most besides its cards, 64 at most
        g = self.game
        same = self.same
        cards = g._cards
        start = g._start
        size = g._size
        piles = self.piles
        full = same[0] >= _LOAD
        while True:
            if full:
                # the newer generation is full: it becomes the older, the older is forgotten
                self.pool, self.old = self.old, self.pool
                self.index, self.old_index = self.old_index, self.index
                index = self.index
                for i in range(_SLOTS):
                    index[i] = _FREE
                self.used = same[0] = 0
            key = self.pool
            at0 = n = self.used + 1
            h = 0
            if self.win:  # the stock, which can change
                h = key[n] = size[0]
                n += 1
            for p in piles:
                if p == 0:
                    break
                s = same[p]
                c = size[p]
                if c == s:  # as at the start, or only cards taken off: one byte
                    c = 255 if s == same[22 + p] else 128 + s
                    key[n] = c
                    n += 1
                    h = ((h & _MASK) << 5) ^ (h >> 25) ^ c
                    continue
                if n + 2 + c - s > _POOL - 2:
                    break  # no room (p is not 0)
                key[n] = s
                key[n + 1] = c - s
                n += 2
                c += start[p]
                h = ((h & _MASK) << 5) ^ (h >> 25) ^ (s << 6 | (c - s)) ^ (cards[c - 1] << 12)
                for i in range(start[p] + s, c):
                    key[n] = cards[i]
                    n += 1
            full = p != 0 or n > _POOL - 2  # (one-byte piles may end in _SLACK)
            if not full:
                break
        n -= at0
        h = (h ^ (h >> 8) ^ (h >> 16)) & (_SLOTS - 1)
        for gen in range(2):  # the newer generation, then the older
            pool = self.old if gen else key
            index = self.old_index if gen else self.index
            slot = h
            while index[slot] != _FREE:
                at = 4 * index[slot] + 1
                if pool[at - 1] == n:
                    i = 0
                    while i < n and pool[at + i] == key[at0 + i]:
                        i += 1
                    if i == n:
                        if not gen:
                            return True
                        gen = 2  # met again from the older generation: the newer keeps it too
                        break
                slot = (slot + 1) & (_SLOTS - 1)
            if gen == 2:
                break
            if not gen:
                free = slot
        key[at0 - 1] = n
        self.index[free] = (at0 - 1) >> 2
        self.used = (at0 + n + 3) & ~3  # entries start at offsets that are multiples of 4
        same[0] += 1  # positions in the newer generation
        return gen == 2

    # ---- the search -------------------------------------------------------------------------

    def run(self, cap, win):
        # RESCUE, NO_RESCUE or CANT_TELL for the game's position, which is left as it was:
        # win False, can free moves launch a wasted rocket; win True, can the game be won. At
        # most cap new positions are reached; past THINK of them the game's think(True) is
        # called, and think(False) when the search ends
        g = self.game
        g.rescue = _EMPTY  # the way's first move, once found
        self.depth = self.used = self.same[0] = self.nodes = self.end = 0
        # the piles a key holds (0 after the last): every one (and the stock's size) to win;
        # else the four that can change, which the loss search does not change (a launch ends
        # it). They tell the waste and the hand too: every other pile is frozen, so the cards
        # not on the four are in those two, and the waste only loses its top cards, the hand
        # its one card
        self.win = win
        g._changing(self.srcs, 1)  # (the loss search ends at a launch: they stay)
        self._fits()
        piles = self.piles
        if win:
            for i in range(10):
                piles[i] = i + 1
            piles[10] = 0
        else:
            for i in range(4):
                piles[i] = self.dests[i]
            piles[4] = 0
        wasted = g.wasted
        if not win and wasted == 0:
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
            self.index[i] = _FREE
            self.old_index[i] = _FREE
        if not win and not self._possible():
            return NO_RESCUE
        self._seen()
        nxt = self.next
        ms = self.ms
        d = at = 0
        nxt[0] = 0
        n = self._moves(win, 0)
        ms[n] = n
        for i in range(n):  # a move that does it at once is found first, whatever its rank
            if self._make(ms[i]):
                if self._done(win, wasted):
                    return RESCUE
                self._back(0)
        result = NO_RESCUE
        i = nodes = 0  # the next move of depth d's list; new positions reached
        while True:
            if i >= n:
                if d == 0:
                    break
                d -= 1
                self._back(-1)
                n = ms[at - 1]  # the list of each depth is followed by its length
                at -= n + 1
                i = nxt[d]
                continue
            m = ms[at + i]
            i += 1
            if not self._make(m):
                result = CANT_TELL  # the path is full: this line is not searched
                continue
            if (win or g.wasted < wasted) and self._done(win, wasted):
                result = RESCUE  # (a rocket left the waste, or the four might be home)
                break
            if self._seen():
                self._back(-1)
                continue
            nodes += 1
            if nodes == THINK and g.think is not None:
                g.think(True)
            if nodes > cap:
                self._back(0)
                result = CANT_TELL
                break
            k = -1 if d + 1 >= _DEPTH else self._moves(win, at + n + 1)
            if k < 0:
                self._back(-1)
                result = CANT_TELL  # too deep: this line is not searched further
                continue
            nxt[d] = i
            at += n + 1
            d += 1
            i = 0
            n = k
            ms[at + n] = n
        self.nodes = nodes
        if self.nodes >= THINK and g.think is not None:
            g.think(False)
        return result
