# What every screen shares, as a mixin of solitaire.app.App: the deck's card sheet in the one
# bitmap made at start-up (French suits in two or four colours) and the text bitmap every
# screen paints its words into. Both are made at start-up, before the heap holds anything
# else, and reused by every screen and game: made per game they would fragment it.
import displayio
from micropython import const

from solitaire import forget
from solitaire.text import LINES, menu_rows, pitch, scale

_O_LOOK = const(5)  # solitaire.app's store.options byte: bit 0 = two-colour French deck


class Look:
    def four_colour(self):
        return self.height <= 128 and not self.store.options[_O_LOOK] & 1

    def make_bitmaps(self, sheet_size):
        # at start-up: the card sheet bitmap (as big as the biggest deck's sheet, measured by
        # solitaire.art.check_sheets), its palette, and the text bitmap
        self.sheet = displayio.Bitmap(sheet_size[0], sheet_size[1], 16)
        self.palette = displayio.Palette(16)
        self.sheet_deck = None  # whose sheet the bitmap holds
        # the words of every screen are bands of one bitmap, one line of text each (a menu's
        # title, footer, highlighted row and rows; the table's status line and box); one bit
        # a pixel (solitaire/text.py)
        s = scale(self.width, self.height)
        p = pitch(self.font)
        bands = max(LINES + 1, menu_rows(self.height // s, p) + 4)
        self.text = displayio.Bitmap(self.width // s, bands * p, 2)

    def card_sheet(self, deck, inks=None):
        # (bitmap, palette, tile width, tile height) of a deck's cards, in the bitmap and
        # palette made at start-up; inks: (two-colour, four-colour) for palette entries 11..
        # (the French deck's suit colours)
        from solitaire import art

        s = scale(self.width, self.height)
        if self.sheet_deck != deck:
            self.sheet_deck = None
            art.load_sheet(deck, s, self.sheet, self.palette)
            self.sheet_deck = deck
        if inks is not None:
            table = inks[1] if self.four_colour() else inks[0]
            for i in range(len(table)):
                self.palette[11 + i] = table[i]
        size = art.tile_size(deck, s)
        forget("solitaire.art")
        return self.sheet, self.palette, size[0], size[1]
