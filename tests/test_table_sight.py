# Issue 10 through each board's own buttons (sim.runner key scripts on the PyBadge, the PyGamer
# and the four-button 320x240 board): every card of the longest tableau pile seen, pixels and
# tiles, with a message shown; UP then DOWN back to the same pile past the reserve; the cursor
# and the base candidates' marks all seen in every frame, and two marks side by side as two
# frames; the status line's words for the stock, the waste, the lock, General's Patience's
# passes and the base, wherever the cursor is.
import os
from array import array

import pytest

from engine.game import KIND_FOUNDATION, NO_MOVE, move_dst, move_src
from sim.runner import run
from solitaire import table
from solitaire.terrace_view import TABLE
from solitaire.terrace_view import LOCK, RANKS

from tests.test_app_helpers import (FOUR, app, count_colour, engine_shows, play, read_pile,
                                    unpainted)
from tests.test_table_boards import (BOARDS, RECORDER, of, play as run_keys, start_keys,
                                     tokens, worked_out)

LONG_PILE = os.path.join(os.path.dirname(__file__), "fixtures", "recorder", "long_pile.py")
TERRACE, GENERALS, FALLING_STARS = 0, 1, 2


def frame_after(r, n):
    # the frame after the n-th key token from the end (1: the last)
    return len(r.frames) - n


# ---- 1. every card can be seen -------------------------------------------------------------------

@pytest.mark.parametrize("board", BOARDS)
def test_a_13_card_pile_shows_all_13_cards_and_a_message_leaves_them_in_sight(board):
    # tests/fixtures/recorder/long_pile.py gives the middle tableau pile 13 cards once the table
    # shows; B then says "Nothing to undo", in a box that would cover its top card at the bottom
    keys = tokens(board, start_keys(FALLING_STARS) + ["wait:300", "B", "wait:100"])
    r = run(board=board, keys=keys, code=LONG_PILE, settings={"SOLITAIRE_DEAL": 1})
    assert r.stop_line is None, r.traceback or r.stop_line
    a = app(r)
    view, game, p = a.screen.view, a.game, r.globals["long"]
    assert game.count(p) == 13
    shown = read_pile(view, p)
    assert shown == engine_shows(view, game, p) and "more" not in shown and len(shown) == 13
    t = a.screen.table
    x, y, cols, rows = view.rect(p, 13)
    w, th = cols * view.tw, view.th
    assert rows == 14 and y + rows * th <= r.height - t.status_h  # above the status line
    for frame in (frame_after(r, 2), frame_after(r, 1)):  # before and with the message
        for k in range(13):
            # each card's head row: the card (not the table's colour), none of it under the box
            head = (x, y + k * th, w, th)
            assert count_colour(r, TABLE, frame, head) < w * th // 2, (frame, k)
            assert count_colour(r, table.BOX, frame, head) == 0, (frame, k)
    assert t.said == "Nothing to undo" and not t.box_group.hidden
    # at the top of the screen instead, or (a tall screen: 240x240) below the pile's foot
    assert t.box_rect.y == 0 or t.box_rect.y >= y + rows * th


# ---- 2. UP/DOWN never through a pile whose place moves ---------------------------------------------

@pytest.mark.parametrize("board", BOARDS)
def test_up_up_down_down_from_the_last_tableau_pile_comes_back_to_it(board):
    # from the waste (the cursor's first pile) LEFT LEFT is the last tableau pile, at the right
    # (a four-button board walks every pile; on a D-pad LEFT/RIGHT stay on their row and stop
    # at its ends: UP wraps to the tableau, RIGHT to its last pile, and LEFT RIGHT comes back
    # to it, forgetting the column): UP goes to the reserve, whose top card is far to the left,
    # UP again to the top-row pile over the starting column (not over the reserve's card),
    # then DOWN DOWN back
    to_last = ["LEFT", "LEFT"] if board in FOUR else ["UP"] + ["RIGHT"] * 10 + ["LEFT", "RIGHT"]
    r, ev = run_keys(board, FALLING_STARS, 1, to_last + ["UP", "UP", "DOWN", "DOWN"])
    view, game = app(r).screen.view, app(r).game
    walk = [c[0] for c in of(ev, "cursor")][-5:]
    last = game.pile_count - 1

    def centre(p):
        x, _y, cols, _r = view.rect(p, 1)
        return x + cols * view.tw // 2

    over = min(view.lines[0], key=lambda q: abs(centre(q) - centre(last)))
    assert walk == [last, game.reserve, over, game.reserve, last]
    assert abs(centre(over) - centre(last)) < abs(centre(over) - centre(game.reserve))


# ---- 3. the cursor always visible, marks apart -----------------------------------------------------

@pytest.mark.parametrize("board", BOARDS)
def test_on_the_base_choice_the_cursor_and_all_four_marks_show_in_every_frame(board):
    # Terrace: four candidates framed in magenta, the cursor on the first: yellow round it
    waits = ["wait:150"] * 6
    r, ev = run_keys(board, TERRACE, 3, waits)
    a = app(r)
    view, game, t = a.screen.view, a.game, a.screen.table
    s = t.s
    assert game.base == 0
    marks = view.marks()
    assert len(marks) == 4 and a.screen.cursor in marks
    x, y, cols, rows = view.rect(a.screen.cursor, 1)
    tall = rows * view.th
    around = (x - s, y - s, 15 * s, tall + 2 * s)  # the cursor's frame, both rings
    for frame in range(frame_after(r, 6), len(r.frames)):
        # the cursor: its outer ring whole (its left side, the gap left of the card), and no
        # yellow anywhere else
        assert count_colour(r, table.CURSOR, frame, (x - s, y, s, tall)) == s * tall, frame
        assert count_colour(r, table.CURSOR, frame) == count_colour(r, table.CURSOR, frame, around)
        for p in marks:
            # each candidate's inner ring (its left side: the card's own edge)
            px, py, _c, _r = view.rect(p, 1)
            inner = (px, py + s, s, tall - 2 * s)
            assert count_colour(r, table.MARK, frame, inner) == s * (tall - 2 * s), (frame, p)
    # the candidates side by side: between each card and the next the table's colour (or the
    # cursor's outer ring), never one magenta line for two frames
    for p, q in zip(marks, marks[1:]):
        x, y, cols, rows = view.rect(p, 1)
        gap = (x + 13 * s, y + s, s, rows * view.th - 2 * s)
        colour = table.CURSOR if p == a.screen.cursor else TABLE
        assert count_colour(r, colour, -1, gap) == gap[2] * gap[3], (p, q)


@pytest.mark.parametrize("board", BOARDS)
def test_the_hint_to_deal_from_the_stock_frames_the_stock_alone(board):
    # a hint frames what it names (issue 25 4c): "deal from the stock" the stock, not the
    # waste's top card beside it (marks side by side: the base candidates above)
    buf = array("H", bytes(1024))

    def do(h):
        # SELECT until the hint is a deal from the stock (play on until one is among them)
        for _ in range(60):
            g = h.game
            n = g.hints(buf)
            deal = [i for i in range(n) if move_src(buf[i]) == g.stock]
            if deal:
                h.go(g.reserve)
                for _ in range(deal[0] + 1):
                    h.press("SELECT")
                return True
            play(h, g.hint())
        return False
    keys, found = worked_out(board, FALLING_STARS, 2, do)
    assert found
    r, ev = run_keys(board, FALLING_STARS, 2, keys)
    a = app(r)
    view, game, t = a.screen.view, a.game, a.screen.table
    s = t.s
    assert of(ev, "say")[-1][0].endswith("deal from the stock")
    x, y, cols, rows = view.rect(game.stock, 1)
    tall = rows * view.th
    ring = (x, y + s, s, tall - 2 * s)  # the stock's inner ring, its left side
    assert count_colour(r, table.MARK, -1, ring) == s * (tall - 2 * s)
    wx, wy, wcols, wrows = view.rect(game.waste, 1)
    waste = (wx + s, wy, wcols * view.tw - s, wrows * view.th + s)  # right of the gap
    assert count_colour(r, table.MARK, -1, waste) == 0
    gap = (x + 13 * s, y + s, s, tall - 2 * s)
    assert count_colour(r, TABLE, -1, gap) == gap[2] * gap[3]


# ---- 4. status that explains itself -----------------------------------------------------------------

def first_deal(board, variant, do, why):
    # the first deal on which do(host) reaches what it looks for: (deal, its keys, what it said)
    for deal in range(1, 30):
        keys, found = worked_out(board, variant, deal, do)
        if found:
            return deal, keys, found
    pytest.fail(why)


def _status(ev):
    return [e for e in of(ev, "status")]


@pytest.mark.parametrize("board", BOARDS)
def test_the_status_line_counts_the_stock_and_the_waste_and_names_the_base(board, monkeypatch):
    unpainted(monkeypatch)
    r, ev = run_keys(board, FALLING_STARS, 1, ["LEFT", "RIGHT", "RIGHT"])
    game = app(r).game
    piles = [e[2] for e in ev if e[0] == "pos"][-1]
    stock, waste = len(piles[game.stock]), len(piles[game.waste])
    status = _status(ev)[-4:]
    right = "base %s %d/104" % (RANKS[game.base - 1], game.score())
    assert status == [("Waste %d" % waste, right), ("Stock %d" % stock, right),
                      ("Waste %d" % waste, right), ("Foundation 1/13", right)]
    assert game.pile_kind(app(r).screen.cursor) == KIND_FOUNDATION


@pytest.mark.parametrize("board", BOARDS)
def test_the_stock_lock_shows_wherever_the_cursor_is(board, monkeypatch):
    unpainted(monkeypatch)

    def do(h):
        # Terrace's by-hand rule: a card dealt while a tableau pile is empty locks the stock
        for _ in range(150):
            if h.game.locked:
                h.go(h.game.first_tableau)
                return True
            play(h, h.game.hint())
        return False
    deal, keys, _ = first_deal(board, FALLING_STARS, do, "no locked stock found")
    # the cursor on to the stock (a D-pad: up two rows first, then LEFT to the row's end)
    r, ev = run_keys(board, FALLING_STARS, deal, keys + (["LEFT"] * 3 if board in FOUR else
                                                         ["UP", "UP"] + ["LEFT"] * 10))
    a = app(r)
    game, view = a.game, a.screen.view
    assert game.locked
    seen = _status(ev)
    on_pile = [e for e in seen if e[0].startswith("Pile")][-1]
    assert on_pile[1].startswith(LOCK + " base ")  # the cursor on a tableau pile
    go_stock = [e for e in seen if e[0].startswith("Stock")][-1]
    assert go_stock[0] == "Stock %d: locked" % game.count(game.stock)
    assert read_pile(view, game.stock) == "back locked"  # a padlock on the stock itself


@pytest.mark.parametrize("board", BOARDS)
def test_general_patience_shows_its_pass_on_the_stock_and_in_its_words(board, monkeypatch):
    unpainted(monkeypatch)

    def do(h):
        # the base (A on the candidate under the cursor), the first pass: its words on the
        # stock; then on to the turn of the waste, A on the empty stock, the cursor to the waste
        g = h.game
        h.press("A")
        h.go(g.stock)
        first = (h.screen.view.words(g.stock), read_pile(h.screen.view, g.stock))
        for _ in range(400):
            m = g.hint()
            if m == NO_MOVE:
                return None
            if move_src(m) == g.waste and move_dst(m) == g.stock:
                h.go(g.stock)
                h.press("A")
                h.go(g.waste)
                return first
            play(h, m)
        return None
    deal, keys, first = first_deal(board, GENERALS, do, "no redeal reached")
    assert first[0].startswith("Stock ") and first[0].endswith(": pass 1")
    assert first[1] == "back pass 1/2"
    r, ev = run_keys(board, GENERALS, deal, keys)
    a = app(r)
    game, view = a.game, a.screen.view
    assert game.second_pass() and game.redeals_left == 0
    seen = _status(ev)
    stock_words = [e[0] for e in seen if e[0].startswith("Stock")]
    assert stock_words[0] == first[0] and "Stock 0: A redeal" in stock_words
    assert stock_words[-1].endswith(": pass 2")
    assert read_pile(view, game.stock).startswith("back pass 2/2")
    assert seen[-1][0].startswith("Waste")  # the cursor away from the stock, the mark stays
