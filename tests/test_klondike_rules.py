# Klondike's rules (docs/rules/klondike.md): one test named after each numbered rule, in both
# modes and profiles where the rule applies to them. Positions are built with tests/positions.py
# (no undo entry, no automatic steps); a card is suit * 13 + rank - 1, suits clubs, diamonds,
# spades, hearts (colour = suit & 1).
import array

import pytest

from engine import klondike_rules
from engine.game import (
    LOST, MAX_MOVES, NO_MOVE, OK, PLAYING, TURNED, WON, REASON_NO_GROUP, REASON_NO_REDEAL,
    REASON_NOT_PLAYABLE, REASON_STOCK_EMPTY, REASON_WRONG_COLOUR, REASON_WRONG_RANK,
    REASON_WRONG_SUIT, pack,
)
from engine.klondike import FOUNDATION, STOCK, TABLEAU, WASTE, Game
from engine.klondike_rules import REASONS
from tests.positions import put

# Klondike's own refusals (private const()s in engine/klondike_rules.py: the board interns no
# name for them), by their words
REASON_KING_ONLY = REASONS.index("That can't fill a space")
REASON_FACE_DOWN = REASONS.index("That card is face down")
REASON_ACE_FIRST = REASONS.index("Empty foundation: it takes an Ace")
REASON_TURN_FIRST = REASONS.index("Can't move that")

CLUBS, DIAMONDS, SPADES, HEARTS = range(4)
MODES = [(0, 0), (0, 1), (1, 0), (1, 1)]
DRAW_ONE, DRAW_THREE = 0, 1
STANDARD, LIMITED = 0, 1
RECYCLE = pack(WASTE, STOCK, 0)  # the waste turned over to the stock (rules §5.2)


def passes_left(g):
    # passes through the stock still to come after this one (limited profile), else -1
    return g.max_redeals - g.recycles if g.limit else -1


def card(suit, rank):
    return suit * 13 + rank - 1


def table(g, stock=(), waste=(), foundations=((), (), (), ()), tableau=(), down=None):
    # every pile as given (tableau: up to 7 piles, bottom first; down: their face-down counts)
    put(g.piles, STOCK, bytes(stock))
    put(g.piles, WASTE, bytes(waste))
    for f in range(4):
        put(g.piles, FOUNDATION + f, bytes(foundations[f]))
    for i in range(7):
        put(g.piles, TABLEAU + i, bytes(tableau[i]) if i < len(tableau) else b"")
        g.down[i] = down[i] if down else 0
    g.fanned = 0
    g._bump()
    return g


def suit_up(suit, top):
    # a foundation holding the Ace .. `top` of a suit
    return [card(suit, r) for r in range(1, top + 1)]


def hints(g):
    buf = array.array("H", range(MAX_MOVES))
    return list(buf[:g.hints(buf)])


def legal(g):
    buf = array.array("H", range(MAX_MOVES))
    return list(buf[:g.legal_moves(buf)])


def test_pile_numbers_of_the_rules_module_agree_with_the_engine():
    for module in (klondike_rules,):
        assert (module._STOCK, module._WASTE, module._FOUNDATION, module._TABLEAU,
                module._PILES) == (STOCK, WASTE, FOUNDATION, TABLEAU, 13)


# ---- 1. The deal ---------------------------------------------------------------------------

@pytest.mark.parametrize("v,prof", MODES)
def test_rule_1_1_seven_piles_dealt_row_by_row_pile_n_holds_n_cards_its_top_face_up(v, prof):
    g = Game(v, prof)
    g.deal(77)
    for i in range(7):
        assert g.count(TABLEAU + i) == i + 1
        assert g.face_down(TABLEAU + i) == i == g.down[i]
    # row by row from the deck's top: re-deal the shuffled deck by hand and compare
    from engine.rng import Rng
    deck = bytearray(range(52))
    Rng(77).shuffle(deck, 0, 52)
    top = list(deck)
    piles = [[] for _ in range(7)]
    for row in range(7):
        for i in range(row, 7):
            piles[i].append(top.pop())
    assert [[g.card(TABLEAU + i, j) for j in range(i + 1)] for i in range(7)] == piles
    assert [g.card(STOCK, j) for j in range(24)] == top
    h = Game(v, prof)
    h.deal(77)
    assert bytes(h.piles.cards) == bytes(g.piles.cards)
    h.deal(78)
    assert bytes(h.piles.cards) != bytes(g.piles.cards)


@pytest.mark.parametrize("v,prof", MODES)
def test_rule_1_2_the_other_24_cards_form_the_stock_face_down_the_rest_empty(v, prof):
    g = Game(v, prof)
    g.deal(5)
    assert g.count(STOCK) == g.face_down(STOCK) == 24
    assert g.count(WASTE) == 0 and g.face_down(WASTE) == 0
    for f in range(FOUNDATION, TABLEAU):
        assert g.count(f) == 0
    cards = sorted(g.card(p, i) for p in range(13) for i in range(g.count(p)))
    assert cards == list(range(52))


# ---- 2. The goal ---------------------------------------------------------------------------

def test_rule_2_1_won_when_all_52_cards_are_on_the_foundations():
    g = Game(DRAW_ONE, STANDARD)
    g.deal(1)
    table(g, foundations=[suit_up(s, 13) for s in range(4)])
    assert g.status() == WON
    table(g, foundations=[suit_up(s, 13 if s else 12) for s in range(4)],
          tableau=[[card(CLUBS, 13)]])
    assert g.status() == PLAYING
    assert g.apply(pack(TABLEAU, FOUNDATION, 1))
    assert g.status() == WON


# ---- 3. The foundations --------------------------------------------------------------------

@pytest.mark.parametrize("v,prof", MODES)
def test_rule_3_1_an_empty_foundation_takes_only_an_ace_and_any_ace_goes_to_any_empty_one(v, prof):
    g = Game(v, prof)
    g.deal(1)
    table(g, tableau=[[card(HEARTS, 1)], [card(HEARTS, 2)]])
    for f in range(FOUNDATION, TABLEAU):
        assert g.check(pack(TABLEAU, f, 1)) == OK
        assert g.check(pack(TABLEAU + 1, f, 1)) == REASON_ACE_FIRST
    assert g.apply(pack(TABLEAU, FOUNDATION + 3, 1))
    assert g.top(FOUNDATION + 3) == card(HEARTS, 1)


@pytest.mark.parametrize("v,prof", MODES)
def test_rule_3_2_a_foundation_takes_the_next_card_of_its_suit_up(v, prof):
    g = Game(v, prof)
    g.deal(1)
    table(g, foundations=[suit_up(CLUBS, 4), (), (), ()],
          tableau=[[card(CLUBS, 5)], [card(SPADES, 5)], [card(CLUBS, 6)]])
    assert g.check(pack(TABLEAU, FOUNDATION, 1)) == OK
    assert g.check(pack(TABLEAU + 1, FOUNDATION, 1)) == REASON_WRONG_SUIT
    assert g.check(pack(TABLEAU + 2, FOUNDATION, 1)) == REASON_WRONG_RANK
    table(g, foundations=[suit_up(CLUBS, 12), (), (), ()], tableau=[[card(CLUBS, 13)]])
    assert g.apply(pack(TABLEAU, FOUNDATION, 1)) and g.count(FOUNDATION) == 13


@pytest.mark.parametrize("v,prof", MODES)
def test_rule_3_3_the_waste_top_and_a_tableau_top_go_up_one_card_at_a_time(v, prof):
    g = Game(v, prof)
    g.deal(1)
    table(g, waste=[card(HEARTS, 9), card(DIAMONDS, 1)],
          tableau=[[card(SPADES, 2), card(HEARTS, 1)], [card(CLUBS, 1)]])
    assert g.check(pack(WASTE, FOUNDATION, 1)) == OK
    assert g.check(pack(TABLEAU, FOUNDATION, 1)) == OK
    assert g.check(pack(TABLEAU, FOUNDATION, 2)) == REASON_NO_GROUP
    assert g.check(pack(WASTE, FOUNDATION, 2)) == REASON_NO_GROUP
    assert g.check(pack(STOCK, FOUNDATION, 1)) == REASON_NOT_PLAYABLE
    assert g.quick_play(WASTE) == pack(WASTE, FOUNDATION, 1)
    assert g.quick_play(TABLEAU + 1) == pack(TABLEAU + 1, FOUNDATION, 1)
    assert g.quick_play(STOCK) == NO_MOVE


@pytest.mark.parametrize("v,prof", MODES)
def test_rule_3_4_a_foundation_top_may_come_down_onto_the_tableau_never_to_a_foundation(v, prof):
    g = Game(v, prof)
    g.deal(1)
    table(g, foundations=[suit_up(HEARTS, 7), (), (), ()],
          tableau=[[card(SPADES, 8)], [card(CLUBS, 9)], [card(DIAMONDS, 8)]])
    assert g.pickable(FOUNDATION, 1) and not g.pickable(FOUNDATION, 2)
    assert g.check(pack(FOUNDATION, TABLEAU, 1)) == OK
    assert g.check(pack(FOUNDATION, TABLEAU + 1, 1)) == REASON_WRONG_RANK
    assert g.check(pack(FOUNDATION, TABLEAU + 2, 1)) == REASON_WRONG_COLOUR
    assert g.check(pack(FOUNDATION, FOUNDATION + 1, 1)) == REASON_NOT_PLAYABLE
    assert g.check(pack(FOUNDATION, TABLEAU, 2)) == REASON_NO_GROUP
    assert pack(FOUNDATION, TABLEAU, 1) in legal(g)
    assert g.apply(pack(FOUNDATION, TABLEAU, 1))
    assert g.top(TABLEAU) == card(HEARTS, 7) and g.count(FOUNDATION) == 6


# ---- 4. The tableau ------------------------------------------------------------------------

@pytest.mark.parametrize("v,prof", MODES)
def test_rule_4_1_a_card_goes_on_one_rank_higher_of_the_other_colour(v, prof):
    g = Game(v, prof)
    g.deal(1)
    table(g, tableau=[[card(SPADES, 7)], [card(HEARTS, 6)], [card(CLUBS, 6)], [card(HEARTS, 5)]])
    assert g.check(pack(TABLEAU + 1, TABLEAU, 1)) == OK
    assert g.check(pack(TABLEAU + 2, TABLEAU, 1)) == REASON_WRONG_COLOUR
    assert g.check(pack(TABLEAU + 3, TABLEAU, 1)) == REASON_WRONG_RANK
    assert g.check(pack(TABLEAU, TABLEAU + 1, 1)) == REASON_WRONG_RANK  # never up


@pytest.mark.parametrize("v,prof", MODES)
def test_rule_4_2_only_a_king_or_a_run_headed_by_one_fills_a_space(v, prof):
    g = Game(v, prof)
    g.deal(1)
    table(g, waste=[card(HEARTS, 13)],
          tableau=[[card(SPADES, 12)], [card(CLUBS, 2), card(HEARTS, 13), card(SPADES, 12)], []],
          down=[0, 1, 0, 0, 0, 0, 0])
    assert g.check(pack(TABLEAU, TABLEAU + 2, 1)) == REASON_KING_ONLY
    assert g.check(pack(TABLEAU + 1, TABLEAU + 2, 2)) == OK
    assert g.check(pack(WASTE, TABLEAU + 2, 1)) == OK
    for dst in range(TABLEAU + 2, TABLEAU + 7):
        assert pack(TABLEAU + 1, dst, 2) in legal(g)


@pytest.mark.parametrize("v,prof", MODES)
def test_rule_4_3_any_face_up_run_moves_as_a_group_face_down_cards_never(v, prof):
    g = Game(v, prof)
    g.deal(1)
    run = [card(CLUBS, 9), card(HEARTS, 8), card(SPADES, 7), card(DIAMONDS, 6)]
    table(g, tableau=[[card(HEARTS, 3)] + run, [card(DIAMONDS, 10)], [card(HEARTS, 8)],
                      [card(CLUBS, 7)]], down=[1, 0, 0, 0, 0, 0, 0])
    assert g.check(pack(TABLEAU, TABLEAU + 1, 4)) == OK
    assert g.check(pack(TABLEAU, TABLEAU + 2, 2)) == OK
    assert g.check(pack(TABLEAU, TABLEAU + 3, 1)) == OK
    assert g.check(pack(TABLEAU, TABLEAU + 1, 5)) == REASON_FACE_DOWN
    assert g.pickable(TABLEAU, 4) and not g.pickable(TABLEAU, 5)
    moves = legal(g)
    for k, dst in ((4, 1), (2, 2), (1, 3)):
        assert pack(TABLEAU, TABLEAU + dst, k) in moves
    assert g.apply(pack(TABLEAU, TABLEAU + 2, 2))
    assert [g.card(TABLEAU + 2, i) for i in range(3)] == [card(HEARTS, 8)] + run[2:]


@pytest.mark.parametrize("v,prof", MODES)
def test_rule_4_4_the_waste_top_goes_onto_the_tableau(v, prof):
    g = Game(v, prof)
    g.deal(1)
    table(g, waste=[card(DIAMONDS, 8), card(HEARTS, 6)], tableau=[[card(SPADES, 7)]])
    assert g.check(pack(WASTE, TABLEAU, 1)) == OK
    assert g.apply(pack(WASTE, TABLEAU, 1))
    assert g.top(TABLEAU) == card(HEARTS, 6) and g.top(WASTE) == card(DIAMONDS, 8)


# ---- 5. The stock and the waste ------------------------------------------------------------

@pytest.mark.parametrize("v,prof", MODES)
def test_rule_5_1_a_turn_brings_one_or_three_cards_face_up_only_the_top_plays(v, prof):
    g = Game(v, prof)
    g.deal(3)
    stock = [g.card(STOCK, i) for i in range(24)]
    draw = 1 if v == DRAW_ONE else 3
    assert g.turn == pack(STOCK, WASTE, draw)
    assert g.check(pack(STOCK, WASTE, 4 - draw)) == REASON_NOT_PLAYABLE
    assert g.apply(g.turn)
    # one by one from the stock's top: the waste holds them reversed, the last one on top
    assert [g.card(WASTE, i) for i in range(draw)] == stock[::-1][:draw]
    assert g.steps[:3] == bytes((STOCK, WASTE, draw | TURNED)) and g.step_count == 1
    assert g.fanned == draw
    assert not g.pickable(WASTE, 2) and g.pickable(WASTE, 1)
    table(g, stock=stock[:2])
    assert g.apply(g.turn)
    assert g.count(WASTE) == min(2, draw) and g.count(STOCK) == 2 - min(2, draw)
    table(g)
    assert g.check(g.turn) == REASON_STOCK_EMPTY


@pytest.mark.parametrize("v,prof", MODES)
def test_rule_5_2_an_empty_stock_takes_the_waste_back_unshuffled_never_before(v, prof):
    g = Game(v, prof)
    g.deal(4)
    order = [g.card(STOCK, i) for i in range(24)]
    assert g.check(RECYCLE) == REASON_TURN_FIRST or g.count(WASTE) == 0
    while g.count(STOCK):
        assert g.check(RECYCLE) != OK
        g.apply(g.turn)
    if prof == LIMITED and v == DRAW_ONE:
        assert g.check(RECYCLE) == REASON_NO_REDEAL
        return
    assert g.check(RECYCLE) == OK
    assert g.apply(RECYCLE)
    assert [g.card(STOCK, i) for i in range(24)] == order  # the next pass deals the same cards
    assert g.count(WASTE) == 0 and g.check(RECYCLE) == REASON_NOT_PLAYABLE


@pytest.mark.parametrize("v,prof,recycles", [(0, 0, None), (1, 0, None), (0, 1, 0), (1, 1, 2)])
def test_rule_5_3_passes_unlimited_standard_one_or_three_limited(v, prof, recycles):
    g = Game(v, prof)
    g.deal(6)
    done = 0
    while done < 10:
        while g.count(STOCK):
            g.apply(g.turn)
        if not g.apply(RECYCLE):
            break
        done += 1
    if recycles is None:
        assert done == 10 and passes_left(g) == -1
    else:
        assert done == recycles and passes_left(g) == 0
        assert g.check(RECYCLE) == REASON_NO_REDEAL


# ---- 6. Automatic steps --------------------------------------------------------------------

@pytest.mark.parametrize("v,prof", MODES)
def test_rule_6_1_a_face_down_card_left_on_top_turns_up_in_the_same_move(v, prof):
    g = Game(v, prof)
    g.deal(1)
    table(g, tableau=[[card(CLUBS, 4), card(SPADES, 13), card(HEARTS, 12)], []],
          down=[2, 0, 0, 0, 0, 0, 0])
    assert g.apply(pack(TABLEAU, TABLEAU + 1, 1)) is False  # a Queen: no space for it
    table(g, tableau=[[card(CLUBS, 4), card(HEARTS, 12)], [card(SPADES, 13)]],
          down=[1, 0, 0, 0, 0, 0, 0])
    assert g.apply(pack(TABLEAU, TABLEAU + 1, 1))
    assert g.down[0] == 0 and g.face_down(TABLEAU) == 0
    assert g.step_count == 2 and g.steps[3:6] == bytes((TABLEAU, TABLEAU, 1 | TURNED))
    assert g.undo()
    assert g.down[0] == 1 and g.count(TABLEAU) == 2 and g.top(TABLEAU) == card(HEARTS, 12)
    assert g.redo() and g.down[0] == 0


# ---- 7. Hints ------------------------------------------------------------------------------

def test_rule_7_1_hints_come_in_the_rules_order():
    g = Game(DRAW_ONE, STANDARD)
    g.deal(1)
    table(g,
          stock=[card(SPADES, 5), card(HEARTS, 11)],  # the Jack fits the Queen of spades
          waste=[card(CLUBS, 12)],
          foundations=[suit_up(CLUBS, 2), suit_up(DIAMONDS, 5), (), suit_up(HEARTS, 6)],
          tableau=[[card(CLUBS, 3)],
                   [card(SPADES, 1), card(SPADES, 9), card(HEARTS, 8)],
                   [card(DIAMONDS, 10)],
                   [],
                   [card(HEARTS, 13)],
                   [card(SPADES, 12)],
                   [card(DIAMONDS, 2), card(CLUBS, 7)]],
          down=[0, 1, 0, 0, 0, 0, 1])
    got = hints(g)
    step = [pack(TABLEAU, FOUNDATION, 1),  # 1. the 3 of clubs home
            pack(TABLEAU + 1, TABLEAU + 2, 2),  # 2. the 9-8 onto the 10: turns the Ace up
            pack(WASTE, TABLEAU + 4, 1),  # 3. the Queen of clubs onto the King of hearts
            g.turn,  # 4. the stock brings the Jack of hearts (and the 5 of spades)
            pack(FOUNDATION + 3, TABLEAU + 6, 1)]  # 6. the 6 of hearts down for the 5 of spades
    assert [got.index(m) for m in step] == sorted(got.index(m) for m in step)
    assert got[0] == step[0] and got[-1] == step[-1]
    for m in got:
        assert g.check(m) == OK


def test_rule_7_1_a_run_that_turns_a_card_up_comes_before_the_waste():
    g = Game(DRAW_ONE, STANDARD)
    g.deal(1)
    table(g, waste=[card(CLUBS, 12)],
          tableau=[[card(SPADES, 1), card(SPADES, 9), card(HEARTS, 8)], [card(DIAMONDS, 10)],
                   [card(HEARTS, 13)]], down=[1, 0, 0, 0, 0, 0, 0])
    got = hints(g)
    assert got == [pack(TABLEAU, TABLEAU + 1, 2), pack(WASTE, TABLEAU + 2, 1)]


def test_rule_7_1_part_of_a_run_moves_only_to_free_a_card_for_its_foundation():
    g = Game(DRAW_ONE, STANDARD)
    g.deal(1)
    table(g, foundations=[suit_up(CLUBS, 7), (), (), ()],
          tableau=[[card(DIAMONDS, 9), card(CLUBS, 8), card(HEARTS, 7), card(SPADES, 6)],
                   [card(HEARTS, 9)], [card(SPADES, 8)], [card(DIAMONDS, 13)]])
    got = hints(g)
    # the 7-6 off the 8 of clubs, which can then go home (onto the 8 of spades); not the 8-7-6
    # onto the 9 of hearts (it frees the 9 of diamonds, which can't go home)
    assert pack(TABLEAU, TABLEAU + 2, 2) in got
    assert pack(TABLEAU, TABLEAU + 1, 3) not in got
    assert pack(TABLEAU, TABLEAU + 1, 3) in legal(g)
    assert pack(TABLEAU + 3, TABLEAU + 4, 1) not in got  # a King alone: space to space


@pytest.mark.parametrize("v,prof", MODES)
def test_rule_7_2_hint_is_the_first_of_the_hints_and_every_hint_is_legal(v, prof):
    g = Game(v, prof)
    buf = array.array("H", range(MAX_MOVES))
    for number in range(1, 9):
        g.deal(number)
        for step in range(150):
            got = hints(g)
            if not got:
                break
            assert g.hint() == got[0]
            for m in got:
                assert g.check(m) == OK, hex(m)
            n = g.legal_moves(buf)
            g.apply(got[step % len(got)] if step % 3 else buf[step % n])


def test_rule_7_3_a_card_comes_down_from_a_foundation_only_when_wanted_never_when_safe():
    g = Game(DRAW_ONE, STANDARD)
    g.deal(1)
    hearts_down = pack(FOUNDATION + 3, TABLEAU, 1)
    # the 6 of hearts is wanted: the 5 of spades in the stock can go onto it
    table(g, stock=[card(SPADES, 5)], foundations=[(), (), suit_up(SPADES, 3), suit_up(HEARTS, 6)],
          tableau=[[card(CLUBS, 7)]])
    assert hearts_down in hints(g)
    # no card for it: not listed
    table(g, stock=[card(DIAMONDS, 9)], foundations=[(), (), suit_up(SPADES, 3), suit_up(HEARTS, 6)],
          tableau=[[card(CLUBS, 7)]])
    assert hearts_down not in hints(g) and hearts_down in legal(g)
    # safe at home (black foundations at 4 and 5, diamonds at 3: 6 <= 4 + 2, 6 <= 3 + 3)
    table(g, stock=[card(SPADES, 5)],
          foundations=[suit_up(CLUBS, 5), suit_up(DIAMONDS, 3), suit_up(SPADES, 4),
                       suit_up(HEARTS, 6)],
          tableau=[[card(CLUBS, 7)]])
    assert g._goes_up(card(HEARTS, 6))
    assert hearts_down not in hints(g)


# ---- 8. Score ------------------------------------------------------------------------------

@pytest.mark.parametrize("v,prof", MODES)
def test_rule_8_1_windows_standard_points(v, prof):
    g = Game(v, prof)
    g.deal(1)
    table(g, waste=[card(SPADES, 6), card(HEARTS, 1)],
          foundations=[suit_up(CLUBS, 4), (), (), ()],
          tableau=[[card(SPADES, 9), card(DIAMONDS, 7)], [card(CLUBS, 5)], [card(HEARTS, 6)],
                   [card(CLUBS, 8)]],
          down=[1, 0, 0, 0, 0, 0, 0])
    g.points = 100
    for m, delta in ((pack(WASTE, FOUNDATION + 1, 1), 10),  # the waste to a foundation
                     (pack(WASTE, TABLEAU, 1), 5),  # the waste to the tableau
                     (pack(TABLEAU + 1, FOUNDATION, 1), 10),  # the tableau to a foundation
                     (pack(FOUNDATION, TABLEAU + 2, 1), -15),  # a foundation to the tableau
                     (pack(TABLEAU, TABLEAU + 3, 2), 5)):  # nothing itself, but turns the 9 up
        before = g.score()
        assert g.apply(m), hex(m)
        assert g.score() - before == delta
    for _ in range(5):
        g.undo()
    assert g.score() == 100


@pytest.mark.parametrize("v,prof", [(0, 0), (1, 0)])
def test_rule_8_2_recycles_cost_100_drawing_one_20_after_two_drawing_three(v, prof):
    g = Game(v, prof)
    g.deal(2)
    g.points = 500
    costs = []
    for _ in range(4):
        while g.count(STOCK):
            g.apply(g.turn)
        before = g.score()
        assert g.apply(RECYCLE)
        costs.append(before - g.score())
    assert costs == ([100] * 4 if v == DRAW_ONE else [0, 0, 20, 20])


@pytest.mark.parametrize("v", [0, 1])
def test_rule_8_3_a_penalty_stops_at_0_and_undo_gives_back_the_score_before(v):
    g = Game(v, STANDARD)
    g.deal(2)
    table(g, waste=[card(SPADES, 6)], foundations=[(), (), (), suit_up(HEARTS, 7)],
          tableau=[[card(CLUBS, 8)]])
    for start in (0, 5, 10, 15, 20):
        g.points = start
        assert g.apply(pack(FOUNDATION + 3, TABLEAU, 1))
        assert g.score() == max(0, start - 15)
        assert g.undo() and g.score() == start
    g.deal(2)
    while g.count(STOCK):
        g.apply(g.turn)
    g.recycles = 5  # (drawing three, past the free recycles)
    for start in (0, 15, 95, 100, 120):
        g.points = start
        assert g.apply(RECYCLE)
        assert g.score() == max(0, start - (100 if v == DRAW_ONE else 20))
        assert g.undo() and g.score() == start and g.recycles == 5


# ---- 9. The end ----------------------------------------------------------------------------

@pytest.mark.parametrize("v,prof", MODES)
def test_rule_9_1_lost_when_no_productive_move_is_left_though_legal_moves_remain(v, prof):
    g = Game(v, prof)
    g.deal(1)
    # a King alone in its pile beside a space, the stock's cards fitting nowhere, the hearts'
    # 2 home and nothing to go onto it: only a King's shuttle and the stock's turns are legal
    table(g, stock=[card(CLUBS, 5), card(CLUBS, 3)], waste=[card(DIAMONDS, 9)],
          foundations=[(), (), (), suit_up(HEARTS, 2)],
          tableau=[[card(SPADES, 13)], [], [card(CLUBS, 2), card(CLUBS, 1), card(DIAMONDS, 7)]],
          down=[0, 0, 2, 0, 0, 0, 0])
    assert legal(g)
    assert hints(g) == [] and g.hint() == NO_MOVE
    assert g.status() == LOST
    # a black 8 on the 9 of diamonds' way... give the waste's 9 a home: a black 10
    table(g, stock=[card(CLUBS, 5), card(CLUBS, 3)], waste=[card(DIAMONDS, 9)],
          foundations=[(), (), (), suit_up(HEARTS, 2)],
          tableau=[[card(SPADES, 13)], [card(SPADES, 10)],
                   [card(CLUBS, 2), card(CLUBS, 1), card(DIAMONDS, 7)]],
          down=[0, 0, 2, 0, 0, 0, 0])
    assert g.status() == PLAYING and g.hint() == pack(WASTE, TABLEAU + 1, 1)
