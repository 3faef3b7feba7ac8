"""Solitario Solar's playout policies for sim/playout.py (POLICIES: name -> policy).

  greedy  follows the loss search's rescue while a rocket is in the waste; chooses a waiting
          card's pad so that pads stay ready for their rockets (see _pad_value); digs the waste
          into stations; turns the stock when nothing better is left. In an endgame the search
          could not decide it plays on with the hints, then at random
The generic `random` of sim/playout.py (a uniformly random legal move) needs nothing here.
Policies read the position (what a player sees) but never the stock's order.
"""
from engine.game import NO_MOVE, move_dst
from engine.solar import PAD, STOCK, TURN, WASTE, HAND
from engine.solar_search import RESCUE


def _shows_twice(game, card, k):
    f = game.face(card)
    return ((f >> 4) == k) + (((f >> 2) & 3) == k) + ((f & 3) == k) == 2


def _pad_value(game, card, pad):
    # what putting `card` on `pad` does to that pad's readiness for its rocket (a pad is ready
    # when its top shows the rocket's number twice: the rocket launches as soon as it comes),
    # plus one if the waste top would then follow onto it
    k = pad - PAD
    value = 2 * _shows_twice(game, card, k) - 2 * _shows_twice(game, game.top(pad), k)
    if game.pending == HAND and game.count(WASTE):
        w = game.top(WASTE)
        if game._match(w, card) and (not game.is_rocket(w) or game.face(w) == k * 21):
            value += 1
    return value


def greedy_policy(game, buf, n, rnd):
    if n == 1:
        return buf[0]
    if game.pending >= 0:
        src = game.pending
        card = game.top(src)
        best, best_value = buf[0], -99
        for i in range(n):
            value = _pad_value(game, card, move_dst(buf[i]))
            if value > best_value:
                best, best_value = buf[i], value
        return best
    if game.emergency:
        h = game.hint()  # a rescue first, if the search found one
        if h != NO_MOVE and (game.verdict == RESCUE or h != TURN):
            return h
        if game.count(STOCK) == 0:
            return buf[rnd.randrange(n)]  # undecided: play on
    for i in range(n):
        if buf[i] == TURN:
            return TURN
    return buf[rnd.randrange(n)]


POLICIES = {"greedy": greedy_policy}
