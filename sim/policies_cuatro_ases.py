"""Playout policies for Solitario 4 Ases (sim/playout.py loads POLICIES from here).

  always  the revealed top goes up whenever it fits, to the first space that takes it; else
          the hand's move (reveal, renew, or a token when the rules leave nothing else); never
          parks, never releases; a park only when it is the one legal move left
  hint    the engine's own hint (what the device's hint key advises), always its first move
  greedy  one move of lookahead: each of the engine's hints (moves up, and declining them;
          Pintados' choice of space; Con reserva's park and release) is tried on a copy of the
          game, which then follows the hint to the end; the move whose playout ends best
          (won, else most cards up) is played, ties going to the hint order. A playout stops at
          a token's shuffle and a shuffle is never tried ahead: the policy does not peek at
          how the cards will fall, which a player could not know either.
"""
import array

from engine.cuatro_ases import Game, REVEALED, SHUFFLE
from engine.game import NO_MOVE, PLAYING, WON

_HINTS = array.array("H", range(16))  # more than any position's hints (at most 6)
_ROLLOUT_MOVES = 600
_copies = {}


def always(game, buf, n, rnd):
    m = game.quick_play(REVEALED)
    if m == NO_MOVE:
        m = game.hand_move()
    return buf[0] if m == NO_MOVE else m


def _playout_value(copy, first):
    # apply `first` on the copy, follow the hint; cards up at the end, +100 for a win
    copy.apply(first)
    played = 0
    while copy.status() == PLAYING and played < _ROLLOUT_MOVES:
        m = copy.hint()
        if m == SHUFFLE:
            break
        copy.apply(m)
        played += 1
    return copy.score() + (100 if copy.status() == WON else 0)


def greedy(game, buf, n, rnd):
    k = game.hints(_HINTS)
    if k == 0:
        return buf[0]
    if k == 1:
        return _HINTS[0]
    key = (game.variant, game.profile)
    if key not in _copies:
        _copies[key] = (Game(game.variant, game.profile), bytearray(Game.SNAPSHOT_SIZE))
    copy, snap = _copies[key]
    game.save_into(snap)
    best, best_value = _HINTS[0], -1
    for m in list(_HINTS[:k]):
        if m == SHUFFLE:
            value = game.score()  # not tried ahead: see the docstring
        else:
            copy.deal(game.number)  # the deal number seeds later shuffles
            assert copy.load_from(snap)
            value = _playout_value(copy, m)
        if value > best_value:
            best, best_value = m, value
    return best


def hint(game, buf, n, rnd):
    m = game.hint()
    return buf[0] if m == NO_MOVE else m


POLICIES = {"always": always, "hint": hint, "greedy": greedy}
