# The board-fit budget (README "Memory"), under real MicroPython with stand-ins that hold what
# CircuitPython's C objects hold (sim/heap_budget.py): the real app, driven by its buttons and its
# table's own move path, visits every screen and plays every mode of every family
# (sim/heap_scenario.py). At every step the live heap stays within 90 KB, no device module needs
# more than 20 KB to import, and no data allocation over 1 KB happens after start-up.
import pytest

from sim import heap_budget, heap_scenario

LIVE = heap_budget.LIVE_BUDGET
IMPORT = heap_budget.IMPORT_BUDGET


@pytest.fixture(scope="module")
def report():
    return heap_budget.measure(heap_scenario.scenario(), heap_scenario.SETTINGS)


def test_the_scripted_session_visits_every_screen_and_every_mode_without_an_error(report):
    assert report.ok, report.stderr[-3000:]
    labels = [label for label, _ in report.steps]
    from engine.registry import FAMILIES

    for row in FAMILIES:
        for name in row[3]:
            for what in (": start", ": 50 moves", ": pause", ": rules", ": quit to menu"):
                assert name + what in labels, name + what
    for screen in ("title", "controls", "statistics", "statistics of one mode"):
        assert screen in labels


def test_live_heap_stays_within_90_kb_at_every_step(report):
    over = [(label, live) for label, live in report.steps if live > LIVE]
    assert not over, "\n" + report.table()


def test_no_data_allocation_over_1_kb_after_start_up(report):
    assert not report.big, "\n" + report.table()


def test_no_device_module_needs_more_than_20_kb_at_once_to_import(report, tmp_path):
    modules = sorted(set(name for _, name, _, _ in report.imports
                         if name.split(".")[0] in ("solitaire", "engine")))
    assert len(modules) > 20, modules
    heap_budget.board_tree(str(tmp_path))
    prober = heap_budget.Prober(str(tmp_path), heap_scenario.SETTINGS)

    def over(module):
        order = heap_budget.import_order(str(tmp_path), module, heap_scenario.SETTINGS)
        target = order[-1]
        before = heap_budget.parents_first([m for m in order if m != target], target)
        return not prober.fits(target, before, IMPORT)

    # each probe is its own MicroPython process: two at a time (this machine has two cores)
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(over, modules))
    over_budget = [m for m, bad in zip(modules, results) if bad]
    assert not over_budget, over_budget
