# Winnable-deal tables: the host generator and checker (sim/winnable.py) and the device reader
# (lib/solitaire/winnable.py), on CPython and under real MicroPython. The reader answers from a
# record at a time; a missing or damaged table gives None / False, never an exception.
import gzip
import os
import shutil
import struct
import sys

import pytest

from sim import winnable
from sim.mpy import run_micropython

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "lib"))
from solitaire import winnable as reader  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
READER = os.path.join(REPO, "lib", "solitaire", "winnable.py")


def write(tmp_path, data, name="t.bin"):
    p = tmp_path / name
    p.write_bytes(data)
    return str(p)


# ---- the table format -----------------------------------------------------------------------

@pytest.mark.parametrize("numbers, width", [([1, 5, 65535], 2), ([3, 65536], 3),
                                            ([7, 1 << 24], 4), ([], 2)])
def test_a_table_holds_sorted_deal_numbers_in_the_fewest_bytes_that_fit(numbers, width):
    data = winnable.table_bytes(list(reversed(numbers)))
    assert data[:4] == b"WN\x01" + bytes((width,))
    assert struct.unpack("<I", data[4:8])[0] == len(numbers)
    assert len(data) == 8 + width * len(numbers)


@pytest.mark.parametrize("numbers", [[1, 2, 3, 700, 65535], [3, 65536, 99999, 1 << 20],
                                     [7, 1 << 24, (1 << 30) - 1], [42]])
def test_the_reader_gives_the_count_each_deal_in_order_and_finds_exactly_the_listed_ones(
        tmp_path, numbers):
    path = write(tmp_path, winnable.table_bytes(numbers))
    assert winnable.read_table(path) == numbers
    assert reader.count(path) == len(numbers)
    assert [reader.nth(path, i) for i in range(len(numbers))] == numbers
    assert reader.nth(path, len(numbers)) is None and reader.nth(path, -1) is None
    for n in numbers:
        assert reader.contains(path, n)
    for n in [0, -3] + [n + 1 for n in numbers if n + 1 not in numbers] + [n - 1 for n in numbers
                                                                             if n - 1 not in numbers]:
        assert not reader.contains(path, n)


def test_an_empty_table_has_no_deal(tmp_path):
    path = write(tmp_path, winnable.table_bytes([]))
    assert reader.count(path) == 0
    assert reader.nth(path, 0) is None
    assert not reader.contains(path, 1)


def test_file_names_come_from_family_key_variant_and_profile():
    assert reader.name("terrace", 4, 1) == winnable.table_name("terrace", 4, 1) == "terrace_4_1.bin"
    assert reader.path("/assets", "terrace", 0, 0) == "/assets/winnable/terrace_0_0.bin"


def _damaged(good):
    yield "empty", b""
    yield "short header", good[:5]
    yield "other magic", b"XN" + good[2:]
    yield "other version", good[:2] + b"\x02" + good[3:]
    yield "record width 1", good[:3] + b"\x01" + good[4:]
    yield "record width 5", good[:3] + b"\x05" + good[4:]
    yield "cut short", good[:-1]
    yield "padded", good + b"\x00"
    yield "count too big", good[:4] + struct.pack("<I", 1 << 30) + good[8:]
    bad = bytearray(good)
    bad[8:10] = b"\xff\xff"  # the first record bigger than the ones after it
    yield "out of order", bytes(bad)
    bad = bytearray(good)
    bad[8:10] = b"\x00\x00"  # deal 0 does not exist
    yield "deal zero", bytes(bad)


@pytest.mark.parametrize("what, data", list(_damaged(winnable.table_bytes([2, 9, 40, 77, 300]))))
def test_a_damaged_table_gives_none_or_false_never_an_exception(tmp_path, what, data):
    path = write(tmp_path, data)
    n = reader.count(path)
    if what in ("out of order", "deal zero"):
        # the header is sound; the bad record is caught where it is read
        assert n == 5
        assert not reader.contains(path, 2)
        assert reader.nth(path, 0) is None if what == "deal zero" else True
    else:
        assert n is None
        assert reader.nth(path, 0) is None
        assert not reader.contains(path, 9)


def test_a_missing_table_or_folder_gives_none_and_false(tmp_path):
    for path in (str(tmp_path / "none.bin"), str(tmp_path)):
        assert reader.count(path) is None
        assert reader.nth(path, 0) is None
        assert reader.contains(path, 1) is False


# ---- the generator and the checker -----------------------------------------------------------

def _made_twice(tmp_path, variant, **make_args):
    # make one Terrace classic table twice, in tmp_path/a and tmp_path/b; each run's lines
    # must replay to a win. Returns [(table bytes, lines bytes, chosen, tried)] per run
    runs = []
    for run in ("a", "b"):
        tables, lines = tmp_path / run / "t", tmp_path / run / "l"
        chosen, tried = winnable.make("terrace", variant, 0, jobs=1, tables=str(tables),
                                      lines_dir=str(lines), chunk=3, **make_args)
        name = winnable.table_name("terrace", variant, 0)
        runs.append(((tables / name).read_bytes(),
                     (lines / (name[:-4] + ".lines.gz")).read_bytes(), chosen, tried))
        assert winnable.check("terrace", variant, 0, str(tables), str(lines)) == []
    return runs


def test_make_writes_the_same_bytes_every_run_and_every_line_replays_to_a_win(tmp_path):
    runs = _made_twice(tmp_path, 3, want=2, scan=6, nodes=1200)
    for _, _, chosen, tried in runs:
        assert len(chosen) <= 2 and tried <= 6
    assert runs[0] == runs[1]
    assert runs[0][2], "the solver found no winnable deal of Signora among the first 6"
    assert winnable.read_table(str(tmp_path / "a" / "t" / "terrace_3_0.bin")) == runs[0][2]


def test_a_best_first_run_after_the_depth_first_ones_adds_deals_and_gives_the_same_bytes(
        tmp_path):
    # Signora classic at a depth-first cap too small to win: the best-first run wins them, the
    # same ones on every run, and their lines replay to a win
    runs = _made_twice(tmp_path, 3, want=2, scan=6, nodes=20, best=3000)
    for run in runs:
        assert run[2], "the best-first run won none of Signora's first 6 deals"
    assert runs[0] == runs[1]
    nothing, _ = winnable.make("terrace", 3, 0, want=2, scan=6, nodes=20, jobs=1,
                               tables=str(tmp_path / "c"), lines_dir=str(tmp_path / "d"),
                               chunk=3)
    assert nothing == []


def test_a_beam_after_the_other_searches_adds_deals_in_its_bands_with_the_same_bytes(
        tmp_path):
    # Falling Stars classic at a depth-first cap too small to win: a beam of width 10 wins
    # some of deals 1-4; with its band ending at deal 3 only those up to 3, and the same bytes
    # every run; a band of width 0 gives its deals no beam
    runs = _made_twice(tmp_path, 2, want=4, scan=4, nodes=20, beams=((3, 10),))
    assert runs[0] == runs[1]
    assert runs[0][2] and max(runs[0][2]) <= 3
    every, _ = winnable.make("terrace", 2, 0, want=4, scan=4, nodes=20, jobs=1,
                             tables=str(tmp_path / "c"), lines_dir=str(tmp_path / "d"),
                             chunk=3, beams=((4, 10),))
    assert set(runs[0][2]) < set(every)
    banded, _ = winnable.make("terrace", 2, 0, want=4, scan=4, nodes=20, jobs=1,
                              tables=str(tmp_path / "g"), lines_dir=str(tmp_path / "h"),
                              chunk=3, beams=((1, 0), (4, 10)))
    assert 1 in every  # so the band of width 0 takes a win away
    assert banded == [n for n in every if n > 1]
    nothing, _ = winnable.make("terrace", 2, 0, want=4, scan=4, nodes=20, jobs=1,
                               tables=str(tmp_path / "e"), lines_dir=str(tmp_path / "f"),
                               chunk=3)
    assert nothing == []


def test_the_checker_reports_a_line_that_does_not_win_and_a_deal_without_a_line(tmp_path):
    tables, lines = tmp_path / "t", tmp_path / "l"
    chosen, _ = winnable.make("terrace", 3, 0, want=1, scan=6, nodes=1200, jobs=1,
                              tables=str(tables), lines_dir=str(lines), chunk=3)
    assert chosen
    path = lines / "terrace_3_0.lines.gz"
    stored = winnable.read_lines(str(path))
    n = chosen[0]
    path.write_bytes(winnable.lines_bytes({n: stored[n][:-1]}))
    assert winnable.check("terrace", 3, 0, str(tables), str(lines)) == [
        "terrace_3_0.bin: deal %d's line does not replay to a win" % n]
    path.write_bytes(winnable.lines_bytes({}))
    assert winnable.check("terrace", 3, 0, str(tables), str(lines)) == [
        "terrace_3_0.bin: deal %d has no stored line" % n]


def test_stored_lines_are_gzip_text_with_no_time_stamp():
    data = winnable.lines_bytes({5: [0x1234, 0x0041], 2: []})
    assert data[4:8] == b"\x00\x00\x00\x00"  # gzip MTIME
    assert gzip.decompress(data) == b"2 \n5 1234 0041\n"


def test_every_committed_table_has_a_line_for_each_deal_and_a_sample_replays_to_a_win():
    found = winnable.tables_present()
    if not found:
        pytest.skip("no tables in assets/winnable yet (python -m sim.winnable make)")
    for family, variant, profile in found:
        # every 25th deal of each table: `python -m sim.winnable check` replays them all
        assert winnable.check(family, variant, profile, sample=25) == []


def test_every_mode_of_every_family_has_a_table_with_deals_in_it():
    # the "winnable deals only" option is offered where the mode's table lists a deal: every
    # mode's does (General's Patience literal's the fewest, two of 1,200: docs/solver.md,
    # its tables)
    from sim.winrate import rows

    empty = []
    for key, _, variant, mode_name, profile, profile_name in rows(None, None, None):
        path = os.path.join(winnable.TABLES, winnable.table_name(key, variant, profile))
        if not os.path.exists(path) or not winnable.read_table(path):
            empty.append("%s %s %s" % (key, mode_name, profile_name))
    assert empty == []


# ---- the reader under MicroPython --------------------------------------------------------------

def test_the_reader_runs_under_micropython_with_only_its_module_and_a_table(tmp_path):
    # the folder is named as the device package, so the import reads as on the board
    folder = tmp_path / "solitaire"
    folder.mkdir()
    shutil.copy(READER, folder / "winnable.py")
    numbers = [3, 17, 256, 4000, 65535, 70000, 123456]
    (folder / "table.bin").write_bytes(winnable.table_bytes(numbers))
    (folder / "cut.bin").write_bytes(winnable.table_bytes(numbers)[:-2])
    source = """
import gc
gc.collect()
before = gc.mem_alloc()
from solitaire import winnable
print("import", gc.mem_alloc() - before)
T = "/solitaire/table.bin"
print(winnable.count(T), [winnable.nth(T, i) for i in range(winnable.count(T))])
print([n for n in range(0, 130000) if n in (3, 17, 256, 4000, 65535, 70000, 123456, 18, 2, 123457)
       and winnable.contains(T, n)])
C = "/solitaire/cut.bin"
N = "/solitaire/none.bin"
print(winnable.count(C), winnable.nth(C, 0), winnable.contains(C, 3), winnable.count(N),
      winnable.contains(N, 3))
"""
    out = run_micropython(source, dirs=(str(folder),)).splitlines()
    assert int(out[0].split()[1]) < 20000  # the import budget of a device module
    assert out[1] == "7 [3, 17, 256, 4000, 65535, 70000, 123456]"
    assert out[2] == "[3, 17, 256, 4000, 65535, 70000, 123456]"
    assert out[3] == "None None False None False"
