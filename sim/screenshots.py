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
# The first key dismisses the save-memory notice of a blank board. Then: New game, the family
# (DOWN to the next one), its first mode, Start game on the options page. "wait" lets the
# table's paced redraw (cursor, autoplay) finish before the frame is taken.
NOTICE = "A "
TERRACE = NOTICE + "A A A A wait:300"
ASES = NOTICE + "A DOWN A A A wait:300"
SOLAR = NOTICE + "A DOWN DOWN A A A wait:300"
# the four-button board (A B LEFT RIGHT): in menus, RIGHT goes to the next item
ASES4 = ASES.replace("DOWN", "RIGHT")
SOLAR4 = SOLAR.replace("DOWN", "RIGHT")
REVEAL = " A wait:150"


def solar_turns(deal, turns, four=False):
    """Keys that play `turns` of a Solar deal as a newcomer would, from the cursor on the stock:
    A turns a card; a card that fits several pads waits, and is placed on the leftmost one (the
    cursor goes there, A, and back to the stock). The engine says when a card waits and where."""
    from engine import solar
    from engine.game import pack

    g = solar.Game(0, 0)
    g.deal(deal)
    keys = []
    for _ in range(turns):
        if g.pending >= 0:
            m = g.quick_play(g.pending)
            pad = [k for k in range(4) if pack(g.pending, 2 + k, 1) == m][0]
            # the cursor's order: stock, hand, waste, pads; DOWN from the stock is the waste
            there = ["RIGHT"] * (pad + 3) if four else ["DOWN"] + ["RIGHT"] * (pad + 1)
            keys += there + ["A", "wait:150"] + ["LEFT"] * (pad + 3)
        else:
            m = g.quick_play(0)  # the turn
            keys += ["A", "wait:150"]
        g.apply(m)
    return " " + " ".join(keys)


# (file, board, deal, key script)
SHOTS = (
    ("title_160x128.png", "pybadge", 7, NOTICE + "wait:100"),
    ("terrace_base_160x128.png", "pybadge", 7, TERRACE),
    ("terrace_hint_160x128.png", "pybadge", 7, TERRACE + " A wait:200 RIGHT RIGHT SELECT wait:200"),
    ("terrace_pick_160x128.png", "pybadge", 7, TERRACE + " A wait:200 RIGHT RIGHT RIGHT A wait:200"),
    ("redheads_160x128.png", "pybadge", 9, NOTICE + "A A DOWN DOWN DOWN DOWN A A wait:300"),
    ("terrace_pause_160x128.png", "pybadge", 7, TERRACE + " A wait:200 START wait:200"),
    ("terrace_320x240.png", "pico320", 7, TERRACE + " A wait:200 RIGHT RIGHT down:B A up:B wait:200"),
    ("cuatro_ases_160x128.png", "pybadge", 7, ASES + REVEAL * 9 + " SELECT wait:200"),
    ("cuatro_ases_320x240.png", "pico320", 7, ASES4 + REVEAL * 12),
    # the four variants: the family's mode list, DOWN to the variant
    ("cuatro_ases_revelados_160x128.png", "pybadge", 7, NOTICE + "A DOWN A DOWN A A wait:300"
     + REVEAL * 6),
    ("cuatro_ases_reserva_160x128.png", "pybadge", 7, NOTICE + "A DOWN A DOWN DOWN A A wait:300"
     + REVEAL * 8),
    ("cuatro_ases_mezclado_160x128.png", "pybadge", 7, NOTICE + "A DOWN A DOWN DOWN DOWN A A"
     " wait:300" + REVEAL * 10),
    ("cuatro_ases_pintados_160x128.png", "pybadge", 7, NOTICE + "A DOWN A DOWN DOWN DOWN DOWN A A"
     " wait:300" + REVEAL * 10),
    # deal 3 after 20 turns: an emergency (two rockets in the waste), two stations open
    ("solar_160x128.png", "pybadge", 3, SOLAR + solar_turns(3, 20) + " wait:300"),
    # deal 9 after 16 turns: a rocket home, the pads fanned
    ("solar_320x240.png", "pico320", 9, SOLAR4 + solar_turns(9, 16, four=True) + " wait:300"),
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
