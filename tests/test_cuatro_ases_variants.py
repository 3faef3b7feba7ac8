# Solitario 4 Ases §5 variants (docs/rules/cuatro_ases.md): 4 Ases revelados, Con reserva
# (§5.1), Mezclado and its strict option (§5.2), Pintados (§5.3). Positions are built as in
# tests/test_cuatro_ases_rules.py (the hand from its top, other piles from the bottom).
from engine.cuatro_ases import Game, HAND, REVEALED, SLOT, RENEW, SHUFFLE
from engine.game import NO_MOVE, OK, PLAYING, WON, LOST

from tests.test_cuatro_ases_rules import (
    BASE, REVELADOS, RESERVA, MEZCLADO, PINTADOS, S1, S2, S3, S4, REVEAL1, REVEAL2, PARK,
    RELEASE, up, card, cards, names, hand_names, position, run, legal, hint_list, says,
)


# ---- 4 Ases revelados ------------------------------------------------------------------------

def test_4_ases_revelados_starts_with_the_four_1s_up_and_36_in_the_hand():
    g = Game(REVELADOS)
    g.deal(2024)
    assert [names(g, s) for s in (S1, S2, S3, S4)] == ["1O", "1C", "1E", "1B"]
    assert g.count(HAND) == 36 and g.count(REVEALED) == 0
    assert all(g.card(HAND, i) % 10 for i in range(36))
    assert g.score() == 4 and g.status() == PLAYING and not g.progress


def test_4_ases_revelados_keeps_the_base_games_hand_order_without_the_1s():
    base = Game(BASE)
    base.deal(2024)
    g = Game(REVELADOS)
    g.deal(2024)
    assert hand_names(g).split() == [n for n in hand_names(base).split() if n[0] != "1"]


def test_4_ases_revelados_plays_by_the_base_rules():
    g = position(REVELADOS, hand="5B 2O", spaces=("1O", "1C", "1E", "1B"))
    assert g.apply(REVEAL2) and says(g, up(S4)) == "Needs same suit"
    assert g.apply(up(S1)) and g.apply(RENEW) and g.apply(REVEAL1)
    assert g.status() == LOST  # no card up in that round


# ---- Con reserva (§5.1) ----------------------------------------------------------------------

def test_the_top_revealed_card_may_be_parked_in_the_empty_reserve_slot_at_any_time():
    g = position(RESERVA, hand="6B 7B", revealed="1O 4C")
    assert PARK in legal(g) and g.pickable(REVEALED, 1)
    assert g.apply(PARK)
    assert names(g, SLOT) == "4C" and names(g, REVEALED) == "1O"
    assert g.changed == (1 << REVEALED) | (1 << SLOT)
    assert g.pickable(SLOT, 1) and not g.pickable(SLOT, 2)


def test_the_reserve_slot_holds_one_card():
    g = position(RESERVA, hand="6B 7B", revealed="1O 4C", slot="5E")
    assert says(g, PARK) == "The slot is full"


def test_a_parked_card_cannot_go_to_a_space_directly():
    g = position(RESERVA, hand="6B 7B", revealed="4C", slot="1O")
    for s in (S1, S2, S3, S4):
        assert says(g, pack_slot_to(s)) == "A slot card can't go up directly"
    assert not any((m >> 11) == SLOT and (m >> 6) & 31 != REVEALED for m in legal(g))


def pack_slot_to(space):
    return (SLOT << 11) | (space << 6) | 1


def test_the_parked_card_leaves_the_slot_only_onto_a_revealed_top_of_the_same_rank():
    g = position(RESERVA, hand="6B 7B", revealed="3E 5C", slot="4O")
    assert says(g, RELEASE) == "Release onto the same rank"
    assert RELEASE not in legal(g)
    g = position(RESERVA, hand="6B 7B", revealed="3E 4C", slot="4O")
    assert RELEASE in legal(g) and g.apply(RELEASE)
    assert names(g, REVEALED) == "3E 4C 4O" and g.count(SLOT) == 0
    assert g.changed == (1 << REVEALED) | (1 << SLOT)
    g = position(RESERVA, hand="6B 7B", slot="4O")
    assert says(g, RELEASE) == "Release onto the same rank"


def test_a_released_reserve_card_cannot_go_up_before_a_renewal_and_after_one_it_can():
    g = position(RESERVA, revealed="2C 1E", spaces=("1O", "", "", ""), slot="2O")
    assert g.apply(up(S2))  # 1E up: the round has progress
    assert g.apply(RELEASE)  # 2O onto 2C
    assert g.blocked(REVEALED, 1) and not g.blocked(REVEALED, 0)
    assert says(g, up(S1)) == "Blocked until the next renewal"
    assert g.quick_play(REVEALED) == NO_MOVE and up(S1) not in legal(g)
    assert g.apply(RENEW)
    assert hand_names(g) == "2C 2O" and not g.blocked(HAND, 1)
    assert g.apply(REVEAL2)
    # revealed again: an ordinary card
    assert not g.blocked(REVEALED, 1) and g.check(up(S1)) == OK
    assert g.apply(up(S1)) and names(g, S1) == "1O 2O"


def test_a_blocked_card_may_be_parked_again_and_released_blocked_again():
    g = position(RESERVA, hand="6B 7B", revealed="4E 4C", slot="4O")
    assert g.apply(RELEASE) and g.blocked(REVEALED, 2)
    assert g.apply(PARK) and names(g, SLOT) == "4O"
    assert g.apply(RELEASE) and g.blocked(REVEALED, 2)
    # undo goes back through each state of the mark
    assert g.undo() and names(g, SLOT) == "4O"
    assert g.undo() and g.blocked(REVEALED, 2)
    assert g.undo() and names(g, SLOT) == "4O" and names(g, REVEALED) == "4E 4C"
    assert not any(g.blocked(REVEALED, i) for i in range(2))


def test_only_moves_up_count_as_progress_not_park_or_release():
    g = position(RESERVA, hand="2E 4O 6C 7C")
    assert g.apply(REVEAL2) and g.apply(PARK) and g.apply(REVEAL2)
    assert names(g, REVEALED) == "2E 6C 7C" and not g.progress
    assert g.status() == LOST


def test_a_park_that_uncovers_a_move_up_keeps_the_round_alive():
    g = position(RESERVA, revealed="5E 1O 2C")
    assert g.status() == PLAYING and legal(g) == {PARK}
    assert hint_list(g) == [PARK]  # nothing else is left
    assert g.apply(PARK) and g.apply(up(S1)) and g.check(RENEW) == OK


def test_the_game_cannot_be_won_with_a_card_in_the_slot():
    spaces = (run("O"), run("C"), run("E"), run("B", 8))  # Caballo and Rey of bastos missing
    g = position(RESERVA, revealed="CB RB", spaces=spaces)
    assert g.apply(PARK) and g.apply(up(S4))
    assert g.count(HAND) == 0 and g.count(REVEALED) == 0 and names(g, SLOT) == "RB"
    assert g.score() == 39 and g.status() == LOST


def test_the_hint_parks_only_a_card_far_from_its_space_whose_rank_will_come_by_again():
    # 6C is 6 cards from its space, no 6 is up: parking it lets 1O go up
    g = position(RESERVA, hand="7B 7E", revealed="1O 6C")
    assert hint_list(g) == [PARK, REVEAL2]
    # 2O would be wanted as soon as 1O is up: kept out of the slot
    g = position(RESERVA, hand="7B 7E", revealed="1O 2O")
    assert hint_list(g) == [REVEAL2]


def test_the_hint_releases_the_slot_card_when_the_top_cannot_go_up():
    g = position(RESERVA, hand="7B 7E", revealed="1C 4C", slot="4O")
    assert hint_list(g) == [RELEASE, REVEAL2]
    g = position(RESERVA, hand="7B 7E", revealed="4C 1C", slot="1O")
    assert hint_list(g) == [up(S1), REVEAL2]


# ---- Mezclado (§5.2) -------------------------------------------------------------------------

def stuck(profile=0, tokens=5, progress=False):
    # Mezclado, hand empty, nothing fits
    return position(MEZCLADO, profile, revealed="3C 5O 7B 2E 6O", spaces=("1O", "", "", ""),
                    tokens=tokens, progress=progress, number=31)


def test_mezclado_starts_with_five_tokens():
    g = Game(MEZCLADO, 1)
    g.deal(5)
    assert g.tokens == 5 and g.strict
    assert not Game(MEZCLADO, 0).strict and not Game(BASE, 1).strict


def test_mezclado_renewals_stay_free_and_unshuffled():
    g = stuck(progress=True)
    assert g.hand_move() == RENEW and legal(g) == {RENEW}
    assert says(g, SHUFFLE) == "A card went up: renew for free"
    assert g.apply(RENEW)
    assert hand_names(g) == "3C 5O 7B 2E 6O" and g.tokens == 5


def test_a_token_buys_a_reshuffle_instead_of_a_loss():
    g = stuck()
    assert g.status() == PLAYING
    assert says(g, RENEW) == "No card went up this round"
    assert legal(g) == {SHUFFLE} and hint_list(g) == [SHUFFLE] and g.hand_move() == SHUFFLE
    assert g.apply(SHUFFLE)
    assert g.tokens == 4 and g.count(REVEALED) == 0 and not g.progress
    assert sorted(hand_names(g).split()) == sorted("3C 5O 7B 2E 6O".split())
    assert hand_names(g) != "3C 5O 7B 2E 6O"  # this deal's shuffle changes the order
    assert names(g, S1) == "1O"  # cards on the spaces stay


def test_the_game_is_lost_when_stuck_with_no_tokens_left():
    g = stuck(tokens=0)
    assert g.status() == LOST and legal(g) == set()


def test_no_token_is_spent_while_a_move_up_is_possible():
    g = position(MEZCLADO, revealed="3C 2O", spaces=("1O", "", "", ""))
    assert SHUFFLE in legal(g)  # the player may, but the hint says to move up
    assert hint_list(g) == [up(S1)]


def test_the_shuffle_is_reproducible_from_the_deal_number_and_the_tokens_left():
    orders = set()
    for number, tokens in ((31, 5), (31, 5), (32, 5), (31, 4)):
        g = position(MEZCLADO, revealed=run("C") + " " + run("E"), tokens=tokens, number=number)
        assert g.apply(SHUFFLE)
        orders.add((number, tokens, hand_names(g)))
    assert len(orders) == 3  # the same deal and count gave the same order; the others differ
    assert len({o[2] for o in orders}) == 3


def test_undo_restores_the_token_count_and_the_order_after_a_shuffle():
    g = stuck()
    assert g.apply(SHUFFLE)
    shuffled = hand_names(g)
    assert g.apply(REVEAL2)
    assert g.undo() and g.undo()
    assert names(g, REVEALED) == "3C 5O 7B 2E 6O" and g.count(HAND) == 0
    assert g.tokens == 5 and not g.progress
    assert g.changed == (1 << HAND) | (1 << REVEALED)
    assert g.redo()
    assert hand_names(g) == shuffled and g.tokens == 4


def test_redo_reapplies_the_same_shuffle():
    g = stuck()
    assert g.apply(SHUFFLE)
    shuffled = hand_names(g)
    for _ in range(3):
        assert g.undo() and g.redo()
        assert hand_names(g) == shuffled and g.tokens == 4


def test_strict_every_renewal_costs_a_token_and_shuffles():
    g = stuck(profile=1, progress=True)
    assert says(g, RENEW) == "Strict: renewing spends a token"
    assert legal(g) == {SHUFFLE} and g.hand_move() == SHUFFLE
    assert g.apply(SHUFFLE) and g.tokens == 4
    assert hand_names(g) != "3C 5O 7B 2E 6O"
    assert g.undo() and g.progress and g.tokens == 5


def test_strict_mezclado_with_no_tokens_cannot_renew():
    g = position(MEZCLADO, 1, revealed="3C 2O", spaces=("1O", "", "", ""), tokens=0,
                 progress=True)
    assert g.status() == PLAYING  # 2O can still go up
    assert says(g, SHUFFLE) == "No tokens left"
    assert says(g, RENEW) == "Strict: renewing spends a token"
    assert g.apply(up(S1)) and g.status() == LOST


def test_a_token_exists_only_in_mezclado():
    g = position(BASE, revealed="3C 5O", progress=True)
    assert says(g, SHUFFLE) == "Can't move that"


# ---- Pintados (§5.3) -------------------------------------------------------------------------

def test_pintados_rejects_a_same_suit_card():
    g = position(PINTADOS, hand="7B 7E", revealed="2O", spaces=("1O", "", "", ""))
    assert says(g, up(S1)) == "Needs another suit"
    g = position(PINTADOS, hand="7B 7E", revealed="2C", spaces=("1O", "", "", ""))
    assert g.check(up(S1)) == OK
    g = position(PINTADOS, hand="7B 7E", revealed="3C", spaces=("1O", "", "", ""))
    assert says(g, up(S1)) == "Wrong rank"


def test_pintados_lets_the_player_choose_among_two_fitting_spaces():
    g = position(PINTADOS, hand="7B 7E", revealed="2E", spaces=("1O", "1C", "", ""))
    assert {up(S1), up(S2)} <= legal(g)
    assert set(hint_list(g)) == {up(S1), up(S2), REVEAL2}
    assert g.apply(up(S2))
    assert names(g, S2) == "1C 2E" and names(g, S1) == "1O"


def test_pintados_a_1_starts_each_space():
    g = position(PINTADOS, hand="7B 7E", revealed="2E", spaces=("", "", "", ""))
    assert says(g, up(S1)) == "Only a 1 starts a space"
    g = position(PINTADOS, hand="7B 7E", revealed="1E", spaces=("1O", "", "", ""))
    assert g.check(up(S2)) == OK and says(g, up(S1)) == "Wrong rank"


def test_pintados_builds_a_space_up_to_the_rey_in_changing_suits():
    g = position(PINTADOS, revealed="RO", spaces=("1O 2C 3O 4C 5O 6C 7O SC CB", "", "", ""))
    assert g.apply(up(S1)) and g.count(S1) == 10


def test_pintados_hint_covers_first_the_space_that_would_refuse_a_card_still_to_come():
    # 2O goes on 1C or 1E; the 2 of espadas is still to come and 1E would refuse it, so 2O
    # covers 1E; the 2 of copas is already up, so leaving 1C open costs nothing
    g = position(PINTADOS, hand="7B 7E", revealed="2O",
                 spaces=("1B 2C", "1C", "1E", ""))
    assert hint_list(g) == [up(S3), up(S2), REVEAL2]
