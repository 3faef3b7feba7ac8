# A mode is named one way everywhere (issue 25 4e: the statistics said "Con reserva" but
# "Mezclado (standard)", and "Solitario 4 Ases, standard" for a mode with one profile):
# engine.registry.mode_name, the variant and, when it is not the mode's first, the rule profile
# or deck in brackets. The statistics list and page, the title's resume line, the pause box,
# the result box's statistics and the heap scenario's labels all use it.
import pytest

from engine.registry import FAMILIES, mode_name, profile_count
from sim import heap_scenario
from solitaire import keys as K
from solitaire.text import width
from tests.apphost import Host
from tests.test_app_helpers import choose, items, page, past_notices

MODES = [(f, v, p) for f in range(len(FAMILIES)) for v in range(len(FAMILIES[f].variants))
         for p in range(profile_count(f, v))]


def test_a_mode_is_its_variant_and_a_profile_other_than_the_first():
    names = [mode_name(m) for m in MODES]
    assert len(set(names)) == len(names)  # every mode told apart
    for (f, v, p), name in zip(MODES, names):
        variant = FAMILIES[f].variants[v]
        assert name == (variant if p == 0 else "%s (%s)" % (variant, FAMILIES[f].profiles[p]))
    assert mode_name((1, 2, 0)) == "Con reserva"  # one profile: never named
    assert mode_name((1, 0, 0)) == "Solitario 4 Ases"
    assert mode_name((1, 3, 0)) == "Mezclado"
    assert mode_name((1, 3, 1)) == "Mezclado (strict)"
    assert mode_name((0, 5, 1)) == "Blondes and Brunettes (literal)"
    assert mode_name((2, 0, 1)) == "Solitario Solar (64 cards)"


def test_the_heap_scenario_labels_name_modes_as_the_app_does():
    for f, v, p in MODES:
        assert heap_scenario.mode_label(f, v, p) == mode_name((f, v, p))
    assert heap_scenario.switch_label(1) == "switch 2: " + mode_name((1, 0, 0))


SHOWN = [(1, 0, 0), (1, 2, 0), (1, 3, 0), (1, 3, 1), (0, 5, 1), (2, 0, 1)]


@pytest.mark.parametrize("board", ["pybadge", "pico320", "picosystem", "picodisplay"])
def test_the_statistics_list_and_page_name_each_mode_as_everywhere(board):
    with Host(board) as h:
        store = h.app.store
        for i, m in enumerate(SHOWN):
            store.count_result(m[0], m[1], m[2], i + 1, False, 3, 10)
        store.commit()
        past_notices(h)
        choose(h, "Statistics")
        rows = items(h)
        assert sorted(rows[:-1]) == sorted(mode_name(m) for m in SHOWN)
        room = h.app.width // h.screen.S - 14
        assert all(width(h.app.font, r) <= room for r in rows)  # whole on its row
        for m in SHOWN:
            choose(h, mode_name(m))
            assert page(h).info[0] == mode_name(m)
            h.press(K.B)


@pytest.mark.parametrize("board", ["pybadge", "pico320", "picosystem", "picodisplay"])
def test_the_title_resume_line_names_the_mode_whole(board):
    # every mode in one session a board (a boot each would cost the suite minutes)
    with Host(board) as h:
        h.press("A")
        for mode in MODES:
            h.start(*mode, number=12)
            h.app.quit_to_menu()
            h.settle()
            p = page(h)
            room = h.app.width // h.screen.S - 14
            if p.items[0] == "Resume":  # too long beside "Resume": the line above has it
                assert p.info[1] == mode_name(mode)
                assert width(h.app.font, "Resume " + mode_name(mode)) > room, mode
            else:
                assert p.items[0] == "Resume " + mode_name(mode)
            assert all(width(h.app.font, line) <= room
                       for line in list(p.info) + list(p.items)), mode
            choose(h, "Resume")
            assert h.app.gkey == mode and h.game.number == 12


def test_the_result_box_statistics_name_the_mode():
    with Host("pybadge") as h:
        h.press("A")
        for mode in ((1, 3, 1), (0, 5, 1)):
            h.start(*mode, number=12)
            from solitaire import result

            h.app.store.count_result(mode[0], mode[1], mode[2], h.app.game_id, False, 3, 10)
            words = result.result(h.screen)
            stats = [a for i, a in zip(words[1], words[2]) if i == "Statistics"][0]
            stats()
            said = list(h.screen.box[1][:2])
            assert said == [mode_name(mode), "Played 1, won 0 (0%)"]
            if mode == (1, 3, 1):
                assert said[0] == "Mezclado (strict)"
