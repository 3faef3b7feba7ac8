# Resume and statistics across runs of the program (microcontroller.nvm kept in a data folder
# between two simulator runs, as power-off keeps it on the board), damaged NVM records, and an
# NVM written by the previous version (move list instead of a snapshot).
import os

from engine import terrace
from engine.game import PLAYING
from sim.runner import run
from solitaire import app as appmod
from solitaire import screen
from solitaire.store import HEADER, SAVE_HEAD, SLOT, Store, fletcher

from tests.test_app_helpers import SIZES, app, count_colour, game_keys, ok, piles, start_keys


def _shown(view, game):
    return [view.shown(p) for p in range(game.pile_count)]


def test_resume_after_power_off_restores_the_same_position(tmp_path):
    game, keys = game_keys(0, 0, 7, SIZES["pybadge"], stop_after=30)
    r1 = run(board="pybadge", keys=start_keys("pybadge") + " " + " ".join(keys) + " wait:4000",
             settings={"SOLITAIRE_DEAL": 7}, data_dir=tmp_path)
    ok(r1)
    a1 = app(r1)
    assert a1.state == appmod.PLAY and piles(a1.game) == piles(game)
    made = a1.game.moves
    assert made >= 30
    # power off, power on: the title offers the game, A resumes it
    r2 = run(board="pybadge", keys="A", data_dir=tmp_path)
    ok(r2)
    a2 = app(r2)
    assert r2.labels[0] == "start"
    assert a2.state == appmod.PLAY
    assert a2.game.number == 7 and a2.game.variant == 0 and a2.game.profile == 0
    assert piles(a2.game) == piles(a1.game)
    assert a2.game.moves == made and not a2.game.can_undo()
    assert _shown(a2.view, a2.game) == _shown(a1.view, a1.game)
    assert a2.view.autoplay is True


def test_title_after_power_off_shows_resume_first(tmp_path):
    r1 = run(board="pico320", keys=start_keys("pico320", 3) + " A hold:B:800",
             settings={"SOLITAIRE_DEAL": 4242}, data_dir=tmp_path)
    ok(r1)
    assert app(r1).state == appmod.PAUSE  # opening the pause menu saved the game
    r2 = run(board="pico320", keys="", data_dir=tmp_path)
    a2 = app(r2)
    assert a2.state == appmod.TITLE and a2.rows[a2.sel] == "Resume (4242)"
    r3 = run(board="pico320", keys="A", data_dir=tmp_path)
    a3 = app(r3)
    assert a3.state == appmod.PLAY and a3.game.variant == 3 and a3.game.number == 4242


def test_resume_keeps_the_literal_profile_and_autoplay_off(tmp_path):
    game, keys = game_keys(2, 1, 99, SIZES["pybadge"], autoplay=False, stop_after=8)
    r1 = run(board="pybadge", keys=start_keys("pybadge", 2, literal=True, autoplay=False) + " "
             + " ".join(keys) + " START", settings={"SOLITAIRE_DEAL": 99}, data_dir=tmp_path)
    ok(r1)
    r2 = run(board="pybadge", keys="A", data_dir=tmp_path)
    a2 = app(r2)
    assert a2.game.profile == 1 and a2.game.variant == 2 and a2.view.autoplay is False
    assert piles(a2.game) == piles(game)


def _stats_only(tmp_path):
    # an NVM holding statistics for two modes and no saved game
    nvm = FileNvm(b"\xff" * 256)
    s = Store(nvm)
    assert s.open() == []
    s.record_result(0, 0, 0, True, 104)
    s.record_result(0, 5, 1, False, 12)
    _write(tmp_path, nvm)


def test_a_game_longer_than_the_old_123_move_save_resumes_at_exactly_the_same_position(tmp_path):
    _stats_only(tmp_path)
    game, keys = game_keys(0, 0, 7, SIZES["pybadge"], stop_after=110)  # 176 moves with autoplay
    assert game.status() == PLAYING and game.moves > 123
    r1 = run(board="pybadge", keys=start_keys("pybadge") + " " + " ".join(keys) + " START",
             settings={"SOLITAIRE_DEAL": 7}, data_dir=tmp_path)
    ok(r1)
    a1 = app(r1)
    assert a1.state == appmod.PAUSE and piles(a1.game) == piles(game)
    assert a1.game.moves == game.moves > 123
    # power off, power on: Resume is offered first and comes back with no message
    r2 = run(board="pybadge", keys="A", data_dir=tmp_path)
    ok(r2)
    a2 = app(r2)
    assert a2.state == appmod.PLAY
    assert a2.game.number == 7 and piles(a2.game) == piles(game)
    assert (a2.game.moves, a2.game.base, a2.game.locked, a2.game.redeals_left, a2.game.score()) == \
        (game.moves, game.base, game.locked, game.redeals_left, game.score())
    assert _shown(a2.view, a2.game) == _shown(a1.view, a1.game)
    assert a2.store.stats(0, 0, 0) == (1, 1, 104) and a2.store.stats(0, 5, 1) == (1, 0, 12)
    # and the game plays on from there to its end, as the same game would (keys worked out
    # on an offline View over the position loaded from the save)
    snap = bytearray(terrace.Game.SNAPSHOT_SIZE)
    game.save_into(snap)
    rest = terrace.Game(0, 0)
    rest.deal(7)
    assert rest.load_from(snap)
    rest, more = game_keys(0, 0, 7, SIZES["pybadge"], game=rest)
    assert rest.status() != PLAYING
    r3 = run(board="pybadge", keys="A " + " ".join(more), data_dir=tmp_path)
    ok(r3)
    a3 = app(r3)
    assert piles(a3.game) == piles(rest) and a3.state == appmod.RESULT
    assert a3.store.stats(0, 0, 0) == (2, 2, 104)


def test_statistics_are_kept_across_runs(tmp_path):
    game, keys = game_keys(0, 0, 7, SIZES["pybadge"])
    r1 = run(board="pybadge", keys=start_keys("pybadge") + " " + " ".join(keys),
             settings={"SOLITAIRE_DEAL": 7}, data_dir=tmp_path)
    ok(r1)
    assert app(r1).state == appmod.RESULT
    r2 = run(board="pybadge", keys="DOWN A", data_dir=tmp_path)
    a2 = app(r2)
    assert a2.title == "Statistics"
    assert a2.rows[:2] == ["Terrace (classic)", "played 1, won 1, best 104"]
    assert a2.resumable() == ""  # a won game is not offered again


def _nvm_path(tmp_path, board="pybadge"):
    return os.path.join(tmp_path, board + ".nvm")


class FileNvm:
    def __init__(self, data):
        self.data = bytearray(data)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]

    def __setitem__(self, i, v):
        self.data[i] = v


def _prepared(tmp_path):
    # statistics for two modes and a saved game, written by a real run plus the store API
    r1 = run(board="pybadge", keys=start_keys("pybadge") + " A START", settings={"SOLITAIRE_DEAL": 31},
             data_dir=tmp_path)
    ok(r1)
    with open(_nvm_path(tmp_path), "rb") as f:
        nvm = FileNvm(f.read())
    s = Store(nvm)
    assert s.open() == []
    s.record_result(0, 0, 0, True, 104)
    s.record_result(0, 5, 1, False, 12)
    return nvm, s


def _write(tmp_path, nvm):
    with open(_nvm_path(tmp_path), "wb") as f:
        f.write(bytes(nvm.data))


def test_damaged_stats_record_gives_a_message_and_keeps_the_rest(tmp_path):
    nvm, s = _prepared(tmp_path)
    nvm.data[4 + 1] ^= 0x10  # the first slot's played count
    _write(tmp_path, nvm)
    r = run(board="pybadge", keys="", data_dir=tmp_path)
    ok(r)
    a = app(r)
    assert a.state == appmod.TEXT and a.title == "Save memory"
    assert "Statistics: 1 damaged record reset" in " ".join(a.rows)
    assert count_colour(r, screen.WARN) > 100  # the message is on screen, in warning colour
    assert a.store.stats(0, 0, 0) == (0, 0, 0)
    assert a.store.stats(0, 5, 1) == (1, 0, 12)
    assert a.store.saved()[5] == 31
    r2 = run(board="pybadge", keys="A A", data_dir=tmp_path)  # continue, then Resume
    a2 = app(r2)
    assert a2.state == appmod.PLAY and a2.game.number == 31 and a2.game.moves >= 1


def test_damaged_saved_game_gives_a_message_and_keeps_the_statistics(tmp_path):
    nvm, s = _prepared(tmp_path)
    nvm.data[s.save_at + 6] ^= 0x01  # the deal number
    _write(tmp_path, nvm)
    r = run(board="pybadge", keys="A", data_dir=tmp_path)
    ok(r)
    a = app(r)
    assert a.state == appmod.TITLE and a.rows[a.sel] == "New game"  # no Resume
    assert a.store.stats(0, 0, 0) == (1, 1, 104) and a.store.stats(0, 5, 1) == (1, 0, 12)


def test_damaged_saved_game_message_text(tmp_path):
    nvm, s = _prepared(tmp_path)
    nvm.data[s.save_at + SAVE_HEAD] ^= 0x07  # a snapshot byte
    _write(tmp_path, nvm)
    r = run(board="pybadge", keys="", data_dir=tmp_path)
    a = app(r)
    assert a.state == appmod.TEXT and "saved game was damaged" in " ".join(a.rows)


def test_foreign_nvm_contents_are_reset_with_a_message(tmp_path):
    with open(_nvm_path(tmp_path), "wb") as f:
        f.write(bytes((i * 7) & 255 for i in range(256)))
    r = run(board="pybadge", keys="", data_dir=tmp_path)
    ok(r)
    a = app(r)
    assert a.state == appmod.TEXT and "reset" in " ".join(a.rows)
    assert a.store.saved() is None and a.store.stats(0, 0, 0) == (0, 0, 0)


def test_nvm_is_written_on_events_not_per_frame(tmp_path):
    game, keys = game_keys(0, 0, 7, SIZES["pybadge"], stop_after=40)
    r = run(board="pybadge", keys=start_keys("pybadge") + " " + " ".join(keys),
            settings={"SOLITAIRE_DEAL": 7}, data_dir=tmp_path)
    ok(r)
    # one write at the start of the game and a handful from idle-time saves: far fewer than
    # the moves made (the key script pauses 300 ms between keys, never 3 s)
    assert r.nvm_writes <= 3, r.nvm_writes
    assert app(r).game.moves >= 40
    assert len(r.frames) > 100


def _reseal(nvm, s):
    # recompute the saved game's checksum, so only the engine can tell the snapshot is wrong
    at = s.save_at
    n = nvm.data[at + 13]
    a, b = fletcher(nvm.data, at, at + 14)
    a, b = fletcher(nvm.data, at + SAVE_HEAD, at + SAVE_HEAD + n, a, b)
    nvm.data[at + 14] = a
    nvm.data[at + 15] = b


def test_a_saved_position_the_engine_refuses_is_reported_dropped_and_the_stats_kept(tmp_path):
    nvm, s = _prepared(tmp_path)
    at = s.save_at + SAVE_HEAD
    nvm.data[at + 40] ^= 0x10  # a card bit: one card twice, another missing
    _reseal(nvm, s)
    _write(tmp_path, nvm)
    r = run(board="pybadge", keys="A", data_dir=tmp_path)  # Resume
    ok(r)
    a = app(r)
    assert a.state == appmod.TEXT and "saved game was damaged" in " ".join(a.rows)
    assert count_colour(r, screen.WARN) > 100
    assert a.game is None and a.store.saved() is None
    assert a.store.stats(0, 0, 0) == (1, 1, 104) and a.store.stats(0, 5, 1) == (1, 0, 12)
    r2 = run(board="pybadge", keys="", data_dir=tmp_path)  # next power-on: no Resume, no message
    a2 = app(r2)
    assert a2.state == appmod.TITLE and a2.rows[a2.sel] == "New game"
    assert a2.store.stats(0, 0, 0) == (1, 1, 104)


def test_an_nvm_written_by_the_old_version_keeps_its_statistics(tmp_path):
    nvm, s = _prepared(tmp_path)
    # what VERSION 1 left: its header, the same stats slots, a saved game as a move list
    nvm.data[0:4] = b"SOL\x01"
    old = bytes((0x47, 0, 0, 0, 1, 0, 31, 0, 0, 0, 2, 0, 2, 0, 1))
    a, b = fletcher(old, 0, 15)
    a, b = fletcher(b"\x00\x03", 0, 2, a, b)
    nvm.data[s.save_at:s.save_at + 19] = old + bytes((a, b)) + b"\x00\x03"
    _write(tmp_path, nvm)
    r = run(board="pybadge", keys="", data_dir=tmp_path)
    ok(r)
    a1 = app(r)
    assert a1.state == appmod.TEXT and a1.title == "Save memory"
    assert "older version" in " ".join(a1.rows)
    assert bytes(r.nvm[:4]) == HEADER
    assert a1.store.saved() is None
    assert a1.store.stats(0, 0, 0) == (1, 1, 104) and a1.store.stats(0, 5, 1) == (1, 0, 12)
    r2 = run(board="pybadge", keys="DOWN A", data_dir=tmp_path)  # no message now: Statistics
    a2 = app(r2)
    assert a2.title == "Statistics"
    assert "played 1, won 1, best 104" in a2.rows
