# Solitario 4 Ases under real MicroPython: same deal number = same deal (and the same token
# shuffle) as on CPython; moving (every kind of move, the token's shuffle included), undoing,
# redoing, listing moves and hints and the end check allocate nothing, on positions from real
# play in every variant and profile (heap_lock proofs); the module's import and a game's state
# stay in the memory budget.
import pytest

from engine.cuatro_ases import Game, HAND, RENEW, SHUFFLE
from engine.game import pack
from engine.rng import Rng
from sim.mpy import run_micropython

# (variant, deal number, the hand's first 8 cards from its top); 4 Ases revelados takes the 1s
# out (deal 2: cards 10, 20 and 0 are 1s), every other variant deals as the base game
LAYOUTS = (
    (0, 1, [27, 1, 37, 6, 5, 34, 23, 22]),
    (0, 2, [39, 10, 20, 0, 4, 3, 17, 37]),
    (0, 617, [15, 7, 9, 13, 28, 31, 36, 6]),
    (0, 1073741823, [4, 38, 22, 5, 16, 34, 17, 25]),
    (1, 2, [39, 4, 3, 17, 37, 38, 5, 27]),
    (1, 1073741823, [4, 38, 22, 5, 16, 34, 17, 25]),
)
# Mezclado, deal 617, every card revealed and a token spent: the new hand's first 12 cards
SHUFFLED = [33, 6, 24, 35, 9, 27, 31, 13, 37, 10, 7, 21]  # (seeded from the deal's stream)


def head(g, n=8):
    return [g.card(HAND, g.count(HAND) - 1 - i) for i in range(n)]


def spent_token(g):
    while g.count(HAND):
        assert g.apply(g.hand_move())
    assert g.apply(SHUFFLE)
    return head(g, 12)


@pytest.mark.parametrize("variant,number,first", LAYOUTS)
def test_same_deal_number_gives_the_same_hand_on_cpython(variant, number, first):
    g = Game(variant)
    g.deal(number)
    assert head(g) == first
    g.restart()
    assert head(g) == first


@pytest.mark.parametrize("variant", (2, 3, 4))
def test_the_other_variants_deal_the_base_games_hand(variant):
    for number in (1, 617):
        g, base = Game(variant), Game(0)
        g.deal(number)
        base.deal(number)
        assert head(g, 40) == head(base, 40)


def test_a_token_shuffle_is_the_same_for_the_same_deal_and_tokens_on_cpython():
    for profile in (0, 1):
        g = Game(3, profile)
        g.deal(617)
        assert spent_token(g) == SHUFFLED


def test_same_deals_and_shuffles_under_micropython():
    script = """
from engine.cuatro_ases import Game, HAND, RENEW, SHUFFLE
from engine.game import pack
from engine.rng import Rng
def head(g, n=8):
    return [g.card(HAND, g.count(HAND) - 1 - i) for i in range(n)]
for v, n in %r:
    g = Game(v)
    g.deal(n)
    print(head(g))
g = Game(3)
g.deal(617)
while g.count(HAND):
    g.apply(g.hand_move())
g.apply(SHUFFLE)
print(head(g, 12))
r = Rng(2 ** 30 - 1)
print([r.next() for _ in range(64)])
""" % ([(v, n) for v, n, _ in LAYOUTS],)
    lines = run_micropython(script, dirs=("engine",)).strip().splitlines()
    assert lines[:len(LAYOUTS)] == [repr(first) for _, _, first in LAYOUTS]
    assert lines[-2] == repr(SHUFFLED)
    r = Rng(2 ** 30 - 1)
    assert lines[-1] == repr([r.next() for _ in range(64)])


# Plays deals mixing the hint and pseudo-random legal moves (the engine's Rng: MicroPython has
# no random module here) and, at every position, runs each hot call under heap_lock. Bound
# methods are made before the lock (making one allocates); the calls themselves must not.
PROOF = """
import alloc
from array import array
from engine.cuatro_ases import Game, PROFILE_COUNT, REVEALED
from engine.rng import Rng
from engine.game import MAX_MOVES, PLAYING
buf = array("H", range(MAX_MOVES))
hbuf = array("H", range(MAX_MOVES))
pick = Rng(7)
for variant in range(5):
    for profile in range(PROFILE_COUNT[variant]):
        g = Game(variant, profile)
        legal_moves, apply, undo, redo, status, hint, hints, check, score, quick_play, hand_move = (
            g.legal_moves, g.apply, g.undo, g.redo, g.status, g.hint, g.hints, g.check, g.score,
            g.quick_play, g.hand_move)
        bad = []
        kinds = []
        positions = 0
        for number in range(1, %(deals)d):
            g.deal(number * 7919)
            for step in range(400):
                n = legal_moves(buf)
                if n == 0 or status() != PLAYING:
                    break
                m = hint() if pick.below(3) else buf[pick.below(n)]
                d = (m >> 6) & 31
                kind = (m >> 11) * 100 + (2 if 2 <= d <= 5 else d) * 10 + (m & 63)
                if kind not in kinds:
                    kinds.append(kind)
                positions += 1
                if alloc.allocates(legal_moves, buf): bad.append("legal_moves")
                if alloc.allocates(status): bad.append("status")
                if alloc.allocates(hint): bad.append("hint")
                if alloc.allocates(hints, hbuf): bad.append("hints")
                if alloc.allocates(check, m): bad.append("check")
                if alloc.allocates(score): bad.append("score")
                if alloc.allocates(quick_play, REVEALED): bad.append("quick_play")
                if alloc.allocates(hand_move): bad.append("hand_move")
                if alloc.allocates(apply, m): bad.append("apply")
                if alloc.allocates(undo): bad.append("undo")
                if alloc.allocates(redo): bad.append("redo")
                if alloc.allocates(undo): bad.append("undo")
                if alloc.allocates(apply, m, True): bad.append("apply chained")
        kinds.sort()
        print(variant, profile, positions, " ".join(str(k) for k in kinds), ",".join(bad) or "ok")
"""


def kind(move):
    # a move with any space as its destination folded to the first, as the PROOF records it
    d = (move >> 6) & 31
    return (move >> 11) * 100 + (2 if 2 <= d <= 5 else d) * 10 + (move & 63)


# the kinds of move each variant must have been proved with
REVEAL2, REVEAL1, UP = pack(HAND, 1, 2), pack(HAND, 1, 1), pack(1, 2, 1)
PARK, RELEASE = pack(1, 6, 1), pack(6, 1, 1)
KINDS = {
    (0, 0): {REVEAL2, REVEAL1, UP, RENEW},
    (1, 0): {REVEAL2, REVEAL1, UP, RENEW},
    (2, 0): {REVEAL2, REVEAL1, UP, RENEW, PARK, RELEASE},
    (3, 0): {REVEAL2, REVEAL1, UP, RENEW, SHUFFLE},
    (3, 1): {REVEAL2, REVEAL1, UP, SHUFFLE},
    (4, 0): {REVEAL2, REVEAL1, UP, RENEW},
}


def test_every_move_kind_undo_redo_listing_hints_and_status_allocate_nothing_in_every_variant():
    out = run_micropython(PROOF % {"deals": 16}, dirs=("engine",)).strip().splitlines()
    assert len(out) == len(KINDS), out
    for line in out:
        variant, profile, positions, rest = line.split(" ", 3)
        kinds, verdict = rest.rsplit(" ", 1)
        assert verdict == "ok", line
        assert int(positions) >= 300, line  # real play, not only openings
        want = {kind(m) for m in KINDS[(int(variant), int(profile))]}
        assert want <= {int(k) for k in kinds.split()}, line


def test_import_and_game_state_stay_in_the_memory_budget():
    # board-fit budget: each of the family's modules allocates at most 20 KB while it is
    # imported (compile + kept, in one step, its own imports loaded before); what they keep
    # together and a game's state are measured in later steps (sim/mpy/run.mjs: only at a
    # step's start does gc.collect() reclaim). sim.heap_budget --peak measures the board's
    # figure (its peak); docs/notes/cuatro_ases.md has both.
    steps = "".join("""
#--- step
gc.collect()
a = gc.mem_alloc()
import %s
during[%d] = gc.mem_alloc() - a
""" % (m, i) for i, m in enumerate(MODULES))
    out = run_micropython(("""
import alloc, gc
gc.collect()
#--- step
import engine.game, engine.cards_spanish, engine.piles, engine.rng, engine.undo
import engine.registry
during = [0] * LEN  # made before: the figures themselves allocate nothing later
#--- step
gc.collect()
before = gc.mem_alloc()
""" + steps + """
#--- step
gc.collect()
kept = gc.mem_alloc() - before
from engine.cuatro_ases import Game
def make(v, p):
    g = Game(v, p)
    g.deal(9)
    return g
print(" ".join(str(d) for d in during), kept, max(alloc.heap_cost(make, v, p) for v, p in
                        ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 0))))
""").replace("LEN", str(len(MODULES))), dirs=("engine",))
    figures = [int(x) for x in out.split()]
    during, kept, state = figures[:-2], figures[-2], figures[-1]
    assert len(during) == len(MODULES)
    assert max(during) <= 20 * 1024, list(zip(MODULES, during))
    assert kept <= 13 * 1024, kept
    assert state <= 3300, state  # 2,125 B of it the 1,000-move undo log and its chain bits


# the modules a game loads, in import order (the snapshot's and the search's come when called)
MODULES = ("engine.cuatro_ases",)
