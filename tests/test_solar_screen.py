# Solitario Solar's table (lib/solitaire/solar_view.py, solar_say.py) in the real
# app, driven a logical key at a time (tests/apphost.py): games started from the menus and played
# to a win and to a loss with the engine's hint made by keys, the pad choice, an emergency with a
# free move and a station, the resign, one undo taking back a cascade, a resume after power-off,
# the status words and refusals, every pile reachable and drawn as the engine holds it, random
# keys, the 320x240 screen, no display object made per move. The board's own buttons replay
# such key sequences in tests/test_solar_boards.py.
import functools
import random

import pytest

from engine.game import NO_MOVE, PLAYING, WON, LOST, move_dst, move_src
from engine.registry import FAMILIES, find
from engine.solar import Game, TURN, RESIGN, STOCK, WASTE, PAD, STATION, HAND
from tests import dominoes, sheets
from solitaire import solar_say as S
from solitaire import layout_dominoes as D
from solitaire import solar_view as V
from solitaire.font import GLYPHS
from solitaire.text import width
from tests import tally_read
from tests.apphost import Host

WASTE_ROWS = V._ROWS - V._WASTE_ROW  # the waste's rows in each of its two columns

FAMILY = find("solar")
WON_SAYS = "You won! Press A."
LOST_SAYS = "No moves left. B: undo, A: the result."
WON_40, LOST_40, WON_64, UNSURE_40 = 34, 26, 22, 632  # deals (engine hint: won, lost, won, resigns)


# ---- driving the app with keys -----------------------------------------------------------------

def start_keys(profile=0):
    # the save-memory notice, New game, Solar, its one mode, then the options: the deck (DOWN,
    # A makes it 64 cards, UP back to Start), Start game
    return ["A", "A"] + ["DOWN"] * FAMILY + ["A", "A"] + (["DOWN", "A", "UP"] if profile else []) \
        + ["A"]


def begin(board, profile, deal, data_dir=None):
    h = Host(board, data_dir=data_dir, settings={"SOLITAIRE_DEAL": deal})
    h.press(*start_keys(profile))
    g = h.game
    assert g is not None and (type(g).__module__, g.profile, g.number) == \
        ("engine.solar", profile, deal), h.log
    return h


def state(g):
    buf = bytearray(g.SNAPSHOT_SIZE)
    g.save_into(buf)
    return bytes(buf)


def hint_play(h, until, limit=300):
    # the hint made by keys until until(game, move) holds for the next hint; returns that move
    g = h.game
    for _ in range(limit):
        m = g.hint()
        assert m != NO_MOVE and not h.screen.over
        if until(g, m):
            return m
        h.play(m)
    raise AssertionError("never reached")


@functools.lru_cache(maxsize=None)
def hint_game(profile, deal):
    g = Game(0, profile)
    g.deal(deal)
    n = 0
    while g.status() == PLAYING:
        g.apply(g.hint())
        n += 1
    return n, g.status()


# ---- what the tiles show, read back -----------------------------------------------------------

def tile(view, r, c):
    return view.grids[0][r * V._COLS + c]


def item(view, r, c):
    # what 3 tiles at (r, c) show: a face (a*16 + b*4 + c), ("o", face) for a pad's dealt card,
    # "more", "back", "empty", "station", or None (blank)
    t = [tile(view, r, c + i) for i in range(3)]
    if t == [0, 0, 0]:
        return None
    for name, base in (("more", D._MORE), ("back", D._BACK), ("empty", D._EMPTY),
                       ("station", V._STATION_TILE)):
        if t == [base, base + 1, base + 2]:
            return name
    if D._ROCKET <= t[0] < D._ROCKET + 12:
        k = (t[0] - D._ROCKET) // 3
        assert t == [D._ROCKET + 3 * k + i for i in range(3)], t
        return k * 21
    for base, wrap in ((D._SECTION, int), (D._ORIGINAL, lambda f: ("o", f))):
        if base <= t[0] < base + 4 and base + 4 <= t[1] < base + 8 and base + 8 <= t[2] < base + 12:
            return wrap((t[0] - base) * 16 + (t[1] - base - 4) * 4 + t[2] - base - 8)
    raise AssertionError("unknown tiles %r at %d,%d" % (t, r, c))


def shown(view):
    # {pile: items bottom first} as the grid draws them
    g = view.game
    out = {STOCK: [item(view, 0, 0)], HAND: [item(view, 0, V._HAND_COL)]}
    out[WASTE] = [item(view, V._WASTE_ROW + s % WASTE_ROWS,
                       0 if s < WASTE_ROWS else V._HAND_COL) for s in range(2 * WASTE_ROWS)]
    for k in range(4):
        hs = view.split(k)
        col = V._PAD_COL + 4 * k
        out[STATION + k] = [item(view, r, col) for r in range(hs)]
        assert item(view, hs, col) is None
        out[PAD + k] = [item(view, r, col) for r in range(hs + 1, V._ROWS)]  # to the last row
    return out


def assert_tiles_show_the_engine(view):
    g = view.game
    out = shown(view)
    faces = [g.face(c) for c in range(g.deck)]
    assert out[STOCK] == ["back" if g.count(STOCK) else "empty"]
    assert out[HAND] == ([faces[g.top(HAND)]] if g.count(HAND) else [None])
    for p in list(range(PAD, HAND)) + [WASTE]:
        want = [faces[g.card(p, i)] for i in range(g.count(p))]
        got = [x for x in out[p] if x is not None]
        if p == WASTE and not want:
            assert got == ["empty"]
            continue
        if STATION <= p < HAND and not want:
            open_ = (g.home >> (p - STATION)) & 1
            assert got == (["station"] if open_ else []), (p, got)
            continue
        if PAD <= p < STATION:  # the dealt card, marked (a rocket dealt home: a rocket)
            assert got[0] == (want[0] if want[0] % 21 == 0 else ("o", want[0])), (p, got)
            got[0] = want[0]
        cards = [x for x in got if x != "more"]
        assert cards[-1] == want[-1], (p, got, want)  # the top card always shows
        if "more" not in got:
            assert cards == want, (p, got, want)
        else:
            it = iter(want)  # the cards shown are the pile's, in order, some left out
            assert all(c in it for c in cards), (p, got, want)
        if p == WASTE:  # every rocket buried in the waste shows
            assert [f for f in cards if f % 21 == 0] == [f for f in want if f % 21 == 0]


def status_fits(h):
    v = h.screen.view
    f = h.app.font
    words, score = v.words(h.screen.cursor), v.score()
    assert set(words + score + (h.message() or "")) <= set(GLYPHS), (words, h.message())
    assert width(f, words) + width(f, score) + 6 <= h.app.width // h.screen.table.s, (words, score)


# ---- the view's copies of the sheet's and the engine's numbers ---------------------------------

def test_the_views_tile_numbers_are_the_domino_sheets_and_the_codes_the_engines():
    assert V.DECK == FAMILIES[FAMILY].deck == "domino"
    assert (D._SECTION, D._ROCKET, D._BACK, D._EMPTY, V._STATION_TILE, D._MORE, D._ORIGINAL) == (
        sheets.DOMINO_SECTION, sheets.DOMINO_ROCKET, sheets.DOMINO_BACK, sheets.DOMINO_PAD,
        sheets.DOMINO_STATION, sheets.DOMINO_MORE, sheets.DOMINO_ORIGINAL)
    assert (V._TURN, V._RESIGN, S._TURN, S._RESIGN) == (TURN, RESIGN, TURN, RESIGN)
    # the piles, named as the engine names them (the view tests no bare pile number)
    assert (V._STOCK, V._WASTE, V._PAD, V._STATION, V._HAND) == (STOCK, WASTE, PAD, STATION, HAND)
    assert (S._WASTE, S._PAD, S._STATION, S._HAND) == (WASTE, PAD, STATION, HAND)
    assert STATION == PAD + 4 and HAND == STATION + 4  # (p - PAD) & 3 is a pad's or a station's k
    r = Game.REASONS
    assert r[S._GAME_OVER] == "Game is over"
    assert r[S._STOCK_EMPTY] == "Stock is empty"
    assert r[S._NO_EMERGENCY] == "Free moves need a wasted rocket"
    assert r[S._STATION_FIRST] == "Needs rocket's number twice"
    assert r[S._CHOOSE_PAD] == "Choose a pad for the card"
    assert r[S._ORIGINAL] == "Dealt pad cards never move"
    assert r[S._CLOSED] == "Pad closed: its rocket is home"
    assert FAMILIES[FAMILY].autoplay is None  # no autoplay: forced plays are the engine's own


@pytest.mark.parametrize("scale", (1, 2))
def test_a_sections_pips_can_be_counted_each_apart_from_the_others_and_the_sections_edges(scale):
    # 0 to 3 pips in a 5x5 section: each pip a dot of its own, none on the section's border (a
    # pip there would merge with the card's white body or edge beside it: a notched block)
    from tests.test_art_assets import sheet

    s = sheet("domino", scale)
    for first, body in ((D._SECTION, None), (D._ROCKET, "rocket ends")):
        for position in (0, 1, 2):
            for value in range(4):
                if body and position == 1:
                    continue  # a rocket's middle section is its rocket
                i = first + (value * 3 + position if body else position * 4 + value)
                t = s.tile(i)
                inside = [(x, y) for y in range(scale, 6 * scale) for x in range(scale, 6 * scale)]
                pips = {(x // scale - 1, y // scale - 1) for x, y in inside
                        if t[y][x] != sheets.PAL_INK + value}
                assert all(1 <= x <= 3 and 1 <= y <= 3 for x, y in pips), (i, sorted(pips))
                apart = all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 2
                            for a in pips for b in pips if a != b)
                assert len(pips) == value and apart, (i, sorted(pips))


# ---- whole games from the menus -----------------------------------------------------------------

@pytest.mark.parametrize("profile,deal,status", ((0, WON_40, WON), (0, LOST_40, LOST),
                                                 (1, WON_64, WON)),
                         ids=["won 40 cards", "lost 40 cards", "won 64 cards"])
def test_a_whole_game_from_the_menus_played_by_keys_ends_won_or_lost(profile, deal, status):
    n, want = hint_game(profile, deal)
    assert want == status
    with begin("pybadge", profile, deal) as h:
        assert h.play_by_hints() == n
        g = h.game
        assert g.status() == status and h.screen.over
        assert h.message() == (WON_SAYS if status == WON else LOST_SAYS)
        assert_tiles_show_the_engine(h.screen.view)
        h.press("A")  # the result box
        assert h.screen.box is not None


# ---- the pad choice, an emergency, the resign -----------------------------------------------------

def test_a_turned_card_that_fits_several_pads_waits_framed_pads_and_a_on_one_places_it():
    with begin("pybadge", 0, 1) as h:
        g, s = h.game, h.screen
        hint_play(h, lambda g, m: g.pending >= 0 and bin(g.fits).count("1") >= 2)
        pads = [PAD + k for k in range(4) if (g.fits >> k) & 1]
        assert sorted(s.marked or s.view.marks()) == pads  # the fitting pads are framed
        where = g.pending
        assert s.view.words(where) in ("Hand: A on a framed pad", "Waste %d: A on a framed pad"
                                       % g.count(WASTE))
        assert s.view.words(STOCK).endswith(": place the card")
        other = [PAD + k for k in range(4) if PAD + k not in pads]
        if other:  # A on a pad it doesn't fit: nothing moves
            h.go(other[0])
            h.press("A")
            assert h.message() == "Place the waiting card first: A on a framed pad" or \
                h.message() == S.refuse(s.view, other[0])
        h.go(STOCK)
        h.press("A")  # no turn while a card waits
        assert h.message() == "Place the waiting card first: A on a framed pad"
        top = g.top(where)
        h.go(pads[-1])
        h.press("A")  # A on a framed pad places it
        assert g.pending < 0 or g.top(where) != top
        assert g.count(pads[-1]) and (g.top(pads[-1]) == top or g.wasted)
        assert_tiles_show_the_engine(s.view)


def test_an_emergency_shows_sos_and_allows_a_free_move_and_a_station():
    with begin("pybadge", 0, 1) as h:
        g, s = h.game, h.screen
        kinds = set()
        for _ in range(200):
            if s.over:
                break
            m = g.hint()
            src, dst = move_src(m), move_dst(m)
            if g.wasted and g.pending < 0 and m not in (TURN, RESIGN):
                assert s.view.score().startswith("SOS ")
                assert "rocket" in s.view.words(WASTE)
                kinds.add("station" if src >= STATION or dst >= STATION else "free")
                before = g.moves
                h.play(m)  # picked up with A, dropped with A
                assert g.moves == before + 1, h.message()
                assert_tiles_show_the_engine(s.view)
            else:
                h.play(m)
        assert {"station", "free"} <= kinds
        # the words of an open station
        k = [k for k in range(4) if (g.home >> k) & 1][0]
        assert s.view.words(STATION + k).startswith("Station %d: " % k)


def expected_name(g, m):
    # a hint's words, written here from the rules' names (tests/dominoes.py), not the view's
    if m == TURN:
        return "turn the stock"
    if m == RESIGN:
        return "resign"
    src, dst = move_src(m), move_dst(m)
    f = g.face(g.top(src))
    what = "rocket %d" % (f // 21) if g.is_rocket(g.top(src)) else dominoes.name(f)
    if PAD <= src < HAND:
        what += " from %s %d" % ("pad" if src < STATION else "station", (src - PAD) % 4)
    where = {STOCK: "the stock", WASTE: "the waste", HAND: "the hand"}.get(dst)
    where = where or "%s %d" % ("pad" if dst < STATION else "station", (dst - PAD) % 4)
    return what + (" onto " if dst < STATION else " to ") + where


@pytest.mark.parametrize("profile", (0, 1))
def test_a_hint_names_its_card_and_piles_as_the_rules_do(profile):
    # every move the hint makes over a whole game (free moves and stations in an emergency, the
    # waiting card placed from the hand or the waste) is named by its card and piles
    with begin("pybadge", profile, 1) as h:
        g, s = h.game, h.screen
        named = set()
        while not s.over:
            m = g.hint()
            words = s.view.name(m, 1)
            assert words == expected_name(g, m), m
            named.update(w for w in words.split(" ") if w in ("turn", "onto", "to", "from"))
            h.play(m)
        # (the 40-card game of deal 1 also starts a station: "... to station k")
        assert named == ({"turn", "onto", "to", "from"} if profile == 0 else {"turn", "onto", "from"})
        # every card of the deck by name: rockets by number, the others by their sections
        for c in range(g.deck):
            rocket = dominoes.rocket(g.face(c) // 21) == g.face(c)
            assert S.card_name(s.view, c) == (
                "rocket %d" % (g.face(c) // 21) if rocket else dominoes.name(g.face(c)))


def tag_shown(h):
    # the stock's count under it, white; in an emergency the count and "SOS" in red, exactly
    # (read off the panel: tests/tally_read.py)
    g = h.game
    calm, sos = tally_read.shown(h, V.CALM), tally_read.shown(h, V.SOS)
    count = (str(g.count(STOCK)), 1)
    if g.emergency:
        return not calm and sos == tally_read.painted(h, [count, ("SOS", V._SOS_X)])
    return not sos and calm == tally_read.painted(h, [count])


@pytest.mark.parametrize("board", ("pybadge", "pico320", "picosystem", "picodisplay"))
def test_the_stock_shows_its_count_and_sos_in_red_exactly_while_a_rocket_is_in_the_waste(board):
    with begin(board, 0, 1) as h:
        g = h.game
        assert g.count(STOCK) == 36 and tag_shown(h)
        seen = []  # the emergency at each step: it comes, goes and comes back in this deal
        while not h.screen.over and len(seen) < 120:
            h.play(g.hint())
            assert g.emergency == (g.wasted > 0)
            assert tag_shown(h), (g.count(STOCK), g.emergency)
            if not seen or seen[-1] != g.emergency:
                seen.append(g.emergency)
                h.press("B")  # undo: the tag as it was before the move
                assert tag_shown(h)
                h.press("REDO")
                assert tag_shown(h)
        assert seen[:3] == [False, True, False], seen


def count_clearance(h):
    """The panel pixels nearest the stock's count that are neither its ink nor the table:
    (distance in the table's pixels, what is there), the distance 99 when nothing is within 3."""
    from tests.apphost import panel_rgb

    x, y, s, grid = tally_read.where(h)
    ink = set()
    width = h.session.profile.width
    frame = h.frame()
    ink_colours = (bytes(panel_rgb(V.CALM)), bytes(panel_rgb(V.SOS)))
    table_colour = bytes(panel_rgb(V.TABLE))
    band_h = tally_read.baseline(h.app.font) * s  # the band's rows down to its baseline
    for yy in range(y, y + band_h):
        for xx in range(x, min(width, x + tally_read.WIDE * s)):
            i = (yy * width + xx) * 3
            if frame[i:i + 3] in ink_colours:
                ink.add((xx, yy))
    assert ink
    nearest = 99
    for xx, yy in ink:
        for d in range(1, 4 * s):
            if d >= nearest:
                break
            for nx in range(xx - d, xx + d + 1):
                for ny in (yy - d, yy + d):
                    i = (ny * width + nx) * 3
                    if (nx, ny) not in ink and frame[i:i + 3] not in (table_colour,):
                        nearest = min(nearest, d)
            for ny in range(yy - d, yy + d + 1):
                for nx in (xx - d, xx + d):
                    i = (ny * width + nx) * 3
                    if (nx, ny) not in ink and frame[i:i + 3] not in (table_colour,):
                        nearest = min(nearest, d)
    return nearest if nearest == 99 else nearest // s


@pytest.mark.parametrize("board", ("pybadge", "pico320", "picosystem", "picodisplay"))
def test_the_stocks_count_touches_no_card_outline_or_frame(board):
    # issue 25 4f: at 160x128 the count touched the empty waste's outline and the top waste
    # card. Now at least 2 of the table's pixels of table colour lie between the count's ink
    # (and "SOS") and anything else: the stock, its frame, the waste's outline, top card and
    # frame, wherever the cursor is, with the waste empty, full or in an emergency
    with begin(board, 0, 1) as h:
        g = h.game
        seen = set()
        for turn in range(60):
            if h.screen.over:
                break
            # each kind of waste top once (none, the first card, a card on others), calm and
            # in an emergency
            state = (min(g.count(WASTE), 2), g.emergency)
            if state not in seen:
                seen.add(state)
                for cursor in (STOCK, WASTE, HAND):
                    h.go(cursor)
                    assert count_clearance(h) >= 3, (turn, cursor, state)
            h.play(g.hint())
        assert seen >= {(0, False), (1, False), (2, False), (2, True)}, seen


def test_an_undecided_endgame_says_so_and_a_on_the_empty_stock_resigns_and_undo_takes_it_back():
    with begin("pybadge", 0, UNSURE_40) as h:
        g, s = h.game, h.screen
        said = []
        for _ in range(300):
            m = g.hint()
            if m == RESIGN:
                break
            h.play(m)
            said.append(h.message())
        assert g.undecided and V.UNSURE in said + [h.message()]
        assert s.view.words(STOCK) == "Stock 0: A resigns"
        assert s.view.name(RESIGN, 1) == "resign"
        before = state(g)
        h.go(STOCK)
        h.press("A")
        assert g.resigned and g.status() == LOST and s.over
        assert h.message() == "You resigned. B: undo, A: the result."
        h.press("B")
        assert not g.resigned and state(g) == before and not s.over


def recording(h):
    # what the table paints from now on: the box's lines and the status line's two texts
    t = h.screen.table
    seen = {}
    box, status = t.box, t.show_status
    t.box = lambda lines: (seen.__setitem__("box", list(lines)), box(lines))
    t.show_status = lambda left, right: (seen.__setitem__("status", (left, right)),
                                         status(left, right))
    return seen


def test_resign_is_in_the_pause_box_asks_first_ends_the_game_lost_and_undo_takes_it_back():
    # rules §6: "a resign action is always available" - here with the stock far from empty
    from tests.test_app_helpers import choose

    with begin("pybadge", 0, 1) as h:
        g, s = h.game, h.screen
        for _ in range(6):
            h.play(g.hint())
        assert g.count(STOCK) > 20 and g.status() == PLAYING
        before = state(g)
        h.press("START")
        items = list(s.box[1])
        assert items[4:7] == ["Can I still win?", "Resign", "Restart deal #%d" % g.number] \
            and len(items) == 10
        choose(h, "Resign")
        assert s.box[0] == "Resign? The game counts as lost." and s.box[1] == ("No", "Yes")
        choose(h, "No")  # back to the pause box, nothing changed
        assert "Solitario Solar" in s.box[0] and state(g) == before
        choose(h, "Resign")
        choose(h, "Yes")
        assert s.box is None and g.resigned and g.status() == LOST and s.over
        assert h.message() == "You resigned. B: undo, A: the result."
        h.press("B")  # undo takes the resign back, as any move
        assert not g.resigned and state(g) == before and not s.over
        h.press("REDO")
        assert g.resigned and s.over
        h.press("START")  # a game over has nothing to resign
        assert "Resign" not in s.box[1] and len(s.box[1]) == 9
        h.press("B")
        h.press("A")  # the result: a lost game, which says it was resigned
        assert s.box is not None and h.app.counted
        assert s.box[0].startswith(("You resigned. Score ", "You resigned, yet winnable. "))
        from solitaire.howto import lines  # and the rules page says where Resign is

        assert any("Resign in the pause menu" in t for t in lines(h.app, h.app.gkey))


def test_the_pause_box_with_more_items_than_lines_scrolls_and_says_which_item():
    from solitaire.text import LINES, width

    with begin("pybadge", 0, 1) as h:
        s = h.screen
        seen = recording(h)
        h.press("START")
        assert len(s.box[1]) == LINES + 1
        assert seen["box"][0] == "> Resume" and len(seen["box"]) == LINES
        words, right = seen["status"]
        assert right == "1/10" and s.box[0].startswith(words)
        # the words give way to the count: nothing runs into it
        assert width(h.app.font, words) + width(h.app.font, right) + 6 <= h.app.width
        h.press("UP")  # wraps to the last item: the box scrolls to show it
        assert s.box[1][s.box_at] == "Quit to menu"
        assert seen["box"][-1] == "> Quit to menu" and seen["box"][0] == "   Undo"
        assert seen["status"][1] == "10/10"
        h.press("A")
        assert s.box[0] == "Quit? Resume brings it back."
        h.press("B")
        assert s.box[1][0] == "Resume"


# ---- undo, resume -------------------------------------------------------------------------------

def test_one_undo_takes_back_a_turn_and_its_forced_cascade_and_redo_replays_it():
    with begin("pybadge", 0, 1) as h:
        g = h.game
        for _ in range(200):
            m = g.hint()
            before, size = state(g), g.undo_log.size
            h.play(m)
            if g.undo_log.size > size + 1:  # forced plays followed the move
                break
        else:
            raise AssertionError("no cascade")
        after = state(g)
        h.press("B")
        assert state(g) == before
        assert_tiles_show_the_engine(h.screen.view)
        h.press("REDO")
        assert state(g) == after
        assert_tiles_show_the_engine(h.screen.view)


def test_a_resume_after_power_off_restores_the_position_and_the_undo_history(tmp_path):
    with begin("pybadge", 1, 3, data_dir=tmp_path) as h:
        seen = [state(h.game)]
        for _ in range(20):
            h.play(h.game.hint())
            seen.append(state(h.game))
        h.idle(4000)  # saved after a few idle seconds; then the power goes
        assert h.app.saved_version == h.game.version
    with Host("pybadge", data_dir=tmp_path) as h:
        h.press("A")  # the title offers Resume first
        g = h.game
        assert (type(g).__module__, g.profile, g.number) == ("engine.solar", 1, 3)
        assert state(g) == seen[-1]
        assert_tiles_show_the_engine(h.screen.view)
        for want in reversed(seen[-6:-1]):
            h.press("B")
            assert state(g) == want


# ---- words ----------------------------------------------------------------------------------------

def test_the_status_line_and_the_refusals_in_words():
    with begin("pybadge", 0, 1) as h:
        g, s, v = h.game, h.screen, h.screen.view
        assert v.words(STOCK) == "Stock %d: A turns" % g.count(STOCK)
        assert v.score() == "0/4 home"
        for k in range(4):
            assert v.words(PAD + k) == "Pad %d: 1 card" % k
            assert v.words(STATION + k) == "Station %d: shut" % k
        for p in range(g.pile_count):
            s.cursor = p
            s.overlays()
            status_fits(h)
        # A on a pad's dealt card, a shut station, the empty hand, a card with no emergency
        h.go(PAD)
        h.press("A")
        assert h.message() == "Dealt pad cards never move"
        h.go(STATION + 1)
        h.press("A")
        assert h.message() == "Station 1 opens when rocket 1 is home"
        h.go(HAND)
        h.press("A")
        assert h.message() == "A turned card waits here when it fits several pads"
        hint_play(h, lambda g, m: g.count(WASTE) and not g.wasted and g.pending < 0)
        h.go(WASTE)
        h.press("A")
        assert h.message() == "Free moves need a wasted rocket"
        # in an emergency: a drop that doesn't match, in words
        hint_play(h, lambda g, m: g.wasted and g.pending < 0 and g.count(WASTE))
        w = g.top(WASTE)
        bad = [PAD + k for k in range(4) if g.check((WASTE << 11) | ((PAD + k) << 6) | 1)]
        if bad:
            h.go(WASTE)
            h.press("A")
            h.go(bad[0])
            h.press("A")
            assert h.message() in [v.why(c, 0) for c in range(len(g.REASONS))]
            assert g.top(WASTE) == w


def test_every_pile_is_reachable_by_the_cursor_and_every_card_drawn():
    with begin("pybadge", 0, 1) as h:
        s = h.screen
        v = s.view
        assert sorted(v.order) == list(range(h.game.pile_count))
        assert sorted(p for row in v.lines for p in row) == list(range(h.game.pile_count))
        for p in v.lines[0]:  # UP/DOWN between the rows
            s.cursor = p
            h.press("DOWN")
            assert s.cursor in v.lines[1]
            h.press("UP")
            assert s.cursor in v.lines[0]
        for _ in range(60):
            if s.over:
                break
            h.play(h.game.hint())
            if s.over:
                break
            seen = set()
            for p in v.order:  # (each row along, UP/DOWN between them: a D-pad's walk)
                h.go(p)
                seen.add(s.cursor)
                assert_tiles_show_the_engine(v)  # the pile under the cursor fans out most
            assert seen == set(range(h.game.pile_count))


def test_a_whole_table_redraw_draws_each_station_and_its_pad_once_and_shows_the_engine():
    # a station and its pad share a column, drawn together: a redraw of both (a whole table,
    # a forced play from a pad to its station) draws the column once, not once per pile
    with begin("pybadge", 0, 1) as h:
        s = h.screen
        v = s.view
        hint_play(h, lambda g, m: g.count(STATION) and g.count(PAD))
        drawn = []
        layout = [c for c in type(v).__mro__ if c.__name__ == "DominoLayout"][0]  # (the app's)
        base = layout.draw

        def counted(self, p):
            drawn.append(p)
            base(self, p)

        layout.draw = counted
        try:
            s.redraw(-1)
            whole = sorted(drawn)
            del drawn[:]
            s.redraw((1 << PAD) | (1 << STATION) | (1 << WASTE))
            pair = sorted(drawn)
        finally:
            layout.draw = base
        assert whole == list(range(h.game.pile_count))
        assert pair == [WASTE, PAD, STATION]
        assert_tiles_show_the_engine(v)


# ---- random keys, 320x240, display objects --------------------------------------------------------

KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "A", "A", "A", "A", "B", "SELECT", "A_LONG",
        "LEFT", "RIGHT", "REDO")


@pytest.mark.parametrize("profile", (0, 1), ids=["40 cards", "64 cards"])
def test_2000_random_presses_never_raise_and_the_tiles_show_the_engines_piles(profile):
    rng = random.Random(7000 + profile)
    with begin("pybadge", profile, rng.randrange(1, 1 << 30)) as h:
        for i in range(2000):
            k = rng.choice(KEYS)
            if k == "B" and rng.random() < 0.6:
                k = "A"
            h.press(k)
            if h.screen.box is not None:  # the result box of a game that ended: a new deal
                assert h.game.status() != PLAYING
                h.press("DOWN", "A")
                assert h.screen.box is None and h.game.moves == 0
            if i % 50 == 0:
                assert_tiles_show_the_engine(h.screen.view)
                status_fits(h)
        assert_tiles_show_the_engine(h.screen.view)
        v = h.screen.view
        before = [v.grids[0][i] for i in range(V._COLS * V._ROWS)]
        h.screen.redraw(-1)
        assert [v.grids[0][i] for i in range(V._COLS * V._ROWS)] == before


def test_at_320x240_the_same_table_doubled_plays_and_shows_every_pile():
    with begin("pybadge", 0, 1) as small, begin("pico320", 0, 1) as big:
        for _ in range(40):
            m = small.game.hint()
            small.play(m)
            big.play(m)
        sv, bv = small.screen.view, big.screen.view
        assert (bv.tw, bv.th) == (14, 16) and (sv.tw, sv.th) == (7, 8)
        assert state(small.game) == state(big.game)
        assert_tiles_show_the_engine(bv)
        status_fits(big)
        t = big.screen.table
        assert bv.grids[0].y + V._ROWS * bv.th <= big.app.height - t.status_h
        assert bv.grids[0].x + V._COLS * bv.tw <= big.app.width


def test_the_table_makes_no_display_object_after_it_is_built():
    import gc

    import displayio

    def alive():
        gc.collect()
        return sum(1 for o in gc.get_objects()
                   if isinstance(o, (displayio.Group, displayio.TileGrid, displayio.Bitmap,
                                     displayio.Palette)))

    with begin("pybadge", 0, 1) as h:
        before = alive()
        for _ in range(25):
            if h.screen.over:
                break
            h.play(h.game.hint())
        h.press("SELECT", "B", "REDO")
        assert alive() <= before
        assert len(h.screen.table.piles) == 1  # one grid holds every pile


def test_can_i_still_win_in_the_pause_box_answers_from_the_engines_search_and_drops_its_module():
    import sys

    from tests.test_app_helpers import choose

    with begin("pybadge", 0, UNSURE_40) as h:
        g = h.game
        for _ in range(12):
            h.play(g.hint())
        want = g.still_winnable()
        h.press("START")
        assert g._search is None  # the pause box rests the search
        choose(h, "Can I still win?")
        assert h.message() == {1: "Yes: a way to win is still open.",
                               0: "No: this game can't be won any more.",
                               -1: "Can't tell: too many ways to try."}[want]
        assert "engine.solar_search" not in sys.modules


def test_a_long_search_says_thinking_on_the_table_and_the_note_goes_when_it_is_done():
    # deal UNSURE_40 played by the hint ends in an endgame the loss search can't decide: it runs
    # to its cap, past THINK positions, so the table says "Thinking..." (the display refreshed
    # at once) and hides the note when the search is done, before the answer is said
    with begin("pybadge", 0, UNSURE_40) as h:
        g, t = h.game, h.screen.table
        events = []
        say, unsay, refresh = t.say, t.unsay, h.app.display.refresh
        t.say = lambda text: (events.append(("say", text)), say(text))[1]
        t.unsay = lambda: (events.append(("unsay", t.said)), unsay())[1]
        h.app.display.refresh = lambda *a, **k: (events.append(("refresh",)), refresh(*a, **k))[1]
        for _ in range(300):
            m = g.hint()
            if m == RESIGN:
                break
            h.play(m)
        assert g.undecided
        i = events.index(("say", V.THINKING))
        assert events[i + 1] == ("refresh",)
        assert ("unsay", V.THINKING) in events[i + 2:]
        assert h.message() != V.THINKING


def _watch_steps(h):
    # what the table says at each refresh, and when the loss search runs, in order
    g = h.game
    events = []
    run, refresh = g._run, h.app.display.refresh
    g._run = lambda cap, win: (events.append(("search", win)), run(cap, win))[1]
    h.app.display.refresh = lambda *a, **k: (events.append(("refresh", h.screen.table.said)),
                                              refresh(*a, **k))[1]
    return events


def test_a_move_that_needs_the_loss_search_shows_first_and_the_search_runs_in_the_next_step():
    # the step of the key that makes the move refreshes the table with the move made and
    # "Thinking..." without searching; the search runs in the next step (the end check), and
    # what it found is said then (issue 24: the key's own change shows at once)
    with begin("pybadge", 0, UNSURE_40) as h:
        g = h.game
        events = _watch_steps(h)
        deferred = 0
        for _ in range(300):
            m = g.hint()
            if m == RESIGN or h.screen.over:
                break
            del events[:]
            h.play(m)
            if ("search", False) in events:
                # the move's step (after the keys that moved the cursor to its piles): drawn
                # with "Thinking..." said, before any search
                i = events.index(("search", False))
                assert ("refresh", V.THINKING) in events[:i], events
                assert all(e == ("refresh", None) for e in events[:events.index(
                    ("refresh", V.THINKING))]), events
                deferred += 1
        assert deferred > 0 and g.undecided


def _play_unsettled(h, m):
    # a move made with the keys, as Host.play makes it, its last press left unsettled: the
    # steps after it are the test's
    src, dst = move_src(m), move_dst(m)
    if h.screen.view.press(src) == m or src == 0:
        h.go(src)
    else:
        h.go(src)
        h.press("A")
        h.go(dst)
    h.press("A", settle=False)


def test_a_key_pressed_before_the_search_step_gets_the_checked_game():
    # the end check waits for the next step; a key that comes first runs it first, then acts
    with begin("pybadge", 0, UNSURE_40) as h:
        g, s = h.game, h.screen
        for _ in range(300):
            m = g.hint()
            assert m != RESIGN and not s.over, "no move needed the search"
            _play_unsettled(h, m)
            if s.later is not None:
                break
            h.settle()
        assert h.message() == V.THINKING and g.searching()
        events = _watch_steps(h)
        cursor = s.cursor
        h.press("RIGHT", settle=False)  # a key in the very next step: the search first
        assert s.later is None and not g.searching() and s.cursor != cursor
        assert events[0] == ("search", False)  # (then the key acts on the checked game)
        assert s.over == (g.status() != PLAYING)


@pytest.mark.parametrize("key", ["A", "B", "RIGHT"])
def test_a_key_pressed_while_the_end_search_thinks_shows_the_loss_and_only_the_next_key_answers(key):
    # issue 36: a move leaves the stock empty with a rocket in the waste; "Thinking..." shows
    # and the loss search waits for the next step. A key pressed before it runs the search
    # and shows its answer, "No moves left. B: undo, A: the result." (the loss counted as it
    # ended): it is not taken as the answer. The next key is
    with begin("pybadge", 0, LOST_40) as h:
        g, s = h.game, h.screen
        for _ in range(300):
            m = g.hint()
            assert m not in (RESIGN, NO_MOVE) and not s.over, "no move needed the end search"
            _play_unsettled(h, m)
            if s.later is not None and not g._size[STOCK]:
                break
            h.settle()
        assert h.message() == V.THINKING and g.searching()
        moves = g.moves
        h.press(key, settle=False)
        assert s.over and g.status() == LOST and h.message() == LOST_SAYS
        assert s.box is None and g.moves == moves  # no result, no undo
        assert h.app.store.stats(FAMILY, 0, 0)[:2] == (1, 0) and h.app.store.saved() is None
        h.press("A")
        assert s.box is not None and s.box[0].startswith(("No moves left. Score",
                                                          "Lost, yet winnable. Score"))


def test_can_i_still_win_closes_the_box_at_once_and_answers_in_the_next_step():
    from tests.test_app_helpers import choose

    with begin("pybadge", 0, UNSURE_40) as h:
        g = h.game
        for _ in range(12):
            h.play(g.hint())
        h.press("START")
        events = _watch_steps(h)
        h.press("DOWN", "DOWN", "DOWN", "DOWN")
        del events[:]
        h.press("A", settle=False)  # "Can I still win?": the box closes, "Thinking..."
        assert h.screen.box is None and h.message() == V.THINKING
        assert events == [("refresh", V.THINKING)]
        h.settle()
        assert ("search", True) in events
        assert h.message() in ("Yes: a way to win is still open.",
                               "No: this game can't be won any more.",
                               "Can't tell: too many ways to try.")


def test_solar_options_have_no_autoplay_row_and_autoplay_stays_off(tmp_path):
    # Solar has no autoplay (its forced plays are the engine's own): its options page offers
    # no row that would do nothing, and its game never autoplays; the other families keep theirs
    from solitaire import keys as K
    from tests.test_app_helpers import choose, host, items, page, past_notices

    with host("pybadge", data_dir=tmp_path) as h:
        past_notices(h)
        for row in FAMILIES:
            choose(h, "New game")
            choose(h, row.name)
            choose(h, row.variants[0])
            assert any(r.startswith("Autoplay: ") for r in items(h)) == (row.key != "solar")
            while page(h).title != "SOLITAIRE":  # back to the title
                h.press(K.B)
        choose(h, "New game")
        choose(h, "Solitario Solar")
        choose(h, "Solitario Solar")
        choose(h, "Start game")
        h.settle()
        assert h.app.autoplay is False
