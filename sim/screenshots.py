"""`make screenshots`: the README's pictures, made by the simulator from key scripts.

Each screen is a headless run of the real code.py with a fixed deal, written to docs/ as a PNG
scaled up without smoothing (every panel pixel becomes a 3x3 or 2x2 block) so it reads on a PC.
"""
import os
import sys

from sim import png
from sim.runner import run

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "docs")
START = "A A A A"  # title -> New game -> Terrace -> Terrace mode -> Start game (options)
# (file, board, deal, key script)
SHOTS = (
    ("title_160x128.png", "pybadge", 7, "wait:100"),
    ("base_choice_160x128.png", "pybadge", 7, START),
    ("hint_160x128.png", "pybadge", 7, START + " A wait:200 RIGHT RIGHT SELECT"),
    ("pick_160x128.png", "pybadge", 7, START + " A wait:200 RIGHT RIGHT RIGHT A"),
    ("redheads_160x128.png", "pybadge", 9, "A A DOWN DOWN DOWN DOWN A A DOWN A"),
    ("pause_160x128.png", "pybadge", 7, START + " A wait:200 START"),
    ("play_320x240.png", "pico320", 7, START + " A wait:200 RIGHT RIGHT down:B A up:B"),
)


def scaled(width, height, rgb, k):
    rows = []
    stride = width * 3
    for y in range(height):
        row = rgb[y * stride:(y + 1) * stride]
        big = b"".join(row[x:x + 3] * k for x in range(0, stride, 3))
        rows.extend([big] * k)
    return b"".join(rows)


def main(argv=None):
    os.makedirs(OUT, exist_ok=True)
    for name, board, deal, keys in SHOTS:
        r = run(board=board, keys=keys, settings={"SOLITAIRE_DEAL": deal})
        if r.stopped_by is not None:  # never a picture of an error screen
            sys.stderr.write("screenshots: %s: %s\n" % (name, r.stop_line))
            return 1
        k = 3 if r.width <= 160 else 2
        path = os.path.join(OUT, name)
        png.write(path, r.width * k, r.height * k, scaled(r.width, r.height, r.frame, k))
        print("screenshots: %s (%s, deal %d: %s)" % (os.path.relpath(path, REPO), board, deal, keys))
    return 0


if __name__ == "__main__":
    sys.exit(main())
