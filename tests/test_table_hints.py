# The table's advice as a newcomer meets it (issue 40): a hint stays until the next key, however
# long it takes to read; a hint never proposes taking back the move just made, nor resigning a
# game not proved lost; twin cards (two decks) are told apart by the pile they are on.
from array import array

from engine.game import move_count, move_dst, move_src, pack
from solitaire import keys as K
from solitaire import table

from tests.test_app_helpers import TERRACE, advance, count, go, host, start_game


def _terrace(deal=2, variant=2):
    h = host("pybadge")
    start_game(h, variant, family=TERRACE, deal=deal)
    return h


# ---- item 1: the hint's lifetime -------------------------------------------------------------

def test_a_hint_stays_until_the_next_key_and_that_key_takes_it_away():
    buf = array("H", bytes(1024))
    with _terrace() as h:
        assert advance(h, lambda game: game.hints(buf) >= 2)
        h.press(K.SELECT)
        said = h.message()
        assert said.startswith("Hint 1/")
        marks = count(h, table.MARK)
        assert marks > 0
        h.idle(10000)  # far past a refusal's time on screen (play.MESSAGE_MS)
        assert h.message() == said and count(h, table.MARK) == marks
        # the loop still naps meanwhile: nothing is due until a key
        assert h.screen.due(h.now, 60) == 60
        h.press(K.LEFT)
        assert h.message() is None and count(h, table.MARK) == 0


def test_the_last_of_the_cycle_and_no_hint_at_all_stay_until_a_key_too():
    buf = array("H", bytes(1024))
    with _terrace() as h:
        assert advance(h, lambda game: game.hints(buf) == 1)
        h.press(K.SELECT, K.SELECT)
        said = h.message()
        assert said.startswith("No more hints")
        h.idle(5000)
        assert h.message() == said


def test_a_refusal_still_goes_by_itself():
    with _terrace() as h:
        g = h.game
        go(h, g.first_foundation)
        h.press(K.A)  # nothing to pick up on a foundation
        assert h.message()
        h.idle(3000)
        assert h.message() is None
