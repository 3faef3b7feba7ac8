# Position snapshots (Game.save_into / load_from, engine/game.py), what resume after power-off
# rests on: a round trip gives back the same game in every mode and profile, the snapshot fits
# its size, and damaged data is refused without touching the game. Also the same bytes and
# position under MicroPython.
import array

import pytest
from hypothesis import given, settings, strategies as st

from engine import pack
from engine.game import LOST, MAX_MOVES, NO_MOVE, PLAYING, WON
from engine.terrace import FOUNDATION, MODES, RESERVE, STOCK, TABLEAU, WASTE, Game, VARIANTS
from sim.mpy import run_micropython

from tests.test_terrace_properties import play

MODE_PROFILES = [(v, p) for v in range(len(VARIANTS)) for p in (0, 1)]
numbers = st.integers(1, 2 ** 30 - 1)
choices = st.lists(st.integers(0, 10 ** 6), min_size=0, max_size=250)
SIZE = Game.SNAPSHOT_SIZE


def position(g):
    # everything a player could see or a rule could read
    buf = array.array("H", range(MAX_MOVES))
    n = g.legal_moves(buf)
    return (tuple(bytes(g.card(p, i) for i in range(g.count(p))) for p in range(g.pile_count)),
            g.base, g.locked, g.redeals_left, g.second_pass(), g.moves, g.status(), g.score(),
            tuple(buf[:n]), g.hint())


def whole_state(g):
    # position plus the bookkeeping load_from must not touch when it refuses
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

@pytest.mark.parametrize("v,prof", MODE_PROFILES)
@settings(max_examples=8, deadline=None)
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
    # play goes on the same from both, and undo comes back to the loaded position
    at_load = position(h)
    for _ in range(3):
        m = g.hint()
        if m == NO_MOVE:
            break
        assert g.apply(m) and h.apply(m)
        assert position(h) == position(g)
    while h.undo():
        pass
    assert position(h) == at_load


@pytest.mark.parametrize("v,prof", MODE_PROFILES)
def test_a_game_played_to_its_end_by_the_hint_round_trips_won_or_lost(v, prof):
    g = Game(v, prof)
    g.deal(7)
    while g.status() == PLAYING:
        assert g.apply(g.hint())
    assert g.status() in (WON, LOST)
    h = Game(v, prof)
    h.deal(7)
    assert h.load_from(saved(g))
    assert position(h) == position(g) and h.status() == g.status()


@pytest.mark.parametrize("v", [v for v in range(len(VARIANTS)) if MODES[v][3]])
def test_a_pick_base_deal_before_the_base_is_chosen_round_trips(v):
    g = Game(v, 0)
    g.deal(12345)
    assert g.base == 0
    h = Game(v, 0)
    h.deal(1)
    assert h.load_from(saved(g))
    assert position(h) == position(g) and h.base == 0


def test_general_patience_second_pass_round_trips():
    g = Game(1, 0)
    for number in range(1, 200):
        g.deal(number)
        while g.status() == PLAYING and not g.second_pass():
            assert g.apply(g.hint())
        if g.second_pass() and g.status() == PLAYING:
            break
    assert g.second_pass() and g.redeals_left == 0
    h = Game(1, 0)
    h.deal(g.number)
    assert h.load_from(saved(g))
    assert position(h) == position(g) and h.second_pass()


def test_a_locked_stock_round_trips():
    # Terrace: a deal while a space is open locks the stock
    g = Game(0, 0)
    for number in range(1, 400):
        g.deal(number)
        while g.status() == PLAYING and not g.locked:
            assert g.apply(g.hint())
        if g.locked:
            break
    assert g.locked
    h = Game(0, 0)
    h.deal(g.number)
    assert h.load_from(saved(g))
    assert h.locked and position(h) == position(g)


def test_save_and_load_use_the_offset_and_touch_nothing_around_it():
    g = played(3, 1, 99, list(range(40)))
    buf = bytearray(b"\xaa" * (7 + SIZE + 5))
    assert g.save_into(buf, 7) == SIZE
    assert buf[:7] == b"\xaa" * 7 and buf[7 + SIZE:] == b"\xaa" * 5
    h = Game(3, 1)
    h.deal(99)
    assert h.load_from(bytes(buf), 7)
    assert position(h) == position(g)


def test_the_version_changes_with_every_change_of_position_only():
    g = Game(0, 0)
    g.deal(7)
    seen = {g.version}
    assert not g.apply(0)  # refused: nothing changed
    assert g.version in seen
    assert g.apply(g.hint())
    assert g.version not in seen
    seen.add(g.version)
    assert g.undo()
    assert g.version not in seen
    seen.add(g.version)
    assert not g.undo()
    assert g.version in seen
    snap = saved(g)
    assert g.load_from(snap)
    assert g.version not in seen


# ---- size ------------------------------------------------------------------------------------

@pytest.mark.parametrize("v", range(len(VARIANTS)))
def test_the_snapshot_of_every_mode_fits_its_size_and_the_save_memory(v):
    g = Game(v, 0)
    g.deal(1)
    bits = 16 + 1 + 1 + pack.piles_bits(g.piles, 7, 104)
    assert (bits + 7) // 8 <= SIZE
    # 256-byte NVM: 4 header + 16 stats slots of 7 + the save header leave about 110 bytes
    assert SIZE <= 110


# ---- damaged data ----------------------------------------------------------------------------

def _decode(g, buf):
    # the snapshot's fields, for tests that write a bad one on purpose
    bits = pack.Bits(buf)
    moves, locked, redeals = bits.get(16), bits.get(1), bits.get(1)
    widths = [pack.width(c) for c in g.piles.capacity]
    sizes = [bits.get(w) for w in widths]
    piles = [[bits.get(7) for _ in range(n)] for n in sizes]
    return [moves, locked, redeals, sizes, piles]


def _encode(g, fields):
    moves, locked, redeals, sizes, piles = fields
    buf = bytearray(SIZE + 8)
    bits = pack.Bits(buf)
    bits.put(moves, 16)
    bits.put(locked, 1)
    bits.put(redeals, 1)
    for p, n in enumerate(sizes):
        bits.put(n, pack.width(g.piles.capacity[p]))
    for pile in piles:
        for c in pile:
            bits.put(c, 7)
    return bytes(buf[:SIZE])


def _refused_unchanged(data, v=0, prof=0):
    # load data into a game in the middle of play; it must be refused and change nothing
    g = played(v, prof, 4321, list(range(30)))
    before = whole_state(g)
    assert not g.load_from(data)
    assert whole_state(g) == before
    return g


@pytest.fixture
def sample():
    g = played(0, 0, 7, [1] * 60)
    assert g.status() == PLAYING
    return g


def test_the_test_codec_reads_back_a_real_snapshot(sample):
    assert _encode(sample, _decode(sample, saved(sample))) == bytes(saved(sample))


def test_any_bit_flipped_in_the_piles_is_refused_and_the_game_is_unchanged(sample):
    data = bytes(saved(sample))
    g = played(0, 0, 4321, list(range(30)))
    before = whole_state(g)
    for bit in range(18, SIZE * 8):  # after moves (16 bits), locked and redeals left
        bad = bytearray(data)
        bad[bit >> 3] ^= 1 << (bit & 7)
        assert not g.load_from(bad), bit
    assert whole_state(g) == before


@pytest.mark.parametrize("byte", range(2, SIZE, 7))
def test_a_byte_flipped_is_refused(sample, byte):
    bad = bytearray(saved(sample))
    bad[byte] ^= 0xFF
    _refused_unchanged(bad)


def test_a_duplicate_card_is_refused(sample):
    f = _decode(sample, saved(sample))
    piles = f[4]
    piles[STOCK][0] = piles[RESERVE][0]  # one card twice, one missing; sizes still add up
    _refused_unchanged(_encode(sample, f))


def test_a_card_number_beyond_the_deck_is_refused(sample):
    f = _decode(sample, saved(sample))
    f[4][STOCK][0] = 104
    _refused_unchanged(_encode(sample, f))


def test_a_pile_over_its_capacity_is_refused(sample):
    f = _decode(sample, saved(sample))
    sizes, piles = f[3], f[4]
    # 14 cards on a tableau pile (capacity 13), taken from the stock so the sizes add up to 104
    t = TABLEAU
    need = 14 - sizes[t]
    piles[t] = piles[t] + piles[STOCK][:need]
    piles[STOCK] = piles[STOCK][need:]
    sizes[t] = 14
    sizes[STOCK] -= need
    _refused_unchanged(_encode(sample, f))


def test_sizes_that_do_not_add_up_to_the_deck_are_refused(sample):
    f = _decode(sample, saved(sample))
    f[3][STOCK] -= 1
    f[4][STOCK] = f[4][STOCK][:-1]
    _refused_unchanged(_encode(sample, f))


def test_redeals_left_beyond_the_mode_are_refused(sample):
    f = _decode(sample, saved(sample))
    f[2] = 1  # Terrace has no redeal
    _refused_unchanged(_encode(sample, f))


def test_a_locked_stock_with_no_space_open_is_refused(sample):
    f = _decode(sample, saved(sample))
    assert all(f[3][t] for t in range(TABLEAU, sample.pile_count))  # no space in the sample
    f[1] = 1
    _refused_unchanged(_encode(sample, f))


def test_a_foundation_out_of_sequence_is_refused(sample):
    f = _decode(sample, saved(sample))
    found = next(p for p in range(FOUNDATION, TABLEAU) if f[3][p] >= 2)
    pile = f[4][found]
    pile[0], pile[1] = pile[1], pile[0]
    _refused_unchanged(_encode(sample, f))


def test_a_tableau_pile_that_is_not_a_run_is_refused(sample):
    f = _decode(sample, saved(sample))
    t = TABLEAU + 1
    # put the stock's bottom card on a tableau pile unless it happens to fit there
    c = f[4][STOCK][0]
    top = f[4][t][-1]
    assert not (c % 13 == (top % 13 - 1) % 13 and (c // 13) & 1 != (top // 13) & 1)
    f[4][STOCK] = f[4][STOCK][1:]
    f[3][STOCK] -= 1
    f[4][t] = f[4][t] + [c]
    f[3][t] += 1
    _refused_unchanged(_encode(sample, f))


def test_an_empty_waste_over_a_stock_is_refused(sample):
    f = _decode(sample, saved(sample))
    assert f[3][WASTE] and f[3][STOCK]
    f[4][STOCK] = f[4][STOCK] + f[4][WASTE]
    f[3][STOCK] += f[3][WASTE]
    f[4][WASTE] = []
    f[3][WASTE] = 0
    _refused_unchanged(_encode(sample, f))


def test_padding_bits_set_are_refused():
    # Redheads needs 829 bits: the last 3 bits of the 104 bytes are padding (Terrace has none)
    g = played(4, 0, 5, list(range(20)))
    for bit in (5, 6, 7):
        bad = bytearray(saved(g))
        bad[-1] |= 1 << bit
        _refused_unchanged(bad, v=4)


def test_a_short_buffer_is_refused(sample):
    _refused_unchanged(bytes(saved(sample))[:-1])


def test_a_snapshot_of_another_mode_is_refused():
    # Redheads has 8 tableau piles and a reserve of 21: its bytes are no Terrace position
    g = played(4, 0, 5, list(range(20)))
    _refused_unchanged(bytes(saved(g)), v=0)


# ---- MicroPython -----------------------------------------------------------------------------

MPY = """
from engine.terrace import Game
from engine.game import PLAYING
for v, prof in ((0, 0), (1, 0), (4, 1)):
    g = Game(v, prof)
    g.deal(7)
    while g.status() == PLAYING and g.moves < 150:
        g.apply(g.hint())
    buf = bytearray(Game.SNAPSHOT_SIZE)
    n = g.save_into(buf)
    h = Game(v, prof)
    h.deal(7)
    ok = h.load_from(buf)
    same = all(h.count(p) == g.count(p) and all(h.card(p, i) == g.card(p, i) for i in range(g.count(p)))
               for p in range(g.pile_count))
    buf2 = bytearray(n)
    h.save_into(buf2)
    bad = bytearray(buf)
    bad[50] ^= 4
    print(v, prof, n, ok, same, h.can_undo(), h.moves, h.status(), buf2 == buf, h.load_from(bad), buf.hex())
"""


def test_a_snapshot_under_micropython_is_the_same_bytes_and_position_as_on_cpython():
    out = run_micropython(MPY, dirs=("engine",)).strip().splitlines()
    expected = []
    for v, prof in ((0, 0), (1, 0), (4, 1)):
        g = Game(v, prof)
        g.deal(7)
        while g.status() == PLAYING and g.moves < 150:
            g.apply(g.hint())
        buf = saved(g)
        expected.append("%d %d %d True True False %d %d True False %s" % (
            v, prof, SIZE, g.moves, g.status(), buf.hex()))
    assert out == expected
