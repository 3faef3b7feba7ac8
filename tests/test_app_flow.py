# The app from power-on to a game's end: every board reaches the title and starts every Terrace
# mode with its own buttons, the options (rule profile, autoplay, colours, deal number, the first
# deal), the pages (rules, statistics, controls, how to play), the pause box, a game won and a
# game lost with keys, bad settings and the error screen, SOLITAIRE_DEBUG_MEM.
# The real buttons and start-up go through sim.runner.run; the rest through tests/apphost.py.
import pytest

from engine.game import LOST, PLAYING, WON
from engine.registry import FAMILIES
from sim.runner import run
from solitaire import keys as K
from solitaire import boxmenu, listscreen, howto_terrace

from tests.apphost import piles
from sim.mpy import run_micropython
from tests.test_app_helpers import (BOARDS, MODES, TERRACE, app, boot, choose, count,
                                    count_colour, count_in, find_deal, has_table, hint_out, host,
                                    items, ok, page, past_notices, pause_key, play, play_out,
                                    quit_keys, recorder, set_option, start_game, start_keys,
                                    to_table, unpainted)

NAMES = FAMILIES[TERRACE].variants


def _bar_rows(h):
    # screen rows where the menu's highlight bar shows
    w, height = h.session.profile.width, h.session.profile.height
    data = h.frame()
    return [y for y in range(height)
            if count_in(data[y * w * 3:(y + 1) * w * 3], listscreen.BAR) > w // 2]


# ---- each board's own buttons (the runner) -----------------------------------------------------

@pytest.mark.parametrize("board", BOARDS)
def test_every_board_reaches_the_title_with_the_first_item_highlighted_and_starts_every_mode_with_its_buttons(board, tmp_path, monkeypatch):
    # one script: a first start's notice, the title, every mode started from the menus and
    # left with the pause box's Quit to menu (the title then offers Resume above New game);
    # the recorder's log tells what each key showed (the bar's pixels: the next test)
    unpainted(monkeypatch)
    keys = [start_keys(board, 0), quit_keys(board)]
    for v in MODES[1:]:
        keys.append(start_keys(board, 1, first=False, resume_offered=True))
        keys.append(quit_keys(board) if v < MODES[-1] else pause_key(board))
    r = run(board=board, keys=" ".join(keys), code=recorder(tmp_path),
            settings={"SOLITAIRE_DEAL": 11})
    ok(r)
    log = r.globals["log"]
    # a first start greets the player; A goes on to the title, first row lit
    assert log[0][:2] == ("page", "Welcome to Solitaire")
    assert log[1][:2] == ("page", "SOLITAIRE") and log[1][2][0] == "New game" and log[1][3] == 0
    # every mode's table was shown, in order, the first with SOLITAIRE_DEAL's number
    tables = []
    for e in log:
        if e[0] == "table" and (not tables or tables[-1][:2] != e[1:3]):
            tables.append((e[1], e[2], e[3]))
    assert [t[0] for t in tables] == [(TERRACE, v, 0) for v in MODES]
    assert tables[0][1] == 11
    assert all(t[2] for t in tables), "the table's group is on the display"
    # each game was paused with the board's pause key and left from the box
    boxes = [e[4] for e in log if e[0] == "table" and e[4] is not None]
    paused = [b for b in boxes if b[1][0] == "Resume"]
    # (a name too long for the status line with "Paused: " goes without it; the battery's level
    # goes last where the board has a monitor)
    assert {b[0].split(" #")[0].split("  bat ")[0].replace("Paused: ", "") for b in paused} == set(NAMES)
    assert all(b[1][0] == "Resume" and b[1][-1] == "Quit to menu" for b in paused)
    # after a quit the title offers Resume first, highlighted; DOWN moves down a row
    titles = [e for e in log if e[:2] == ("page", "SOLITAIRE")]
    assert titles[1][2][0] == "Resume " + NAMES[0] and titles[1][3] == 0
    assert titles[2][3] == 1
    a = app(r)
    assert a.game.variant == MODES[-1] and a.screen.box is not None


@pytest.mark.parametrize("board", BOARDS)
def test_the_title_draws_its_highlight_bar_on_the_first_item_and_down_moves_it_a_row(board):
    with host(board) as h:
        past_notices(h)
        assert page(h).title == "SOLITAIRE" and page(h).sel == 0
        first = _bar_rows(h)
        assert first and first == list(range(first[0], first[-1] + 1))  # one band
        h.press(K.DOWN)
        second = _bar_rows(h)
        assert len(second) == len(first) and second[0] == first[-1] + 1


@pytest.mark.parametrize("family", [
    pytest.param(f, marks=() if has_table(f) else pytest.mark.xfail(
        strict=True, raises=ImportError,
        reason="bug: engine/registry.py lists %s but lib/solitaire/%s_view.py does not exist: "
        "choosing it in the menus stops the app" % (FAMILIES[f].name, FAMILIES[f].key)))
    for f in range(len(FAMILIES))])
def test_every_registered_family_starts_from_the_menus(family):
    with host() as h:
        start_game(h, 0, family=family)
        assert page(h) is None and h.app.gkey == (family, 0, 0)
        assert h.app.display.root_group is h.screen.group


def test_the_four_button_board_enters_a_deal_number_with_its_buttons(monkeypatch):
    # options: B held + RIGHT goes down to the deal row (RIGHT alone changes a value); in the
    # editor LEFT/RIGHT pick a digit and A counts it up; A on OK keeps it; A starts the game
    unpainted(monkeypatch)
    keys = "A A A A B+RIGHT B+RIGHT B+RIGHT A LEFT A A A LEFT A RIGHT RIGHT A A"
    r = run(board="pico320", keys=keys)
    ok(r)
    a = app(r)
    assert a.game is not None and a.game.number == 13
    assert a.display.root_group is a.screen.group


# ---- options (in-process) ----------------------------------------------------------------------

def test_the_rule_profile_option_shows_literal_as_much_harder_and_starts_literal_rules():
    with host() as h:
        past_notices(h)
        choose(h, "New game")
        choose(h, "Terrace")
        choose(h, NAMES[2])
        assert "Rules: classic" in items(h)
        h.press(K.DOWN, K.RIGHT)  # LEFT/RIGHT change a value in place
        assert "Rules: literal (much harder)" in items(h)
        h.press(K.LEFT)
        assert "Rules: classic" in items(h)
        choose(h, "Rules: ")
        choose(h, "Start game")
        assert h.game.variant == 2 and h.game.profile == 1 and h.game.literal


def test_autoplay_off_in_the_options_starts_a_game_without_autoplay():
    with host() as h:
        start_game(h, 2, autoplay=False)
        assert h.app.autoplay is False
    with host() as h:
        start_game(h, 2)
        assert h.app.autoplay is True


def test_the_two_colour_deck_option_draws_clubs_black_and_diamonds_red():
    # at 160x128 the French deck has four colours by default (clubs green, diamonds blue)
    from solitaire.terrace_view import INKS

    green, blue = INKS[1][0], INKS[1][1]
    counts = {}
    for colours in ("four", "two"):
        with host() as h:
            start_game(h, 2, deal=8, colours=colours)
            counts[colours] = (count(h, green), count(h, blue))
    assert counts["four"][0] > 0 and counts["four"][1] > 0
    assert counts["two"] == (0, 0)


def test_the_deal_number_typed_in_the_options_is_the_deal_played():
    with host() as h:
        start_game(h, 0, deal=12)
        assert h.game.number == 12
    with host() as h:
        past_notices(h)
        choose(h, "New game")
        choose(h, "Terrace")
        choose(h, "Terrace")
        choose(h, "Deal: ")
        d = page(h)
        h.press(K.RIGHT)  # from OK to the first digit
        h.press(K.UP, K.UP)  # 2000000000: over the largest deal number
        h.press(K.LEFT, K.A)
        assert d.warning and "1073741823" in d.warning and page(h) is d
        h.press(K.B)  # cancel: the options again, the deal still random
        assert "Deal: random" in items(h)


def test_the_first_deal_is_random_without_solitaire_deal_and_forced_with_it():
    numbers = []
    for seed in (5, 6):
        with host(seed=seed) as h:
            start_game(h, 0)
            numbers.append(h.game.number)
    assert numbers[0] != numbers[1] and all(1 <= n < 2 ** 30 for n in numbers)
    with host(settings={"SOLITAIRE_DEAL": 123456}) as h:
        past_notices(h)
        choose(h, "New game")
        choose(h, "Terrace")
        choose(h, "Terrace")
        assert "Deal: 123456 (settings)" in items(h)
        choose(h, "Start game")
        assert h.game.number == 123456
        # only the first deal: the next new deal is random again
        h.press(K.START)
        choose(h, "New deal")
        choose(h, "Yes")
        assert h.game.number != 123456


# ---- pages -------------------------------------------------------------------------------------

def test_the_rules_page_scrolls_a_page_at_a_time_and_returns_to_the_options():
    with host() as h:
        past_notices(h)
        choose(h, "New game")
        choose(h, "Terrace")
        choose(h, "Terrace")
        choose(h, "How to play")
        s = h.screen
        assert page(h).title == "Terrace" and s.top == 0
        first = h.frame()
        h.press(K.DOWN)
        assert s.top == s.rows - 1  # a page on, its last row kept as the new first
        assert h.frame() != first
        h.press(K.UP)
        assert s.top == 0 and h.frame() == first
        h.press(K.B)
        assert "Start game" in items(h)
        # A reads on a page at a time, every line shown on one of them; at the end it goes back
        choose(h, "How to play")
        seen = set()
        pages = 0
        total = len(s.lines)
        while page(h).title == "Terrace" and not page(h).items:
            seen.update(range(s.top, min(len(s.lines), s.top + s.rows)))
            h.press(K.A)
            pages += 1
            assert pages < 20
        assert pages >= 2 and seen == set(range(total))
        assert "Start game" in items(h)


def test_how_to_play_shows_each_modes_own_rules_the_profiles_and_the_controls():
    with host() as h:
        past_notices(h)
        choose(h, "New game")
        choose(h, "Terrace")
        for v in MODES:
            choose(h, NAMES[v])
            for profile in ("classic", "literal"):
                set_option(h, "Rules: ", profile)
                choose(h, "How to play")
                info = page(h).info
                assert info[0] == howto_terrace.MODES[NAMES[v]]
                words = howto_terrace.PROFILES[profile]  # (a mode's own words, or the others')
                assert info[1] == words.get(NAMES[v], words[""])
                assert info[2] == howto_terrace.COMMON
                assert "Controls:" in info
                h.press(K.B)
            h.press(K.B)  # the mode list


def test_the_statistics_page_before_any_game_says_so():
    with host() as h:
        past_notices(h)
        choose(h, "Statistics")
        assert page(h).title == "Statistics"
        assert page(h).info == ("No games played yet.",)
        h.press(K.B)
        assert page(h).title == "SOLITAIRE"


@pytest.mark.parametrize("board,words", [
    ("pybadge", ("D-pad: move", "START: pause menu", "SELECT: hint (again: the next one)",
                 "hold SELECT + B: redo")),
    ("pygamer", ("Joystick: move", "START: pause menu", "SELECT: hint (again: the next one)")),
    ("pico320", ("LEFT/RIGHT: move", "hold B + LEFT/RIGHT: up/down", "hold B alone: pause menu",
                 "hold B + A: hint (A again: redo)")),
    # (the PicoSystem's X and Y, the Pico Display Pack's X and Y: as printed on the board)
    ("picosystem", ("D-pad: move", "Y: pause menu", "X: hint (again: the next one)",
                    "hold X + B: redo")),
    ("picodisplay", ("X/Y: move", "hold B + X/Y: up/down", "hold B alone: pause menu",
                     "hold B + A: hint (A again: redo)", "Menus: X/Y pick, A chooses, B goes back")),
])
def test_the_controls_page_tells_each_boards_own_buttons(board, words):
    with host(board) as h:
        past_notices(h)
        choose(h, "Controls")
        p = page(h)
        assert p.title == "Controls"
        for w in words:
            assert w in p.info, (w, p.info)
        h.press(K.B)
        assert page(h).title == "SOLITAIRE"


# ---- the pause box ------------------------------------------------------------------------------

def _paused_game(h, deal=9, moves=3, variant=0):
    start_game(h, variant, deal=deal)
    for _ in range(moves):
        play(h, h.game.hint())
    before = piles(h.game)
    h.press(K.START)
    assert h.screen.box[1][0] == "Resume"
    return before


def test_pause_box_resume_brings_back_the_table_exactly_as_it_was():
    with host() as h:
        start_game(h, 0, deal=9)
        play(h, h.game.hint())
        shown = h.frame()
        h.press(K.START)
        assert h.frame() != shown
        rows = items(h)
        assert rows[0] == "Resume" and rows[-1] == "Quit to menu"
        assert {"Undo", "Redo", "Hint", "Restart deal #9", "New deal", "How to play"} <= set(rows)
        choose(h, "Resume")
        assert h.screen.box is None and h.frame() == shown
        h.press(K.START, K.B)  # B (and START) close the box as Resume does
        assert h.screen.box is None and h.frame() == shown


def test_pause_box_restart_deals_the_same_deal_again_and_counts_the_game_played():
    with host() as h:
        _paused_game(h)
        game_id = h.app.game_id
        choose(h, "Restart deal")
        assert h.screen.box[0] == "Start this deal again?"
        choose(h, "No")  # back to the pause box, nothing changed
        assert h.screen.box[1][0] == "Resume" and h.game.moves > 0
        choose(h, "Restart deal")
        choose(h, "Yes")
        assert h.screen.box is None and h.game.number == 9 and h.game.moves == 0
        fresh = h.game.__class__(0, 0)
        fresh.deal(9)
        assert piles(h.game) == piles(fresh)
        assert h.app.store.stats(TERRACE, 0, 0)[0] == 1 and h.app.game_id != game_id


def test_pause_box_new_deal_deals_another_and_counts_the_old_one_played_if_it_had_moves():
    with host() as h:
        _paused_game(h, moves=2)
        choose(h, "New deal")
        assert h.screen.box[0] == "Leave this game for a new deal?"
        choose(h, "Yes")
        assert h.game.number != 9 and h.game.moves == 0 and h.screen.box is None
        assert h.app.store.stats(TERRACE, 0, 0)[:2] == (1, 0)
        # a game left without a move is not a game played
        h.press(K.START)
        choose(h, "New deal")
        choose(h, "Yes")
        assert h.app.store.stats(TERRACE, 0, 0)[:2] == (1, 0)


def test_a_deal_left_without_a_move_is_not_a_game_played_when_autoplay_sent_cards_home():
    # Falling Stars deals its base: what is playable goes home at once, no player's move
    with host() as h:
        for deal in range(1, 30):
            start_game(h, 2, deal=deal)
            if h.game.score() > 1:
                break
            h.press(K.START)
            choose(h, "Quit to menu")
            choose(h, "Yes")
        assert h.game.score() > 1
        h.press(K.START)
        choose(h, "New deal")
        choose(h, "Yes")
        assert h.app.store.stats(TERRACE, 2, 0)[0] == 0


def test_b_on_a_fresh_deal_has_nothing_to_undo_when_autoplay_sent_cards_home():
    with host() as h:
        for deal in range(1, 30):
            start_game(h, 2, deal=deal)
            if h.game.score() > 1:
                break
            h.press(K.START)
            choose(h, "Quit to menu")
            choose(h, "Yes")
        score = h.game.score()
        assert score > 1
        h.press(K.B)
        assert h.message() == "Nothing to undo" and h.game.score() == score


def test_pause_box_rules_show_the_modes_rules_a_page_at_a_time_and_b_goes_back_to_the_box():
    with host() as h:
        _paused_game(h, moves=0, variant=1)
        choose(h, "How to play")
        box = h.screen.box
        assert box[0] == NAMES[1] and box[2] is None
        assert box[1][0] == howto_terrace.MODES[NAMES[1]]
        pages = boxmenu.page(h.screen, box[1], 0)[1]
        assert pages >= 2
        first = h.frame()
        h.press(K.DOWN)
        assert h.screen.box_at == 1 and h.frame() != first
        h.press(K.UP)
        assert h.screen.box_at == 0 and h.frame() == first
        h.press(K.B)
        assert h.screen.box[1][0] == "Resume"


def test_pause_box_rules_break_lines_where_the_rules_text_does():
    with host() as h:
        _paused_game(h, moves=0)
        choose(h, "How to play")
        box = h.screen.box
        lines = []
        for i in range(boxmenu.page(h.screen, box[1], 0)[1]):
            lines += boxmenu.page(h.screen, box[1], i)[0]
        assert not [line for line in lines if "\n" in line]
        for para in howto_terrace.COMMON.split("\n"):
            assert any(line.startswith(para.split(" ")[0] + " ") for line in lines), para


def test_pause_box_quit_to_menu_then_the_title_offers_resume_first_and_resume_brings_back_the_same_position():
    with host() as h:
        before = _paused_game(h, moves=4)
        made = h.game.moves
        choose(h, "Quit to menu")
        assert h.screen.box[0] == "Quit? Resume brings it back."
        choose(h, "Yes")
        p = page(h)
        assert p.title == "SOLITAIRE" and p.items[0] == "Resume Terrace" and p.sel == 0
        assert "Saved game: deal 9" in p.info
        h.press(K.A)
        assert page(h) is None and h.game.number == 9
        assert piles(h.game) == before and h.game.moves == made
        h.press(K.B)  # the moves before the quit can still be undone
        assert h.game.moves < made


def test_pause_box_undo_redo_and_hint_act_on_the_table():
    with host() as h:
        before = _paused_game(h, moves=0, deal=9, variant=2)
        m = h.game.hint()
        to_table(h)
        play(h, m)
        after = piles(h.game)
        h.press(K.START)
        choose(h, "Undo")
        assert h.screen.box is None and piles(h.game) == before
        h.press(K.START)
        choose(h, "Redo")
        assert piles(h.game) == after
        h.press(K.START)
        choose(h, "Hint")
        assert h.message().startswith("Hint")


# ---- a game to its end with keys ---------------------------------------------------------------

def test_a_game_played_with_keys_to_a_win_reaches_the_result_box():
    deal = find_deal(0, WON)
    with host() as h:
        start_game(h, 0, deal=deal)
        play_out(h)
        assert h.game.status() == WON
        assert h.message() == "You won! Press A."
        h.press(K.A)
        box = h.screen.box
        assert box[0] == "You won! Score 104"
        assert list(box[1]) == ["Play deal #%d again" % deal, "New deal", "Statistics", "Menu"]
        # counted at once, and a won game is not offered for resume
        assert h.app.store.stats(TERRACE, 0, 0)[:3] == (1, 1, 104)
        assert h.app.store.saved() is None
        choose(h, "Statistics")
        # the mode, as everywhere, and its figures as the Statistics page gives them
        assert list(h.screen.box[1][:2]) == ["Terrace", "Played 1, won 1 (100%)"]
        h.press(K.A)
        choose(h, "Menu")
        assert page(h).title == "SOLITAIRE" and page(h).items[0] == "New game"


def _lost(h, deal):
    start_game(h, 0, deal=deal)
    hint_out(h)
    assert h.game.status() == LOST and h.screen.over


def test_a_lost_game_b_undoes_from_no_moves_left_and_a_shows_the_result():
    deal = find_deal(0, LOST)
    with host() as h:
        _lost(h, deal)
        assert h.message() == "No moves left. B: undo, A: the result."
        end = piles(h.game)
        h.press(K.B)
        assert not h.screen.over and h.game.status() == PLAYING and h.message() is None
        h.press(K.REDO)
        assert h.screen.over and piles(h.game) == end
        h.press(K.A)
        box = h.screen.box
        # (a deal the solver won says so: "Lost, yet winnable.")
        assert box[0] in ("%s Score %d" % (head, h.game.score())
                          for head in ("No moves left.", "Lost, yet winnable."))
        assert list(box[1]) == ["Play deal #%d again" % deal, "New deal", "Undo last move",
                                "Statistics", "Menu"]
        assert h.app.store.stats(TERRACE, 0, 0)[:2] == (1, 0)
        # undone from the result box and lost again: still one game played
        choose(h, "Undo last move")
        assert h.screen.box is None and h.game.status() == PLAYING
        hint_out(h)
        h.press(K.A)
        assert h.screen.box[0].startswith(("No moves left.", "Lost, yet winnable."))
        assert h.app.store.stats(TERRACE, 0, 0)[:2] == (1, 0)


def test_lost_then_new_deal_counts_it_played_once():
    deal = find_deal(0, LOST)
    with host() as h:
        _lost(h, deal)
        h.press(K.A)
        choose(h, "New deal")
        assert h.game.number != deal and h.game.moves == 0 and h.screen.box is None
        assert h.app.store.stats(TERRACE, 0, 0)[:2] == (1, 0)
        # and the next game lost, then left from the pause box, is the second
        play(h, h.game.hint())
        h.press(K.START)
        choose(h, "New deal")
        choose(h, "Yes")
        assert h.app.store.stats(TERRACE, 0, 0)[:2] == (2, 0)


# ---- start-up problems (the runner) ------------------------------------------------------------

@pytest.mark.parametrize("board,settings,words", [
    ("pico320", {"SOLITAIRE_BUTTONS": "A=GP12 B=GP99 LEFT=GP14 RIGHT=GP15"},
     ("SOLITAIRE_BUTTONS", "GP99")),
    ("pico320", {"SOLITAIRE_BUTTONS": "A=GP12 FIRE=GP13"}, ("SOLITAIRE_BUTTONS", "FIRE")),
    ("pico320", {"SOLITAIRE_BUTTONS": "A=GP12 B=GP13"}, ("SOLITAIRE_BUTTONS", "LEFT and RIGHT")),
    ("pico320", {"SOLITAIRE_BUTTONS": "A GP12"}, ("SOLITAIRE_BUTTONS", "NAME=PIN")),
    ("pico320", {"SOLITAIRE_BUTTONS": ""}, ("SOLITAIRE_BUTTONS", "not set")),
    ("pybadge", {"SOLITAIRE_DEAL": "seven"}, ("SOLITAIRE_DEAL", "whole number")),
    ("pybadge", {"SOLITAIRE_DEAL": 2 ** 30}, ("SOLITAIRE_DEAL", "1073741823")),
    ("pybadge", {"SOLITAIRE_DEBUG_MEM": 5}, ("SOLITAIRE_DEBUG_MEM", "0..1")),
    ("pybadge", {"SOLITAIRE_BOARD": "gameboy"}, ("SOLITAIRE_BOARD", "pybadge pygamer picosystem picodisplay generic")),
    ("pico320", {"SOLITAIRE_BOARD": "pybadge"}, ("BUTTON_CLOCK", "SOLITAIRE_BOARD")),
])
def test_bad_settings_give_a_message_on_screen_not_a_crash(board, settings, words, capsys):
    r = run(board=board, keys="wait:300", settings=settings)
    assert r.error is None, r.traceback
    err = boot(r).last_error
    assert err is not None
    for w in words:
        assert w in str(err), (w, str(err))
    # on the screen (dark red, white text) and on the console, with what to do
    assert count_colour(r, 0x401010, frame=0) > r.width * r.height // 2
    assert count_colour(r, 0xFFFFFF, frame=0) > 200
    out = capsys.readouterr().out
    assert words[0] in out and "Fix settings.toml" in out


FAILING = '''
from solitaire import app as appmod
from solitaire import boot

_step = appmod.App.step


def step(self, now):
    if self.game is not None:
        raise RuntimeError("a bug on the table")
    return _step(self, now)


appmod.App.step = step
boot.main()
'''


def test_the_error_screen_waits_and_a_button_restarts(tmp_path, capsys):
    # a bug once the app runs: the message on a dark red screen, then it waits; a button
    # restarts the program (supervisor.reload: the simulator's run ends there)
    program = tmp_path / "failing_code.py"
    program.write_text(FAILING)
    script = start_keys("pybadge") + " wait:2000 wait:2000"
    r = run(board="pybadge", keys=script, code=str(program))
    assert r.error is None and isinstance(boot(r).last_error, RuntimeError)
    assert len(r.frames) == len(script.split()) + 1  # it waited to the end of the script
    assert count_colour(r, 0x401010) > r.width * r.height // 2
    assert "Press a button to restart" in capsys.readouterr().out
    r = run(board="pybadge", keys=script + " A wait:2000", code=str(program))
    assert isinstance(boot(r).last_error, RuntimeError)
    assert len(r.frames) < len(script.split()) + 3  # A restarted it: the script did not end
    assert r.elapsed_ms < 500 + 5 * 351 + 4000 + 400


def test_solitaire_debug_mem_prints_the_free_heap_on_screens_and_deals(capsys):
    with host(settings={"SOLITAIRE_DEBUG_MEM": 1}) as h:
        start_game(h, 0, deal=7)
    out = capsys.readouterr().out
    assert "mem_free menu:" in out and "mem_free deal 7:" in out and "mem_free table:" in out
    with host() as h:
        start_game(h, 0, deal=7)
    assert "mem_free" not in capsys.readouterr().out


# ---- the input layer under MicroPython -----------------------------------------------------------

CONTROLS = r"""
from solitaire import keys as K
from solitaire.boards import controls
from solitaire.controls import ticks_diff


class Ev:
    key_number = 0
    pressed = True


class Q:
    def __init__(self):
        self.items = []
        self.overflowed = False

    def get_into(self, ev):
        if not self.items:
            return False
        ev.key_number, ev.pressed = self.items.pop(0)
        return True

    def clear(self):
        self.items = []
        self.overflowed = False


class Sc:
    def __init__(self):
        self.events = Q()

    def reset(self):
        pass


def drain(c, t0, t1):
    out = []
    for t in range(t0, t1):
        k = c.poll(t & ((1 << 29) - 1))
        if k >= 0:
            out.append(k)
    return out


sc = Sc()
c = controls(sc, (K.A, K.B, K.LEFT, K.RIGHT), None, Ev())  # the four-button board
sc.events.items += [(1, True), (2, True), (2, False), (1, False)]
assert drain(c, 0, 50) == [K.UP], "B + LEFT"
sc.events.items += [(1, True)]
assert drain(c, 100, 900) == [K.START], "B held"
sc.events.items += [(1, False), (0, True)]
out = drain(c, 1000, 1700)
assert out == [K.A, K.A_LONG], out
sc.events.items += [(0, False), (1, True), (0, True), (0, False), (0, True), (0, False), (1, False)]
out = drain(c, 2000, 2100)
assert out == [K.SELECT, K.REDO], out
sc.events.overflowed = True
drain(c, 2100, 2110)
assert ticks_diff(3, (1 << 29) - 3) == 6
print("controls ok")
"""


def test_the_input_layer_runs_under_micropython_chords_hold_and_the_ticks_wrap():
    assert "controls ok" in run_micropython(CONTROLS, dirs=("engine", "lib/solitaire"))
