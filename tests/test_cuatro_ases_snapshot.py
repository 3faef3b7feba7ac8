# Position snapshots for Solitario 4 Ases (Game.save_into / load_from, engine/game.py), what
# resume after power-off rests on: a round trip gives back the same game in every variant and
# profile (tokens, the round's progress and the released cards' marks included), undo still
# works after a resume with the saved history, damaged data is refused without touching the
# game, and MicroPython writes the same bytes.
import array

import pytest
from hypothesis import given, settings, strategies as st

from engine import pack
from engine.cuatro_ases import Game, PROFILE_COUNT, HAND, REVEALED, SPACE, SLOT, SHUFFLE
from engine.game import MAX_MOVES, NO_MOVE, PLAYING
from sim.mpy import run_micropython
from tests.test_cuatro_ases_properties import VARIANT_PROFILES, play, state
from tests.test_cuatro_ases_rules import BASE, REVELADOS, RESERVA, MEZCLADO, PINTADOS, card

SIZE = Game.SNAPSHOT_SIZE
numbers = st.integers(1, 2 ** 30 - 1)
choices = st.lists(st.integers(0, 10 ** 6), min_size=0, max_size=250)


def position(g):
    buf = array.array("H", range(MAX_MOVES))
    n = g.legal_moves(buf)
    return state(g) + (g.status(), g.score(), tuple(buf[:n]), g.hint())


def whole_state(g):
    return (position(g), bytes(g.piles.cards), bytes(g.piles.size), g.number, g.version,
            g.changed, g.can_undo(), g.undo_dropped)


def saved(g, offset=0):
    buf = bytearray(offset + SIZE)
    assert g.save_into(buf, offset) == SIZE
    return buf


def played(v, prof, number, picks):
    g = Game(v, prof)
    g.deal(number)
    play(g, picks)
    return g


# ---- round trip ------------------------------------------------------------------------------

@pytest.mark.parametrize("v,prof", VARIANT_PROFILES)
@settings(max_examples=10, deadline=None)
@given(number=numbers, picks=choices)
def test_a_position_saved_and_loaded_into_a_fresh_game_is_the_same_position(v, prof, number, picks):
    g = played(v, prof, number, picks)
    h = Game(v, prof)
    h.deal(number)
    assert h.load_from(saved(g))
    assert position(h) == position(g)
    assert bytes(saved(h)) == bytes(saved(g))
    assert not h.can_undo() and h.undo_dropped == 0
    assert h.changed == (1 << h.pile_count) - 1
    for _ in range(4):  # play goes on the same from both
        m = g.hint()
        if m == NO_MOVE:
            break
        assert g.apply(m) and h.apply(m)
        assert position(h) == position(g)


@pytest.mark.parametrize("v,prof", VARIANT_PROFILES)
def test_a_game_played_to_its_end_by_the_hint_round_trips(v, prof):
    g = Game(v, prof)
    g.deal(11)
    while g.status() == PLAYING:
        assert g.apply(g.hint())
    h = Game(v, prof)
    h.deal(11)
    assert h.load_from(saved(g)) and position(h) == position(g)


def game_with(v, prof, predicate, limit=300):
    # the first hint-played position of deals 1.. where predicate(g) holds
    g = Game(v, prof)
    for number in range(1, limit):
        g.deal(number)
        while g.status() == PLAYING:
            if predicate(g):
                return g
            assert g.apply(g.hint())
    raise AssertionError("no such position")


def test_a_blocked_card_and_the_marks_round_trip():
    g = game_with(RESERVA, 0, lambda g: any(g.blocked(REVEALED, i) for i in range(g.count(REVEALED))))
    h = Game(RESERVA)
    h.deal(g.number)
    assert h.load_from(saved(g))
    assert [h.blocked(REVEALED, i) for i in range(h.count(REVEALED))] == \
        [g.blocked(REVEALED, i) for i in range(g.count(REVEALED))]
    assert bytes(h._marks) == bytes(g._marks)


@pytest.mark.parametrize("prof", (0, 1))
def test_tokens_and_the_rounds_progress_round_trip(prof):
    g = game_with(MEZCLADO, prof, lambda g: g.tokens < 5 and g.progress)
    h = Game(MEZCLADO, prof)
    h.deal(g.number)
    assert h.load_from(saved(g))
    assert (h.tokens, h.progress) == (g.tokens, g.progress)


@pytest.mark.parametrize("v,prof", VARIANT_PROFILES)
def test_after_a_resume_with_the_saved_history_undo_goes_back_to_the_deal(v, prof):
    # the app saves the undo log's newest records beside the snapshot (engine/pack.py): undo
    # after a resume must take back shuffles, releases and renewals exactly
    g = Game(v, prof)
    g.deal(29)
    dealt = state(g)
    while g.status() == PLAYING and g.moves < 400:
        assert g.apply(g.hint())
    assert not g.undo_dropped
    buf = saved(g) + bytearray(pack.history_size(g.undo_log, g.moves))
    pack.history_into(g.undo_log, buf, SIZE, g.moves)
    h = Game(v, prof)
    h.deal(29)
    assert h.load_from(buf) and pack.history_from(h.undo_log, buf, SIZE) > 0
    n = 0
    while h.undo():
        n += 1
    assert n == g.moves and state(h) == dealt
    while h.redo():
        pass
    assert position(h) == position(g)


def test_save_and_load_use_the_offset_and_touch_nothing_around_it():
    g = played(MEZCLADO, 0, 99, list(range(60)))
    buf = bytearray(b"\xaa" * (7 + SIZE + 5))
    assert g.save_into(buf, 7) == SIZE
    assert buf[:7] == b"\xaa" * 7 and buf[7 + SIZE:] == b"\xaa" * 5
    h = Game(MEZCLADO, 0)
    h.deal(99)
    assert h.load_from(bytes(buf), 7) and position(h) == position(g)


@pytest.mark.parametrize("v", range(5))
def test_the_snapshot_of_every_variant_fits_its_size(v):
    g = Game(v)
    bits = 16 + 3 + 1 + 40 + pack.piles_bits(g.piles, 6, 40)
    assert bits < SIZE * 8 == 42 * 8  # and the last bit is free for Mezclado's keyed seeding


# ---- damaged data ----------------------------------------------------------------------------

def decode(g, buf):
    bits = pack.Bits(buf)
    moves, tokens, progress = bits.get(16), bits.get(3), bits.get(1)
    marks = [bits.get(1) for _ in range(40)]
    sizes = [bits.get(pack.width(c)) for c in g.piles.capacity]
    piles = [[bits.get(6) for _ in range(n)] for n in sizes]
    return [moves, tokens, progress, marks, sizes, piles]


def encode(g, fields):
    moves, tokens, progress, marks, sizes, piles = fields
    buf = bytearray(SIZE + 8)
    bits = pack.Bits(buf)
    bits.put(moves, 16)
    bits.put(tokens, 3)
    bits.put(progress, 1)
    for m in marks:
        bits.put(m, 1)
    for p, n in enumerate(sizes):
        bits.put(n, pack.width(g.piles.capacity[p]))
    for pile in piles:
        for c in pile:
            bits.put(c, 6)
    if g.max_tokens:
        buf[SIZE - 1] |= 0x80  # Mezclado's keyed seeding (engine/cuatro_ases_save.py)
    return bytes(buf[:SIZE])


def refused_unchanged(data, v=BASE, prof=0):
    g = played(v, prof, 4321, list(range(40)))
    before = whole_state(g)
    assert not g.load_from(data)
    assert whole_state(g) == before


def sample(v=BASE, prof=0):
    # 45 moves into the first of deals 7.. where the game goes on with 3 cards up and 2 revealed
    for number in range(7, 40):
        g = played(v, prof, number, [1] * 45)
        if g.status() == PLAYING and g.score() >= 3 and g.count(REVEALED) >= 2:
            return g
    raise AssertionError("no such deal")


def test_the_test_codec_reads_back_a_real_snapshot():
    for v, prof in VARIANT_PROFILES:
        g = sample(v, prof)
        assert encode(g, decode(g, saved(g))) == bytes(saved(g))


def test_any_bit_flipped_after_the_counters_is_refused_and_the_game_is_unchanged():
    # without a slot no card is ever marked, and any flip in the piles breaks a size or a card
    data = bytes(saved(sample()))
    g = played(BASE, 0, 4321, list(range(40)))
    before = whole_state(g)
    for bit in range(20, SIZE * 8):
        bad = bytearray(data)
        bad[bit >> 3] ^= 1 << (bit & 7)
        assert not g.load_from(bad), bit
    assert whole_state(g) == before


def test_a_duplicate_card_is_refused():
    g = sample()
    f = decode(g, saved(g))
    f[5][HAND][0] = f[5][REVEALED][0]
    refused_unchanged(encode(g, f))


def test_a_card_number_beyond_the_deck_is_refused():
    g = sample()
    f = decode(g, saved(g))
    f[5][HAND][0] = 40
    refused_unchanged(encode(g, f))


def test_tokens_beyond_five_or_outside_mezclado_are_refused():
    g = sample(MEZCLADO)
    f = decode(g, saved(g))
    f[1] = 6
    refused_unchanged(encode(g, f), MEZCLADO)
    g = sample()
    f = decode(g, saved(g))
    f[1] = 1
    refused_unchanged(encode(g, f))


def _swap_into_space(g, f, space_card, other):
    # exchange a space card with a card of another pile (the sizes still add up)
    for pile in f[5]:
        for i, c in enumerate(pile):
            if c == space_card:
                pile[i] = other
            elif c == other:
                pile[i] = space_card


def test_a_space_out_of_sequence_is_refused():
    g = sample()
    f = decode(g, saved(g))
    s = next(p for p in range(SPACE, SLOT) if f[4][p] >= 2)
    pile = f[5][s]
    wrong_suit = (pile[1] + 10) % 40  # the same order in the next suit
    _swap_into_space(g, f, pile[1], wrong_suit)
    refused_unchanged(encode(g, f))


def test_pintados_a_space_in_one_suit_is_refused():
    g = sample(PINTADOS)
    f = decode(g, saved(g))
    s = next(p for p in range(SPACE, SLOT) if f[4][p] >= 2)
    pile = f[5][s]
    same_suit = pile[0] // 10 * 10 + 1  # the 2 of the suit of the space's 1
    _swap_into_space(g, f, pile[1], same_suit)
    refused_unchanged(encode(g, f), PINTADOS)


def test_4_ases_revelados_without_its_1_on_a_space_is_refused():
    g = sample(REVELADOS)
    f = decode(g, saved(g))
    f[5][SPACE][0], f[5][SPACE + 1][0] = f[5][SPACE + 1][0], f[5][SPACE][0]
    refused_unchanged(encode(g, f), REVELADOS)


def test_a_mark_outside_con_reserva_or_on_a_space_is_refused():
    g = sample()
    f = decode(g, saved(g))
    f[3][f[5][HAND][0]] = 1
    refused_unchanged(encode(g, f))
    g = sample(RESERVA)
    f = decode(g, saved(g))
    f[3][f[5][SPACE][0]] = 1
    refused_unchanged(encode(g, f), RESERVA)


def test_a_blocked_card_not_lying_on_a_card_of_its_rank_is_refused():
    g = sample(RESERVA)
    f = decode(g, saved(g))
    revealed = f[5][REVEALED]
    i = next(i for i in range(1, len(revealed)) if revealed[i] % 10 != revealed[i - 1] % 10)
    f[3][revealed[i]] = 1
    refused_unchanged(encode(g, f), RESERVA)
    f = decode(g, saved(g))
    f[3][revealed[0]] = 1  # the bottom card lies on nothing
    refused_unchanged(encode(g, f), RESERVA)


def test_progress_with_no_card_up_or_fewer_moves_than_cards_up_is_refused():
    g = Game(BASE)
    g.deal(3)
    f = decode(g, saved(g))
    f[2] = 1
    refused_unchanged(encode(g, f))
    g = sample()
    f = decode(g, saved(g))
    f[0] = 1
    refused_unchanged(encode(g, f))


def test_padding_bits_set_are_refused():
    g = sample()
    for bit in range(4):  # 328 bits in 42 bytes: the last 8 are padding
        bad = bytearray(saved(g))
        bad[-1] |= 1 << bit
        refused_unchanged(bad)


def test_mezclado_marks_its_keyed_shuffles_in_the_last_bit_and_no_other_variant_does():
    for v, prof in VARIANT_PROFILES:
        assert saved(sample(v, prof))[-1] == (0x80 if v == MEZCLADO else 0), (v, prof)


def test_a_mezclado_snapshot_with_a_token_spent_and_no_keyed_bit_is_refused():
    # the former seeding's save (tests/test_cuatro_ases_old_saves.py has real ones)
    g = game_with(MEZCLADO, 0, lambda g: g.tokens < 5 and g.moves > 0)
    bad = saved(g)
    bad[-1] &= 0x7F
    refused_unchanged(bytes(bad), MEZCLADO)


def test_a_short_buffer_is_refused():
    refused_unchanged(bytes(saved(sample()))[:-1])


def test_a_snapshot_of_another_variant_is_refused():
    refused_unchanged(bytes(saved(sample(RESERVA))), BASE)
    refused_unchanged(bytes(saved(sample(PINTADOS))), BASE)
    refused_unchanged(bytes(saved(sample(BASE))), REVELADOS)


# ---- MicroPython -----------------------------------------------------------------------------

CASES = ((BASE, 0), (RESERVA, 0), (MEZCLADO, 0), (MEZCLADO, 1), (PINTADOS, 0))
MPY = """
from engine.cuatro_ases import Game
from engine.game import PLAYING
for v, prof in %r:
    g = Game(v, prof)
    g.deal(7)
    while g.status() == PLAYING and g.moves < 150:
        g.apply(g.hint())
    buf = bytearray(Game.SNAPSHOT_SIZE)
    n = g.save_into(buf)
    h = Game(v, prof)
    h.deal(7)
    ok = h.load_from(buf)
    buf2 = bytearray(n)
    h.save_into(buf2)
    print(v, prof, n, ok, h.moves, h.tokens, h.status(), buf2 == buf, buf.hex())
""" % (CASES,)


def test_a_snapshot_under_micropython_is_the_same_bytes_as_on_cpython():
    out = run_micropython(MPY, dirs=("engine",)).strip().splitlines()
    expected = []
    for v, prof in CASES:
        g = Game(v, prof)
        g.deal(7)
        while g.status() == PLAYING and g.moves < 150:
            g.apply(g.hint())
        expected.append("%d %d %d True %d %d %d True %s" % (
            v, prof, SIZE, g.moves, g.tokens, g.status(), saved(g).hex()))
    assert out == expected
