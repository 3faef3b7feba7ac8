# The app shell in the headless simulator (sim.runner.run): every board reaches the title and
# starts every Terrace mode with its own buttons; a whole game is played with keys to the
# result screen; pause menu actions; bad settings give a message, not a crash.
import pytest

from engine.game import LOST, PLAYING, WON
from sim.runner import run
from solitaire import app as appmod
from solitaire import screen

from tests.test_app_helpers import (BOARDS, MODES, SIZES, app, boot, count_colour, down,
                                    game_keys, ok, piles, start_keys)


@pytest.mark.parametrize("board", BOARDS)
def test_every_board_reaches_the_title_with_the_first_item_highlighted(board):
    r = run(board=board, keys="")
    ok(r)
    a = app(r)
    assert a.state == appmod.TITLE and a.rows[a.sel] == "New game"
    # the selection bar is drawn (bright, behind dark text) and the title bar is there
    assert count_colour(r, screen.BAR) > 500 * (r.width // 160) ** 2
    assert count_colour(r, screen.TITLE_BG, area=(0, 0, r.width, 8)) > r.width * 3


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("variant", MODES)
def test_every_board_starts_every_terrace_mode_with_its_buttons(board, variant):
    r = run(board=board, keys=start_keys(board, variant), settings={"SOLITAIRE_DEAL": 11})
    ok(r)
    a = app(r)
    assert a.state == appmod.PLAY
    assert a.game.variant == variant and a.game.profile == 0 and a.game.number == 11
    assert a.display.root_group is a.view.group
    # the play screen replaced the options menu: no menu bar colour left, and most pixels changed
    assert count_colour(r, screen.BAR, frame=-2) > 0
    changed = sum(1 for i in range(0, len(r.frame), 3) if r.frame[i:i + 3] != r.frames[-2][i:i + 3])
    assert changed > r.width * r.height // 4


@pytest.mark.parametrize("board", BOARDS)
def test_literal_profile_and_autoplay_off_are_chosen_in_the_options(board):
    r = run(board=board, keys=start_keys(board, 2, literal=True, autoplay=False))
    ok(r)
    a = app(r)
    assert a.state == appmod.PLAY and a.game.profile == 1 and a.view.autoplay is False


def test_options_menu_labels_literal_as_much_harder():
    r = run(board="pybadge", keys="A A A DOWN A")
    ok(r)
    a = app(r)
    assert a.state == appmod.OPTIONS and a.rows[1] == "Rules: literal (much harder)"


def test_deal_number_entered_with_the_buttons():
    # Deal row -> editor (cursor on OK) -> LEFT to the last digit, A twice = 2, LEFT, UP = 10s
    keys = "A A A DOWN DOWN DOWN A LEFT A A LEFT UP RIGHT RIGHT A A"
    r = run(board="pybadge", keys=keys)
    ok(r)
    a = app(r)
    assert a.deal_choice == 12
    assert a.state == appmod.PLAY and a.game.number == 12


def test_deal_number_entry_on_four_buttons():
    keys = "A A A RIGHT RIGHT RIGHT A LEFT A A A RIGHT A A"
    r = run(board="pico320", keys=keys)
    ok(r)
    a = app(r)
    assert a.deal_choice == 3 and a.state == appmod.PLAY and a.game.number == 3


def test_first_deal_is_random_without_the_setting_and_forced_with_it():
    r1 = run(board="pybadge", keys=start_keys("pybadge"), seed=5)
    r2 = run(board="pybadge", keys=start_keys("pybadge"), seed=6)
    n1, n2 = app(r1).game.number, app(r2).game.number
    assert n1 != n2 and 1 <= n1 < 2**30 and 1 <= n2 < 2**30
    r3 = run(board="pybadge", keys=start_keys("pybadge"), settings={"SOLITAIRE_DEAL": 123456})
    assert app(r3).game.number == 123456


def test_rules_screen_scrolls_and_returns_to_the_options():
    r = run(board="pybadge", keys="A A A DOWN DOWN DOWN DOWN A DOWN DOWN DOWN")
    ok(r)
    a = app(r)
    assert a.state == appmod.RULES and a.top == 3
    assert any("Reserve 11" in line for line in a.rows)
    assert any("classic" in line.lower() for line in a.rows)
    assert r.frames[-1] != r.frames[-4]  # scrolling changed the screen
    r = run(board="pybadge", keys="A A A DOWN DOWN DOWN DOWN A DOWN B")
    assert app(r).state == appmod.OPTIONS


@pytest.mark.parametrize("board,pause", [("pybadge", "START"), ("pygamer", "START"), ("pico320", "hold:B:800")])
def test_pause_menu_on_every_board(board, pause):
    r = run(board=board, keys=start_keys(board) + " A " + pause)
    ok(r)
    a = app(r)
    assert a.state == appmod.PAUSE
    assert a.rows[a.first:] == ["Resume", "Undo", "Hint", "Restart this deal", "New deal", "Rules",
                                "Quit to menu"]


def test_pause_menu_restart_and_new_deal():
    d = "DOWN"
    # choose the base (A), pause, Restart this deal
    r = run(board="pybadge", keys=start_keys("pybadge") + " A START %s %s %s A" % (d, d, d),
            settings={"SOLITAIRE_DEAL": 9})
    ok(r)
    a = app(r)
    assert a.state == appmod.PLAY and a.game.number == 9 and a.game.moves == 0
    r = run(board="pybadge", keys=start_keys("pybadge") + " A START %s %s %s %s A" % (d, d, d, d),
            settings={"SOLITAIRE_DEAL": 9})
    a = app(r)
    assert a.state == appmod.PLAY and a.game.number != 9 and a.game.moves == 0
    # both abandoned games count as played
    assert a.store.stats(0, 0, 0)[0] == 1


def test_pause_menu_undo_takes_back_the_base_choice():
    from engine import terrace

    r = run(board="pybadge", keys=start_keys("pybadge", autoplay=False) + " A START DOWN A",
            settings={"SOLITAIRE_DEAL": 5})
    ok(r)
    a = app(r)
    assert a.state == appmod.PLAY and a.game.moves == 0
    fresh = terrace.Game(0, 0)
    fresh.deal(5)
    assert piles(a.game) == piles(fresh)
    assert r.frames[-1] != r.frames[-2]  # the pause menu is gone


def test_quit_to_menu_offers_resume_on_the_title():
    r = run(board="pybadge", keys=start_keys("pybadge") + " A START UP A A", settings={"SOLITAIRE_DEAL": 77})
    ok(r)
    a = app(r)
    assert a.state == appmod.PLAY and a.game.number == 77 and a.game.moves >= 1


def _play_to_the_end(board, deal, variant=0):
    game, keys = game_keys(variant, 0, deal, SIZES[board])
    r = run(board=board, keys=start_keys(board, variant) + " " + " ".join(keys),
            settings={"SOLITAIRE_DEAL": deal})
    ok(r)
    return game, r


def test_a_game_played_with_keys_to_a_win_reaches_the_result_screen():
    # deal 7 of Terrace (classic, autoplay on) is won by playing the engine's hints
    game, r = _play_to_the_end("pybadge", 7)
    assert game.status() == WON
    a = app(r)
    assert a.state == appmod.RESULT and a.title == "You won!"
    assert a.game.status() == WON and a.game.score() == 104
    assert piles(a.game) == piles(game)
    assert a.store.stats(0, 0, 0) == (1, 1, 104)
    assert a.store.saved() is None  # a won game is not offered for resume
    assert "Score 104   Deal 7" in a.rows
    assert count_colour(r, screen.BAR) > 0 and count_colour(r, screen.TITLE_BG) > 0


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("variant", MODES)
def test_every_mode_is_playable_start_to_finish_with_the_buttons_of_every_board(board, variant):
    # the engine's hints played with RIGHT and A (keys every board has) until the game ends;
    # the app must reach its result screen with the same position as the offline game
    game, r = _play_to_the_end(board, 5, variant)
    assert game.status() in (WON, LOST)
    a = app(r)
    assert a.state == appmod.RESULT and a.game.status() == game.status()
    assert piles(a.game) == piles(game)


def test_a_lost_game_shows_the_result_and_can_be_undone():
    game, r = _play_to_the_end("pybadge", 43)
    assert game.status() == LOST
    a = app(r)
    assert a.state == appmod.RESULT and a.title == "No moves left"
    assert a.rows[a.first:] == ["Play this deal again", "New deal", "Undo last move", "Menu"]
    # counted as a played game as soon as it is lost, and the result screen says so
    assert a.store.stats(0, 0, 0) == (1, 0, game.score())
    assert "Played 1 won 0 best %d" % game.score() in a.rows


def test_lost_game_undo_from_the_result_screen_goes_back_to_play():
    game, keys = game_keys(0, 0, 43, SIZES["pybadge"])
    r = run(board="pybadge", keys=start_keys("pybadge") + " " + " ".join(keys) + " DOWN DOWN A",
            settings={"SOLITAIRE_DEAL": 43})
    ok(r)
    a = app(r)
    assert a.state == appmod.PLAY and a.game.status() == PLAYING
    # still resumable, and marked as counted so losing it again is not a second game
    assert a.active and a.counted and a.store.saved()[3] & appmod.OPT_COUNTED


def test_lost_game_then_new_deal_counts_it_as_played():
    game, keys = game_keys(0, 0, 43, SIZES["pybadge"])
    r = run(board="pybadge", keys=start_keys("pybadge") + " " + " ".join(keys) + " DOWN A",
            settings={"SOLITAIRE_DEAL": 43})
    ok(r)
    a = app(r)
    assert a.state == appmod.PLAY and a.game.number != 43
    assert a.store.stats(0, 0, 0) == (1, 0, game.score())


def test_statistics_and_controls_pages():
    r = run(board="pico320", keys="RIGHT RIGHT A")
    ok(r)
    a = app(r)
    assert a.state == appmod.TEXT and a.title == "Controls"
    text = " ".join(a.rows)
    assert "hold B alone: pause menu" in text and "hold B + LEFT/RIGHT: up/down" in text
    r = run(board="pybadge", keys="DOWN A")
    a = app(r)
    assert a.title == "Statistics" and a.rows == ["No games played yet."]


@pytest.mark.parametrize("board,settings,words", [
    ("pico320", {"SOLITAIRE_BUTTONS": "A=GP12 B=GP99 LEFT=GP14 RIGHT=GP15"}, ("SOLITAIRE_BUTTONS", "GP99")),
    ("pico320", {"SOLITAIRE_BUTTONS": "A=GP12 FIRE=GP13"}, ("SOLITAIRE_BUTTONS", "FIRE", "expected")),
    ("pico320", {"SOLITAIRE_BUTTONS": "A=GP12 B=GP13"}, ("SOLITAIRE_BUTTONS", "LEFT and RIGHT")),
    ("pico320", {"SOLITAIRE_BUTTONS": "A GP12"}, ("SOLITAIRE_BUTTONS", "NAME=PIN")),
    ("pico320", {"SOLITAIRE_BUTTONS": ""}, ("SOLITAIRE_BUTTONS", "not set")),
    ("pybadge", {"SOLITAIRE_DEAL": "seven"}, ("SOLITAIRE_DEAL", "whole number")),
    ("pybadge", {"SOLITAIRE_DEAL": 2**30}, ("SOLITAIRE_DEAL", "1073741823")),
    ("pybadge", {"SOLITAIRE_DEBUG_MEM": 5}, ("SOLITAIRE_DEBUG_MEM", "0..1")),
    ("pybadge", {"SOLITAIRE_BOARD": "gameboy"}, ("SOLITAIRE_BOARD", "pybadge pygamer generic")),
    ("pico320", {"SOLITAIRE_BOARD": "pybadge"}, ("BUTTON_CLOCK", "SOLITAIRE_BOARD")),
])
def test_bad_settings_give_a_message_on_screen_not_a_crash(board, settings, words, capsys):
    r = run(board=board, keys="wait:500 A", settings=settings)
    assert r.error is None, r.traceback
    err = boot(r).last_error
    assert err is not None
    text = str(err)
    for w in words:
        assert w in text, (w, text)
    # the message is on the screen (dark red background, white text) and on the console
    assert count_colour(r, 0x401010, frame=0) > r.width * r.height // 2
    assert count_colour(r, 0xFFFFFF, frame=0) > 200
    assert words[0] in capsys.readouterr().out


def test_error_screen_waits_and_a_button_restarts_the_program():
    # a key press on the error screen reloads (the simulator ends the run there)
    r = run(board="pybadge", keys="wait:500 A wait:500 wait:500", settings={"SOLITAIRE_DEAL": "x"})
    assert r.error is None and boot(r).last_error is not None
    assert r.elapsed_ms < 500 + 500 + 350 + 1000


def test_debug_mem_prints_at_start_after_the_deal_and_every_50_moves(capsys):
    game, keys = game_keys(0, 0, 7, SIZES["pybadge"], stop_after=120)
    r = run(board="pybadge", keys=start_keys("pybadge") + " " + " ".join(keys),
            settings={"SOLITAIRE_DEAL": 7, "SOLITAIRE_DEBUG_MEM": 1})
    ok(r)
    out = capsys.readouterr().out
    assert "mem_free start" in out and "mem_free after deal" in out
    counts = [int(line.split("after ")[1].split(" moves")[0]) for line in out.splitlines()
              if " moves:" in line]
    # one line per 50 moves (autoplay may add a few moves to the key that crosses the mark)
    assert len(counts) >= 2 and all(50 * (i + 1) <= c < 50 * (i + 1) + 10 for i, c in enumerate(counts)), counts
