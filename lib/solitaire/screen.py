# The one screen every non-play state draws on: a title bar, a column of text rows (a menu
# with a highlighted row, or a scrolling page of text) and a footer line. Its display objects
# are made once at start-up and reused by every menu; only label texts, colours and positions
# change. Layout is computed for 160x120 and scaled up whole on bigger screens.
import displayio
import vectorio
from adafruit_display_text import bitmap_label

BG = 0x0B3B24  # card-table green
TITLE_BG = 0x06261A
TEXT = 0xF2F2E6
DIM = 0xA8C8B4
TITLE = 0xFFD866
BAR = 0xFFD866  # the selected row: a bright bar, dark text
BAR_TEXT = 0x101010
WARN = 0xFF9A80


def font_height(font):
    box = font.get_bounding_box()
    return box[1]


def text_width(font, text):
    w = 0
    for c in text:
        g = font.get_glyph(ord(c))
        if g is not None:
            w += g.shift_x
    return w


def wrap(font, text, width):
    # split text into lines no wider than width pixels; "\n" forces a break, a blank line stays
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            if not word:
                continue
            trial = word if not line else line + " " + word
            if line and text_width(font, trial) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def _palette(color):
    p = displayio.Palette(1)
    p[0] = color
    return p


class ListScreen:
    def __init__(self, width, height, font):
        scale = max(1, min(width // 160, height // 120))
        self.scale = scale
        self.w = w = width // scale
        self.h = h = height // scale
        self.font = font
        fh = font_height(font)
        self.row_h = rh = fh + 2
        self.title_h = th = fh + 4
        self.footer_h = fh + 3
        self.rows = max(3, (h - th - self.footer_h - 2) // rh)
        self.top_y = th + 1 + (h - th - self.footer_h - 2 - self.rows * rh) // 2
        # shapes stay in an unscaled group with coordinates times the scale (vectorio shapes
        # do not follow a Group's scale everywhere); the labels go in a scaled child group
        S = scale
        self.group = g = displayio.Group()
        g.append(vectorio.Rectangle(pixel_shader=_palette(BG), width=w * S, height=h * S, x=0, y=0))
        g.append(vectorio.Rectangle(pixel_shader=_palette(TITLE_BG), width=w * S, height=th * S, x=0, y=0))
        g.append(vectorio.Rectangle(pixel_shader=_palette(TITLE_BG), width=w * S, height=self.footer_h * S,
                                    x=0, y=(h - self.footer_h) * S))
        self.bar = vectorio.Rectangle(pixel_shader=_palette(BAR), width=(w - 4) * S, height=rh * S,
                                      x=2 * S, y=self.top_y * S)
        g.append(self.bar)
        # scroll marks: small triangles at the right edge when there is more above / below
        pal = _palette(DIM)
        x = (w - 8) * S
        y0 = (self.top_y - 5) * S
        y1 = (self.top_y + self.rows * rh + 1) * S
        self.more_up = vectorio.Polygon(pixel_shader=pal, points=[(0, 4 * S), (3 * S, 0), (6 * S, 4 * S)], x=x, y=y0)
        self.more_down = vectorio.Polygon(pixel_shader=pal, points=[(0, 0), (6 * S, 0), (3 * S, 4 * S)], x=x, y=y1)
        g.append(self.more_up)
        g.append(self.more_down)
        t = displayio.Group(scale=scale)
        g.append(t)
        self.title = bitmap_label.Label(font, text=" ", color=TITLE, anchor_point=(0.5, 0.5),
                                        anchored_position=(w // 2, th // 2))
        t.append(self.title)
        self.labels = []
        for i in range(self.rows):
            lab = bitmap_label.Label(font, text=" ", color=TEXT, anchor_point=(0, 0.5),
                                     anchored_position=(6, self.top_y + i * rh + rh // 2))
            self.labels.append(lab)
            t.append(lab)
        self.footer = bitmap_label.Label(font, text=" ", color=DIM, anchor_point=(0.5, 0.5),
                                         anchored_position=(w // 2, h - self.footer_h // 2))
        t.append(self.footer)
        self._texts = [None] * (self.rows + 2)
        self.text_width = w - 14  # room for the scroll marks

    def _set(self, i, label, text):
        # a label only re-renders when its text really changes
        if not text:
            text = " "
        if self._texts[i] != text:
            self._texts[i] = text
            label.text = text

    def render(self, title, rows, sel=-1, top=0, footer="", first_sel=0, colors=None):
        # rows: list of str; sel: index in rows of the highlighted row (-1: none);
        # top: first row shown; rows before first_sel are shown dimmer (headings/info)
        n = self.rows
        self._set(n, self.title, title)
        self._set(n + 1, self.footer, footer)
        for i in range(n):
            j = top + i
            lab = self.labels[i]
            self._set(i, lab, rows[j] if j < len(rows) else "")
            if j == sel:
                c = BAR_TEXT
            elif colors is not None and j < len(colors) and colors[j] is not None:
                c = colors[j]
            elif j < first_sel:
                c = DIM
            else:
                c = TEXT
            if lab.color != c:
                lab.color = c
        if 0 <= sel - top < n:
            self.bar.y = (self.top_y + (sel - top) * self.row_h) * self.scale
            self.bar.hidden = False
        else:
            self.bar.hidden = True
        self.more_up.hidden = top <= 0
        self.more_down.hidden = top + n >= len(rows)
