# Mezclado's token shuffles (§5.2) are independent of one another: statistical tests over
# deals 1..2000 (deterministic: the deal numbers are the fixed seeds). Each shuffle is made
# through the game's own SHUFFLE move on a revealed pile set up directly, at every token count
# of the same deal. A seeding whose streams share their low bits (the former
# `number ^ (tokens << 24)`) gives a 2-card pile the same order at all five tokens and leaves
# about 3 cards of a 40-card pile where another shuffle of the same pile put them.
from math import exp, factorial

from engine.cuatro_ases import Game, HAND, REVEALED, SPACE, SHUFFLE, TOKENS
from tests.test_cuatro_ases_rules import MEZCLADO
from tests.positions import set_pile

DEALS = range(1, 2001)
# chi-square critical values at p = 0.001 (tables): 5 and 4 degrees of freedom
CHI2_5_DOF = 20.52
CHI2_4_DOF = 18.47


def shuffles_of(g, number, pile):
    # the hand each token's shuffle makes of the revealed pile `pile` (bottom first), for
    # tokens 5, 4, ..., 1 of deal `number`: the cards from the hand's bottom up
    out = []
    for tokens in range(TOKENS, 0, -1):
        g.deal(number)
        set_pile(g, HAND, [])
        set_pile(g, REVEALED, pile)
        for k in range(4):
            set_pile(g, SPACE + k, [])
        g.tokens = tokens
        g.progress = False
        assert g.apply(SHUFFLE) and g.tokens == tokens - 1
        out.append(tuple(g.card(HAND, i) for i in range(len(pile))))
    return out


def chi_square(observed, expected):
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected))


def test_a_two_card_pile_gets_each_order_about_half_the_time_independently_at_each_token():
    g = Game(MEZCLADO, 0)
    turned = [0] * TOKENS  # per token: deals where the pile came out in the other order
    per_deal = [0] * (TOKENS + 1)  # deals by how many of their five shuffles turned it
    for number in DEALS:
        orders = shuffles_of(g, number, [3, 27])
        n = 0
        for t, order in enumerate(orders):
            if order == (27, 3):
                turned[t] += 1
                n += 1
        per_deal[n] += 1
    # each token alone: binomial(2000, 1/2), sd 22.4; 5 sd either side
    for count in turned:
        assert 888 <= count <= 1112, turned
    # the five shuffles of one deal together: binomial(5, 1/2) per deal if they are independent
    expected = [len(DEALS) * factorial(TOKENS) / (factorial(k) * factorial(TOKENS - k)) / 2 ** TOKENS
                for k in range(TOKENS + 1)]
    chi2 = chi_square(per_deal, expected)
    assert chi2 < CHI2_5_DOF, (chi2, per_deal)


def test_two_shuffles_of_one_pile_leave_one_card_in_the_same_place_on_average():
    # the cards two independent shuffles of one 40-card pile put in the same place: the fixed
    # points of a random permutation, Poisson(1) to within 1e-40 at 40 cards
    g = Game(MEZCLADO, 1)
    pile = list(range(40))
    same = []
    for number in DEALS:
        orders = shuffles_of(g, number, pile)
        for a, b in zip(orders, orders[1:]):  # tokens 5 and 4, 4 and 3, ...: independent pairs
            same.append(sum(1 for i in range(40) if a[i] == b[i]))
    mean = sum(same) / len(same)
    # 8,000 pairs, sd of the mean 1/sqrt(8000) = 0.011: within 4.5 sd
    assert 0.95 <= mean <= 1.05, mean
    cells = [0] * 5  # 0, 1, 2, 3, 4 or more
    for s in same:
        cells[min(s, 4)] += 1
    p = [exp(-1) / factorial(k) for k in range(4)]
    p.append(1 - sum(p))
    chi2 = chi_square(cells, [len(same) * q for q in p])
    assert chi2 < CHI2_4_DOF, (chi2, cells, mean)


def test_a_tokens_shuffle_is_independent_of_the_deal():
    # a token's shuffle of the 40 cards in card order, against the order the deal's own
    # shuffle put them in (the hand from its bottom up): one card in the same place on average
    g = Game(MEZCLADO, 0)
    pile = list(range(40))
    same = []
    for number in DEALS:
        g.deal(number)
        dealt = tuple(g.card(HAND, i) for i in range(40))
        for order in shuffles_of(g, number, pile):
            same.append(sum(1 for i in range(40) if order[i] == dealt[i]))
    mean = sum(same) / len(same)
    # 10,000 shuffles, sd of the mean 0.01: within 5 sd
    assert 0.95 <= mean <= 1.05, mean
