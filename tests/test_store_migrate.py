# Statistics survive an update (issue 25.6): a store written by an earlier version's own code
# (tests/fixtures/store/: "SOL" 1 and 2, "Sg" 3 in both its layouts; made by make.py there) is
# brought up to date at open, keeping statistics and options (and version 3's saved game, the
# same format as today's), and the write that migrates it is safe against a power cut at every
# byte: the older store stays whole until the new copy is, so opening a cut image migrates
# again or reads the new copy, the same state either way.
import os

import pytest

import solitaire
from engine.pack import history_from
from engine.terrace import Game
from engine.undo import UndoLog
from solitaire.store import FOREIGN, OURS, VERSION, Store
from tests.test_store_harness import LogNvm, cut_images, opened, quick_crc, snapshot, state_of  # noqa: F401

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "store")

TERRACE, SIGNORA_LITERAL, MEZCLADO_STRICT, SOLAR_64 = (0, 0, 0), (0, 3, 1), (1, 3, 1), (2, 0, 1)
GENERALS = (0, 1, 0)
OPTIONS = bytes.fromhex("0100030104020000")  # what make.py set
# what each version's code counted, as the statistics page shows it: (played, won, best score,
# streak, best streak, fewest moves, most cards left at a win). The SOL versions kept played,
# won and the best score (capped at 255) only; version 3 had no most cards left.
SOL_STATS = {TERRACE: (3, 2, 52, 0, 0, 0, 0), SIGNORA_LITERAL: (2, 0, 11, 0, 0, 0, 0)}
V3_STATS = {TERRACE: (3, 2, 52, 1, 1, 140, 0), SIGNORA_LITERAL: (2, 0, 11, 0, 0, 0, 0),
            GENERALS: (1, 0, 5, 0, 0, 0, 0)}
V3_ALL = {**V3_STATS, MEZCLADO_STRICT: (1, 1, 40, 1, 1, 90, 0), SOLAR_64: (1, 0, 2, 0, 0, 0, 0)}
# name: (statistics, options, the saved game offered: None, or (game id) of deal 7's 12 moves)
EXPECTED = {
    "v1": (SOL_STATS, bytes(8), None),
    "v2": (SOL_STATS, bytes(8), None),
    "v3a": (V3_STATS, OPTIONS, 7),
    "v3": (V3_ALL, OPTIONS, 9),
}
KEPT_ALL = "Save memory from an older version, brought up to date: statistics, options and the saved game kept."
KEPT_SOL = ("Save memory from an older version, brought up to date: statistics kept."
            " (That version kept no options.)")
CUT = "Save memory: one of its two copies was damaged or cut off; the other was used."
SOL_GAME = "The saved game was made by an older version that this one can't resume: removed."


def newest_copy(img):
    # where the older store's newest data lies: SOL's one area at 0; version 3's copy of the
    # higher seq (its head marker's u16 at 4)
    if img[:3] == b"SOL":
        return 0
    return 0 if (img[4] | img[5] << 8) > (img[1540] | img[1541] << 8) else 1536


def fixture(name, size=8192):
    with open(os.path.join(HERE, "store_%s.bin" % name), "rb") as f:
        return f.read()[:size]


@pytest.fixture
def kept_loaded(quick_crc, monkeypatch):
    # the sweeps keep store_migrate loaded too (CPython would compile it at each of 6,000 opens)
    drop = solitaire.forget
    monkeypatch.setattr(solitaire, "forget", lambda name: name == "solitaire.store_migrate" or drop(name))
    yield
    drop("solitaire.store_migrate")


def test_the_fixtures_are_each_version_s_own_format():
    assert fixture("v1")[:4] == b"SOL\x01" and fixture("v2")[:4] == b"SOL\x02"
    for name in ("v3a", "v3"):
        img = fixture(name)
        assert img[:4] == b"Sg\x03\x20" and img[1536:1540] == b"Sg\x03\x20"  # two copies, 32 slots
    assert fixture("v4")[:3] == b"Sg" + bytes((VERSION,))
    # the two version 3 layouts differ: the first options record's tag after its crc, or before
    o = 10 + 18 * 32
    assert fixture("v3")[o + 2] == 10 and fixture("v3a")[o] == 10


@pytest.mark.parametrize("name", sorted(EXPECTED))
@pytest.mark.parametrize("size", [8192, 4096])
def test_each_older_version_s_store_migrates_with_its_statistics_and_options(name, size):
    stats, options, gid = EXPECTED[name]
    nvm = LogNvm(fixture(name, size))
    s, msgs = opened(nvm)
    assert s.state == OURS and s.saving
    assert {m: s.stats(*m) for m in s.modes()} == stats
    assert bytes(s.options) == options
    if gid is None:
        assert s.saved() is None and msgs == [KEPT_SOL, SOL_GAME]
    else:
        assert s.saved() == (0, 0, 0, 0, 7, 12, 1, gid) and msgs == [KEPT_ALL]
    assert nvm.log == []  # open() never writes: the next commit does
    seen = state_of(s)
    assert s.commit() and len(nvm.log) == 1
    at, data = nvm.log[0]
    # the other copy than the older store's newest data
    assert at == 1536 - newest_copy(nvm) and len(data) == 1536 and newest_copy(fixture(name)) != at
    again, msgs = opened(nvm)
    assert msgs == [] and state_of(again) == seen
    assert again.commit() is False  # nothing staged
    again.dirty |= 1
    assert again.commit() and nvm.log[-1][0] == 1536 - at  # then the copy over the older data
    third, msgs = opened(nvm)
    assert msgs == [] and state_of(third) == seen
    assert all(nvm[a:a + 2] == b"Sg" and nvm[a + 2] & 0x7F == VERSION for a in (0, 1536))  # none older
    # counting goes on from the migrated figures, with game ids no mode has counted
    g = third.new_game_id()
    assert g not in (7, 9) or gid is None
    third.count_result(*TERRACE, g, True, 60, 100)
    assert third.stats(*TERRACE)[:3] == (stats[TERRACE][0] + 1, stats[TERRACE][1] + 1, 60)


@pytest.mark.parametrize("name", ["v3a", "v3"])
def test_version_3_s_saved_game_resumes_in_today_s_engine_with_its_undo_history(name):
    s, _ = opened(bytearray(fixture(name)))
    f, v, p, _flags, deal, moves, _score, _gid = s.saved()
    g = Game(v, p, 0, UndoLog(500))
    g.deal(deal)
    data = bytes(s.saved_payload())
    assert g.load_from(data) and g.moves == moves == 12
    kept = history_from(g.undo_log, data, g.SNAPSHOT_SIZE)
    fresh = Game(v, p, 0, UndoLog(500))
    fresh.deal(deal)
    # make.py saved the snapshot and the undo history after it (engine.pack.history_into, in
    # both commits): undo goes back to the deal
    assert kept > 0 and g.undo_log.size == 12
    while g.can_undo():
        g.undo()
    assert snapshot(g) == snapshot(fresh)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_migration_reads_the_nvm_as_circuitpython_gives_it_slices_and_items_no_buffer(name):
    # microcontroller.nvm is no buffer (struct can't read it): sim.hw.Nvm is as strict
    from sim.hw import Nvm

    nvm = Nvm(8192)
    nvm[0:8192] = fixture(name)
    s, msgs = opened(nvm)
    assert s.state == OURS and {m: s.stats(*m) for m in s.modes()} == EXPECTED[name][0]
    assert s.commit() and state_of(opened(bytearray(nvm[0:8192]))[0]) == state_of(s)


def test_the_current_version_s_fixture_opens_as_it_is_with_no_message():
    s, msgs = opened(bytearray(fixture("v4")))
    assert msgs == [] and s.state == OURS
    assert {m: s.stats(*m) for m in s.modes()} == V3_ALL and bytes(s.options) == OPTIONS
    assert s.saved() == (0, 0, 0, 0, 7, 12, 1, 9)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_power_cut_at_every_byte_of_the_migrating_write_gives_the_old_or_the_new_store(kept_loaded, name):
    # old: the older store, migrated again at the next open (the same state, its message);
    # new: the migrated copy, read as it is. Never a mix, never a statistic lost.
    before = fixture(name)
    nvm = LogNvm(before)
    s, first = opened(nvm)
    want = state_of(s)
    s.commit()
    (at, data), = nvm.log
    after = bytes(nvm)
    seen = []
    for where, img in cut_images(before, (at, data), after, "byte"):
        s, msgs = opened(img)
        assert state_of(s) == want, (name, where, msgs)
        seen.append("old" if msgs == first else "new")
        assert msgs in (first, []), (name, where, msgs)
        if where % 97 == 0 or where == len(data):
            # from either, the next commit leaves a store that opens with no message
            s.dirty |= 1
            s.commit()
            again, msgs = opened(bytearray(s.nvm))
            assert msgs == [] and state_of(again) == want, (name, where)
    # one switch: the older store until the cut completes the new copy's last record
    # (its used bytes; the tail marker may still be missing)
    k = seen.index("new")
    assert 1000 > k > 600 and seen == ["old"] * k + ["new"] * (len(data) + 1 - k), k


@pytest.mark.parametrize("name", ["v1", "v3"])
def test_a_flash_cut_of_the_migrating_write_is_never_silently_wrong(kept_loaded, name):
    # the whole NVM erased, then programmed a page at a time: a cut in copy A's pages erases the
    # older store's end (reported, as with any write under this model); from copy B on, the
    # older store is whole and migrates again
    before = fixture(name)
    nvm = LogNvm(before)
    s, first = opened(nvm)
    want = state_of(s)
    s.commit()
    (at, data), = nvm.log
    for page, img in cut_images(before, (at, data), bytes(nvm), "flash"):
        s, msgs = opened(img)
        if page >= 3:  # copy A programmed again
            assert state_of(s) == want and msgs in (first, []), (name, page, msgs)
        else:
            assert state_of(s) == want or msgs, (name, page)


def test_the_second_write_after_a_migration_is_an_ordinary_one_cut_at_every_byte(kept_loaded):
    # as after adopt(): a cut past the head marker of the write into the copy that held the
    # older store is said ("one of its two copies ... cut off"), the state old or new
    nvm = LogNvm(fixture("v3"))
    s, _ = opened(nvm)
    s.commit()
    old = state_of(s)
    s.count_result(*TERRACE, s.new_game_id(), False, 3, 40)
    new = state_of(s)
    before = bytes(nvm)
    s.commit()
    write = nvm.log[-1]
    assert write[0] == newest_copy(fixture("v3"))  # over the older store's copy
    for where, img in cut_images(before, write, bytes(nvm), "byte"):
        s, msgs = opened(img)
        assert state_of(s) in (old, new) and msgs in ([], [CUT]), where


def test_unreadable_older_data_stays_older_version_s_saves_left_alone():
    # "SOL" whose slots fail their checks (or random bytes after it), and "Sg" 3 with no marker
    # whose crc holds, can't be read: saves stay off until the player lets the game erase them
    import random

    rng = random.Random(5)
    for head in (b"SOL\x01", b"SOL\x02"):
        data = bytearray(head + bytes(rng.randrange(256) for _ in range(8188)))
        s, msgs = opened(data)
        assert s.state == FOREIGN and "older version" in msgs[0] and "can't be read" in msgs[0]
    data = bytearray(fixture("v3"))
    for a in (0, 1526, 1536, 3062):
        data[a + 8] ^= 1  # every marker's crc
    s, msgs = opened(data)
    assert s.state == FOREIGN and "older version" in msgs[0]


def test_a_damaged_statistics_record_of_the_older_store_comes_from_its_other_copy():
    data = bytearray(fixture("v3"))
    data[newest_copy(data) + 10 + 4] ^= 0x10  # the newest copy's first slot (Terrace): played
    s, msgs = opened(data)
    # copy B, one write older, has Terrace before the last results: what it has is kept
    assert s.state == OURS and msgs == [KEPT_ALL]
    assert s.stats(*TERRACE) == V3_STATS[TERRACE]  # the slot did not change in the last writes


def test_migration_code_is_loaded_only_to_migrate_and_dropped_after():
    import sys

    s, _ = opened(bytearray(fixture("v3")))
    assert "solitaire.store_migrate" not in sys.modules
    s, _ = opened(bytearray(fixture("v4")))
    assert "solitaire.store_migrate" not in sys.modules
    s, _ = opened(bytearray(b"\xff" * 8192))
    assert "solitaire.store_migrate" not in sys.modules


V3_256 = {k: V3_ALL[k] for k in (TERRACE, SIGNORA_LITERAL, MEZCLADO_STRICT, GENERALS)}  # 4 slots
EXPECTED_256 = {
    "v1": (SOL_STATS, bytes(8), None, []),
    "v2": (SOL_STATS, bytes(8), None, []),
    "v3a": (V3_STATS, OPTIONS, 7, []),
    # 5 modes in version 3's 5 slots, 4 slots now: the least played goes; of the three played
    # once, Mezclado (strict) won its game and stays, and of the two lost the one of the
    # higher mode key goes. The notice names it
    "v3": (V3_256, OPTIONS, 9, ["Statistics: no room for every mode here; the least played "
                                "dropped: Solitario Solar (64 cards)."]),
}


@pytest.mark.parametrize("name", sorted(EXPECTED_256))
def test_a_256_byte_store_of_each_older_version_migrates_into_its_one_copy(name):
    stats, options, gid, more = EXPECTED_256[name]
    nvm = LogNvm(fixture(name + "_256", 256))
    s, msgs = opened(nvm)
    assert s.state == OURS and {m: s.stats(*m) for m in s.modes()} == stats
    assert bytes(s.options) == options
    if gid is None:
        assert s.saved() is None and msgs == [KEPT_SOL, SOL_GAME]
    else:
        assert s.saved() == (0, 0, 0, 0, 7, 12, 1, gid) and msgs == [KEPT_ALL] + more
    seen = state_of(s)
    assert s.commit() and nvm.log[0][0] == 0 and len(nvm.log[0][1]) == 256
    again, msgs = opened(nvm)
    assert msgs == [] and state_of(again) == seen


# cuts of the 256-byte migrating write: (kept: the migrated state, a message or not; reported:
# part of it reset, and said). One copy can't keep the older store whole while the new one is
# written, as with every write on this layout: a cut is never silently wrong, and what it costs
# is said.
CUTS_256 = {"v1": (209, 48), "v2": (209, 48), "v3a": (33, 224), "v3": (33, 224)}


@pytest.mark.parametrize("name", sorted(CUTS_256))
def test_a_power_cut_of_the_256_byte_migrating_write_is_never_silently_wrong(kept_loaded, name):
    before = fixture(name + "_256", 256)
    nvm = LogNvm(before)
    s, _ = opened(nvm)
    want = state_of(s)
    s.commit()
    (at, data), = nvm.log
    kept = reported = 0
    for where, img in cut_images(before, (at, data), bytes(nvm), "byte"):
        s, msgs = opened(img)
        if state_of(s) == want:
            kept += 1
        else:
            assert msgs, (name, where)
            reported += 1
    assert (kept, reported) == CUTS_256[name]


def test_a_version_3_saved_game_too_long_for_today_s_save_record_is_removed_and_said():
    # version 3 held 908 B of payload on 8 KB, version 4 844: the fixture's newest copy given a
    # 900-byte save (its crc made as version 3 made it), the statistics and options still kept
    from solitaire.store import crc16
    from solitaire.store_open import _seed

    img = bytearray(fixture("v3"))
    b = newest_copy(img)
    o = b + 22 + 18 * 32
    img[o + 18:o + 20] = (900).to_bytes(2, "little")
    img[o + 20:o + 920] = bytes(range(256)) * 3 + bytes(132)
    seq = img[b + 4] | img[b + 5] << 8
    img[o:o + 2] = crc16(img, o + 2, o + 920, _seed(seq)).to_bytes(2, "little")
    s, msgs = opened(img)
    assert s.state == OURS and s.saved() is None
    assert msgs == ["Save memory from an older version, brought up to date: statistics and options kept.",
                    "The saved game was too long for this version: removed."]
    assert {m: s.stats(*m) for m in s.modes()} == V3_ALL and bytes(s.options) == OPTIONS


def test_a_damaged_options_record_of_both_version_3_copies_is_reset_and_said():
    data = bytearray(fixture("v3"))
    o = 10 + 18 * 32 + 3  # the options' first byte, after the crc and the tag
    data[o] ^= 0x40
    data[1536 + o] ^= 0x40
    s, msgs = opened(data)
    assert msgs == ["Save memory from an older version, brought up to date: statistics and the saved game kept.",
                    "Options: damaged or cut off, reset."]
    assert bytes(s.options) == bytes(8) and {m: s.stats(*m) for m in s.modes()} == V3_ALL


def test_the_app_says_what_it_kept_resumes_the_older_version_s_game_and_shows_its_statistics(tmp_path):
    # through the app (tests/apphost.py, a PyBadge's 8 KB NVM file): the notice at power-on, the
    # title offering the saved game, the statistics page listing every migrated mode
    from engine.registry import mode_name
    from solitaire import keys as K
    from tests.test_app_helpers import choose, host, items, page

    (tmp_path / "pybadge.nvm").write_bytes(fixture("v3"))
    with host(data_dir=tmp_path) as h:
        p = page(h)
        assert p is not None and p.warn and KEPT_ALL in " ".join(p.info)
        h.press(K.A)
        assert items(h)[0] == "Resume " + mode_name(TERRACE)
        choose(h, "Statistics")
        assert set(items(h)) == {mode_name(m) for m in V3_ALL} | {"Reset all statistics"}
        choose(h, mode_name(TERRACE))
        assert page(h).info[1] == "Played 3, won 2 (66%)"
    data = (tmp_path / "pybadge.nvm").read_bytes()
    assert any(data[a:a + 2] == b"Sg" and data[a + 2] & 0x7F == VERSION for a in (0, 1536))  # written
    with host(data_dir=tmp_path) as h:  # the next power-on: up to date, nothing to say
        assert not (page(h) and page(h).warn)
        assert items(h)[0] == "Resume " + mode_name(TERRACE)  # (the title at once)


def test_a_damaged_sol_slot_is_reset_and_said_the_others_kept():
    data = bytearray(fixture("v2"))
    slots = [a for a in range(4, 4 + 7 * 64, 7) if data[a] != 0xFF]
    assert len(slots) == 2
    data[slots[1] + 1] ^= 1  # Signora literal's played: its check8 fails
    s, msgs = opened(data)
    assert s.state == OURS and {m: s.stats(*m) for m in s.modes()} == {TERRACE: SOL_STATS[TERRACE]}
    assert msgs == [KEPT_SOL, SOL_GAME, "Statistics: damaged or cut off, reset."]
    data[slots[0] + 1] ^= 1  # both: nothing readable, more damage than statistics
    s, msgs = opened(data)
    assert s.state == FOREIGN and "can't be read" in msgs[0]


def test_a_mode_in_both_version_3_copies_gets_one_slot_and_a_lost_one_is_said():
    # the newest copy's Terrace slot damaged; in the other copy that slot holds Signora (the two
    # swapped, CRCs remade): taking it would give Signora two slots. One slot, Terrace's
    # statistics lost, and said (the older store had nothing better)
    from solitaire.store import crc16
    from solitaire.store_open import _seed

    data = bytearray(fixture("v3"))
    b = newest_copy(data)
    y = 1536 - b
    seq = data[y + 4] | data[y + 5] << 8
    first, second = y + 10, y + 28
    data[first:first + 18], data[second:second + 18] = data[second:second + 18], data[first:first + 18]
    for o in (first, second):
        data[o:o + 2] = crc16(data, o + 2, o + 18, _seed(seq)).to_bytes(2, "little")
    data[b + 10 + 4] ^= 0x10  # the newest copy's Terrace slot: its crc fails
    s, msgs = opened(data)
    assert s.state == OURS and msgs == [KEPT_ALL, "Statistics: damaged or cut off, reset."]
    assert {m: s.stats(*m) for m in s.modes()} == {m: V3_ALL[m] for m in V3_ALL if m != TERRACE}
    s.commit()
    again, msgs = opened(s.nvm)
    assert msgs == [] and state_of(again) == state_of(s)
