# Simulator figures for `make bench`: how long Blinka displayio takes to render a refresh, and
# how many pixels each refresh redraws (from displayio's dirty areas), for a scripted game of the
# real code.py on each screen size (a fixture program if code.py is not there).
import os
import statistics
import tempfile
import time

from sim import runner

FIXTURE = os.path.join(runner.REPO_ROOT, "tests", "fixtures", "sim", "draw_keys.py")
# through the menus (the blank board's save-memory notice, New game, the family, its first mode,
# Start game, the base card) to the table, then moves around it, picks and drops, backs out (the
# app's menus as of this commit: keep in step; tests/test_sim_runner.py checks it ends at a table)
TO_TABLE = "A A A A A wait:300 A wait:300 "
GAME = {"pybadge": TO_TABLE + "RIGHT RIGHT DOWN A LEFT A B UP RIGHT A " * 3 + "wait:200",
        "pico320": TO_TABLE + "RIGHT RIGHT A LEFT A B RIGHT A " * 3 + "wait:200"}  # 4 buttons
FIXTURE_KEYS = {"pybadge": "RIGHT RIGHT DOWN A LEFT UP " * 4, "pico320": "RIGHT RIGHT A LEFT " * 4}


def changed_pixels(width, height, rects):
    """Pixels redrawn by one refresh: the union of its rectangles."""
    mask = bytearray(width * height)
    for x1, y1, x2, y2 in rects:
        row = b"\x01" * (x2 - x1)
        for y in range(y1, y2):
            mask[y * width + x1:y * width + x2] = row
    return sum(mask)


def figures(board, code, keys):
    with tempfile.TemporaryDirectory() as data:
        started = time.perf_counter()
        r = runner.run(board=board, keys=keys, code=code, data_dir=data)
        wall = time.perf_counter() - started
    if r.stopped_by is not None:
        return "%s: %s" % (board, r.stop_line)
    total = r.width * r.height
    pixels = [changed_pixels(r.width, r.height, rects) for rects in r.changed_areas]
    later = pixels[1:] or pixels  # the first refresh draws the whole screen
    ms = [s * 1000 for s in r.refresh_seconds]
    return ("%-8s %dx%d  %d refreshes in %d steps; render median %.1f ms (max %.1f, first %.1f); "
            "changed pixels per refresh after the first: median %d (%.1f%% of the screen), "
            "max %d; run %.1f s wall for %.1f s virtual"
            % (board, r.width, r.height, len(pixels), len(r.frames) - 1,
               statistics.median(ms[1:] or ms), max(ms), ms[0],
               statistics.median(later), 100.0 * statistics.median(later) / total, max(later),
               wall, r.elapsed_ms / 1000))


def main():
    if os.path.exists(runner.DEFAULT_CODE):
        code, scripts, what = None, GAME, "code.py"
    else:
        code, scripts, what = FIXTURE, FIXTURE_KEYS, "fixture (no code.py yet)"
    for board in ("pybadge", "pico320"):
        print("   %s on %s, keys: %s" % (what, board, scripts[board]))
        print("   " + figures(board, code, scripts[board]))


if __name__ == "__main__":
    main()
