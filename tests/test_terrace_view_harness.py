# A tiny harness for the Terrace play screen without the app shell: a View on a headless
# simulator panel (sim.blinka_adapter), keys in, pixels and tile read-back out.
import displayio

from engine import terrace
from engine.game import NO_MOVE, move_src, move_dst, move_count, KIND_TABLEAU
from sim import blinka_adapter, png
from solitaire import art, terrace_view
from solitaire import keys as K

MODES = range(len(terrace.VARIANTS))
PICK_BASE = (0, 1)  # Terrace and General's Patience: the player picks the base card

_FONT = []


class UI:
    def __init__(self, width=160, height=128, autoplay=False):
        self.width = width
        self.height = height
        if not _FONT:
            _FONT.append(art.load_font())
        self.font = _FONT[0]
        self.autoplay = autoplay


class Harness:
    def __init__(self, variant=0, profile=0, deal=1, width=160, height=128, autoplay=False):
        self.game = terrace.Game(variant, profile)
        self.game.deal(deal)
        self.view = terrace_view.View(UI(width, height, autoplay), self.game)
        self.screen = blinka_adapter.Screen(width, height)
        self.screen.root_group = self.view.group
        self.areas = self.screen.refresh()
        self.now = 0

    def press(self, *ks):
        r = 0
        for k in ks:
            r = self.view.key(k)
            self.now += 50
            self.view.tick(self.now)
            self.areas = self.screen.refresh()
        return r

    def frame(self):
        return self.screen.frame()

    def crop(self, x, y, w, h, frame=None):
        f = self.frame() if frame is None else frame
        W = self.screen.width
        out = []
        for yy in range(max(0, y), min(self.screen.height, y + h)):
            a = (yy * W + max(0, x)) * 3
            b = (yy * W + min(W, x + w)) * 3
            out.append(f[a:b])
        return b"".join(out)

    def pile_rect(self, p):
        g = self.view.grids[p]
        return g.x, g.y, g.width * self.view.tw, g.height * self.view.th

    def pile_pixels(self, p, frame=None):
        return self.crop(*self.pile_rect(p), frame=frame)

    def go(self, p):
        """Walk the cursor to pile p with RIGHT only (the 4-button board can do this)."""
        for _ in range(len(self.view.order) + 1):
            if self.view.cursor == p:
                return
            self.press(K.RIGHT)
        raise AssertionError("RIGHT never reached pile %d" % p)

    def play(self, move):
        """Make `move` with keys as a player would; returns the last key's result."""
        game = self.game
        src, dst, n = move_src(move), move_dst(move), move_count(move)
        view = self.view
        if src == view.stock or dst == view.stock:
            self.go(view.stock)
            return self.press(K.A)
        if getattr(game, "base", 1) == 0:
            self.go(src)
            return self.press(K.A)
        self.go(src)
        if view.kind[src] == KIND_TABLEAU:
            while view.depth < n:
                self.press(K.UP)
        r = self.press(K.A)
        self.go(dst)
        return self.press(K.A)

    def colour_count(self, rgb, area=None):
        f = self.frame() if area is None else self.crop(*area)
        want = bytes(rgb)
        return sum(1 for i in range(0, len(f), 3) if f[i:i + 3] == want)


def panel_rgb(colour):
    # the colour a 0xRRGGBB palette entry shows on the RGB565 panel
    r, g, b = colour >> 16, (colour >> 8) & 255, colour & 255
    r5, g6, b5 = r >> 3, g >> 2, b >> 3
    return ((r5 << 3) | (r5 >> 2), (g6 << 2) | (g6 >> 4), (b5 << 3) | (b5 >> 2))


def choose_base(h):
    if getattr(h.game, "base", 1) == 0:
        h.press(K.A)
    assert h.game.base != 0


def cards_on_screen_match(view, game):
    """Every pile's tiles show exactly the engine's cards (scrolled-away cards counted)."""
    for p in range(game.pile_count):
        shown, hidden = view.shown(p)
        n = game.count(p)
        k = game.pile_kind(p)
        if k == 0:  # stock: a back while it has cards
            assert (shown == "back") == (n > 0), p
            continue
        if k in (1, 3):  # waste, foundations: their top card
            want = [terrace_view._card_tiles(game.top(p))] if n else []
            assert shown == want, (p, shown, want)
            continue
        want = [terrace_view._card_tiles(game.card(p, i)) for i in range(n)]
        if k == 2:
            assert shown == want, (p, shown, want)
            continue
        assert want[hidden:hidden + len(shown)] == shown, (p, hidden, shown, want)
        assert hidden + len(shown) == n or view.cursor == p or view.held == p, p


def count_objects(group):
    n = 1
    for item in group:
        if isinstance(item, displayio.Group):
            n += count_objects(item)
        else:
            n += 1
    return n


def save_png(h, path):
    png.write(path, h.screen.width, h.screen.height, h.frame())


def first_legal(game, want):
    buf = terrace_view.array("H", [0] * 512)
    n = game.legal_moves(buf)
    for i in range(n):
        if want(buf[i]):
            return buf[i]
    return NO_MOVE
