# A cascade you can follow (solitaire/motion.py): a move the game follows with automatic steps
# (Terrace's fill of a space from the reserve, Solar's forced plays from the waste) shows the
# player's cards sliding first, then each automatic step sliding in turn with a pause between,
# the piles drawn as of the step shown; a key lands the whole cascade at once and acts; undo
# takes it all back at once. On the virtual clock of the headless app (tests/apphost.py).
from engine.game import NO_MOVE, move_count, move_src
from engine.registry import FAMILIES
from solitaire import keys as K
from solitaire.motion import PAUSE_MS, SLIDE_MS

from tests.apphost import STEP_MS
from tests.test_app_helpers import host, start_game

TERRACE = [f.key for f in FAMILIES].index("terrace")
SOLAR = [f.key for f in FAMILIES].index("solar")
REDHEADS = 4  # Terrace's mode that fills a space from the reserve


def _noted(g):
    return [(g.steps[3 * i], g.steps[3 * i + 1], g.steps[3 * i + 2] & 127)
            for i in range(g.step_count)]


def _cascade(h, least, fits=lambda steps: True):
    # the hint's moves, made as the table makes them, until one makes a cascade of at least
    # `least` steps that fits(); returns (its steps, where the move's cards lay)
    s = h.screen
    g = h.game
    for _ in range(300):
        m = g.hint()
        assert m != NO_MOVE
        start = s.view.rect(move_src(m), move_count(m))[:2]
        assert s.apply(m)
        steps = _noted(g)
        if len(steps) >= least and fits(steps):
            return steps, start
        h.settle()
    raise AssertionError("no cascade met")


def _tiles(view):
    return [[g[i] for i in range(g.width * g.height)] for g in view.grids]


def _drawn_now(h):
    # the tiles as drawn, and as a full redraw from the game draws them: the same once landed
    view = h.screen.view
    drawn = _tiles(view)
    for p in range(h.game.pile_count):
        view.draw(p)
    return drawn, _tiles(view)


def _play_out(h, steps, start):
    # the app's frames until the cascade is over: per step, its slide's sprite places; checks
    # that each slide starts where its cards lay and ends at its destination, in order
    s = h.screen
    m = s.motion
    view = s.view
    g = h.game
    slides = []  # (step, [places])
    pauses = []  # ms between one slide's end and the next's start
    expect = start
    paused = 0
    for _ in range(2000):
        if m.slide is not None:
            i = m.next - 1 if m.last else 0
            if not slides or slides[-1][0] != i:
                if slides:
                    pauses.append(paused)
                # its first frame: where the cards lay as the step before left them
                assert (m.sprite.x, m.sprite.y) == expect, (i, steps[i])
                slides.append((i, []))
            slides[-1][1].append((m.sprite.x, m.sprite.y))
            paused = 0
        elif m.last:
            assert m.wait is not None  # between two steps: a pause, the next step noted
            nxt = steps[m.next]
            # the piles drawn as of the step shown: the next step's cards still on its source
            assert view.count(nxt[0]) == g.count(nxt[0]) + sum(
                n for src, _d, n in steps[m.next:] if src == nxt[0]) - sum(
                n for _s, dst, n in steps[m.next:] if dst == nxt[0])
            expect = view.rect(nxt[0], nxt[2])[:2]
            paused += STEP_MS
        else:
            break
        before = slides[-1][0] if slides else -1
        h.step()
        if m.slide is None and slides and slides[-1][0] == before and view.arriving == -1:
            # a slide just landed: its cards at their destination, drawn whole
            i, places = slides[-1]
            src, dst, n = steps[i]
            end = view.rect(dst, n)[:2]
            first, last = places[0], places[-1]
            for x, y in places:
                assert min(first[0], end[0]) <= x <= max(first[0], end[0])
                assert min(first[1], end[1]) <= y <= max(first[1], end[1])
            assert abs(last[0] - end[0]) + abs(last[1] - end[1]) <= \
                abs(first[0] - end[0]) + abs(first[1] - end[1])
            assert len(places) * STEP_MS <= SLIDE_MS + 2 * STEP_MS  # within ~150 ms
    assert not m.busy() or m.celebrating()
    assert [i for i, _ in slides] == list(range(len(steps)))  # each step, in order
    assert all(p >= PAUSE_MS - STEP_MS for p in pauses)  # a pause a player can follow
    drawn, redrawn = _drawn_now(h)
    assert drawn == redrawn
    assert view.shown is g and view.arriving == -1
    return slides


def _redheads(deal=1):
    h = host("pybadge")
    start_game(h, REDHEADS, family=TERRACE, deal=deal)
    h.settle()
    return h


def _fill(steps):
    # the move emptied a tableau pile, and the reserve filled it
    return steps[1][0] == 2 and steps[1][1] == steps[0][0]


def test_a_terrace_fill_slides_the_players_card_then_the_reserve_card_into_the_space():
    with _redheads() as h:
        g = h.game
        view = h.screen.view
        steps, start = _cascade(h, 2, _fill)
        space = steps[0][0]
        # as of the first step: the space shows empty, the reserve still shows its card
        assert view.count(space) == 0
        assert view.count(2) == g.count(2) + 1
        assert view.shown.card(2, g.count(2)) == g.top(space)
        slides = _play_out(h, steps, start)
        assert slides[1][0] == 1 and steps[1][:2] == (2, space)


def test_solar_forced_plays_slide_from_the_waste_one_after_the_other():
    h = host("pybadge")
    start_game(h, 0, family=SOLAR, deal=1)
    h.settle()
    with h:
        steps, start = _cascade(h, 3)
        assert all(src == 1 and 2 <= dst < 6 for src, dst, _n in steps[1:])
        _play_out(h, steps, start)


def test_a_key_during_a_cascade_lands_every_step_at_once_and_acts():
    with _redheads() as h:
        s = h.screen
        g = h.game
        _cascade(h, 2, _fill)
        h.step()
        h.step()  # the player's card on its way, the fill still to come
        assert s.motion.last and s.view.shown is not g
        cursor = s.cursor
        h.press(K.RIGHT, settle=False)
        m = s.motion
        assert not m.busy() and m.last == 0 and m.slide is None and m.sprite.hidden
        assert s.view.shown is g and all(s.view.count(p) == g.count(p)
                                         for p in range(g.pile_count))
        drawn, redrawn = _drawn_now(h)
        assert drawn == redrawn
        order = s.view.order
        assert s.cursor == order[(order.index(cursor) + 1) % len(order)]


def test_undo_after_a_cascade_takes_it_all_back_at_once():
    with _redheads() as h:
        s = h.screen
        g = h.game
        before = [[g.card(p, i) for i in range(g.count(p))] for p in range(g.pile_count)]
        drawn_before = _tiles(s.view)
        moves = g.moves
        steps, _start = _cascade(h, 2, _fill)
        assert len(steps) >= 2 and moves == g.moves - 1  # (the first hint makes it)
        h.step()
        h.press(K.B, settle=False)  # mid-cascade: undo, in one step
        assert not s.motion.busy() and s.motion.slide is None
        assert [[g.card(p, i) for i in range(g.count(p))]
                for p in range(g.pile_count)] == before
        assert _tiles(s.view) == drawn_before
        # and once played out
        steps, start = _cascade(h, 2, _fill)
        _play_out(h, steps, start)
        h.press(K.B, settle=False)
        assert not s.motion.busy()
        assert [[g.card(p, i) for i in range(g.count(p))]
                for p in range(g.pile_count)] == before
        assert _tiles(s.view) == drawn_before


def test_with_motion_off_a_cascade_lands_with_the_move():
    with _redheads() as h:
        s = h.screen
        s.motion.close()
        s.motion = None  # (as the Motion option off makes the table: tests/test_motion.py)
        g = h.game
        steps, _start = _cascade(h, 2, _fill)
        assert s.view.shown is g
        drawn, redrawn = _drawn_now(h)
        assert drawn == redrawn
