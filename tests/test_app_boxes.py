# The boxes over the table as a newcomer meets them (issue 40): the deal's number in the pause
# box and in the result on every board profile, fitting; LEFT/RIGHT move in every box as in
# every list; "Can I still win?" on a deal the solver won; the result's statistics whole; the
# battery's low level in words; the deal editor starting at the last deal played.
import pytest

from engine.registry import FAMILIES, mode_name, profile_count
from solitaire import ASSETS, winnable
from solitaire import keys as K
from solitaire.text import LINES, width

from tests.test_app_helpers import BOARDS, FOUR, choose, has_table, host, items, page, \
    past_notices, selected, start_game, type_deal

BIG = 1073741823  # the largest deal number (settings.py)


def _longest_modes():
    # per family, the mode and profile with the longest name: the status line's worst case
    out = []
    for f in range(len(FAMILIES)):
        if not has_table(f):
            continue
        keys = [(f, v, p) for v in range(len(FAMILIES[f].variants))
                for p in range(profile_count(f, v))]
        out.append(max(keys, key=lambda k: len(mode_name(k))))
    return out


def _status_room(h, n):
    # the status line's room beside a scrolling box's "n/n" (solitaire/boxes.py _fit)
    t = h.screen.table
    return t.width // t.s - 6 - (width(t.font, "%d/%d" % (n, n)) if n > LINES else 0)


def _box_room(h):
    t = h.screen.table
    return t.width // t.s - 8


@pytest.mark.parametrize("board", BOARDS)
def test_the_deal_number_shows_in_the_pause_box_and_the_result_and_fits(board):
    from solitaire import result

    with host(board) as h:
        past_notices(h)
        for key in _longest_modes():
            for number in (7, BIG):
                for level in ((100, 0) if h.app.battery is not None else (100,)):
                    h.app.level = level
                    h.start(*key, number=number)
                    h.press(K.START)
                    words, rows = h.screen.box[0], h.screen.box[1]
                    # the number in the box whatever the status line has room for, and there
                    # too where it fits beside the mode's name
                    assert "Restart deal #%d" % number in rows, rows
                    assert all(width(h.app.font, "> " + r) <= _box_room(h) for r in rows), rows
                    assert width(h.app.font, words) <= _status_room(h, len(rows)), words
                    if number == 7 and h.app.width > 160:
                        assert "#7" in words, words
                    if level == 0 and "bat" in words:
                        assert words.endswith("bat low")
                    h.press(K.B)
                # the result box of a game that ends now (counted, as a game over is)
                result.over(h.app)
                head, rows = h.screen.box[0], h.screen.box[1]
                assert rows[0] == "Play deal #%d again" % number
                assert all(width(h.app.font, "> " + r) <= _box_room(h) for r in rows), rows
                assert width(h.app.font, head) <= _status_room(h, len(rows)), head
                choose(h, "Play deal")
                assert h.game.number == number and h.game.moves == 0


def test_a_slide_landing_under_the_pause_box_keeps_its_words():
    # START while autoplay's cards are still sliding home: they land under the box, and the
    # status line keeps saying what is paused (Terrace deal 7: the base chosen, autoplay sends
    # cards home; the status line said "Pile 0 cards" under the pause box)
    with host("pybadge") as h:
        past_notices(h)
        h.start(0, 0, 0, number=7)
        s = h.screen
        h.press(K.A, settle=False)  # the base card chosen: autoplay follows
        h.idle(200)
        h.press(K.START, settle=False)
        assert s.motion.busy()  # (what the test is about: a slide under the box)
        h.idle(2000)
        assert s.table.words.texts[0] == "Paused: Terrace #7  bat 80%", s.table.words.texts


@pytest.mark.parametrize("board", FOUR + ("pybadge",))
def test_left_and_right_move_in_the_pause_and_result_boxes(board):
    from solitaire import result

    with host(board) as h:
        past_notices(h)
        h.start(0, 0, 0, number=5)
        h.press(K.START)
        n = len(items(h))
        assert selected(h) == 0
        h.press(K.RIGHT)
        assert selected(h) == 1
        h.press(K.RIGHT, K.LEFT, K.LEFT)
        assert selected(h) == 0
        h.press(K.LEFT)
        assert selected(h) == n - 1  # wrapping, as UP and DOWN do
        h.press(K.B)
        result.over(h.app)
        assert selected(h) == 0
        h.press(K.RIGHT)
        assert selected(h) == 1 and h.screen.box is not None
        h.press(K.LEFT)
        assert selected(h) == 0
        # a question too: LEFT/RIGHT between No and Yes
        choose(h, "New deal")
        h.press(K.START)
        choose(h, "Restart deal")
        assert items(h) == ["No", "Yes"]
        h.press(K.RIGHT)
        assert selected(h) == 1


@pytest.mark.parametrize("family", [f for f in range(len(FAMILIES)) if has_table(f)])
def test_can_i_still_win_says_yes_on_a_deal_the_solver_won_with_nothing_played(family):
    # every mode of the family with a table of won deals: its first deal, at the start. (Con
    # reserva's random winnable #208 said "Can't tell: too many ways to try": the search on the
    # board can't find a whole win within its budget)
    with host("pybadge") as h:
        past_notices(h)
        f = FAMILIES[family]
        for v in range(len(f.variants)):
            for p in range(profile_count(family, v)):
                table = winnable.path(ASSETS, f.key, v, p)
                number = winnable.nth(table, 0)
                if number is None:
                    continue
                h.start(family, v, p, number=number)
                h.press(K.START)
                choose(h, "Can I still win?")
                h.settle()
                assert h.message() == "Yes: the solver won this deal.", (f.key, v, p, number)
                h.press(K.B)


def test_con_reserva_deal_208_is_winnable_from_its_start():
    with host("pybadge") as h:
        past_notices(h)
        assert winnable.contains(winnable.path(ASSETS, "cuatro_ases", 2, 0), 208)
        h.start(1, 2, 0, number=208)
        h.press(K.START)
        choose(h, "Can I still win?")
        h.settle()
        assert h.message() == "Yes: the solver won this deal."
        # once a move is made the board's own search answers (it may not know)
        h.press(K.B)
        h.screen.play_hint()
        h.settle()
        h.press(K.START)
        choose(h, "Can I still win?")
        h.settle()
        assert h.message() != "Yes: the solver won this deal."


def test_the_results_statistics_are_the_whole_figures_of_the_mode():
    from solitaire import result

    with host("pybadge") as h:
        past_notices(h)
        h.start(2, 0, 1, number=5)  # Solitario Solar (64 cards): its cards-left figure too
        result.count(h.app)  # (the game ended here: counted in the write that ends it)
        result.over(h.app)
        choose(h, "Statistics")
        box = h.screen.box
        assert box[2] is None  # a text box, a page at a time
        assert list(box[1]) == ["Solitario Solar (64 cards)", "Played 1, won 0 (0%)",
                                "Best score %d" % h.game.score(), "Win streak 0, best 0",
                                "Fewest moves to a win: -", "Most cards left at a win: -"]
        # as the Statistics page says them
        from solitaire.statspage import _one

        assert tuple(box[1]) == _one(h.app, (2, 0, 1)).info
        h.press(K.B)
        assert h.screen.box[1][0] == "Play deal #5 again"
        choose(h, "Statistics")
        h.press(K.A)  # (A on the last page goes back too)
        assert h.screen.box[1][0] == "Play deal #5 again"


def test_a_low_battery_under_ten_percent_reads_in_words_not_zero():
    with host("pybadge", settings={"SOLITAIRE_DIM": 0, "SOLITAIRE_SLEEP": 0}) as h:
        past_notices(h)
        h.session.battery_mv = 3450
        start_game(h, 0, deal=5)
        h.idle(61000)
        assert h.message() == "Battery low (under 10%): charge it soon"
        h.press(K.LEFT)
        h.press(K.START)
        assert "bat 0%" not in h.screen.box[0]
        h.press(K.B)
        h.app.quit_to_menu()
        assert page(h).info[0] == "Battery low: under 10%"


def test_the_deal_editor_starts_at_the_last_deal_played():
    with host("pybadge") as h:
        start_game(h, 2, deal=123)
        h.app.quit_to_menu()
        choose(h, "New game")
        choose(h, "Terrace")
        choose(h, "Falling Stars")
        choose(h, "Deal: ")
        d = page(h)
        assert d.digits == bytearray(b"\0\0\0\0\0\0\0\1\2\3") and d.pos == len(d.digits)
        h.press(K.A)  # A at once: that deal again
        choose(h, "Start game")
        assert h.game.number == 123
        # the next deal: LEFT to the last digit, UP, RIGHT to OK, A
        h.app.quit_to_menu()
        choose(h, "New game")
        choose(h, "Terrace")
        choose(h, "Falling Stars")
        choose(h, "Deal: ")
        h.press(K.LEFT, K.UP, K.RIGHT, K.A)
        choose(h, "Start game")
        assert h.game.number == 124
