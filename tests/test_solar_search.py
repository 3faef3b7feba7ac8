# Solitario Solar's searches (engine/solar_search.py) against the host: the moves a node lists
# are the rules' own (and the rules' list, engine/solar_rules.py _gen, is what a plain reading of
# the rules file allows); "dead" only where the host's plain search (sim/solver_solar.py
# rescue) finds no rescue either, over endgames of random and greedy play of both decks, with
# the visited table as the device has it and with one so small that it forgets all the time;
# "rescue" always with a way that launches a rocket, move by move; "Can I still win?" yes near a
# win; the think hook; the hint's choice of pad. The figures over thousands of endgames are
# `python -m sim.solar_endgames` (docs/notes/solar.md), not a test.
import array

import pytest
from hypothesis import given, settings, strategies as st

import engine.solar_search as S
from engine.game import MAX_MOVES, NO_MOVE, PLAYING, WON, LOST, pack
from engine.solar import Game, STOCK, WASTE, PAD, STATION, HAND, TURN, PILES
from engine.solar_hints import SEARCH_NODES
from sim.solar_endgames import endgames, position
from sim.solver_solar import rescue

RANDOM_DEALS = 150  # per deck, random play; and greedy play:
GREEDY_DEALS = 60


@pytest.fixture(scope="module")
def sample():
    # (profile, deal number, snapshot) of the endgames of deals 1..N of both decks, as the
    # measuring command gathers them
    out = []
    for profile in (0, 1):
        for policy, deals in (("random", RANDOM_DEALS), ("greedy", GREEDY_DEALS)):
            out += [(profile, n, snap) for n, snap in endgames(profile, policy, deals)]
    return out


def made(g):
    # a new Search of this file's module for g (the game's _run would import the module
    # anew if the app's tests dropped it: a patch of S would then not reach the search)
    g._search = S.Search(g)
    g._at = -1


def fresh(g):
    # the device's search on g's position from scratch: (answer, its Search)
    made(g)
    answer = g._run(SEARCH_NODES, False)
    return answer, g._search


def way_launches(g, s):
    # the way the search found, move by move from its path: every move legal, and the last one
    # makes a rocket leave the waste
    wasted = g.wasted
    i = 0
    while True:
        m = s.way(i)
        assert m != NO_MOVE, "the way ended without a launch"
        assert g.apply(m), "a move of the way was refused"
        i = s.after
        if g.wasted < wasted:
            return i >= s.end  # (a rocket launched: the way's last move)


# ---- the moves ------------------------------------------------------------------------------

def rules_moves(g, turn):
    # the legal moves by a plain reading of docs/rules/solar.md §4-5, pair of piles by pair
    # of piles: a waiting card (in the hand, or the waste top fitting several pads) goes to a pad
    # it fits and nothing else moves; else the turn, and while a rocket is in the waste the top
    # of the waste, of an open pad above its dealt card or of a station onto an open pad or an
    # open station whose top it matches; an empty open station takes a card showing its number
    # twice from the waste or a pad; a rocket only onto its own pad (so not at all from here)
    def top(p):
        return g.top(p) if g.count(p) else None

    rocket_of = {g._rocket[k]: k for k in range(4)}
    home = {k for k in range(4) if top(PAD + k) == g._rocket[k]}

    def pad_fits(c, k):
        t = top(PAD + k)
        return k not in home and g._match(c, t) and rocket_of.get(c, k) == k

    waiting = HAND if g.count(HAND) else WASTE
    if g.count(waiting):
        fits = [k for k in range(4) if pad_fits(g.top(waiting), k)]
        if waiting == HAND or len(fits) > 1:
            return {pack(waiting, PAD + k, 1) for k in fits}
    out = {TURN} if turn and g.count(STOCK) else set()
    if not g.wasted:
        return out
    for src in range(WASTE, HAND):
        c = top(src)
        if c is None or c in rocket_of or (PAD <= src < STATION and g.count(src) == 1):
            continue
        for dst in range(PAD, HAND):
            if dst == src:
                continue
            if dst < STATION:
                ok = src != WASTE and pad_fits(c, dst - PAD)
            else:
                k = dst - STATION
                t = top(dst)
                ok = k in home and (g._match(c, t) if t is not None else
                                    src < STATION and g._match(c, g._rocket[k]))
            if ok:
                out.add(pack(src, dst, 1))
    return out


def random_positions(prof, number, picks):
    g = Game(0, prof)
    g.deal(number)
    buf = array.array("H", range(MAX_MOVES))
    for pick in picks:
        yield g
        n = g.legal_moves(buf)
        if n == 0 or g.home == 15:
            return
        m = g.hint() if pick % 3 == 0 else buf[pick % n]
        g.apply(m if m != NO_MOVE else buf[0])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 1), st.integers(1, 2 ** 30 - 1),
       st.lists(st.integers(0, 10 ** 6), min_size=20, max_size=200))
def test_the_rules_list_of_moves_is_a_plain_reading_of_the_rules(prof, number, picks):
    buf = array.array("H", range(MAX_MOVES))
    for g in random_positions(prof, number, picks):
        for turn in (False, True):
            n = g._gen(buf, 0, turn)
            assert len(set(buf[:n])) == n
            assert set(buf[:n]) == rules_moves(g, turn)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 1), st.integers(1, 2 ** 30 - 1),
       st.lists(st.integers(0, 10 ** 6), min_size=20, max_size=200))
def test_a_search_node_lists_the_rules_moves_but_the_one_back_to_where_it_came_from(
        prof, number, picks):
    for g in random_positions(prof, number, picks):
        if g._search is None:
            g._run(0, False)
        s = g._search
        for win in (False, True):
            s.run(0, win)  # the piles that can change, as the search keeps them; the waiting
            s._fits()  # card's pads, as _make leaves them for the node's _moves
            n = s._moves(win, 0)
            got = {TURN if c == 0 else pack(c // 11, c % 11, 1) for c in s.ms[:n]}
            assert len(got) == n and got == rules_moves(g, win)
        # one free move made on the search's path: its reverse is left out, the rest listed
        assert s.run(0, False) in (0, 1, 2)  # (the start copied: _make's bookkeeping)
        s._fits()
        n = s._moves(False, 0)
        free = [c for c in s.ms[:n] if c // 11 >= PAD]
        if free:
            c = free[0]
            wasted = g.wasted
            s._make(c)
            if g.wasted == wasted:  # (a launch ends the loss search: no list is made there)
                k = s._moves(False, 0)
                got = {pack(x // 11, x % 11, 1) for x in s.ms[:k]}
                want = rules_moves(g, False)
                if s.steps[s.depth - 1] < 128:  # no forced play followed
                    want.discard(pack(c % 11, c // 11, 1))
                assert got == want
            s._back(0)


def test_every_node_of_a_search_lists_the_rules_moves(sample, monkeypatch):
    # the search lists its nodes' moves itself (faster than reading _gen's): at every node of
    # whole searches, loss and win, of endgames of both decks, they are the rules' moves but the
    # reverse of the move that led there (when no forced play followed it)
    listed = S.Search._moves
    nodes = [0, 0]

    def checked(s, win, at):
        n = listed(s, win, at)
        if n < 0:
            return n  # (no room on the path's stack: the line is cut)
        got = {TURN if c == 0 else pack(c // 11, c % 11, 1) for c in s.ms[at:at + n]}
        want = rules_moves(s.game, win)
        i = s.depth - 1
        if i >= 0 and s.steps[i] < 128:
            last = s.steps[i]
            want.discard(pack(last % 11, last // 11, 1))
        assert len(got) == n and got == want
        nodes[win] += 1
        return n

    monkeypatch.setattr(S.Search, "_moves", checked)
    games = (Game(0, 0), Game(0, 1))
    for prof, number, snap in sample[::2]:
        g = position(games[prof], number, snap)
        for win in (False, True):
            made(g)
            g._run(SEARCH_NODES, win)
    assert min(nodes) > 4000, nodes


# ---- the verdicts against the host ---------------------------------------------------------

def test_dead_only_where_the_host_finds_no_rescue_and_every_rescue_launches_a_rocket(sample):
    games = (Game(0, 0), Game(0, 1))
    counts = {"dead": 0, "confirmed": 0, "rescue": 0, "proved before searching": 0}
    for prof, number, snap in sample:
        g = position(games[prof], number, snap)
        answer, s = fresh(g)
        if answer == S.NO_RESCUE:
            counts["dead"] += 1
            counts["proved before searching"] += s.nodes == 0
            truth = rescue(position(g, number, snap), 3000)
            assert truth is not True, (prof, number)
            counts["confirmed"] += truth is False
        elif answer == S.RESCUE:
            counts["rescue"] += 1
            assert way_launches(g, s), (prof, number)
            g = position(g, number, snap)
            wasted = g.wasted
            for _ in range(300):  # the hint leads the player along it
                assert g.apply(g.hint())
                if g.wasted < wasted:
                    break
            assert g.wasted < wasted, (prof, number)
    # the sample is big enough to mean something, and most losses are checked to the end
    assert counts["dead"] >= 200 and counts["rescue"] >= 40, counts
    assert counts["confirmed"] >= 0.95 * counts["dead"], counts
    assert counts["proved before searching"] >= 10, counts


def test_a_table_that_forgets_all_the_time_still_proves_nothing_wrong(sample, monkeypatch):
    # generations of 128 bytes (three positions at most): positions are forgotten and searched
    # again, which costs time and never a wrong "dead"
    monkeypatch.setattr(S, "_POOL", 128)
    monkeypatch.setattr(S, "_LOAD", 3)
    games = (Game(0, 0), Game(0, 1))
    dead = 0
    for prof, number, snap in sample[::3]:
        g = position(games[prof], number, snap)
        made(g)
        answer = g._run(2000, False)
        if answer == S.NO_RESCUE:
            dead += 1
            assert rescue(position(g, number, snap), 3000) is not True, (prof, number)
        elif answer == S.RESCUE:
            assert way_launches(g, g._search), (prof, number)
    assert dead >= 50


def test_the_proof_before_the_search_is_no_rescue_on_the_host_too(sample):
    # _possible() False: the loss is proved with no position searched
    games = (Game(0, 0), Game(0, 1))
    proved = 0
    for prof, number, snap in sample:
        g = position(games[prof], number, snap)
        answer, s = fresh(g)
        if not s._possible():
            proved += 1
            assert answer == S.NO_RESCUE
            assert rescue(position(g, number, snap), 3000) is not True, (prof, number)
    assert proved >= 10


def test_a_small_cap_can_not_tell():
    # an endgame that needs more positions than 3 to decide either way
    g = Game(0, 1)
    for number, snap in endgames(1, "random", 60):
        position(g, number, snap)
        answer, s = fresh(g)
        if s.nodes > 10:
            made(g)
            assert g._run(3, False) == S.CANT_TELL
            return
    raise AssertionError("no endgame needed more than 10 positions")


# ---- "Can I still win?" ------------------------------------------------------------------------

def test_can_i_still_win_says_yes_a_few_moves_from_a_win_and_no_once_lost():
    # the hint's own games: stepped back from their win, the search finds it (a rocket launched
    # during the search opens its station and closes its pad, as in play)
    from sim.policies_solar import greedy_policy
    import random

    g = Game(0, 0)
    rnd = random.Random(1)
    buf = array.array("H", range(MAX_MOVES))
    wins = losses = yes = 0
    for number in range(1, 80):
        g.deal(number)
        while g.status() == PLAYING and g.moves < 2000:
            n = g.legal_moves(buf)
            if n == 0:
                break
            g.apply(greedy_policy(g, buf, n, rnd))
        if g.status() == WON:
            g.undo()
            assert g.still_winnable() == 1, number  # one move from the win
            g.undo()
            g.undo()
            answer = g.still_winnable()  # three moves: yes, or can't tell; never no
            assert answer != 0, number
            wins += 1
            yes += answer == 1
        elif g.status() == LOST and not g.resigned:
            assert g.still_winnable() == 0, number
            losses += 1
    assert wins >= 20 and losses >= 5 and yes >= wins // 2, (wins, losses, yes)


# ---- the think hook ------------------------------------------------------------------------

def test_a_long_search_calls_think_true_then_false_a_short_one_never(sample):
    calls = []
    games = (Game(0, 0), Game(0, 1))
    long_ = short = 0
    for prof, number, snap in sample:
        g = position(games[prof], number, snap)
        g.think = calls.append
        del calls[:]
        answer, s = fresh(g)
        if s.nodes >= S.THINK:
            assert calls == [True, False]
            long_ += 1
        else:
            assert calls == []
            short += 1
    assert long_ >= 3 and short >= 100


# ---- the hint's choice of pad ------------------------------------------------------------------

def test_the_hint_places_a_waiting_card_where_it_makes_the_pad_ready_for_its_rocket():
    # a card that shows k twice on pad k: rocket k will go home when it comes. Else a pad that
    # is not ready now, before spoiling a ready one
    for prof in (0, 1):
        g = Game(0, prof)
        buf = array.array("H", range(MAX_MOVES))
        seen = set()
        for number in range(1, 400):
            g.deal(number)
            for _ in range(60):
                if g.pending >= 0 and g.fits & (g.fits - 1):
                    c = g.top(g.pending)
                    fits = [k for k in range(4) if (g.fits >> k) & 1]
                    ready = [k for k in fits if g._match(c, g._rocket[k])]
                    spoil = [k for k in fits if g._match(g.top(PAD + k), g._rocket[k])]
                    best = ready or [k for k in fits if k not in spoil] or fits
                    h = g.hint()
                    if g.wasted and g._verdict() == 0:
                        break  # (a rescue comes first)
                    assert (h >> 6) & 31 == PAD + best[0], (prof, number)
                    seen.add("ready" if ready else "not spoilt" if len(best) < len(fits) else
                             "any")
                n = g.legal_moves(buf)
                if n == 0 or g.status() != PLAYING:
                    break
                g.apply(g.hint() if g.pending < 0 else buf[0])
        assert {"ready", "not spoilt"} <= seen, seen
