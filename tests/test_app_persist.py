# What the app keeps across power-off (two Hosts on one data folder: the second starts from the
# NVM file the first left, as a board does after a power cut): the game in progress with its undo
# history, its rule profile and autoplay, the statistics per mode; damaged or foreign NVM
# contents reported with the rest kept; NVM written on events, not per frame.
import random
import shutil

import pytest

from engine.game import LOST, NO_MOVE, WON
from engine.registry import FAMILIES, find
from solitaire import keys as K
from solitaire.store import Store

from tests.apphost import piles
from sim.mpy import run_micropython
from tests.test_app_helpers import (TERRACE, advance, choose, engine_shows, find_deal, hint_out,
                                    host, items, page, past_notices, play, read_pile, selected,
                                    start_game)

NAMES = FAMILIES[TERRACE].variants
SOLAR = find("solar")  # its FAMILIES row
NVM = "pybadge.nvm"


def _tiles(h):
    view = h.screen.view
    return [read_pile(view, p) for p in range(h.game.pile_count)]


def _power_on(tmp_path):
    return host(data_dir=tmp_path)


# ---- a session to start from: two games counted, one in progress --------------------------------

@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """An NVM after a won game of Terrace, a lost game of Falling Stars and a game of Signora
    left in progress (saved after 3 s idle): (folder, facts)."""
    folder = tmp_path_factory.mktemp("played")
    facts = {}
    with host(data_dir=folder) as h:
        start_game(h, 0, deal=find_deal(0, WON))
        hint_out(h)
        assert h.game.status() == WON
        facts["won_moves"] = h.game.moves
        h.press(K.A)
        choose(h, "Menu")
        start_game(h, 2, deal=find_deal(2, LOST))
        hint_out(h)
        assert h.game.status() == LOST
        facts["lost_score"] = h.game.score()
        h.press(K.A)
        choose(h, "Menu")
        start_game(h, 3, deal=4242)
        for _ in range(5):
            play(h, h.game.hint())
        h.idle(3100)
        facts["piles"] = piles(h.game)
        facts["moves"] = h.game.moves
    return folder, facts


def _copy(played, tmp_path):
    shutil.copy(played[0] / NVM, tmp_path / NVM)
    return bytearray((tmp_path / NVM).read_bytes())


def _write(tmp_path, data):
    (tmp_path / NVM).write_bytes(bytes(data))


def _layout(data):
    # the store's own reading of an NVM image: the copy in use, the other, record offsets
    s = Store(bytearray(data))
    assert s.open() == []
    other = s.size - s.base
    return s, s.base, other


def _slot(s, f, v, p):
    # offset in a copy of the statistics record (its crc) of mode (f, v, p)
    want = f | v << 3 | p << 7
    for k in s.keys:
        if (s.img[k] | s.img[k + 1] << 8) & 0x1FF == want:
            return k - 2
    raise AssertionError("no slot for the mode")


# ---- resume --------------------------------------------------------------------------------------

def test_resume_after_power_off_restores_the_same_position_and_the_undo_history_exactly(tmp_path):
    positions = []
    with _power_on(tmp_path) as h:
        start_game(h, 0, deal=7)
        for _ in range(25):
            positions.append(piles(h.game))
            play(h, h.game.hint())
        end = piles(h.game)
        tiles = _tiles(h)
        made = h.game.moves
        h.idle(3100)  # the save after 3 s without a key; then the power goes
    with _power_on(tmp_path) as h:
        p = page(h)
        assert p.title == "SOLITAIRE" and p.items[0] == "Resume " + NAMES[0] and p.sel == 0
        assert "Saved game: deal 7" in p.info
        h.press(K.A)
        assert page(h) is None
        assert (h.game.variant, h.game.number, h.game.moves) == (0, 7, made)
        assert piles(h.game) == end and _tiles(h) == tiles
        # undo takes back the moves made before the power-off, one player's move at a time
        # (with the cards autoplay sent home after it), back to the deal
        for want in reversed(positions):
            h.press(K.B)
            assert piles(h.game) == want
        h.press(K.B)
        assert h.message() == "Nothing to undo"
        view = h.screen.view
        assert all(read_pile(view, q) == engine_shows(view, h.game, q)
                   for q in range(h.game.pile_count))


def test_resume_keeps_the_rule_profile_and_autoplay_off(tmp_path):
    with _power_on(tmp_path) as h:
        start_game(h, 2, deal=99, rules="literal", autoplay=False)
        play(h, h.game.hint())
        end = piles(h.game)
        h.press(K.START)  # the pause box saves
    with _power_on(tmp_path) as h:
        past_notices(h)
        choose(h, "Resume")
        assert h.game.profile == 1 and h.game.literal and h.app.autoplay is False
        assert piles(h.game) == end
        # a card that could go home after a move stays where it is
        assert advance(h, lambda g: any(g.quick_play(q) != NO_MOVE for q in range(g.pile_count)))
        score = h.game.score()
        h.idle(1000)
        assert h.game.score() == score


def test_statistics_are_kept_across_runs_per_mode(played, tmp_path):
    _copy(played, tmp_path)
    facts = played[1]
    with _power_on(tmp_path) as h:
        past_notices(h)
        choose(h, "Statistics")
        rows = items(h)
        assert rows == [NAMES[0], NAMES[2], "Reset all statistics"]
        choose(h, NAMES[0])
        assert page(h).info[1:] == ("Played 1, won 1 (100%)", "Best score 104",
                                    "Win streak 1, best 1",
                                    "Fewest moves to a win: %d" % facts["won_moves"])
        choose(h, "Back")
        choose(h, NAMES[2])
        assert page(h).info[1:] == ("Played 1, won 0 (0%)", "Best score %d" % facts["lost_score"],
                                    "Win streak 0, best 0", "Fewest moves to a win: -")
        # and the game in progress is still offered
        h.press(K.B, K.B)
        assert items(h)[0] == "Resume " + NAMES[3]


def _solar_game(h):
    # the Solar game played by the engine's hints to its end, then the result box (A)
    hint_out(h, 2000)
    assert h.screen.over
    h.press(K.A)
    return h.game


def test_solar_statistics_keep_the_most_cards_left_in_the_stock_at_a_win(tmp_path):
    # rules §6: the score is the rockets home (4 at every win); the statistics also keep the
    # cards left in the stock: the most at a win, a quicker rescue (a lost game ends with the
    # stock empty). On the result box, the statistics box and the statistics page, kept across
    # a power-off
    lefts = []
    with _power_on(tmp_path) as h:
        for n, deal in enumerate((1, 4, 5)):  # won, lost, won (the hints' games)
            if n:
                choose(h, "Menu")
            start_game(h, 0, family=SOLAR, deal=deal)
            g = _solar_game(h)
            left = g.count(g.stock)
            head = h.screen.box[0]
            if g.status() == WON:
                lefts.append(left)
                assert head == "You won! Score 4, %d cards left" % left
            else:
                assert left == 0 and "cards left" not in head
            choose(h, "Statistics")
            # the mode's whole figures, as the Statistics page gives them
            most = str(max(lefts)) if lefts else "-"
            shown = list(h.screen.box[1])
            assert shown[0] == "Solitario Solar" and shown[1].startswith(
                "Played %d, won %d" % (n + 1, len(lefts)))
            assert shown[-1] == "Most cards left at a win: " + most
            h.press(K.A)  # back to the result box
        assert len(lefts) == 2 and lefts[0] != lefts[1]
    with _power_on(tmp_path) as h:
        past_notices(h)
        choose(h, "Statistics")
        choose(h, FAMILIES[SOLAR].variants[0])
        assert page(h).info[1] == "Played 3, won 2 (66%)"
        assert page(h).info[-1] == "Most cards left at a win: %d" % max(lefts)


# ---- damaged and foreign NVM ----------------------------------------------------------------------

def _notice(h):
    p = page(h)
    assert p is not None and not p.items and p.warn, "no notice"
    return " ".join(p.info)


@pytest.mark.parametrize("both", (False, True))
def test_a_damaged_saved_game_is_reported_and_the_statistics_are_kept(played, tmp_path, both):
    data = _copy(played, tmp_path)
    s, new, old = _layout(data)
    for base in ((new, old) if both else (new,)):
        data[base + s.o_save + 20 + 9] ^= 0x24  # a byte of the saved position
    _write(tmp_path, data)
    with _power_on(tmp_path) as h:
        text = _notice(h)
        assert "saved game" in text and "damaged" in text
        h.press(K.A)
        assert h.app.store.stats(TERRACE, 0, 0)[:3] == (1, 1, 104)
        assert h.app.store.stats(TERRACE, 2, 0)[:2] == (1, 0)
        if both:
            # nothing to resume
            assert items(h)[0] == "New game"
        else:
            # the copy written before holds the game as it was saved then
            assert "restored" in text and items(h)[0] == "Resume " + NAMES[3]


def test_damaged_statistics_are_reported_and_the_rest_is_kept(played, tmp_path):
    data = _copy(played, tmp_path)
    s, new, old = _layout(data)
    at = _slot(s, TERRACE, 0, 0)
    for base in (new, old):
        data[base + at + 4] ^= 0x10  # Terrace's played count
    _write(tmp_path, data)
    with _power_on(tmp_path) as h:
        text = _notice(h)
        assert "Statistics" in text and "damaged" in text
        h.press(K.A)
        store = h.app.store
        assert store.stats(TERRACE, 0, 0)[:2] == (0, 0)  # reset
        assert store.stats(TERRACE, 2, 0)[:2] == (1, 0)  # kept
        assert items(h)[0] == "Resume " + NAMES[3]
        choose(h, "Resume")
        assert piles(h.game) == played[1]["piles"]


def test_a_saved_position_the_engine_refuses_is_reported_removed_and_the_statistics_kept(played, tmp_path):
    # the store's records are whole (their CRCs right) but the position is impossible: a card
    # twice. Only the engine's load can tell.
    data = _copy(played, tmp_path)
    s = Store(data)
    assert s.open() == []
    saved = s.saved()
    payload = bytearray(s.saved_payload())
    pos = payload[:104]
    i = 20  # a byte of the cards (7 bits each, after the counts): flip one card into another
    payload[i] ^= 0x40
    assert payload[:104] != pos
    s.save_game(*saved[:7], saved[7], payload, len(payload))
    assert s.commit()
    _write(tmp_path, data)
    with _power_on(tmp_path) as h:
        assert items(h)[0] == "Resume " + NAMES[3]  # the store can't tell
        h.press(K.A)
        text = _notice(h)
        assert page(h).title == "Resume" and "damaged" in text and "removed" in text
        h.press(K.A)
        assert items(h)[0] == "New game" and h.game is None
        assert h.app.store.stats(TERRACE, 0, 0)[:3] == (1, 1, 104)
    with _power_on(tmp_path) as h:  # the next power-on: nothing to report, nothing to resume
        assert page(h).title == "SOLITAIRE" and items(h)[0] == "New game"


@pytest.mark.parametrize("save_mode, stats_mode", [((TERRACE, 10, 0), None), (None, (5, 0, 0)),
                                                   ((2, 0, 2), (1, 0, 1))])
def test_records_naming_a_mode_the_game_does_not_have_are_reported_and_never_shown(
        played, tmp_path, save_mode, stats_mode):
    # whole records (CRCs right) naming a mode that isn't there (a later version's, or damage
    # the CRC missed): the title's Resume would name a variant, the statistics page a family,
    # that don't exist. The store resets them at open and says so; the rest is kept.
    data = _copy(played, tmp_path)
    s = Store(data)
    assert s.open() == []
    if stats_mode:
        assert s.count_result(*stats_mode, s.new_game_id(), True, 3, 40)
    if save_mode:
        assert s.save_game(*save_mode, 0, 5, 3, 0, s.new_game_id(), bytes(104), 104)
    for _ in range(2):  # into both copies: nothing to restore them from
        s.dirty |= 1
        assert s.commit()
    _write(tmp_path, data)
    with _power_on(tmp_path) as h:
        text = _notice(h)
        assert ("saved game" in text) == bool(save_mode) and ("Statistics" in text) == bool(stats_mode)
        h.press(K.A)
        assert items(h)[0] == ("New game" if save_mode else "Resume " + NAMES[3])
        choose(h, "Statistics")
        assert items(h) == [NAMES[0], NAMES[2], "Reset all statistics"]
        choose(h, NAMES[2])
        assert page(h).info[1] == "Played 1, won 0 (0%)"


def _foreign(tmp_path, older=False):
    rng = random.Random(4)
    data = bytes(rng.randrange(256) for _ in range(8192))
    if older:  # what the app's first versions wrote: "SOL" and version 1
        data = b"SOL\x01" + data[4:]
    _write(tmp_path, data)
    return data


@pytest.mark.parametrize("older", (False, True))
def test_foreign_nvm_contents_are_reported_and_left_as_they_are(tmp_path, older):
    data = _foreign(tmp_path, older)
    with _power_on(tmp_path) as h:
        text = _notice(h)
        assert ("older version" if older else "other data") in text and "saves are off" in text.lower()
        h.press(K.A)  # then the choice, keeping the other program's data
        choose(h, "Play without saving")
        start_game(h, 2, deal=5)  # the game plays, in RAM
        for _ in range(5):
            play(h, h.game.hint())
        h.idle(3100)
        h.press(K.START)
        choose(h, "Quit to menu")
        choose(h, "Yes")
        assert h.session.nvm.writes == 0
    assert (tmp_path / NVM).read_bytes() == data


def test_other_programs_data_is_unchanged_after_a_whole_game_played_without_saving(tmp_path):
    # to its end: the game over (counted in RAM), the result box, a new deal played a little,
    # then left from the pause box to the menu, the statistics page; no NVM write on any of it
    data = _foreign(tmp_path)
    with _power_on(tmp_path) as h:
        _notice(h)
        h.press(K.A)
        assert items(h)[0] == "Play without saving"  # the default
        h.press(K.A)
        start_game(h, 0, deal=find_deal(0, WON))
        hint_out(h)
        assert h.game.status() == WON and h.screen.over
        h.press(K.A)  # past "You won!" to the result box
        assert items(h)[0].startswith("Play deal") and "Statistics" not in items(h)  # nothing kept
        choose(h, "New deal")
        for _ in range(3):
            play(h, h.game.hint())
        h.idle(3100)
        h.press(K.START)
        choose(h, "Quit to menu")
        choose(h, "Yes")
        assert items(h)[0] == "Resume " + NAMES[0]  # kept in RAM meanwhile
        choose(h, "Statistics")
        choose(h, NAMES[0])
        assert page(h).info[1] == "Played 1, won 1 (100%)"
        assert h.session.nvm.writes == 0 and not h.app.store.saving
    assert (tmp_path / NVM).read_bytes() == data


def test_foreign_nvm_contents_the_player_is_asked_before_they_are_erased(tmp_path):
    _foreign(tmp_path)
    with _power_on(tmp_path) as h:
        _notice(h)
        h.press(K.A)
        assert "Erase it, save here" in items(h)
        choose(h, "Erase it, save here")
        choose(h, "Yes")
        assert h.app.store.saving
    with _power_on(tmp_path) as h:
        assert page(h).title == "SOLITAIRE"


@pytest.mark.parametrize("size", [0, 128])
def test_a_board_without_save_memory_says_once_at_start_up_that_saving_is_off(monkeypatch, size):
    # no NVM (or one under 256 bytes, where no store fits): the game plays in RAM, and the
    # player is told once, before the title, rather than finding out after a power-off
    from sim import profiles

    monkeypatch.setattr(profiles.PYBADGE, "nvm_size", size)
    with _power_on(None) as h:
        p = page(h)
        assert p.title == "Save memory" and p.warn and "saving is off" in " ".join(p.info)
        h.press(K.A)
        assert page(h).title == "SOLITAIRE"
        start_game(h, 2, deal=5)
        play(h, h.game.hint())
        h.press(K.START)
        choose(h, "Quit to menu")
        choose(h, "Yes")
        assert page(h).title == "SOLITAIRE" and items(h)[0] == "Resume " + NAMES[2]
        assert not h.app.store.saving and h.session.nvm.writes == 0


# ---- NVM writes ----------------------------------------------------------------------------------

def test_a_new_game_is_saved_at_the_step_after_its_table_shows(tmp_path):
    # the key that starts a game shows its table at once; its first save (with the game left
    # behind counted) is the next step's work, once the player sees the table
    with _power_on(tmp_path) as h:
        nvm = h.session.nvm
        start_game(h, 0, deal=5, autoplay=False)
        first = h.game
        play(h, first.hint())
        h.press(K.START)
        choose(h, "New deal")
        while items(h)[selected(h)] != "Yes":
            h.press(K.DOWN)
        before = nvm.writes
        h.press(K.A, settle=False)  # the new deal's table shows: nothing written yet
        assert h.game is not first and type(h.screen).__module__ == "solitaire.play"
        assert nvm.writes == before and h.app.save_soon
        h.step()
        assert nvm.writes == before + 1 and not h.app.save_soon
        assert h.app.saved_version == h.game.version
        number = h.game.number
    with _power_on(tmp_path) as h:  # a power cut right after: the new deal comes back
        assert h.app.store.saved()[4] == number != first.number


def test_nvm_is_written_on_events_not_per_frame(tmp_path):
    with _power_on(tmp_path) as h:
        nvm = h.session.nvm
        start_game(h, 2, deal=7, autoplay=False)
        w = nvm.writes
        frames = h.refreshes
        for _ in range(30):  # moves a few keys apart: no write
            play(h, h.game.hint())
        assert nvm.writes == w and h.refreshes > frames + 30
        h.idle(2800)
        assert nvm.writes == w
        h.idle(300)  # 3 s after the last key: one write
        assert nvm.writes == w + 1
        h.idle(6000)
        assert nvm.writes == w + 1
        play(h, h.game.hint())
        h.press(K.START)  # a move, then the pause box: one write
        assert nvm.writes == w + 2
        choose(h, "Resume")
        play(h, h.game.hint())
        h.press(K.START)
        choose(h, "Quit to menu")
        choose(h, "Yes")  # a move, then quit: saved
        assert w + 3 <= nvm.writes <= w + 4
        # the game's end: counted in one write as it ends, none at the result
        choose(h, "Resume")
        before = nvm.writes
        hint_out(h)
        assert h.screen.over and nvm.writes == before + 1
        h.press(K.A)
        assert nvm.writes == before + 1 and h.screen.box is not None


def test_nvm_is_not_written_again_when_nothing_changed(tmp_path):
    with _power_on(tmp_path) as h:
        nvm = h.session.nvm
        start_game(h, 2, deal=7, autoplay=False)
        play(h, h.game.hint())
        h.idle(3100)  # saved
        w = nvm.writes
        for _ in range(3):
            h.press(K.START)  # the pause box over the same position
            choose(h, "Resume")
        h.press(K.START)
        choose(h, "Quit to menu")
        choose(h, "Yes")
        assert nvm.writes == w


# ---- the same, under MicroPython ---------------------------------------------------------------

RESUME = r"""
from engine import terrace
from engine.game import NO_MOVE, PLAYING
from engine.pack import history_from
from engine.undo import UndoLog
from solitaire.app import App as Session  # (its save: App.save)
from solitaire.store import Store


class App(Session):
    # the app's save (solitaire/app.py App.save) with no screens: what it reads
    def __init__(self, nvm):
        self.store = Store(nvm)
        self.notes = self.store.open()
        self.payload = self.store.payload_area()
        self.gkey = (0, 0, 0)
        self.game_id = self.store.new_game_id()
        self.counted = False
        self.saved_version = -1
        self.game = terrace.Game(0, 0, 0, UndoLog(500))


def position(g):
    return (bytes(g.card(p, i) for p in range(g.pile_count) for i in range(g.count(p)))
            + bytes(g.count(p) for p in range(g.pile_count)))


def autoplay(g):
    # cards home chained to the move, as the table's autoplay does
    go = True
    while go:
        go = False
        for p in range(g.pile_count):
            m = g.quick_play(p)
            if m != NO_MOVE and g.apply(m, True):
                go = True
                break


nvm = bytearray(b"\xff" * 8192)
a = App(nvm)
g = a.game
g.deal(7)
before = []
while len(before) < 110 and g.status() == PLAYING:
    before.append(position(g))
    assert g.apply(g.hint())
    if g.base:
        autoplay(g)
assert g.moves > 123, g.moves
a.save()
# power-off, power-on: what solitaire.opening.resume does with the store's save
s = Store(nvm)
assert s.open() == []
f, v, p, flags, number, made, score, gid = s.saved()
assert (f, v, p, number, made, score, gid) == (0, 0, 0, 7, g.moves, g.score(), a.game_id)
h = terrace.Game(v, p, 0, UndoLog(500))
h.deal(number)
data = s.saved_payload()
assert h.load_from(data)
assert history_from(h.undo_log, data, h.SNAPSHOT_SIZE) > 0
assert position(h) == position(g) and h.moves == g.moves
for want in reversed(before):
    assert h.undo()
    assert position(h) == want
assert not h.undo()
print("resume ok")
"""


def test_the_apps_save_and_a_resume_run_under_micropython_with_the_undo_history():
    # a game longer than the first versions' 123-move save: position and history come back
    out = run_micropython(RESUME, dirs=("engine", "lib/solitaire"))
    assert "resume ok" in out
