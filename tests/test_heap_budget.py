# The board-fit budget (docs/memory.md), under real MicroPython with stand-ins that hold what
# CircuitPython's C objects hold (sim/heap_budget.py): the real app, driven by its buttons and its
# table's own move path, visits every screen and plays every mode of every family and each
# family's other rule profile, asks "Can I still win?" in every family and deals a random
# winnable game (sim/heap_scenario.py); a second run starts and quits 50 games, then plays the
# long session (rounds of every family played to its result, menus between). At every step the
# live heap stays within 100 KB (sim/heap_budget.py says why that figure), no device module (the project's or a library's) needs more than
# 20 KB to import, no data allocation over 1 KB happens after start-up, and switching games
# leaves the title's heap as it found it, and so does a round of every family played to its
# result (issue 36 item 4). The app's heap sits at a SAMD51's addresses, so the
# figures repeat whatever the seed (the deals after the first) and the code's layout.
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.registry import FAMILIES, import_module
from sim import heap_budget, heap_scenario
from solitaire.winnable import UNKNOWN

LIVE = heap_budget.LIVE_BUDGET
IMPORT = heap_budget.IMPORT_BUDGET
# what the title's figures may move by from one switch to the next (a leak of 25 B a game is
# over it after the 46 switches compared)
SLACK = 1024
BIG = heap_budget.BIG_ALLOC
# what "Can I still win?" answers (solitaire/winnable.py answer()): a family's own search on the board, or
# its mode's winnable table (a family with no search of its own: Terrace, Klondike)
SEARCH_ANSWERS = ("Yes: a way to win is still open.", "No: this game can't be won any more.",
                  "Can't tell: too many ways to try.")
TABLE_ANSWERS = (UNKNOWN, "Yes: the solver won this deal.",
                 "The solver won this deal from its start. From here: can't tell.")


@pytest.fixture(scope="module")
def runs():
    # the scripted session and the switching run at once: two MicroPython processes, two cores.
    # The switching run goes on with the long session (its games are the scripted session's
    # screens, so only its titles are mapped: about a second a round less)
    with ThreadPoolExecutor(max_workers=2) as pool:
        session = pool.submit(heap_budget.measure, heap_scenario.scenario(),
                              heap_scenario.SETTINGS)
        switching = pool.submit(heap_budget.measure,
                                heap_scenario.switches() + heap_scenario.soak(boot=False),
                                heap_scenario.SETTINGS, True, heap_scenario.soak_mapped)
        return session.result(), switching.result()


@pytest.fixture(scope="module")
def report(runs):
    assert runs[0].ok, runs[0].stderr[-3000:]
    return runs[0]


@pytest.fixture(scope="module")
def switching(runs):
    assert runs[1].ok, runs[1].stderr[-3000:]
    return runs[1]


def _mode_of(report, label):
    return tuple(int(x) for x in report.note(label, "mode").split())


def test_the_scripted_session_visits_every_screen_and_every_mode_without_an_error(report):
    labels = [label for label, _ in report.steps]
    assert len(set(labels)) == len(labels)  # each step's figures are its own
    for f, row in enumerate(FAMILIES):
        for v, name in enumerate(row.variants):
            for what in (": start", ": 25 moves", ": 50 moves", ": pause", ": how to play",
                         ": how to play page 2", ": back to pause", ": resume", ": quit to menu"):
                assert name + what in labels, name + what
            assert _mode_of(report, name + ": start") == (f, v, 0)
        first = row.variants[0]
        for what in (": can I still win?", ": resumed", ": undo, redo, hint", ": played out",
                     ": result", ": menu"):
            assert first + what in labels, first + what
        # Resume brought back the game quit, and the game went on to its result box
        for what in ("mode", "deal"):
            assert report.note(first + ": resumed", what) == report.note(first + ": start", what)
        assert report.note(first + ": played out", "stopped") == "game over"
        head = report.note(first + ": result", "box")
        assert head.startswith(("You won! ", "No moves left. ", "Lost, yet winnable. ")), head
        assert report.note(first + ": result", "items").endswith("Menu")
    for screen in ("title", "statistics (none)", "controls", "title again", "statistics",
                   "statistics of one mode", "back to the title", "second game", "new deal",
                   "end"):
        assert screen in labels, screen
    # New deal from the pause box dealt another game of the same mode
    assert report.note("new deal", "mode") == report.note("second game", "mode")
    assert report.note("new deal", "deal") != report.note("second game", "deal")


def test_the_screen_dims_goes_dark_saved_and_wakes_where_it_was_within_the_budget(report):
    # battery care on the PyBadge profile (docs/playing.md): its steps are measured with
    # the others (test_every_step_stays_within_the_live_budget)
    name = heap_scenario.mode_label(0, 0)
    lit = [report.note(name + what, "lit") for what in (": dimmed", ": dark", ": woken")]
    assert lit == ["1", "0", "2"]
    assert report.note(name + ": dark", "saved") == "True"
    cursors = {report.note(name + what, "cursor") for what in (": dimmed", ": dark", ": woken")}
    assert len(cursors) == 1  # the waking RIGHT moved nothing


def test_each_familys_other_rule_profile_is_chosen_on_the_options_page_and_played(report):
    from solitaire.choose import LABELS

    assert sorted(run[0] for run in heap_scenario.PROFILE_RUNS) == list(range(len(FAMILIES)))
    for f, v, p in heap_scenario.PROFILE_RUNS:
        name = heap_scenario.mode_label(f, v, p)
        profile = FAMILIES[f].profiles[p]
        options = report.note(name + ": new game", "items").split(" / ")
        assert "Rules: " + LABELS.get(profile, profile) in options, options
        assert _mode_of(report, name + ": start") == (f, v, p)
        for what in (": 50 moves", ": pause", ": how to play", ": can I still win?", ": quit to menu"):
            assert name + what in [label for label, _ in report.steps], name + what


def test_a_random_winnable_deal_from_the_options_page_is_one_of_the_modes_table(report):
    from solitaire import ASSETS, winnable

    f, v, p = heap_scenario.WINNABLE_RUN
    name = heap_scenario.mode_label(f, v, p)
    assert "Deal: random winnable" in report.note(name + ": new game", "items").split(" / ")
    deal = int(report.note(name + ": start", "deal"))
    assert winnable.contains(winnable.path(ASSETS, FAMILIES[f].key, v, p), deal)
    # and the pause box's question reads that table: won from the start, moves made since
    assert report.note(name + ": can I still win?", "said") == TABLE_ANSWERS[2]
    # the next game turns the option off: any deal again
    off = heap_scenario.mode_label(*heap_scenario.WINNABLE_OFF)
    assert "Deal: random" in report.note(off + ": new game", "items").split(" / ")


def test_can_i_still_win_is_answered_in_every_family_by_its_search_or_its_table(report):
    for f, row in enumerate(FAMILIES):
        asked = [label for label, _ in report.steps
                 if label.endswith(": can I still win?")
                 and _mode_of(report, label)[0] == f]
        assert len(asked) >= 2, row.key
        for label in asked:
            said = report.note(label, "said")
            loaded = [name for at, name, _, _ in report.imports if at == label]
            if not hasattr(import_module(row.module).Game, "still_winnable"):
                # no search of its own on the board (Terrace, Klondike): its winnable table
                assert said in TABLE_ANSWERS, (label, said)
                assert "solitaire.winnable" in loaded, loaded
            else:  # the family's own search, run on the board (the table gives other words)
                assert said in SEARCH_ANSWERS, (label, said)


def test_every_moves_step_makes_its_moves_or_says_why_it_stopped(report):
    played = [label for label, _ in report.steps
              if label.endswith(("25 moves", "50 moves", "played out"))
              or label in ("second game", "end")]
    assert len(played) > 2 * sum(len(row.variants) for row in FAMILIES)
    for label in played:
        made = report.moves.get(label, 0)
        assert made > 0, "\n" + report.table()
        if label.endswith("moves"):
            assert made == 25 or report.note(label, "stopped"), (label, made)
    assert report.moves["second game"] == 30 or report.note("second game", "stopped")


def test_live_heap_stays_within_90_kb_at_every_step(report, switching):
    for run in (report, switching):
        over = [(label, live) for label, live in run.steps if live > LIVE]
        assert not over, "\n" + run.table()


def test_each_steps_names_are_counted_as_a_board_interns_them(report):
    # the live figures carry the name pools a board makes (sim/heap_budget.py pool_correction):
    # the names are counted from the shipped files (sim/board_names.py) at every step, grow
    # only (a name is interned for good), and past 1,260 names the seventh pool, ~9 KB, is in
    # every later step's figure
    counts = [report.board_names.get(label) for label, _ in report.steps]
    assert None not in counts
    assert counts == sorted(counts) and counts[-1] > 1000, counts[-1]
    # (a board's count is above what the harness saw the app intern: the stand-ins hold some
    # of the app's names before it starts, as CircuitPython's ROM does not)
    last = report.steps[-1][0]
    assert counts[-1] >= report.qstrs[last] - report.qstr_base - 50
    for (label, live), (_, measured) in zip(report.steps, report.measured):
        assert live == measured - report.pool_correction(label)


def test_no_data_allocation_over_1_kb_after_start_up(report, switching):
    assert not report.big, "\n" + report.table()
    assert not switching.big, "\n" + switching.table()


def test_switching_games_50_times_leaves_the_titles_heap_as_it_was(switching):
    # at the title before each switch: once every family has been played (their interned
    # names stay), neither the live heap nor the largest free block moves by more than SLACK
    titles = heap_budget.titles(switching)
    assert len(titles) == heap_scenario.SWITCHES + 1
    families = set()
    for i in range(heap_scenario.SWITCHES):
        label = heap_scenario.switch_label(i)
        assert switching.moves[label] == 3, label
        families.add(_mode_of(switching, label)[0])
    assert families == set(range(len(FAMILIES)))
    # The menus keep the last table's code and its family's engine (solitaire/app.py warm_*),
    # so the title's heap depends on the family just played: each title is compared with the
    # first title after a game of the same family (once every family has been played).
    # A dead block can stay for one title and go at the next: the collector is conservative,
    # and which block a stray word happens to reach moves with any change of layout (the
    # seed-2 and seed-3 runs of 4662813 show such one-off spikes of 4-6 KB, back at the next
    # title). A leak stays: no two titles in a row after a family, and not the last, above the
    # first's
    after = {}  # family: [(label, live, free)] of the titles after its games
    for k in range(len(FAMILIES), len(titles)):
        family = _mode_of(switching, heap_scenario.switch_label(k - 1))[0]
        after.setdefault(family, []).append(titles[k])
    assert set(after) == set(range(len(FAMILIES)))
    for family, rest in after.items():
        _, live0, free0 = rest[0]
        for (label, live, free), (_, live2, free2) in zip(rest, rest[1:]):
            assert min(live, live2) <= live0 + SLACK, (label, live, live2, live0)
            assert max(free, free2) >= free0 - SLACK, (label, free, free2, free0)
        label, live, free = rest[-1]
        assert live <= live0 + SLACK and free >= free0 - SLACK, (label, live, live0, free, free0)


RESULTS = ("You won! ", "No moves left. ", "Lost, yet winnable. ")


def test_a_long_session_leaves_the_titles_heap_as_it_was_within_the_budget(switching):
    # issue 36 item 4: rounds of every family (the next mode each round) played to its result,
    # the pause box, How to play, "Can I still win?", quit, resume, undo, redo and hint between,
    # then the statistics and controls pages, after the 50 switches. The title after each round
    # keeps the last table's code and Solar's engine (app.py warm_*: the last game of a round is
    # Solar's), so the rounds compare as they are
    rounds = heap_budget.soak_rounds(switching)
    assert len(rounds) == heap_scenario.SOAK_ROUNDS
    for r in range(heap_scenario.SOAK_ROUNDS):
        for f, row in enumerate(FAMILIES):
            name = heap_scenario.soak_label(r, row.variants[r % len(row.variants)])
            assert _mode_of(switching, name + ": start") == (f, r % len(row.variants), 0), name
            assert switching.moves[name + ": moves"] > 0, name
            assert switching.note(name + ": result", "box").startswith(RESULTS), name
            assert switching.note(name + ": result", "items").endswith("Menu"), name
        assert switching.note(heap_scenario.soak_label(r, "controls"), "page") == "SOLITAIRE"
    # every step within the budget (test_live_heap_stays_within_90_kb_at_every_step reads the
    # same steps; this names the round)
    for r, live, free, top, label in rounds:
        assert top <= LIVE, (label, top)
    # the title after each round against the first round's: as for the switches, a dead block
    # a stray word keeps for one title is no leak, a leak stays (not two titles in a row above
    # the first's, nor the last). `make bench ARGS=soak` plays more rounds (docs/memory.md).
    # (The largest free block is not compared: a game played out leaves a step's garbage that
    # makes this build add a heap area, whose free end is then the largest block, and where a
    # block that stays lands in it moves that figure by hundreds of KB; the 1 KB rule on data
    # allocations after start-up is what keeps a board's heap from fragmenting)
    live0 = rounds[0][1]
    for a, b in zip(rounds[1:], rounds[2:]):
        assert min(a[1], b[1]) <= live0 + SLACK, (a, b, live0)
    assert rounds[-1][1] <= live0 + SLACK, (rounds[-1], live0)


def test_no_device_module_needs_more_than_20_kb_at_once_to_import(report, tmp_path):
    # every module the session imported, and the font's fallback loader (bitmap_font's bdf and
    # glyph_cache: the board reads the packed font, assets/font.bin, and loads them only if it
    # is damaged). The qstr pool an import may cause is not counted (sim/heap_budget.py); the
    # live figures count it in full
    tops = ("solitaire", "engine") + tuple(heap_budget.libraries())
    session = set(name for _, name, _, _ in report.imports if name.split(".")[0] in tops)
    assert len(session) > 20, session
    assert not any(m.startswith("adafruit_bitmap_font") for m in session)  # the packed font
    modules = sorted(session | {"adafruit_bitmap_font.bdf", "adafruit_bitmap_font.glyph_cache"})
    heap_budget.board_tree(str(tmp_path))
    prober = heap_budget.Prober(str(tmp_path), heap_scenario.SETTINGS)

    def over(module):
        order = heap_budget.import_order(str(tmp_path), module, heap_scenario.SETTINGS)
        target = order[-1]
        before = heap_budget.parents_first([m for m in order if m != target], target)
        return not prober.fits(target, before, IMPORT)

    # each probe is its own MicroPython process: two at a time (this machine has two cores)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(over, modules))
    over_budget = [m for m, bad in zip(modules, results) if bad]
    assert not over_budget, over_budget


def test_the_budget_run_finds_a_planted_big_buffer_and_keeps_the_app_at_board_addresses():
    # the checks above can fail: a 2 KB buffer made after start-up is found, at its size and
    # step; and the app's objects live at 0x2000xxxx, where a SAMD51's RAM is
    steps = heap_scenario.scenario(quick=True)[:3] + [
        ("a buffer made per game", "_drive.buffer = bytearray(2048)\n"
                                   "_drive.note('app at', id(_drive.app))"),
        ("after it", "pass")]
    run = heap_budget.measure(steps, heap_scenario.SETTINGS)
    assert run.ok, run.stderr[-3000:]
    assert [(label, size) for label, size, _ in run.big] == [("a buffer made per game", 2048)]
    assert int(run.note("a buffer made per game", "app at")) >= 0x20008000
    live = dict(run.steps)
    assert live["after it"] - live["a buffer made per game"] > BIG  # (and it counts as live)


def test_the_heap_beyond_a_pybadges_ram_sits_where_the_apps_data_does_not_point(switching):
    # a PyBadge's RAM ends at 0x2003_0000; this build's heap grows past it with a step's garbage.
    # Its first two areas are at the board's addresses, every later one at 0x7E00_0000
    # (sim/heap_budget.py HIGH_HEAP): a data word between (the font's metrics hold 0x2006_0000)
    # kept a dropped module here that no board could keep (docs/memory.md "The long session")
    areas = sorted(set(int(a, 16) for a in
                       re.findall(r"GC memory layout; from ([0-9a-f]+)", switching.text)))
    high = [a for a in areas if a >= 0x20000000]
    assert len(high) >= 3, [hex(a) for a in areas]  # (the run grew its heap past the first two)
    assert all(a < 0x20020000 for a in high[:2]), [hex(a) for a in high]
    assert all(a >= 0x7E000000 for a in high[2:]), [hex(a) for a in high]


def test_the_budget_run_plays_with_sound_on(report):
    # the PyBadge's speaker at its default level: the sound module and its buffers are in every
    # figure, and each move of the run starts a sound (issue 27, part 5)
    first = heap_scenario.mode_label(0, 0)
    assert "Sound: medium" in report.note(first + ": new game", "items").split(" / ")
