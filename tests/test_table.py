# The table every family shares (solitaire.play and its mixins), on Terrace first and then on
# every mode: the cursor and where it is drawn, LEFT/RIGHT and UP/DOWN, picking up and dropping,
# illegal drops, B (cancel, undo), redo, the hint and its cycle, A held, autoplay, what a
# 13-card pile shows, the hint frame and the cursor on one pile, the message box and the status
# line.
from array import array

import pytest

from engine.game import (KIND_STOCK, KIND_TABLEAU, NO_MOVE, move_count, move_dst, move_src,
                         pack)
from engine.registry import FAMILIES
from solitaire import keys as K
from solitaire import table
from solitaire.terrace_view import card_name

from tests.apphost import piles
from tests.test_app_helpers import (TERRACE, advance, assert_box_clear_of_status,
                                    assert_tiles_match, count, go, has_table, host, in_frame, play,
                                    read_pile, start_game)
from tests.test_app_helpers import status_area as _status
from tests.positions import set_pile

PICK_BASE = (0, 1)  # Terrace and General's Patience: the player picks the base card
# Terrace first, then every mode of every family whose table is written
EVERY_MODE = [(f, v) for f in range(len(FAMILIES)) if has_table(f)
              for v in range(len(FAMILIES[f].variants))]


def _table(board="pybadge", variant=0, deal=5, base=True, family=TERRACE, **options):
    h = host(board)
    start_game(h, variant, family=family, deal=deal, **options)
    if base and getattr(h.game, "base", 1) == 0:
        h.press(K.A)  # the cursor starts on a candidate: it becomes the base
    return h


def _only_in(h, colour, p, n=1):
    # every pixel of colour on the screen is in the frame of pile p's top n cards, and some are
    total = count(h, colour)
    return total > 0 and in_frame(h, colour, p, n) == total


def _steady(h):
    return h.frame()


def _walk_from(h, p):
    # the cursor on p with LEFT or RIGHT as the last key, so an UP/DOWN walk starts at p
    go(h, p)
    if not h.log or h.log[-1] not in ("LEFT", "RIGHT"):
        # (on a D-pad LEFT/RIGHT stop at the row's ends: away from the end p is at, and back)
        view = h.screen.view
        row = view.lines[view.column(p)[0]]
        h.press(*((K.LEFT, K.RIGHT) if p == row[-1] and len(row) > 1 else (K.RIGHT, K.LEFT)))
    assert h.screen.cursor == p


def _single_move(h):
    view = h.screen.view

    def want(g):
        m = g.hint()
        return (m != NO_MOVE and g.base != 0 and move_count(m) == 1
                and view.kind[move_dst(m)] == KIND_TABLEAU
                and view.kind[move_src(m)] != KIND_STOCK)
    assert advance(h, want), "no single-card tableau move"
    return h.game.hint()


# ---- the cursor -----------------------------------------------------------------------------------

@pytest.mark.parametrize("family,variant", EVERY_MODE)
def test_the_cursor_moves_and_is_drawn_where_it_is(family, variant):
    with _table(variant=variant, family=family) as h:
        s = h.screen
        seen = set()
        for p in s.view.order:
            go(h, p)
            assert _only_in(h, table.CURSOR, s.cursor), "cursor frame not on pile %d" % s.cursor
            seen.add(s.cursor)
        assert len(seen) == h.game.pile_count


@pytest.mark.parametrize("family,variant", EVERY_MODE)
def test_left_and_right_alone_reach_every_pile_on_a_four_button_board(family, variant):
    # (on a D-pad board they stay on their row: tests/test_app_buttons.py)
    with _table("pico320", variant=variant, family=family) as h:
        s = h.screen
        n = h.game.pile_count
        start = s.cursor
        right = []
        for _ in range(n):
            h.press(K.RIGHT)
            right.append(s.cursor)
        assert set(right) == set(range(n)) and s.cursor == start  # and it wraps
        left = []
        for _ in range(n):
            h.press(K.LEFT)
            left.append(s.cursor)
        assert left[:-1] == list(reversed(right[:-1]))


@pytest.mark.parametrize("family,variant", EVERY_MODE)
def test_up_and_down_go_to_the_pile_nearest_the_column_where_the_walk_started(family, variant):
    # issue 10: UP/DOWN by column position, never through a pile whose place moves as it
    # shrinks (Terrace's reserve: its top card sits where its strips end)
    with _table(variant=variant, family=family, deal=3) as h:
        s = h.screen
        view = s.view
        rows = view.lines

        def centre(p):
            x, _y, cols, _r = view.rect(p, 1)
            return x + cols * view.tw // 2

        for p in range(h.game.pile_count):
            for key, step in ((K.DOWN, 1), (K.UP, -1)):
                _walk_from(h, p)
                x = centre(p)
                r = [i for i, row in enumerate(rows) if p in row][0]
                for n in range(1, len(rows) + 1):
                    h.press(key)
                    nxt = rows[(r + n * step) % len(rows)]
                    q = s.cursor
                    assert q in nxt, (p, key, n, q)
                    assert abs(centre(q) - x) == min(abs(centre(o) - x) for o in nxt), (p, n)
                # a whole turn of the rows comes back to the pile nearest the start: p itself
                assert s.cursor == p, (p, key)


def test_on_a_tableau_pile_up_takes_one_more_card_of_a_group_where_the_rules_allow_it():
    # literal rules: groups move; UP on a tableau pile takes a card more while the engine lets
    # the group be picked up, then goes up a row; DOWN gives one back; A picks up the group
    with _table(variant=2, deal=1, rules="literal") as h:
        g = h.game
        s = h.screen
        tabs = [p for p in range(g.pile_count) if g.pile_kind(p) == KIND_TABLEAU]

        def grouped(game):
            return any(game.pickable(p, 2) for p in tabs)
        for deal in range(1, 40):
            if advance(h, grouped):
                break
            h.start(TERRACE, 2, 1, deal + 1)
            g = h.game
        else:
            pytest.fail("no group found")
        p = [q for q in tabs if g.pickable(q, 2)][0]
        deepest = max(n for n in range(1, 14) if g.pickable(p, n))
        go(h, p)
        for n in range(2, deepest + 1):
            h.press(K.UP)
            assert s.cursor == p and s.depth == n
            assert _only_in(h, table.CURSOR, p, n) and not _only_in(h, table.CURSOR, p, n - 1)
        h.press(K.DOWN)
        assert s.depth == deepest - 1
        h.press(K.UP, K.A)
        assert s.held == p and s.held_n == deepest
        assert in_frame(h, table.PICKED, p, deepest) == count(h, table.PICKED) > 0
        h.press(K.B)
        assert s.held == -1 and s.depth == 1
        for _ in range(deepest):
            h.press(K.UP)
        assert s.cursor != p and s.depth == 1  # past the deepest group: up a row
    with _table(variant=2, deal=1) as h:  # classic: single cards, UP goes up a row at once
        p = h.screen.view.lines[2][0]
        go(h, p)
        h.press(K.UP)
        assert h.screen.cursor != p and h.screen.depth == 1


# ---- picking up and dropping ----------------------------------------------------------------------

def test_a_picks_up_and_drops_and_the_table_shows_the_engine():
    with _table() as h:
        m = _single_move(h)
        src, dst = move_src(m), move_dst(m)
        n_src, n_dst = h.game.count(src), h.game.count(dst)
        go(h, src)
        h.press(K.A)
        assert h.screen.held == src and _only_in(h, table.PICKED, src)
        go(h, dst)
        h.press(K.A)
        assert h.screen.held == -1 and count(h, table.PICKED) == 0
        assert h.game.count(dst) == n_dst + 1 and h.game.count(src) <= n_src
        assert_tiles_match(h.screen.view, h.game)


def test_an_illegal_drop_changes_nothing_and_says_why():
    with _table() as h:
        g = h.game
        view = h.screen.view
        src = g.waste
        dst = [p for p in view.lines[2] if g.check(pack(src, p, 1))][0]
        reason = g.check(pack(src, dst, 1))
        before = piles(g)
        go(h, src)
        h.press(K.A)
        go(h, dst)
        tiles = [read_pile(view, p) for p in range(g.pile_count)]
        h.press(K.A)
        assert piles(g) == before and h.screen.held == -1
        assert [read_pile(view, p) for p in range(g.pile_count)] == tiles
        assert h.message() == g.REASONS[reason] and g.REASONS[reason]
        assert count(h, table.BOX) > 200  # the yellow box
        h.idle(2000)  # the message goes by itself
        assert h.message() is None


def test_a_on_a_pile_that_can_not_be_picked_up_says_why():
    with _table() as h:
        g = h.game
        go(h, g.first_foundation)
        h.press(K.A)
        assert h.screen.held == -1
        assert h.message() == h.screen.view.refuse(g.first_foundation, 1)
        empty = [p for p in range(g.first_foundation, g.first_foundation + 8) if g.count(p) == 0]
        go(h, empty[0])
        h.press(K.A)
        assert h.message().startswith("Empty foundation")


def test_b_cancels_a_pick_up_first_then_undoes():
    with _table() as h:
        m = _single_move(h)
        play(h, m)
        made = h.game.moves
        go(h, h.game.waste)
        h.press(K.A)
        assert h.screen.held == h.game.waste
        h.press(K.B)
        assert h.screen.held == -1 and h.game.moves == made
        h.press(K.B)
        assert h.game.moves < made


@pytest.mark.parametrize("family,variant", EVERY_MODE)
def test_undo_restores_the_exact_screen(family, variant):
    with _table(variant=variant, family=family, deal=6) as h:
        if family == TERRACE:
            m = _single_move(h)
        else:
            assert advance(h, lambda g: g.hint() != NO_MOVE, limit=1)
            m = h.game.hint()
        # the cursor where the keys of the move leave it: on the pile A acts on, else dst
        acts = [p for p in (move_src(m), move_dst(m)) if h.screen.view.press(p) == m]
        go(h, acts[0] if acts else move_dst(m))
        shown = _steady(h)
        before = piles(h.game)
        play(h, m)
        assert _steady(h) != shown
        h.press(K.B)
        assert piles(h.game) == before and _steady(h) == shown


def _base_choice_with_autoplay():
    # a Terrace deal whose base choice (the hint's) lets autoplay send cards home at once
    for deal in range(1, 200):
        with host() as h:
            start_game(h, 0, deal=deal)
            m = h.game.hint()
            go(h, move_src(m))
            before = piles(h.game)
            shown = _steady(h)
            h.press(K.A)
            if h.game.score() > 1:
                return h, before, shown
    pytest.fail("no deal found")


def test_undo_after_the_base_choice_autoplay_restores_the_exact_position_before_the_choice():
    h, before, shown = _base_choice_with_autoplay()
    with h:
        assert h.game.base != 0
        h.press(K.B)  # one undo: the choice and every card autoplay sent home after it
        assert h.game.base == 0 and h.game.moves == 0 and piles(h.game) == before
        assert _steady(h) == shown


def test_redo_replays_what_undo_took_back_exactly_and_a_new_move_clears_it():
    h, before, shown = _base_choice_with_autoplay()
    with h:
        after = piles(h.game)
        after_shown = _steady(h)
        h.press(K.B)
        h.press(K.REDO)
        assert piles(h.game) == after and _steady(h) == after_shown
        h.press(K.REDO)
        assert h.message() == "Nothing to redo"
        # undo, then another move: nothing to redo any more
        m = _single_move(h)
        play(h, m)
        h.press(K.B)
        other = [q for q in h.screen.view.order if h.game.pile_kind(q) == KIND_STOCK][0]
        go(h, other)
        h.press(K.A)  # a deal from the stock
        h.press(K.REDO)
        assert h.message() == "Nothing to redo"


# ---- hints --------------------------------------------------------------------------------------

def test_select_shows_the_hint_on_the_piles_it_names_and_cycles_through_the_hints():
    buf = array("H", bytes(1024))
    with _table(variant=2, deal=2) as h:
        g = h.game
        assert advance(h, lambda game: game.hints(buf) == 3), "no position with 3 hints"
        hints = [buf[i] for i in range(3)]
        framed = set(move_src(m) for m in hints) | set(move_dst(m) for m in hints)
        go(h, [p for p in h.screen.view.order if p not in framed][0])  # no blinking over them
        said = []
        for i in range(5):
            h.press(K.SELECT)
            said.append(h.message())
            if i in (0, 1, 2, 4):
                m = hints[i % 4]
                src, dst = move_src(m), move_dst(m)
                # what the hint names: both piles, or the stock alone for a deal from it
                framed = [src] if src == g.stock else [src, dst]
                assert h.screen.view.framed(m) == framed
                assert all(in_frame(h, table.MARK, p) > 0 for p in framed)
                marked = sum(in_frame(h, table.MARK, p) for p in framed)
                assert marked >= count(h, table.MARK)  # (frames of neighbours may overlap)
                n = move_count(m)
                card = card_name(g.card(src, g.count(src) - (n or 1)))
                assert said[-1] == "Hint %d/3: %s" % (i % 4 + 1, h.screen.view.name(m, n))
                if src != g.stock:
                    assert card in said[-1]
            else:
                assert count(h, table.MARK) == 0
        assert said[3] == "No more hints (SELECT: the first again)"
        h.press(K.LEFT)  # any other key: the hint frames go
        assert count(h, table.MARK) == 0


def test_a_single_hint_is_named_without_a_count():
    buf = array("H", bytes(1024))
    with _table(variant=2, deal=2) as h:
        assert advance(h, lambda game: game.hints(buf) == 1), "no position with 1 hint"
        h.press(K.SELECT)
        assert h.message() == "Hint: " + h.screen.view.name(buf[0], move_count(buf[0]))


# ---- A held, autoplay -------------------------------------------------------------------------------

def test_a_held_sends_the_card_home_and_on_a_pile_with_nothing_to_send_home_says_so():
    with _table(variant=2, deal=2, autoplay=False) as h:
        g = h.game
        assert advance(h, lambda game: any(game.quick_play(p) != NO_MOVE
                                           for p in range(game.pile_count)))
        p = [q for q in range(g.pile_count) if g.quick_play(q) != NO_MOVE][0]
        score = g.score()
        go(h, p)
        h.press(K.A_LONG)
        assert g.score() == score + 1
        q = [o for o in h.screen.view.order if g.quick_play(o) == NO_MOVE][0]
        go(h, q)
        h.press(K.A_LONG)
        assert g.score() == score + 1 and h.message() == "No foundation takes that"


def _play_then_watch(h, m):
    # move m with keys, its last key unsettled; then the clock in 20 ms steps until autoplay is
    # done: the steps at which a card went home
    s = h.screen
    g = h.game
    src, dst, n = move_src(m), move_dst(m), move_count(m)
    go(h, src)
    if not (s.view.press(src) == m or g.pile_kind(src) == KIND_STOCK):
        while s.depth < n:
            h.press(K.UP)
        h.press(K.A)
        go(h, dst)
    h.press(K.A, settle=False)
    times = []
    for t in range(400):
        if s.auto_due is None:
            return times
        score = g.score()
        h.step()
        assert g.score() - score <= 1, "two cards home in one step"
        if g.score() > score:
            times.append(t)
    raise AssertionError("autoplay never ended")


def test_autoplay_sends_every_available_card_home_a_card_at_a_time():
    from solitaire.play import AUTO_MS

    gaps = []
    for deal in (2, 3, 4, 5):
        with _table(variant=2, deal=deal) as h:
            g = h.game
            while not gaps or len(gaps) < 3:
                m = g.hint()
                if m == NO_MOVE or h.screen.over:
                    break
                times = _play_then_watch(h, m)
                gaps += [b - a for a, b in zip(times, times[1:])]
                # nothing is left that could go home
                assert all(g.quick_play(p) == NO_MOVE for p in range(g.pile_count))
        if len(gaps) >= 3:
            break
    assert gaps, "no move sent two cards home"
    assert min(gaps) * 20 >= AUTO_MS  # paced: the player sees where each card goes
    assert max(gaps) * 20 <= AUTO_MS + 40


def test_autoplay_off_leaves_the_cards_where_they_are():
    with _table(variant=2, deal=2, autoplay=False) as h:
        g = h.game
        assert advance(h, lambda game: any(game.quick_play(p) != NO_MOVE
                                           for p in range(game.pile_count)))
        score = g.score()
        h.idle(2000)
        assert g.score() == score


# ---- what the table shows -------------------------------------------------------------------------

def _long_pile(h, p, n=13):
    # pile p made n cards long from the stock's cards (the position need not be one the rules
    # reach: what is drawn is the question)
    g = h.game
    stock = [g.card(g.stock, i) for i in range(g.count(g.stock))]
    pile = [g.card(p, i) for i in range(g.count(p))]
    more = n - len(pile)
    set_pile(g, p, pile + stock[len(stock) - more:])
    set_pile(g, g.stock, stock[:len(stock) - more])
    h.screen.redraw(-1)
    assert g.count(p) == n


@pytest.mark.parametrize("board", ("pybadge", "pygamer", "pico320", "picosystem", "picodisplay"))
def test_a_13_card_tableau_pile_shows_all_its_cards_on_every_board(board):
    from solitaire.terrace_view import TABLE

    with _table(board, variant=2) as h:
        view = h.screen.view
        for p in (view.lines[2][0], view.lines[2][-1]):
            _long_pile(h, p)
            shown = read_pile(view, p)
            assert "more" not in shown and len(shown) == 13
            # every card's head is on screen, above the status line: its row of the pile is not
            # the table's colour
            x, y, cols, rows = view.rect(p, 13)
            assert rows == 14 and y + rows * view.th <= _status(h)[1]
            for r in range(13):
                area = (x, y + r * view.th, cols * view.tw, view.th)
                assert count(h, TABLE, area) < cols * view.tw * view.th // 2, r


@pytest.mark.parametrize("board", ("pybadge", "pico320", "picosystem", "picodisplay"))
def test_a_message_never_hides_the_cards_of_a_long_pile(board):
    # the box sits above the status line; where a pile reaches down to it, at the top instead
    with _table(board, variant=2) as h:
        view = h.screen.view
        t = h.screen.table
        p = view.lines[2][len(view.lines[2]) // 2]  # under the box's middle
        low = None  # the box's place above the status line
        for n in (3, 13):
            _long_pile(h, p, n)
            for text in ("Nothing to redo", "No moves left. B: undo, A: the result."):
                h.screen.say(text)
                r = t.box_rect
                x, y, cols, rows = view.rect(p, n)
                if n == 3:
                    assert r.y > 0, text
                    low = r.y
                else:  # at the top where the pile's foot reaches the low place (not at 240x240)
                    assert (r.y == 0) == (y + rows * view.th > low), (n, text)
                assert r.y + r.height <= y or r.y >= y + rows * view.th, (n, text)
                assert_box_clear_of_status(h)
                t.unsay()


def test_the_hint_frame_and_the_cursor_both_show_at_every_moment_on_the_same_pile():
    # the cursor is the frame's outer ring there, the hint's mark the inner one: no blinking
    with _table(variant=2, deal=2) as h:
        m = h.game.hint()
        src = move_src(m)
        go(h, src)
        h.press(K.SELECT)
        view = h.screen.view
        s = h.screen.table.s
        x, y, cols, rows = view.rect(src, 1)
        tall = rows * view.th
        outer = (x - s, y, s, tall)  # the frame's left side: its outer ring (the gap)...
        inner = (x, y + s, s, tall - 2 * s)  # ...and its inner ring (the card's edge)
        for _ in range(12):
            h.idle(100)
            assert count(h, table.CURSOR, outer) == s * tall
            assert count(h, table.MARK, inner) == s * (tall - 2 * s)
            assert in_frame(h, table.MARK, move_dst(m)) > 0


def test_two_marks_side_by_side_read_as_two_frames():
    # General's Patience's "turn the waste over to the stock" frames the stock and the waste:
    # the table's colour between them
    from solitaire.terrace_view import TABLE

    buf = array("H", bytes(1024))
    with _table(variant=1, deal=1) as h:
        g = h.game
        assert advance(h, lambda game: game.hints(buf) >= 1 and move_dst(buf[0]) == game.stock,
                       limit=600)
        go(h, g.reserve)
        h.press(K.SELECT)
        view = h.screen.view
        s = h.screen.table.s
        x, y, cols, rows = view.rect(g.stock, 1)
        gap = (x + 13 * s, y + s, s, rows * view.th - 2 * s)  # the column between the two cards
        assert count(h, TABLE, gap) == gap[2] * gap[3]
        for p in (g.stock, g.waste):
            assert in_frame(h, table.MARK, p) > 0


def _messages(h):
    # what the table can say: the engine's reasons, the view's words for every pile (base
    # chosen or not), and what the keys make it say
    g = h.game
    view = h.screen.view
    texts = set(view.why(code, 0) for code in range(1, len(g.REASONS)))
    for p in range(g.pile_count):
        texts.update((view.refuse(p, 1), view.refuse(p, 2), view.no_home(p)))
    texts.add(view.stuck())
    buf = array("H", bytes(1024))
    for i in range(min(3, g.hints(buf))):
        texts.add("Hint %d/9: " % (i + 1) + view.name(buf[i], move_count(buf[i])))
    return texts


@pytest.mark.parametrize("board", ("pybadge", "pico320", "picosystem", "picodisplay"))
def test_the_message_box_never_covers_the_status_line(board):
    with _table(board, variant=0, deal=5, base=False) as h:
        texts = _messages(h)
        h.press(K.B)
        texts.add(h.message())  # nothing to undo yet
        h.press(K.REDO)
        texts.add(h.message())
        h.press(K.A)  # the base
        texts |= _messages(h)
        for _ in range(6):
            h.press(K.SELECT)
            texts.add(h.message())
        texts.discard(None)
        assert len(texts) > 20
        h.press(K.LEFT)
        status = h.crop(*_status(h))
        for text in sorted(texts):
            h.screen.say(text)
            assert h.crop(*_status(h)) == status, text
            assert_box_clear_of_status(h)
            h.screen.table.unsay()


def test_a_message_of_the_same_size_assigns_no_width_or_height_to_its_box():
    # vectorio redraws a whole rectangle whenever its width or height is assigned, the same value
    # too (the real core, sim/data/board_calibration.py): the box's rectangle is given only what
    # changed, so the next hint or message of the box's size repaints its words, not its box
    with _table() as h:
        t = h.screen.table
        t.say("First message")
        r = t.box_rect
        seen = []

        class Watched:  # the box's rectangle, its assignments noted
            def __getattr__(self, name):
                return getattr(r, name)

            def __setattr__(self, name, value):
                seen.append(name)
                setattr(r, name, value)

        t.box_rect = Watched()
        t.say("First massage")  # as wide and tall (e and a: 4 px): nothing to assign
        assert seen == []
        t.say("A much longer message than the first one, on two lines of the box")
        assert "height" in seen  # a taller box: its height, and so its redraw
        t.box_rect = r
