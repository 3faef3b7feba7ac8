"""`make bench ARGS=soak`: the long session (issue 36 item 4) under MicroPython, longer than the
heap test plays it: sim/heap_scenario.py BENCH_ROUNDS rounds of every family played to its
result, menus between; the title's live heap after each round and each round's highest step
(docs/memory.md "The long session"). Some minutes: it runs only when asked."""
from sim import heap_budget, heap_scenario


def main():
    report = heap_budget.measure(heap_scenario.soak(heap_scenario.BENCH_ROUNDS),
                                 heap_scenario.SETTINGS, maps=heap_scenario.soak_mapped)
    if not report.ok:
        print(report.stderr[-2000:])
        return
    print(heap_budget.soak_series(report))
