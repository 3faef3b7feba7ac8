# Every rule of docs/rules/terrace.md, for the modes and profiles it applies to. Most tests
# build a position directly (tests/positions.py set_pile) so the rule in question is the only thing in play;
# the deal tests and the playthrough tests use real deals.
import array

import pytest

from engine.cards import french, rank, colour
from engine.game import (
    MAX_MOVES, NO_MOVE, PLAYING, WON, LOST, OK, pack,
    REASON_NOT_PLAYABLE, REASON_WRONG_RANK, REASON_WRONG_COLOUR, REASON_WRONG_SUIT,
    REASON_ON_BASE, REASON_STOCK_LOCKED, REASON_STOCK_EMPTY, REASON_NO_GROUP,
    REASON_SPACE_RULE, REASON_CHOOSE_BASE, REASON_NOT_BASE, REASON_FINAL, REASON_NO_REDEAL,
    REASON_RESERVE_TO_FOUNDATION, REASON_SECOND_PASS, REASONS,
)
from engine.rng import Rng
from engine.terrace import Game, VARIANTS, PROFILES, MODES, STOCK, WASTE, RESERVE, FOUNDATION, TABLEAU
from tests.positions import set_pile

TERRACE, GENERALS, FALLING_STARS, SIGNORA, REDHEADS, BLONDES, WOOD = range(7)
BY_HAND = (TERRACE, GENERALS, FALLING_STARS, BLONDES, WOOD)
AUTO_FILL = (SIGNORA, REDHEADS)
PICK_BASE = (TERRACE, GENERALS)
AUTO_BASE = (FALLING_STARS, SIGNORA, REDHEADS, BLONDES, WOOD)
ALL = tuple(range(7))
F1, F2, F3 = FOUNDATION, FOUNDATION + 1, FOUNDATION + 2
T1, T2, T3, T4, T5 = TABLEAU, TABLEAU + 1, TABLEAU + 2, TABLEAU + 3, TABLEAU + 4
DEAL = pack(STOCK, WASTE, 1)
REDEAL = pack(WASTE, STOCK, 0)


def c(name):
    # "7H" is the seven of hearts of the first deck, "7H'" the one of the second deck
    deck = 1 if name.endswith("'") else 0
    return french(deck, "CDSH".index(name[1]), "A23456789TJQK".index(name[0]) + 1)


def cards(text):
    return [c(n) for n in text.split()]


def names(g, p):
    from tests.card_names import french_name
    return " ".join(french_name(g.card(p, i)) + ("'" if g.card(p, i) >= 52 else "")
                    for i in range(g.count(p)))


def position(variant, profile="classic", stock="", waste="", reserve="", foundations=(),
             tableau=(), locked=False):
    # foundations[0] is foundation 1: its bottom card's rank is BASE. Strings list cards bottom
    # to top; tableau piles not given stay empty.
    g = Game(variant, PROFILES.index(profile))
    g.deal(1)
    for p in range(g.pile_count):
        set_pile(g, p, b"")
    set_pile(g, STOCK, cards(stock))
    set_pile(g, WASTE, cards(waste))
    set_pile(g, RESERVE, cards(reserve))
    for i, f in enumerate(foundations):
        set_pile(g, FOUNDATION + i, cards(f))
    for i, t in enumerate(tableau):
        set_pile(g, TABLEAU + i, cards(t))
    g.locked = locked
    return g


def full(variant):
    # tableau piles all holding one card that nothing here will touch
    return ["QD"] * MODES[variant][1]


def legal(g):
    buf = array.array("H", range(MAX_MOVES))
    n = g.legal_moves(buf)
    return list(buf[:n])


def eight(variant):
    # the card that goes on a foundation holding 7C: same suit in General's Patience
    return "8C" if variant == GENERALS else "8D"


def by_profile(variants):
    return [(v, p) for v in variants for p in PROFILES]


# ---- §1 common model ------------------------------------------------------------------------

def test_deck_is_two_french_decks_of_104_cards_without_jokers():
    g = Game(FALLING_STARS)
    g.deal(5)
    seen = sorted(g.card(p, i) for p in range(g.pile_count) for i in range(g.count(p)))
    assert seen == list(range(104))
    assert sorted(rank(x) for x in seen) == sorted(list(range(1, 14)) * 8)


def test_clubs_and_spades_are_black_hearts_and_diamonds_red():
    assert colour(c("5C")) == colour(c("5S")) == colour(c("5S'")) == 0
    assert colour(c("5H")) == colour(c("5D")) == colour(c("5D'")) == 1


@pytest.mark.parametrize("variant", ALL)
def test_score_is_one_point_per_card_on_the_foundations(variant):
    g = position(variant, foundations=("7C 8D 9S", "", "7H"), tableau=full(variant))
    assert g.score() == 4


@pytest.mark.parametrize("variant", ALL)
def test_win_is_all_104_cards_on_the_foundations(variant):
    g = Game(variant)
    g.deal(1)
    for p in range(g.pile_count):
        set_pile(g, p, b"")
    for f in range(8):
        set_pile(g, FOUNDATION + f, bytes(range(13 * f, 13 * f + 13)))
    assert g.score() == 104 and g.status() == WON
    set_pile(g, FOUNDATION + 7, bytes(range(91, 103)))
    set_pile(g, WASTE, bytes([103]))
    assert g.status() != WON


# ---- §2 modes -------------------------------------------------------------------------------

def test_modes_are_named_in_the_rules_table_order():
    assert VARIANTS == ("Terrace", "General's Patience", "Falling Stars", "Signora", "Redheads",
                        "Blondes and Brunettes", "Wood")
    assert PROFILES == ("classic", "literal")


@pytest.mark.parametrize("variant,reserve,piles", [
    (TERRACE, 11, 9), (GENERALS, 13, 9), (FALLING_STARS, 11, 9), (SIGNORA, 11, 9),
    (REDHEADS, 21, 8), (BLONDES, 10, 8), (WOOD, 10, 9)])
def test_each_mode_deals_its_reserve_and_tableau_piles(variant, reserve, piles):
    for profile in (0, 1):
        g = Game(variant, profile)
        g.deal(11)
        assert g.count(RESERVE) == reserve
        assert g.pile_count == TABLEAU + piles
        assert g.tableau_count == piles


@pytest.mark.parametrize("variant", ALL)
def test_foundations_build_up_alternate_colour_except_generals_patience_same_suit(variant):
    g = position(variant, waste="8D 8S", foundations=("7C",), tableau=full(variant))
    same_suit = variant == GENERALS
    assert g.check(pack(WASTE, F1, 1)) == (REASON_WRONG_SUIT if same_suit else REASON_WRONG_COLOUR)
    set_pile(g, WASTE, cards("8S 8C"))
    assert g.check(pack(WASTE, F1, 1)) == (OK if same_suit else REASON_WRONG_COLOUR)
    set_pile(g, WASTE, cards("8C 8H"))
    assert g.check(pack(WASTE, F1, 1)) == (REASON_WRONG_SUIT if same_suit else OK)


@pytest.mark.parametrize("variant", ALL)
def test_only_generals_patience_has_a_stock_redeal(variant):
    g = position(variant, waste="3D 4C", foundations=("7C",), tableau=full(variant))
    assert g.check(REDEAL) == (OK if variant == GENERALS else REASON_NO_REDEAL)


# ---- §3 deal --------------------------------------------------------------------------------

def shuffled(number):
    order = bytearray(range(104))
    rng = Rng()
    rng.seed(number)
    rng.shuffle(order, 0, 104)
    return list(order)  # the stock; its top is the last card


@pytest.mark.parametrize("variant,profile", by_profile(AUTO_BASE))
def test_automatic_base_deal_reserve_then_foundation_1_then_tableau_then_waste(variant, profile):
    g = Game(variant, PROFILES.index(profile))
    g.deal(42)
    stock = shuffled(42)
    r, t = MODES[variant][0], MODES[variant][1]

    def take():
        return stock.pop()

    reserve = [take() for _ in range(r)]
    assert [g.card(RESERVE, i) for i in range(r)] == reserve  # the last one dealt is its top
    base_card = take()
    assert g.count(F1) == 1 and g.top(F1) == base_card and g.base == rank(base_card)
    assert [g.top(TABLEAU + i) for i in range(t)] == [take() for _ in range(t)]
    assert g.top(WASTE) == take() and g.count(WASTE) == 1
    assert [g.card(STOCK, i) for i in range(g.count(STOCK))] == stock
    assert g.status() == PLAYING and not g.locked and g.moves == 0


@pytest.mark.parametrize("variant,profile", by_profile(PICK_BASE))
def test_pick_base_deal_puts_4_candidates_on_tableau_piles_1_to_4(variant, profile):
    g = Game(variant, PROFILES.index(profile))
    g.deal(42)
    stock = shuffled(42)
    r = MODES[variant][0]
    reserve = [stock.pop() for _ in range(r)]
    assert [g.card(RESERVE, i) for i in range(r)] == reserve
    assert [g.top(TABLEAU + i) for i in range(4)] == [stock.pop() for _ in range(4)]
    assert all(g.count(TABLEAU + i) == 0 for i in range(4, 9))
    assert g.count(WASTE) == 0 and g.base == 0 and g.score() == 0


@pytest.mark.parametrize("variant,profile", by_profile(PICK_BASE))
def test_only_legal_move_is_to_put_one_candidate_on_a_foundation(variant, profile):
    g = Game(variant, PROFILES.index(profile))
    g.deal(3)
    assert sorted(legal(g)) == [pack(TABLEAU + i, F1, 1) for i in range(4)]
    assert g.check(DEAL) == REASON_CHOOSE_BASE
    assert g.check(pack(T1, T2, 1)) == REASON_CHOOSE_BASE
    assert g.check(pack(RESERVE, F1, 1)) == REASON_CHOOSE_BASE
    assert g.hint() in legal(g)
    assert g.status() == PLAYING
    assert not g.apply(DEAL) and g.moves == 0


@pytest.mark.parametrize("variant,profile", by_profile(PICK_BASE))
def test_base_is_the_chosen_candidates_rank_then_empty_piles_filled_from_stock_and_one_to_waste(
        variant, profile):
    g = Game(variant, PROFILES.index(profile))
    g.deal(9)
    candidates = [g.top(TABLEAU + i) for i in range(4)]
    stock = [g.card(STOCK, i) for i in range(g.count(STOCK))]
    assert g.apply(pack(T3, F1, 1))
    assert g.top(F1) == candidates[2] and g.base == rank(candidates[2])
    # the 3 others stay where they are as ordinary tableau cards
    assert [g.top(T1), g.top(T2), g.top(T4)] == [candidates[0], candidates[1], candidates[3]]
    # then every empty tableau pile is filled from the stock, left to right
    assert g.top(T3) == stock.pop()
    for i in range(4, 9):
        assert g.count(TABLEAU + i) == 1 and g.top(TABLEAU + i) == stock.pop()
    assert g.count(WASTE) == 1 and g.top(WASTE) == stock.pop()
    assert not g.locked


def test_base_rank_ace_runs_end_on_the_ace_and_foundations_end_on_the_king():
    # BASE = Ace: nothing goes on an Ace in the tableau, and a foundation Ace..King is full
    g = position(FALLING_STARS, waste="KS", foundations=("AC 2D 3C 4D 5C 6D 7C 8D 9C TD JC QD",),
                 tableau=["AH", "2D"] + ["QD"] * 7)
    assert g.check(pack(WASTE, T1, 1)) == REASON_ON_BASE
    assert g.check(pack(WASTE, F1, 1)) == OK
    g.apply(pack(WASTE, F1, 1))
    assert g.count(F1) == 13
    set_pile(g, WASTE, cards("AD"))
    assert g.check(pack(WASTE, F1, 1)) == REASON_WRONG_RANK  # the foundation is complete
    assert g.check(pack(WASTE, F2, 1)) == OK  # an empty one takes the base rank


# ---- §4 moves: to a foundation --------------------------------------------------------------

@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_empty_foundation_takes_a_card_of_rank_base_of_any_suit(variant, profile):
    g = position(variant, profile, waste="7D 7H'", reserve="7S",
                 foundations=("7C",), tableau=["6C", "9C"] + full(variant)[2:])
    assert g.check(pack(WASTE, F2, 1)) == OK
    assert g.check(pack(RESERVE, F3, 1)) == OK
    assert g.check(pack(T1, F2, 1)) == REASON_NOT_BASE
    assert g.check(pack(T2, F2, 1)) == REASON_NOT_BASE


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_foundation_takes_the_next_rank_up(variant, profile):
    g = position(variant, profile, waste="9H", foundations=("7C",), tableau=full(variant))
    assert g.check(pack(WASTE, F1, 1)) == REASON_WRONG_RANK


@pytest.mark.parametrize("variant", ALL)
def test_foundation_wraps_around_from_king_to_ace(variant):
    if variant == GENERALS:
        g = position(variant, waste="AH", foundations=("JH QH KH",), tableau=full(variant))
    else:
        g = position(variant, waste="AS", foundations=("JH QS KD",), tableau=full(variant))
    assert g.check(pack(WASTE, F1, 1)) == OK


@pytest.mark.parametrize("variant", ALL)
def test_foundation_holds_13_cards_no_card_of_rank_base_on_a_non_empty_one(variant):
    if variant == GENERALS:
        g = position(variant, waste="7C'", foundations=("7C 8C 9C TC JC QC KC AC 2C 3C 4C 5C 6C",),
                     tableau=full(variant))
    else:
        g = position(variant, waste="7D", foundations=("7C 8D 9C TD JC QD KC AD 2C 3D 4C 5D 6C",),
                     tableau=full(variant))
    assert g.count(F1) == 13
    assert g.check(pack(WASTE, F1, 1)) == REASON_WRONG_RANK
    assert g.check(pack(WASTE, F2, 1)) == OK


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_foundation_sources_are_waste_top_reserve_top_and_tableau_top(variant, profile):
    red8 = "8C" if variant == GENERALS else "8D"
    g = position(variant, profile, waste="%s 5S" % red8, reserve="%s 5S'" % red8,
                 foundations=("7C",), tableau=["%s 5H" % red8] + full(variant)[1:])
    for src in (WASTE, RESERVE, T1):
        assert g.check(pack(src, F1, 1)) == REASON_WRONG_RANK  # only the top plays
    g = position(variant, profile, waste="5S " + red8, reserve="5S' " + red8,
                 foundations=("7C",), tableau=["5H " + red8] + full(variant)[1:])
    for src in (WASTE, RESERVE, T1):
        assert g.check(pack(src, F1, 1)) == OK
    assert g.check(pack(STOCK, F1, 1)) != OK


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_cards_on_a_foundation_never_move_again(variant, profile):
    g = position(variant, profile, waste="3D", foundations=("7C 8D", "7S"),
                 tableau=["9S"] + full(variant)[1:])
    assert g.check(pack(F1, T1, 1)) == REASON_FINAL
    assert g.check(pack(F1, F2, 1)) == REASON_FINAL
    assert all(m >> 11 not in range(FOUNDATION, TABLEAU) for m in legal(g))
    assert g.quick_play(F1) == NO_MOVE and not g.pickable(F1, 1)


# ---- §4 moves: to a non-empty tableau pile --------------------------------------------------

@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_tableau_builds_down_in_alternate_colour(variant, profile):
    g = position(variant, profile, waste="8H", foundations=("3C",),
                 tableau=["9S", "9D", "TC"] + full(variant)[3:])
    assert g.check(pack(WASTE, T1, 1)) == OK
    assert g.check(pack(WASTE, T2, 1)) == REASON_WRONG_COLOUR
    assert g.check(pack(WASTE, T3, 1)) == REASON_WRONG_RANK


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_king_goes_on_ace_wrap_around(variant, profile):
    g = position(variant, profile, waste="KH", foundations=("7C",),
                 tableau=["AS", "AD"] + full(variant)[2:])
    assert g.check(pack(WASTE, T1, 1)) == OK
    assert g.check(pack(WASTE, T2, 1)) == REASON_WRONG_COLOUR
    assert g.apply(pack(WASTE, T1, 1))
    assert names(g, T1) == "AS KH"


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_nothing_is_ever_placed_on_a_card_of_rank_base(variant, profile):
    # BASE = 7: a black 7 on the tableau takes no red 6, and a run ends there
    g = position(variant, profile, waste="6H", foundations=("7D",),
                 tableau=["7C", "8D 7S"] + full(variant)[2:])
    assert g.check(pack(WASTE, T1, 1)) == REASON_ON_BASE
    assert g.check(pack(WASTE, T2, 1)) == REASON_ON_BASE


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_waste_top_and_tableau_top_go_onto_the_tableau(variant, profile):
    g = position(variant, profile, waste="8H", foundations=("3C",),
                 tableau=["9S", "8D", "9C"] + full(variant)[3:])
    assert g.check(pack(WASTE, T1, 1)) == OK
    assert g.check(pack(T2, T3, 1)) == OK
    assert g.apply(pack(T2, T3, 1)) and names(g, T3) == "9C 8D"


@pytest.mark.parametrize("variant", ALL)
def test_classic_reserve_plays_to_the_foundations_only(variant):
    g = position(variant, "classic", reserve=eight(variant), waste="2C", foundations=("7C",),
                 tableau=["9S"] + full(variant)[1:])
    assert g.check(pack(RESERVE, T1, 1)) == REASON_RESERVE_TO_FOUNDATION
    assert g.check(pack(RESERVE, F1, 1)) == OK
    assert REASONS[REASON_RESERVE_TO_FOUNDATION]


@pytest.mark.parametrize("variant", ALL)
def test_literal_reserve_top_also_plays_to_the_tableau(variant):
    g = position(variant, "literal", reserve="8H", waste="2C", foundations=("3C",),
                 tableau=["9S"] + full(variant)[1:])
    assert g.check(pack(RESERVE, T1, 1)) == OK
    assert pack(RESERVE, T1, 1) in legal(g)


# ---- §4 moves: empty tableau piles and groups ----------------------------------------------

@pytest.mark.parametrize("variant", BY_HAND)
def test_classic_empty_pile_takes_the_waste_top_of_any_rank_and_nothing_else(variant):
    g = position(variant, "classic", waste="JH", reserve="6S", foundations=("7C",),
                 tableau=["", "6D", "QS JD"] + full(variant)[3:])
    assert g.check(pack(WASTE, T1, 1)) == OK
    assert g.check(pack(RESERVE, T1, 1)) == REASON_RESERVE_TO_FOUNDATION
    assert g.check(pack(T2, T1, 1)) == REASON_SPACE_RULE  # even one rank below the base
    assert g.check(pack(T3, T1, 2)) == REASON_NO_GROUP


@pytest.mark.parametrize("variant", BY_HAND + (SIGNORA,))
def test_literal_empty_pile_takes_a_card_one_rank_below_base_from_waste_reserve_or_tableau(variant):
    g = position(variant, "literal", waste="6H", reserve="6S", foundations=("7C",),
                 tableau=["", "9C 6D", "5D"] + full(variant)[3:])
    for src in (WASTE, RESERVE, T2):
        assert g.check(pack(src, T1, 1)) == OK
    assert g.check(pack(T3, T1, 1)) == REASON_SPACE_RULE
    set_pile(g, WASTE, cards("JH"))
    assert g.check(pack(WASTE, T1, 1)) == REASON_SPACE_RULE


@pytest.mark.parametrize("variant", BY_HAND)
def test_literal_group_move_into_a_space_when_its_bottom_card_is_one_rank_below_base(variant):
    g = position(variant, "literal", waste="2C", foundations=("7C",),
                 tableau=["", "9C 6D 5S 4H", "8S 5D 4C"] + full(variant)[3:])
    assert g.check(pack(T2, T1, 3)) == OK
    assert g.check(pack(T2, T1, 2)) == REASON_SPACE_RULE
    assert g.check(pack(T3, T1, 2)) == REASON_SPACE_RULE
    assert g.apply(pack(T2, T1, 3))
    assert names(g, T1) == "6D 5S 4H" and names(g, T2) == "9C"


@pytest.mark.parametrize("variant", ALL)
def test_classic_moves_single_cards_only(variant):
    g = position(variant, "classic", waste="2C", foundations=("7C",),
                 tableau=["9C 6D 5S", "7S"] + full(variant)[2:])
    assert g.check(pack(T1, T2, 2)) == REASON_NO_GROUP
    assert not g.pickable(T1, 2) and g.pickable(T1, 1)
    assert all(m & 63 <= 1 for m in legal(g))


@pytest.mark.parametrize("variant", ALL)
def test_literal_group_is_the_top_cards_each_sitting_legally_on_the_one_under(variant):
    g = position(variant, "literal", waste="2C", foundations=("2C",),
                 tableau=["9C 6D 5S 4H", "7S", "7H", "5H 4S"] + full(variant)[4:])
    assert g.pickable(T1, 3) and not g.pickable(T1, 4)
    assert g.check(pack(T1, T2, 3)) == OK
    assert g.check(pack(T1, T3, 3)) == REASON_WRONG_COLOUR  # where its bottom card fits
    assert g.check(pack(T1, T2, 4)) == REASON_NO_GROUP  # 6D does not sit on 9C
    assert g.check(pack(T1, T2, 2)) == REASON_WRONG_RANK
    assert pack(T1, T2, 3) in legal(g)
    assert g.apply(pack(T1, T2, 3)) and names(g, T2) == "7S 6D 5S 4H"
    # a group never continues past a card of rank BASE
    g = position(variant, "literal", waste="2C", foundations=("7C",),
                 tableau=["8H 7S 6D", "8C"] + full(variant)[2:])
    assert not g.pickable(T1, 2) and g.check(pack(T1, T2, 2)) == REASON_NO_GROUP


# ---- §4 stock, waste and the stock lock -----------------------------------------------------

@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_stock_to_waste_deals_one_card(variant, profile):
    g = position(variant, profile, stock="2C 3C 4C", waste="5D", foundations=("7C",),
                 tableau=full(variant))
    assert g.apply(DEAL)
    assert names(g, WASTE) == "5D 4C" and names(g, STOCK) == "2C 3C"


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_dealing_from_an_empty_stock_is_refused(variant, profile):
    g = position(variant, profile, waste="5D", foundations=("7C",), tableau=full(variant))
    assert g.check(DEAL) == REASON_STOCK_EMPTY


@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_whenever_the_waste_is_empty_after_a_move_one_card_is_dealt_automatically(variant, profile):
    g = position(variant, profile, stock="2C 3C", waste=eight(variant), foundations=("7C",),
                 tableau=full(variant))
    assert g.apply(pack(WASTE, F1, 1))
    assert names(g, WASTE) == "3C" and names(g, STOCK) == "2C"


@pytest.mark.parametrize("variant,profile", by_profile(BY_HAND))
def test_deal_by_hand_while_a_tableau_pile_is_empty_locks_the_stock(variant, profile):
    g = position(variant, profile, stock="2C 3C 4C", waste="5D", foundations=("7C",),
                 tableau=full(variant)[:-1] + [""])
    assert g.apply(DEAL) and g.locked
    assert g.check(DEAL) == REASON_STOCK_LOCKED
    assert DEAL not in legal(g)


@pytest.mark.parametrize("variant,profile", by_profile(BY_HAND))
def test_stock_lock_set_by_automatic_deal_while_a_pile_is_empty(variant, profile):
    g = position(variant, profile, stock="2C 3C", waste=eight(variant), foundations=("7C",),
                 tableau=[""] + full(variant)[1:])
    assert g.apply(pack(WASTE, F1, 1))  # moving the waste top unlocks, then the deal locks
    assert g.locked and names(g, WASTE) == "3C"
    assert g.check(DEAL) == REASON_STOCK_LOCKED


@pytest.mark.parametrize("variant,profile", by_profile(BY_HAND))
def test_stock_lock_cleared_when_the_waste_top_moves_to_a_foundation_or_the_tableau(variant,
                                                                                     profile):
    for dst, waste in ((F1, "4D " + eight(variant)), (T2, "4D 8H")):
        g = position(variant, profile, stock="2C 3C", waste=waste, foundations=("7C",),
                     tableau=["", "9S"] + full(variant)[2:], locked=True)
        assert g.apply(pack(WASTE, dst, 1))
        assert not g.locked and g.check(DEAL) == OK


@pytest.mark.parametrize("variant,profile", by_profile(BY_HAND))
def test_stock_lock_cleared_when_no_tableau_pile_is_empty(variant, profile):
    # literal: a tableau card one rank below the base fills the space; the waste top stays
    g = position(variant, "literal", stock="2C 3C", waste="4D", foundations=("7C",),
                 tableau=["", "9C 6D"] + full(variant)[2:], locked=True)
    assert g.apply(pack(T2, T1, 1)) and not g.locked and names(g, WASTE) == "4D"
    # a move that leaves a pile empty and does not touch the waste keeps the lock
    g = position(variant, profile, stock="2C 3C", waste="4D", foundations=("7C",),
                 tableau=[eight(variant), ""] + full(variant)[2:], locked=True)
    assert g.apply(pack(T1, F1, 1)) and g.locked
    # once no pile is empty any move clears it
    g = position(variant, profile, stock="2C 3C", waste="4D", foundations=("7C",),
                 tableau=["9S " + eight(variant)] + full(variant)[1:], locked=True)
    assert g.apply(pack(T1, F1, 1)) and not g.locked


@pytest.mark.parametrize("variant,profile", by_profile(BY_HAND))
def test_every_other_move_stays_legal_while_the_stock_is_locked(variant, profile):
    g = position(variant, profile, stock="2C 3C", waste="4D", reserve=eight(variant),
                 foundations=("7C",), tableau=["", "9S", "TH", eight(variant)] + full(variant)[4:],
                 locked=True)
    assert g.check(pack(RESERVE, F1, 1)) == OK
    assert g.check(pack(T4, F1, 1)) == OK
    assert g.check(pack(T2, T3, 1)) == OK
    assert g.check(pack(WASTE, T1, 1)) == (OK if profile == "classic" else REASON_SPACE_RULE)
    assert g.check(DEAL) == REASON_STOCK_LOCKED
    moves = legal(g)
    assert pack(RESERVE, F1, 1) in moves and pack(T2, T3, 1) in moves and DEAL not in moves


@pytest.mark.parametrize("variant,profile", by_profile(AUTO_FILL))
def test_signora_and_redheads_never_lock(variant, profile):
    g = position(variant, profile, stock="2C 3C 4C", waste="8D", foundations=("7C",),
                 tableau=[""] + full(variant)[1:])
    assert g.apply(DEAL) and not g.locked
    assert g.check(DEAL) == OK


@pytest.mark.parametrize("variant,profile", by_profile(BY_HAND))
def test_stock_lock_is_reset_on_every_deal_and_restart(variant, profile):
    g = Game(variant, PROFILES.index(profile))
    g.deal(4)
    g.locked = True
    g.restart()
    assert not g.locked
    g.locked = True
    g.deal(5)
    assert not g.locked and g.number == 5


# ---- §4 order of the automatic steps, auto-fill ----------------------------------------------

def test_moving_the_waste_top_unlocks_before_the_automatic_deal_relocks():
    # order: unlock (waste top moved), unlock-if-no-space, then the automatic deal, which
    # locks again because a pile is still empty
    g = position(TERRACE, stock="2C 3C", waste="8D", foundations=("7C",),
                 tableau=[""] + ["QD"] * 8, locked=True)
    assert g.apply(pack(WASTE, F1, 1)) and g.locked


@pytest.mark.parametrize("profile", PROFILES)
def test_signora_fills_an_empty_pile_automatically_with_the_waste_top(profile):
    g = position(SIGNORA, profile, stock="2C 3C", waste="4D JH", foundations=("7C",),
                 tableau=["8D"] + ["QD"] * 8)
    assert g.apply(pack(T1, F1, 1))
    assert names(g, T1) == "JH" and names(g, WASTE) == "4D" and names(g, STOCK) == "2C 3C"


@pytest.mark.parametrize("profile", PROFILES)
def test_signora_auto_fill_takes_the_stock_top_when_the_waste_is_empty(profile):
    g = position(SIGNORA, profile, stock="2C 3C", waste="", foundations=("7C",),
                 tableau=["8D"] + ["QD"] * 8)
    assert g.apply(pack(T1, F1, 1))
    # the fill comes first, then the automatic deal to the empty waste
    assert names(g, T1) == "3C" and names(g, WASTE) == "2C" and g.count(STOCK) == 0


@pytest.mark.parametrize("profile", PROFILES)
def test_signora_fill_from_the_waste_is_followed_by_the_automatic_deal(profile):
    g = position(SIGNORA, profile, stock="2C 3C", waste="JH", foundations=("7C",),
                 tableau=["8D"] + ["QD"] * 8)
    assert g.apply(pack(T1, F1, 1))
    assert names(g, T1) == "JH" and names(g, WASTE) == "3C"


@pytest.mark.parametrize("profile", PROFILES)
def test_signora_space_stays_empty_once_waste_and_stock_are_exhausted(profile):
    g = position(SIGNORA, profile, foundations=("7C",), tableau=["8D"] + ["QD"] * 8)
    assert g.apply(pack(T1, F1, 1)) and g.count(T1) == 0


@pytest.mark.parametrize("profile", PROFILES)
def test_redheads_fill_an_empty_pile_automatically_with_the_reserve_top(profile):
    g = position(REDHEADS, profile, stock="2C", waste="4D", reserve="5S 9H",
                 foundations=("7C",), tableau=["8D"] + ["QD"] * 7)
    assert g.apply(pack(T1, F1, 1))
    assert names(g, T1) == "9H" and names(g, RESERVE) == "5S" and names(g, WASTE) == "4D"


def test_redheads_reserve_exhausted_classic_fills_from_the_waste_top_then_the_stock_top():
    g = position(REDHEADS, "classic", stock="2C 3C", waste="4D", reserve="",
                 foundations=("7C",), tableau=["8D", "9D"] + ["QD"] * 6)
    assert g.apply(pack(T1, F1, 1))
    assert names(g, T1) == "4D" and names(g, WASTE) == "3C"
    set_pile(g, WASTE, b"")
    set_pile(g, STOCK, cards("2C 3C"))
    set_pile(g, FOUNDATION, cards("7C 8D"))
    set_pile(g, T2, cards("9S"))
    assert g.apply(pack(T2, F1, 1))
    assert names(g, T2) == "3C" and names(g, WASTE) == "2C"


def test_redheads_reserve_exhausted_literal_spaces_are_filled_by_hand_with_any_card_or_group():
    g = position(REDHEADS, "literal", stock="2C 3C", waste="4D JH", reserve="",
                 foundations=("7C",), tableau=["8D", "QS JD TS", "KC"] + ["QD"] * 5)
    assert g.apply(pack(T1, F1, 1))
    assert g.count(T1) == 0 and names(g, WASTE) == "4D JH"  # no automatic fill
    assert g.check(pack(WASTE, T1, 1)) == OK  # any card, not only down(BASE)
    assert g.check(pack(T2, T1, 3)) == OK  # or any group
    assert g.check(pack(T3, T1, 1)) == OK
    assert g.apply(pack(T2, T1, 2)) and names(g, T1) == "JD TS"


def test_redheads_reserve_last_card_fills_then_later_spaces_follow_the_profile():
    for profile, filled in (("classic", "4D"), ("literal", "")):
        g = position(REDHEADS, profile, stock="2C", waste="4D", reserve="9H",
                     foundations=("7C",), tableau=["8D", "9C"] + ["QD"] * 6)
        assert g.apply(pack(T1, F1, 1)) and names(g, T1) == "9H" and g.count(RESERVE) == 0
        set_pile(g, T2, cards("9S"))
        set_pile(g, FOUNDATION, cards("7C 8D"))
        assert g.apply(pack(T2, F1, 1)) and names(g, T2) == filled


# ---- §4 quick play --------------------------------------------------------------------------

@pytest.mark.parametrize("variant,profile", by_profile(ALL))
def test_quick_play_sends_a_top_card_to_the_first_foundation_that_takes_it(variant, profile):
    g = position(variant, profile, waste="7D", reserve="8D", foundations=("7C", "", "7S"),
                 tableau=["6H"] + full(variant)[1:])
    assert g.quick_play(WASTE) == pack(WASTE, F2, 1)
    assert g.quick_play(RESERVE) == (NO_MOVE if variant == GENERALS else pack(RESERVE, F1, 1))
    assert g.quick_play(T1) == NO_MOVE
    assert g.quick_play(STOCK) == NO_MOVE


@pytest.mark.parametrize("variant", PICK_BASE)
def test_quick_play_of_a_candidate_chooses_the_base(variant):
    g = Game(variant)
    g.deal(2)
    assert g.quick_play(T2) == pack(T2, F1, 1)
    assert g.quick_play(T5) == NO_MOVE
