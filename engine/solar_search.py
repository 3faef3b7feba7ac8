# Solitario Solar's loss search: can free moves (with the forced plays and choices they bring)
# still launch a rocket lying in the waste? Runs on the device after a key press, so it is
# iterative (an explicit stack), bounded by a node cap, and allocates nothing: every buffer is
# made once with the game.
#
# Depth-first over positions, moves that dig the waste tried first. The stack keeps, per depth,
# only which move is next and how many card steps the move made; a node's moves are written
# again when the search comes back to it (same position, same list), so no list per depth.
# The visited table is exact, so NO_RESCUE is a proof: each position is a key (the waste's size;
# then per pile how many of its bottom cards are still those of the search's start, and the
# cards above them) stored in a pool of POOL bytes, found through an open-addressed index of
# SLOTS offsets by hash and confirmed byte by byte. When the pool, the index, the depth or the
# node cap runs out the answer is CANT_TELL, never NO_RESCUE.
from array import array

from micropython import const

RESCUE = const(0)  # a rocket can be launched; Search.first is the first move of a way
NO_RESCUE = const(1)  # proved: no sequence of moves launches one
CANT_TELL = const(2)  # a limit was reached first

POOL = const(2048)  # bytes of stored keys (~22 bytes a position in real play: ~90 kept)
SLOTS = const(256)  # index slots (a power of two)
_FULL = const(192)  # positions kept at most: open addressing needs free slots
DEPTH = const(192)  # moves deep (each move on the path reaches a position not seen before)
STEPS = const(255)  # card steps on the path: DEPTH moves + one forced play per waste card (<= 60)
KEY = const(96)  # longest key: 1 + 2 bytes for each of 9 piles + 61 cards
MOVES = const(96)  # one node's moves (more than any position has)
_HASHES = const(512)  # POOL // 4: hashes the second pass keeps
_EMPTY = const(0xFFFF)
_MASK = const(0x1FFFFFF)  # keeps the rolling hash below 2**30 after a 5-bit shift


class Search:
    def __init__(self, game):
        self.game = game
        self.pool = bytearray(POOL)
        self.index = array("H", range(SLOTS))
        self.key = bytearray(KEY)
        self.root = bytearray(KEY)  # the changeable piles at the start, back to back
        self.root_at = bytearray(11)
        self.root_len = bytearray(11)
        self.moves = array("H", range(MOVES))
        self.next = bytearray(DEPTH + 1)  # at each depth: index of the next move to try
        self.made = bytearray(DEPTH + 1)  # card steps made by each depth's move
        self.steps = bytearray(STEPS)  # the path's card steps, src * 11 + dst each
        self.nsteps = 0
        self.used = 0
        self.kept = 0
        self.hash = 0
        self.path = 0  # moves of the rescue found, kept in the pool; at: the one made last
        self.at = 0
        self.exact = True  # which pass: the exact table, or hashes looking for a rescue
        self.nodes = 0  # positions reached by the last run (for the notes and tests)
        self.first = _EMPTY  # first move of the rescue found, else NO_MOVE

    # ---- making and taking back moves without the undo log ------------------------------------

    def _push(self, s, d):
        # one card step, remembered for taking back; False if the path is too long
        if self.nsteps >= STEPS:
            return False
        self.game._step(s, d)
        self.steps[self.nsteps] = s * 11 + d
        self.nsteps += 1
        return True

    def _make(self, move):
        # the move and the forced plays it brings; returns how many card steps that made, 0
        # (nothing made) if the path is full
        g = self.game
        top = self.nsteps
        ok = self._push(move >> 11, (move >> 6) & 31)
        k = g._forced()
        while ok and k >= 0:
            ok = self._push(1, 2 + k)
            k = g._forced()
        if not ok:
            self._back_to(top)
            return 0
        return self.nsteps - top

    def _back_to(self, n):
        # take back card steps until n are left on the path
        g = self.game
        while self.nsteps > n:
            self.nsteps -= 1
            s = self.steps[self.nsteps]
            g._step(s % 11, s // 11)

    def _moves(self):
        # this position's moves into self.moves, those likely to dig the waste first (the
        # waste top to a station, or a pad top lifted off a card the waste top fits: a forced
        # play follows), so a rescue is met early; returns how many, or -1 if too many
        g = self.game
        n = g._gen(self.moves, 0, False)
        if n > MOVES:
            return -1
        size = g._size
        if size[10] or size[1] == 0:
            return n
        cards = g._cards
        start = g._start
        moves = self.moves
        w = cards[start[1] + size[1] - 1]
        k = g._rk[w]
        front = 0
        for i in range(n):
            m = moves[i]
            src = m >> 11
            good = src == 1
            if 2 <= src < 6 and (k == 255 or src == 2 + k):
                good = g._match(w, cards[start[src] + size[src] - 2]) == 1
            if good:
                moves[i] = moves[front]
                moves[front] = m
                front += 1
        return n

    # ---- the visited table ----------------------------------------------------------------

    def _note_root(self):
        # the piles a search can change, as they are at its start: keys name what differs
        g = self.game
        cards = g._cards
        start = g._start
        size = g._size
        n = 0
        for p in range(2, 11):
            self.root_at[p] = n
            self.root_len[p] = size[p]
            for i in range(start[p], start[p] + size[p]):
                self.root[n] = cards[i]
                n += 1

    def _write_key(self):
        # the position as bytes into self.key; returns its length and leaves its hash in
        # self.hash. The stock never changes during a search and the waste only loses its top,
        # so its size stands for it; every other pile is written as how many cards from its
        # bottom are still those of the search's start (255: all, and no more), then how many
        # lie above those, and which. Exact, and short: a search mostly moves top cards
        g = self.game
        key = self.key
        cards = g._cards
        start = g._start
        size = g._size
        root = self.root
        n = 1
        h = key[0] = size[1]
        for p in range(2, 11):  # pads, stations, hand
            s = start[p]
            pn = size[p]
            r = self.root_at[p]
            rn = self.root_len[p]
            same = 0
            while same < pn and same < rn and cards[s + same] == root[r + same]:
                same += 1
            if same == pn and pn == rn:
                key[n] = 255
                n += 1
                h = ((h & _MASK) << 5) ^ (h >> 25) ^ 255
                continue
            key[n] = same
            key[n + 1] = pn - same
            n += 2
            h = ((h & _MASK) << 5) ^ (h >> 25) ^ (same << 6 | (pn - same))
            for i in range(s + same, s + pn):
                c = cards[i]
                key[n] = c
                n += 1
                h = ((h & _MASK) << 5) ^ (h >> 25) ^ c
        self.hash = h
        return n

    def _seen(self):
        # 1 if this position was stored already, else 0 after storing it; 2 when the table is
        # full (from then on the search can prove nothing)
        n = self._write_key()
        h = self.hash
        if not self.exact:
            return self._seen_hash(h)
        key = self.key
        pool = self.pool
        index = self.index
        slot = (h ^ (h >> 8) ^ (h >> 16)) & (SLOTS - 1)
        while index[slot] != _EMPTY:
            at = index[slot]
            if pool[at] == n:
                i = 0
                while i < n and pool[at + 1 + i] == key[i]:
                    i += 1
                if i == n:
                    return 1
            slot = (slot + 1) & (SLOTS - 1)
        if self.used + n + 1 > POOL or self.kept >= _FULL:
            return 2
        at = self.used
        pool[at] = n
        for i in range(n):
            pool[at + 1 + i] = key[i]
        index[slot] = at
        self.used = at + n + 1
        self.kept += 1
        return 0

    def _seen_hash(self, h):
        # the second pass: the pool as HASHES 30-bit hashes, 4 bytes each, open addressed. Two
        # positions may share a hash, so this pass can miss a rescue but never invent one: it
        # answers RESCUE or CANT_TELL only
        pool = self.pool
        h |= 1  # 0 marks a free entry
        slot = h % _HASHES
        while True:
            at = slot << 2
            v = pool[at] | pool[at + 1] << 8 | pool[at + 2] << 16 | pool[at + 3] << 24
            if v == 0:
                break
            if v == h:
                return 1
            slot = slot + 1 if slot + 1 < _HASHES else 0
        if self.kept >= _HASHES * 3 // 4:
            return 2
        pool[at] = h & 255
        pool[at + 1] = (h >> 8) & 255
        pool[at + 2] = (h >> 16) & 255
        pool[at + 3] = h >> 24
        self.kept += 1
        return 0

    # ---- the search -------------------------------------------------------------------------

    def run(self, cap):
        # RESCUE, NO_RESCUE or CANT_TELL for the game's position, which is left as it was.
        # First the exact pass; if it runs out of room, the hashed pass looks further for a
        # rescue. Each reaches at most cap new positions; nodes counts both
        self.first = _EMPTY
        self.nodes = 0
        if self.game.wasted == 0:
            return NO_RESCUE
        self._note_root()
        self.exact = True
        r = self._dfs(cap)
        if r == CANT_TELL:
            self.exact = False
            if self._dfs(cap) == RESCUE:
                return RESCUE
        return r

    def _keep_path(self, d):
        # a rocket left the waste at depth d: write the way there into the pool (free once the
        # search is over), the move of each depth being the one before next[depth] in that
        # position's list, and go back to the start
        self._back_to(0)
        for i in range(d + 1):
            self._moves()
            m = self.moves[self.next[i] - 1]
            self.pool[2 * i] = m & 255
            self.pool[2 * i + 1] = m >> 8
            self._make(m)
        self._back_to(0)
        self.path = d + 1
        self.at = -1
        self.follow()

    def follow(self):
        # the player made the rescue's next move (the game checks): the rest of the way is
        # still a rescue. Returns its next move, or NO_MOVE when the way is used up
        self.at += 1
        if self.at >= self.path:
            self.first = _EMPTY
        else:
            self.first = self.pool[2 * self.at] | self.pool[2 * self.at + 1] << 8
        return self.first

    def _dfs(self, cap):
        g = self.game
        for i in range(SLOTS):
            self.index[i] = _EMPTY
        if not self.exact:
            for i in range(POOL):
                self.pool[i] = 0
        self.used = 0
        self.kept = 0
        self.nsteps = 0
        wasted = g.wasted
        start = self.nodes
        self._seen()
        nxt = self.next
        made = self.made
        d = 0
        nxt[0] = 0
        n = self._moves()
        result = NO_RESCUE
        while True:
            if n < 0:
                result = CANT_TELL  # too many moves to list: this branch is not searched
                n = 0
            if nxt[d] >= n:
                if d == 0:
                    return result
                d -= 1
                self._back_to(self.nsteps - made[d])
                n = self._moves()
                continue
            m = self.moves[nxt[d]]
            nxt[d] += 1
            made[d] = self._make(m)
            if made[d] == 0:
                result = CANT_TELL
                continue
            if g.wasted < wasted:
                self._keep_path(d)
                return RESCUE
            seen = self._seen()
            if seen == 1:
                self._back_to(self.nsteps - made[d])
                continue
            self.nodes += 1
            if seen == 2 or self.nodes - start > cap or d >= DEPTH:
                self._back_to(0)
                return CANT_TELL
            d += 1
            nxt[d] = 0
            n = self._moves()
