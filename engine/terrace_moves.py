# Terrace's moves and their automatic steps (docs/rules/terrace.md §3-§5): apply a move with
# the stock lock, auto-fill and auto-deal that follow it, and take one back exactly. A mixin of
# engine.terrace.Game (one undo entry of 16 bits per move: see engine/terrace.py).
from micropython import const

from engine.game import OK, pack

# pile numbering and flags as in engine/terrace.py (tests/test_terrace_rules.py checks they agree)
_STOCK = const(0)
_WASTE = const(1)
_RESERVE = const(2)
_FOUNDATION = const(3)
_TABLEAU = const(11)
_CANDIDATES = const(4)
_BY_HAND = const(0)
_FROM_RESERVE = const(2)
_LOCKED_BEFORE = const(1)
_AUTO_DEAL = const(2)
_MASK30 = const(0x3FFFFFFF)


class Moves:
    def _fill_source(self):
        # where an automatic fill takes its card from, or -1 (none / filled by hand)
        size = self._size
        if self.fill == _FROM_RESERVE:
            if size[_RESERVE]:
                return _RESERVE
            if self.literal:
                return -1
        if size[_WASTE]:
            return _WASTE
        if size[_STOCK]:
            return _STOCK
        return -1

    def _deal_one(self):
        # stock -> waste; any card dealt while a tableau pile is empty locks the stock (by-hand
        # modes, never in the second pass)
        self.piles.move(_STOCK, _WASTE, 1)
        if self.fill == _BY_HAND and not self.second_pass() and self._space():
            self.locked = True

    def apply(self, move, chained=False):
        src = move >> 11
        dst = (move >> 6) & 31
        count = move & 63
        if self._reason(src, dst, count) != OK:
            return False
        piles = self.piles
        size = self._size
        flags = _LOCKED_BEFORE if self.locked else 0
        changed = (1 << src) | (1 << dst)
        if self.base == 0:
            # the base choice, then the rest of the deal: every empty tableau pile from the
            # stock left to right, one card to the waste
            piles.move(src, dst, 1)
            self._find_base()
            for t in range(_TABLEAU, self.pile_count):
                if size[t] == 0:
                    piles.move(_STOCK, t, 1)
            piles.move(_STOCK, _WASTE, 1)
            flags |= _AUTO_DEAL
            changed = (1 << self.pile_count) - 1
        else:
            if src == _STOCK:
                self._deal_one()
            elif src == _WASTE and dst == _STOCK:
                # the redeal: turn the waste over unshuffled; never locks
                piles.turn(_WASTE, _STOCK)
                self.redeals_left -= 1
            else:
                piles.move(src, dst, count)
            # the automatic steps, in the rules' order (§4)
            if src == _WASTE:
                self.locked = False
            if self.fill != _BY_HAND and src >= _TABLEAU and size[src] == 0:
                # only the pile this move emptied can need filling: any older space was left
                # empty because every fill source had run dry, and sources never grow again
                fill = self._fill_source()
                if fill >= 0:
                    piles.move(fill, src, 1)
                    flags |= (3 - fill) << 2
                    changed |= 1 << fill
            if self.locked and not self._space():
                self.locked = False
            if size[_WASTE] == 0 and size[_STOCK]:
                self._deal_one()
                flags |= _AUTO_DEAL
                changed |= (1 << _STOCK) | (1 << _WASTE)
        src_code = src if src < _FOUNDATION else src - (_TABLEAU - _FOUNDATION)
        self.undo_log.push(((src_code * 20 + dst) << 8) | (count << 4) | flags, 0, chained)
        self.undo_dropped = self.undo_log.dropped
        self.moves += 1
        self.changed = changed
        self.version = (self.version + 1) & _MASK30
        return True

    def _move_of(self, entry):
        # the move an undo entry was made by (redo replays it)
        pair = entry >> 8
        src = pair // 20
        if src >= _FOUNDATION:
            src += _TABLEAU - _FOUNDATION
        return pack(src, pair % 20, (entry >> 4) & 15)

    def _take_back(self, entry):
        # undo one logged move and its own automatic steps (engine/undo.py undo_chain)
        piles = self.piles
        size = self._size
        move = self._move_of(entry)
        src = move >> 11
        dst = (move >> 6) & 31
        count = move & 63
        changed = (1 << src) | (1 << dst)
        if entry & _AUTO_DEAL:
            piles.move(_WASTE, _STOCK, 1)
            changed |= (1 << _STOCK) | (1 << _WASTE)
        fill = (entry >> 2) & 3
        if fill:
            piles.move(src, 3 - fill, 1)
            changed |= 1 << (3 - fill)
        if self.pick_base and dst == _FOUNDATION and size[_FOUNDATION] == 1:
            # undoing the base choice: the fills went left to right, so they go back right to
            # left; the three candidates not chosen were never filled
            for t in range(self.last_tableau, _TABLEAU - 1, -1):
                if t >= _TABLEAU + _CANDIDATES or t == src:
                    piles.move(t, _STOCK, 1)
            changed = (1 << self.pile_count) - 1
        if src == _STOCK:
            piles.move(_WASTE, _STOCK, 1)
        elif src == _WASTE and dst == _STOCK:
            piles.turn(_STOCK, _WASTE)
            self.redeals_left += 1
        else:
            piles.move(dst, src, count)
        self.locked = (entry & _LOCKED_BEFORE) != 0
        self._find_base()
        self.moves -= 1
        self.changed = changed
        self.version = (self.version + 1) & _MASK30
        return True
