# Tile and ink numbers of the card sheets assets/make_art.py draws (its header documents the
# layout; tests/test_art_assets.py checks these copies). One sheet per deck and scale, so a game
# loads only its own deck: assets/<deck>_7x<h>.bmp (scale 1), <deck>_14x<2h>.bmp (scale 2),
# h = 6 for French tiles, 8 for the others (tile_height).
from micropython import const

# --- every sheet ---
BLANK = const(0)  # palette 0: the table, transparent in overlays
FRAME = const(1)  # + col_role*3 + row_role: highlight frame pieces
FRAME_LEFT = const(0)  # column roles; a 13 px card: LEFT RIGHT GAP
FRAME_RIGHT = const(1)
FRAME_GAP = const(2)
FRAME_END = const(3)  # right edge + gap in one tile: strip LEFT END, domino LEFT SPAN SPAN END
FRAME_SPAN = const(4)  # top and bottom edges only
FRAME_TOP = const(0)  # row roles
FRAME_SIDES = const(1)
FRAME_BOTTOM = const(2)

# palette
PAL_TABLE = const(0)
PAL_FRAME = const(8)  # a frame's outer ring
PAL_FRAME_IN = const(9)  # its inner ring (on the card's edge)
PAL_INK = const(11)  # 11..15: the deck's inks (tables below)

# --- French and Spanish cards: 2 tiles wide, a head row and (top card) a foot row ---
FOOT = const(16)  # left, right
BACK = const(18)  # head left, head right, foot left, foot right
EMPTY = const(22)  # empty-pile outline, same order as BACK
MORE = const(26)  # "more cards above", left, right

FRENCH_RANK = const(28)  # + suit*13 + rank-1 (engine suit order), ink PAL_INK + suit
FRENCH_SUIT = const(80)  # + suit
FRENCH_STRIP = const(84)  # + suit: reserve strip's lower tile, under FRENCH_RANK's tile
FRENCH_DONE = const(88)  # left, right: foot of a completed foundation (13 cards)
FRENCH_LOCKED = const(90)  # left, right: foot of the stock's back, locked (a padlock)
FRENCH_PASS = const(92)  # + 2*(pass-1) + half: head of the stock's back, "1/2" or "2/2"
FRENCH_TILES = const(96)

SPANISH_RANK = const(28)  # + order (1..7, Sota, Caballo, Rey), black
SPANISH_SUIT = const(38)  # + suit (oros, copas, espadas, bastos)
SPANISH_STRIP = const(42)  # + suit
SPANISH_BLOCKED = const(46)  # left, right: foot of a blocked card (Con reserva)
SPANISH_TOKEN = const(48)  # one tile on the table (Mezclado)
SPANISH_SPENT = const(49)
SPANISH_PIP = const(50)  # + suit*2 + half: foot with the suit drawn big
SPANISH_TILES = const(58)

# --- Space Dominoes: 3 tiles wide x 1 tall (a 21x7 card, 1 px table below) ---
DOMINO_SECTION = const(16)  # + position*4 + pips (position 0 left, 1 middle, 2 right)
DOMINO_ROCKET = const(28)  # + k*3 + position: rocket k-k-k
DOMINO_BACK = const(40)  # + position
DOMINO_PAD = const(43)  # + position: empty launch pad
DOMINO_STATION = const(46)  # + position: empty space station
DOMINO_MORE = const(49)  # + position
DOMINO_ORIGINAL = const(52)  # + position*4 + pips: a pad's original (bottom) card
DOMINO_TILES = const(64)

# palette 11..15 per deck; the loader writes one table with set_inks
# French: clubs, diamonds, spades, hearts, then the gold mark
FRENCH_INKS_2 = (0x000000, 0xE00000, 0x000000, 0xE00000, 0xE0A000)
FRENCH_INKS_4 = (0x009C00, 0x1060FF, 0x000000, 0xE00000, 0xE0A000)  # four-colour deck
SPANISH_INKS = (0xF0B000, 0xE00000, 0x0050E0, 0x008A00, 0x805000)  # oros copas espadas bastos, rim
DOMINO_INKS = (0xFFFFFF, 0xF8C800, 0x3090FF, 0xF03030, 0x1A1A40)  # 0..3 pips, rocket body

# status-line icons in assets/font.bdf
ICON_STOCK = "\ue000"
ICON_LOCK = "\ue001"
ICON_WASTE = "\ue002"
ICON_REDEAL = "\ue003"
ICON_HAND = "\ue004"
ICON_TOKEN = "\ue005"
ICON_SPENT = "\ue006"
ICON_ROCKET = "\ue007"
ICON_EMERGENCY = "\ue008"
ICON_OROS = "\ue009"
ICON_COPAS = "\ue00a"
ICON_ESPADAS = "\ue00b"
ICON_BASTOS = "\ue00c"
ICON_BLOCKED = "\ue00d"
ICON_DONE = "\ue00e"


def tile_height(deck, scale=1):
    # French tiles are 6 px tall (13 fanned cards fit a 160x128 screen), the others 8
    return (6 if deck == "french" else 8) * scale


def sheet_file(deck, scale):
    # "french", 2 -> "french_14x12.bmp"
    return "%s_%dx%d.bmp" % (deck, 7 * scale, tile_height(deck, scale))


def set_inks(palette, inks):
    # recolour palette 11..15: the two- or four-colour French deck without a second bitmap
    for i in range(5):
        palette[PAL_INK + i] = inks[i]
