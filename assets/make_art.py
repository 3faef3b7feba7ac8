# Generates every picture the game shows: the card sprite sheets (indexed 4-bit BMP, one per
# screen scale) and the text font (BDF). Standard library only, output byte-for-byte reproducible:
#   .venv/bin/python assets/make_art.py [--out DIR]
#
# SPRITE SHEET LAYOUT (lib/solitaire/art.py mirrors these numbers)
# The sheet is a grid of half-card tiles, 8 tiles per row. At scale 1 a tile is 7x8 pixels
# (cards_7x8.bmp, 160x128 screens); at scale 2 every pixel is doubled (cards_14x16.bmp,
# 320x240). A card is 2 tiles wide: its left half carries the rank, its right half the suit, so
# 52 faces cost 26 + 4 tiles. A card "head" (the strip seen in a fanned pile) is one tile row;
# the top card of a pile adds a "foot" row below its head.
#   0        blank (palette index 0: the table colour, transparent in overlays)
#   1..26    French rank, head left half: 1 + colour*13 + (rank-1); colour 0 black, 1 red
#   27..30   French suit, head right half: 27 + suit; suits in the engine's order clubs,
#            diamonds, spades, hearts (engine/cards.py)
#   31..56   French rank, reserve strip (dimmed card under the reserve top), same order
#   57..60   French suit, lower half of a reserve strip
#   61, 62   foot of a face-up card, left / right
#   63..66   card back: head left, head right, foot left, foot right
#   67..70   empty-pile outline: top left, top right, bottom left, bottom right
#   71, 72   "more cards above" marker for a scrolled tableau pile, left / right
#   73..84   highlight frame pieces (cursor, picked cards, hint / base marks); drawn on the
#            overlay palette where FRAME is coloured and BLANK is transparent; see FRAME_COLS
#   85..95   free
#   96..175  RESERVED: Spanish deck (oros, copas, espadas, bastos; ranks 1-7, S, C, R):
#            96 + suit*10 + rank_index rank halves (40), 136 + suit suit halves, 140..179 strips
#            (not drawn yet; the sheet is only as tall as its highest drawn tile)
#   176..239 RESERVED: Space Dominoes: 176 + 4*section + pips (three sections of 0-3 pips),
#            then ends and backs (not drawn yet)
import os
import struct
import sys

TILE_W = 7
TILE_H = 8
SHEET_COLS = 8  # 56 px: a 4-bit BMP row is then 28 bytes, already a multiple of 4

# palette indices
BLANK = 0
WHITE = 1
BLACK = 2
RED = 3
EDGE = 4
BACK = 5
BACK_LINE = 6
OUTLINE = 7
FRAME = 8
DIM = 9
MORE = 10
PALETTE = (
    0x0B5A2E,  # 0 table green
    0xFFFFFF,  # 1 card
    0x000000,  # 2 black ink
    0xE00000,  # 3 red ink
    0x303030,  # 4 card edge
    0x1F3FB0,  # 5 back
    0x8FB0FF,  # 6 back lattice
    0x6FBF86,  # 7 empty-pile outline
    0xFFE000,  # 8 frame (recoloured per overlay)
    0xD8D8C8,  # 9 dimmed card (reserve strips)
    0x909090,  # 10 marker lines
    0x000000, 0x000000, 0x000000, 0x000000, 0x000000,  # 11..15 free (Spanish, dominoes)
)

HEAD_RANK = 1
HEAD_SUIT = 27
STRIP_RANK = 31
STRIP_SUIT = 57
FOOT = 61
BACK_TILES = 63
EMPTY_TILES = 67
MORE_TILES = 71
FRAME_TILES = 73
# frame pieces: 73 + col_role*3 + row_role; col roles: 0 left edge, 1 middle (right edge of a
# full card), 2 right (outer right edge of a full card), 3 right edge of a reserve strip;
# row roles: 0 top edge, 1 sides only, 2 bottom edge
SPANISH_FIRST = 96
DOMINO_FIRST = 176
TILE_COUNT = 85

RANKS = (
    None,
    ".##./#..#/####/#..#/#..#",  # A
    "###./...#/.##./#.../####",  # 2
    "###./...#/.##./...#/###.",  # 3
    "#..#/#..#/####/...#/...#",  # 4
    "####/#.../###./...#/###.",  # 5
    ".##./#.../###./#..#/.##.",  # 6
    "####/...#/..#./.#../.#..",  # 7
    ".##./#..#/.##./#..#/.##.",  # 8
    ".##./#..#/.###/...#/.##.",  # 9
    "#.###/#.#.#/#.#.#/#.#.#/#.###",  # 10
    "...#/...#/...#/#..#/.##.",  # J
    ".##./#..#/#..#/#.#./.#.#",  # Q
    "#..#/#.#./##../#.#./#..#",  # K
)
SUITS = (
    ".###./.###./#.#.#/#####/..#..",  # clubs: three lobes and a stem
    "..#../.###./#####/.###./..#..",  # diamonds
    "..#../.###./#####/#####/..#..",  # spades: a point on top, solid
    "##.##/#####/#####/.###./..#..",  # hearts
)
SUIT_RED = (0, 1, 0, 1)  # the engine's order (engine/cards.py): colour = suit & 1


def rows(spec):
    return spec.split("/")


def new_tile(fill=BLANK):
    return [[fill] * TILE_W for _ in range(TILE_H)]


def stamp(tile, spec, x0, y0, ink):
    for y, line in enumerate(rows(spec)):
        for x, ch in enumerate(line):
            if ch == "#":
                tile[y0 + y][x0 + x] = ink


# A full card is 13 px wide in a 14 px cell: x=0 and x=12 are its edges, x=13 is the gap to
# the next pile. Rank at x=1..5, suit at x=7..11, both on rows 2..6 of the head.
def card_half(left, bg, top=True, bottom=False):
    t = new_tile(bg)
    for y in range(TILE_H):
        if left:
            t[y][0] = EDGE
        else:
            t[y][5] = EDGE
            t[y][6] = BLANK
    if top:
        for x in range(TILE_W):
            t[0][x] = EDGE if (x < 6 or left) else BLANK
        t[0][0 if left else 5] = BLANK  # rounded corner
    if bottom:
        for x in range(TILE_W):
            t[TILE_H - 1][x] = EDGE if (x < 6 or left) else BLANK
        t[TILE_H - 1][0 if left else 5] = BLANK
    return t


def head_rank(rank, red, bg=WHITE):
    t = card_half(True, bg)
    stamp(t, RANKS[rank], 1, 2, RED if red else BLACK)
    return t


def head_suit(suit):
    t = card_half(False, WHITE)
    stamp(t, SUITS[suit], 0, 2, RED if SUIT_RED[suit] else BLACK)
    return t


# A reserve strip is the left 7 px of a card, 2 tiles tall: rank above, suit below, on a dimmed
# card so the full-size white top card stands out. No right edge: the next strip's edge is there.
def strip_rank(rank, red):
    t = new_tile(DIM)
    for y in range(TILE_H):
        t[y][0] = EDGE
    for x in range(TILE_W):
        t[0][x] = EDGE
    t[0][0] = BLANK
    stamp(t, RANKS[rank], 1, 2, RED if red else BLACK)
    return t


def strip_suit(suit):
    t = new_tile(DIM)
    for y in range(TILE_H):
        t[y][0] = EDGE
    for x in range(TILE_W):
        t[TILE_H - 1][x] = EDGE
    t[TILE_H - 1][0] = BLANK
    stamp(t, SUITS[suit], 1, 1, RED if SUIT_RED[suit] else BLACK)
    return t


def back_half(left, foot):
    t = card_half(left, BACK, top=not foot, bottom=foot)
    for y in range(TILE_H):
        for x in range(TILE_W):
            if t[y][x] != BACK:
                continue
            gx = x + (0 if left else 7)
            gy = y + (8 if foot else 0)
            if (gx + gy) % 4 == 0 or (gx - gy) % 4 == 0:
                t[y][x] = BACK_LINE
    return t


def empty_part(left, foot):
    # dashed rounded outline where a card would be
    t = new_tile(BLANK)
    edge_x = 0 if left else 5
    for y in range(TILE_H):
        gy = y + (8 if foot else 0)
        if 1 <= gy <= 14 and gy % 2 == 1:
            t[y][edge_x] = OUTLINE
    row = TILE_H - 1 if foot else 0
    for x in range(TILE_W):
        gx = x + (0 if left else 7)
        if 1 <= gx <= 11 and gx % 2 == 1:
            t[row][x] = OUTLINE
    return t


def more_half(left):
    # the edges of several cards squeezed together: "more cards above"
    t = card_half(left, WHITE)
    for y in (2, 4, 6):
        for x in range(TILE_W):
            if t[y][x] == WHITE:
                t[y][x] = MORE
    return t


# Frame pieces. The overlay grid is placed 1 px left of and above the framed card, so a 2 px
# frame covers the card's own edge plus the 1 px gap around it, never the rank or suit.
FRAME_COLS = (
    # (vertical edge columns, horizontal extent) per column role
    ((0, 1), range(0, 7)),  # left tile: x-1..5 of the card
    ((6,), range(0, 7)),  # middle tile: x6..12, its last column is the card's right edge
    ((0,), range(0, 1)),  # right tile: x13, the gap column
    ((0, 1), range(0, 2)),  # right of a 7 px reserve strip: x6, x7
)


def frame_piece(col_role, row_role):
    t = new_tile(BLANK)
    vcols, hrange = FRAME_COLS[col_role]
    vrows = range(0, 2) if row_role == 2 else range(TILE_H)
    for y in vrows:
        for x in vcols:
            t[y][x] = FRAME
    if row_role != 1:
        for y in (0, 1):
            for x in hrange:
                t[y][x] = FRAME
    return t


def build_tiles():
    tiles = [new_tile()]
    for red in (0, 1):
        for rank in range(1, 14):
            tiles.append(head_rank(rank, red))
    for suit in range(4):
        tiles.append(head_suit(suit))
    for red in (0, 1):
        for rank in range(1, 14):
            tiles.append(strip_rank(rank, red))
    for suit in range(4):
        tiles.append(strip_suit(suit))
    tiles.append(card_half(True, WHITE, top=False, bottom=True))
    tiles.append(card_half(False, WHITE, top=False, bottom=True))
    tiles += [back_half(True, False), back_half(False, False), back_half(True, True), back_half(False, True)]
    tiles += [empty_part(True, False), empty_part(False, False), empty_part(True, True), empty_part(False, True)]
    tiles += [more_half(True), more_half(False)]
    for col_role in range(4):
        for row_role in range(3):
            tiles.append(frame_piece(col_role, row_role))
    assert len(tiles) == TILE_COUNT, len(tiles)
    return tiles


def sheet_pixels(tiles, scale):
    rows_of_tiles = (len(tiles) + SHEET_COLS - 1) // SHEET_COLS
    w = SHEET_COLS * TILE_W * scale
    h = rows_of_tiles * TILE_H * scale
    px = [[BLANK] * w for _ in range(h)]
    for i, t in enumerate(tiles):
        ox = (i % SHEET_COLS) * TILE_W * scale
        oy = (i // SHEET_COLS) * TILE_H * scale
        for y in range(TILE_H * scale):
            src = t[y // scale]
            line = px[oy + y]
            for x in range(TILE_W * scale):
                line[ox + x] = src[x // scale]
    return w, h, px


def bmp_bytes(w, h, px):
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
    for c in PALETTE:
        pal += struct.pack("<BBBB", c & 0xFF, (c >> 8) & 0xFF, c >> 16, 0)
    offset = 14 + 40 + len(pal)
    header = struct.pack("<2sIHHI", b"BM", offset + len(data), 0, 0, offset)
    info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 4, 0, len(data), 2835, 2835, 16, 0)
    return header + info + bytes(pal) + bytes(data)


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
# suits for text (rules screens), drawn like the cards' suits, sitting on the baseline; and two
# status-line icons in the private use area: U+E000 the stock (a card back), U+E001 a padlock
# (the stock is locked)
EXTRA = {0x2663: SUITS[0], 0x2666: SUITS[1], 0x2660: SUITS[2], 0x2665: SUITS[3]}
ICONS = {
    0xE000: "#####/#.#.#/##.##/#.#.#/##.##/#.#.#/#####",
    0xE001: ".###./#...#/#...#/#####/##.##/##.##/#####",
}


def bdf_text():
    glyphs = []
    for ch in sorted(GLYPHS):
        glyphs.append((ord(ch), rows(GLYPHS[ch])))
    for cp in sorted(EXTRA):
        glyphs.append((cp, [".....", "....."] + rows(EXTRA[cp])))
    for cp in sorted(ICONS):
        glyphs.append((cp, rows(ICONS[cp])))
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


OUTPUTS = ("font.bdf", "cards_7x8.bmp", "cards_14x16.bmp")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    out = os.path.dirname(os.path.abspath(__file__))
    if len(argv) == 2 and argv[0] == "--out":
        out = argv[1]
    tiles = build_tiles()
    for scale, name in ((1, OUTPUTS[1]), (2, OUTPUTS[2])):
        w, h, px = sheet_pixels(tiles, scale)
        with open(os.path.join(out, name), "wb") as f:
            f.write(bmp_bytes(w, h, px))
    with open(os.path.join(out, OUTPUTS[0]), "w", newline="\n") as f:
        f.write(bdf_text())
    print("wrote", ", ".join(OUTPUTS), "to", out)


if __name__ == "__main__":
    main()
