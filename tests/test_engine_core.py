# The engine core shared by every game family: deck encodings, the project's PRNG and shuffle,
# pile storage, the undo ring and the registry of games.
import pytest

from engine import cards, cards_domino, cards_spanish, registry
from tests import card_names, dominoes
from tests.positions import put
from engine.piles import Piles
from engine.rng import Rng
from engine.undo import UndoLog, EMPTY


# ---- decks ----------------------------------------------------------------------------------

def test_french_card_is_deck_times_52_plus_suit_times_13_plus_rank_minus_1():
    assert cards.french(1, cards.HEARTS, cards.KING) == 103
    for c in range(104):
        assert cards.french(c // 52, cards.suit(c), cards.rank(c)) == c
    assert cards.colour(cards.french(0, cards.DIAMONDS, 5)) == cards.RED
    assert cards.colour(cards.french(1, cards.CLUBS, 5)) == cards.BLACK
    assert card_names.french_name(cards.french(0, cards.SPADES, 10)) == "TS"


def test_ranks_wrap_around_up_13_is_1_and_down_1_is_13():
    assert cards.up(13) == 1 and cards.down(1) == 13
    assert cards.up(5) == 6 and cards.down(5) == 4


def test_spanish_deck_has_40_cards_ranks_1_to_7_sota_caballo_rey_in_four_suits():
    values = sorted(card_names.spanish_value(c) for c in range(cards_spanish.SPANISH_DECK))
    assert values == sorted([1, 2, 3, 4, 5, 6, 7, 10, 11, 12] * 4)
    c = cards_spanish.spanish(cards_spanish.ESPADAS, 7)  # the Sota: play order 8th
    assert card_names.spanish_value(c) == 10 and cards_spanish.spanish_order(c) == 7
    assert cards_spanish.spanish_suit(c) == cards_spanish.ESPADAS
    assert card_names.spanish_name(c) == "SE"


def test_space_dominoes_deck_holds_each_card_once_40_cards_16_symmetric():
    faces = cards_domino.DOMINOES
    assert len(faces) == 40 == len(set(faces))
    canon = set(min(f, cards_domino.turned(f)) for f in faces)
    assert len(canon) == 40  # no card appears twice the other way round
    assert sum(1 for f in faces if cards_domino.turned(f) == f) == 16


def _matches(faces, turnable):
    # the engine's match table (engine/solar_deal.py match_table, what play reads) as a test:
    # does card a match card b
    from engine.solar_deal import match_table

    bits = match_table(faces, turnable)
    stride = (len(faces) + 7) >> 3
    return lambda a, b: (bits[a * stride + (b >> 3)] >> (b & 7)) & 1 == 1


def names_matching(name):
    d = cards_domino
    f = d.DOMINOES.index(d.face(*(int(x) for x in name.split("-"))))
    match = _matches(d.DOMINOES, True)
    return sorted(dominoes.name(d.DOMINOES[g]) for g in range(len(d.DOMINOES)) if match(f, g))


def test_dominoes_match_when_two_sections_agree_either_card_turned_round():
    # the checks from solar.md §1
    assert names_matching("0-0-0") == sorted(["0-1-0", "0-2-0", "0-3-0", "0-0-1", "0-0-2", "0-0-3"])
    assert names_matching("1-2-3") == sorted(
        ["1-3-3", "1-1-3", "1-0-3", "1-2-2", "1-2-1", "0-2-1", "3-2-3", "2-2-3", "0-2-3"])


def test_rocket_k_k_k_matches_exactly_the_cards_that_show_k_twice():
    d = cards_domino
    for faces, turnable in ((d.DOMINOES, True), (bytes(range(64)), False)):
        match = _matches(faces, turnable)
        for k in range(4):
            r = faces.index(dominoes.rocket(k))
            assert d.is_rocket(faces[r])
            for g in range(len(faces)):
                if g != r:
                    shows_k_twice = sum(s == k for s in d.face_sections(faces[g])) == 2
                    # (64 cards: a card is not turned, so it shows k twice as dealt)
                    assert match(r, g) == shows_k_twice, (k, dominoes.name(faces[g]))
    assert [f for f in d.DOMINOES if d.is_rocket(f)] == [dominoes.rocket(k) for k in range(4)]


def test_64_card_variant_cards_cannot_be_turned_round():
    d = cards_domino
    match64 = _matches(bytes(range(64)), False)  # (a 64-card number is its face)
    match40 = _matches(d.DOMINOES, True)
    n40 = d.DOMINOES.index
    assert match64(d.face(0, 0, 1), d.face(0, 0, 0))
    assert not match64(d.face(1, 2, 3), d.face(3, 2, 1))
    assert match40(n40(d.face(0, 0, 1)), n40(d.face(0, 0, 0)))  # 1-0-0 is 0-0-1 turned round
    assert not match64(d.face(1, 0, 0), d.face(0, 0, 1))
    assert match64(d.face(1, 0, 0), d.face(0, 0, 0))


# ---- the PRNG -------------------------------------------------------------------------------

def test_rng_is_the_30_bit_lcg_computed_in_15_bit_halves():
    r = Rng(12345)
    x = r.x
    for _ in range(2000):
        out = r.next()
        x = (1103515245 * x + 12345) % 2 ** 30
        assert r.x == x and out == x >> 15


def test_rng_never_forms_an_int_of_2_to_the_30_or_more():
    # the largest value each product and sum in next() can reach, with both halves of x at
    # their maximum (the MicroPython test proves it too: a bigger int would allocate)
    hi, lo, low15 = 908, 20077, 0x7FFF
    assert (hi << 15) + lo == 1103515245 % 2 ** 30
    low = lo * low15
    assert low < 2 ** 30 and hi * low15 < 2 ** 30
    assert (low >> 15) + low15 + low15 < 2 ** 30
    assert (low15 + 12345) + low15 < 2 ** 30 and (low15 << 15) | low15 < 2 ** 30


def test_randbelow_is_in_range_and_covers_it():
    r = Rng(99)
    seen = set(r.below(7) for _ in range(500))
    assert seen == set(range(7))
    assert all(0 <= r.below(104) < 104 for _ in range(500))


@pytest.mark.parametrize("number", [1, 2, 3, 1000, 2 ** 30 - 1])
def test_shuffle_is_a_permutation_and_the_same_number_gives_the_same_deal(number):
    a = bytearray(range(104))
    b = bytearray(range(104))
    Rng(number).shuffle(a, 0, 104)
    Rng(number).shuffle(b, 0, 104)
    assert a == b and sorted(a) == list(range(104)) and a != bytearray(range(104))


def test_neighbouring_deal_numbers_give_different_deals():
    deals = set()
    for n in range(1, 200):
        a = bytearray(range(104))
        Rng(n).shuffle(a, 0, 104)
        deals.add(bytes(a[:8]))
    assert len(deals) == 199


# ---- pile storage ---------------------------------------------------------------------------

def test_piles_move_keeps_the_order_of_a_group_and_turn_reverses_a_pile():
    # (the readers count/card/top are the game's: engine/game.py Table)
    p = Piles(bytearray([5, 5, 5]))

    def pile(q):
        return list(p.cards[p.start[q]:p.start[q] + p.size[q]])

    put(p, 0, b"\x01\x02\x03\x04")
    p.move(0, 1, 2)
    assert pile(1) == [3, 4] and p.size[0] == 2
    p.turn(1, 2)
    assert pile(2) == [4, 3] and pile(1) == []


def test_piles_have_a_fixed_capacity_set_at_creation():
    p = Piles(bytearray([2, 3]))
    assert list(p.capacity) == [2, 3] and list(p.start) == [0, 2] and len(p.cards) == 5


# ---- undo ring ------------------------------------------------------------------------------

def test_undo_log_pops_newest_first_and_drops_oldest_moves_when_full():
    log = UndoLog(3)
    for m in range(5):
        log.push(100 + m)
    assert log.size == 3 and log.dropped == 2
    got = []
    while True:
        e = log.pop()
        if e == EMPTY:
            break
        got.append(e)
    assert got == [104, 103, 102]


# ---- registry -------------------------------------------------------------------------------

def test_registry_lists_games_and_loads_a_family_module_lazily():
    t = registry.FAMILIES[0]
    assert (t.key, t.name, t.module, t.deck) == ("terrace", "Terrace", "engine.terrace", "french")
    mod = registry.load("terrace")
    assert mod.VARIANTS[0] == "Terrace" and mod.PROFILES == ("classic", "literal")
    # the menus read the names from the registry without importing the family
    for row in registry.FAMILIES:
        module = registry.import_module(row.module)
        assert module.VARIANTS == row.variants and module.PROFILES == row.profiles
        for v in range(len(row.variants)):
            assert 1 <= registry.profile_count(registry.find(row.key), v) <= len(row.profiles)
    g = mod.Game(0, 0)
    g.deal(1)
    assert g.pile_count == 20
    # an unknown key is a mistake said at once, naming the key (never the last family)
    for ask in (registry.find, registry.row, registry.load):
        with pytest.raises(ValueError, match="'nope'"):
            ask("nope")


def test_undo_log_chains_a_move_with_its_automatic_followers_and_keeps_undone_records_for_redo():
    log = UndoLog(4)
    log.push(1)
    log.push(2, True)
    log.push(3, True)
    assert log.size == 3 and log.redo == 0
    assert log.pop() == 3 and log.chained()
    assert log.pop() == 2 and log.chained()
    assert log.pop() == 1 and not log.chained()
    assert log.redo == 3 and log.redo_entry() == 1
    log.replaying = True
    log.push(1)
    log.replaying = False
    assert log.redo == 2 and log.redo_entry() == 2 and log.chained()
    log.push(9)  # a new move: nothing left to redo
    assert log.redo == 0 and log.redo_entry() == EMPTY


def test_undo_history_export_and_restore_keep_the_newest_records_and_their_chain_bits():
    from engine.pack import history_into, history_from, history_size

    log = UndoLog(5)
    for e in range(1, 8):
        log.push(e * 100, e % 2 == 0)
    buf = bytearray(64)
    n = history_into(log, buf, 3, 4)
    assert n == history_size(log, 4) == 2 + 8 + 1
    other = UndoLog(5)
    assert history_from(other, buf, 3) == n
    got = []
    while other.size:
        got.append((other.pop(), other.chained()))
    assert got == [(700, False), (600, True), (500, False), (400, True)]
    buf[3] = 200  # a count the log can't hold
    assert history_from(other, buf, 3) == -1 and other.size == 0
    # a save that ends where its position ends holds no history (not even the count)
    assert history_from(other, buf[:4], 3) == -1 and history_from(other, buf[:3], 3) == -1


def test_terrace_hints_number_the_piles_as_engine_terrace_does():
    # the hints' and the rules' modules repeat the pile numbers as private const()s (inlined on
    # the board)
    from engine import terrace, terrace_hints, terrace_rules

    for name in ("STOCK", "WASTE", "RESERVE", "FOUNDATION", "TABLEAU", "CANDIDATES", "OK"):
        assert getattr(terrace_hints, "_" + name) == getattr(terrace, name), name
        assert getattr(terrace_rules, "_" + name) == getattr(terrace, name), name
    assert terrace_hints._FRENCH_DECK == terrace.FRENCH_DECK
    assert terrace_rules._FROM_RESERVE == terrace.FROM_RESERVE


def test_cuatro_ases_hints_number_the_piles_as_engine_cuatro_ases_does():
    from engine import cuatro_ases, cuatro_ases_hints
    from engine.game import OK

    for name in ("HAND", "REVEALED", "SPACE", "SLOT", "SHUFFLE"):
        assert getattr(cuatro_ases_hints, "_" + name) == getattr(cuatro_ases, name), name
    assert cuatro_ases_hints._OK == OK


def test_terrace_rules_refusal_codes_are_engine_games():
    # engine/terrace_rules.py repeats the REASON_* codes as private const()s (inlined on the
    # board), and engine/terrace.py OK
    from engine import game, terrace, terrace_rules

    private = [n for n in dir(terrace_rules) if n.startswith("_REASON_") or n == "_OK"]
    assert len(private) == 16
    for name in private:
        assert getattr(terrace_rules, name) == getattr(game, name[1:]), name
    assert terrace._OK == game.OK
