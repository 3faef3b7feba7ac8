# terrace.md §5 (General's Patience redeal), §6 (end of game, hint), §7 (desktop quirks not
# copied), and undo taking back a move with all its automatic steps.
import array

import pytest

from engine.game import (
    MAX_MOVES, NO_MOVE, PLAYING, WON, LOST, OK, pack,
    REASON_NOT_PLAYABLE, REASON_STOCK_LOCKED, REASON_NO_REDEAL, REASON_SECOND_PASS,
    REASON_NO_GROUP,
)
from engine.terrace import Game, PROFILES, STOCK, WASTE, RESERVE, FOUNDATION, TABLEAU
from tests.test_terrace_rules import (
    position, cards, names, full, legal, eight, by_profile, DEAL, REDEAL,
    TERRACE, GENERALS, FALLING_STARS, SIGNORA, REDHEADS, BLONDES, WOOD, ALL, BY_HAND,
    PICK_BASE, F1, F2, T1, T2, T3, T4,
)
from tests.positions import set_pile


def snapshot(g):
    return (tuple(bytes(g.card(p, i) for i in range(g.count(p))) for p in range(g.pile_count)),
            g.base, g.locked, g.redeals_left, g.moves)


# ---- §5 General's Patience redeal -------------------------------------------------------------

@pytest.mark.parametrize("profile", PROFILES)
def test_redeal_turns_the_waste_over_unshuffled_first_card_dealt_first_again(profile):
    g = position(GENERALS, profile, waste="2C 3C 4C", foundations=("7C",), tableau=full(GENERALS))
    assert g.check(REDEAL) == OK and REDEAL in legal(g)
    assert g.apply(REDEAL)
    # 2C was dealt first in the first pass: it comes first again, turned automatically
    assert names(g, WASTE) == "2C" and names(g, STOCK) == "4C 3C"
    assert g.redeals_left == 0 and g.second_pass()


@pytest.mark.parametrize("profile", PROFILES)
def test_redeal_only_when_the_stock_is_empty_the_waste_is_not_and_the_stock_is_not_locked(profile):
    g = position(GENERALS, profile, stock="5D", waste="2C", foundations=("7C",),
                 tableau=full(GENERALS))
    assert g.check(REDEAL) == REASON_NOT_PLAYABLE
    g = position(GENERALS, profile, foundations=("7C",), tableau=full(GENERALS))
    assert g.check(REDEAL) == REASON_NOT_PLAYABLE
    g = position(GENERALS, profile, waste="2C 3C", foundations=("7C",),
                 tableau=[""] + full(GENERALS)[1:], locked=True)
    assert g.check(REDEAL) == REASON_STOCK_LOCKED


@pytest.mark.parametrize("profile", PROFILES)
def test_the_waste_may_be_turned_over_only_once(profile):
    g = position(GENERALS, profile, waste="2C", foundations=("7C",), tableau=["3D"] + full(GENERALS)[1:])
    assert g.apply(REDEAL)
    assert g.apply(pack(WASTE, T1, 1))  # 2C on 3D: the waste and the stock are now empty
    set_pile(g, WASTE, cards("5S"))
    assert g.check(REDEAL) == REASON_NO_REDEAL


@pytest.mark.parametrize("profile", PROFILES)
def test_in_the_second_pass_each_card_is_turned_automatically_when_the_waste_is_empty(profile):
    g = position(GENERALS, profile, waste="9C 8C JH", foundations=("7C",), tableau=full(GENERALS))
    assert g.apply(REDEAL) and names(g, WASTE) == "9C"
    assert g.apply(pack(WASTE, T1, 1)) is False  # 9C fits nowhere on QD
    set_pile(g, WASTE, cards("8C"))
    set_pile(g, STOCK, cards("JH 9C"))
    assert g.apply(pack(WASTE, F1, 1)) and names(g, WASTE) == "9C"
    assert g.apply(pack(WASTE, F1, 1)) and names(g, WASTE) == "JH" and g.count(STOCK) == 0


@pytest.mark.parametrize("profile", PROFILES)
def test_generals_patience_second_pass_blocked_each_card_must_be_played_before_the_next(profile):
    g = position(GENERALS, profile, waste="3S 2H 9H", foundations=("7C",), tableau=full(GENERALS))
    assert g.apply(REDEAL)
    assert names(g, WASTE) == "3S" and g.count(STOCK) == 2
    assert g.check(DEAL) == REASON_SECOND_PASS
    assert DEAL not in legal(g) and g.hint() == NO_MOVE
    assert g.status() == LOST  # 3S cannot be played and the next card cannot come
    assert g.undo() and g.status() == PLAYING and g.redeals_left == 1


@pytest.mark.parametrize("profile", PROFILES)
def test_a_redeal_never_sets_the_stock_lock(profile):
    g = position(GENERALS, profile, waste="3S 2H 9H", foundations=("7C",),
                 tableau=[""] + full(GENERALS)[1:])
    assert g.apply(REDEAL) and not g.locked  # the desktop game locks for good here: not copied
    set_pile(g, WASTE, cards("8C"))
    assert g.apply(pack(WASTE, F1, 1)) and not g.locked  # nor do the second pass's deals


# ---- §6 hint order and end of game ----------------------------------------------------------

def test_hint_first_chooses_a_base_card_not_buried_in_the_reserve():
    g = position(TERRACE, reserve="5C 9D QH 2S", tableau=["5D", "QS", "KC", "9S"])
    assert g.base == 0
    # 5 lies 3 deep, Q 1 deep, K not in the reserve at all, 9 2 deep
    assert g.hint() == pack(T3, F1, 1)


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_hint_order_reserve_then_tableau_then_waste_to_a_foundation(variant, profile):
    e = eight(variant)
    g = position(variant, profile, stock="2C", waste=e, reserve=e, foundations=("7C", "7S"),
                 tableau=[e] + full(variant)[1:])
    assert g.hint() == pack(RESERVE, F1, 1)
    set_pile(g, RESERVE, cards("2H"))
    assert g.hint() == pack(T1, F1, 1)
    set_pile(g, T1, cards("QD"))
    assert g.hint() == pack(WASTE, F1, 1)


@pytest.mark.parametrize("variant,profile", by_profile(BY_HAND))
def test_hint_then_a_tableau_move_that_empties_its_pile_onto_a_non_empty_pile(variant, profile):
    g = position(variant, profile, stock="2C", waste="8H", reserve="2H", foundations=("3C",),
                 tableau=["9S", "TH", "8D"] + full(variant)[3:])
    assert g.hint() == pack(T1, T2, 1)


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_hint_then_a_tableau_move_that_uncovers_a_card_that_can_go_to_a_foundation(variant,
                                                                                     profile):
    e = eight(variant)
    g = position(variant, profile, stock="2C", waste="4H", reserve="2H", foundations=("7C",),
                 tableau=["%s 5S" % e, "6H", "9H"] + full(variant)[3:])
    assert g.hint() == pack(T1, T2, 1)
    # a tableau move that does neither is not hinted: the waste card, then the deal come first
    set_pile(g, T1, cards("JC 5S"))
    set_pile(g, WASTE, cards("4S"))
    assert g.hint() == DEAL


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_hint_counts_a_literal_group_move_that_uncovers_a_card_for_a_foundation(variant, profile):
    g = position(variant, profile, stock="2C", waste="2H", foundations=("3C 4C" if variant == GENERALS
                                                                         else "3C 4D",),
                 tableau=["5C 9H 8S", "TS"] + full(variant)[2:])
    assert g.hint() == (pack(T1, T2, 2) if profile == "literal" else DEAL)


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_hint_then_waste_top_to_the_tableau_then_reserve_top_literal_then_deal(variant, profile):
    g = position(variant, profile, stock="2C", waste="8H", reserve="5D", foundations=("3C",),
                 tableau=["9S", "6C"] + full(variant)[2:])
    assert g.hint() == pack(WASTE, T1, 1)
    set_pile(g, WASTE, cards("JH"))
    assert g.hint() == (pack(RESERVE, T2, 1) if profile == "literal" else DEAL)


@pytest.mark.parametrize("profile", PROFILES)
def test_hint_last_offers_the_redeal(profile):
    g = position(GENERALS, profile, waste="JH", foundations=("3C",), tableau=full(GENERALS))
    assert g.hint() == REDEAL


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_lost_when_the_hint_finds_nothing_moves_that_only_shuttle_cards_dont_count(variant,
                                                                                   profile):
    # 8H can go back and forth between 9S and 9C forever: legal, but not progress
    g = position(variant, profile, waste="JH", foundations=("3C",),
                 tableau=["9S 8H", "9C"] + full(variant)[2:])
    g.redeals_left = 0  # (General's Patience: its redeal is spent)
    assert pack(T1, T2, 1) in legal(g)
    assert g.hint() == NO_MOVE and g.status() == LOST
    assert g.apply(pack(T1, T2, 1)) and g.status() == LOST


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_the_player_can_always_undo_out_of_a_lost_position(variant, profile):
    g = Game(variant, PROFILES.index(profile))
    g.deal(17)
    while g.status() == PLAYING:
        assert g.apply(g.hint())
    assert g.status() in (WON, LOST)
    before = snapshot(g)
    assert g.can_undo() and g.undo() and snapshot(g) != before


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_status_never_says_won_before_104_cards_are_on_the_foundations(variant, profile):
    g = Game(variant, PROFILES.index(profile))
    g.deal(23)
    while g.status() == PLAYING:
        assert g.score() < 104
        g.apply(g.hint())
    assert (g.status() == WON) == (g.score() == 104)


# ---- §7 quirks of the desktop game that are not copied -------------------------------------

@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_only_the_reserve_top_plays(variant, profile):
    g = position(variant, profile, waste="2C 3C", reserve="8H 9S", foundations=("7C",),
                 tableau=full(variant))
    assert g.pickable(RESERVE, 1) and not g.pickable(RESERVE, 2)
    assert g.check(pack(RESERVE, F1, 2)) == REASON_NO_GROUP
    assert not g.pickable(WASTE, 2) and not g.pickable(STOCK, 1)


# ---- undo: a move and all its automatic steps ------------------------------------------------

def play_and_undo(g, move):
    before = snapshot(g)
    assert g.apply(move)
    after = snapshot(g)
    assert g.undo()
    assert snapshot(g) == before
    return after


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_undo_takes_back_the_automatic_deal(variant, profile):
    g = position(variant, profile, stock="2C 3C", waste=eight(variant), foundations=("7C",),
                 tableau=full(variant))
    after = play_and_undo(g, pack(WASTE, F1, 1))
    assert after[0][WASTE] == bytes(cards("3C"))


@pytest.mark.parametrize("variant,profile", by_profile(BY_HAND))
def test_undo_restores_the_stock_lock_set_and_cleared(variant, profile):
    g = position(variant, profile, stock="2C 3C", waste="4D", foundations=("7C",),
                 tableau=[""] + full(variant)[1:])
    assert play_and_undo(g, DEAL)[2] is True  # the deal locked; undo unlocks
    g = position(variant, profile, stock="2C 3C", waste="4D JH", foundations=("7C",),
                 tableau=[""] + full(variant)[1:], locked=True)
    if profile == "classic":
        assert play_and_undo(g, pack(WASTE, T1, 1))[2] is False  # cleared; undo locks again
        assert g.locked


@pytest.mark.parametrize("variant,profile", by_profile((SIGNORA, REDHEADS)))
def test_undo_takes_back_the_auto_fill(variant, profile):
    g = position(variant, profile, stock="2C", waste="JH", reserve="5S 9H", foundations=("7C",),
                 tableau=["8D"] + full(variant)[1:])
    after = play_and_undo(g, pack(T1, F1, 1))
    assert after[0][T1] == bytes(cards("9H" if variant == REDHEADS else "JH"))


@pytest.mark.parametrize("variant,profile", by_profile(PICK_BASE))
def test_undo_of_the_base_choice_returns_the_candidates_and_unchooses_the_base(variant, profile):
    g = Game(variant, PROFILES.index(profile))
    g.deal(31)
    after = play_and_undo(g, pack(T2, F1, 1))
    assert after[1] != 0 and g.base == 0
    assert sorted(legal(g)) == [pack(TABLEAU + i, F1, 1) for i in range(4)]


@pytest.mark.parametrize("profile", PROFILES)
def test_undo_of_the_redeal_restores_the_first_pass(profile):
    g = position(GENERALS, profile, waste="2C 3C 4C", foundations=("7C",),
                 tableau=[""] + full(GENERALS)[1:])
    after = play_and_undo(g, REDEAL)
    assert after[3] == 0 and g.redeals_left == 1 and g.check(REDEAL) == OK


@pytest.mark.parametrize("variant", (TERRACE, REDHEADS))
def test_undo_log_keeps_1000_moves_and_counts_the_oldest_that_fall_off(variant):
    g = position(variant, "classic", waste="JH", foundations=("3C",),
                 tableau=["9S 8H", "9C"] + full(variant)[2:])
    start = snapshot(g)
    for i in range(1100):
        assert g.apply(pack(T1, T2, 1) if i % 2 == 0 else pack(T2, T1, 1))
    assert g.undo_dropped == 100 and g.moves == 1100
    for i in range(1000):
        assert g.undo()
    assert not g.can_undo() and not g.undo()
    assert snapshot(g)[0] == start[0] and g.moves == 100


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_an_illegal_move_changes_nothing(variant, profile):
    g = Game(variant, PROFILES.index(profile))
    g.deal(8)
    before = snapshot(g)
    assert not g.apply(pack(F1, T1, 1)) and not g.apply(pack(STOCK, T1, 1))
    assert not g.apply(pack(RESERVE, 31, 1))
    assert snapshot(g) == before and not g.can_undo()


def test_changed_marks_the_piles_the_last_move_or_undo_touched():
    g = position(FALLING_STARS, stock="2C 3C", waste="8D", foundations=("7C",),
                 tableau=["9S"] + full(FALLING_STARS)[1:])
    g.apply(pack(WASTE, F1, 1))
    assert g.changed == (1 << WASTE) | (1 << F1) | (1 << STOCK)
    g.undo()
    assert g.changed == (1 << WASTE) | (1 << F1) | (1 << STOCK)
    g.deal(3)
    assert g.changed == (1 << g.pile_count) - 1
    g.apply(DEAL)
    assert g.changed == (1 << STOCK) | (1 << WASTE)


def test_moves_counts_applied_moves_not_undone():
    g = Game(WOOD)
    g.deal(12)
    for _ in range(5):
        g.apply(g.hint())
    g.undo()
    assert g.moves == 4


# ---- undo chains, redo, the cycling hint, undo history after a resume -------------------------

def _position_key(g):
    return snapshot(g), g.count(STOCK), tuple(g.count(p) for p in range(g.pile_count))


@pytest.mark.parametrize("variant", ALL)
def test_one_undo_takes_back_a_move_and_the_autoplay_moves_chained_to_it(variant):
    g = Game(variant, 0)
    g.deal(4242)
    while g.base == 0:
        g.apply(g.hint())
    buf = array.array("H", range(MAX_MOVES))
    for _ in range(40):
        before = _position_key(g)
        m = g.hint()
        if m == NO_MOVE:
            break
        assert g.apply(m)
        # the UI's autoplay: every foundation move it finds, chained to the player's move
        chained = 0
        for p in range(g.pile_count):
            q = g.quick_play(p)
            if q != NO_MOVE and g.apply(q, True):
                chained += 1
        after = _position_key(g)
        assert g.undo()
        assert _position_key(g) == before
        assert g.can_redo() and g.redo()
        assert _position_key(g) == after and not g.can_redo()


@pytest.mark.parametrize("profile", PROFILES)
def test_redo_after_three_undos_returns_the_same_positions_and_changed_masks(profile):
    g = Game(TERRACE, PROFILES.index(profile))
    g.deal(77)
    seen = []
    for _ in range(12):
        m = g.hint()
        if m == NO_MOVE:
            break
        g.apply(m)
        seen.append((_position_key(g), g.changed))
    masks = []
    for _ in range(3):
        assert g.undo()
        masks.append(g.changed)
    for i in range(3):
        assert g.redo()
        assert (_position_key(g), g.changed) == seen[len(seen) - 3 + i]
    assert not g.redo()
    # a new move forgets what could be redone
    g.undo()
    g.apply(g.hint())
    assert not g.can_redo()


def test_hints_list_every_productive_move_in_the_rules_order_and_hint_is_the_first():
    g = position(FALLING_STARS, "classic", reserve="5H", waste="9S", stock="2C 3C",
                 foundations=("4C",), tableau=("5D", "TD", "7H", "KS 8D"))
    buf = array.array("H", range(MAX_MOVES))
    n = g.hints(buf)
    moves = list(buf[:n])
    # reserve -> foundation; 8D uncovers nothing that goes home... 9S (waste) onto TD; deal last
    assert moves[0] == pack(RESERVE, F1, 1) == g.hint()
    assert pack(WASTE, T2, 1) in moves and moves[-1] == DEAL
    assert len(set(moves)) == n
    one = array.array("H", [0])
    assert g.hints(one) == 1 and one[0] == moves[0]


def test_hints_offer_every_base_candidate_least_buried_first():
    g = Game(TERRACE, 0)
    g.deal(4242)
    buf = array.array("H", range(MAX_MOVES))
    n = g.hints(buf)
    assert n == 4 and buf[0] == g.hint()
    assert sorted(buf[:n]) == sorted(pack(TABLEAU + i, FOUNDATION, 1) for i in range(4))


@pytest.mark.parametrize("variant", ALL)
def test_undo_history_saved_with_a_snapshot_undoes_after_a_resume(variant):
    from engine.pack import history_into, history_from

    g = Game(variant, 0)
    g.deal(99)
    keys = []
    for _ in range(30):
        m = g.hint()
        if m == NO_MOVE:
            break
        keys.append(_position_key(g))
        g.apply(m)
    snap = bytearray(Game.SNAPSHOT_SIZE)
    g.save_into(snap)
    hist = bytearray(300)
    history_into(g.undo_log, hist, 0, 20)
    h = Game(variant, 0)
    h.deal(99)
    assert h.load_from(snap)
    assert history_from(h.undo_log, hist, 0) > 0
    undone = 0
    while h.undo():
        undone += 1
        assert _position_key(h) == keys[-undone]
    assert undone == min(20, len(keys))
