# The moves of the game in progress, recorded as they are played so the game can be saved and
# replayed from its deal (solitaire.store keeps them in NVM). The play screen calls the engine
# directly, so the recording sits in a subclass of the family's Game made at run time: it sees
# every apply/undo/deal/restart whatever screen module made them.
# A move is stored as its index in game.legal_moves() (one byte). The engine's own undo log
# is separate and may be shorter; this log only has to reach as far as the store can hold.
from array import array

try:
    from engine.game import MAX_MOVES
except ImportError:  # pragma: no cover
    MAX_MOVES = 512


class Log:
    def __init__(self, cap):
        self.cap = cap
        self.buf = bytearray(max(cap, 1))
        self.nbytes = 0  # moves stored (one byte each)
        self.made = 0  # moves made and not undone (more than nbytes: the save is truncated)
        self.depth = 0  # nested engine calls are the engine's business, not the player's
        self.changes = 0  # bumped on every change, so the app knows when the save is stale
        self.moves = array("H", bytes(2 * MAX_MOVES))  # no temporary list of 512 ints

    def clear(self):
        self.nbytes = 0
        self.made = 0
        self.changes += 1

    def truncated(self):
        return self.made > self.nbytes


def recorded_class(cls, log):
    # a subclass of the engine's Game that writes every top-level apply/undo into log
    class Recorded(cls):
        def apply(self, move):
            log.depth += 1
            try:
                if log.depth > 1:
                    return cls.apply(self, move)
                idx = 255
                if log.made == log.nbytes and log.nbytes < log.cap:
                    n = cls.legal_moves(self, log.moves)
                    buf = log.moves
                    for i in range(min(n, 255)):
                        if buf[i] == move:
                            idx = i
                            break
                ok = cls.apply(self, move)
                if ok:
                    if idx < 255 and log.made == log.nbytes and log.nbytes < log.cap:
                        log.buf[log.nbytes] = idx
                        log.nbytes += 1
                    log.made += 1
                    log.changes += 1
                return ok
            finally:
                log.depth -= 1

        def undo(self):
            log.depth += 1
            try:
                ok = cls.undo(self)
                if ok and log.depth == 1 and log.made > 0:
                    log.made -= 1
                    log.changes += 1
                    if log.nbytes > log.made:
                        log.nbytes = log.made
                return ok
            finally:
                log.depth -= 1

        def deal(self, number):
            if log.depth == 0:
                log.clear()
            return cls.deal(self, number)

        def restart(self):
            log.clear()
            log.depth += 1
            try:
                return cls.restart(self)
            finally:
                log.depth -= 1

    return Recorded


def replay(game, log, data):
    # apply the stored move indices to a freshly dealt game; returns how many were applied
    # (fewer than len(data) means the save does not fit this engine: stop there)
    buf = log.moves
    done = 0
    for idx in data:
        n = game.legal_moves(buf)
        if idx >= n or not game.apply(buf[idx]):
            break
        done += 1
    return done
