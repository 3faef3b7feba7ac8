# Moves you can see (solitaire/motion.py): a move's cards slide from where they were to where
# they go in a few frames, a key cuts the slide short and acts, autoplay's cards slide one after
# the other and undo takes them back at once, a win is celebrated until a key (then the
# result), and the Motion option turns it all off (saved).
import pytest

from engine.game import WON, move_count, move_dst, move_src
from engine.registry import FAMILIES
from solitaire import keys as K
from solitaire.motion import SLIDE_MS

from tests.test_app_helpers import choose, host, past_notices, start_game

FAMILY_KEYS = [f.key for f in FAMILIES]


def _table(family, deal=11, board="pybadge"):
    h = host(board)
    start_game(h, 0, family=family, deal=deal)
    if getattr(h.game, "base", 1) == 0:
        h.press(K.A)
    return h


def _slide(h, m):
    # the move made as the table makes it; the sprite's place at each 20 ms step till it ends
    s = h.screen
    s.apply(m)
    places = []
    while s.motion.slide is not None:
        sprite = s.motion.sprite
        assert not sprite.hidden
        places.append((sprite.x, sprite.y))
        h.step()
    return places


@pytest.mark.parametrize("family", range(len(FAMILIES)), ids=FAMILY_KEYS)
def test_a_slide_starts_where_the_cards_were_and_ends_where_they_go(family):
    with _table(family) as h:
        g = h.game
        view = h.screen.view
        checked = 0
        for _ in range(12):
            m = g.hint()
            p, n = move_src(m), move_count(m)
            start = view.rect(p, n)[:2] if n and p < g.pile_count else None
            places = _slide(h, m)
            if not places:  # a move with no cards to show going somewhere (a redeal): no slide
                h.settle()
                continue
            q = g.steps[1]  # where its cards went (a Solar turn: a pad, the waste or the hand)
            checked += 1
            assert places[0] == start
            assert 3 <= len(places) <= SLIDE_MS // 20 + 2  # a few frames, within ~150 ms
            assert view.arriving == -1 and h.screen.motion.sprite.hidden
            end = view.rect(q, n)[:2]
            last = places[-1]
            # every frame on the way from the start to the end, the last one next to it
            for x, y in places:
                assert min(start[0], end[0]) <= x <= max(start[0], end[0])
                assert min(start[1], end[1]) <= y <= max(start[1], end[1])
            assert abs(last[0] - end[0]) + abs(last[1] - end[1]) <= \
                abs(start[0] - end[0]) + abs(start[1] - end[1])
            h.settle()
        assert checked >= 3


def test_the_destination_shows_the_cards_only_when_they_arrive():
    with _table(0) as h:
        g = h.game
        view = h.screen.view
        m = g.hint()
        q, n = move_dst(m), move_count(m)
        h.screen.apply(m)
        assert view.arriving == q and view.count(q) == g.count(q) - n
        h.settle()
        assert view.arriving == -1 and view.count(q) == g.count(q)


def test_a_key_during_a_slide_lands_the_cards_and_acts():
    with _table(0) as h:
        s = h.screen
        m = h.game.hint()
        s.apply(m)
        assert s.motion.slide is not None
        cursor = s.cursor
        h.press(K.RIGHT, settle=False)  # the very next step
        assert s.motion.slide is None and s.motion.sprite.hidden
        assert s.cursor == s.view.order[(s.view.order.index(cursor) + 1) % len(s.view.order)]


def test_autoplay_cards_slide_one_after_the_other_and_one_undo_takes_them_back():
    # Terrace deal 11 with autoplay: the hint's moves until one sends cards home by itself
    with _table(0) as h:
        s = h.screen
        g = h.game
        for _ in range(60):
            before = g.score()
            moves = g.moves
            s.apply(g.hint())
            slides = []
            for _ in range(200):  # each autoplay card: its own slide, one at a time
                if s.motion.slide is not None and s.motion.slide[0] not in slides[-1:]:
                    slides.append(s.motion.slide[0])
                if s.auto_due is None and s.motion.slide is None:
                    break
                h.step()
            if g.score() > before + 1:
                assert len(slides) >= 2, slides
                h.press(K.B)  # undo: the move and what autoplay sent home, at once
                assert g.score() == before and g.moves == moves
                assert s.motion.slide is None
                return
        pytest.fail("no autoplay cascade in 60 moves")


def _won(h):
    # the hint's moves through the table's own path until the game ends
    s = h.screen
    for _ in range(400):
        if s.over:
            break
        assert s.play_hint()
        h.settle()
    assert h.game.status() == WON


def test_a_win_is_celebrated_until_a_key_then_the_result():
    with _table(1, deal=1) as h:  # Solitario 4 Ases deal 1, won by its hints
        _won(h)
        s = h.screen
        assert s.over
        h.step()
        assert s.motion.celebrating()
        seen = set()
        for _ in range(20):
            h.step(30)
            seen.add((s.motion.sprite.x, s.motion.sprite.y))
        assert len(seen) > 10  # the card flies
        h.press(K.LEFT)  # any key ends it: the result box, and the key does nothing else
        assert not s.motion.celebrating() and s.motion.sprite.hidden
        assert s.box is not None and s.box[0].startswith("You won")


def test_a_key_during_the_slide_that_wins_lands_it_and_only_the_next_key_answers():
    # issue 36: the key that lands the winning move's slide shows the end ("You won! Press A.",
    # then the celebration); it is not taken as the answer to it. The win was counted as the
    # move ended the game
    with _table(1, deal=1) as h:  # Solitario 4 Ases deal 1, won by its hints (no autoplay)
        s, g = h.screen, h.game
        for _ in range(400):
            assert s.apply(g.hint())
            if g.status() == WON:
                break
            h.settle()
        assert s.motion.slide is not None and s.over
        assert h.app.store.stats(1, 0, 0)[:2] == (1, 1)
        h.press(K.A, settle=False)  # the very next step, the card still sliding
        assert s.motion.slide is None and s.box is None and s.motion.celebrating()
        h.press(K.A)
        assert s.box is not None and s.box[0].startswith("You won")
        assert h.app.store.stats(1, 0, 0)[:2] == (1, 1)


def test_a_win_lights_the_neopixels_and_they_go_dark_after():
    # the PyBadge's five NeoPixels (board.NEOPIXEL), written through the core's neopixel_write
    with _table(1, deal=1) as h:
        _won(h)
        assert h.session.pixels == []  # (nothing before the win)
        for _ in range(10):
            h.step(30)
        sent = h.session.pixels
        assert sent and all(len(b) == 15 for _ms, b in sent)
        assert any(any(b) for _ms, b in sent)  # lit
        h.press(K.LEFT)  # the celebration ends: dark again
        assert h.session.pixels[-1][1] == bytes(15)


def test_the_celebration_ends_by_itself_in_the_result():
    with _table(1, deal=1) as h:
        _won(h)
        s = h.screen
        for _ in range(2000):
            h.step(30)
            if s.box is not None:
                break
        assert s.box is not None and s.box[0].startswith("You won")


def test_motion_off_in_the_options_is_kept_and_nothing_slides(tmp_path):
    h = host("pybadge", data_dir=str(tmp_path))
    past_notices(h)
    choose(h, "New game")
    choose(h, FAMILIES[0].name)
    choose(h, FAMILIES[0].variants[0])
    choose(h, "Motion: on")  # A flips it
    assert "Motion: off" in h.screen.page.items
    choose(h, "Start game")
    assert h.screen.motion is None
    h.close()
    h = host("pybadge", data_dir=str(tmp_path))
    past_notices(h)
    choose(h, "New game")
    choose(h, FAMILIES[0].name)
    choose(h, FAMILIES[0].variants[0])
    assert "Motion: off" in h.screen.page.items
    h.close()


def test_the_readmes_motion_pictures_are_made_from_the_app(tmp_path):
    # tests/motion_shots.py: three frames of a slide, three of the celebration, side by side
    from sim import png
    from tests import motion_shots

    motion_shots.main([str(tmp_path)])
    for name in ("motion_slide.png", "motion_celebration.png"):
        w, h, rgb = png.read(str(tmp_path / name))[:3]
        assert (w, h) == ((160 * 3 + 2 * motion_shots.GAP) * 2, 128 * 2)
    # the slide's frames differ (the card moves), the celebration's too (the cards bounce)
    w, h, rgb = png.read(str(tmp_path / "motion_slide.png"))[:3]
    third = (160 + motion_shots.GAP) * 2 * 3
    rows = [rgb[y * w * 3:(y + 1) * w * 3] for y in range(h)]
    assert any(r[:320 * 3] != r[third:third + 320 * 3] for r in rows)
