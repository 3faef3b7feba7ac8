"""Figures for the Terrace play screen (`make bench` calls main()).

- changed pixels per single-card move: the frame before the dropping key press against the
  frame after its refresh, as a share of the screen (goal <= 10% at 160x128); also the area the
  refresh redrew (the dirty rectangles, what a real display would be sent).
- key to refresh: wall time from View.key() to the end of the simulated display refresh
  (Blinka's pure-Python displayio on this PC; a device is a different machine), median.
"""
import os
import statistics
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(REPO, "lib"), REPO):
    if _p not in sys.path:
        sys.path.insert(0, _p)
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from engine import terrace  # noqa: E402
from engine.game import (  # noqa: E402
    NO_MOVE, move_src, move_dst, move_count, KIND_TABLEAU, KIND_FOUNDATION,
)
from sim import blinka_adapter  # noqa: E402
from solitaire import art, terrace_view  # noqa: E402
from solitaire import keys as K  # noqa: E402


class _UI:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.font = art.load_font()
        self.autoplay = False


def _diff(a, b):
    n = 0
    for i in range(0, len(a), 3):
        if a[i:i + 3] != b[i:i + 3]:
            n += 1
    return n


def measure(width=160, height=128, deals=range(1, 13), variant=0):
    changed = []
    redrawn = []
    times = []
    for deal in deals:
        game = terrace.Game(variant, 0)
        game.deal(deal)
        view = terrace_view.View(_UI(width, height), game)
        screen = blinka_adapter.Screen(width, height)
        screen.root_group = view.group
        screen.refresh()

        def press(k):
            t = time.perf_counter()
            view.key(k)
            areas = screen.refresh()
            times.append(time.perf_counter() - t)
            return areas

        def go(p):
            while view.cursor != p:
                press(K.RIGHT)

        for _ in range(150):
            m = game.hint()
            if m == NO_MOVE:
                break
            src, dst = move_src(m), move_dst(m)
            if game.base == 0 or src == view.stock or dst == view.stock:
                go(view.stock if game.base else src)
                press(K.A)
                continue
            go(src)
            while view.depth < move_count(m):
                press(K.UP)
            press(K.A)
            go(dst)
            single = move_count(m) == 1 and view.kind[dst] in (KIND_TABLEAU, KIND_FOUNDATION)
            before = screen.frame()
            areas = press(K.A)
            if single:
                changed.append(_diff(before, screen.frame()))
                redrawn.append(sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in areas))
    return changed, redrawn, times


def main():
    for w, h in ((160, 128), (320, 240)):
        changed, redrawn, times = measure(w, h, deals=range(1, 4 if w == 160 else 2))
        screen = float(w * h)
        print("%dx%d: %d single-card moves" % (w, h, len(changed)))
        print("   changed pixels per move: median %.1f%%, max %.1f%% of the screen" % (
            100 * statistics.median(changed) / screen, 100 * max(changed) / screen))
        print("   redrawn area per move:   median %.1f%%, max %.1f%% of the screen" % (
            100 * statistics.median(redrawn) / screen, 100 * max(redrawn) / screen))
        print("   key event -> end of refresh (simulator): median %.1f ms over %d keys" % (
            1000 * statistics.median(times), len(times)))


if __name__ == "__main__":
    main()
