# Solitario 4 Ases through each board's own buttons: every mode played from the menus to its end
# as key scripts run by sim.runner on the PyBadge (8 buttons), the PyGamer (joystick) and the
# four-button board (UP/DOWN as chords of B), with tests/fixtures/recorder/code.py keeping a
# record of what the app said and showed. The keys of a deal are worked out first on the same
# app in-process (tests/apphost.py, the moves of tests/test_cuatro_ases_screen.py) and replayed.
import pytest

from engine.game import WON
from sim import hw
from sim.runner import run
from tests.test_cuatro_ases_screen import (
    LOST_SAYS, MODES, MODE_IDS, WON_SAYS, begin, hint_game_length, play_by_hints,
    shortest_hint_game, start_keys,
)
from tests.test_table_boards import BOARDS, RECORDER, of, positions, tokens


@pytest.fixture
def unpainted(monkeypatch):
    # what the app drew is not looked at here (the recorder keeps what it said and the piles),
    # so the simulator's panel is not painted at each key: a refresh only forgets what changed
    def refresh(self):
        return 0

    def capture(self, label):
        self.frames.append(b"")
        self.frame_labels.append(label)
        return b""

    monkeypatch.setattr(hw.Session, "refresh", refresh)
    monkeypatch.setattr(hw.Session, "capture", capture)


def worked_out(board, variant, profile, deal):
    # the keys of the whole game, its final piles and what the table said last
    with begin(board, variant, profile, deal) as h:
        h.log.clear()
        play_by_hints(h)
        g = h.game
        final = tuple(tuple(g.card(p, i) for i in range(g.count(p))) for p in range(g.pile_count))
        return list(h.log), final, h.message()


@pytest.mark.parametrize("variant,profile", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("board", BOARDS)
def test_every_mode_is_played_to_its_end_with_the_boards_own_buttons(board, variant, profile,
                                                                      unpainted):
    # the shortest game the hint plays among the first deals that makes every kind of move
    # the mode has (a key script is slow to run)
    deal = shortest_hint_game(variant, profile, deals=range(1, 300), every_kind=True)
    n, status = hint_game_length(variant, profile, deal)
    keys, final, said = worked_out(board, variant, profile, deal)
    assert said == (WON_SAYS if status == WON else LOST_SAYS)
    r = run(board=board, keys=tokens(board, start_keys(variant, profile) + keys), code=RECORDER,
            settings={"SOLITAIRE_DEAL": deal})
    assert r.stop_line is None, r.traceback or r.stop_line
    ev = r.globals["events"]
    game = r.modules["solitaire.boot"].app.game
    assert (game.variant, game.profile, game.number) == (variant, profile, deal)
    assert positions(ev)[-1] == final and game.status() == status
    assert game.moves == n
    assert of(ev, "say")[-1] == (said,)
