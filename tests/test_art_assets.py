# The generated art: reproducible from assets/make_art.py; the per-deck sheets readable at real
# size (suits, ranks, domino values and rockets told apart, checked on the committed BMP files);
# tests/sheets.py in step with the generator; the font has every glyph the games' texts
# use; the device loader reads every sheet.
import importlib.util
import itertools
import os
import struct

import pytest

from solitaire import art
from tests import sheets

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASSETS = os.path.join(REPO, "assets")
DECKS = ("french", "spanish", "domino")
SCALES = (1, 2)
TILES = {"french": sheets.FRENCH_TILES, "spanish": sheets.SPANISH_TILES,
         "domino": sheets.DOMINO_TILES}
FRENCH_TABLES = {"two-colour": sheets.FRENCH_INKS_2, "four-colour": sheets.FRENCH_INKS_4}
WHITE = 0xFFFFFF
PAL_BLACK = 2  # shared palette entries (assets/make_art.py)
PAL_EDGE = 4
PAL_MARKER = 10


def load_generator():
    spec = importlib.util.spec_from_file_location("make_art", os.path.join(ASSETS, "make_art.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Sheet:
    # a committed sheet read back from its BMP bytes: palette and per-tile pixel indices
    def __init__(self, deck, scale):
        self.deck = deck
        self.scale = scale
        with open(os.path.join(ASSETS, sheets.sheet_file(deck, scale)), "rb") as f:
            data = f.read()
        offset, = struct.unpack_from("<I", data, 10)
        self.w, self.h, _, self.bpp, self.comp = struct.unpack_from("<iiHHI", data, 18)
        self.palette = [struct.unpack_from("<I", data, 54 + 4 * i)[0] & 0xFFFFFF for i in range(16)]
        row_bytes = ((self.w + 1) // 2 + 3) // 4 * 4
        self.pixel_bytes = row_bytes * self.h
        self.px = []
        for y in range(self.h):
            row = data[offset + (self.h - 1 - y) * row_bytes:][:row_bytes]
            self.px.append([(row[x // 2] >> (0 if x & 1 else 4)) & 15 for x in range(self.w)])
        self.tw = 7 * scale
        self.th = sheets.tile_height(deck, scale)
        self.count = (self.w // self.tw) * (self.h // self.th)

    def tile(self, i):
        assert 0 <= i < self.count, (self.deck, i)
        ox = (i % 8) * self.tw
        oy = (i // 8) * self.th
        return [row[ox:ox + self.tw] for row in self.px[oy:oy + self.th]]


_SHEETS = {}


def sheet(deck, scale):
    if (deck, scale) not in _SHEETS:
        _SHEETS[deck, scale] = Sheet(deck, scale)
    return _SHEETS[deck, scale]


def glyph(tile):
    # the pixels drawn in a deck ink (palette 11..15): the glyph's shape and its inks
    return {(x, y): v for y, row in enumerate(tile) for x, v in enumerate(row) if v >= sheets.PAL_INK}


def shape_difference(a, b):
    return len(set(a) ^ set(b))


def colours(g, inks):
    return set(inks[v - sheets.PAL_INK] for v in g.values())


def luminance(c):
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c >> 16) + 0.7152 * lin((c >> 8) & 255) + 0.0722 * lin(c & 255)


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def rgb_distance(a, b):
    return sum(abs(((a >> s) & 255) - ((b >> s) & 255)) for s in (16, 8, 0))


# ---------------------------------------------------------------- generator and files
def test_the_committed_art_is_exactly_what_the_script_makes(tmp_path):
    gen = load_generator()
    gen.main(["--out", str(tmp_path)])
    assert sorted(os.listdir(tmp_path)) == sorted(gen.OUTPUTS)
    for name in gen.OUTPUTS:
        with open(os.path.join(ASSETS, name), "rb") as a, open(tmp_path / name, "rb") as b:
            assert a.read() == b.read(), name + " differs: run assets/make_art.py"


def test_sheets_py_mirrors_the_generators_numbers_inks_and_icons():
    gen = load_generator()
    names = [n for n in dir(sheets) if n.isupper()]
    assert len(names) > 50
    for name in names:
        value = getattr(sheets, name)
        if name.startswith("ICON_"):
            assert value == chr(gen.ICON_NAMES[name[5:]]), name
        else:
            assert value == getattr(gen, name), name
    assert sorted("ICON_" + n for n in gen.ICON_NAMES) == sorted(n for n in names if n.startswith("ICON_"))
    for deck in DECKS:
        for scale in SCALES:
            assert sheets.sheet_file(deck, scale) == gen.sheet_name(deck, scale)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("scale", SCALES)
def test_each_sheet_is_a_4_bit_bmp_of_its_tiles_8_to_a_row_with_the_shared_palette(deck, scale):
    s = sheet(deck, scale)
    assert (s.bpp, s.comp) == (4, 0)
    assert s.w == 8 * 7 * scale and s.h % s.th == 0
    # every sheet as tall as the others, so one bitmap holds any of them on the board
    gen = load_generator()
    assert s.h == gen.SHEET_HEIGHT * scale and TILES[deck] <= s.count
    assert s.palette[:11] == list(gen.SHARED_PALETTE)


@pytest.mark.parametrize("deck", DECKS)
def test_each_scale_1_sheet_stays_within_3_kb_of_pixels(deck):
    # a game holds its deck's Bitmap for the whole game: 56 px x 12 tile rows is 2.7 KB
    assert sheet(deck, 1).pixel_bytes <= 3 * 1024
    # the scale-2 sheet is the same tiles with every pixel doubled
    big, small = sheet(deck, 2), sheet(deck, 1)
    for i in range(TILES[deck]):
        t = small.tile(i)
        assert big.tile(i) == [[t[y // 2][x // 2] for x in range(14)] for y in range(big.th)]


# every named tile range of each sheet: (constant, tiles in it). Together they must cover the
# sheet exactly once, so every index sheets.py names lies inside its own sheet.
RANGES = {
    "french": (("BLANK", 1), ("FRAME", 15), ("FOOT", 2), ("BACK", 4), ("EMPTY", 4), ("MORE", 2),
               ("FRENCH_RANK", 52), ("FRENCH_SUIT", 4), ("FRENCH_STRIP", 4), ("FRENCH_DONE", 2),
               ("FRENCH_LOCKED", 2), ("FRENCH_PASS", 4)),
    "spanish": (("BLANK", 1), ("FRAME", 15), ("FOOT", 2), ("BACK", 4), ("EMPTY", 4), ("MORE", 2),
                ("SPANISH_RANK", 10), ("SPANISH_SUIT", 4), ("SPANISH_STRIP", 4),
                ("SPANISH_BLOCKED", 2), ("SPANISH_TOKEN", 1), ("SPANISH_SPENT", 1),
                ("SPANISH_PIP", 8)),
    "domino": (("BLANK", 1), ("FRAME", 15), ("DOMINO_SECTION", 12), ("DOMINO_ROCKET", 12),
               ("DOMINO_BACK", 3), ("DOMINO_PAD", 3), ("DOMINO_STATION", 3), ("DOMINO_MORE", 3),
               ("DOMINO_ORIGINAL", 12)),
}


@pytest.mark.parametrize("deck", DECKS)
def test_every_tile_index_in_sheets_py_lies_inside_its_sheet(deck):
    used = []
    for name, n in RANGES[deck]:
        first = getattr(sheets, name)
        used += range(first, first + n)
    assert sorted(used) == list(range(TILES[deck]))
    assert TILES[deck] <= sheet(deck, 1).count
    prefix = deck.upper() + "_"
    named = set(n for n, _ in RANGES[deck])
    for name in dir(sheets):
        if name.startswith(prefix) and not name.endswith(("_TILES", "_INKS", "_INKS_2", "_INKS_4")):
            assert name in named, name + " has no range in this test"


def test_blank_and_frame_pieces_have_the_same_index_in_every_sheet_and_two_tile_decks_share_card_parts():
    # the same pieces at each deck's tile height (French tiles are 6 px tall, the others 8)
    gen = load_generator()
    for deck in DECKS:
        s = sheet(deck, 1)
        gen.TILE_H = s.th
        try:
            shared = gen.shared_tiles()
            card = gen.card_tiles()
        finally:
            gen.TILE_H = 8
        for i in range(sheets.FOOT):
            assert s.tile(i) == shared[i], (deck, i)
        if deck != "domino":
            for i in range(sheets.FOOT, sheets.FRENCH_RANK):
                assert s.tile(i) == card[i - sheets.FOOT], (deck, i)
    for scale in SCALES:
        for i in range(sheets.FRENCH_RANK):
            assert sheet("spanish", scale).tile(i) == sheet("domino", scale).tile(i) \
                or i >= sheets.FOOT
    # the frame of a card wider than two tiles: the span role has its top and bottom edges only
    s = sheet("domino", 1)
    span = [s.tile(sheets.FRAME + sheets.FRAME_SPAN * 3 + row) for row in range(3)]
    assert all(v == sheets.PAL_FRAME for v in span[0][0]) and all(
        v == sheets.PAL_FRAME_IN for v in span[0][1])
    assert all(v == sheets.PAL_TABLE for r in span[0][2:] + span[1] for v in r)
    assert span[2][:2] == span[0][:2][::-1]  # at the bottom the inner ring comes first


def framed(s, roles, rows):
    # the picture of a frame grid (as solitaire/table.py lays its pieces) of a card roles wide
    # (column roles) and rows tile rows tall
    grid = []
    for r in range(rows + 1):
        row_role = 0 if r == 0 else (1 if r < rows else 2)
        tiles = [s.tile(sheets.FRAME + c * 3 + row_role) for c in roles]
        grid += [sum((t[y] for t in tiles), []) for y in range(s.th)]
    return grid


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("scale", SCALES)
def test_a_frame_is_two_rings_an_outer_one_round_the_card_and_an_inner_one_on_its_edge(deck, scale):
    # so an overlay shows either ring alone (a hint's mark: the inner one; the cursor on a marked
    # pile: the outer one) and two marks side by side keep the table's gap between them
    s = sheet(deck, scale)
    k = scale
    for roles, card_w in (((0, 1, 2), 13), ((0, 3), 7), ((0, 4, 4, 3), 21)):
        for rows in (1, 2, 3):
            pic = framed(s, roles, rows)
            # in pixels of the scale, the card spans x 1..card_w and y 1..rows*th (the grid sits
            # one pixel left of and above it; its last row is the card's edge, the gap below it)
            w, h = card_w + 2, rows * s.th // k + 2
            for y in range(h):
                for x in range(w):
                    outer = x in (0, w - 1) or y in (0, h - 1)
                    inner = not outer and (x in (1, w - 2) or y in (1, h - 2))
                    want = (sheets.PAL_FRAME if outer else sheets.PAL_FRAME_IN if inner
                            else sheets.PAL_TABLE)
                    for dy in range(k):
                        for dx in range(k):
                            assert pic[y * k + dy][x * k + dx] == want, (roles, rows, x, y)
            assert all(v == sheets.PAL_TABLE for row in pic for v in row[w * k:])


# ---------------------------------------------------------------- French deck (Terrace)
def french_suit_glyph(scale, tile0, suit):
    return glyph(sheet("french", scale).tile(tile0 + suit))


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("table", sorted(FRENCH_TABLES))
def test_reserve_strip_suits_differ_in_colour_or_in_at_least_6_pixels_of_shape(scale, table):
    # issue 10: at real size 2 of spades read as clubs, 8 of hearts as diamonds
    inks = FRENCH_TABLES[table]
    for a, b in itertools.combinations(range(4), 2):
        ga = french_suit_glyph(scale, sheets.FRENCH_STRIP, a)
        gb = french_suit_glyph(scale, sheets.FRENCH_STRIP, b)
        assert colours(ga, inks) != colours(gb, inks) or shape_difference(ga, gb) >= 6 * scale * scale
        # and whatever the inks, the strip shapes differ by themselves
        assert shape_difference(ga, gb) >= 6 * scale * scale, (a, b)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("table", sorted(FRENCH_TABLES))
def test_head_suits_of_one_colour_differ_in_at_least_6_pixels(scale, table):
    inks = FRENCH_TABLES[table]
    for a, b in itertools.combinations(range(4), 2):
        ga = french_suit_glyph(scale, sheets.FRENCH_SUIT, a)
        gb = french_suit_glyph(scale, sheets.FRENCH_SUIT, b)
        assert colours(ga, inks) != colours(gb, inks) or shape_difference(ga, gb) >= 6 * scale * scale


def test_the_two_colour_deck_is_black_clubs_and_spades_red_hearts_and_diamonds():
    # terrace.md: clubs and spades black; hearts and diamonds red (engine order C D S H)
    c, d, s, h = sheets.FRENCH_INKS_2[:4]
    assert c == s and d == h and c != d
    assert contrast(c, WHITE) >= 15 and rgb_distance(d, 0xFF0000) < 100


def test_the_four_colour_deck_is_green_clubs_blue_diamonds_black_spades_red_hearts():
    c, d, s, h = sheets.FRENCH_INKS_4[:4]
    assert (c >> 8) & 255 > 2 * max(c >> 16, c & 255)  # green
    assert d & 255 > 2 * max(d >> 16, (d >> 8) & 255)  # blue
    assert s == 0 and h == sheets.FRENCH_INKS_2[3]
    for a, b in itertools.combinations((c, d, s, h), 2):
        assert rgb_distance(a, b) >= 150, (hex(a), hex(b))
    for ink in (c, d, h):  # light enough not to pass for black in a 5 px glyph
        assert contrast(ink, 0) >= 4, hex(ink)


@pytest.mark.parametrize("table", sorted(FRENCH_TABLES))
def test_every_french_ink_reads_on_the_white_card(table):
    # 3:1 is the least contrast for graphics (WCAG 1.4.11); the two-colour deck reaches 4.5:1
    least = 4.5 if table == "two-colour" else 3
    for ink in FRENCH_TABLES[table][:4]:
        assert contrast(ink, WHITE) >= least, hex(ink)


@pytest.mark.parametrize("scale", SCALES)
def test_rank_and_suit_tiles_carry_their_suits_ink_so_a_four_colour_deck_colours_both(scale):
    s = sheet("french", scale)
    for suit in range(4):
        ink = sheets.PAL_INK + suit
        for rank in range(1, 14):
            assert set(glyph(s.tile(sheets.FRENCH_RANK + suit * 13 + rank - 1)).values()) == {ink}
        assert set(glyph(s.tile(sheets.FRENCH_SUIT + suit)).values()) == {ink}
        assert set(glyph(s.tile(sheets.FRENCH_STRIP + suit)).values()) == {ink}


def rank_glyphs(deck, scale):
    # French ranks of clubs (ink 11; every suit's row is the same shapes), Spanish ranks (black)
    s = sheet(deck, scale)
    first, n, ink = ((sheets.FRENCH_RANK, 13, sheets.PAL_INK) if deck == "french"
                     else (sheets.SPANISH_RANK, 10, PAL_BLACK))
    return [{(x, y) for y, row in enumerate(s.tile(first + r)) for x, v in enumerate(row) if v == ink}
            for r in range(n)]


def drawn_at(spec, x0, y0, scale):
    # the pixels of a '#'-and-'.' shape drawn from (x0, y0) at a scale, as the sheets do
    return {((x0 + x) * scale + dx, (y0 + y) * scale + dy)
            for y, line in enumerate(spec.split("/")) for x, ch in enumerate(line) if ch == "#"
            for dy in range(scale) for dx in range(scale)}


RANK_NAMES = {"french": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
              "spanish": ("1", "2", "3", "4", "5", "6", "7", "S", "C", "R")}


@pytest.mark.parametrize("deck", ("french", "spanish"))
@pytest.mark.parametrize("scale", SCALES)
def test_every_rank_glyph_differs_from_every_other_in_at_least_4_pixels(deck, scale):
    # issue 10: 6, 8 and 9 differed by 3 pixels, the Spanish S and 5 by two corners
    shapes = rank_glyphs(deck, scale)
    names = RANK_NAMES[deck]
    assert all(shapes)
    for (i, a), (j, b) in itertools.combinations(enumerate(shapes), 2):
        assert len(a ^ b) >= 4 * scale * scale, (deck, names[i], names[j])
    pairs = (("6", "8"), ("8", "9"), ("6", "9")) if deck == "french" else (("S", "5"),)
    for one, other in pairs:
        a, b = shapes[names.index(one)], shapes[names.index(other)]
        assert len(a ^ b) >= 5 * scale * scale, (one, other)


@pytest.mark.parametrize("deck", ("french", "spanish"))
@pytest.mark.parametrize("scale", SCALES)
def test_the_4_is_closed_and_can_not_pass_for_an_h(deck, scale):
    # the old 4 was an H with its lower left leg missing (an open top)
    four = rank_glyphs(deck, scale)[3]
    x0 = min(x for x, y in four) // scale
    y0 = min(y for x, y in four) // scale
    tall = (max(y for x, y in four) - min(y for x, y in four) + 1) // scale
    h = "/".join(("####" if y == tall // 2 else "#..#") for y in range(tall))
    assert len(four ^ drawn_at(h, x0, y0, scale)) >= 8 * scale * scale
    # its top row has one stroke (the diagonal's start), not two legs
    top = [x for x, y in four if y // scale == y0]
    assert len(top) == scale * scale


@pytest.mark.parametrize("deck", ("french", "spanish"))
@pytest.mark.parametrize("scale", SCALES)
def test_rank_glyphs_keep_a_white_column_from_the_cards_left_edge(deck, scale):
    # at x=1 a glyph merged with the card's edge: a 6 read as an E, the 1 of 10 as the edge
    s = sheet(deck, scale)
    first = sheets.FRENCH_RANK if deck == "french" else sheets.SPANISH_RANK
    for r, g in enumerate(rank_glyphs(deck, scale)):
        tile = s.tile(first + r)
        left = min(x for x, y in g) // scale
        widths = (max(x for x, y in g) - min(x for x, y in g) + 1) // scale
        ten = deck == "french" and r == 9
        assert (left, min(widths, 4)) == ((1, 4) if ten else (2, widths)), RANK_NAMES[deck][r]
        assert widths == 5 if ten else widths <= 4
        for y in set(y for x, y in g):
            # the column between the glyph and the edge (the 10: the edge itself) is the card's
            beside = (left - 1) * scale
            assert all(tile[y][x] == 1 for x in range(beside, beside + scale)), (r, y)

def test_the_stocks_marks_a_padlock_on_its_foot_and_the_pass_on_its_head():
    # Terrace's stock lock and General's Patience's two passes, seen wherever the cursor is
    s = sheet("french", 1)

    def pair(first):
        return [a + b for a, b in zip(s.tile(first), s.tile(first + 1))]

    def differ(p, q):
        return [(x, y) for y, (ra, rb) in enumerate(zip(p, q)) for x, (a, b) in enumerate(zip(ra, rb))
                if a != b]
    back_head, back_foot = pair(sheets.BACK), pair(sheets.BACK + 2)
    locked = pair(sheets.FRENCH_LOCKED)
    lock = [(x, y) for y, row in enumerate(locked) for x, v in enumerate(row) if v == 15]
    assert len(lock) >= 15  # a gold padlock
    assert all(locked[y][x] == back_foot[y][x] for x in (0, 12, 13) for y in range(s.th))
    one, two = pair(sheets.FRENCH_PASS), pair(sheets.FRENCH_PASS + 2)
    for head in (one, two):
        white = [(x, y) for y, row in enumerate(head) for x, v in enumerate(row) if v == 1]
        assert len(white) >= 15 and len(differ(head, back_head)) >= 20
        assert head[0] == back_head[0]  # the top edge stays
    # "1/2" and "2/2" differ in their first digit, a 1 and a 2
    assert len(differ(one, two)) >= 4 and all(x <= 4 for x, y in differ(one, two))


def test_a_completed_foundation_has_a_gold_mark_on_its_foot():
    s = sheet("french", 1)
    for half in range(2):
        done = s.tile(sheets.FRENCH_DONE + half)
        foot = s.tile(sheets.FOOT + half)
        changed = [(x, y) for y in range(s.th) for x in range(7) if done[y][x] != foot[y][x]]
        assert len(changed) >= 8
        assert all(done[y][x] == 15 for x, y in changed)
    assert sheets.FRENCH_INKS_4[4] == sheets.FRENCH_INKS_2[4]
    assert contrast(sheets.FRENCH_INKS_4[4], WHITE) >= 2


# ---------------------------------------------------------------- Spanish deck (4 Ases)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("tile0", ("SPANISH_SUIT", "SPANISH_STRIP", "SPANISH_PIP"))
def test_spanish_suits_differ_in_colour_and_in_shape(scale, tile0):
    s = sheet("spanish", scale)
    step = 2 if tile0 == "SPANISH_PIP" else 1
    glyphs = []
    for suit in range(4):
        first = getattr(sheets, tile0) + suit * step
        g = {}
        for half in range(step):
            for (x, y), v in glyph(s.tile(first + half)).items():
                g[x + half * s.tw, y] = v
        glyphs.append(g)
    for a, b in itertools.combinations(range(4), 2):
        ca, cb = colours(glyphs[a], sheets.SPANISH_INKS), colours(glyphs[b], sheets.SPANISH_INKS)
        assert not ca & cb, (a, b)
        assert shape_difference(glyphs[a], glyphs[b]) >= 6 * scale * scale, (a, b)


def test_spanish_suits_have_their_traditional_colours_and_read_on_white():
    oros, copas, espadas, bastos, rim = sheets.SPANISH_INKS
    def hue(c):
        r, g, b = c >> 16, (c >> 8) & 255, c & 255
        return max((r, "red"), (g, "green"), (b, "blue"))[1]
    assert oros >> 16 > 200 and (oros >> 8) & 255 > 120 and oros & 255 < 80  # gold
    assert (hue(copas), hue(espadas), hue(bastos)) == ("red", "blue", "green")
    for ink in (copas, espadas, bastos, rim):  # the gold coin reads by its dark rim
        assert contrast(ink, WHITE) >= 4.5, hex(ink)


def test_a_blocked_card_and_tokens_have_their_own_marks():
    s = sheet("spanish", 1)
    blocked = [s.tile(sheets.SPANISH_BLOCKED + h) for h in range(2)]
    foot = [s.tile(sheets.FOOT + h) for h in range(2)]
    assert sum(a != b for h in range(2) for ra, rb in zip(blocked[h], foot[h]) for a, b in zip(ra, rb)) >= 10
    token, spent = s.tile(sheets.SPANISH_TOKEN), s.tile(sheets.SPANISH_SPENT)
    drawn = lambda t: {(x, y) for y, r in enumerate(t) for x, v in enumerate(r) if v}
    assert len(drawn(token)) >= 20 and 4 <= len(drawn(spent)) < len(drawn(token)) // 2
    assert sheets.PAL_INK in {v for r in token for v in r}  # the token is gold, the spent one not
    assert sheets.PAL_INK not in {v for r in spent for v in r}


# ---------------------------------------------------------------- Space Dominoes (Solar)
def domino_card(scale, first, step, values):
    # the 21x8 picture of a card from its three tiles
    s = sheet("domino", scale)
    tiles = [s.tile(first + p * step + v) for p, v in enumerate(values)]
    return [sum((t[y] for t in tiles), []) for y in range(s.th)]


def ordinary(scale, a, b, c):
    return domino_card(scale, sheets.DOMINO_SECTION, 4, (a, b, c))


def rocket(scale, k):
    return domino_card(scale, sheets.DOMINO_ROCKET + k * 3, 1, (0, 0, 0))


def differing(p, q):
    return sum(a != b for ra, rb in zip(p, q) for a, b in zip(ra, rb))


@pytest.mark.parametrize("scale", SCALES)
def test_domino_pips_0_to_3_have_each_their_own_colour_and_pip_count(scale):
    s = sheet("domino", scale)
    for position in range(3):
        fills, pips = [], []
        for value in range(4):
            t = s.tile(sheets.DOMINO_SECTION + position * 4 + value)
            box = [t[y][x] for y in range(scale, 6 * scale) for x in range(scale, 6 * scale)]
            fill = max(set(box), key=box.count)
            assert fill == sheets.PAL_INK + value
            fills.append(sheets.DOMINO_INKS[value])
            pips.append(sum(v != fill for v in box) // (scale * scale))
        assert pips == [0, 1, 2, 3], position
        for a, b in itertools.combinations(fills, 2):
            assert rgb_distance(a, b) >= 150, (hex(a), hex(b))


@pytest.mark.parametrize("scale", SCALES)
def test_a_card_is_three_tiles_wide_and_one_tall_with_its_edge_all_round(scale):
    card = ordinary(scale, 1, 2, 3)
    edge = PAL_EDGE
    assert len(card[0]) == 21 * scale and len(card) == 8 * scale
    assert card[0][3 * scale] == edge and card[6 * scale][10 * scale] == edge
    assert card[3 * scale][0] == edge and card[3 * scale][20 * scale] == edge
    assert set(card[7 * scale]) == {sheets.PAL_TABLE}  # the gap to the next card of a fan


@pytest.mark.parametrize("scale", SCALES)
def test_rockets_are_distinct_from_every_ordinary_card(scale):
    for k in range(4):
        r = rocket(scale, k)
        for a, b, c in itertools.product(range(4), repeat=3):
            # even the same values drawn as an ordinary card: the rocket look itself differs
            assert differing(r, ordinary(scale, a, b, c)) >= 30 * scale * scale, (k, a, b, c)
        body = {v for row in r for v in row}
        assert 15 in body  # the dark rocket body, a colour no ordinary card uses
    for a, b, c in itertools.product(range(4), repeat=3):
        assert 15 not in {v for row in ordinary(scale, a, b, c) for v in row}
    assert contrast(sheets.DOMINO_INKS[4], WHITE) >= 10


def test_back_pad_station_more_and_original_card_look_different():
    s = sheet("domino", 1)
    looks = {name: domino_card(1, getattr(sheets, name), 1, (0, 0, 0))
             for name in ("DOMINO_BACK", "DOMINO_PAD", "DOMINO_STATION", "DOMINO_MORE")}
    for (n1, p1), (n2, p2) in itertools.combinations(looks.items(), 2):
        assert differing(p1, p2) >= 20, (n1, n2)
    # a pad's original card: the same card on a base line
    for values in itertools.product(range(4), repeat=3):
        base = domino_card(1, sheets.DOMINO_ORIGINAL, 4, values)
        card = ordinary(1, *values)
        assert base[:7] == card[:7] and set(base[7]) == {PAL_MARKER} and set(card[7]) == {0}
    assert s.count >= sheets.DOMINO_TILES


# ---------------------------------------------------------------- font
def bdf_glyphs():
    glyphs = {}
    with open(os.path.join(ASSETS, "font.bdf")) as f:
        code = None
        for line in f:
            if line.startswith("ENCODING"):
                code = int(line.split()[1])
            elif line.startswith("BBX"):
                glyphs[code] = tuple(int(v) for v in line.split()[1:])
    return glyphs


def test_the_font_has_every_glyph_the_games_texts_use():
    glyphs = bdf_glyphs()
    wanted = list(range(32, 127)) + [0x2663, 0x2666, 0x2660, 0x2665]
    wanted += [ord(getattr(sheets, n)) for n in dir(sheets) if n.startswith("ICON_")]
    for code in wanted:
        assert code in glyphs, hex(code)
    for n in ("STOCK", "LOCK", "WASTE", "REDEAL", "HAND", "TOKEN", "ROCKET", "EMERGENCY"):
        assert ord(getattr(sheets, "ICON_" + n)) in glyphs, n
    for code in range(0xE000, 0xE00F):
        w, h, x, y = glyphs[code]
        assert h + y <= 7 and y >= 0 and w <= 7, hex(code)  # within the cap height


def test_the_font_loads_with_the_device_library_and_every_glyph_comes_out():
    import displayio
    from adafruit_bitmap_font import bdf

    wanted = "".join(chr(c) for c in range(32, 127)) + "\u2663\u2666\u2660\u2665" + "".join(
        getattr(sheets, n) for n in sorted(dir(sheets)) if n.startswith("ICON_"))
    with open(os.path.join(ASSETS, "font.bdf"), "rb") as f:
        font = bdf.BDF(f, displayio.Bitmap)
        font.load_glyphs(wanted)
        for c in wanted:
            assert font.get_glyph(ord(c)) is not None, hex(ord(c))
        assert font.ascent + font.descent <= 10  # a status line fits a 128 px screen


# ---------------------------------------------------------------- device side
def device_read(deck, scale):
    # the sheet as lib/solitaire/art.py reads it on the board
    import displayio

    if hasattr(art, "load_sheet"):  # one bitmap made by the app, reused for every game
        s = sheet(deck, scale)
        bitmap, palette = displayio.Bitmap(s.w, s.h, 16), displayio.Palette(16)
        art.load_sheet(deck, scale, bitmap, palette)
        return bitmap
    return art.load_cards(scale, os.path.join(ASSETS, sheets.sheet_file(deck, scale)))[0]


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("scale", SCALES)
def test_the_device_loader_reads_every_sheet_pixel_for_pixel(deck, scale):
    bitmap = device_read(deck, scale)
    s = sheet(deck, scale)
    assert (bitmap.width, bitmap.height) == (s.w, s.h)
    assert all(bitmap[x, y] == s.px[y][x] for y in range(s.h) for x in range(s.w))


def test_set_inks_switches_the_french_deck_between_two_and_four_colours():
    palette = list(sheet("french", 1).palette)
    assert palette[11:16] == list(sheets.FRENCH_INKS_4)  # the scale-1 sheet's default
    assert sheet("french", 2).palette[11:16] == list(sheets.FRENCH_INKS_2)
    sheets.set_inks(palette, sheets.FRENCH_INKS_2)
    assert palette[11:16] == list(sheets.FRENCH_INKS_2) and palette[:11] == sheet("french", 1).palette[:11]


# ---------------------------------------------------------------- the sheet today's app loads



def test_the_packed_font_the_board_reads_draws_every_glyph_as_the_bdf_does():
    # assets/font.bin (read in one go at start-up: no parsing) and assets/font.bdf (its
    # fallback, read by the BDF loader) give the same font: every glyph the app shows, its
    # metrics and every pixel, the same ascent, descent and bounding box
    from solitaire import font as F

    packed = F.load_packed(os.path.join(ASSETS, F.PACKED_FILE))
    bdf, note = F.load_font(path=os.path.join(ASSETS, F.FONT_FILE), packed="/no/such/font.bin")
    assert note is None
    assert (packed.ascent, packed.descent, packed.box) == (bdf.ascent, bdf.descent, bdf.box)
    for c in F.GLYPHS:
        i, j = packed.chars.find(c), bdf.chars.find(c)
        assert i >= 0 and j >= 0, hex(ord(c))
        mp, mb = packed.metrics[7 * i:7 * i + 7], bdf.metrics[7 * j:7 * j + 7]
        assert mp[2:] == mb[2:], c  # width, height, dx, dy, advance
        w, h = mp[2], mp[3]
        xp, xb = (mp[0] | mp[1] << 8) * w, (mb[0] | mb[1] << 8) * w
        assert [[packed.strip[xp + x, y] for x in range(w)] for y in range(h)] == \
            [[bdf.strip[xb + x, y] for x in range(w)] for y in range(h)], c
    # and no more (each glyph held costs heap for the whole run)
    assert sorted(packed.chars) == sorted(F.GLYPHS)
