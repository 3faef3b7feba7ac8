# Flash writes per game, counted (not timed) with the bench's scripted player
# (sim/bench_writes.py: the real app, a key every 0.7 s once the table has settled): at most
# one write in play for the new game, one per pause of the player (3 s or more between two
# keys), and one at the game's end; never one per automatic card (issue 36: an autoplay cascade
# wrote once per card, up to 37 writes in a game).
import pytest

from sim import bench_writes as B


@pytest.mark.parametrize("key", list(B.modes()), ids=lambda k: "%d-%d-%d" % k)
def test_every_mode_writes_once_at_the_start_once_per_pause_and_once_at_the_end(key):
    # the pausing player (4 s every 25 keys), Motion on: pauses and long cascades both
    (play, end, pauses, keys, _won), = B.figures(key, [1], motion=True, pause=True)
    assert keys > 20 and pauses >= keys // B.PAUSE_EVERY
    assert end == 1 and 1 <= play <= 1 + pauses, (play, pauses)


@pytest.mark.parametrize("motion", [True, False], ids=["motion on", "motion off"])
def test_redheads_cascades_write_once_when_the_table_has_settled_not_per_card(motion):
    # Redheads deals 5 and 6, won: their autoplay cascades home outlast the 3 s of the idle
    # save while the player watches (with Motion on; with it off, the cards go home at once)
    games = B.figures((0, 4, 0), [5, 6], motion=motion)
    for play, end, pauses, keys, won in games:
        assert won and end == 1 and 1 <= play <= 1 + pauses, (play, pauses)
    if motion:
        assert sum(g[2] for g in games) >= 3  # the cascades made pauses
    else:
        assert [g[0] for g in games] == [1, 1]  # no pause: the new game's write alone
