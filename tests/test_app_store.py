# The NVM save store (solitaire.store) on a fake nvm: layout, checksums per record, a damaged
# record reset on its own, writes only when something changed.
import pytest

from solitaire.store import HEADER, SAVE_HEAD, SLOT, Store


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
    assert s.slots == 16 and s.move_cap == 256 - 4 - 16 * SLOT - SAVE_HEAD


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


def test_saved_game_round_trip():
    nvm = Nvm()
    s, _ = opened(nvm)
    moves = bytes([0, 3, 1, 7, 2])
    s.save_game(0, 4, 1, 1, 0, 123456789, moves, len(moves), 5, 17)
    s2, msgs = opened(nvm)
    assert msgs == []
    assert s2.saved() == (0, 4, 1, 1, 0, 123456789, 5, False, 17)
    assert bytes(s2.saved_moves()) == moves


def test_largest_deal_number_fits():
    s, _ = opened(Nvm())
    s.save_game(0, 0, 0, 0, 0, 2**30 - 1, b"", 0, 0, 0)
    assert s.saved()[5] == 2**30 - 1


def test_a_long_game_is_saved_truncated():
    s, _ = opened(Nvm())
    moves = bytes(i % 200 for i in range(300))
    s.save_game(0, 0, 0, 0, 0, 5, moves, len(moves), 300, 60)
    saved = s.saved()
    assert saved[6] == 300 and saved[7] is True
    assert bytes(s.saved_moves()) == moves[: s.move_cap]


def test_damaged_stats_record_is_reset_alone():
    nvm = Nvm()
    s, _ = opened(nvm)
    s.record_result(0, 0, 0, True, 104)
    s.record_result(0, 1, 0, False, 30)
    s.save_game(0, 1, 0, 0, 0, 99, b"\x01\x02", 2, 2, 3)
    nvm.data[4 + SLOT + 1] ^= 0x55  # played count of the second slot
    s2, msgs = opened(nvm)
    assert len(msgs) == 1 and "Statistics" in msgs[0]
    assert s2.stats(0, 0, 0) == (1, 1, 104)
    assert s2.stats(0, 1, 0) == (0, 0, 0)
    assert s2.saved() == (0, 1, 0, 0, 0, 99, 2, False, 3)
    assert opened(nvm)[1] == []  # repaired: no message next time


def test_damaged_saved_game_is_removed_and_stats_kept():
    nvm = Nvm()
    s, _ = opened(nvm)
    s.record_result(0, 2, 1, False, 9)
    s.save_game(0, 2, 1, 0, 0, 42, b"\x00\x01\x02", 3, 3, 1)
    nvm.data[s.save_at + SAVE_HEAD + 1] ^= 0xFF  # a move byte
    s2, msgs = opened(nvm)
    assert msgs == ["The saved game was damaged and has been removed."]
    assert s2.saved() is None and s2.stats(0, 2, 1) == (1, 0, 9)


def test_unchanged_data_is_not_written_again():
    nvm = Nvm()
    s, _ = opened(nvm)
    s.save_game(0, 0, 0, 0, 0, 7, b"\x01", 1, 1, 0)
    n = nvm.writes
    s.save_game(0, 0, 0, 0, 0, 7, b"\x01", 1, 1, 0)
    assert nvm.writes == n
    s.save_game(0, 0, 0, 0, 0, 7, b"\x01\x02", 2, 2, 0)
    assert nvm.writes == n + 1  # one write, of the bytes that differ only


def test_big_nvm_holds_more_moves_and_more_stats():
    s, _ = opened(Nvm(4096))
    assert s.slots == 64 and s.move_cap == 2048


@pytest.mark.parametrize("nvm", [None, Nvm(16)])
def test_no_or_tiny_nvm_means_no_saves_and_no_crash(nvm):
    s, msgs = opened(nvm)
    assert not s.ok and msgs == []
    s.record_result(0, 0, 0, True, 1)
    s.save_game(0, 0, 0, 0, 0, 1, b"", 0, 0, 0)
    s.clear_save()
    assert s.saved() is None and s.stats(0, 0, 0) == (0, 0, 0)


def test_a_lost_game_won_after_undo_adds_the_win_not_a_game():
    s, _ = opened(Nvm())
    s.record_result(0, 0, 0, False, 60)
    s.record_result(0, 0, 0, True, 104, new_game=False)
    assert s.stats(0, 0, 0) == (1, 1, 104)
