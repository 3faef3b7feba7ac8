# Solitario Solar's moves, as a mixin of engine.solar.Game: a move with its forced plays, its
# undo records, taking one back, and the resign. Pile numbers as in engine/solar.py.
#
# One undo record per card step, 16 bits: the move itself, pack(src, dst, 1), with the turn's
# real destination (pad, waste or hand) and _AUTO set on a forced play; the resign is RESIGN
# itself. Forced plays are pushed chained to the move that caused them, so undo_chain takes a
# cascade back with its move and redo_chain replays it record by record (apply makes no forced
# plays while the log replays).
from micropython import const

_STOCK = const(0)
_WASTE = const(1)
_PAD = const(2)
_STATION = const(6)
_HAND = const(10)
_TURN = const(65)
_RESIGN = const(63)
_AUTO = const(32)  # undo record flag: a forced play, not the player's move


class Moves:
    def _step(self, src, dst):
        # one card from src to dst, keeping the count of wasted rockets
        self.piles.move(src, dst, 1)
        if self._rk[self._cards[self._start[dst] + self._size[dst] - 1]] != 255:
            if dst == _WASTE:
                self.wasted += 1
            elif src == _WASTE:
                self.wasted -= 1

    def apply(self, move, chained=False):
        if not self._legal(move):
            return False
        log = self.undo_log
        if move == _RESIGN:
            log.push(_RESIGN, 0, chained)
            self.resigned = True
            self.undo_dropped = log.dropped
            self.changed = 0
            self._bump()
            return True
        src = move >> 11
        dst = (move >> 6) & 31
        flags = 1
        # the search's verdict for this position carries over when the player follows the
        # rescue it found, or makes a free move between pads and stations that the reverse
        # move undoes (no forced play, no card left waiting, no station emptied into another):
        # the same positions stay reachable, and a rescue then starts with that reverse move
        known = self._at == self.version and not log.replaying
        follow = known and self.verdict == 0 and move == self.rescue
        if src == _STOCK:
            dst = self._turn_to()
        elif src == _WASTE and self._forced() >= 0:
            flags = 1 | _AUTO  # only a redo replays a forced play by itself
        self._step(src, dst)
        log.push((src << 11) | (dst << 6) | flags, 0, chained)
        changed = (1 << src) | (1 << dst)
        if flags == 1:
            self.moves += 1
        k = -1 if log.replaying else self._forced()
        forced = k >= 0
        while k >= 0:
            self._step(_WASTE, _PAD + k)
            log.push((_WASTE << 11) | ((_PAD + k) << 6) | 1 | _AUTO, 0, True)
            changed |= (1 << _WASTE) | (1 << (_PAD + k))
            k = self._forced()
        self.undo_dropped = log.dropped
        self.changed = changed
        self._bump()
        if known and (follow or (_PAD <= src < _HAND and _PAD <= dst < _HAND and not forced
                                 and self.pending < 0
                                 and not (src >= _STATION <= dst and self._size[src] == 0))):
            if follow and self._detour:
                self._detour = False  # back on the way: its move is rescue again
                self.rescue = self._search.way(self._way)
            elif follow:
                self._way = self._search.after  # (set by way(): where the next move starts)
                if self._way >= self._search.end:
                    return True  # the way is used up: a rocket launched
                self.rescue = self._search.way(self._way)
            elif self.verdict == 0:
                if self._detour:
                    return True  # two steps off the way: the search runs again
                self.rescue = (dst << 11) | (src << 6) | 1
                self._detour = True
            self._at = self.version
        return True

    def _move_of(self, entry):
        # the move a record came from (redo applies it again)
        if entry == _RESIGN:
            return entry
        return _TURN if entry >> 11 == _STOCK else entry & ~_AUTO

    def _take_back(self, entry):
        self.changed = 0
        if entry == _RESIGN:
            self.resigned = False
        else:
            src = entry >> 11
            dst = (entry >> 6) & 31
            self._step(dst, src)
            if not entry & _AUTO:
                self.moves -= 1
            self.changed = (1 << src) | (1 << dst)
        self._bump()
