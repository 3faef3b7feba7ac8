# Helpers for the app tests (no tests here): the in-process app (tests/apphost.py) on each board
# with its control scheme, walking menus and boxes by their words, key scripts for the runner
# (sim.runner.run) on each board's own buttons, a recording program for runner runs, deals found
# by the engine, the table's tiles read back as cards, frames and colours on screen.
import os
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import displayio  # noqa: E402
import pytest  # noqa: E402

from engine.cards import rank, suit
from engine.game import (KIND_FOUNDATION, KIND_RESERVE, KIND_STOCK, KIND_TABLEAU, KIND_WASTE,
                         NO_MOVE, PLAYING, move_count, move_dst, move_src)
from engine.registry import FAMILIES, import_module
from solitaire import keys as K
from solitaire.layout import FIELDS

from tests.apphost import Host, panel_rgb

BOARDS = ("pybadge", "pygamer", "pico320", "picosystem", "picodisplay")
# the boards with four buttons (A B LEFT RIGHT): UP, DOWN, START, SELECT are chords of B
FOUR = ("pico320", "picodisplay")
TERRACE = 0  # FAMILIES row of Terrace
MODES = range(len(FAMILIES[TERRACE].variants))
LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")


def has_table(family):
    """The family's table (solitaire.<key>_view) is there: the app can start its games."""
    return os.path.exists(os.path.join(LIB, "solitaire", FAMILIES[family].key + "_view.py"))


# ---- the app in-process -----------------------------------------------------------------------

def host(board="pybadge", data_dir=None, settings=None, seed=1):
    """The real app in-process on a board (tests/apphost.py), a first start unless data_dir
    holds an NVM from an earlier run."""
    return Host(board, data_dir=data_dir, settings=settings, seed=seed)


def page(h):
    """The page a list screen shows, or None on the table."""
    return getattr(h.screen, "page", None)


def past_notices(h):
    """A past the start-up notices (a first start's greeting, damage reports)."""
    for _ in range(4):
        p = page(h)
        if p is None or p.items or p.title == "SOLITAIRE":
            return
        h.press(K.A)


def items(h):
    """The rows A chooses from now: a menu's items or the box's over the table."""
    p = page(h)
    if p is not None:
        return list(p.items)
    box = h.screen.box
    return list(box[1]) if box is not None else []


def selected(h):
    p = page(h)
    return p.sel if p is not None else h.screen.box_at


def choose(h, label):
    """Highlights the row that starts with label with DOWN and presses A."""
    rows = items(h)
    want = [i for i, r in enumerate(rows) if r.startswith(label)]
    assert want, "no row %r in %r" % (label, rows)
    for _ in range(len(rows)):
        if selected(h) == want[0]:
            break
        h.press(K.DOWN)
    assert selected(h) == want[0]
    h.press(K.A)


def start_game(h, variant=0, family=TERRACE, deal=None, rules=None, autoplay=None, colours=None):
    """From the title, through the menus with keys: New game, the family, the mode, options
    (rules "classic"/"literal", autoplay True/False, colours "two"/"four", deal number typed
    digit by digit) and Start game."""
    past_notices(h)
    choose(h, "New game")
    choose(h, FAMILIES[family].name)
    choose(h, FAMILIES[family].variants[variant])
    if rules is not None:
        set_option(h, "Rules: ", rules)
    if autoplay is not None and FAMILIES[family].autoplay is not None:  # (Solar has none)
        set_option(h, "Autoplay: ", "on" if autoplay else "off")
    if colours is not None:
        set_option(h, "Colours: ", colours)
    if deal is not None:
        type_deal(h, deal)
    choose(h, "Start game")
    h.settle()


def set_option(h, label, value):
    # A on the option's row until it shows value
    for _ in range(5):
        row = [r for r in items(h) if r.startswith(label)][0]
        if row[len(label):].startswith(value):
            return
        choose(h, label)
    raise AssertionError("option %s never showed %s" % (label, value))


def type_deal(h, number):
    """The options' deal row, the number entered a digit at a time (LEFT/RIGHT to a digit,
    UP to count it up), then A on OK."""
    choose(h, "Deal: ")
    d = page(h)
    digits = "%010d" % number
    for i, ch in enumerate(digits):
        while d.pos != i:
            h.press(K.RIGHT)
        while d.digits[i] != int(ch):
            h.press(K.UP)
    while d.pos != len(digits):
        h.press(K.RIGHT)
    h.press(K.A)


def to_table(h):
    """Close whatever box is open over the table (B goes back, then Resume)."""
    for _ in range(4):
        if h.screen.box is None:
            return
        if h.screen.box[2] is not None and "Resume" in h.screen.box[1]:
            choose(h, "Resume")
        else:
            h.press(K.B)
    assert h.screen.box is None


# ---- key scripts for the runner (each board's own buttons) --------------------------------------

def down_key(board):
    # "next row" in a menu: DOWN, on the four-button board B held + RIGHT (a chord: keypad
    # reports B, the lower key number, first)
    return "B+RIGHT" if board in FOUR else "DOWN"


def up_key(board):
    return "B+LEFT" if board in FOUR else "UP"


def pause_key(board):
    # the pause box: START, on the four-button board B held alone
    return "hold:B:800" if board in FOUR else "START"


def start_keys(board, variant=0, first=True, resume_offered=False):
    """Title -> New game -> Terrace -> mode -> Start game. first: a first start (its notice
    first); resume_offered: the title has Resume above New game; after the first game the mode
    list opens on the mode played last (variant is then how many rows further down)."""
    keys = ["A"] if first else []
    if resume_offered:
        keys.append(down_key(board))
    keys += ["A", "A"] + [down_key(board)] * variant + ["A", "A"]
    return " ".join(keys)


def quit_keys(board):
    # pause, up from Resume wraps to Quit to menu, A, then Yes
    return " ".join((pause_key(board), up_key(board), "A", down_key(board), "A"))


# A program for runner runs: the real code.py's boot.main(), with a log of what each key showed
RECORDER = '''
from solitaire import app as appmod
from solitaire import boot

log = []


def _summary(app):
    s = app.screen
    page = getattr(s, "page", None)
    if page is not None:
        return ("page", page.title, tuple(page.items), page.sel)
    box = s.box
    t = s.table
    said = t.said if t is not None and not t.box_group.hidden and box is None else None
    return ("table", app.gkey, app.game.number, app.display.root_group is s.group,
            (box[0], tuple(box[1]), s.box_at) if box is not None else None, said)


_step = appmod.App.step


def step(self, now):
    dirty = _step(self, now)
    if self.screen is not None:
        entry = _summary(self)
        if not log or log[-1] != entry:
            log.append(entry)
    return dirty


appmod.App.step = step
boot.main()
'''


def unpainted(monkeypatch):
    """Runner runs whose panel is not painted at each key (a test that reads the recorder's
    log, not the pixels): a refresh only forgets what changed, a frame is empty. Blinka's
    painting is most of a run's time, the more so at 320x240."""
    from sim import hw

    def refresh(self):
        return 0

    def capture(self, label):
        self.frames.append(b"")
        self.frame_labels.append(label)
        return b""

    monkeypatch.setattr(hw.Session, "refresh", refresh)
    monkeypatch.setattr(hw.Session, "capture", capture)


def recorder(tmp_path):
    path = tmp_path / "record_code.py"
    path.write_text(RECORDER)
    return str(path)


def boot(r):
    return r.modules["solitaire.boot"]


def app(r):
    return boot(r).app


def ok(r):
    # the program neither raised nor stopped on an error screen
    assert r.error is None, r.traceback
    assert boot(r).last_error is None, repr(boot(r).last_error)


def count_colour(r, colour, frame=-1, area=None):
    """Pixels of colour in a runner result's frame (in area x, y, w, h)."""
    data = r.frames[frame]
    x0, y0, w, h = area or (0, 0, r.width, r.height)
    if area is None:
        return count_in(data, colour)
    rows = b"".join(data[(y * r.width + x0) * 3:(y * r.width + x0 + w) * 3]
                    for y in range(y0, y0 + h))
    return count_in(rows, colour)


# ---- deals found by the engine ------------------------------------------------------------------

def _autoplay(game, order):
    # what the table's autoplay does: a card home at a time, from the first pile in LEFT/RIGHT
    # order that has one, until none has
    while True:
        for p in order:
            m = game.quick_play(p)
            if m != NO_MOVE and game.apply(m, True):
                break
        else:
            return


def terrace_order(game):
    # terrace_view's LEFT/RIGHT order: stock, waste, foundations, reserve, tableau
    return ([game.stock, game.waste]
            + list(range(game.first_foundation, game.first_foundation + 8))
            + [game.reserve] + list(range(game.first_tableau, game.pile_count)))


def hint_play(variant, profile, deal, autoplay=True):
    """The game the engine's hints play (with autoplay as the table does it) to its end."""
    game = import_module(FAMILIES[TERRACE].module).Game(variant, profile)
    game.deal(deal)
    order = terrace_order(game)
    while True:
        if autoplay and game.base:
            _autoplay(game, order)
        m = game.hint()
        if game.status() != PLAYING or m == NO_MOVE:
            return game
        game.apply(m)


def find_deal(variant, status, profile=0, start=1, autoplay=True):
    """The first deal from start on that the hints play to status (WON, LOST)."""
    for deal in range(start, start + 400):
        if hint_play(variant, profile, deal, autoplay).status() == status:
            return deal
    raise AssertionError("no deal found")


def go(h, p):
    """The cursor to pile p, with RIGHT or LEFT, whichever is shorter; on a board whose UP
    and DOWN are buttons (LEFT/RIGHT stay on their row there) DOWN to p's row first."""
    s = h.screen
    view = s.view
    if h.app.controls.present & 3 == 3:
        for _ in range(4 * len(view.lines) + 8):
            if view.column(s.cursor)[0] == view.column(p)[0]:
                break
            h.press(K.DOWN)
        order = view.lines[view.column(p)[0]]  # (its ends stop LEFT/RIGHT: no way round)
        key = K.RIGHT if order.index(p) > order.index(s.cursor) else K.LEFT
    else:
        order = view.order
        i = order.index(s.cursor) if s.cursor in order else 0
        steps = (order.index(p) - i) % len(order)
        key = K.RIGHT if steps <= len(order) - steps else K.LEFT
    for _ in range(len(order)):
        if s.cursor == p:
            return
        h.press(key)
    raise AssertionError("the cursor never reached pile %d" % p)


def play(h, move):
    """Move made with the keys a player would use: A on the pile where the family's own A does
    it (a deal, a redeal on the stock, a base candidate), else UP for the group, A, the
    destination, A. (Host.play can't turn General's Patience's waste over: it picks the waste
    card up and drops it on the stock.)"""
    s = h.screen
    view = s.view
    src, dst, n = move_src(move), move_dst(move), move_count(move)
    for p in (src, dst):
        if view.press(p) == move:
            go(h, p)
            h.press(K.A)
            return
    go(h, src)
    while s.depth < n:
        h.press(K.UP)
    h.press(K.A)
    go(h, dst)
    h.press(K.A)


def play_out(h, limit=600):
    """The engine's hints played with keys until the game ends; returns the moves made."""
    made = 0
    while not h.screen.over and made < limit:
        m = h.game.hint()
        if m == NO_MOVE:
            break
        play(h, m)
        made += 1
    return made


def hint_out(h, limit=600):
    """The engine's hints played through the table's own move path (Screen.play_hint, as the
    heap budget run plays) until the game ends, where the keys that make a move are not what a
    test is about: a game to its end at a fraction of the key presses. Each move counts as a key
    for the idle save, as a player's would."""
    made = 0
    while not h.screen.over and made < limit:
        if h.game.hint() == NO_MOVE:
            break
        h.app.last_move = h.now
        assert h.screen.play_hint()
        h.settle()
        made += 1
    return made


def advance(h, want, limit=400):
    """The engine's hints played (through the table's own move path) until want(game) holds;
    False if the game ended first."""
    for _ in range(limit):
        if want(h.game):
            return True
        if h.screen.over or hint_out(h, 1) == 0:
            return False
    return False


# ---- the table's tiles read back as cards ------------------------------------------------------

def view_module(view):
    return sys.modules[type(view).__module__]


def _tiles(view):
    # the French sheet's tile numbers: the private consts at the top of solitaire/layout_cards.py and
    # of terrace_view.py (its own marks)
    from solitaire import layout_cards as D

    mod = view_module(view)
    t = {n: getattr(mod, "_" + n) for n in ("DONE", "LOCKED", "PASS")}
    t.update(FOOT=D._FRENCH_FOOT, BACK=D._BACK, EMPTY=D._EMPTY, MORE=D._MORE,
             RANK=D._FRENCH_RANK, SUIT=D._FRENCH_SUIT, STRIP=D._FRENCH_STRIP)
    return t


def _head(t, a, b):
    # (rank, suit) of a card's head tiles, asserting the suit tile agrees
    k = a - t["RANK"]
    assert 0 <= k < 52, "not a card's head tile: %d" % a
    assert b == t["SUIT"] + k // 13, "suit tile %d does not go with head %d" % (b, a)
    return (k % 13 + 1, k // 13)


def _stock(t, four):
    # the stock's back and its marks: "back", then " pass 1/2" or " pass 2/2" (its head), then
    # " locked" (its foot)
    head, foot = four[:2], four[2:]
    out = "back"
    for n in (1, 2):
        first = t["PASS"] + 2 * (n - 1)
        if head == (first, first + 1):
            out += " pass %d/2" % n
    assert out != "back" or head == (t["BACK"], t["BACK"] + 1), four
    if foot == (t["LOCKED"], t["LOCKED"] + 1):
        return out + " locked"
    assert foot == (t["BACK"] + 2, t["BACK"] + 3), four
    return out


def read_pile(view, p):
    """What pile p's tiles show: "empty", "back" (the stock: with its marks, see _stock), or a
    list of (rank, suit) from the bottom (a tableau pile that scrolled would start with "more",
    which engine_shows never expects on these boards; a completed foundation ends with
    "done")."""
    t = _tiles(view)


    grid, col, row = view.place[FIELDS * p:FIELDS * p + 3]
    g = view.grids[grid]
    w = g.width
    i = row * w + col
    kind = view.kind[p]
    four = (g[i], g[i + 1], g[i + w], g[i + w + 1])
    if kind in (KIND_STOCK, KIND_WASTE, KIND_FOUNDATION):
        if four == tuple(range(t["EMPTY"], t["EMPTY"] + 4)):
            return "empty"
        if kind == KIND_STOCK:
            return _stock(t, four)
        card = _head(t, four[0], four[1])
        if four[2:] == (t["DONE"], t["DONE"] + 1):
            return [card, "done"]
        assert four[2:] == (t["FOOT"], t["FOOT"] + 1), four
        return [card]
    if kind == KIND_RESERVE:
        if four == tuple(range(t["EMPTY"], t["EMPTY"] + 4)):
            rest = [g[c] for c in range(2, w)] + [g[w + c] for c in range(2, w)]
            assert not any(rest), "tiles left after an empty reserve"
            return "empty"
        out = []
        c = 0
        while g[w + c] != t["FOOT"]:
            a = g[c]
            k = a - t["RANK"]
            assert g[w + c] == t["STRIP"] + k // 13, "strip tile does not go with its head"
            out.append((k % 13 + 1, k // 13))
            c += 1
        out.append(_head(t, g[c], g[c + 1]))
        assert g[w + c + 1] == t["FOOT"] + 1
        rest = [g[x] for x in range(c + 2, w)] + [g[w + x] for x in range(c + 2, w)]
        assert not any(rest), "tiles left right of the reserve's top card"
        return out
    assert kind == KIND_TABLEAU
    rows = g.height
    if four == tuple(range(t["EMPTY"], t["EMPTY"] + 4)):
        r = 2
        out = "empty"
    else:
        out = []
        r = 0
        if (g[i], g[i + 1]) == (t["MORE"], t["MORE"] + 1):
            out.append("more")
            r = 1
        while (g[i + r * w], g[i + r * w + 1]) != (t["FOOT"], t["FOOT"] + 1):
            out.append(_head(t, g[i + r * w], g[i + r * w + 1]))
            r += 1
            assert r < rows, "a tableau pile without its foot"
        r += 1
    for rr in range(r, rows):
        assert (g[i + rr * w], g[i + rr * w + 1]) == (0, 0), "tiles left under pile %d" % p
    return out


def engine_shows(view, game, p):
    """What pile p should show by the engine, in read_pile's terms."""
    n = game.count(p)
    kind = game.pile_kind(p)
    cards = [(rank(game.card(p, i)), suit(game.card(p, i))) for i in range(n)]
    if n == 0:
        return "empty"
    if kind == KIND_STOCK:
        back = "back"
        if game.max_redeals:  # General's Patience
            back += " pass %d/2" % (1 + game.max_redeals - game.redeals_left)
        return back + (" locked" if game.locked else "")
    if kind in (KIND_WASTE, KIND_FOUNDATION):
        return [cards[-1]] + (["done"] if kind == KIND_FOUNDATION and n == 13 else [])
    if kind == KIND_TABLEAU:
        # every card of the longest pile shows (13 and the top card's foot): no "more" marker
        rows = view.grids[view.place[FIELDS * p]].height
        assert n + 1 <= rows, "pile %d of %d cards does not fit %d rows" % (p, n, rows)
    return cards


def assert_tiles_match(view, game):
    for p in range(game.pile_count):
        assert read_pile(view, p) == engine_shows(view, game, p), "pile %d" % p


def _pile_tiles(h):
    return [[g[i] for i in range(g.width * g.height)] for g in h.screen.table.piles
            if isinstance(g, displayio.TileGrid)]


def assert_table_matches_engine(h):
    """Terrace: every pile's tiles read back as the engine's cards. Any family: every pile
    drawn afresh from the engine changes no tile (nothing left over from earlier moves)."""
    view = h.screen.view
    if view_module(view).__name__ == "solitaire.terrace_view":
        assert_tiles_match(view, h.game)
    before = _pile_tiles(h)
    assert before, "no tile grids on the table"
    for p in range(h.game.pile_count):
        view.draw(p)
    assert _pile_tiles(h) == before


# ---- frames on screen --------------------------------------------------------------------------

def frame_area(h, p, n=1):
    """The pixels a frame around the top n cards of pile p takes (its grid sits a pixel of the
    table's scale left of and above the cards), clipped to the screen."""
    view = h.screen.view
    s = h.screen.table.s
    x, y, cols, rows = view.rect(p, n)
    x0, y0 = max(0, x - s), max(0, y - s)
    x1 = min(h.session.profile.width, x + cols * view.tw + s)
    y1 = min(h.session.profile.height, y + rows * view.th + s)
    return (x0, y0, x1 - x0, y1 - y0)


def _tables(colour):
    # byte translation tables marking one channel's value of the colour as panel shows it
    want = panel_rgb(colour)
    return [bytes(1 if v == want[c] else 0 for v in range(256)) for c in range(3)]


def count_in(data, colour):
    """Pixels of colour in RGB888 bytes (as Host.count, without a Python loop per pixel)."""
    t = _tables(colour)
    masks = [int.from_bytes(data[c::3].translate(t[c]), "big") for c in range(3)]
    return (masks[0] & masks[1] & masks[2]).bit_count()


def count(h, colour, area=None):
    """Host.count, quicker: pixels of a 0xRRGGBB colour on the panel (in area x, y, w, h)."""
    return count_in(h.crop(*area) if area else h.frame(), colour)


def in_frame(h, colour, p, n=1):
    return count(h, colour, frame_area(h, p, n))


def status_area(h):
    t = h.screen.table
    w, hh = h.session.profile.width, h.session.profile.height
    return (0, hh - t.status_h, w, t.status_h)


def assert_box_clear_of_status(h):
    """The table's yellow box is on screen, whole, and above the status line."""
    from solitaire import table

    r = h.screen.table.box_rect
    assert not h.screen.table.box_group.hidden
    assert 0 <= r.y and r.y + r.height <= status_area(h)[1], h.screen.table.said
    assert 0 <= r.x and r.x + r.width <= h.session.profile.width, h.screen.table.said
    assert count(h, table.BOX, (r.x, r.y, r.width, r.height)) > r.width * r.height // 4


def reachable(group, seen=None):
    """The displayio objects reachable from a group: groups and their members, each grid's
    bitmap and palette, each shape's palette."""
    if seen is None:
        seen = {}
    if id(group) in seen:
        return seen
    seen[id(group)] = group
    for attr in ("bitmap", "pixel_shader"):
        try:
            part = getattr(group, attr, None)
        except Exception:
            part = None
        if part is not None and id(part) not in seen:
            seen[id(part)] = part
    if isinstance(group, displayio.Group):
        for m in group:
            reachable(m, seen)
    return seen

