"""The board-time model calibrated against a real CircuitPython core (sim/bench_board.py runs the
session; this module turns each record into seconds on a PyBadge, and fits and prints the
calibration: `make bench ARGS=calibrate`).

A record's time on a board is modelled as the sum of what the core was seen to spend it on
(sim/data/board_calibration.py; the causes in docs/speed.md):

- bytecode: the host MicroPython's time outside imports, scaled by Pystone (a SAMD51 runs
  1,521.6 pystones a second), times a factor the fit finds;
- loading modules: a cost per module loaded, per byte of its .mpy and per name its qstr table
  holds (each is looked up, or interned, as the module loads: sim/board_names.py), plus the host's
  own load time scaled like bytecode (the module's top level runs as bytecode);
- garbage collection: each explicit gc.collect() marks the live heap and sweeps the heap; what a
  record allocates fills the free heap, and a board collects when it is full, so each byte
  allocated costs a share of a collection;
- C calls the host does cheaply or not at all: bitmaptools' blit (a glyph each) and fill, per call
  and per pixel; the display objects' attribute, tile and colour calls; vectorio's width/height;
- the refresh: each pixel displayio composes.

The coefficients are fitted (non-negative least squares on the relative error) to the per-screen
and per-key figures of the calibration data and written below; `--fit` fits them again from a run.
The model stays a model: it agrees with one real core (no board has been measured), within the
spread `make bench ARGS=calibrate` prints.
"""
import statistics

SAMD51_PYSTONES = 1521.6

# feature names, in the order of COEFFICIENTS; each is a number a record has (features())
FEATURES = ("bytecode_s", "modules", "kb_loaded", "names_k", "load_s", "collects",
            "collected_kb", "filled_mark", "filled_sweep", "glyphs", "glyph_kpx", "fill_kpx",
            "c_calls_k", "sizes", "lines", "line_kb", "read_kb", "refresh_kpx")
# the heap a board's collector works in (KiB): what the app has of a PyBadge's RAM (fitted with
# the coefficients: the core was timed with a fixed heap of about this size)
HEAP_KB = 120.0
# seconds on a PyBadge per unit of each feature, fitted by fit() to sim/data/board_calibration.py
# (`python -m sim.bench_calibrate --fit`, 2026-12-07, the quick session at d19a56b, least of 3
# runs; HEAP_KB tried at 110, 120, 130, 145: 120 fits best). Where the fit gives 0 the feature adds
# nothing the others don't already explain on this data (an explicit collection's cost is borne
# by "filled": what a record allocates into a heap the live data leaves little room in)
COEFFICIENTS = {
    'bytecode_s': 0.471575,
    'modules': 0.026174,
    'kb_loaded': 0.010386,
    'names_k': 0,
    'load_s': 0,
    'collects': 0,
    'collected_kb': 0,
    'filled_mark': 0.002745,
    'filled_sweep': 0,
    'glyphs': 5e-06,
    'glyph_kpx': 0.015078,
    'fill_kpx': 0,
    'c_calls_k': 0,
    'sizes': 0.002554,
    'lines': 0.00108,
    'line_kb': 0,
    'read_kb': 0,
    'refresh_kpx': 0.00123,
}


def features(records, pools, pystones, heap_kb=None):
    """Each record (label, kind, us, pixels, counts, modules) of a bench run as a dict of the
    model's features; pools: a sim.board_names.Pools over the run's board tree, fed the modules
    in the order they loaded (names are interned once, for good)."""
    factor = pystones / SAMD51_PYSTONES
    heap_kb = HEAP_KB if heap_kb is None else heap_kb
    out = []
    for label, kind, us, px, counts, mods in records:
        c = counts or (0,) * 16
        size = names = 0
        for m in mods:
            b, _ = pools.module(m)
            size += b
            names += len(pools.cache[m][1])
        imp = c[0]
        live = c[-1] / 1024.0 if len(c) > 12 else 0.0  # KB live at the step's start
        alloc = c[11] / 1024.0 if len(c) > 11 else 0.0  # KB the record allocated
        room = max(8.0, heap_kb - live)  # what a collection frees: the heap fills that often
        out.append({
            "label": label, "kind": kind,
            "bytecode_s": max(0, us - imp) * factor / 1e6,
            "modules": len(mods),
            "kb_loaded": size / 1024.0,
            "names_k": names / 1000.0,
            "load_s": imp * factor / 1e6,
            "collects": c[2],
            "collected_kb": c[2] * live,  # each collection marks the live heap...
            "filled_mark": alloc * live / room,  # ...and a heap filled by allocating is
            "filled_sweep": alloc * heap_kb / room,  # collected (marked and swept) as often
            "glyphs": c[4],
            "glyph_kpx": c[5] / 1000.0,
            "fill_kpx": c[7] / 1000.0,
            "c_calls_k": c[8] / 1000.0,
            "sizes": c[9],
            "lines": c[12] if len(c) > 14 else 0,
            "line_kb": c[13] / 1024.0 if len(c) > 14 else 0.0,
            "read_kb": c[10] / 1024.0,
            "refresh_kpx": px / 1000.0,
        })
    return out


# what a record's seconds go to (the report's columns): each a group of the features
PARTS = ("bytecode", "loading", "collecting", "C calls", "reading", "refresh")
_PART_OF = {"bytecode_s": "bytecode", "modules": "loading", "kb_loaded": "loading",
            "names_k": "loading", "load_s": "loading", "collects": "collecting",
            "collected_kb": "collecting", "filled_mark": "collecting",
            "filled_sweep": "collecting", "glyphs": "C calls", "glyph_kpx": "C calls",
            "fill_kpx": "C calls", "c_calls_k": "C calls", "sizes": "C calls",
            "lines": "reading", "line_kb": "reading", "read_kb": "reading",
            "refresh_kpx": "refresh"}


def parts(f, coef=None):
    """A record's seconds by PARTS."""
    coef = coef or COEFFICIENTS
    out = dict((p, 0.0) for p in PARTS)
    for k in FEATURES:
        out[_PART_OF[k]] += coef[k] * f[k]
    return out


def seconds(f, coef=None):
    coef = coef or COEFFICIENTS
    return sum(coef[k] * f[k] for k in FEATURES)


def nnls(rows, targets, weights, iterations=20000):
    """Non-negative least squares by projected coordinate descent (a dozen unknowns: plenty),
    minimising sum(w * (row . x - t)^2) with x >= 0."""
    n = len(rows[0])
    x = [0.0] * n
    # normal equations
    a = [[sum(w * r[i] * r[j] for r, w in zip(rows, weights)) for j in range(n)]
         for i in range(n)]
    b = [sum(w * r[i] * t for r, t, w in zip(rows, targets, weights)) for i in range(n)]
    for _ in range(iterations):
        moved = 0.0
        for i in range(n):
            if a[i][i] <= 0:
                continue
            g = b[i] - sum(a[i][j] * x[j] for j in range(n) if j != i)
            v = max(0.0, g / a[i][i])
            moved = max(moved, abs(v - x[i]))
            x[i] = v
        if moved < 1e-12:
            break
    return x


def label_of(row_label):
    # the calibration table's short family names as the session labels them
    return row_label.replace("4 Ases:", "Solitario 4 Ases:").replace("Solar:", "Solitario Solar:")


SCREEN_KINDS = ("screen change", "page change")


def screen_rows(feats, table=None):
    """(calibration row, the record it stands for): each screen of the calibration data and the
    slowest record of its label and kind in the run (the figure the report shows)."""
    from sim.data import board_calibration

    table = table if table is not None else board_calibration.SCREENS
    out = []
    for row in table:
        label, kind = row[0], row[1]
        kinds = ("boot to the first screen",) if kind == "boot" else SCREEN_KINDS
        cands = [f for f in feats if f["label"] == label_of(label) and f["kind"] in kinds]
        if cands:
            out.append((row, max(cands, key=lambda f: seconds(f))))
    return out


def key_rows(feats):
    """(kind, core median, core max, the run's records of that kind)."""
    from sim.data import board_calibration

    out = []
    for kind, (n, med, top, _m, _t) in board_calibration.KEYS.items():
        rs = [f for f in feats if f["kind"] == kind]
        if rs:
            out.append((kind, med, top, rs))
    return out


def fit(feats, free=("bytecode_s", "load_s", "refresh_kpx")):
    """Coefficients fitted to the calibration data: every screen row (its total), and each key
    kind's median and slowest record (the records the model puts there), by relative error."""
    rows, targets, weights = [], [], []
    for row, f in screen_rows(feats):
        rows.append([f[k] for k in FEATURES])
        targets.append(row[2])
        weights.append(1.0 / row[2] ** 2)
    coef = dict(COEFFICIENTS)
    for kind, med, top, rs in key_rows(feats):
        ordered = sorted(rs, key=lambda f: seconds(f, coef))
        for t, f in ((med, ordered[len(ordered) // 2]), (top, ordered[-1])):
            rows.append([f[k] for k in FEATURES])
            targets.append(t)
            weights.append(0.5 / t ** 2)
    x = nnls(rows, targets, weights)
    return dict(zip(FEATURES, x))


def comparison(feats, coef=None):
    """Lines: every calibration row beside the model, the ratio, and whether it is within 25%."""
    lines = []
    worst = 0.0
    misses = 0
    lines.append("%-34s %7s %7s %6s" % ("screen change (quick session)", "core s", "model s",
                                        "ratio"))
    for row, f in screen_rows(feats):
        m = seconds(f, coef)
        r = m / row[2]
        ok = abs(r - 1) <= 0.25
        misses += not ok
        worst = max(worst, abs(r - 1))
        lines.append("%-34s %7.2f %7.2f %6.2f%s" % (row[0], row[2], m, r, "" if ok else "  <-"))
    lines.append("%-34s %15s %15s" % ("key kind", "core med / max", "model med / max"))
    for kind, med, top, rs in key_rows(feats):
        secs = sorted(seconds(f, coef) for f in rs)
        mm, mt = statistics.median(secs), secs[-1]
        flags = []
        for core, model in ((med, mm), (top, mt)):
            r = model / core
            worst = max(worst, abs(r - 1))
            if abs(r - 1) > 0.25:
                misses += 1
                flags.append("%.2fx" % r)
        lines.append("%-34s %6.3f / %6.3f %6.3f / %6.3f%s" % (
            kind, med, top, mm, mt, ("  <- " + " ".join(flags)) if flags else ""))
    lines.append("rows outside +-25%%: %d; the largest difference %.0f%%" % (misses, 100 * worst))
    return lines, misses
