# The real app, started as the board starts it (solitaire.boot.start on the simulator's board,
# NVM, settings and display), driven in-process one logical key at a time: tests read the app,
# its screen and the engine between keys and decide the next one, without a key script's
# timing. The board's own buttons (key repeat, chords, the joystick) are tested through
# sim.runner.run key scripts and tests/test_app_controls.py; here keys reach the app as
# solitaire.controls would hand them over.
#
#   with Host("pybadge", data_dir=tmp_path, settings={"SOLITAIRE_DEAL": 7}) as h:
#       h.press("A", "A")              # key names (solitaire.keys.NAMES) or numbers
#       h.app.screen, h.app.game       # whatever the app has now
#       h.frame(), h.pixel(x, y)       # the panel, as refreshed by the app
#       h.start(family, variant)       # a new game through the menus' own call
#       h.play(move)                   # a move made with RIGHT/UP and A as a player would
import importlib
import threading

from engine.game import KIND_STOCK, NO_MOVE, move_count, move_dst, move_src
from sim import hw, png, runner
from solitaire import keys as K

STEP_MS = 20  # the app's loop as the tests run it: a step every 20 ms of virtual time


class Keys:
    """Stands in for solitaire.controls.Controls: hands over the keys a test pushes; what else
    the app reads of its controls (which buttons the board has) comes from the real ones."""

    def __init__(self, real):
        self.real = real
        self.queue = []
        self.long_a = False
        self.cleared = 0

    def __getattr__(self, name):
        return getattr(self.real, name)

    def poll(self, now):
        return self.queue.pop(0) if self.queue else -1

    def clear(self):
        self.queue = []
        self.cleared += 1


class Host:
    def __init__(self, board="pybadge", data_dir=None, settings=None, seed=1):
        self.program = runner.Program(board, None, data_dir, seed, settings)
        self.program.prepare()
        self.session = self.program.session
        self.session.program_thread = threading.current_thread()
        self.now = hw.TICKS_START  # as on the board: ticks_ms wraps 65 s after start-up
        try:
            self.boot = importlib.import_module("solitaire.boot")
            self.app = self.boot.start()
        except BaseException:
            self.close()
            raise
        self.keys = Keys(self.app.controls)
        self.app.controls = self.keys
        self.log = []  # every key pressed, by name (a key script for sim.runner can replay it)
        # the app's refreshes are counted, the pixels drawn only when a test looks (frame()):
        # blinka's drawing is most of a test's time, and skipped refreshes add up to the same
        # picture (displayio keeps what changed until the next refresh)
        self.refreshes = 0
        self._draw = self.session.refresh
        self.session.refresh = self._count_refresh

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        if self.program is not None:
            self.program.restore()
            self.program = None

    def _count_refresh(self):
        self.refreshes += 1

    # ---- time and keys ---------------------------------------------------------------------
    def step(self, ms=STEP_MS):
        self.now = (self.now + ms) & 0x1FFFFFFF
        self.session.now_us += ms * 1000
        return self.app.step(self.now)

    def idle(self, ms):
        for _ in range(max(1, ms // STEP_MS)):
            self.step()

    def settle(self, limit_ms=20000):
        """Steps until the table has no autoplay card nor search pending and the app no save due at once
        (a new game's first: solitaire/opening.py); a menu settles at once, once the start-up's
        sounds are made (solitaire/app.py)."""
        for _ in range(limit_ms // STEP_MS):
            s = self.app.screen
            m = getattr(s, "motion", None)
            # no slide, nor a cascade's step to come (a celebration goes on)
            if (getattr(s, "auto_due", None) is None and not self.app.save_soon
                    and getattr(s, "later", None) is None  # (a search waiting for its step)
                    and (m is None or (m.slide is None and not m.last))  # (a celebration goes on)
                    and self.app.speaker is None):  # (the sounds made after the first screen)
                return
            self.step()
        raise AssertionError("autoplay never finished")

    def press(self, *keys, settle=True):
        for k in keys:
            if isinstance(k, str):
                k = K.NAMES.index(k)
            self.log.append(K.NAMES[k])
            self.keys.queue.append(k)
            self.step()
            if settle:
                self.settle()

    # ---- what shows ------------------------------------------------------------------------
    @property
    def screen(self):
        return self.app.screen

    @property
    def game(self):
        return self.app.game

    def frame(self):
        self._draw()
        return self.session.frame()

    def pixel(self, x, y):
        f = self.frame()
        i = (y * self.session.profile.width + x) * 3
        return tuple(f[i:i + 3])

    def crop(self, x, y, w, h):
        f = self.frame()
        width = self.session.profile.width
        rows = []
        for yy in range(y, y + h):
            rows.append(f[(yy * width + x) * 3:(yy * width + x + w) * 3])
        return b"".join(rows)

    def count(self, colour, area=None):
        """Pixels of a 0xRRGGBB colour as the RGB565 panel shows it (in area x, y, w, h)."""
        p = self.session.profile
        data = self.crop(*area) if area else self.frame()
        want = bytes(panel_rgb(colour))
        return sum(1 for i in range(0, len(data), 3) if data[i:i + 3] == want)

    def png(self, path):
        p = self.session.profile
        png.write(str(path), p.width, p.height, self.frame())

    def message(self):
        """The table's message (the yellow box), or None."""
        s = self.screen
        t = getattr(s, "table", None)
        if t is None or t.box_group.hidden or s.box is not None:
            return None
        return t.said

    # ---- playing ---------------------------------------------------------------------------
    def start(self, family=0, variant=0, profile=0, number=0):
        """A new game as the options page's Start does it."""
        self.app.start((family, variant, profile), number)
        self.settle()

    def go(self, p):
        """The cursor to pile p with RIGHT (every board has it); on a board whose UP and DOWN
        are buttons, where LEFT/RIGHT stay on their row, DOWN to p's row first, then LEFT or
        RIGHT along it."""
        s = self.screen
        rows = self.app.controls.present & 3 == 3
        for _ in range(4 * len(s.view.order) + 8):
            if s.cursor == p:
                return
            view = s.view
            if rows and view.column(s.cursor)[0] != view.column(p)[0]:
                self.press(K.DOWN)
            elif rows and view.order.index(p) < view.order.index(s.cursor):
                self.press(K.LEFT)
            else:
                self.press(K.RIGHT)
        raise AssertionError("the cursor never reached pile %d" % p)

    def play(self, move):
        """Make move with the keys a player would use: A on a pile the family acts on by itself
        (the stock, a base candidate), else UP to take the group, A, the destination, A."""
        s = self.screen
        src, dst, n = move_src(move), move_dst(move), move_count(move)
        game = self.game
        if s.view.press(src) == move or game.pile_kind(src) == KIND_STOCK:
            self.go(src)
            self.press(K.A)
            return
        if game.pile_kind(dst) == KIND_STOCK:  # the waste turned over: A on the stock
            self.go(dst)
            self.press(K.A)
            return
        self.go(src)
        while s.depth < n:
            self.press(K.UP)
        self.press(K.A)
        self.go(dst)
        self.press(K.A)

    def play_by_hints(self, limit=2000):
        """The engine's hint, played with keys, until the game ends; returns the moves made."""
        made = 0
        while not self.screen.over and made < limit:
            m = self.game.hint()
            if m == NO_MOVE:
                break
            self.play(m)
            made += 1
        return made


def panel_rgb(colour):
    """The colour a 0xRRGGBB value shows on an RGB565 panel."""
    r, g, b = colour >> 16, (colour >> 8) & 255, colour & 255
    r5, g6, b5 = r >> 3, g >> 2, b >> 3
    return ((r5 << 3) | (r5 >> 2), (g6 << 2) | (g6 >> 4), (b5 << 3) | (b5 >> 2))


def piles(game):
    return [[game.card(p, i) for i in range(game.count(p))] for p in range(game.pile_count)]
