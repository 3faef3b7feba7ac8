# Solitario Solar through each board's own buttons: whole games played from the menus as key
# scripts run by sim.runner on the PyBadge (8 buttons), the PyGamer (joystick) and the
# four-button board (UP/DOWN as chords of B), with tests/fixtures/recorder/code.py keeping a
# record of what the app said and showed. The keys of a deal are worked out first on the same
# app in-process (tests/apphost.py, the moves of tests/test_solar_screen.py) and replayed.
import pytest

from engine.game import WON
from sim import hw
from sim.runner import run
from tests.test_solar_screen import (LOST_40, LOST_SAYS, WON_40, WON_64, WON_SAYS, begin,
                                     hint_game, start_keys)
from tests.test_table_boards import BOARDS, RECORDER, of, positions, tokens


@pytest.fixture
def unpainted(monkeypatch):
    # what the app drew is not looked at here (the recorder keeps what it said and the piles),
    # so the simulator's panel is not painted at each key
    def refresh(self):
        return 0

    def capture(self, label):
        self.frames.append(b"")
        self.frame_labels.append(label)
        return b""

    monkeypatch.setattr(hw.Session, "refresh", refresh)
    monkeypatch.setattr(hw.Session, "capture", capture)


def worked_out(board, profile, deal):
    # the keys of the whole game, its final piles and what the table said last
    with begin(board, profile, deal) as h:
        h.log.clear()
        h.play_by_hints()
        g = h.game
        final = tuple(tuple(g.card(p, i) for i in range(g.count(p))) for p in range(g.pile_count))
        return list(h.log), final, h.message()


GAMES = {"pybadge": (0, WON_40), "pygamer": (0, LOST_40), "pico320": (1, WON_64),
         "picosystem": (1, WON_64), "picodisplay": (0, LOST_40)}


@pytest.mark.parametrize("board", BOARDS)
def test_a_whole_game_is_played_to_its_end_with_the_boards_own_buttons(board, unpainted):
    # a won game (40 cards) on the PyBadge, a lost one on the PyGamer, a won 64-card game on
    # the four-button board: turns, pad choices, free moves and stations all made by buttons
    profile, deal = GAMES[board]
    n, status = hint_game(profile, deal)
    keys, final, said = worked_out(board, profile, deal)
    assert said == (WON_SAYS if status == WON else LOST_SAYS)
    r = run(board=board, keys=tokens(board, start_keys(profile) + keys), code=RECORDER,
            settings={"SOLITAIRE_DEAL": deal})
    assert r.stop_line is None, r.traceback or r.stop_line
    ev = r.globals["events"]
    game = r.modules["solitaire.boot"].app.game
    assert (type(game).__module__, game.profile, game.number) == ("engine.solar", profile, deal)
    assert positions(ev)[-1] == final and game.status() == status
    assert game.moves == n
    assert of(ev, "say")[-1] == (said,)


@pytest.mark.parametrize("board", BOARDS)
def test_resign_from_the_pause_box_by_the_boards_own_buttons_asks_ends_lost_and_undoes(board,
                                                                                     unpainted):
    # rules §6: resign is always available, here after four turns with the stock far from
    # empty: START (four buttons: B held), DOWN to Resign, A, DOWN to Yes, A; then B undoes it
    with begin(board, 0, 1) as h:
        h.log.clear()
        for _ in range(4):
            h.play(h.game.hint())
        turns, moves = list(h.log), h.game.moves
        before = tuple(tuple(h.game.card(p, i) for i in range(h.game.count(p)))
                       for p in range(h.game.pile_count))
    pause = ["START"] + ["DOWN"] * 5 + ["A"]
    r = run(board=board, keys=tokens(board, start_keys(0) + turns + pause + ["DOWN", "A", "B"]),
            code=RECORDER, settings={"SOLITAIRE_DEAL": 1})
    assert r.stop_line is None, r.traceback or r.stop_line
    ev = r.globals["events"]
    boxes = of(ev, "box")
    assert boxes[0][1][4:7] == ("Can I still win?", "Resign", "Restart deal #1")
    assert ("Resign? The game counts as lost.", ("No", "Yes")) in boxes
    assert of(ev, "say")[-1] == ("You resigned. B: undo, A: the result.",)  # then B undid it
    game = r.modules["solitaire.boot"].app.game
    assert not game.resigned and game.status() == 0 and game.moves == moves
    assert positions(ev)[-1] == before and game.count(0) > 20
