# Solitario Solar's search, imported at the first search (engine/solar_hints.py): the
# loss search (can free moves, with the forced plays and choices they bring, still launch a
# rocket lying in the waste?) and "Can I still win?" (can the game's own moves, turns of the
# stock included: its order is fixed by the deal, launch all four?). It runs on the device
# after a key press, so it is iterative (an explicit stack), bounded by a node cap, and
# allocates nothing: its Search and buffers (buffers() below, none over 1 KB) are made on the
# first run and kept by the game until the app rests it (a box over the table, the game over).
#
# Only four piles ever change in the loss search, one per rocket: its pad while the rocket is
# out, its station once it is home. Every other pile is frozen (a closed pad, a shut station),
# and the waste only loses its top. So:
# - A proof first, before any search: the loss search asks whether the waste could be dug to
#   its top rocket, and the rocket launched, if cards never covered one another (_possible).
#   Every card that can ever come to a pile's top, or be moved, is found that way, so "no"
#   proves the loss at once; it settles most dead endgames whose free moves are countless.
# - Then depth-first over positions. A node's moves are listed with those that dig the waste
#   first: the waste top to a station, then moves off the pile where the card the waste top
#   needs lies shallowest (when the waste top is a rocket: a card showing its number twice, on
#   its pad), and the pour under way (the move that brought the search here) before others.
#   Per depth the stack keeps only which move is next; the path keeps each card step, forced
#   plays flagged, so a node's moves are written again when the search comes back to it (same
#   position, same list) and the way found is read back off the path.
# - The visited table is exact, so NO_RESCUE is a proof: each position is a key (the stock's
#   size; then per pile that can change how many of its bottom cards are still those of the
#   search's start, kept up to date card step by card step, and the cards above them), found
#   through an open-addressed index by hash and confirmed byte by byte. The table has two
#   generations: when the newer is full the older is forgotten. A forgotten position met again
#   is searched again, which costs time, never a wrong answer: a position in the table has had,
#   or is having, every move tried. Only the node cap (or a path deeper than the stack) makes
#   the answer CANT_TELL.
from array import array

from micropython import const

RESCUE = const(0)  # done: a rocket launched (win: the game won); first is the way's first move
NO_RESCUE = const(1)  # proved: no sequence of moves does it
CANT_TELL = const(2)  # a limit was reached first

_POOL = const(704)  # bytes of stored keys per generation (44 heap blocks)
_SLOTS = const(64)  # index slots per generation (a power of two)
_LOAD = const(48)  # positions a generation holds at most (3/4 of its slots; keys average ~22 B)
_DEPTH = const(150)  # moves on the path
_STEPS = const(214)  # card steps on the path: _DEPTH moves and at most 64 forced plays
_STACK = const(360)  # the moves listed at each depth of the path, a byte each, and how many
_FORCED = const(128)  # a path step's flag: a forced play, part of the move before it
_EMPTY = const(0xFFFF)
_MASK = const(0x1FFFFFF)  # keeps the rolling hash below 2**30 after a 5-bit shift
# nodes after which the game's think(True) is called (the UI shows that it is thinking): about
# 0.3 s on a SAMD51 (python -m sim.solar_endgames --board measures a node)
THINK = const(90)


def buffers():
    # (the two generations' pools and indexes (a key is written in the newer pool), the start's piles back to back, where each
    # starts there / its size / how many of its bottom cards are still the start's, the next
    # move of each depth and how many were listed there, the path's card steps, the lists of
    # moves of the path's depths back to back, the ranks of the list being made (and the card
    # flags of _possible))
    return (bytearray(_POOL), bytearray(_POOL), array("H", range(_SLOTS)),
            array("H", range(_SLOTS)), bytearray(64), bytearray(33),
            bytearray(_DEPTH + 1), bytearray(_STEPS), bytearray(_STACK), bytearray(16),
            bytearray(4))


class Search:
    def __init__(self, game, b):
        self.game = game
        self.pool, self.old, self.index, self.old_index, self.cards, self.same, \
            self.next, self.steps, self.ms, self.rank, self.top = b
        self.depth = self.used = self.kept = self.nodes = self.end = 0  # depth: card steps
        self.first = _EMPTY  # first move of the way found, else NO_MOVE
        self.home = self.live = self.wasted = 0

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
        top = self.depth
        s = m // 11
        d = g._turn_to() if s == 0 else m % 11
        flag = 0
        while True:
            if self.depth >= _STEPS:
                self._back_to(top)
                return False
            self._step(s, d)
            steps[self.depth] = s * 11 + d + flag
            self.depth += 1
            if 6 <= s < 10 and d >= 6:
                return True  # between stations: no pad's top changed, nothing is forced
            k = g._forced()
            if k < 0:
                return True
            s = 1
            d = 2 + k
            flag = _FORCED

    def _back(self):
        # take back the last move on the path with its forced plays
        steps = self.steps
        while self.depth:
            self.depth -= 1
            s = steps[self.depth]
            self._step((s & 127) % 11, (s & 127) // 11)
            if s < _FORCED:
                return

    def _back_to(self, n):
        while self.depth > n:
            self._back()

    def way(self, i):
        # the move of the way found that starts at path step i (0: its first), else NO_MOVE.
        # The path's steps stay in the buffer after the search, until the next one
        if i >= self.end:
            return _EMPTY
        s = self.steps[i]
        return 65 if s < 11 else ((s // 11) << 11) | ((s % 11) << 6) | 1

    def after(self, i):
        # the path step where the way's move after the one at step i starts
        i += 1
        while i < self.end and self.steps[i] >= _FORCED:
            i += 1
        return i

    def _home(self):
        # rockets home, from the pads' tops (a rocket launched during a search counts)
        g = self.game
        size = g._size
        cards = g._cards
        start = g._start
        rk = g._rk
        h = 0
        for k in range(4):
            if rk[cards[start[2 + k] + size[2 + k] - 1]] == k:
                h |= 1 << k
        return h

    def _moves(self, win, at):
        # this position's moves into ms from at, each as s * 11 + d (0: the turn), returns how
        # many, or -1 if ms has no room. The rules of engine/solar_rules.py's _gen (tests/
        # test_solar_properties.py: the same moves), over the piles that can change: a waiting
        # card's pads; the turn (win only); in an emergency the waste top to a station and each
        # changing pile's top to another, but not the move that takes back the one that led
        # here (its position is the one before, on the path). Ranked so that a rescue is met
        # early (see the top of this file) and sorted by rank, ties in the rules' order
        if at + 17 > _STACK:
            return -1
        g = self.game
        ms = self.ms
        size = g._size
        cards = g._cards
        start = g._start
        rk = g._rk
        mt = g._mt
        stride = g._stride
        src = 10 if size[10] else 1
        if size[src]:
            m = g._fit_mask(cards[start[src] + size[src] - 1])
            if m:
                n = at
                for k in range(4):
                    if (m >> k) & 1:
                        ms[n] = src * 11 + 2 + k
                        n += 1
                return n - at
        n = at
        if win and size[0]:
            ms[n] = 0  # the turn
            n += 1
        if g.wasted == 0:
            return n - at
        home = self._home() if win else self.home
        rank = self.rank
        rocket = g._rocket
        top = self.top  # each changing pile's top card (255: an empty station)
        for q in range(4):
            p = 6 + q if (home >> q) & 1 else 2 + q
            c = size[p]
            top[q] = cards[start[p] + c - 1] if c else 255
        # what the waste top needs: a card it matches, or (a rocket k) one showing k twice on
        # pad k, whose row of the match table is the rocket's
        w = cards[start[1] + size[1] - 1] if size[1] else 255
        k = rk[w] if w != 255 else 255
        need = (rocket[k] if k != 255 else w) * stride
        # the move that led here, when no forced play followed it: the pour under way, and
        # its reverse is not listed
        last = rev = 255
        i = self.depth - 1
        if i >= 0 and self.steps[i] < _FORCED:
            last = self.steps[i]
            rev = (last % 11) * 11 + last // 11
        if w != 255 and k == 255:
            row = w * stride
            for q in range(4):
                if (home >> q) & 1:
                    t = top[q]
                    if t == 255:
                        t = rocket[q]
                    if (mt[row + (t >> 3)] >> (t & 7)) & 1:
                        ms[n] = 17 + q  # 1 * 11 + 6 + q
                        rank[n - at] = 0
                        n += 1
        for q in range(4):
            x = top[q]
            if x == 255:
                continue
            station = (home >> q) & 1
            s = 6 + q if station else 2 + q
            c = size[s]
            if c == 1 and not station:
                continue  # a pad's dealt card never moves
            # cards above the shallowest card the waste top needs in this pile (9: none
            # within 8)
            r = 9
            if w != 255 and (k == 255 or s == 2 + k):
                b = start[s]
                j = c - 2
                while j >= 0 and c - j < 10:
                    t = cards[b + j]
                    if (mt[need + (t >> 3)] >> (t & 7)) & 1:
                        r = c - 1 - j
                        break
                    j -= 1
            r = 2 * r + 2
            row = x * stride
            for p in range(4):
                if p == q:
                    continue
                t = top[p]
                if t == 255:  # an empty station: a first card comes from a pad (or the waste)
                    if station:
                        continue
                    t = rocket[p]
                if (mt[row + (t >> 3)] >> (t & 7)) & 1:
                    m = s * 11 + (6 + p if (home >> p) & 1 else 2 + p)
                    if m == rev:
                        continue
                    ms[n] = m
                    if k != 255 and p == k and (mt[need + (x >> 3)] >> (x & 7)) & 1:
                        rank[n - at] = 0  # the rocket's pad gets a card showing its number twice
                    else:
                        rank[n - at] = r - (m == last)
                    n += 1
        n -= at
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
        # able to go so, and is flagged; last, a flagged card must show the rocket's number
        # twice (it could top the rocket's pad). In real play every card that is ever on a top,
        # or moved, is flagged by then (each move needs such a place), so False is a proof
        g = self.game
        size = g._size
        cards = g._cards
        start = g._start
        home = self.home
        e = self.rank  # 8 bytes of flags, then per changing pile the cards not yet freed
        for i in range(8):
            e[i] = 0
        for q in range(4):
            p = 6 + q if (home >> q) & 1 else 2 + q
            n = e[8 + q] = size[p]
            if n:
                self._flag(cards[start[p] + n - 1])
        if size[10]:
            self._flag(cards[start[10]])
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
                            self._flag(cards[start[p] + n - 1])
                        more = True
            w -= 1  # the next waste card
            if w < 0:
                return True
            c = cards[start[1] + w]
            k = g._rk[c]
            if k != 255:
                return self._goes(g._rocket[k], False)
            if not self._goes(c, True):
                return False
            self._flag(c)

    def _flag(self, c):
        self.rank[c >> 3] |= 1 << (c & 7)

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
                if (self.home >> s) & 1 and e[8 + s] == 0 and (mt[row + (t >> 3)] >> (t & 7)) & 1:
                    return True
        return False

    # ---- the visited table ----------------------------------------------------------------

    def _find(self, pool, index, n, slot, at0):
        # is the key (n bytes in the newer pool from at0) in this generation?
        key = self.pool
        while index[slot] != _EMPTY:
            at = index[slot] + 1
            if pool[at - 1] == n:
                i = 0
                while i < n and pool[at + i] == key[at0 + i]:
                    i += 1
                if i == n:
                    return True
            slot = (slot + 1) & (_SLOTS - 1)
        return False

    def _seen(self):
        # True if this position was stored already (in either generation), else False after
        # storing it in the newer one (which first becomes the older, the older forgotten, when
        # it is full). The key, written where it would be stored: the stock's size (win only),
        # then per pile that can change 255 if it is as at the start, 128 + how many of its
        # bottom cards are the start's if it only lost cards, else that many, how many lie
        # above them, and which. Exact, and short: a search mostly moves top cards. The hash
        # takes each pile's sizes and top card only (the key confirms)
        g = self.game
        same = self.same
        cards = g._cards
        start = g._start
        size = g._size
        live = self.live
        n = live & 1
        for p in range(1, 11):  # the key's length first: is there room?
            if (live >> p) & 1:
                c = size[p] - same[p]
                n += c + 2 if c else 1
        if self.used + n + 1 > _POOL or self.kept >= _LOAD:
            # the newer generation is full: it becomes the older, the older is forgotten
            self.pool, self.old = self.old, self.pool
            self.index, self.old_index = self.old_index, self.index
            index = self.index
            for i in range(_SLOTS):
                index[i] = _EMPTY
            self.used = self.kept = 0
        key = self.pool
        at0 = n = self.used + 1
        h = 0
        if live & 1:  # the stock, when it can change (win)
            h = key[n] = size[0]
            n += 1
        for p in range(1, 11):
            if not (live >> p) & 1:
                continue
            s = same[p]
            c = size[p]
            if c == s:  # as at the start, or only cards taken off: one byte
                c = 255 if s == same[22 + p] else 128 + s
                key[n] = c
                n += 1
                h = ((h & _MASK) << 5) ^ (h >> 25) ^ c
                continue
            key[n] = s
            key[n + 1] = c - s
            n += 2
            c += start[p]
            h = ((h & _MASK) << 5) ^ (h >> 25) ^ (s << 6 | (c - s)) ^ (cards[c - 1] << 12)
            for i in range(start[p] + s, c):
                key[n] = cards[i]
                n += 1
        n -= at0
        slot = (h ^ (h >> 8) ^ (h >> 16)) & (_SLOTS - 1)
        if self._find(key, self.index, n, slot, at0) or \
                self._find(self.old, self.old_index, n, slot, at0):
            return True
        index = self.index
        while index[slot] != _EMPTY:
            slot = (slot + 1) & (_SLOTS - 1)
        key[at0 - 1] = n
        index[slot] = at0 - 1
        self.used = at0 + n
        self.kept += 1
        return False

    # ---- the search -------------------------------------------------------------------------

    def run(self, cap, win):
        # RESCUE, NO_RESCUE or CANT_TELL for the game's position, which is left as it was:
        # win False, can free moves launch a wasted rocket; win True, can the game be won. At
        # most cap new positions are reached; past THINK of them the game's think(True) is
        # called, and think(False) when the search ends
        g = self.game
        self.first = _EMPTY
        self.depth = self.used = self.kept = self.nodes = self.end = 0
        wasted = self.wasted = g.wasted
        if not win and wasted == 0:
            return NO_RESCUE
        home = self.home = self._home()
        if win:
            live = 0x7FF  # every pile (the stock: its size)
        else:
            live = 0x402  # the waste and the hand, and the piles that can change
            for k in range(4):
                live |= 1 << (6 + k if (home >> k) & 1 else 2 + k)
        self.live = live
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
            self.old_index[i] = _EMPTY
        if not win and not self._possible():
            return NO_RESCUE
        self._seen()
        nxt = self.next
        ms = self.ms
        d = at = 0
        nxt[0] = 0
        n = self._moves(win, 0)
        ms[n] = n
        result = NO_RESCUE
        while True:
            if nxt[d] >= n:
                if d == 0:
                    break
                d -= 1
                self._back()
                n = ms[at - 1]  # the list of each depth is followed by its length
                at -= n + 1
                continue
            m = ms[at + nxt[d]]
            nxt[d] += 1
            if not self._make(m):
                result = CANT_TELL  # the path is full: this line is not searched
                continue
            if self._home() == 15 if win else g.wasted < wasted:
                self.end = self.depth
                self.first = self.way(0)
                self._back_to(0)
                result = RESCUE
                break
            if self._seen():
                self._back()
                continue
            self.nodes += 1
            if self.nodes == THINK and g.think is not None:
                g.think(True)
            if self.nodes > cap:
                self._back_to(0)
                result = CANT_TELL
                break
            k = -1 if d + 1 >= _DEPTH else self._moves(win, at + n + 1)
            if k < 0:
                self._back()
                result = CANT_TELL  # too deep: this line is not searched further
                continue
            at += n + 1
            d += 1
            nxt[d] = 0
            n = k
            ms[at + n] = n
        if self.nodes >= THINK and g.think is not None:
            g.think(False)
        return result
