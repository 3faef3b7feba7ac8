# What every table shares on screen, as a mixin of solitaire.app.App: the deck's card sheet in
# the one bitmap made at start-up (French suits in two or four colours), the font's line
# metrics, the table's two text bitmaps. The bitmaps are made at start-up, before the heap holds
# anything else, and reused by every game: made per game they would fragment it.
import displayio
from micropython import const

from solitaire import forget
from solitaire.text import LINES

_O_LOOK = const(5)  # solitaire.app's store.options byte: bit 0 = two-colour French deck


class Look:
    def four_colour(self):
        return self.height <= 128 and not self.store.options[_O_LOOK] & 1

    def make_bitmaps(self, sheet_size):
        # at start-up: the card sheet bitmap (as big as the biggest deck's sheet, measured by
        # solitaire.art.check_sheets), its palette, the status line and the message box
        self.sheet = displayio.Bitmap(sheet_size[0], sheet_size[1], 16)
        self.palette = displayio.Palette(16)
        self.sheet_deck = None  # whose sheet the bitmap holds
        line = self.text_metrics()[0]
        w = self.width // (2 if self.width >= 320 and self.height >= 240 else 1)
        self.text = (displayio.Bitmap(w, line, 2), displayio.Bitmap(w - 4, LINES * line, 2))

    def card_sheet(self, deck, inks=None):
        # (bitmap, palette, tile width, tile height) of a deck's cards, in the bitmap and
        # palette made at start-up; inks: (two-colour, four-colour) for palette entries 11..
        # (the French deck's suit colours)
        from solitaire import art

        scale = art.scale_for(self.width, self.height)
        if self.sheet_deck != deck:
            self.sheet_deck = None
            art.load_sheet(deck, scale, self.sheet, self.palette)
            self.sheet_deck = deck
        if inks is not None:
            table = inks[1] if self.four_colour() else inks[0]
            for i in range(len(table)):
                self.palette[11 + i] = table[i]
        size = art.tile_size(deck, scale)
        forget("solitaire.art")
        return self.sheet, self.palette, size[0], size[1]

    def text_metrics(self):
        # (line height, baseline) of the font, in pixels
        f = self.font
        try:
            return f.ascent + f.descent, f.ascent
        except AttributeError:  # the built-in font: glyphs hang from the top of a 12 px line
            h = f.get_bounding_box()[1]
            return h, h

    def text_bitmaps(self):
        # the table's status line and message box bitmaps
        return self.text
