# Generates every picture the game shows: one card sprite sheet per deck and screen scale
# (indexed 4-bit BMP) and the text font (BDF). Standard library only, output byte-for-byte
# reproducible:
#   .venv/bin/python assets/make_art.py [--out DIR]
# tests/sheets.py mirrors the tile and ink numbers below by hand (a test compares them; the
# device views keep private const() copies of the tiles they draw, which the screen tests check);
# docs/notes/art.md shows the sheets.
#
# SHEETS: assets/<deck>_7x<h>.bmp (scale 1, 160x128 screens) and <deck>_14x<2h>.bmp (scale 2,
# 320x240: every pixel doubled) for deck = french (Terrace, h = 6: 13 fanned cards fit the
# screen), spanish (4 Ases, h = 8), domino (Solar, h = 8). A game loads only its own deck. Each
# sheet is 8 tiles per row (56 px at scale 1: a 4-bit BMP row is then 28 bytes, already a
# multiple of 4) and SHEET_HEIGHT (72 px at scale 1) tall, so any of them loads into the one
# bitmap the board makes for every game.
#
# PALETTE: 0..10 the same in every sheet; 11..15 the deck's own inks.
#   0 table (transparent in overlays), 1 card, 2 black ink, 3 red ink, 4 card edge, 5 back,
#   6 back lattice, 7 empty-pile outline, 8 and 9 the frame's outer and inner rings (recoloured
#   or made transparent per overlay), 10 marker
#   11..14 French: suit inks in engine order (clubs, diamonds, spades, hearts), 15 gold mark
#          Spanish: oros, copas, espadas, bastos, 15 the coin's rim (dark gold)
#          Domino: section colours for 0, 1, 2, 3 pips, 15 the rockets' dark body
# Inks are chosen at run time by rewriting palette 11..15 (no second bitmap): FRENCH_INKS_2
# (black, red, black, red) or FRENCH_INKS_4 (green, blue, black, red: the four-colour deck).
# french_7x6.bmp carries the four-colour inks (the default at 160x128), french_14x12.bmp the
# two-colour ones (the default on bigger screens).
#
# TILES (7 px wide, 6 or 8 tall at scale 1). Shared by every sheet:
#   0        blank (palette 0: table colour, transparent in overlays)
#   1..15    highlight frame pieces: FRAME + col_role*3 + row_role. The overlay grid sits 1 px
#            left of and above the framed card. Column roles: 0 left edge, 1 right edge of a
#            13 px card (tile x6), 2 the gap column after it (x0), 3 right edge + gap in one
#            tile (x0, x1: a 7 px reserve strip, or a 21 px domino), 4 span (top and bottom
#            edges only: the middle of a card wider than two tiles). Row roles: 0 top edge,
#            1 sides only, 2 bottom edge. A 13 px card is framed by roles 0 1 2, a strip by
#            0 3, a domino by 0 4 4 3.
# French and Spanish cards are 2 tiles wide (13 px + 1 px gap): a "head" tile row (rank half,
# suit half), seen for every card of a fanned pile, and below the top card a "foot" row.
#   16, 17   foot, left / right
#   18..21   card back: head left, head right, foot left, foot right
#   22..25   empty-pile outline: top left, top right, bottom left, bottom right
#   26, 27   "more cards above" marker, left / right
# French sheet (96 tiles):
#   28..79   rank half of a head: 28 + suit*13 + rank-1, ink 11 + suit (engine suit order)
#   80..83   suit half of a head: 80 + suit
#   84..87   reserve strip, lower tile (suit): 84 + suit. A strip is the left 7 px of a card:
#            its head rank tile above this tile
#   88, 89   foot of a completed foundation (13 cards), left / right: a gold star
#   90, 91   foot of the stock's back with a gold padlock: the stock is locked
#   92..95   head of the stock's back with its pass, "1/2" or "2/2": 92 + 2*(pass-1) + half
#            (General's Patience: the waste is turned over once)
# Spanish sheet (58 tiles):
#   28..37   rank half of a head: 28 + order (1..7, Sota, Caballo, Rey), black ink
#   38..41   suit half of a head: 38 + suit (engine order oros, copas, espadas, bastos)
#   42..45   strip lower tile (suit): 42 + suit
#   46, 47   foot of a blocked card (Con reserva: released from the reserve), left / right
#   48, 49   token (Mezclado), spent token: one tile each, drawn on the table
#   50..57   foot with a big pip: 50 + suit*2 + half (the top card of a pile shows its suit big)
# Domino sheet (64 tiles): a card is 3 tiles wide and 1 tall (21x8: 21x7 card and a 1 px table
# gap below it), so a fanned pile shows every card whole. Sections a-b-c are one per tile.
#   16..27   section: 16 + position*4 + pips (position 0 left, 1 middle, 2 right)
#   28..39   rocket k-k-k: 28 + k*3 + position (dark body, a rocket in the middle section)
#   40..42   back, left / middle / right
#   43..45   empty launch pad outline (dashed), left / middle / right
#   46..48   empty space station outline (corner brackets), left / middle / right
#   49..51   "more cards above" marker, left / middle / right
#   52..63   a pad's original (bottom) card: 52 + position*4 + pips, standing on a grey base
#
# FONT (assets/font.bdf): ASCII 32..126, the four French suits (U+2663 U+2666 U+2660 U+2665),
# and status-line icons in the private use area (ICONS below: one line each).
import os
import struct
import sys

TILE_W = 7
TILE_H = 8
SHEET_COLS = 8
SCALES = (1, 2)

# palette indices shared by every sheet
PAL_TABLE = 0
PAL_CARD = 1
PAL_BLACK = 2
PAL_RED = 3
PAL_EDGE = 4
PAL_BACK = 5
PAL_LATTICE = 6
PAL_OUTLINE = 7
PAL_FRAME = 8  # a frame's outer ring (the 1 px gap around the card)
PAL_FRAME_IN = 9  # its inner ring (the card's own edge)
PAL_MARKER = 10
PAL_INK = 11  # 11..15: the deck's own inks
PAL_MARK = 15
SHARED_PALETTE = (
    0x0B5A2E,  # 0 table green
    0xFFFFFF,  # 1 card
    0x000000,  # 2 black ink
    0xE00000,  # 3 red ink
    0x303030,  # 4 card edge
    0x1F3FB0,  # 5 back
    0x8FB0FF,  # 6 back lattice
    0x6FBF86,  # 7 empty-pile outline
    0xFFE000,  # 8 frame, outer ring (recoloured per overlay)
    0xFFE000,  # 9 frame, inner ring
    0x909090,  # 10 marker lines
)
# palette 11..15 of each deck
GOLD = 0xE0A000
FRENCH_INKS_2 = (0x000000, 0xE00000, 0x000000, 0xE00000, GOLD)
FRENCH_INKS_4 = (0x009C00, 0x1060FF, 0x000000, 0xE00000, GOLD)
SPANISH_INKS = (0xF0B000, 0xE00000, 0x0050E0, 0x008A00, 0x805000)
DOMINO_INKS = (0xFFFFFF, 0xF8C800, 0x3090FF, 0xF03030, 0x1A1A40)

# tile indices (tests/sheets.py mirrors these)
BLANK = 0
FRAME = 1  # + col_role*3 + row_role
FRAME_LEFT = 0  # column roles (FRAME_COLS)
FRAME_RIGHT = 1
FRAME_GAP = 2
FRAME_END = 3
FRAME_SPAN = 4
FRAME_ROLES = 5
FRAME_TOP = 0  # row roles
FRAME_SIDES = 1
FRAME_BOTTOM = 2
FOOT = 16
BACK = 18
EMPTY = 22
MORE = 26
FRENCH_RANK = 28
FRENCH_SUIT = 80
FRENCH_STRIP = 84
FRENCH_DONE = 88
FRENCH_LOCKED = 90
FRENCH_PASS = 92
FRENCH_TILES = 96
SPANISH_RANK = 28
SPANISH_SUIT = 38
SPANISH_STRIP = 42
SPANISH_BLOCKED = 46
SPANISH_TOKEN = 48
SPANISH_SPENT = 49
SPANISH_PIP = 50
SPANISH_TILES = 58
DOMINO_SECTION = 16
DOMINO_ROCKET = 28
DOMINO_BACK = 40
DOMINO_PAD = 43
DOMINO_STATION = 46
DOMINO_MORE = 49
DOMINO_ORIGINAL = 52
DOMINO_TILES = 64

# ---------------------------------------------------------------- glyphs
# A glyph is its rows from the top, '/'-separated; '#' is the ink, '.' leaves the tile as it is,
# 'r' is a second ink (palette 15: the Spanish coin's rim).
# Rank glyphs, 4 px wide and drawn from x=2 of the head, so a column of the card's white keeps
# them off its left edge (at x=1 a 6 read as an E, a 1 as part of the edge); 10 is 5 wide from
# x=1, its 1 a stem with a flag and the 0 round. Each differs from every other rank, and from
# the letter it could pass for (4 from H, 0 from O), in 4+ pixels (tests/test_art_assets.py).
FRENCH_RANKS = (
    None,
    ".##./#..#/####/#..#/#..#",  # A
    "###./...#/..#./.#../####",  # 2: a diagonal, unlike 3
    "###./...#/.##./...#/###.",  # 3
    "..#./.##./#.#./####/..#.",  # 4: closed, slanted: not an H
    "####/#.../###./...#/###.",  # 5
    "..#./.#../###./#..#/.##.",  # 6: a slanted stroke on top, unlike 8
    "####/...#/..#./.#../.#..",  # 7
    ".##./#..#/.##./#..#/.##.",  # 8: pinched in the middle
    ".##./#..#/.###/..#./.#..",  # 9: a slanted tail, unlike 8
    "#..#./#.#.#/#.#.#/#.#.#/#..#.",  # 10: from x=1, the edge beside it left white
    "...#/...#/...#/#..#/.##.",  # J
    ".##./#..#/#..#/#.#./.#.#",  # Q
    "#..#/#.#./##../#.#./#..#",  # K
)
# suits, engine order: clubs, diamonds, spades, hearts. Head: 5x5 beside the rank.
FRENCH_SUITS = (
    ".###./.###./#####/#.#.#/.###.",  # clubs: top lobe, two side lobes, a foot
    "..#../.###./#####/.###./..#..",  # diamonds
    "..#../.###./#####/#####/..#..",  # spades: a point on top, solid
    "##.##/#####/#####/.###./..#..",  # hearts: notched top
)
# Reserve strips: 5x7 in a tile of their own, so the shapes can differ more than at 5x5
FRENCH_STRIP_SUITS = (
    ".###./.###./#.#.#/#####/#.#.#/..#../.###.",  # clubs: three lobes with gaps, stem, foot
    "..#../..#../.###./#####/.###./..#../..#..",  # diamonds: tall, pointed both ends
    "..#../.###./.###./#####/#####/..#../.###.",  # spades: point, solid, stem, foot
    ".#.#./#####/#####/#####/.###./..#../.....",  # hearts: round lobes, one point
)
# ...and in a 6 px strip tile, 5x5: the head shapes but an open diamond, so every pair differs
# by 6+ pixels even where two suits share a colour
FRENCH_STRIP_SUITS_5 = (FRENCH_SUITS[0], "..#../.#.#./#...#/.#.#./..#..", FRENCH_SUITS[2],
                        FRENCH_SUITS[3])
# Spanish ranks are 4x6 (the 8 px head has the room): an S with both its curves, unlike the flat
# 5, and a closed 4, unlike an H
SPANISH_RANKS = (
    ".#../##../.#../.#../.#../###.",  # 1
    ".##./#..#/...#/..#./.#../####",  # 2
    "###./...#/.##./...#/...#/###.",  # 3
    "..#./.##./#.#./####/..#./..#.",  # 4
    "####/#.../###./...#/...#/###.",  # 5
    ".##./#.../###./#..#/#..#/.##.",  # 6
    "####/...#/..#./.#../.#../.#..",  # 7
    ".##./#..#/.#../..#./#..#/.##.",  # S (sota): round, both ends curled
    ".###/#.../#.../#.../#.../.###",  # C (caballo)
    "###./#..#/#..#/###./#.#./#..#",  # R (rey)
)
# oros, copas, espadas, bastos. 'r' is the coin's rim (palette 15), '#' the suit's own ink.
SPANISH_SUITS = (
    ".rrr./r###r/r#r#r/r###r/.rrr.",  # oros: a gold coin with a rim
    "#####/#####/.###./..#../.###.",  # copas: a cup on a foot
    "..#../..#../..#../#####/#.#.#",  # espadas: a sword, point up, curled guard, grip
    "##.../####./.##../..##./...#.",  # bastos: a knotty club, held slanting
)
SPANISH_STRIP_SUITS = (
    ".rrr./r###r/r###r/r#r#r/r###r/r###r/.rrr.",  # oros
    "#####/#####/#####/.###./..#../..#../.###.",  # copas
    "..#../..#../..#../..#../#####/#.#.#/..#..",  # espadas
    ".##../####./.###./..##./..###/...##/....#",  # bastos
)
# big pips for the foot of a pile's top card: 7 wide x 6 tall, centred on the card
SPANISH_PIPS = (
    "..rrr../.r###r./r##r##r/r#r#r#r/.r###r./..rrr..",
    "#######/.#####./..###../...#.../...#.../.#####.",
    "...#.../...#.../...#.../#######/#..#..#/...#...",
    "##...../####.../.###.../..####./...###./....##.",
)
STAR = "...#.../..###../#######/.#####./.##.##./##...##"
LOCK_5 = ".###./#...#/#####/##.##/#####"  # a padlock in a 5 px foot
# 3x5 digits and a slash for the stock's pass mark
PASS_GLYPHS = {"1": ".#./##./.#./.#./###", "2": "##./..#/.#./#../###", "/": "..#/..#/.#./#../#.."}
PADLOCK = ".###./#...#/#...#/#####/##.##/#####"
TOKEN = "..rrr../.r###r./r##r##r/r#####r/r##r##r/.r###r./..rrr.."
SPENT = "..###../.#...#./#.....#/#.....#/#.....#/.#...#./..###.."  # the coin's place, empty
ROCKET = "..#../.###./.#.#./.###./##.##"
# pips on a 5x5 section: one dark pip on yellow, two and three in card white (see section)
PIPS = (
    "",
    "...../...../..#../...../.....",
    "...../.#.../...../...#./.....",
    "...../.#.#./...../..#../.....",  # apart from the section's white edges: 3 dots
)


def rows(spec):
    return spec.split("/")


def new_tile(fill=PAL_TABLE):
    return [[fill] * TILE_W for _ in range(TILE_H)]


def stamp(tile, spec, x0, y0, ink, rim=PAL_MARK):
    for y, line in enumerate(rows(spec)):
        for x, ch in enumerate(line):
            if ch == "#":
                tile[y0 + y][x0 + x] = ink
            elif ch == "r":
                tile[y0 + y][x0 + x] = rim


def stamp_across(left, right, spec, x0, y0, ink):
    # a glyph across two tiles side by side: x0 is in the pair's 14 px
    pair = [a + b for a, b in zip(left, right)]
    stamp(pair, spec, x0, y0, ink)
    for y in range(TILE_H):
        left[y] = pair[y][:TILE_W]
        right[y] = pair[y][TILE_W:]


# ---------------------------------------------------------------- two-tile cards
# A card is 13 px wide in a 14 px cell: x=0 and x=12 are its edges, x=13 the gap to the next
# pile. Rank at x=1..5, suit at x=7..11, both on rows 2..6 of the head.
def card_half(left, bg, top=True, bottom=False):
    t = new_tile(bg)
    for y in range(TILE_H):
        if left:
            t[y][0] = PAL_EDGE
        else:
            t[y][5] = PAL_EDGE
            t[y][6] = PAL_TABLE
    if top:
        for x in range(TILE_W):
            t[0][x] = PAL_EDGE if (x < 6 or left) else PAL_TABLE
        t[0][0 if left else 5] = PAL_TABLE  # rounded corner
    if bottom:
        for x in range(TILE_W):
            t[TILE_H - 1][x] = PAL_EDGE if (x < 6 or left) else PAL_TABLE
        t[TILE_H - 1][0 if left else 5] = PAL_TABLE
    return t


def foot_pair():
    return [card_half(True, PAL_CARD, top=False, bottom=True),
            card_half(False, PAL_CARD, top=False, bottom=True)]


def back_half(left, foot):
    t = card_half(left, PAL_BACK, top=not foot, bottom=foot)
    for y in range(TILE_H):
        for x in range(TILE_W):
            if t[y][x] != PAL_BACK:
                continue
            gx = x + (0 if left else 7)
            gy = y + (TILE_H if foot else 0)
            if (gx + gy) % 4 == 0 or (gx - gy) % 4 == 0:
                t[y][x] = PAL_LATTICE
    return t


def empty_part(left, foot):
    # dashed rounded outline where a card would be
    t = new_tile(PAL_TABLE)
    edge_x = 0 if left else 5
    for y in range(TILE_H):
        gy = y + (TILE_H if foot else 0)
        if 1 <= gy <= 2 * TILE_H - 2 and gy % 2 == 1:
            t[y][edge_x] = PAL_OUTLINE
    row = TILE_H - 1 if foot else 0
    for x in range(TILE_W):
        gx = x + (0 if left else 7)
        if 1 <= gx <= 11 and gx % 2 == 1:
            t[row][x] = PAL_OUTLINE
    return t


def more_half(left):
    # the edges of several cards squeezed together: "more cards above"
    t = card_half(left, PAL_CARD)
    for y in ((2, 4, 6) if TILE_H == 8 else (2, 4)):
        for x in range(TILE_W):
            if t[y][x] == PAL_CARD:
                t[y][x] = PAL_MARKER
    return t


def glyph_y():
    # the row a 5 px rank or suit starts on in a card head: under the top edge and one blank row
    # in an 8 px head, right under the edge in a 6 px one (French cards, so 13 of them fan)
    return 2 if TILE_H == 8 else 1


def rank_half(spec, ink):
    # a 4 px glyph from x=2 (a white column between it and the card's edge); the 5 px 10 from
    # x=1, with the edge beside it white instead, so its 1 does not merge with the edge
    t = card_half(True, PAL_CARD)
    wide = len(rows(spec)[0]) > 4
    # a 6 px tall glyph (Spanish, 8 px head) starts right under the top edge
    y0 = 1 if len(rows(spec)) > 5 else glyph_y()
    if wide:
        for y in range(y0, y0 + len(rows(spec))):
            t[y][0] = PAL_CARD
    stamp(t, spec, 1 if wide else 2, y0, ink)
    return t


def suit_half(spec, ink):
    t = card_half(False, PAL_CARD)
    stamp(t, spec, 0, glyph_y(), ink)
    return t


# A reserve strip is the left 7 px of a card, 2 tiles tall: the card's head rank tile, then this
# tile with the suit drawn big. No right edge: the next strip's left edge is there.
def strip_suit(spec, ink):
    t = new_tile(PAL_CARD)
    for y in range(TILE_H):
        t[y][0] = PAL_EDGE
    for x in range(TILE_W):
        t[TILE_H - 1][x] = PAL_EDGE
    t[TILE_H - 1][0] = PAL_TABLE
    stamp(t, spec, 1, 0, ink)
    return t


def card_tiles():
    # 16..27: what French and Spanish cards share
    tiles = foot_pair()
    for part in (back_half, empty_part):  # head left, head right, foot left, foot right
        tiles += [part(True, False), part(False, False), part(True, True), part(False, True)]
    tiles += [more_half(True), more_half(False)]
    return tiles


def foot_with(spec, x0, y0, ink):
    left, right = foot_pair()
    stamp_across(left, right, spec, x0, y0, ink)
    return [left, right]


# ---------------------------------------------------------------- frame pieces
# The overlay grid is placed 1 px left of and above the framed card, so a 2 px frame covers the
# card's own edge plus the 1 px gap around it, never the rank or suit. The two rings have their
# own palette entries: the outer one (the gap) PAL_FRAME, the inner one (the card's edge)
# PAL_FRAME_IN, so an overlay can show either ring alone (solitaire/table.py: a hint's mark is
# its inner ring, the cursor on a marked pile its outer ring).
FRAME_COLS = (
    # (outer edge columns, inner edge columns, horizontal extent) per column role
    ((0,), (1,), range(0, 7)),  # 0 left tile: x-1..5 of the card
    ((), (6,), range(0, 7)),  # 1 second tile: x6..12, its last column is the card's right edge
    ((0,), (), range(0, 1)),  # 2 third tile: x13, the gap column
    ((1,), (0,), range(0, 2)),  # 3 right edge and gap in one tile: 7 px strip, 21 px domino
    ((), (), range(0, 7)),  # 4 span: top and bottom only
)


def frame_piece(col_role, row_role):
    t = new_tile(PAL_TABLE)
    outer, inner, hrange = FRAME_COLS[col_role]
    # the ring rows of this tile: the top edge's (outer above inner), the bottom's (inner, then
    # the gap below the card)
    rings = {0: {0: PAL_FRAME, 1: PAL_FRAME_IN}, 1: {}, 2: {0: PAL_FRAME_IN, 1: PAL_FRAME}}[row_role]
    vrows = range(0, 2) if row_role == 2 else range(TILE_H)
    for y in vrows:
        for x in outer:
            t[y][x] = PAL_FRAME
        for x in inner:
            # the inner ring's column stops at the outer ring's row
            t[y][x] = PAL_FRAME if rings.get(y) == PAL_FRAME else PAL_FRAME_IN
    for y, ink in rings.items():
        for x in hrange:
            t[y][x] = PAL_FRAME if x in outer else ink
    return t


def shared_tiles():
    tiles = [new_tile()]
    for col_role in range(FRAME_ROLES):
        for row_role in range(3):
            tiles.append(frame_piece(col_role, row_role))
    return tiles


# ---------------------------------------------------------------- decks
def french_tiles():
    tiles = shared_tiles() + card_tiles()
    for suit in range(4):
        for rank in range(1, 14):
            tiles.append(rank_half(FRENCH_RANKS[rank], PAL_INK + suit))
    tiles += [suit_half(FRENCH_SUITS[s], PAL_INK + s) for s in range(4)]
    # a 6 px strip tile holds a 5x5 suit over the card's bottom edge (FRENCH_STRIP_SUITS_5)
    strips = FRENCH_STRIP_SUITS if TILE_H >= 8 else FRENCH_STRIP_SUITS_5
    tiles += [strip_suit(strips[s], PAL_INK + s) for s in range(4)]
    tiles += foot_with(STAR, 3, 0, PAL_MARK)
    tiles += stock_marked(True, LOCK_5, 4, PAL_MARK)
    for text in ("1/2", "2/2"):
        tiles += stock_marked(False, label(text), 1, PAL_CARD)
    assert len(tiles) == FRENCH_TILES, len(tiles)
    return tiles


def label(text):
    # text in PASS_GLYPHS, a blank column between characters, as one glyph spec
    return "/".join(".".join(rows(PASS_GLYPHS[c])[y] for c in text) for y in range(5))


def stock_marked(foot, spec, x0, ink):
    # the stock's back (its foot, or its head) with a glyph on a plain plate of the back's colour
    left, right = back_half(True, foot), back_half(False, foot)
    w = len(rows(spec)[0])
    y0 = 0 if foot else 1
    first, last = max(x0 - 1, 1), min(x0 + w, 11)  # inside the card's edges (x=0, x=12)
    plate = "/".join("#" * (last - first + 1) for _ in range(5))
    pair = [a + b for a, b in zip(left, right)]
    stamp(pair, plate, first, y0, PAL_BACK)
    stamp(pair, spec, x0, y0, ink)
    for y in range(TILE_H):
        left[y] = pair[y][:TILE_W]
        right[y] = pair[y][TILE_W:]
    return [left, right]


def token_tile(spec, ink):
    t = new_tile(PAL_TABLE)
    stamp(t, spec, 0, 0, ink)
    return t


def spanish_tiles():
    tiles = shared_tiles() + card_tiles()
    tiles += [rank_half(spec, PAL_BLACK) for spec in SPANISH_RANKS]
    tiles += [suit_half(SPANISH_SUITS[s], PAL_INK + s) for s in range(4)]
    tiles += [strip_suit(SPANISH_STRIP_SUITS[s], PAL_INK + s) for s in range(4)]
    tiles += foot_with(PADLOCK, 4, 0, PAL_BLACK)
    tiles += [token_tile(TOKEN, PAL_INK), token_tile(SPENT, PAL_OUTLINE)]
    for s in range(4):
        tiles += foot_with(SPANISH_PIPS[s], 3, 0, PAL_INK + s)
    assert len(tiles) == SPANISH_TILES, len(tiles)
    return tiles


# A domino is 21x7 with a 1 px table row below; each tile holds one section, 5x5 at x1..5,
# rows 1..5, with the card's edge (x0 of the left tile, x6 of the right) or 1 px of the card's
# body beside it, so neighbouring sections of one colour stay apart.
def domino_part(position, fill, body=PAL_CARD):
    t = new_tile(PAL_TABLE)
    for y in range(7):
        for x in range(TILE_W):
            inside = 1 <= x <= 5 and 1 <= y <= 5
            t[y][x] = fill if inside else body
    for x in range(TILE_W):
        t[0][x] = t[6][x] = PAL_EDGE
    ends = {0: 0, 2: 6}
    if position in ends:
        x = ends[position]
        for y in range(7):
            t[y][x] = PAL_EDGE
        t[0][x] = t[6][x] = PAL_TABLE  # rounded corner
    return t


def section(position, pips, body=PAL_CARD):
    t = domino_part(position, PAL_INK + pips, body)
    if pips:
        # one pip: dark on the light colour; two, three: card white on the darker colours
        stamp(t, PIPS[pips], 1, 1, PAL_BLACK if pips == 1 else PAL_CARD)
    return t


def rocket(position, k):
    # a dark ("space") card body, and a rocket instead of the middle section's pips
    if position != 1:
        return section(position, k, PAL_MARK)
    t = domino_part(1, PAL_INK + k, PAL_MARK)
    stamp(t, ROCKET, 1, 1, PAL_BLACK if k < 2 else PAL_CARD)
    return t


def domino_back(position):
    t = domino_part(position, PAL_BACK, PAL_BACK)
    for y in range(1, 6):
        for x in range(TILE_W):
            if t[y][x] == PAL_BACK:
                gx = x + 7 * position
                if (gx + y) % 4 == 0 or (gx - y) % 4 == 0:
                    t[y][x] = PAL_LATTICE
    return t


def pad_outline(position):
    # an empty launch pad: a dashed outline, like an empty pile of the other decks
    t = new_tile(PAL_TABLE)
    for x in range(TILE_W):
        if (x + 7 * position) % 2 == 1 and 1 <= x + 7 * position <= 19:
            t[0][x] = t[6][x] = PAL_OUTLINE
    for y in (1, 3, 5):
        if position == 0:
            t[y][0] = PAL_OUTLINE
        if position == 2:
            t[y][6] = PAL_OUTLINE
    return t


def station_outline(position):
    # an empty space station: corner brackets and a small cross in the middle
    t = new_tile(PAL_TABLE)
    if position == 1:
        stamp(t, "..#../.###./..#..", 1, 2, PAL_OUTLINE)
        return t
    x_edge, x_arm = (0, (1, 2)) if position == 0 else (6, (4, 5))
    for y in (0, 1, 5, 6):
        t[y][x_edge] = PAL_OUTLINE
    for x in x_arm:
        t[0][x] = t[6][x] = PAL_OUTLINE
    return t


def domino_more(position):
    t = domino_part(position, PAL_CARD)
    for y in (2, 4):
        for x in range(TILE_W):
            if t[y][x] == PAL_CARD:
                t[y][x] = PAL_MARKER
    return t


def original(position, pips):
    # a pad's original card stands on a grey base line (its table row)
    t = section(position, pips)
    for x in range(TILE_W):
        t[7][x] = PAL_MARKER
    return t


def domino_tiles():
    tiles = shared_tiles()
    tiles += [section(p, v) for p in range(3) for v in range(4)]
    tiles += [rocket(p, k) for k in range(4) for p in range(3)]
    tiles += [domino_back(p) for p in range(3)]
    tiles += [pad_outline(p) for p in range(3)]
    tiles += [station_outline(p) for p in range(3)]
    tiles += [domino_more(p) for p in range(3)]
    tiles += [original(p, v) for p in range(3) for v in range(4)]
    assert len(tiles) == DOMINO_TILES, len(tiles)
    return tiles


DECKS = {
    # name: (tiles, inks in the scale-1 sheet, inks in the scale-2 sheet, tile height)
    # French tiles are 6 px tall: a tableau pile of 13 cards then fans in 78 px, so every card
    # of every pile shows at once on a 160x128 screen
    "french": (french_tiles, FRENCH_INKS_4, FRENCH_INKS_2, 6),
    "spanish": (spanish_tiles, SPANISH_INKS, SPANISH_INKS, 8),
    "domino": (domino_tiles, DOMINO_INKS, DOMINO_INKS, 8),
}


def sheet_name(deck, scale):
    return "%s_%dx%d.bmp" % (deck, TILE_W * scale, DECKS[deck][3] * scale)


SHEET_HEIGHT = 72  # every deck's sheet is this tall at scale 1 (a multiple of 6 and 8, room for
# the biggest deck), so the board loads any of them into the one bitmap it makes at the first game


def sheet_pixels(tiles, scale):
    rows_of_tiles = (len(tiles) + SHEET_COLS - 1) // SHEET_COLS
    assert rows_of_tiles * TILE_H <= SHEET_HEIGHT and SHEET_HEIGHT % TILE_H == 0
    w = SHEET_COLS * TILE_W * scale
    h = SHEET_HEIGHT * scale
    px = [[PAL_TABLE] * w for _ in range(h)]
    for i, t in enumerate(tiles):
        ox = (i % SHEET_COLS) * TILE_W * scale
        oy = (i // SHEET_COLS) * TILE_H * scale
        for y in range(TILE_H * scale):
            src = t[y // scale]
            line = px[oy + y]
            for x in range(TILE_W * scale):
                line[ox + x] = src[x // scale]
    return w, h, px


def bmp_bytes(w, h, px, palette):
    # 4-bit indexed, bottom-up rows, BITMAPINFOHEADER, 16-colour palette; no timestamps anywhere
    row_bytes = (w + 1) // 2
    row_bytes += (-row_bytes) % 4
    data = bytearray()
    for y in range(h - 1, -1, -1):
        line = px[y]
        row = bytearray(row_bytes)
        for x in range(0, w, 2):
            hi = line[x]
            lo = line[x + 1] if x + 1 < w else 0
            row[x // 2] = (hi << 4) | lo
        data += row
    pal = bytearray()
    for c in palette:
        pal += struct.pack("<BBBB", c & 0xFF, (c >> 8) & 0xFF, c >> 16, 0)
    offset = 14 + 40 + len(pal)
    header = struct.pack("<2sIHHI", b"BM", offset + len(data), 0, 0, offset)
    info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 4, 0, len(data), 2835, 2835, 16, 0)
    return header + info + bytes(pal) + bytes(data)


def deck_sheet(deck, scale):
    global TILE_H
    build, inks1, inks2, height = DECKS[deck]
    kept = TILE_H
    TILE_H = height  # every tile function reads the height of the sheet being drawn
    try:
        w, h, px = sheet_pixels(build(), scale)
    finally:
        TILE_H = kept
    return bmp_bytes(w, h, px, SHARED_PALETTE + (inks1 if scale == 1 else inks2))

# ---------------------------------------------------------------- font
# A proportional bitmap font, cap height 7, descent 2, 1 px between letters. Each glyph is its
# rows from the top of the cap height down, '/'-separated; rows past the 7th are descenders.
FONT_ASCENT = 7
FONT_DESCENT = 2
GLYPHS = {
    " ": "..",
    "!": "#/#/#/#/#/./#",
    '"': "#.#/#.#",
    "#": ".#.#./.#.#./#####/.#.#./#####/.#.#./.#.#.",
    "$": "..#../.####/#.#../.###./..#.#/####./..#..",
    "%": "##.../##..#/...#./..#../.#.../#..##/...##",
    "&": ".##../#..#./#.#../.#.../#.#.#/#..#./.##.#",
    "'": "#/#",
    "(": ".#/#./#./#./#./#./.#",
    ")": "#./.#/.#/.#/.#/.#/#.",
    "*": "...../..#../#.#.#/.###./#.#.#/..#../.....",
    "+": "...../..#../..#../#####/..#../..#../.....",
    ",": "../../../../../.#/.#/#.",
    "-": "..../..../..../####/..../..../....",
    ".": "././././././#",
    "/": "....#/....#/...#./..#../.#.../#..../#....",
    "0": ".##./#..#/#.##/#..#/##.#/#..#/.##.",
    "1": ".#./##./.#./.#./.#./.#./###",
    "2": ".##./#..#/...#/..#./.#../#.../####",
    "3": "###./...#/...#/.##./...#/...#/###.",
    "4": "...#/..##/.#.#/#..#/####/...#/...#",
    "5": "####/#.../###./...#/...#/#..#/.##.",
    "6": ".##./#.../#.../###./#..#/#..#/.##.",
    "7": "####/...#/..#./..#./.#../.#../.#..",
    "8": ".##./#..#/#..#/.##./#..#/#..#/.##.",
    "9": ".##./#..#/#..#/.###/...#/...#/.##.",
    ":": "././#/./././#",
    ";": "../../.#/../../.#/.#/#.",
    "<": "...#/..#./.#../#.../.#../..#./...#",
    "=": "..../..../####/..../####/..../....",
    ">": "#.../.#../..#./...#/..#./.#../#...",
    "?": ".###./#...#/....#/...#./..#../...../..#..",
    "@": ".###./#...#/#.###/#.#.#/#.###/#..../.###.",
    "A": ".###./#...#/#...#/#####/#...#/#...#/#...#",
    "B": "####./#...#/#...#/####./#...#/#...#/####.",
    "C": ".###./#...#/#..../#..../#..../#...#/.###.",
    "D": "####./#...#/#...#/#...#/#...#/#...#/####.",
    "E": "#####/#..../#..../####./#..../#..../#####",
    "F": "#####/#..../#..../####./#..../#..../#....",
    "G": ".###./#...#/#..../#.###/#...#/#...#/.####",
    "H": "#...#/#...#/#...#/#####/#...#/#...#/#...#",
    "I": "###/.#./.#./.#./.#./.#./###",
    "J": "...#/...#/...#/...#/...#/#..#/.##.",
    "K": "#...#/#..#./#.#../##.../#.#../#..#./#...#",
    "L": "#..../#..../#..../#..../#..../#..../#####",
    "M": "#...#/##.##/#.#.#/#.#.#/#...#/#...#/#...#",
    "N": "#...#/#...#/##..#/#.#.#/#..##/#...#/#...#",
    "O": ".###./#...#/#...#/#...#/#...#/#...#/.###.",
    "P": "####./#...#/#...#/####./#..../#..../#....",
    "Q": ".###./#...#/#...#/#...#/#.#.#/#..#./.##.#",
    "R": "####./#...#/#...#/####./#.#../#..#./#...#",
    "S": ".####/#..../#..../.###./....#/....#/####.",
    "T": "#####/..#../..#../..#../..#../..#../..#..",
    "U": "#...#/#...#/#...#/#...#/#...#/#...#/.###.",
    "V": "#...#/#...#/#...#/#...#/#...#/.#.#./..#..",
    "W": "#...#/#...#/#...#/#.#.#/#.#.#/#.#.#/.#.#.",
    "X": "#...#/#...#/.#.#./..#../.#.#./#...#/#...#",
    "Y": "#...#/#...#/.#.#./..#../..#../..#../..#..",
    "Z": "#####/....#/...#./..#../.#.../#..../#####",
    "[": "##/#./#./#./#./#./##",
    "\\": "#..../#..../.#.../..#../...#./....#/....#",
    "]": "##/.#/.#/.#/.#/.#/##",
    "^": "..#../.#.#./#...#",
    "_": "..../..../..../..../..../..../####",
    "`": "#./.#",
    "a": "..../..../.##./...#/.###/#..#/.###",
    "b": "#.../#.../###./#..#/#..#/#..#/###.",
    "c": "..../..../.##./#.../#.../#.../.##.",
    "d": "...#/...#/.###/#..#/#..#/#..#/.###",
    "e": "..../..../.##./#..#/####/#.../.##.",
    "f": ".##/#../###/#../#../#../#..",
    "g": "..../..../.###/#..#/#..#/#..#/.###/...#/.##.",
    "h": "#.../#.../###./#..#/#..#/#..#/#..#",
    "i": "#/./#/#/#/#/#",
    "j": "..#/.../..#/..#/..#/..#/..#/#.#/.#.",
    "k": "#.../#.../#..#/#.#./##../#.#./#..#",
    "l": "#./#./#./#./#./#./.#",
    "m": "...../...../##.#./#.#.#/#.#.#/#.#.#/#.#.#",
    "n": "..../..../###./#..#/#..#/#..#/#..#",
    "o": "..../..../.##./#..#/#..#/#..#/.##.",
    "p": "..../..../###./#..#/#..#/#..#/###./#.../#...",
    "q": "..../..../.###/#..#/#..#/#..#/.###/...#/...#",
    "r": "..../..../#.##/##../#.../#.../#...",
    "s": "..../..../.###/#.../.##./...#/###.",
    "t": ".../.#./###/.#./.#./.#./..#",
    "u": "..../..../#..#/#..#/#..#/#..#/.###",
    "v": "...../...../#...#/#...#/#...#/.#.#./..#..",
    "w": "...../...../#...#/#...#/#.#.#/#.#.#/.#.#.",
    "x": "...../...../#...#/.#.#./..#../.#.#./#...#",
    "y": "..../..../#..#/#..#/#..#/#..#/.###/...#/.##.",
    "z": "..../..../####/..#./.#../#.../####",
    "{": "..#/.#./.#./#../.#./.#./..#",
    "|": "#/#/#/#/#/#/#/#",
    "}": "#../.#./.#./..#/.#./.#./#..",
    "~": "...../...../.#.../#.#.#/...#./...../.....",
}
# The four French suits for text (rules screens, hints that name a card), drawn like the cards'
# suits, sitting on the baseline.
EXTRA = {0x2663: FRENCH_SUITS[0], 0x2666: FRENCH_SUITS[1], 0x2660: FRENCH_SUITS[2],
         0x2665: FRENCH_SUITS[3]}
# Status-line icons in the private use area (7 rows: the cap height). Text uses them as
# "\ue000" etc.; tests/sheets.py names them.
ICONS = {
    0xE000: "#####/#.#.#/##.##/#.#.#/##.##/#.#.#/#####",  # stock: a card back
    0xE001: ".###./#...#/#...#/#####/##.##/##.##/#####",  # lock: the stock is locked (padlock)
    0xE002: "######/#....#/#.##.#/#.##.#/#....#/#....#/######",  # waste: a face-up card
    0xE003: ".###.../#...#../#....#./#...###/#....#./.#...../..###..",  # redeal: round arrow
    0xE004: "..#####/..#.#.#/#####.#/#.#.#.#/#.#.###/#.#.#../#####..",  # hand: face-down pile
    0xE005: "...../.###./#####/##.##/#####/.###./.....",  # token (Mezclado)
    0xE006: "...../.#.#./#...#/...../#...#/.#.#./.....",  # spent token
    0xE007: "..#../.###./.#.#./.###./.###./#####/#.#.#",  # rocket
    0xE008: "...#.../..#.#../..#.#../.#.#.#./.#...#./#..#..#/#######",  # emergency: alarm
    0xE009: "...../.###./#...#/#.#.#/#...#/.###./.....",  # oros (coin)
    0xE00A: "...../...../" + SPANISH_SUITS[1],  # copas (cup), on the baseline like the suits
    0xE00B: "...../...../" + SPANISH_SUITS[2],  # espadas (sword)
    0xE00C: "...../...../" + SPANISH_SUITS[3],  # bastos (club)
    0xE00D: "...../.###./#..##/#.#.#/##..#/.###./.....",  # blocked: no entry
    0xE00E: "...../....#/...##/#.##./###../.#.../.....",  # done: a check mark
}
ICON_NAMES = {
    "STOCK": 0xE000, "LOCK": 0xE001, "WASTE": 0xE002, "REDEAL": 0xE003, "HAND": 0xE004,
    "TOKEN": 0xE005, "SPENT": 0xE006, "ROCKET": 0xE007, "EMERGENCY": 0xE008, "OROS": 0xE009,
    "COPAS": 0xE00A, "ESPADAS": 0xE00B, "BASTOS": 0xE00C, "BLOCKED": 0xE00D, "DONE": 0xE00E,
}


def font_glyphs():
    # (code point, rows) of every glyph, as the BDF holds them
    glyphs = [(ord(ch), rows(GLYPHS[ch])) for ch in sorted(GLYPHS)]
    glyphs += [(cp, [".....", "....."] + rows(EXTRA[cp])) for cp in sorted(EXTRA)]
    glyphs += [(cp, rows(ICONS[cp])) for cp in sorted(ICONS)]
    return glyphs


def bdf_text():
    glyphs = font_glyphs()
    max_w = max(len(r[0]) for _, r in glyphs)
    out = [
        "STARTFONT 2.1",
        "FONT -solitaire-pixel-medium-r-normal--9-90-75-75-p-50-iso10646-1",
        "SIZE 9 75 75",
        "FONTBOUNDINGBOX %d %d 0 %d" % (max_w, FONT_ASCENT + FONT_DESCENT, -FONT_DESCENT),
        "COMMENT generated by assets/make_art.py; do not edit",
        "STARTPROPERTIES 2",
        "FONT_ASCENT %d" % FONT_ASCENT,
        "FONT_DESCENT %d" % FONT_DESCENT,
        "ENDPROPERTIES",
        "CHARS %d" % len(glyphs),
    ]
    for cp, rws in glyphs:
        w = len(rws[0])
        h = len(rws)
        assert all(len(r) == w for r in rws), chr(cp)
        out.append("STARTCHAR U+%04X" % cp)
        out.append("ENCODING %d" % cp)
        out.append("SWIDTH %d 0" % ((w + 1) * 1000 // 9))
        out.append("DWIDTH %d 0" % (w + 1))
        # glyph box top is at the cap height; rows below the baseline are descenders
        out.append("BBX %d %d 0 %d" % (w, h, FONT_ASCENT - h))
        out.append("BITMAP")
        for r in rws:
            v = 0
            for x, ch in enumerate(r):
                if ch == "#":
                    v |= 0x80 >> x
            out.append("%02X" % v)
        out.append("ENDCHAR")
    out.append("ENDFONT")
    return "\n".join(out) + "\n"



def device_glyphs():
    # the characters the app shows (lib/solitaire/font.py GLYPHS, read from its source: this
    # script runs with the standard library alone): font.bin holds those and no more, since
    # every glyph held costs the board heap for the whole run
    import ast

    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib",
                        "solitaire", "font.py")
    with open(path, encoding="utf-8") as f:
        for node in ast.parse(f.read()).body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "GLYPHS":
                return ast.literal_eval(node.value)
    raise SystemExit("no GLYPHS in " + path)


# FONT (assets/font.bin): the same glyphs packed as the board reads them in one go
# (lib/solitaire/font.py): no parsing at start-up. Little-endian:
#   "SFNT", version 1; ascent, descent; bounding box w, h, dx, dy (signed bytes)
#   n glyphs (2 bytes); the characters in UTF-8: their length (2 bytes) and bytes
#   7 bytes a glyph, in the characters' order: tile index k (2 bytes), width, height, dx, dy
#   (signed), advance; the glyph's pixels are the strip's columns k*width .. k*width+width-1
#   the strip's width (a multiple of 32) and height (2 bytes each), then its rows, 1 bit a
#   pixel, the first pixel in a byte's top bit
def font_bin():
    wanted = device_glyphs()
    glyphs = [g for g in font_glyphs() if chr(g[0]) in wanted]
    height = max(len(r) for _, r in glyphs)
    # every glyph at a multiple of its own width (the widest first: they pack best)
    used = set()
    place = {}
    for cp, rws in sorted(glyphs, key=lambda g: (-len(g[1][0]), g[0])):
        w = len(rws[0])
        k = 0
        while any(x in used for x in range(k * w, (k + 1) * w)):
            k += 1
        used.update(range(k * w, (k + 1) * w))
        place[cp] = k
    width = -(-(max(used) + 1) // 32) * 32
    pixels = [[0] * width for _ in range(height)]
    chars = ""
    metrics = bytearray()
    for cp, rws in glyphs:
        w, h = len(rws[0]), len(rws)
        k = place[cp]
        for y, r in enumerate(rws):
            for x, ch in enumerate(r):
                if ch == "#":
                    pixels[y][k * w + x] = 1
        chars += chr(cp)
        metrics += bytes((k & 255, k >> 8, w, h, 0, (FONT_ASCENT - h) & 255, w + 1))
    max_w = max(len(r[0]) for _, r in font_glyphs())  # (the BDF's bounding box: every glyph)
    text = chars.encode("utf-8")
    out = bytearray(b"SFNT\x01")
    out += bytes((FONT_ASCENT, FONT_DESCENT, max_w, FONT_ASCENT + FONT_DESCENT, 0,
                  (-FONT_DESCENT) & 255))
    out += bytes((len(glyphs) & 255, len(glyphs) >> 8, len(text) & 255, len(text) >> 8))
    out += text + metrics
    out += bytes((width & 255, width >> 8, height & 255, height >> 8))
    for row in pixels:
        for x in range(0, width, 8):
            v = 0
            for b in range(8):
                v |= row[x + b] << (7 - b)
            out.append(v)
    return bytes(out)


# ---------------------------------------------------------------- Fruit Jam OS icon
ICON = "icon.bmp"  # the launcher's icon of the Fruit Jam app (sim/bundle.py puts it in the app
# folder, not on other boards): 64x64, indexed, palette 0 (our table colour) transparent
ICON_SCALE = 3


def icon():
    # the King of hearts, and the Ace of spades over it: the French sheet's own head and foot
    # tiles, each pixel x3 (a card 42x36); the table colour between them is left transparent
    global TILE_H
    kept = TILE_H
    h = TILE_H = DECKS["french"][3]
    try:
        tiles = french_tiles()
    finally:
        TILE_H = kept
    px = [[PAL_TABLE] * 64 for _ in range(64)]
    k = ICON_SCALE
    # (x, y, rank-half tile, suit-half tile): rank tiles 28 + suit*13 + rank-1, suit 80 + suit,
    # suits in engine order clubs, diamonds, spades, hearts
    for x0, y0, rank, suit in ((3, 5, 28 + 3 * 13 + 12, 83), (19, 23, 28 + 2 * 13, 82)):
        for row, pair in ((0, (rank, suit)), (1, (16, 17))):
            for col, t in enumerate(pair):
                for y in range(h * k):
                    line = px[y0 + row * h * k + y]
                    for x in range(TILE_W * k):
                        v = tiles[t][y // k][x // k]
                        if v != PAL_TABLE:  # (the card behind shows through the gap)
                            line[x0 + col * TILE_W * k + x] = v
    return bmp_bytes(64, 64, px, SHARED_PALETTE + FRENCH_INKS_2)


# ---------------------------------------------------------------- output
OUTPUTS = (("font.bdf", "font.bin") + tuple(sheet_name(d, s) for d in DECKS for s in SCALES)
           + (ICON,))


def outputs():
    # {file name: bytes} of everything this script writes
    out = {"font.bdf": bdf_text().encode("ascii"), "font.bin": font_bin(), ICON: icon()}
    for deck in DECKS:
        for scale in SCALES:
            out[sheet_name(deck, scale)] = deck_sheet(deck, scale)
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = os.path.dirname(os.path.abspath(__file__))
    if len(argv) == 2 and argv[0] == "--out":
        out = argv[1]
    files = outputs()
    for name in OUTPUTS:
        with open(os.path.join(out, name), "wb") as f:
            f.write(files[name])
    print("wrote", ", ".join(OUTPUTS), "to", out)


if __name__ == "__main__":
    main()
