# The NVM save store (solitaire.store) on a fake nvm: layout, checksums per record, a damaged
# record reset on its own, writes only when something changed, an upgrade keeps the statistics.
import pytest

from engine.terrace import Game
from solitaire.store import HEADER, SAVE_HEAD, SLOT, VERSION, Store


class Nvm:
    # microcontroller.nvm: fixed size, erased to 0xFF; counts writes like the flash would erase
    def __init__(self, size=256, data=None):
        self.data = bytearray(data if data is not None else b"\xff" * size)
        self.writes = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            assert len(self.data[i]) == len(v), "nvm slices can't change size"
        self.data[i] = v
        self.writes += 1


def opened(nvm):
    s = Store(nvm)
    return s, s.open()


def test_blank_nvm_is_formatted_quietly():
    nvm = Nvm()
    s, msgs = opened(nvm)
    assert msgs == [] and bytes(nvm.data[:4]) == HEADER
    assert s.saved() is None and s.stats(0, 0, 0) == (0, 0, 0)
    assert s.slots == 16 and s.snap_cap == 256 - 4 - 16 * SLOT - SAVE_HEAD


def test_a_terrace_snapshot_fits_a_256_byte_nvm_with_every_stats_slot():
    s, _ = opened(Nvm())
    assert s.save_at == 4 + 16 * SLOT
    assert Game.SNAPSHOT_SIZE <= s.snap_cap
    assert s.save_at + SAVE_HEAD + Game.SNAPSHOT_SIZE <= 256


def test_foreign_data_is_reset_with_a_message():
    nvm = Nvm(data=bytes(range(256)))
    s, msgs = opened(nvm)
    assert len(msgs) == 1 and "reset" in msgs[0]
    assert s.saved() is None


def test_stats_count_played_won_and_best_per_mode_and_profile():
    s, _ = opened(Nvm())
    s.record_result(0, 3, 0, False, 40)
    s.record_result(0, 3, 0, True, 104)
    s.record_result(0, 3, 0, False, 12)
    s.record_result(0, 3, 1, False, 5)
    assert s.stats(0, 3, 0) == (3, 1, 104)
    assert s.stats(0, 3, 1) == (1, 0, 5)
    assert s.stats(0, 2, 0) == (0, 0, 0)


def test_stats_survive_a_restart():
    nvm = Nvm()
    s, _ = opened(nvm)
    s.record_result(0, 1, 1, True, 104)
    s2, msgs = opened(nvm)
    assert msgs == [] and s2.stats(0, 1, 1) == (1, 1, 104)


def test_full_stats_table_reuses_the_least_played_slot():
    s, _ = opened(Nvm())
    for v in range(16):
        for _ in range(2 if v else 1):
            s.record_result(v // 8, v % 8, 0, False, v)
    s.record_result(3, 0, 1, True, 7)  # a 17th mode
    assert s.stats(3, 0, 1) == (1, 1, 7)
    assert s.stats(0, 0, 0) == (0, 0, 0)  # the least played one went
    assert s.stats(0, 1, 0) == (2, 0, 1)


def snapshot(n=104, seed=1):
    return bytes((i * 37 + seed) & 255 for i in range(n))


def test_saved_game_round_trip():
    nvm = Nvm()
    s, _ = opened(nvm)
    snap = snapshot()
    assert s.save_game(0, 4, 1, 1, 0, 123456789, 250, 17, snap, len(snap))
    s2, msgs = opened(nvm)
    assert msgs == []
    assert s2.saved() == (0, 4, 1, 1, 0, 123456789, 250, 17)
    assert s2.saved_snapshot() == snap


def test_largest_deal_number_and_move_count_fit():
    s, _ = opened(Nvm())
    s.save_game(0, 0, 0, 0, 0, 2**30 - 1, 70000, 0, b"", 0)
    assert s.saved()[5] == 2**30 - 1 and s.saved()[6] == 0xFFFF


def test_a_snapshot_too_big_for_the_save_area_is_not_saved_and_the_old_save_goes():
    s, _ = opened(Nvm())
    assert s.save_game(0, 0, 0, 0, 0, 5, 3, 1, snapshot(), 104)
    big = snapshot(s.snap_cap + 1)
    assert not s.save_game(0, 0, 0, 0, 0, 6, 4, 1, big, len(big))
    assert s.saved() is None  # never resume an older position in place of the current game


def test_only_the_first_size_bytes_of_the_buffer_are_saved():
    s, _ = opened(Nvm())
    buf = bytearray(snapshot(120))
    s.save_game(0, 0, 0, 0, 0, 5, 3, 1, buf, 100)
    assert s.saved_snapshot() == bytes(buf[:100])


def test_damaged_stats_record_is_reset_alone():
    nvm = Nvm()
    s, _ = opened(nvm)
    s.record_result(0, 0, 0, True, 104)
    s.record_result(0, 1, 0, False, 30)
    s.save_game(0, 1, 0, 0, 0, 99, 2, 3, snapshot(), 104)
    nvm.data[4 + SLOT + 1] ^= 0x55  # played count of the second slot
    s2, msgs = opened(nvm)
    assert len(msgs) == 1 and "Statistics" in msgs[0]
    assert s2.stats(0, 0, 0) == (1, 1, 104)
    assert s2.stats(0, 1, 0) == (0, 0, 0)
    assert s2.saved() == (0, 1, 0, 0, 0, 99, 2, 3) and s2.saved_snapshot() == snapshot()
    assert opened(nvm)[1] == []  # repaired: no message next time


def test_damaged_saved_game_is_removed_and_stats_kept():
    nvm = Nvm()
    s, _ = opened(nvm)
    s.record_result(0, 2, 1, False, 9)
    s.save_game(0, 2, 1, 0, 0, 42, 3, 1, snapshot(), 104)
    nvm.data[s.save_at + SAVE_HEAD + 1] ^= 0xFF  # a snapshot byte
    s2, msgs = opened(nvm)
    assert msgs == ["The saved game was damaged and has been removed."]
    assert s2.saved() is None and s2.stats(0, 2, 1) == (1, 0, 9)


@pytest.mark.parametrize("at", [1, 6, 10, 12, 13, 14, 15, SAVE_HEAD + 103])
def test_any_damaged_byte_of_the_saved_game_removes_it(at):
    nvm = Nvm()
    s, _ = opened(nvm)
    s.save_game(0, 2, 1, 0, 0, 42, 3, 1, snapshot(), 104)
    nvm.data[s.save_at + at] ^= 0x21
    s2, msgs = opened(nvm)
    assert msgs == ["The saved game was damaged and has been removed."] and s2.saved() is None


def _version1(nvm, s, with_save=True):
    # what VERSION 1 left: its header, the same stats slots, a save holding a move list
    nvm.data[0:4] = b"SOL\x01"
    if with_save:
        at = s.save_at
        rec = bytearray(17 + 5)
        rec[0:17] = bytes((0x47, 0, 3, 0, 1, 0, 7, 0, 0, 0, 5, 0, 5, 0, 2, 0x12, 0x34))
        rec[17:] = b"\x00\x01\x02\x00\x01"
        nvm.data[at:at + len(rec)] = rec


@pytest.mark.parametrize("with_save", [True, False])
def test_an_nvm_written_by_version_1_keeps_its_statistics_and_drops_only_the_save(with_save):
    assert VERSION == 2
    nvm = Nvm()
    s, _ = opened(nvm)
    s.record_result(0, 0, 0, True, 104)
    s.record_result(0, 3, 1, False, 12)
    s.record_result(0, 3, 1, False, 30)
    _version1(nvm, s, with_save)
    s2, msgs = opened(nvm)
    if with_save:
        assert msgs == ["The saved game was made by an older version and has been removed."]
    else:
        assert msgs == []  # nothing the player loses: a quiet upgrade
    assert bytes(nvm.data[:4]) == HEADER
    assert s2.saved() is None
    assert s2.stats(0, 0, 0) == (1, 1, 104) and s2.stats(0, 3, 1) == (2, 0, 30)
    s3, msgs = opened(nvm)
    assert msgs == [] and s3.stats(0, 3, 1) == (2, 0, 30)


def test_an_nvm_from_a_newer_version_is_reset_with_a_message():
    nvm = Nvm()
    s, _ = opened(nvm)
    s.record_result(0, 0, 0, True, 104)
    nvm.data[3] = VERSION + 1
    s2, msgs = opened(nvm)
    assert len(msgs) == 1 and "reset" in msgs[0] and s2.stats(0, 0, 0) == (0, 0, 0)


def test_unchanged_data_is_not_written_again():
    nvm = Nvm()
    s, _ = opened(nvm)
    snap = bytearray(snapshot())
    s.save_game(0, 0, 0, 0, 0, 7, 1, 0, snap, 104)
    n = nvm.writes
    s.save_game(0, 0, 0, 0, 0, 7, 1, 0, snap, 104)
    assert nvm.writes == n
    snap[50] ^= 1
    s.save_game(0, 0, 0, 0, 0, 7, 2, 0, snap, 104)
    assert nvm.writes == n + 1  # one write, of the bytes that differ only


def test_big_nvm_holds_more_stats_and_a_snapshot_of_up_to_255_bytes():
    s, _ = opened(Nvm(4096))
    assert s.slots == 64 and s.snap_cap == 255


@pytest.mark.parametrize("nvm", [None, Nvm(16)])
def test_no_or_tiny_nvm_means_no_saves_and_no_crash(nvm):
    s, msgs = opened(nvm)
    assert not s.ok and msgs == []
    s.record_result(0, 0, 0, True, 1)
    assert not s.save_game(0, 0, 0, 0, 0, 1, 0, 0, b"", 0)
    s.clear_save()
    assert s.saved() is None and s.stats(0, 0, 0) == (0, 0, 0)


def test_a_lost_game_won_after_undo_adds_the_win_not_a_game():
    s, _ = opened(Nvm())
    s.record_result(0, 0, 0, False, 60)
    s.record_result(0, 0, 0, True, 104, new_game=False)
    assert s.stats(0, 0, 0) == (1, 1, 104)
