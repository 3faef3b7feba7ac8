# Robustness of the Terrace play screen: random key presses in every mode never raise and leave
# the screen showing the engine's piles card for card; the display tree never grows.
import random

import pytest

from engine.game import NO_MOVE, PLAYING
from solitaire import keys as K
from tests.test_terrace_view_harness import (
    Harness, MODES, cards_on_screen_match, count_objects,
)

KEYS = (K.UP, K.DOWN, K.LEFT, K.RIGHT, K.A, K.A, K.A, K.B, K.SELECT, K.A_LONG, K.LEFT, K.RIGHT,
        K.START)


@pytest.mark.parametrize("variant", MODES)
def test_2000_random_presses_never_raise_and_the_screen_matches_the_engine(variant):
    rng = random.Random(1000 + variant)
    profile = variant % 2  # both rule profiles get covered across the modes
    h = Harness(variant, profile, deal=rng.randrange(1, 1 << 30))
    for i in range(2000):
        k = rng.choice(KEYS)
        if k == K.B and rng.random() < 0.6:
            k = K.A  # fewer undos, so games get somewhere
        h.view.key(k)
        h.now += 40
        h.view.tick(h.now)
        if i % 100 == 0:
            h.screen.refresh()
            cards_on_screen_match(h.view, h.game)
        if h.view.state != PLAYING and rng.random() < 0.3:
            h.game.deal(rng.randrange(1, 1 << 30))
            h.view.reset()
    h.screen.refresh()
    cards_on_screen_match(h.view, h.game)
    # the tiles also agree with the pixels: redrawing everything from scratch changes nothing
    before = h.frame()
    h.view.redraw((1 << h.game.pile_count) - 1)
    h.screen.refresh()
    assert h.frame() == before


@pytest.mark.parametrize("size", ((160, 128), (320, 240)))
def test_display_objects_stay_constant_over_500_moves(size):
    h = Harness(0, 0, deal=11, width=size[0], height=size[1])
    start = count_objects(h.view.group)
    moves = 0
    steps = 0
    while moves < 500:
        steps += 1
        assert steps < 5000
        m = h.game.hint()
        if m == NO_MOVE or h.view.state != PLAYING:
            h.press(K.B, K.B, K.B)  # undo out of the end and try again
            h.press(K.SELECT, K.A_LONG)
            moves += 1
            continue
        h.play(m)
        moves += 1
        if moves % 50 == 0:
            assert count_objects(h.view.group) == start
    assert count_objects(h.view.group) == start
