# Solitario 4 Ases (docs/rules/cuatro_ases.md), rule by rule: §1 deck and goal, §2 piles,
# §3 a turn (reveal, move up, renew), §4 end, and the choices engine/cuatro_ases.py documents.
# The variants (§5) are in tests/test_cuatro_ases_variants.py.
# Positions are built directly: the hand is written in the order its cards will be revealed
# (its top first), every other pile from the bottom up. Cards are named as tests/card_names.py spanish_name names
# them: order 1..7, S, C, R and suit O(ros), C(opas), E(spadas), B(astos).
import array

import pytest

from tests.card_names import spanish_name
from engine.cuatro_ases import (
    Game, VARIANTS, PROFILES, PROFILE_COUNT, HAND, REVEALED, SPACE, SLOT, RENEW, SHUFFLE,
)
from engine import game as contract
from engine.game import (
    MAX_MOVES, NO_MOVE, NO_CARD, OK, PLAYING, WON, LOST, pack,
    KIND_HAND, KIND_REVEALED, KIND_SPACE, KIND_SLOT,
)
from tests.positions import set_pile

BASE, REVELADOS, RESERVA, MEZCLADO, PINTADOS = range(5)
S1, S2, S3, S4 = SPACE, SPACE + 1, SPACE + 2, SPACE + 3
REVEAL2 = pack(HAND, REVEALED, 2)
REVEAL1 = pack(HAND, REVEALED, 1)
PARK = pack(REVEALED, SLOT, 1)
RELEASE = pack(SLOT, REVEALED, 1)
ORDERS = "1234567SCR"
SUITS = "OCEB"


def up(space):
    return pack(REVEALED, space, 1)


def card(name):
    return SUITS.index(name[1]) * 10 + ORDERS.index(name[0])


def cards(text):
    return [card(n) for n in text.split()]


def names(g, p):
    return " ".join(spanish_name(g.card(p, i)) for i in range(g.count(p)))


def hand_names(g):
    # the hand from its top, the order the cards will be revealed
    return " ".join(spanish_name(g.card(HAND, i)) for i in range(g.count(HAND) - 1, -1, -1))


def position(variant=BASE, profile=0, hand="", revealed="", spaces=("", "", "", ""), slot="",
             tokens=None, progress=False, number=1):
    g = Game(variant, profile)
    g.deal(number)
    set_pile(g, HAND, list(reversed(cards(hand))))
    set_pile(g, REVEALED, cards(revealed))
    for k in range(4):
        set_pile(g, SPACE + k, cards(spaces[k]))
    if g.has_slot:
        set_pile(g, SLOT, cards(slot))
    if tokens is not None:
        g.tokens = tokens
    g.progress = progress
    return g


def run(suit, n=10):
    # a space built from the 1 of `suit` up to its n-th card
    return " ".join(ORDERS[i] + suit for i in range(n))


def legal(g):
    buf = array.array("H", range(MAX_MOVES))
    return set(buf[:g.legal_moves(buf)])


def hint_list(g):
    buf = array.array("H", range(16))
    return list(buf[:g.hints(buf)])


def says(g, move):
    return g.REASONS[g.check(move)]


# ---- the contract's tables -------------------------------------------------------------------

def test_five_variants_and_mezclado_alone_offers_the_strict_profile():
    assert VARIANTS == ("Solitario 4 Ases", "4 Ases revelados", "Con reserva", "Mezclado",
                        "Pintados")
    assert PROFILES == ("standard", "strict")
    assert PROFILE_COUNT == (1, 1, 1, 2, 1)


def test_the_familys_refusal_texts_extend_the_common_ones():
    assert Game.REASONS[:len(contract.REASONS)] == contract.REASONS
    assert len(set(Game.REASONS)) == len(Game.REASONS)


def test_the_engines_modules_agree_on_pile_numbers_and_move_codes():
    import engine.cuatro_ases as main
    from engine import registry
    assert main.RENEW == pack(REVEALED, HAND, 0) and main.SHUFFLE == pack(REVEALED, HAND, 1)
    row = registry.row("cuatro_ases")
    assert (row.variants, row.profiles, row.counts) == (VARIANTS, PROFILES, PROFILE_COUNT)
    assert registry.find("cuatro_ases") == 1  # a row's index is stored in saves


def test_pile_numbering_hand_revealed_four_spaces_and_the_slot_only_with_the_reserve():
    for v in range(5):
        g = Game(v)
        assert g.pile_count == (7 if v == RESERVA else 6)
        kinds = [g.pile_kind(p) for p in range(g.pile_count)]
        assert kinds[:6] == [KIND_HAND, KIND_REVEALED] + [KIND_SPACE] * 4
        assert [g.pile_slot(p) for p in range(SPACE, SPACE + 4)] == [0, 1, 2, 3]
        if v == RESERVA:
            assert kinds[SLOT] == KIND_SLOT and g.slot == SLOT
        else:
            assert g.slot == -1


# ---- §1 deck and goal ------------------------------------------------------------------------

@pytest.mark.parametrize("variant", [BASE, RESERVA, MEZCLADO, PINTADOS])
def test_the_40_card_deck_starts_face_down_in_the_hand(variant):
    g = Game(variant)
    g.deal(77)
    assert g.count(HAND) == 40
    assert sorted(g.card(HAND, i) for i in range(40)) == list(range(40))
    assert all(g.count(p) == 0 for p in range(1, g.pile_count))
    assert g.score() == 0 and g.status() == PLAYING and g.moves == 0
    assert g.tokens == (5 if variant == MEZCLADO else 0) and not g.progress


def test_a_space_takes_any_1_and_then_builds_up_by_suit():
    g = position(revealed="1C", spaces=("", "", "", ""))
    assert {up(s) for s in (S1, S2, S3, S4)} <= legal(g)
    g = position(hand="7B", revealed="2O", spaces=("", "", "", ""))
    assert says(g, up(S1)) == "Only a 1 starts a space"
    g = position(revealed="2O", spaces=("1O", "1C", "", ""))
    assert g.check(up(S1)) == OK
    assert says(g, up(S2)) == "Needs same suit"
    assert legal(g) == {up(S1)}
    g = position(hand="7B", revealed="3O", spaces=("1O", "", "", ""))
    assert says(g, up(S1)) == "Wrong rank"


def test_the_play_order_is_1_to_7_then_sota_caballo_rey_and_nothing_goes_on_a_rey():
    g = position(revealed="SO", spaces=(run("O", 7), "", "", ""))  # 1..7 of oros
    assert g.check(up(S1)) == OK
    g = position(revealed="CO", spaces=(run("O", 8), "", "", ""))
    assert g.check(up(S1)) == OK
    g = position(revealed="1C", spaces=(run("O"), "", "", ""))  # ends with the Rey
    assert says(g, up(S1)) == "Wrong rank"


def test_won_when_the_40th_card_lands_on_a_space():
    g = position(revealed="RB", spaces=(run("O"), run("C"), run("E"), run("B", 9)))
    assert g.status() == PLAYING and g.score() == 39
    assert g.apply(up(S4))
    assert g.status() == WON and g.score() == 40
    assert legal(g) == set() and g.hint() == NO_MOVE


# ---- §3 reveal -------------------------------------------------------------------------------

def test_reveal_puts_the_two_top_cards_down_as_a_block_first_underneath_second_on_top():
    g = position(hand="2O 5C 7E")
    assert g.hand_move() == REVEAL2 and legal(g) == {REVEAL2}
    assert g.apply(REVEAL2)
    assert names(g, REVEALED) == "2O 5C" and g.top(REVEALED) == card("5C")
    assert hand_names(g) == "7E"
    assert g.changed == (1 << HAND) | (1 << REVEALED)


def test_the_pair_is_revealed_as_a_block_the_lower_card_cannot_move_up_before_the_upper():
    g = position(hand="1O 3C 6E 7E")
    assert says(g, REVEAL1) == "Cards are revealed two at a time"
    assert g.apply(REVEAL2)
    # 1O lies under 3C: only 3C, the top, is available, and it fits nowhere
    assert not any((m >> 11) == REVEALED for m in legal(g))
    assert says(g, up(S1)) == "Only a 1 starts a space"
    assert g.quick_play(REVEALED) == NO_MOVE


def test_an_odd_last_card_is_revealed_alone():
    g = position(hand="4O 5O 6O")
    assert g.apply(REVEAL2)
    assert says(g, REVEAL2) == "Cards are revealed two at a time"
    assert legal(g) == {REVEAL1} and g.hand_move() == REVEAL1
    assert g.apply(REVEAL1)
    assert names(g, REVEALED) == "4O 5O 6O" and g.count(HAND) == 0


def test_reveal_is_allowed_only_while_the_hand_is_not_empty():
    g = position(revealed="4O 1C", progress=True)
    assert says(g, REVEAL1) == "The hand is empty"
    assert says(g, REVEAL2) == "The hand is empty"


# ---- §3 move up ------------------------------------------------------------------------------

def test_a_move_up_puts_the_top_revealed_card_on_the_space_it_fits():
    g = position(hand="7E 7C", revealed="3O 2O", spaces=("1O", "", "", ""))
    assert g.quick_play(REVEALED) == up(S1)
    assert g.apply(up(S1)) and names(g, S1) == "1O 2O" and names(g, REVEALED) == "3O"
    assert g.progress and g.moves == 1 and g.score() == 2
    assert g.changed == (1 << REVEALED) | (1 << S1)
    # the card beneath is available now
    assert g.apply(up(S1)) and names(g, S1) == "1O 2O 3O" and g.count(REVEALED) == 0


def test_declining_a_move_up_is_possible_reveal_stays_legal():
    g = position(hand="5C 6C", revealed="1O")
    assert {up(S1), REVEAL2} <= legal(g)
    assert g.apply(REVEAL2)
    assert names(g, REVEALED) == "1O 5C 6C" and g.score() == 0


def test_declining_a_move_up_is_possible_renew_stays_legal():
    g = position(revealed="4E 1O", spaces=("1C", "", "", ""), progress=True)
    assert {up(S2), RENEW} <= legal(g)
    assert g.apply(RENEW) and hand_names(g) == "4E 1O" and g.score() == 1


def test_no_automatic_play_a_card_that_fits_stays_until_the_player_moves_it():
    g = position(hand="1O 1C 4E 5E")
    assert g.apply(REVEAL2)
    assert names(g, REVEALED) == "1O 1C" and g.score() == 0


def test_cards_on_a_space_stay_there():
    g = position(hand="4E 5E", spaces=("1O 2O", "", "", ""))
    assert says(g, pack(S1, REVEALED, 1)) == "Cards on a space stay"
    assert says(g, pack(S1, S2, 1)) == "Cards on a space stay"
    assert not g.pickable(S1, 1)


# ---- §3 renew --------------------------------------------------------------------------------

def test_renew_keeps_the_order_the_first_card_revealed_in_a_pass_is_the_first_of_the_next():
    g = position(hand="5C 1O 7E 3B 2E")
    assert g.apply(REVEAL2) and g.apply(up(S1))  # 1O up: the round has progress
    assert g.apply(REVEAL2) and g.apply(REVEAL1)
    assert names(g, REVEALED) == "5C 7E 3B 2E"
    assert g.apply(RENEW)
    assert hand_names(g) == "5C 7E 3B 2E" and g.count(REVEALED) == 0
    assert g.changed == (1 << HAND) | (1 << REVEALED)
    assert g.apply(REVEAL2) and names(g, REVEALED) == "5C 7E"


def test_renew_is_refused_while_the_hand_has_cards():
    g = position(hand="4O", revealed="5C", progress=True)
    assert says(g, RENEW) == "Hand is not empty: reveal first"
    assert RENEW not in legal(g)


def test_renewing_is_unlimited():
    # five rounds, one card up in each (the last one revealed; the next that fits is declined)
    g = position(hand="7C 5O 4O 3O 2O 1O")
    for k in range(5):
        while g.count(HAND):
            assert g.apply(g.hand_move())
        assert g.apply(g.quick_play(REVEALED))
        assert g.check(RENEW) == OK and g.apply(RENEW)
    assert names(g, S1) == "1O 2O 3O 4O 5O" and hand_names(g) == "7C"


def test_a_renewal_starts_a_new_round():
    g = position(revealed="3C 1O", progress=True)
    assert g.apply(RENEW) and not g.progress


# ---- §4 end ----------------------------------------------------------------------------------

def test_a_round_with_no_move_up_is_a_loss():
    g = position(hand="3O 5C 2E 7B")
    assert g.apply(REVEAL2) and g.status() == PLAYING
    assert g.apply(REVEAL2)
    assert g.status() == LOST and not g.progress
    assert says(g, RENEW) == "Game is over"
    assert legal(g) == set() and g.hint() == NO_MOVE and g.hand_move() == NO_MOVE


def test_a_round_with_a_move_up_is_not_a_loss():
    g = position(hand="3O 1C")
    assert g.apply(REVEAL2) and g.apply(up(S1))
    assert g.count(HAND) == 0 and g.status() == PLAYING
    assert g.hand_move() == RENEW and g.apply(RENEW)
    # the next round has nothing to move up: that one is lost
    assert g.apply(REVEAL1) and g.status() == LOST


def test_a_round_is_not_lost_while_a_move_up_is_still_possible_at_its_end():
    g = position(revealed="4E 1O")
    assert g.count(HAND) == 0 and not g.progress
    assert g.status() == PLAYING
    assert says(g, RENEW) == "No card went up this round"
    assert legal(g) == {up(S1), up(S2), up(S3), up(S4)}
    assert g.apply(up(S1)) and g.check(RENEW) == OK


def test_a_lost_game_can_be_undone_into_play():
    g = position(hand="3O 5C")
    assert g.apply(REVEAL2) and g.status() == LOST
    assert g.undo() and g.status() == PLAYING and hand_names(g) == "3O 5C"


def test_the_end_is_cheap_to_ask_status_does_not_depend_on_the_move_count():
    # status reads the round's progress flag: the same position is lost or not by that flag
    lost = position(revealed="3C 5O")
    on = position(revealed="3C 5O", progress=True)
    assert lost.status() == LOST and on.status() == PLAYING


# ---- hints, quick play, picking -------------------------------------------------------------

def test_the_hint_moves_a_card_up_first_then_reveals():
    g = position(hand="4E 5E", revealed="1O")
    assert hint_list(g) == [up(S1), REVEAL2]
    assert g.hint() == up(S1)


def test_the_hint_renews_when_the_hand_is_empty_and_a_card_went_up():
    g = position(revealed="3C 5O", progress=True)
    assert hint_list(g) == [RENEW]


def test_quick_play_sends_the_revealed_top_to_the_first_space_that_takes_it():
    g = position(revealed="1C", spaces=("1O", "", "", ""))
    assert g.quick_play(REVEALED) == up(S2)
    assert g.quick_play(HAND) == NO_MOVE and g.quick_play(S1) == NO_MOVE
    g = position(revealed="2C", spaces=("1O", "", "1C", ""))
    assert g.quick_play(REVEALED) == up(S3)


def test_only_the_revealed_top_is_picked_up_one_card_at_a_time():
    g = position(hand="4E 5E", revealed="1O 3C")
    assert g.pickable(REVEALED, 1)
    assert not g.pickable(REVEALED, 2)
    assert not g.pickable(HAND, 1)
    assert not g.pickable(S1, 1)
    assert position(hand="4E").pickable(REVEALED, 1) is False


def test_reading_piles_top_of_an_empty_pile_is_no_card():
    g = position(hand="4E 5E", revealed="1O 3C")
    assert g.top(REVEALED) == card("3C") and g.card(REVEALED, 0) == card("1O")
    assert g.top(S1) == NO_CARD and g.count(S1) == 0


def test_restart_deals_the_same_deal_again():
    g = Game(BASE)
    g.deal(4242)
    first = hand_names(g)
    assert g.apply(REVEAL2)
    g.restart()
    assert hand_names(g) == first and g.moves == 0 and not g.can_undo()


# ---- undo and redo ---------------------------------------------------------------------------

def test_undo_takes_back_a_move_up_and_the_rounds_progress_with_it():
    g = position(hand="4E 5E", revealed="1O")
    assert g.apply(up(S1)) and g.progress
    assert g.undo()
    assert names(g, REVEALED) == "1O" and g.count(S1) == 0 and not g.progress
    assert g.moves == 0 and g.changed == (1 << REVEALED) | (1 << S1)


def test_undo_of_a_renewal_brings_the_revealed_pile_and_the_progress_back():
    g = position(revealed="3C 5O 7B", progress=True)
    assert g.apply(RENEW) and g.undo()
    assert names(g, REVEALED) == "3C 5O 7B" and g.count(HAND) == 0 and g.progress


def test_redo_replays_what_undo_took_back_and_a_new_move_forgets_it():
    g = position(hand="5C 1O 7E 3B")
    for m in (REVEAL2, up(S1), REVEAL2):
        assert g.apply(m)
    after = (names(g, REVEALED), names(g, S1), g.progress, g.moves)
    assert g.undo() and g.undo() and g.undo() and not g.can_undo()
    assert g.can_redo() and g.redo() and g.redo() and g.redo() and not g.can_redo()
    assert (names(g, REVEALED), names(g, S1), g.progress, g.moves) == after
    assert g.undo() and g.can_redo()
    assert g.apply(REVEAL2) and not g.can_redo()


def test_a_chained_move_is_undone_and_redone_with_the_move_before_it():
    # the UI's autoplay marks its move chained: one undo takes back the player's reveal too
    g = position(hand="2O 1O 5C 6C")
    assert g.apply(REVEAL2) and g.apply(up(S1), True)
    assert g.undo()
    assert hand_names(g) == "2O 1O 5C 6C" and g.count(S1) == 0 and not g.can_undo()
    assert g.redo() and names(g, S1) == "1O"
    assert names(g, REVEALED) == "2O" and g.moves == 2 and not g.can_redo()


def test_the_version_changes_with_every_change_of_position_only():
    g = position(hand="4E 5E", revealed="1O")
    v = g.version
    assert not g.apply(up(S1) | 5)  # a count the rules refuse
    assert g.version == v
    assert g.apply(up(S1)) and g.version != v
    w = g.version
    assert g.undo() and g.version not in (v, w)


def test_a_game_uses_the_undo_log_the_app_hands_it_emptied():
    from engine.undo import UndoLog

    log = UndoLog(1200)  # made once by the app, last used by another game
    log.push(7)
    g = Game(MEZCLADO, 0, 0, log)
    assert g.undo_log is log and log.size == 0 and log.depth == 1200
    g.deal(5)
    assert g.apply(REVEAL2) and g.undo() and g.count(HAND) == 40


def test_the_undo_log_keeps_1000_moves_and_counts_the_ones_that_fall_off():
    g = Game(RESERVA)
    g.deal(3)
    # park and release shuttle forever without ending the game: 1,010 moves
    set_pile(g, HAND, cards("2E 3E"))
    set_pile(g, REVEALED, cards("4O 4C"))
    for i in range(505):
        assert g.apply(PARK) and g.apply(RELEASE)
    assert g.undo_dropped == 10
    n = 0
    while g.undo():
        n += 1
    assert n == 1000


def test_strict_mezclado_the_hint_never_suggests_a_token_while_a_card_can_go_up():
    # strict: the renewal is the token's shuffle; the player may spend one while a card can
    # still go up, but the hint offers the move up alone (docs/rules/cuatro_ases.md)
    g = position(MEZCLADO, 1, revealed="4C 2O", spaces=("1O", "", "", ""), tokens=1,
                 progress=True)
    assert SHUFFLE in legal(g)
    assert hint_list(g) == [up(S1)]
    g = position(MEZCLADO, 1, revealed="4C 3O", spaces=("1O", "", "", ""), tokens=1,
                 progress=True)  # nothing goes up: the shuffle is the way on
    assert hint_list(g) == [SHUFFLE]
    # standard Mezclado alike: the free renewal first, no token while a card can go up
    g = position(MEZCLADO, 0, revealed="4C 2O", spaces=("1O", "", "", ""), tokens=1)
    assert hint_list(g) == [up(S1)]
