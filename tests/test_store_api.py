# The save store's API (solitaire.store), behaviour by behaviour: layouts per NVM size, one NVM
# write per event, statistics per mode, game ids (a finished game is never resumed or counted
# twice), the saved game and its payload, options, other programs' data left alone, no NVM.
import pytest

from solitaire.store import FOREIGN, NONE, OURS, Store
from tests.test_store_harness import LogNvm, cut_images, opened, quick_crc  # noqa: F401

EMPTY = "Save memory is blank: no saved games yet."


def fresh(size=8192):
    nvm = LogNvm(b"\xff" * size)
    s, msgs = opened(nvm)
    return s, nvm


def reopened(s):
    return opened(bytearray(s.nvm))


# ---- layouts -------------------------------------------------------------------------------------

@pytest.mark.parametrize("size, copies, slots, capacity", [
    (8192, 2, 32, 844), (4096, 2, 32, 844), (256, 1, 4, 124)])
def test_layout_per_nvm_size(size, copies, slots, capacity):
    s, nvm = fresh(size)
    for n in range(3):  # the copies take turns
        s.options[0] = n + 1
        s.set_options()
        s.commit()
    assert len(set(at for at, _ in nvm.log)) == copies
    assert (len(s.keys), s.save_capacity) == (slots, capacity)
    assert s.size * copies <= size and len(s.img) == s.size
    # a Terrace snapshot (104 B) and its undo history's count always fit, with a move in it: the
    # app writes the history only when a move fits (Session.save), and a resume reads the count
    # that follows the snapshot
    assert capacity >= 104 + 2 + 4


NO_NVM = ("This board has no save memory the game can use (NVM missing or under 256 bytes):"
          " saving is off. Statistics and the game last until power-off.")


@pytest.mark.parametrize("nvm", [None, bytearray(255), bytearray(16), 42])
def test_no_nvm_or_one_too_small_means_state_none_and_everything_works_in_ram(nvm):
    s = Store(nvm)
    assert s.open() == [NO_NVM] and s.state == NONE and not s.saving
    gid = s.new_game_id()
    assert s.save_game(0, 1, 0, 1, 77, 3, 9, gid, b"abc", 3)
    assert s.saved() == (0, 1, 0, 1, 77, 3, 9, gid) and bytes(s.saved_payload()) == b"abc"
    assert s.count_result(0, 1, 0, gid, True, 50, 60)
    assert s.stats(0, 1, 0) == (1, 1, 50, 1, 1, 60, 0) and s.saved() is None
    s.options[2] = 7
    s.set_options()
    assert not s.commit() and s.writes == 0
    assert s.save_capacity >= 104


def test_blank_nvm_is_reported_as_empty_and_not_written_until_a_commit():
    s, nvm = fresh()
    assert reopened(s)[1] == [EMPTY]
    assert s.state == OURS and s.saving and nvm.log == []
    assert s.commit() and len(nvm.log) == 1  # the first commit formats it
    assert reopened(s)[1] == []


# ---- one write per event ---------------------------------------------------------------------------

def test_each_commit_is_one_slice_assignment_alternating_between_the_two_copies():
    s, nvm = fresh()
    for n in range(5):
        s.options[0] = n + 1
        s.set_options()
        assert s.commit()
    assert [at for at, _ in nvm.log] == [0, 1536, 0, 1536, 0]
    assert all(len(data) == 1536 for _, data in nvm.log) and s.writes == 5


def test_the_256_byte_layout_writes_its_one_copy_in_place():
    s, nvm = fresh(256)
    for n in range(3):
        s.options[0] = n + 1
        s.set_options()
        assert s.commit()
    assert [(at, len(data)) for at, data in nvm.log] == [(0, 256)] * 3


def test_commit_with_nothing_staged_writes_nothing():
    s, nvm = fresh()
    s.commit()
    n = len(nvm.log)
    assert not s.commit()
    s.options[:] = s.options
    s.set_options()  # unchanged options
    s.clear_save()  # no save to clear
    gid = s.new_game_id()
    assert s.commit()  # a game id handed out is staged
    assert s.save_game(0, 0, 0, 0, 5, 0, 0, gid, b"xyz", 3) and s.commit()
    assert s.save_game(0, 0, 0, 0, 5, 0, 0, gid, b"xyz", 3) and not s.commit()  # the same save
    assert len(nvm.log) == n + 2


def test_a_game_over_is_one_write_whatever_it_changes():
    s, nvm = fresh()
    gid = s.new_game_id()
    s.save_game(0, 2, 0, 1, 9, 10, 20, gid, bytes(300), 300)
    s.commit()
    n = len(nvm.log)
    s.count_result(0, 2, 0, gid, True, 104, 80)  # game over, won: counted and the save cleared
    s.clear_save()
    s.options[1] = 1
    s.set_options()
    assert s.commit() and len(nvm.log) == n + 1


def test_commit_never_raises_and_a_failed_write_is_retried_under_a_new_sequence_number():
    class Broken(LogNvm):
        fail = True

        def __setitem__(self, k, v):
            if self.fail:
                raise OSError(5, "EIO")
            super().__setitem__(k, v)

    nvm = Broken(b"\xff" * 8192)
    s, _ = opened(nvm)
    s.options[0] = 3
    s.set_options()
    assert not s.commit() and s.writes == 0 and s.dirty
    nvm.fail = False
    assert s.commit() and s.writes == 1
    got, msgs = opened(bytearray(nvm))
    assert msgs == [] and got.options[0] == 3 and got.seq == 2


# ---- statistics ---------------------------------------------------------------------------------------

def test_statistics_per_mode_played_won_best_streak_best_streak_fewest():
    s, _ = fresh()
    results = [(True, 90, 120), (True, 104, 100), (False, 30, 50), (True, 60, 140), (True, 70, 90)]
    for won, score, moves in results:
        assert s.count_result(0, 3, 1, s.new_game_id(), won, score, moves)
    assert s.stats(0, 3, 1) == (5, 4, 104, 2, 2, 90, 0)
    assert s.stats(0, 3, 0) == (0,) * 7  # another profile is another mode
    assert s.modes() == [(0, 3, 1)]
    s.commit()
    assert reopened(s)[0].stats(0, 3, 1) == (5, 4, 104, 2, 2, 90, 0)


def test_the_most_cards_left_in_the_stock_at_a_win_is_kept():
    # Solitario Solar's statistics (rules §6): a win with cards still in the stock is a quicker
    # rescue; a lost game ends with the stock empty (or resigned), so only wins count
    s, _ = fresh()
    for won, left in [(False, 20), (True, 5), (True, 15), (False, 30), (True, 9)]:
        assert s.count_result(2, 0, 1, s.new_game_id(), won, 4 if won else 2, 50, left)
    assert s.stats(2, 0, 1) == (5, 3, 4, 1, 2, 50, 15)
    s.commit()
    assert reopened(s)[0].stats(2, 0, 1)[6] == 15
    s.reset_stats(2, 0, 1)
    assert s.stats(2, 0, 1) == (0,) * 7
    gid = s.new_game_id()
    assert s.count_result(2, 0, 0, gid, False, 3, 40, 0)
    assert s.count_result(2, 0, 0, gid, True, 4, 44, 7)  # the loss undone and won after all
    assert s.stats(2, 0, 0)[6] == 7


def test_fewest_moves_counts_won_games_only():
    s, _ = fresh()
    s.count_result(1, 0, 0, s.new_game_id(), False, 10, 5)
    assert s.stats(1, 0, 0)[5] == 0
    s.count_result(1, 0, 0, s.new_game_id(), True, 10, 200)
    s.count_result(1, 0, 0, s.new_game_id(), False, 10, 7)
    assert s.stats(1, 0, 0)[5] == 200


def test_a_game_id_already_counted_for_the_mode_is_refused_and_changes_nothing():
    s, _ = fresh()
    gid = s.new_game_id()
    assert s.count_result(0, 0, 0, gid, False, 10, 10)
    before = bytes(s.img)
    assert not s.count_result(0, 0, 0, gid, False, 99, 10) and bytes(s.img) == before
    assert s.count_result(0, 0, 0, s.new_game_id(), True, 20, 30)
    before = bytes(s.img)
    last = s.stats(0, 0, 0)
    assert not s.count_result(0, 0, 0, s.next_id, True, 50, 10)  # a won game: never again
    assert not s.count_result(0, 0, 0, s.next_id, False, 50, 10)
    assert bytes(s.img) == before and s.stats(0, 0, 0) == last


def test_a_counted_loss_then_a_win_of_the_same_game_adds_the_win_without_a_second_game():
    s, _ = fresh()
    for _ in range(2):
        s.count_result(0, 5, 0, s.new_game_id(), True, 90, 100)
    gid = s.new_game_id()
    assert s.count_result(0, 5, 0, gid, False, 40, 60)
    assert s.stats(0, 5, 0) == (3, 2, 90, 0, 2, 100, 0)  # the loss broke the streak
    assert s.count_result(0, 5, 0, gid, True, 104, 80)  # undone and won after all
    assert s.stats(0, 5, 0) == (3, 3, 104, 3, 3, 80, 0)
    assert not s.count_result(0, 5, 0, gid, True, 104, 80)


def test_a_mode_key_out_of_range_is_refused():
    s, _ = fresh()
    gid = s.new_game_id()
    for key in [(8, 0, 0), (0, 16, 0), (0, 0, 4), (-1, 0, 0)]:
        assert not s.count_result(*key, gid, True, 1, 1)
        assert not s.save_game(*key, 0, 1, 0, 0, gid, b"", 0)
        assert s.stats(*key) == (0,) * 7
    assert not s.count_result(0, 0, 0, 0, True, 1, 1)  # game id 0 is no game
    assert not s.count_result(0, 0, 0, 0x10000, True, 1, 1)
    assert s.modes() == []


def test_moves_and_scores_are_capped_at_their_field_widths():
    s, _ = fresh()
    gid = s.new_game_id()
    s.count_result(0, 0, 0, gid, True, 70000, 90000, 70000)
    assert s.stats(0, 0, 0) == (1, 1, 0xFFFF, 1, 1, 0xFFFF, 0xFFFF)
    assert s.save_game(0, 0, 0, 0, 2 ** 30 - 1, 70000, -5, s.new_game_id(), b"", 0)
    assert s.saved()[4:7] == (2 ** 30 - 1, 0xFFFF, 0)
    assert not s.save_game(0, 0, 0, 0, 2 ** 30, 1, 1, s.new_game_id(), b"", 0)


def test_reset_one_mode_or_all_statistics():
    s, _ = fresh()
    for key in [(0, 0, 0), (0, 1, 0), (1, 3, 1)]:
        s.count_result(*key, s.new_game_id(), True, 50, 60, 3)
    s.reset_stats(0, 1, 0)
    assert s.stats(0, 1, 0) == (0,) * 7 and sorted(s.modes()) == [(0, 0, 0), (1, 3, 1)]
    s.commit()
    s.reset_stats()
    assert s.modes() == [] and s.stats(1, 3, 1) == (0,) * 7
    s.commit()
    got, msgs = reopened(s)
    assert msgs == [] and got.modes() == []


def test_a_full_statistics_table_gives_the_least_played_mode_s_slot_to_a_new_mode():
    s, _ = fresh(256)  # 4 slots
    for v in range(4):
        for _ in range(1 if v == 2 else 2):
            s.count_result(0, v, 0, s.new_game_id(), False, v, 10)
    s.count_result(1, 0, 0, s.new_game_id(), True, 7, 30)
    assert s.stats(1, 0, 0) == (1, 1, 7, 1, 1, 30, 0)
    assert s.stats(0, 2, 0) == (0,) * 7 and len(s.modes()) == 4


def test_a_reset_of_a_mode_that_can_t_exist_resets_nothing():
    s, _ = fresh()
    s.count_result(0, 0, 0, s.new_game_id(), True, 50, 60)
    s.reset_stats(8, 0, 0)
    assert s.stats(0, 0, 0)[:2] == (1, 1)


def test_a_full_table_never_gives_away_the_slot_that_counted_the_saved_game():
    s, _ = fresh(256)
    gid = s.new_game_id()
    s.save_game(0, 0, 0, 0, 1, 9, 9, gid, b"lost", 4)
    s.count_result(0, 0, 0, gid, False, 9, 9)  # lost: counted, still saved, not offered
    for v in range(1, 4):
        for _ in range(2):
            s.count_result(0, v, 0, s.new_game_id(), False, v, 10)
    s.count_result(1, 0, 0, s.new_game_id(), True, 7, 30)  # a 5th mode: a slot must go
    assert s.stats(0, 0, 0)[0] == 1 and s.saved() is None


# ---- game ids and the saved game -----------------------------------------------------------------------

def test_sequence_numbers_wrap_past_65535():
    s, nvm = fresh()
    s.seq = 0xFFFD
    for n in range(5):
        s.options[0] = n + 1
        s.set_options()
        assert s.commit()
        got, msgs = reopened(s)
        assert msgs == [] and got.options[0] == n + 1 and got.seq == s.seq
    assert s.seq == 2


def test_game_ids_run_1_to_65535_wrap_past_0_and_persist():
    s, _ = fresh()
    assert [s.new_game_id() for _ in range(3)] == [1, 2, 3]
    s.commit()
    got, _ = reopened(s)
    assert got.new_game_id() == 4
    got.next_id = 0xFFFE
    assert [got.new_game_id() for _ in range(3)] == [0xFFFF, 1, 2]


def test_a_new_game_id_skips_ids_counted_and_the_saved_game_s():
    s, _ = fresh()
    s.count_result(0, 0, 0, 5, False, 1, 1)
    s.save_game(0, 1, 0, 0, 1, 0, 0, 6, b"", 0)
    s.next_id = 4
    assert s.new_game_id() == 7


def test_saved_game_round_trip_with_its_payload():
    s, _ = fresh()
    gid = s.new_game_id()
    data = bytearray(range(256)) * 4
    n = s.save_capacity
    assert s.save_game(1, 3, 1, 0x81, 123456789, 250, 17, gid, data, n)
    s.commit()
    got, msgs = reopened(s)
    assert msgs == [] and got.saved() == (1, 3, 1, 0x81, 123456789, 250, 17, gid)
    assert bytes(got.saved_payload()) == bytes(data[:n])


def test_a_payload_written_in_place_saves_the_same_bytes_as_one_handed_over():
    data = bytes(range(256)) * 3 + bytes(50)
    a, _ = fresh()
    gid = a.new_game_id()
    assert a.save_game(0, 2, 1, 0, 4242, 30, 9, gid, data, len(data)) and a.commit()
    b, nvm = fresh()
    b.new_game_id()
    area = b.payload_area()
    assert len(area) == b.save_capacity
    area[:len(data)] = data
    assert b.save_game(0, 2, 1, 0, 4242, 30, 9, gid, None, len(data)) and b.commit()
    assert bytes(b.nvm) == bytes(a.nvm)
    assert not b.save_game(0, 2, 1, 0, 4242, 30, 9, gid, None, b.save_capacity + 1)


def test_a_save_bigger_than_the_capacity_is_refused_and_the_older_save_goes():
    s, _ = fresh()
    gid = s.new_game_id()
    assert s.save_game(0, 0, 0, 0, 5, 3, 1, gid, bytes(200), 200)
    big = bytes(s.save_capacity + 1)
    assert not s.save_game(0, 0, 0, 0, 5, 4, 1, gid, big, len(big))
    assert s.saved() is None and bytes(s.saved_payload()) == b""  # never an older position


def test_a_lost_game_counted_is_not_offered_for_resume():
    s, _ = fresh()
    gid = s.new_game_id()
    s.save_game(0, 4, 1, 0, 8, 40, 12, gid, b"pos", 3)
    s.count_result(0, 4, 1, gid, False, 12, 40)
    s.commit()
    assert s.saved() is None and reopened(s)[0].saved() is None
    s.reset_stats(0, 4, 1)  # a reset does not bring it back
    assert s.saved() is None
    other = s.new_game_id()
    s.save_game(0, 4, 1, 0, 9, 0, 0, other, b"new", 3)
    assert s.saved()[7] == other


def test_a_loss_taken_back_is_offered_when_its_save_says_so_until_that_game_is_won():
    # app_flags bit 0: the game was played on after its loss was counted (solitaire/app.py
    # save()). Such a save is offered though its id is counted, while that count is a loss
    s, _ = fresh()
    gid = s.new_game_id()
    assert s.count_result(0, 4, 1, gid, False, 12, 40)
    s.save_game(0, 4, 1, 0, 8, 41, 12, gid, b"pos", 3)  # (no bit: the counted game stays out)
    assert s.saved() is None
    s.save_game(0, 4, 1, 1, 8, 41, 12, gid, b"pos", 3)
    s.commit()
    assert s.saved() == (0, 4, 1, 1, 8, 41, 12, gid) and reopened(s)[0].saved() == s.saved()
    assert s.stats(0, 4, 1)[:2] == (1, 0)
    s.reset_stats(0, 4, 1)  # (a reset keeps the last id and its loss: still offered)
    assert s.saved() is not None
    assert s.count_result(0, 4, 1, gid, True, 30, 80)  # won after all: the same game
    assert s.saved() is None and s.stats(0, 4, 1)[:2] == (1, 1)
    assert not s.count_result(0, 4, 1, gid, False, 30, 80)  # and never counted again


def test_a_won_game_never_comes_back_whatever_byte_the_next_write_is_cut_at(quick_crc):
    s, _ = fresh()
    gid = s.new_game_id()
    s.save_game(0, 0, 0, 0, 3, 90, 40, gid, bytes(500), 500)
    s.commit()
    s.count_result(0, 0, 0, gid, True, 104, 90)
    s.clear_save()
    s.commit()
    before = bytes(s.nvm)
    s.options[0] = 9
    s.set_options()
    s.commit()
    for k, img in cut_images(before, s.nvm.log[-1], bytes(s.nvm), "byte"):
        got, msgs = opened(img)
        assert got.saved() is None and got.stats(0, 0, 0)[:2] == (1, 1), k


def test_clear_save_then_a_new_save_of_a_new_game():
    s, _ = fresh()
    a = s.new_game_id()
    s.save_game(0, 0, 0, 0, 3, 1, 1, a, b"a", 1)
    s.clear_save()
    assert s.saved() is None
    b = s.new_game_id()
    s.save_game(0, 0, 0, 0, 4, 0, 0, b, b"b", 1)
    s.commit()
    assert reopened(s)[0].saved()[7] == b != a


# ---- options ------------------------------------------------------------------------------------------------

def test_options_persist_when_set_options_marks_them():
    s, _ = fresh()
    assert isinstance(s.options, bytearray) and len(s.options) == 8
    s.options[:] = bytes(range(10, 18))
    s.set_options()
    s.commit()
    assert bytes(reopened(s)[0].options) == bytes(range(10, 18))
    s.options[0] = 99  # not marked: not staged
    assert not s.commit()


# ---- other programs' data -------------------------------------------------------------------------

OTHER = bytes((i * 31 + 7) & 255 for i in range(8192))


@pytest.mark.parametrize("size", [8192, 4096, 256])
def test_other_programs_data_is_unchanged_after_open_and_any_number_of_commits(size):
    nvm = LogNvm(OTHER[:size])
    s, msgs = opened(nvm)
    assert s.state == FOREIGN and not s.saving
    assert msgs == ["Save memory holds other data: saves are off until you let this game erase it."]
    for n in range(20):
        gid = s.new_game_id()
        s.save_game(0, 0, 0, 0, n + 1, n, n, gid, bytes(50), 50)
        s.count_result(0, 0, 0, gid, n % 2 == 0, n, n + 1)
        s.options[0] = n
        s.set_options()
        assert not s.commit()
    assert nvm.log == [] and bytes(nvm) == OTHER[:size] and s.writes == 0
    assert s.stats(0, 0, 0)[:2] == (20, 10)  # kept in RAM meanwhile


@pytest.mark.parametrize("size", [8192, 4096, 256])
def test_adopt_formats_the_other_data_in_one_write_keeping_what_was_played_meanwhile(size):
    nvm = LogNvm(OTHER[:size])
    s, _ = opened(nvm)
    s.count_result(0, 3, 0, s.new_game_id(), True, 100, 120)
    assert s.adopt() and s.state == OURS and s.saving and len(nvm.log) == 1
    assert not s.adopt()  # only FOREIGN data is adopted
    got, msgs = reopened(s)
    assert msgs == [] and got.stats(0, 3, 0)[:2] == (1, 1)
    s.options[0] = 1
    s.set_options()
    s.commit()  # the second copy's area: the other data is gone from it too
    got, msgs = reopened(s)
    assert msgs == [] and got.stats(0, 3, 0)[:2] == (1, 1)
    area = s.size * (2 if size > 256 else 1)
    assert bytes(nvm[:area]) != OTHER[:area] and bytes(nvm[area:]) == OTHER[area:size]


def test_blank_check_covers_every_byte_the_store_writes():
    nvm = bytearray(b"\xff" * 8192)
    nvm[3071] = 0  # the last byte of copy B
    s, msgs = opened(nvm)
    assert s.state == FOREIGN
    nvm[3071] = 0xFF
    nvm[3072] = 0  # past the store's area: not the store's business
    s, msgs = opened(nvm)
    assert s.state == OURS and msgs == [EMPTY]


def test_the_previous_version_s_save_memory_is_named_and_left_alone_until_adopted():
    nvm = bytearray(b"\xff" * 8192)
    nvm[0:11] = b"SOL\x02" + bytes((0x20, 3, 0, 1, 0, 104, 0x5A))
    s, msgs = opened(nvm)
    assert s.state == FOREIGN and "older version" in msgs[0]


def test_the_image_is_allocated_once_and_reads_come_from_it():
    s, nvm = fresh()
    img = s.img
    gid = s.new_game_id()
    s.save_game(0, 0, 0, 0, 1, 1, 1, gid, bytes(100), 100)
    s.count_result(0, 0, 0, gid, True, 1, 1)
    s.commit()
    nvm[0:8192] = b"\x00" * 8192  # NVM is not read again after open()
    assert s.img is img and s.stats(0, 0, 0)[:2] == (1, 1)


# ---- what stays loaded ------------------------------------------------------------------------------

def test_open_and_adopt_load_their_code_for_the_call_and_drop_it_after():
    # store_open.py (with its repair of an image of ours; store_fix.py was its own module) run once
    # (docs/memory.md): play keeps solitaire.store only
    import sys

    import solitaire

    def gone():
        return not [m for m in ("store_open", "store_fix")
                    if "solitaire." + m in sys.modules or hasattr(solitaire, m)]

    nvm = LogNvm(OTHER[:8192])
    s = Store(nvm)
    assert s.open() and s.state == FOREIGN and gone()
    assert s.adopt() and s.state == OURS and gone()
    t = Store(bytearray(nvm))
    assert t.open() == [] and t.state == OURS and gone()
