# The buttons as a newcomer meets them (issue 40): every screen names the buttons as printed on
# the board in use (the Pico Display Pack's X and Y are LEFT and RIGHT, the PicoSystem's X and
# Y SELECT and START; a four-button board's missing keys are chords of B); on a D-pad board
# LEFT/RIGHT stay on their row of piles (UP/DOWN change rows), on a four-button board they
# walk every pile.
import re

import pytest

from engine.registry import FAMILIES
from solitaire import keys as K

from tests.test_app_helpers import BOARDS, FOUR, choose, has_table, host, page, past_notices

# what is printed on each board's buttons (or stands for them: its D-pad, its joystick)
PRINTED = {
    "pybadge": {"UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT"},
    "pygamer": {"UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT"},  # (its joystick's)
    "pico320": {"A", "B", "LEFT", "RIGHT"},  # (SOLITAIRE_BUTTONS' own names)
    "picosystem": {"UP", "DOWN", "LEFT", "RIGHT", "A", "B", "X", "Y"},
    "picodisplay": {"A", "B", "X", "Y"},
}
BUTTON = re.compile(r"\b(UP|DOWN|LEFT|RIGHT|START|SELECT|X|Y|A|B)\b")


def _texts(h):
    # the words of every screen that names a button: the greeting, the title's Controls page,
    # the options' footer on the deal row, the deal editor, How to play (its footer too), the
    # hint's last word, Solar's empty stock
    out = []
    p = page(h)
    out += list(p.info) + [p.footer]  # the first start's greeting
    past_notices(h)
    choose(h, "Controls")
    out += list(page(h).info) + [page(h).footer]
    h.press(K.B)
    choose(h, "New game")
    choose(h, "Solitario 4 Ases")
    choose(h, "Solitario 4 Ases")
    choose(h, "Deal: ")  # (the row's footer names LEFT/RIGHT: read before it is chosen)
    out += list(page(h).info) + [page(h).footer]
    h.press(K.B)
    rows = page(h).items
    page(h).sel = [i for i, r in enumerate(rows) if r.startswith("Deal: ")][0]
    out.append(page(h).footer)
    choose(h, "How to play")
    out += list(page(h).info) + [page(h).footer]
    h.press(K.B)
    h.start(0, 2, 0, number=2)
    s = h.screen
    for _ in range(12):
        h.press(K.SELECT)
        said = h.message()
        if said.startswith("No more hints"):
            out.append(said)
            break
    from solitaire import solar_say

    h.start(2, 0, 0, number=1)
    out.append(solar_say.why(h.screen.view, 7, 0))  # the empty stock's refusal
    return out


@pytest.mark.parametrize("board", BOARDS)
def test_every_screen_names_the_buttons_printed_on_the_board_in_use(board):
    with host(board) as h:
        texts = _texts(h)
    named = set()
    for t in texts:
        named |= set(BUTTON.findall(t))
    assert named <= PRINTED[board], (board, named - PRINTED[board], texts)
    # and the board's own names are used where a button is named
    if board == "picodisplay":
        assert "X/Y: move" in texts and "Menus: X/Y pick, A chooses, B goes back" in texts
        assert "No more hints (B+A: the first again)" in texts
        assert "Y/A next page  B back" in texts
    if board == "picosystem":
        assert "Y: pause menu" in texts and "No more hints (X: the first again)" in texts
        assert "Stock empty: free a wasted rocket (X: hint)" in texts
    if board == "pybadge":
        assert "A number  LEFT/RIGHT winnable" in texts
        assert "DOWN/A next page  B back" in texts


# ---- item 11: LEFT/RIGHT stay on their row where UP/DOWN are buttons ------------------------

@pytest.mark.parametrize("board", [b for b in BOARDS if b not in FOUR])
@pytest.mark.parametrize("family", [f for f in range(len(FAMILIES)) if has_table(f)])
def test_left_and_right_walk_the_cursors_row_and_stop_at_its_ends_on_a_d_pad(board, family):
    with host(board) as h:
        past_notices(h)
        h.start(family, 0, 0, number=3)
        s = h.screen
        view = s.view
        for line in view.lines:
            h.go(line[0])
            right = []
            for _ in range(len(line)):
                h.press(K.RIGHT)
                right.append(s.cursor)
            # the row, left to right, and no further: never another row's pile
            assert right == line[1:] + line[-1:], (line, right)
            left = []
            for _ in range(len(line)):
                h.press(K.LEFT)
                left.append(s.cursor)
            assert left == list(reversed(line[:-1])) + line[:1], (line, left)
        # LEFT on the first pile of the top row (Terrace's stock) stays there, where it jumped
        # to the last tableau pile
        h.go(view.lines[0][0])
        h.press(K.LEFT)
        assert s.cursor == view.lines[0][0]
        # UP/DOWN still reach every row
        rows = set()
        for _ in range(len(view.lines)):
            h.press(K.DOWN)
            rows.add(view.column(s.cursor)[0])
        assert len(rows) == len(view.lines)


@pytest.mark.parametrize("board", FOUR)
def test_left_and_right_still_walk_every_pile_on_a_four_button_board(board):
    with host(board) as h:
        past_notices(h)
        h.start(0, 0, 0, number=3)
        s = h.screen
        h.go(s.view.order[0])
        h.press(K.LEFT)
        assert s.cursor == s.view.order[-1]  # the last pile of the last row
