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


def variant(v):
    """From the notice to a 4 Ases variant's table: the family, DOWN v times, its options' Start."""
    return NOTICE + "A DOWN A" + " DOWN" * v + " A A wait:300"


def solar_turns(deal, turns, dpad=True):
    """Keys that play `turns` of a Solar deal as a newcomer would, from the cursor on the stock:
    A turns a card; a card that fits several pads waits, and is placed on the leftmost one (the
    cursor goes there, A, and back to the stock). The engine says when a card waits and where.
    dpad: the board's UP/DOWN are buttons, and LEFT/RIGHT stay on their row, stopping at its
    ends (solitaire/play.py); else (four buttons) LEFT/RIGHT walk every pile, wrapping."""
    from engine import solar
    from engine.game import pack

    g = solar.Game(0, 0)
    g.deal(deal)
    keys = []
    for _ in range(turns):
        if g.pending >= 0:
            m = g.quick_play(g.pending)
            pad = [k for k in range(4) if pack(g.pending, 2 + k, 1) == m][0]
            # the cursor's rows (solitaire/layout.py): the stock, the hand, the stations, then
            # the waste and the pads
            if dpad:  # DOWN to the bottom row, to its end (the waste), then along to the pad
                keys += (["DOWN"] + ["LEFT"] * 6 + ["RIGHT"] * (1 + pad) + ["A", "wait:150"]
                         + ["UP"] + ["LEFT"] * 6)
            else:  # LEFT from the stock wraps round to the last pad
                keys += ["LEFT"] * (4 - pad) + ["A", "wait:150"] + ["RIGHT"] * (4 - pad)
        else:
            m = g.quick_play(0)  # the turn
            keys += ["A", "wait:150"]
        g.apply(m)
    return " " + " ".join(keys)


class AsesKeys:
    """Keys for 4 Ases's table from the cursor on the hand, made as a player would: A on the
    hand for its move (reveal, renew, a token), else A on the card's pile and A on where it
    goes; on a four-button board LEFT/RIGHT walk the piles in the table's order, on a D-pad
    (dpad) DOWN/UP change rows and LEFT/RIGHT move along one. The game is played along, so a
    script can look at it."""

    def __init__(self, variant, deal, profile=0, dpad=True):
        from engine.cuatro_ases import Game

        self.game = g = Game(variant, profile)
        g.deal(deal)
        # the table's walk (solitaire/layout.py): the top line left to right (the hand, the
        # slot, the spaces), then the revealed pile below
        self.order = [0] + ([g.slot] if g.slot >= 0 else []) + [2, 3, 4, 5, 1]
        self.dpad = dpad  # UP/DOWN are buttons: LEFT/RIGHT stay on their row, to its ends
        self.at = 0
        self.keys = []

    def go(self, p):
        if self.dpad and p != self.at:
            top = self.order[:-1]
            if p == 1:  # the revealed pile, the row below
                self.keys.append("DOWN")
            elif self.at == 1:  # UP to the top row (some pile of it), its left end, along
                self.keys += ["UP"] + ["LEFT"] * len(top) + ["RIGHT"] * top.index(p)
            else:
                d = top.index(p) - top.index(self.at)
                self.keys += ["RIGHT"] * d if d > 0 else ["LEFT"] * -d
            self.at = p
            return self
        i, j = self.order.index(self.at), self.order.index(p)
        right, left = (j - i) % len(self.order), (i - j) % len(self.order)
        self.keys += ["RIGHT"] * right if right <= left else ["LEFT"] * left
        self.at = p
        return self

    def play(self, moves):
        g = self.game
        for m in moves:
            if m == g.hand_move():
                self.go(0)
            else:
                self.go(m >> 11)  # engine.game.move_src: the card's pile
                self.keys.append("A")
                self.go((m >> 6) & 31)  # move_dst
            self.keys += ["A", "wait:100"]
            g.apply(m)
        return self

    def text(self):
        return " " + " ".join(self.keys)


def ases_keys(variant, deal, plan, profile=0):
    """The keys of the moves plan(game) returns, worked out on a game of that deal (which the
    plan plays on), from the start of the deal."""
    from engine.cuatro_ases import Game

    g = Game(variant, profile)
    g.deal(deal)
    return AsesKeys(variant, deal, profile).play(plan(g))


def hinted(until):
    """A plan: the engine's hint played until until(game) holds."""
    def plan(g):
        moves = []
        while not until(g):
            moves.append(g.hint())
            g.apply(moves[-1])
        return moves
    return plan


def parked_and_blocked(g):
    """Con reserva's plan: the hint, until a few moves (found by a short search) leave a card
    parked in the slot and a released card blocked on the revealed pile, cards on the spaces."""
    from array import array

    from engine.game import MAX_MOVES, PLAYING

    def shown(g):
        n = g.count(1)
        return g.count(g.slot) and n and g.blocked(1, n - 1) and g.score() >= 3

    def search(depth, path):
        if shown(g):
            return True
        if depth == 0 or g.status() != PLAYING:
            return False
        buf = array("H", range(MAX_MOVES))
        for m in buf[:g.legal_moves(buf)]:
            g.apply(m)
            path.append(m)
            if search(depth - 1, path):
                return True
            path.pop()
            g.undo()
        return False

    moves = []
    while not search(5, moves):
        moves.append(g.hint())
        g.apply(moves[-1])
    return moves


def two_spaces_fit(g):
    """Pintados: a space built in mixed suits, and the revealed top fitting two built spaces."""
    from engine.game import pack

    fit = [k for k in range(4) if g.count(2 + k) and not g.check(pack(1, 2 + k, 1))]
    return len(fit) >= 2 and max(g.count(2 + k) for k in range(4)) >= 3


def choosing(deal):
    """Pintados' keys: played until two spaces take the revealed top, then the top picked up
    and the cursor on the second of them: the player chooses."""
    from engine.game import pack

    k = ases_keys(4, deal, hinted(two_spaces_fit))
    g = k.game
    k.go(1)
    k.keys.append("A")
    k.go([2 + s for s in range(4) if g.count(2 + s) and not g.check(pack(1, 2 + s, 1))][1])
    return k.text() + " wait:200"


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
    # the four variants (the family's mode list, DOWN to the variant), each showing its own:
    # the four 1s up from the deal; a parked card and a released one blocked (its padlock);
    # a token spent (a ring where its coin was) and the shuffled hand revealed on; a space
    # built in mixed suits and the revealed top, picked up, fitting two spaces
    ("cuatro_ases_revelados_160x128.png", "pybadge", 7, variant(1) + REVEAL * 6),
    ("cuatro_ases_reserva_160x128.png", "pybadge", 1, variant(2)
     + ases_keys(2, 1, parked_and_blocked).go(1).text() + " wait:200"),
    ("cuatro_ases_mezclado_160x128.png", "pybadge", 7, variant(3)
     + ases_keys(3, 7, hinted(lambda g: g.tokens < 5 and g.count(1) >= 8)).text()
     + " wait:200"),
    ("cuatro_ases_pintados_160x128.png", "pybadge", 8, variant(4) + choosing(8)),
    # deal 3 after 20 turns: an emergency (two rockets in the waste), two stations open
    ("solar_160x128.png", "pybadge", 3, SOLAR + solar_turns(3, 20) + " wait:300"),
    # deal 9 after 16 turns: a rocket home, the pads fanned
    ("solar_320x240.png", "pico320", 9, SOLAR4 + solar_turns(9, 16, dpad=False) + " wait:300"),
    # the PicoSystem (240x240, eight buttons) and a Pico Display Pack (240x135, four buttons)
    ("title_240x240.png", "picosystem", 7, NOTICE + "wait:100"),
    ("terrace_240x240.png", "picosystem", 7, TERRACE + " A wait:200 RIGHT RIGHT A wait:200"),
    ("cuatro_ases_240x240.png", "picosystem", 7, ASES + REVEAL * 9),
    ("solar_240x240.png", "picosystem", 3, SOLAR + solar_turns(3, 20) + " wait:300"),
    ("terrace_pause_240x240.png", "picosystem", 7, TERRACE + " A wait:200 START wait:200"),
    ("title_240x135.png", "picodisplay", 7, NOTICE + "wait:100"),
    ("terrace_240x135.png", "picodisplay", 7, TERRACE + " A wait:200 RIGHT RIGHT A wait:200"),
    ("cuatro_ases_240x135.png", "picodisplay", 7, ASES4 + REVEAL * 9),
    ("solar_240x135.png", "picodisplay", 3, SOLAR4 + solar_turns(3, 20, dpad=False) + " wait:300"),
    ("terrace_pause_240x135.png", "picodisplay", 7, TERRACE + " A wait:200 hold:B:800 wait:200"),
    # the Adafruit Fruit Jam (320x240 on HDMI; the key scripts press its USB gamepad): its title
    # with "Quit to launcher", and a Terrace table with a card picked up
    ("title_fruitjam.png", "fruitjam", 7, NOTICE + "wait:100"),
    ("terrace_fruitjam.png", "fruitjam", 7, TERRACE + " A wait:200 RIGHT RIGHT A wait:200"),
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
    # python -m sim.screenshots [--out DIR] [NAME ...]: every picture into docs/ (or DIR), or
    # only the ones named
    args = list(sys.argv[1:] if argv is None else argv)
    out = OUT
    if args[:1] == ["--out"]:
        out = args[1]
        args = args[2:]
    os.makedirs(out, exist_ok=True)
    for name, board, deal, keys in SHOTS:
        if args and name not in args:
            continue
        r = run(board=board, keys=keys, settings={"SOLITAIRE_DEAL": deal})
        if r.stopped_by is not None:  # never a picture of an error screen
            sys.stderr.write("screenshots: %s: %s\n" % (name, r.stop_line))
            return 1
        k = 3 if r.width <= 160 else 2
        path = os.path.join(out, name)
        png.write(path, r.width * k, r.height * k, scaled(r.width, r.height, r.frame, k))
        print("screenshots: %s (%s, deal %d: %s)" % (os.path.relpath(path, REPO), board, deal, keys))
    return 0


if __name__ == "__main__":
    sys.exit(main())
