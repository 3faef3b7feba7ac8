# The Terrace play screen (all seven modes): lays the 20 piles out for the screen size, draws
# them as tiles of the card sheet, and turns logical keys into engine moves.
#
# Layout (160x128 at scale 1; 320x240 is the same at scale 2, tiles 14x16):
#   top row      stock, waste, then the 8 foundations; each pile shows its top card
#   reserve row  every reserve card as a narrow dimmed strip (rank over suit), the top card
#                full size and white: that is the one that plays
#   tableau      one column per pile, cards fanned down as "heads" (rank + suit strip), the
#                top card with a foot; a pile longer than the screen shows a "more" marker on
#                its first row and scrolls to keep the chosen group in view
#   status line  deal number, score, cards in the stock, base rank, "locked"; brief messages
#                appear in a box just above it
# Highlights are frames on overlay grids over the same sheet: yellow cursor, cyan picked-up
# cards, magenta hint source/destination and base candidates.
#
# Every display object is made in __init__; afterwards only tile indices, `hidden`, overlay
# positions and label texts change, and only for the piles the engine reports as changed.
from array import array

import displayio
from adafruit_display_text import bitmap_label
from micropython import const

from engine.game import (
    pack, move_src, move_dst, move_count, NO_MOVE, MAX_MOVES, PLAYING, REASONS, REASON_FINAL,
    REASON_STOCK_EMPTY, KIND_STOCK, KIND_WASTE, KIND_RESERVE, KIND_FOUNDATION, KIND_TABLEAU,
)
from engine.cards import colour, rank, suit
from solitaire import art
from solitaire import keys as K

NOTHING = const(0)
PAUSE = const(1)
OVER = const(2)

MESSAGE_MS = const(1600)
CURSOR_COLOUR = 0xFFE000
PICK_COLOUR = 0x00E0FF
MARK_COLOUR = 0xFF40FF
STATUS_COLOUR = 0xFFFFFF
MESSAGE_COLOUR = 0x000000
MESSAGE_BOX = 0xFFE000
MARKS = const(4)  # mark frames: hint source + destination, or the four base candidates

# frame column roles (assets/make_art.py FRAME_COLS)
_FULL = (0, 1, 2)
_STRIP = (0, 3, -1)


STOCK_ICON = "\ue000"  # font glyphs made by assets/make_art.py (ICONS)
LOCK_ICON = "\ue001"
_RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_CHARS = "\u2663\u2666\u2660\u2665"  # engine suit order: clubs diamonds spades hearts


def card_name(c):
    # "10\u2665": how messages name a card (the font has the four suit glyphs)
    return _RANK_NAMES[rank(c) - 1] + _SUIT_CHARS[suit(c)]


def _card_tiles(c):
    # (rank half, suit half) of a French card; rank tiles come in a black and a red row
    return art.HEAD_RANK + colour(c) * 13 + rank(c) - 1, art.HEAD_SUIT + suit(c)


def _strip_tiles(c):
    return art.STRIP_RANK + colour(c) * 13 + rank(c) - 1, art.STRIP_SUIT + suit(c)


class View:
    def __init__(self, ui, game):
        self.ui = ui
        self.game = game
        w = ui.width
        h = ui.height
        self.width = w
        self.height = h
        s = art.scale_for(w, h)
        self.s = s
        sheet, palette, tw, th = art.load_cards(s)
        self.tw = tw
        self.th = th
        cell = 2 * tw
        n = game.pile_count
        self.n = n
        self.moves = array("H", [0] * MAX_MOVES)
        self.group = displayio.Group()

        # table background: one blank tile per cell (tile 0 is the table colour)
        bg = displayio.TileGrid(sheet, pixel_shader=palette, width=(w + tw - 1) // tw,
                                height=(h + th - 1) // th, tile_width=tw, tile_height=th)
        self.group.append(bg)

        font = ui.font
        lscale = s
        try:
            fh = (font.ascent + font.descent) * lscale
        except AttributeError:  # terminalio.FONT has no ascent/descent
            fh = font.get_bounding_box()[1] * lscale
        self.status_h = fh
        gap = 2 * s
        y_top = s
        y_res = y_top + 2 * th + gap
        y_tab = y_res + 2 * th + gap
        self.rows = max(3, (h - fh - y_tab) // th)

        # pile positions and grids
        self.px = [0] * n
        self.py = [0] * n
        self.kind = bytearray(n)
        self.grids = [None] * n
        self.tableau = []
        self.top_row = []
        self.reserve = -1
        self.stock = -1
        self.waste = -1
        self.foundation = -1
        pitch = w // 10
        t_count = 0
        for p in range(n):
            k = game.pile_kind(p)
            self.kind[p] = k
            if k == KIND_TABLEAU:
                t_count += 1
        t_pitch = w // max(1, t_count)
        for p in range(n):
            k = self.kind[p]
            slot = game.pile_slot(p)
            if k == KIND_TABLEAU:
                self.px[p] = slot * t_pitch + (t_pitch - cell) // 2
                self.py[p] = y_tab
                cols, rows = 2, self.rows
                self.tableau.append(p)
            elif k == KIND_RESERVE:
                self.reserve = p
                self.px[p] = s
                self.py[p] = y_res
                cols, rows = min(w // tw, 22), 2
            else:
                col = 0 if k == KIND_STOCK else (1 if k == KIND_WASTE else 2 + slot)
                if k == KIND_STOCK:
                    self.stock = p
                elif k == KIND_WASTE:
                    self.waste = p
                elif self.foundation < 0:
                    self.foundation = p
                self.px[p] = col * pitch + (pitch - cell) // 2
                self.py[p] = y_top
                cols, rows = 2, 2
                self.top_row.append(p)
            g = displayio.TileGrid(sheet, pixel_shader=palette, width=cols, height=rows,
                                   tile_width=tw, tile_height=th, x=self.px[p], y=self.py[p])
            self.grids[p] = g
            self.group.append(g)
        self.top_row.sort(key=lambda p: self.px[p])
        self.tableau.sort(key=lambda p: self.px[p])
        # the order LEFT/RIGHT walk through, wrapping: top row, reserve, tableau
        order = list(self.top_row)
        if self.reserve >= 0:
            order.append(self.reserve)
        order += self.tableau
        self.order = order
        self.first = bytearray(n)  # first card shown of each tableau pile (scrolling)

        # overlays: mark frames, picked-up frame, cursor frame (cursor on top). A frame is a
        # small grid around one card; the picked-up and cursor frames also have a tall twin for
        # groups, so framing a single card never redraws a whole column.
        tall = self.rows + 2
        self.marks = []
        for _ in range(MARKS):
            self.marks.append((self._overlay(sheet, palette, MARK_COLOUR, 3), None))
        pal = art.overlay_palette(palette, PICK_COLOUR)
        self.pick_frame = (self._overlay(sheet, pal, 0, 3), self._overlay(sheet, pal, 0, tall))
        pal = art.overlay_palette(palette, CURSOR_COLOUR)
        self.cursor_frame = (self._overlay(sheet, pal, 0, 3), self._overlay(sheet, pal, 0, tall))

        # status line: four labels (deal, score, stock, base + lock) so a changed score or
        # stock count redraws only its own few pixels
        self.status = []
        for _ in range(4):
            lab = bitmap_label.Label(font, text=" ", color=STATUS_COLOUR, scale=lscale)
            lab.anchor_point = (0.0, 0.0)
            lab.anchored_position = (s, h - fh)
            self.group.append(lab)
            self.status.append(lab)
        self.status_texts = ["", "", "", ""]
        self.message = bitmap_label.Label(
            font, text=" ", color=MESSAGE_COLOUR, background_color=MESSAGE_BOX,
            padding_left=2 * s, padding_right=2 * s, padding_top=s, padding_bottom=0,
            scale=lscale, line_spacing=1.0)
        # placed by the top of its box in _say: a bottom anchor follows the text's bounding box,
        # which is shorter without descenders, while the yellow background is not
        self.message.anchor_point = (0.5, 0.0)
        self.msg_bottom = h - fh
        self.msg_pad = s * lscale
        self.message.hidden = True
        self.group.append(self.message)
        self.font = font
        self.lscale = lscale
        # status slots wide enough for their longest text, so nothing moves during a game
        self.slot = (self._text_width(" 104/104 ", font) * lscale,
                     self._text_width(STOCK_ICON + "104 ", font) * lscale)

        self.cursor = 0
        self.depth = 1
        self.held = -1
        self.held_n = 0
        self.msg_text = ""
        self.msg_until = -1  # -1 no message, 0 shown but not yet timed
        self.mark_piles = []
        self.base_marks = False
        self.state = PLAYING
        self.autoplay = bool(getattr(ui, "autoplay", False))
        self.reset()

    def _overlay(self, sheet, palette, colour, rows):
        if colour:
            palette = art.overlay_palette(palette, colour)
        g = displayio.TileGrid(sheet, pixel_shader=palette,
                               width=3, height=rows, tile_width=self.tw, tile_height=self.th)
        g.hidden = True
        self.group.append(g)
        return g

    # ------------------------------------------------------------------ drawing

    def reset(self):
        """After a new deal or restart: cursor home, everything redrawn."""
        self.held = -1
        self.held_n = 0
        self.depth = 1
        self.mark_piles = []
        self._clear_message()
        self.state = self.game.status()
        self.cursor = self._home()
        self.redraw((1 << self.n) - 1)

    def _home(self):
        if self._choosing_base():
            return self.tableau[0]
        return self.waste if self.waste >= 0 else self.order[0]

    def _choosing_base(self):
        return getattr(self.game, "base", 1) == 0 and self.state == PLAYING

    def redraw(self, mask):
        """Update the piles in `mask` (bit p = pile p) from the engine, then status and frames."""
        self.state = self.game.status()  # cached: the engine's status() runs its hint search
        for p in range(self.n):
            if mask & (1 << p):
                self._draw_pile(p)
        if self._choosing_base():
            self._mark_candidates()
            self.base_marks = True
        elif self.base_marks:
            self.mark_piles = []
            self.base_marks = False
        if mask & (1 << self.cursor):
            self._clamp_depth()
        self._draw_overlays()
        self._draw_status()

    def _set(self, g, i, tile):
        if g[i] != tile:
            g[i] = tile

    def _draw_pile(self, p):
        k = self.kind[p]
        if k == KIND_TABLEAU:
            self._draw_tableau(p)
        elif k == KIND_RESERVE:
            self._draw_reserve(p)
        else:
            self._draw_single(p, k == KIND_STOCK)

    def _draw_single(self, p, face_down):
        g = self.grids[p]
        if self.game.count(p) == 0:
            a, b, c, d = art.EMPTY, art.EMPTY + 1, art.EMPTY + 2, art.EMPTY + 3
        elif face_down:
            a, b, c, d = art.BACK, art.BACK + 1, art.BACK + 2, art.BACK + 3
        else:
            a, b = _card_tiles(self.game.top(p))
            c, d = art.FOOT, art.FOOT + 1
        self._set(g, 0, a)
        self._set(g, 1, b)
        self._set(g, 2, c)
        self._set(g, 3, d)

    def _draw_reserve(self, p):
        g = self.grids[p]
        game = self.game
        cols = g.width
        n = game.count(p)
        # more cards than columns (only on screens narrower than any we target): show the last
        first = n - (cols - 1) if n > cols - 1 else 0
        col = 0
        for i in range(first, n - 1):
            a, b = _strip_tiles(game.card(p, i))
            self._set(g, col, a)
            self._set(g, cols + col, b)
            col += 1
        if n:
            a, b = _card_tiles(game.card(p, n - 1))
            self._set(g, col, a)
            self._set(g, col + 1, b)
            self._set(g, cols + col, art.FOOT)
            self._set(g, cols + col + 1, art.FOOT + 1)
        else:
            self._set(g, 0, art.EMPTY)
            self._set(g, 1, art.EMPTY + 1)
            self._set(g, cols, art.EMPTY + 2)
            self._set(g, cols + 1, art.EMPTY + 3)
        for c in range(col + 2, cols):
            self._set(g, c, 0)
            self._set(g, cols + c, 0)

    def _window(self, p, n):
        # first card shown; > 0 means a "more" marker sits on row 0
        rows = self.rows
        if n + 1 <= rows:
            return 0
        first = n - (rows - 2)
        if p == self.cursor or p == self.held:
            depth = self.held_n if p == self.held else self.depth
            bottom = n - depth
            if bottom < first:
                first = max(1, bottom)
        return first

    def _card_row(self, p, i):
        # tile row of card i of tableau pile p (may lie past the window)
        first = self.first[p]
        return i - first + (1 if first else 0)

    def _draw_tableau(self, p):
        g = self.grids[p]
        game = self.game
        n = game.count(p)
        rows = self.rows
        first = self._window(p, n)
        self.first[p] = first
        r = 0
        if n == 0:
            self._set(g, 0, art.EMPTY)
            self._set(g, 1, art.EMPTY + 1)
            self._set(g, 2, art.EMPTY + 2)
            self._set(g, 3, art.EMPTY + 3)
            r = 2
        else:
            if first:
                self._set(g, 0, art.MORE)
                self._set(g, 1, art.MORE + 1)
                r = 1
            i = first
            while i < n and r < rows - 1:
                a, b = _card_tiles(game.card(p, i))
                self._set(g, 2 * r, a)
                self._set(g, 2 * r + 1, b)
                r += 1
                i += 1
            if i < n:  # the window stops short of the top card (a deep group is chosen)
                self._set(g, 2 * r, art.MORE)
                self._set(g, 2 * r + 1, art.MORE + 1)
            else:
                self._set(g, 2 * r, art.FOOT)
                self._set(g, 2 * r + 1, art.FOOT + 1)
            r += 1
        while r < rows:
            self._set(g, 2 * r, 0)
            self._set(g, 2 * r + 1, 0)
            r += 1

    def _hide(self, g):
        if g is not None and not g.hidden:
            g.hidden = True

    def _frame(self, pair, p, depth):
        """Frame pile p's top `depth` cards (its top card or outline) with the small or the tall
        grid of `pair`; p < 0 hides the frame."""
        small, tall = pair
        if p < 0:
            self._hide(small)
            self._hide(tall)
            return
        s = self.s
        roles = _FULL
        x = self.px[p]
        y = self.py[p]
        top = 0
        bottom = 1  # last tile row covered
        k = self.kind[p]
        n = self.game.count(p)
        if k == KIND_TABLEAU and n:
            top = max(0, self._card_row(p, n - depth))
            bottom = min(self.rows - 1, self._card_row(p, n))
        elif k == KIND_RESERVE and n:
            cols = self.grids[p].width
            x += (min(n, cols) - 1) * self.tw
        h = bottom - top + 1
        if h <= 2 or tall is None:
            g = small
            self._hide(tall)
        else:
            g = tall
            self._hide(small)
        for r in range(g.height):
            role = 0 if r == 0 else (1 if r < h else (2 if r == h else -1))
            for c in range(3):
                col = roles[c]
                tile = 0 if role < 0 or col < 0 else art.FRAME + col * 3 + role
                self._set(g, r * 3 + c, tile)
        g.x = x - s  # the setters only mark the grid moved when the value differs
        g.y = y + top * self.th - s
        if g.hidden:
            g.hidden = False

    def _draw_overlays(self):
        for i in range(MARKS):
            p = self.mark_piles[i] if i < len(self.mark_piles) else -1
            self._frame(self.marks[i], p, 1)
        self._frame(self.pick_frame, self.held, self.held_n)
        # on the picked-up pile itself the cyan frame shows (it says "in hand" and "here")
        cursor = -1 if self.cursor == self.held else self.cursor
        self._frame(self.cursor_frame, cursor, self.depth if self.held < 0 else 1)

    def _draw_status(self):
        game = self.game
        if self._choosing_base():
            texts = ("Pick a base card (A)", "", "", "")
        else:
            base = getattr(game, "base", 0)
            texts = (
                "#" + str(game.number),
                str(game.score()) + "/104",
                STOCK_ICON + str(game.count(self.stock) if self.stock >= 0 else 0),
                ("B:" + _RANK_NAMES[base - 1] if base else "")
                + (" " + LOCK_ICON if getattr(game, "locked", False) else ""),
            )
        relayout = texts[0] != self.status_texts[0]
        for i in range(4):
            if texts[i] != self.status_texts[i]:
                self.status_texts[i] = texts[i]
                lab = self.status[i]
                lab.text = texts[i] or " "
                hide = not texts[i]
                if lab.hidden != hide:
                    lab.hidden = hide
        if relayout:  # a new deal number: place the other slots after it
            x = self.s + self._text_width(texts[0] + " ", self.font) * self.lscale
            y = self.height - self.status_h
            self.status[1].anchored_position = (x, y)
            x += self.slot[0]
            self.status[2].anchored_position = (x, y)
            x += self.slot[1]
            self.status[3].anchored_position = (x, y)

    @property
    def status_text(self):
        """The status line as one string (tests and logs)."""
        return " ".join(self.status_texts).strip()

    # ------------------------------------------------------------------ messages

    def _say(self, text):
        if text != self.msg_text:
            msg = self.message
            msg.text = self._wrap(text)
            self.msg_text = text
            # the background's top is padding_top above the box's top anchor
            height = msg.bitmap.height * msg.scale if msg.bitmap else 0
            msg.anchored_position = (self.width // 2, self.msg_bottom - height + self.msg_pad)
        self.message.hidden = False
        self.msg_until = 0

    def _clear_message(self):
        if self.msg_until >= 0:
            self.message.hidden = True
            self.msg_until = -1

    def _wrap(self, text):
        # break at spaces so each line fits the screen (the font is proportional)
        limit = self.width // self.lscale - 8
        font = self.font
        out = ""
        line = ""
        for word in text.split(" "):
            trial = word if not line else line + " " + word
            if self._text_width(trial, font) <= limit or not line:
                line = trial
            else:
                out += line + "\n"
                line = word
        return out + line

    def _text_width(self, text, font):
        w = 0
        for ch in text:
            glyph = font.get_glyph(ord(ch))
            if glyph:
                w += glyph.shift_x
        return w

    def tick(self, now_ms):
        """Expire the brief message; True if the screen changed."""
        if self.msg_until == 0:
            self.msg_until = now_ms + MESSAGE_MS
        elif self.msg_until > 0 and now_ms >= self.msg_until:
            self._clear_message()
            return True
        return False

    # ------------------------------------------------------------------ moves

    def _apply(self, move):
        game = self.game
        if not game.apply(move):
            return False
        mask = game.changed
        if self.autoplay and getattr(game, "base", 1) != 0:
            mask |= self._autoplay()
        self.held = -1
        self.held_n = 0
        self.depth = 1
        self.redraw(mask)
        return True

    def _autoplay(self):
        # play every top card the foundations take, each its own move (undo takes them back
        # one by one), until none is left
        game = self.game
        mask = 0
        sources = [self.waste, self.reserve] + self.tableau
        busy = True
        while busy:
            busy = False
            for p in sources:
                if p < 0:
                    continue
                m = game.quick_play(p)
                if m != NO_MOVE and game.apply(m):
                    mask |= game.changed
                    busy = True
        return mask

    def undo(self):
        """Take back one move (pause menu or B); False if there is none."""
        self.held = -1
        self.held_n = 0
        self.mark_piles = []
        if not self.game.undo():
            self._say("Nothing to undo")
            self._draw_overlays()
            self._draw_status()
            return False
        self.depth = 1
        self._clear_message()
        self.redraw(self.game.changed)
        return True

    def hint(self):
        """Highlight the hint's source and destination and say what it is."""
        m = self.game.hint()
        self.base_marks = False
        self.held = -1
        self.held_n = 0
        if m == NO_MOVE:
            self.mark_piles = []
            self._say("No moves left: undo or new deal")
        else:
            src = move_src(m)
            dst = move_dst(m)
            self.mark_piles = [src, dst]
            self._say("Hint: " + self._hint_words(src, dst, move_count(m)))
        self._draw_overlays()
        self._draw_status()

    def _hint_words(self, src, dst, n):
        # name the cards, not pile numbers: "K\u2666 onto A\u2660", "5\u2665 to a foundation"
        g = self.game
        if dst == self.stock:
            return "turn the waste over"
        if src == self.stock:
            return "deal from the stock"
        what = card_name(g.card(src, g.count(src) - (n or 1)))
        if n > 1:
            what += " and " + str(n - 1) + " more"
        if self.kind[dst] == KIND_FOUNDATION:
            return what + " to a foundation"
        if g.count(dst) == 0:
            return what + " to the space"
        return what + " onto " + card_name(g.top(dst))

    def _over(self):
        return OVER if self.state != PLAYING else NOTHING

    # ------------------------------------------------------------------ keys

    def key(self, k):
        """Handle one logical key: 0 nothing special, 1 pause, 2 game over."""
        if k == K.START:
            return PAUSE
        self._clear_message()
        if not self.base_marks:
            self.mark_piles = []  # a hint shows until the next key
        if self.state != PLAYING:
            if k == K.B:
                self.undo()
            else:
                self._say(REASONS[13])
            self._draw_overlays()
            return self._over()
        if k == K.LEFT or k == K.RIGHT:
            self._step(1 if k == K.RIGHT else -1)
        elif k == K.UP or k == K.DOWN:
            self._vertical(k == K.UP)
        elif k == K.A:
            self._press_a()
        elif k == K.A_LONG:
            self._send_home()
        elif k == K.B:
            if self.held >= 0:
                self._drop_held()
            else:
                self.undo()
        elif k == K.SELECT:
            self.hint()
            return NOTHING
        if self._choosing_base():
            self._mark_candidates()
            self.base_marks = True
        self._draw_overlays()
        self._draw_status()
        return self._over()

    def _mark_candidates(self):
        game = self.game
        n = game.legal_moves(self.moves)
        piles = []
        for i in range(n):
            src = move_src(self.moves[i])
            if src not in piles and len(piles) < MARKS:
                piles.append(src)
        self.mark_piles = piles

    def _move_cursor(self, p):
        old = self.cursor
        self.cursor = p
        self.depth = 1
        # a scrolled pile may have to scroll back when the cursor leaves or enters it
        for q in (old, p):
            if self.kind[q] == KIND_TABLEAU and self.game.count(q) + 1 > self.rows:
                self._draw_tableau(q)

    def _step(self, d):
        order = self.order
        i = order.index(self.cursor) if self.cursor in order else 0
        self._move_cursor(order[(i + d) % len(order)])

    def _vertical(self, up):
        p = self.cursor
        game = self.game
        if self.kind[p] == KIND_TABLEAU and self.held < 0:
            if up and game.pickable(p, self.depth + 1):
                self.depth += 1
                self._rescroll(p)
                return
            if not up and self.depth > 1:
                self.depth -= 1
                self._rescroll(p)
                return
        rows = [self.top_row, [self.reserve] if self.reserve >= 0 else [], self.tableau]
        r = 0
        for i in range(3):
            if p in rows[i]:
                r = i
        step = -1 if up else 1
        r2 = (r + step) % 3
        if not rows[r2]:
            r2 = (r2 + step) % 3
        x = self._cursor_x(p)
        best = rows[r2][0]
        for q in rows[r2]:
            if abs(self._cursor_x(q) - x) < abs(self._cursor_x(best) - x):
                best = q
        self._move_cursor(best)

    def _rescroll(self, p):
        if self.game.count(p) + 1 > self.rows:
            self._draw_tableau(p)

    def _cursor_x(self, p):
        if self.kind[p] == KIND_RESERVE:
            n = self.game.count(p)
            return self.px[p] + max(0, n - 1) * self.tw
        return self.px[p]

    def _clamp_depth(self):
        p = self.cursor
        while self.depth > 1 and not self.game.pickable(p, self.depth):
            self.depth -= 1

    def _drop_held(self):
        p = self.held
        self.held = -1
        self.held_n = 0
        if self.kind[p] == KIND_TABLEAU:
            self._rescroll(p)

    def _press_a(self):
        game = self.game
        p = self.cursor
        if self._choosing_base():
            n = game.legal_moves(self.moves)
            for i in range(n):
                if move_src(self.moves[i]) == p:
                    self._apply(self.moves[i])
                    return
            self._say("Pick one of the marked cards")
            return
        if self.held >= 0:
            if p == self.held:
                # same pile again: take one card more (literal groups), else put them back
                if self.kind[p] == KIND_TABLEAU and game.pickable(p, self.held_n + 1):
                    self.held_n += 1
                    self._rescroll(p)
                else:
                    self._drop_held()
                return
            move = pack(self.held, p, self.held_n)
            reason = game.check(move)
            if reason:
                self._drop_held()
                self._say(REASONS[reason])
                return
            self._apply(move)
            return
        k = self.kind[p]
        if k == KIND_STOCK:
            self._deal()
            return
        if k == KIND_FOUNDATION:
            self._say(REASONS[REASON_FINAL])
            return
        n = self.depth if k == KIND_TABLEAU else 1
        if game.count(p) == 0:
            self._say("Nothing to pick up")
            return
        if not game.pickable(p, n):
            self._say(REASONS[1] if n == 1 else REASONS[8])
            return
        self.held = p
        self.held_n = n
        self.depth = 1

    def _deal(self):
        game = self.game
        stock = self.stock
        deal = pack(stock, self.waste, 1)
        reason = game.check(deal)
        if reason == 0:
            self._apply(deal)
            return
        if reason == REASON_STOCK_EMPTY:
            # General's Patience: turn the waste over (the engine says whether it may)
            n = game.legal_moves(self.moves)
            for i in range(n):
                m = self.moves[i]
                if move_dst(m) == stock:
                    self._apply(m)
                    return
            redeal = pack(self.waste, stock, 0)
            r2 = game.check(redeal)
            if r2 and game.count(self.waste):
                reason = r2
        self._say(REASONS[reason])

    def _send_home(self):
        if self.held >= 0:
            self._drop_held()
        p = self.cursor
        if self._choosing_base():
            self._press_a()
            return
        m = self.game.quick_play(p)
        if m == NO_MOVE:
            self._say("No foundation takes that")
            return
        self._apply(m)

    # ------------------------------------------------------------------ read-back (tests)

    def shown(self, p):
        """What pile p's tiles show: a list of (rank tile, suit tile) per face-up card drawn,
        "back" for a stock, [] when empty; plus the number of cards hidden by scrolling."""
        g = self.grids[p]
        k = self.kind[p]
        out = []
        hidden = 0
        if k == KIND_TABLEAU:
            r = 0
            if g[0] == art.MORE:
                hidden = self.first[p]
                r = 1
            while r < self.rows and art.HEAD_RANK <= g[2 * r] < art.STRIP_RANK:
                out.append((g[2 * r], g[2 * r + 1]))
                r += 1
        elif k == KIND_RESERVE:
            cols = g.width
            c = 0
            while c < cols and art.STRIP_RANK <= g[c] < art.FOOT:
                out.append((g[c] - art.STRIP_RANK + art.HEAD_RANK, g[cols + c] - art.STRIP_SUIT
                            + art.HEAD_SUIT))
                c += 1
            if c < cols and art.HEAD_RANK <= g[c] < art.STRIP_RANK:
                out.append((g[c], g[c + 1]))
        elif g[0] == art.BACK:
            out = "back"
        elif art.HEAD_RANK <= g[0] < art.STRIP_RANK:
            out.append((g[0], g[1]))
        return out, hidden
