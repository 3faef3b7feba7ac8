# The app around the store under a power cut (issue 36): the real app plays a game (in-process,
# nothing drawn: tests/apphost.py), every NVM write it makes is recorded, and a power cut at
# every byte of every write (byte-prefix model) and at every page (flash model:
# tests/test_store_harness.py cut_images) gives an image that is opened as the next power-on
# opens it: the statistics, and the game Resume offers loaded as solitaire/opening.py resume()
# loads it. What must hold at every cut:
# - a finished game is never offered to resume (its end is counted, and its save cleared, in
#   the write that ends it; a finished position is never written);
# - a win is counted once and never as a loss;
# - a loss taken back with undo and played on is saved again and offered, and stays counted once.
import hashlib

import pytest

from engine.game import LOST, NO_MOVE, PLAYING, WON
from engine.registry import FAMILIES, find, import_module
from engine.undo import UndoLog
from sim import hw
from solitaire import keys as K
from solitaire.store import Store
from tests.apphost import piles
from tests.test_app_helpers import (TERRACE, choose, find_deal, hint_out, hint_play, host,
                                    items, past_notices, set_option, type_deal)
from tests.test_store_harness import cut_images, quick_crc  # noqa: F401 (a fixture)

SOLAR = find("solar")
WON_DEAL = find_deal(0, WON)  # Terrace: the hints win it, and lose LOST_DEAL
LOST_DEAL = find_deal(0, LOST)


@pytest.fixture
def writes(monkeypatch):
    # every NVM write the app makes: (image before, (offset, bytes), image after)
    log = []
    real = hw.Nvm.__setitem__

    def setitem(nvm, index, value):
        before = bytes(nvm._data)
        real(nvm, index, value)
        log.append((before, (index.start, bytes(value)), bytes(nvm._data)))

    monkeypatch.setattr(hw.Nvm, "__setitem__", setitem)
    return log


_loaded = {}  # a saved game's status, by its bytes (most cuts give back the same save)
_shown = {}  # what an image shows, by its bytes' digest: a write's cuts within bytes it leaves
# as they were give the same image, and every test plays the same game


def shows(img, mode):
    # what the next power-on shows: the mode's (played, won), and the game Resume offers as
    # None or its status once loaded (a save the engine refuses is removed, never resumed: None)
    key = (hashlib.blake2b(img).digest(), mode)
    if key not in _shown:
        _shown[key] = _shows(img, mode)
    return _shown[key]


def _shows(img, mode):
    s = Store(bytearray(img))
    s.open()
    offered = s.saved()
    status = None
    if offered is not None:
        f, v, p, flags, number = offered[:5]
        data = bytes(s.saved_payload())
        key = (f, v, p, number, data)
        if key not in _loaded:
            g = import_module(FAMILIES[f].module).Game(v, p, 0, UndoLog(500))
            g.number = number
            _loaded[key] = g.status() if g.load_from(bytearray(data), 0, True) else None
        status = _loaded[key]
    return s.stats(*mode)[:2], status


def every_cut(log, first=0):
    # (write index, model, cut, image) for every cut of every write from log[first] on
    for w in range(first, len(log)):
        before, write, after = log[w]
        for model in ("byte", "flash"):
            for where, img in cut_images(before, write, after, model):
                yield w, model, where, img


def _start(h, family, variant, deal, motion):
    # through the menus: the mode, Motion on or off, the deal number, Start game
    past_notices(h)
    choose(h, "New game")
    choose(h, FAMILIES[family].name)
    choose(h, FAMILIES[family].variants[variant])
    set_option(h, "Motion: ", "on" if motion else "off")
    type_deal(h, deal)
    choose(h, "Start game")
    h.settle()


def _play_by_hints(h, pause_every):
    # the hints through the table's own move path, each move a key for the idle save and the
    # screen's sleep; a pause of 3 s (an idle save) every pause_every moves
    made = 0
    while not h.screen.over:
        assert h.game.hint() != NO_MOVE
        h.app.last_move = h.app.last_key = h.now
        assert h.screen.play_hint()
        h.settle()
        made += 1
        if made % pause_every == 0:
            h.idle(3100)
    return made


# ---- a game played to a win ---------------------------------------------------------------------

@pytest.mark.parametrize("motion, dark", [(False, False), (True, False), (False, True),
                                          (True, True)],
                         ids=["motion off", "motion on", "motion off, dark", "motion on, dark"])
def test_a_power_cut_at_every_byte_of_a_won_game_never_offers_it_and_counts_the_win_once(
        tmp_path, writes, quick_crc, motion, dark):
    mode = (TERRACE, 0, 0)
    # the screen dims 2 s and goes dark 5 s after the last key (saving first, as it always
    # does) while "You won! Press A." shows; else the player waits 8 s on it, then switches off
    settings = {"SOLITAIRE_DIM": 2, "SOLITAIRE_SLEEP": 5} if dark else None
    with host(data_dir=tmp_path, settings=settings) as h:
        _start(h, TERRACE, 0, WON_DEAL, motion)
        first = len(writes)  # (the writes before are the options: no game yet)
        _play_by_hints(h, 25)
        assert h.game.status() == WON
        ended = len(writes)
        h.idle(8000)
        assert (h.app.lit == 0) == dark
        assert h.app.store.stats(*mode)[:2] == (1, 1)
    assert ended - first >= 4  # the new game's save, idle saves, the end
    assert len(writes) == ended  # nothing written once the game has ended
    assert shows(writes[-1][2], mode) == ((1, 1), None)  # counted, nothing to resume
    cuts = 0
    for w, model, where, img in every_cut(writes):
        (played, won), status = shows(img, mode)
        assert status in (None, PLAYING), (w, model, where)  # never a finished game
        assert played == won <= 1, (w, model, where)  # a win, once; never a loss
        if model == "byte" and w > first:  # (a flash cut's erase may lose it all: docs/saves.md)
            # the old state or the new: the game to resume, or its win counted
            assert won == 1 or status == PLAYING, (w, where)
        cuts += 1
    assert cuts > 4 * 1536


def test_the_power_on_after_a_cut_in_the_write_that_ends_a_game_resumes_it_or_has_counted_it(
        tmp_path, writes):
    # the cut images either side of the end's write, each powered on in the app: the game in
    # play is offered and plays on to its win, counted once; or the win is there and nothing is
    # offered
    with host(data_dir=tmp_path) as h:
        _start(h, TERRACE, 0, WON_DEAL, False)
        _play_by_hints(h, 40)
    before, write, after = writes[-1]
    images = list(cut_images(before, write, after, "byte"))
    mode = (TERRACE, 0, 0)
    for where, img in (images[len(images) // 2], images[-1]):
        (tmp_path / "pybadge.nvm").write_bytes(bytes(img))
        with host(data_dir=tmp_path) as h:
            title = items(h)
            if title[0].startswith("Resume"):
                assert h.app.store.stats(*mode)[:2] == (0, 0)
                h.press(K.A)
                assert h.game.status() == PLAYING and not h.screen.over
                hint_out(h)
            else:
                assert title[0] == "New game"
            assert h.app.store.stats(*mode)[:2] == (1, 1)
            assert h.app.store.saved() is None


def test_a_finished_game_saved_by_an_older_version_is_counted_once_when_resumed(tmp_path):
    # the saved image of issue 36 (d1_won_uncounted): a version that saved a game before
    # counting it left every card home and no result. Resumed, it ends at once: the win counted
    # in one write, "You won! Press A.", and it is offered no more
    with host(data_dir=tmp_path) as h:
        _start(h, TERRACE, 0, WON_DEAL, False)
        g = hint_play(0, 0, WON_DEAL)  # the engine alone, as the table plays it: its last move
        assert g.status() == WON and g.can_undo()  # made, nothing counted, nothing saved
        buf = h.app.payload  # the older App.save, which wrote any game not yet counted
        n = g.save_into(buf, 0, True)
        h.app.store.save_game(TERRACE, 0, 0, 0, g.number, g.moves, g.score(), h.app.game_id,
                              None, n)
        h.app.store.commit()
    with host(data_dir=tmp_path) as h:
        assert items(h)[0].startswith("Resume")
        writes = h.session.nvm.writes
        h.press(K.A)
        assert h.screen.over and h.message() == "You won! Press A."
        assert h.session.nvm.writes == writes + 1
        assert h.app.store.stats(TERRACE, 0, 0)[:2] == (1, 1) and h.app.store.saved() is None
        h.press(K.A)
        assert h.screen.box[0].startswith("You won!")
        choose(h, "Menu")
        assert items(h)[0] == "New game"
        assert h.app.store.stats(TERRACE, 0, 0)[:2] == (1, 1)


# ---- a loss taken back ----------------------------------------------------------------------------

def test_a_loss_taken_back_and_played_on_is_saved_again_and_stays_counted_once(
        tmp_path, writes, quick_crc):
    # docs/saves.md: the loss is counted when it happens and stays counted (played 1, won 0)
    # however the game goes on after the undo, unless that same game is won. Played on, the
    # game is saved as any game in play: idle, at pause, at quit; a power cut brings it back
    mode = (TERRACE, 0, 0)
    with host(data_dir=tmp_path) as h:
        _start(h, TERRACE, 0, LOST_DEAL, False)
        hint_out(h)
        assert h.game.status() == LOST and h.screen.over
        assert h.app.store.stats(*mode)[:2] == (1, 0) and h.app.store.saved() is None
        lost = len(writes)
        h.press(K.B)  # "No moves left. B: undo, A: the result."
        h.press(K.B)  # and one move more: the game goes on from there
        assert not h.screen.over and h.game.status() == PLAYING
        h.idle(3100)  # saved again
        assert len(writes) == lost + 1 and h.app.store.saved() is not None
        m = h.game.hint()
        h.app.last_move = h.now
        assert h.screen.play_hint()
        h.settle()
        position = piles(h.game)
        moves = h.game.moves
        h.press(K.START)
        choose(h, "Quit to menu")
        choose(h, "Yes")
        assert items(h)[0] == "Resume " + FAMILIES[TERRACE].variants[0]
        assert len(writes) == lost + 2
        assert m != NO_MOVE
    # a power cut at every byte of every write since the loss: the continued game offered (or
    # the save before it), the loss counted once
    for w, model, where, img in every_cut(writes, lost):
        (played, won), status = shows(img, mode)
        assert played <= 1 and won == 0 and status in (None, PLAYING), (w, model, where)
        if model == "byte":  # (a flash cut's erase may lose it all: docs/saves.md)
            assert played == 1, (w, where)
            if w > lost:  # (before the first save after the undo there was none)
                assert status == PLAYING, (w, where)
    # the power comes back: Resume, the position played on, its undo history; played on to its
    # end, lost again: still one game played
    with host(data_dir=tmp_path) as h:
        assert items(h)[0].startswith("Resume")
        h.press(K.A)
        assert piles(h.game) == position and h.game.moves == moves and h.game.can_undo()
        assert h.app.store.stats(*mode)[:2] == (1, 0)
        hint_out(h)
        assert h.screen.over and h.game.status() == LOST
        h.press(K.A)
        assert h.app.store.stats(*mode)[:2] == (1, 0) and h.app.store.saved() is None
        choose(h, "Menu")
        assert items(h)[0] == "New game"


def test_a_resign_taken_back_and_won_counts_one_game_won_and_keeps_the_streak(tmp_path):
    # Solar: a win, then a game resigned (counted lost: the streak shows 0), taken back with
    # undo, quit, resumed after a power-off and won: two games played, both won, streak 2
    mode = (SOLAR, 0, 0)
    with host(data_dir=tmp_path) as h:
        _start(h, SOLAR, 0, 1, False)
        hint_out(h, 2000)
        assert h.game.status() == WON
        h.press(K.A)
        choose(h, "Menu")
        _start(h, SOLAR, 0, 5, False)  # (the hints win deal 5 too)
        g = h.game
        for _ in range(5):
            h.app.last_move = h.now
            assert h.screen.play_hint()
            h.settle()
        h.press(K.START)
        choose(h, "Resign")
        choose(h, "Yes")
        assert g.status() == LOST and h.screen.over
        assert h.app.store.stats(*mode)[:4] == (2, 1, 4, 0)
        h.press(K.B)  # the resign taken back
        assert g.status() == PLAYING
        h.press(K.START)
        choose(h, "Quit to menu")
        choose(h, "Yes")
        number = g.number
    with host(data_dir=tmp_path) as h:
        assert items(h)[0].startswith("Resume")
        h.press(K.A)
        assert h.game.number == number and not h.game.resigned
        hint_out(h, 2000)
        assert h.game.status() == WON
        assert h.app.store.stats(*mode)[:5] == (2, 2, 4, 2, 2)
