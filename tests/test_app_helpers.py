# Helpers for the app-shell tests (no tests here): key scripts that walk the menus on each
# board, a key script that plays a whole Terrace game the way the engine's hint would, and
# read-back of the running app from a simulator result.
import os

from engine import terrace
from engine.game import PLAYING, move_dst, move_src
from solitaire import keys as K

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

BOARDS = ("pybadge", "pygamer", "pico320")
SIZES = {"pybadge": (160, 128), "pygamer": (160, 128), "pico320": (320, 240)}
MODES = range(len(terrace.VARIANTS))


def down(board):
    # "next item" in a menu: DOWN, or RIGHT on the four-button board
    return "RIGHT" if board == "pico320" else "DOWN"


def start_keys(board, variant=0, literal=False, autoplay=True):
    # title -> New game -> Terrace -> mode -> options -> Start game
    d = down(board)
    keys = ["A", "A"] + [d] * variant + ["A"]
    if literal:
        keys += [d, "A", "UP" if board != "pico320" else "LEFT"]
    if not autoplay:
        keys += [d, d, "A", "LEFT" if board == "pico320" else "UP", "LEFT" if board == "pico320" else "UP"]
    keys += ["A"]
    return " ".join(keys)


def boot(r):
    return r.modules["solitaire.boot"]


def app(r):
    return boot(r).app


def ok(r):
    # the program neither raised nor stopped on an error screen
    assert r.error is None, r.traceback
    assert boot(r).last_error is None, repr(boot(r).last_error)


class _UI:
    def __init__(self, width, height, autoplay):
        from solitaire import art

        self.width = width
        self.height = height
        self.font = art.load_font()
        self.autoplay = autoplay


def game_keys(variant, profile, deal, size=(160, 128), autoplay=True, limit=5000, stop_after=None,
              game=None):
    """Play deal `deal` by the engine's hint with RIGHT and A only (every board has them), on
    an offline View of the same size as the board's. Returns (game, [key names]) at the end of
    the game (or after stop_after moves). game: go on from this game's position instead (a
    fresh View on it, as after a resume)."""
    from solitaire import terrace_view

    if game is None:
        game = terrace.Game(variant, profile)
        game.deal(deal)
    view = terrace_view.View(_UI(size[0], size[1], autoplay), game)
    keys = []

    def press(k):
        keys.append(K.NAMES[k])
        view.key(k)

    def go(p):
        for _ in range(64):
            if view.cursor == p:
                return
            press(K.RIGHT)
        raise AssertionError("cursor never reached pile %d" % p)

    moves = 0
    while game.status() == PLAYING and len(keys) < limit:
        if stop_after is not None and moves >= stop_after:
            break
        m = game.hint()
        src, dst = move_src(m), move_dst(m)
        if src == view.stock or dst == view.stock:
            go(view.stock)
            press(K.A)
        elif game.base == 0:
            go(src)
            press(K.A)
        else:
            go(src)
            press(K.A)
            go(dst)
            press(K.A)
        moves += 1
    return game, keys


def piles(game):
    return [[game.card(p, i) for i in range(game.count(p))] for p in range(game.pile_count)]


def panel_rgb(colour):
    # the colour a 0xRRGGBB value shows on the RGB565 panel
    r, g, b = colour >> 16, (colour >> 8) & 255, colour & 255
    r5, g6, b5 = r >> 3, g >> 2, b >> 3
    return ((r5 << 3) | (r5 >> 2), (g6 << 2) | (g6 >> 4), (b5 << 3) | (b5 >> 2))


def count_colour(r, colour, frame=-1, area=None):
    want = bytes(panel_rgb(colour))
    data = r.frames[frame]
    x0, y0, x1, y1 = area or (0, 0, r.width, r.height)
    n = 0
    for y in range(y0, y1):
        row = data[(y * r.width + x0) * 3:(y * r.width + x1) * 3]
        for i in range(0, len(row), 3):
            if row[i:i + 3] == want:
                n += 1
    return n
