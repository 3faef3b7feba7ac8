"""The heap budget figures (sim/heap_budget.py): live heap per step of the scripted session,
each module's import (net, and its peak: the project's and the libraries'), data allocations
over 1 KB after start-up."""
from sim import heap_budget, heap_scenario


def main():
    report = heap_budget.measure(heap_scenario.scenario(), heap_scenario.SETTINGS)
    print(report.table())
    if not report.ok:
        print(report.stderr[-2000:])
        return
    print("peak live heap: %.1f KB (budget %d KB)" % (report.peak_live() / 1024.0,
                                                     heap_budget.LIVE_BUDGET // 1024))
    tops = ("solitaire", "engine") + tuple(heap_budget.libraries())
    modules = sorted(set(name for _, name, _, _ in report.imports if name.split(".")[0] in tops))
    print("import peaks (KB, the most heap an import needs at once; budget %d):"
          % (heap_budget.IMPORT_BUDGET // 1024))
    for module, peak in sorted(heap_budget.peaks(modules, heap_scenario.SETTINGS),
                               key=lambda kv: -kv[1]):
        print("  %6.1f  %s" % (peak / 1024.0, module))
