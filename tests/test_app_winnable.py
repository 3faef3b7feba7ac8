# Winnable deals on the device (issue 13): the options' "random winnable" deal comes from the
# mode's table of deals the solver won (assets/winnable/), a lost deal from that table says it
# could be won, and the pause menu's "Can I still win?" answers from the table.
import pytest

from engine.game import LOST
from solitaire import ASSETS, winnable
from solitaire.winnable import UNKNOWN
from tests.apphost import Host
from tests.test_app_helpers import assert_box_clear_of_status

TERRACE = (0, 0, 0)  # family, variant, profile
TABLE = winnable.path(ASSETS, "terrace", 0, 0)


def deals_in_table(n):
    count = winnable.count(TABLE)
    assert count, "assets/winnable/%s is missing: make it with sim/winnable.py" % TABLE
    return [winnable.nth(TABLE, i) for i in range(min(n, count))]


def not_in_table(key=None):
    # the first deal number outside the table of Terrace's first mode, or of mode key
    table = TABLE if key is None else winnable.path(ASSETS, ("terrace", "cuatro_ases", "solar")[key[0]],
                                                     key[1], key[2])
    n = 1
    while winnable.contains(table, n):
        n += 1
    return n


def options_page(h):
    # the save-memory notice, New game, Terrace, the first mode: its options
    h.press("A", "A", "A", "A")
    assert h.screen.page.title == "Terrace"
    return h.screen.page


def test_the_deal_row_offers_random_winnable_deals_and_they_come_from_the_table(tmp_path):
    with Host("pybadge", data_dir=tmp_path) as h:
        page = options_page(h)
        assert page.footer == "A choose/change  B back"
        h.press("DOWN", "DOWN", "DOWN")  # Start, Rules, Autoplay, Deal
        assert page.items[page.sel] == "Deal: random"
        # the footer on this row says how to get a winnable deal, and the line fits the screen
        assert page.footer == "A number  LEFT/RIGHT winnable"
        from solitaire.text import width

        assert width(h.app.font, page.footer) <= h.app.width - 2
        h.press("RIGHT")
        assert page.items[page.sel] == "Deal: random winnable"
        h.press("UP", "UP", "UP", "A")  # Start game
        assert h.game is not None and winnable.contains(TABLE, h.game.number)
    with Host("pybadge", data_dir=tmp_path) as h:  # the choice is kept
        h.press("DOWN", "A", "A", "A")  # (Resume is first) New game, Terrace, the mode
        page = h.screen.page
        h.press("DOWN", "DOWN", "DOWN")
        assert page.items[page.sel] == "Deal: random winnable"


def test_the_literal_profile_offers_random_winnable_deals_from_its_own_table(tmp_path):
    # the literal profile's by-hand modes have short tables of their own (docs/notes/solver.md)
    literal = winnable.path(ASSETS, "terrace", 0, 1)
    assert winnable.count(literal), "the Terrace literal table is empty"
    with Host("pybadge", data_dir=tmp_path) as h:
        page = options_page(h)
        h.press("DOWN", "A")  # Rules: classic -> literal
        assert page.items[page.sel] == "Rules: literal (much harder)"
        h.press("DOWN", "DOWN")
        assert page.footer == "A number  LEFT/RIGHT winnable"
        h.press("RIGHT")
        assert page.items[page.sel] == "Deal: random winnable"
        h.press("UP", "UP", "UP", "A")  # Start game
        assert h.game is not None and h.game.literal
        assert winnable.contains(literal, h.game.number)


def test_every_mode_of_every_family_offers_random_winnable_deals_from_its_own_table(tmp_path):
    # issue 13's "done when": the option works in every mode of every registered family, each
    # from its table
    from solitaire import options
    from solitaire.choose import Options
    from engine.registry import FAMILIES, find, profile_count
    from sim.winrate import rows  # the modes the win-rate table and the tables are made for

    modes = [(find(key), v, p) for key, _, v, _, p, _ in rows()]
    assert sorted(modes) == [(f, v, p) for f in range(len(FAMILIES))
                             for v in range(len(FAMILIES[f].variants))
                             for p in range(profile_count(f, v))]
    with Host("pybadge", data_dir=tmp_path) as h:
        app = h.app
        h.press("A")  # past the save-memory notice
        for f, v, p in modes:
            table = winnable.path(ASSETS, FAMILIES[f].key, v, p)
            assert winnable.count(table), table
            options.keep(app, f, v, p, options.autoplay(app, f), True, True)
            app.family, app.variant = f, v
            page = Options(app)
            app.show_page(page)
            h.settle()
            assert "Deal: random winnable" in page.items, (f, v, p, page.items)
            page.sel = page.items.index("Deal: random winnable")
            assert page.footer == "A number  LEFT/RIGHT winnable"
            page.start()
            h.settle()
            assert app.gkey == (f, v, p)
            assert winnable.contains(table, h.game.number), (f, v, p, h.game.number)


def test_a_fixed_deal_is_not_replaced_by_a_winnable_one(tmp_path):
    with Host("pybadge", settings={"SOLITAIRE_DEAL": not_in_table()}) as h:
        page = options_page(h)
        h.press("DOWN", "DOWN", "DOWN", "RIGHT")
        assert page.items[page.sel].endswith("(settings)")
        assert page.footer == "A choose/change  B back"  # a fixed deal: no winnable choice


def test_a_lost_deal_the_solver_won_says_it_could_be_won():
    with Host("pybadge") as h:
        h.press("A")
        for deal in deals_in_table(40):
            h.start(*TERRACE, number=deal)
            h.play_by_hints()
            if h.game.status() == LOST:
                break
        else:
            pytest.skip("the hint won every one of these deals")
        h.press("A")  # the result
        assert h.screen.box[0].startswith("Lost, yet winnable. Score ")


def test_a_lost_deal_not_in_the_table_says_no_moves_left():
    with Host("pybadge") as h:
        h.press("A")
        deal = not_in_table()
        for _ in range(40):
            h.start(*TERRACE, number=deal)
            h.play_by_hints()
            if h.game.status() == LOST:
                break
            deal += 1
            while winnable.contains(TABLE, deal):
                deal += 1
        h.press("A")
        assert h.screen.box[0].startswith("No moves left. Score ")


def ask(h):
    h.press("START")
    items = h.screen.box[1]
    for _ in range(items.index("Can I still win?")):
        h.press("DOWN")
    h.press("A")
    return h.message()


def test_can_i_still_win_answers_from_the_table_for_terrace():
    with Host("pybadge") as h:
        h.press("A")
        h.start(*TERRACE, number=deals_in_table(1)[0])
        assert ask(h) == "Yes: the solver won this deal."
        h.press("A")  # choose the base: a move made
        assert ask(h) == "The solver won this deal from its start. From here: can't tell."
        h.start(*TERRACE, number=not_in_table())
        assert ask(h) == UNKNOWN


@pytest.mark.parametrize("key", [(0, 0, 0), (0, 3, 1), (1, 0, 0), (1, 3, 1), (2, 0, 0)],
                         ids=["Terrace", "Signora literal", "4 Ases", "Mezclado strict", "Solar"])
def test_can_i_still_win_answers_stay_until_a_key_in_every_family(key):
    # one timing for the answer in every family (issue 25 4d): on the table until a key,
    # however long reading it takes; a refusal goes by itself as before (a hint stays until a
    # key too, since issue 40)
    from solitaire.play import MESSAGE_MS

    with Host("pybadge") as h:
        h.press("A")
        h.start(*key, number=not_in_table(key))
        said = ask(h)
        assert said
        h.idle(10 * MESSAGE_MS)
        assert h.message() == said and h.screen.box is None
        h.press("LEFT")
        assert h.message() is None
        h.go(0)  # (the first pile of every table: a stock or a hand)
        h.press("B")  # nothing to undo: a refusal, a timed message
        assert h.message() == "Nothing to undo"
        h.idle(2 * MESSAGE_MS)
        assert h.message() is None


def test_can_i_still_win_says_why_a_terrace_deal_has_no_answer():
    # the reason in words, and the option that gives deals that have one
    assert UNKNOWN.startswith("Can't tell: ") and "solver won" in UNKNOWN
    assert "random winnable" in UNKNOWN
    with Host("pybadge") as h:
        h.press("A")
        h.start(*TERRACE, number=not_in_table())
        assert ask(h) == UNKNOWN
        t = h.screen.table
        lines = t.wrap(UNKNOWN)
        from solitaire.text import LINES
        assert len(lines) <= LINES  # shown whole
        assert_box_clear_of_status(h)


def test_can_i_still_win_searches_on_the_board_for_4_ases_and_frees_the_search_code():
    import sys

    with Host("pybadge") as h:
        h.press("A")
        h.start(1, 0, 0, number=not_in_table((1, 0, 0)))  # (a won deal's start is known: no search)
        assert ask(h) in ("Yes: a way to win is still open.", "No: this game can't be won any more.",
                          "Can't tell: too many ways to try.")
        assert "engine.cuatro_ases_search" not in sys.modules  # loaded for the question only
        assert h.game._search is not None  # its table stays on the game for the next question
