"""Solitario Solar's playout policies for sim/playout.py (POLICIES: name -> policy).

  greedy  the engine's hint, else a random legal move. The hint leads with the loss search's
          rescue while a rocket is in the waste, then a waiting card's leftmost pad, the waste
          top dug into a station, a pad top lifted for a forced play, and last the turn; when it
          has only the resign (an endgame the search could not decide) the policy plays on at
          random instead
The generic `random` of sim/playout.py (a uniformly random legal move) needs nothing here.
(A rule for waiting cards that kept pads "ready", their top showing the rocket's number twice,
won 979 vs 978 of deals 1-2000 with 40 cards and 559 vs 538 with 64, within chance, so it
was dropped.)
"""
from engine.game import NO_MOVE
from engine.solar import RESIGN


def greedy_policy(game, buf, n, rnd):
    h = game.hint()
    return h if h != NO_MOVE and h != RESIGN else buf[rnd.randrange(n)]


POLICIES = {"greedy": greedy_policy}
