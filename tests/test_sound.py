# Sound (issue 27, part 2): on the PyBadge and PyGamer each action of the table plays its sound
# (pick-up, drop, refused, deal or turn, undo, win, loss), nothing plays with Sound off, the
# amplifier is on only while a sound plays, the level is saved with the options and an older
# save plays at medium; a board without a speaker loads no sound code. The simulator's stand-ins
# (sim/stubs/audioio.py, digitalio.py) record what the board would do, silently: a sound is
# told from the record by its first step (solitaire/sound.py NAMES, STEPS).
import sys

import pytest

from engine.game import KIND_REVEALED, KIND_STOCK, LOST, NO_MOVE, WON, move_dst, move_src, pack
from engine.registry import FAMILIES
from solitaire import keys as K
from solitaire import sound as S
from solitaire import sound_make
from sim.mpy import circuitpython_modules, device_tree, run_micropython
from tests.test_app_helpers import (choose, find_deal, go, hint_out, host, items, past_notices,
                                    play, set_option, start_game)

DEAL = 4242


def steps(name):
    """(pitch, length) pairs of the sound called name."""
    i = S.START[S.NAMES.index(name)]
    out = []
    while S.STEPS[i] != 255:
        out.append((S.STEPS[i], S.STEPS[i + 1]))
        i += 2
    return out


FIRST = {sound_make.rate(steps(n)[0][0]): n for n in S.NAMES}


def heard(h):
    """The sounds started since the last call, by name, in order (the record is emptied)."""
    out = [FIRST[e[2]] for e in h.session.audio if e[0] == "play" and e[2] in FIRST]
    h.session.audio.clear()
    return out


def quiet(h):
    h.idle(1200)  # the longest sound (loss: 750 ms) over and the amplifier off
    h.session.audio.clear()


def a_move(h, want):
    """A hint's move for which want(game, move) holds, the hints played through the table's move
    path until there is one."""
    for _ in range(200):
        m = h.game.hint()
        assert m != NO_MOVE and not h.screen.over, "no such move in this deal"
        if want(h.game, m):
            return m
        hint_out(h, 1)
    raise AssertionError("no such move")


def stock(game, m):
    return KIND_STOCK in (game.pile_kind(move_src(m)), game.pile_kind(move_dst(m)))


def by_hand(h):
    """want(): a move the player makes by picking up and dropping (not A's own move on a pile)."""
    view = h.screen.view
    return lambda g, m: not stock(g, m) and view.press(move_src(m)) != m and view.press(
        move_dst(m)) != m


@pytest.fixture
def badge(tmp_path):
    with host("pybadge", data_dir=tmp_path, settings={"SOLITAIRE_DEAL": DEAL}) as h:
        h.settle()  # (the sounds are made at the first quiet step)
        yield h


def sounds(h):
    """The app's sounds, made at its first quiet step after the first screen."""
    h.settle()
    return h.app.sound


# ---- the table of sounds ------------------------------------------------------------------------

def test_each_sound_is_told_by_its_first_step_and_ends():
    firsts = [steps(n)[0][0] for n in S.NAMES]
    assert len(set(firsts)) == len(firsts)
    for n in S.NAMES:
        later = [p for p, _ in steps(n)[1:]]
        assert not set(later) & set(firsts), n
        assert all(length for _, length in steps(n)), n  # every step lasts
    # START points at each sound in turn: the one before ends just there
    assert S.START[0] == 0
    for i in range(1, len(S.NAMES)):
        assert S.STEPS[S.START[i] - 1] == 255
    assert S.STEPS[-1] == 255 and len(S.START) == len(S.NAMES)


# ---- each action's sound -----------------------------------------------------------------------

def test_a_new_deal_plays_the_deal_sound(badge):
    h = badge
    start_game(h, autoplay=False)
    assert heard(h) == ["deal"]


def test_pick_up_then_drop_plays_pick_then_drop(badge):
    h = badge
    start_game(h, autoplay=False)
    m = a_move(h, by_hand(h))
    quiet(h)
    play(h, m)
    assert heard(h) == ["pick", "drop"]


def test_a_refused_drop_and_nothing_to_undo_play_refused(badge):
    h = badge
    start_game(h, autoplay=False)
    quiet(h)
    h.press(K.B)  # nothing to undo yet
    assert h.message() == "Nothing to undo"
    assert heard(h) == ["refused"]
    # a card picked up and dropped where the engine refuses it (once Terrace's base is chosen)
    hint_out(h, 1)
    quiet(h)
    s, game = h.screen, h.game
    for src in s.view.order:
        if s.view.press(src) != NO_MOVE or not game.pickable(src, 1):
            continue
        for dst in s.view.order:
            if dst != src and game.check(pack(src, dst, 1)):
                go(h, src)
                h.session.audio.clear()
                h.press(K.A)
                go(h, dst)
                h.press(K.A)
                assert heard(h) == ["pick", "refused"]
                return
    raise AssertionError("no refused drop found")


def test_the_stock_dealt_or_turned_plays_deal_in_every_family(tmp_path):
    for f, row in enumerate(FAMILIES):
        family = row.key
        with host("pybadge", data_dir=tmp_path / family, settings={"SOLITAIRE_DEAL": DEAL}) as h:
            start_game(h, family=f, autoplay=False)
            m = a_move(h, lambda g, m: h.screen.view.press(move_src(m)) == m and (
                stock(g, m) or g.pile_kind(move_dst(m)) == KIND_REVEALED))
            quiet(h)
            go(h, move_src(m))
            h.session.audio.clear()
            h.press(K.A)
            assert heard(h)[:1] == ["deal"], family


def test_undo_plays_undo(badge):
    h = badge
    start_game(h, autoplay=False)
    hint_out(h, 1)
    quiet(h)
    h.press(K.B)
    assert heard(h) == ["undo"]


def test_a_win_plays_win_once_and_a_loss_plays_loss_once(tmp_path):
    for status, name in ((WON, "win"), (LOST, "loss")):
        deal = find_deal(0, status)
        with host("pybadge", data_dir=tmp_path / name) as h:
            start_game(h, deal=deal)
            h.session.audio.clear()
            hint_out(h)
            assert h.game.status() == status
            got = heard(h)
            assert got.count(name) == 1 and got[-1] == name, got
            assert "win" not in got or "loss" not in got


def test_autoplay_cards_going_home_each_play_drop(badge):
    h = badge
    start_game(h)  # autoplay on
    for _ in range(200):
        hint_out(h, 1)
        got = heard(h)
        if len(got) > 1:  # a move and the cards autoplay sent after it
            assert set(got) <= {"drop", "deal"} and got[1:] == ["drop"] * (len(got) - 1), got
            return
    raise AssertionError("autoplay never sent a card home")


# ---- the amplifier ------------------------------------------------------------------------------

def test_the_amplifier_is_on_only_while_a_sound_plays(badge):
    h = badge
    start_game(h, autoplay=False)
    quiet(h)
    h.press(K.B)  # refused: two buzzes with a rest between them
    h.idle(800)
    for _ in range(3):
        hint_out(h, 1)
        h.idle(800)
    h.press(K.B)
    h.idle(800)
    rec = h.session.audio
    amp = playing = False
    for e in rec:
        if e[0] == "amp":
            amp = e[2]
            assert amp or not playing, "amplifier off under a sound"
        elif e[0] == "play":
            assert amp, "a sound played with the amplifier off"
            playing = True
        elif e[0] == "stop":
            playing = False
    assert not amp and not playing
    # off after each sound (a rest within one keeps it on)
    offs = [e for e in rec if e[0] == "amp" and not e[2]]
    assert len(offs) == len(heard(h)) == 5


def test_the_amplifier_goes_off_when_the_sound_ends(badge):
    h = badge
    start_game(h, autoplay=False)
    quiet(h)
    h.press(K.B)
    length = 10 * sum(n for _, n in steps("refused"))
    rec = h.session.audio
    t0 = rec[0][1]
    h.idle(length + 60)
    offs = [e for e in rec if e[0] == "amp" and not e[2]]
    assert offs and length <= offs[-1][1] - t0 <= length + 40
    assert h.app.sound.due_at is None
    # and the app's loop naps as long as it likes again
    assert h.app.sound.due(h.now, 60) == 60


# ---- the option -----------------------------------------------------------------------------

def to_options(h):
    past_notices(h)
    choose(h, "New game")
    choose(h, "Terrace")
    choose(h, find_variant(0))


def find_variant(i):
    from engine.registry import FAMILIES

    return FAMILIES[0].variants[i]


def test_sound_off_plays_nothing_and_keeps_the_amplifier_off(badge):
    h = badge
    to_options(h)
    set_option(h, "Sound: ", "off")
    assert h.app.sound.level == 0
    choose(h, "Start game")
    h.settle()
    h.session.audio.clear()
    h.press(K.B)  # refused
    for _ in range(5):
        hint_out(h, 1)
    h.press(K.B)  # undo
    hint_out(h)  # to the end
    h.idle(1000)
    assert not [e for e in h.session.audio if e[0] == "play" or e[0] == "amp" and e[2]]


def test_the_sound_level_is_saved_and_restored(tmp_path):
    with host("pybadge", data_dir=tmp_path) as h:
        assert sounds(h).level == 2  # a new board: medium
        to_options(h)
        assert items(h)[-1] == "Sound: medium"  # the last row (a setting for every game)
        set_option(h, "Sound: ", "loud")
        assert heard(h)[-1:] == ["pick"]  # the new level heard
        h.press(K.B)  # back: the options are written
        h.idle(100)
    with host("pybadge", data_dir=tmp_path) as h:
        assert sounds(h).level == 3
        to_options(h)
        assert "Sound: loud" in items(h)
        set_option(h, "Sound: ", "off")
        h.press(K.B)
        h.idle(100)
    with host("pybadge", data_dir=tmp_path) as h:
        assert sounds(h).level == 0
        assert h.app.store.options[6] & 3 == 0 ^ 2


def test_a_save_from_before_sound_plays_at_medium(tmp_path):
    # an older save's option byte 6 is 0: the options were kept, the sound was never chosen
    with host("pybadge", data_dir=tmp_path) as h:
        to_options(h)
        set_option(h, "Autoplay: ", "off")
        h.press(K.B)
        h.idle(100)
        assert h.app.store.options[0] == 1 and h.app.store.options[6] == 0
    with host("pybadge", data_dir=tmp_path) as h:
        assert sounds(h).level == 2


def test_the_volume_is_the_samples_amplitude(badge):
    s = badge.app.sound
    widths = []
    for level in range(4):
        sound_make.set_level(s, level)
        widths.append(max(s.buf) - min(s.buf))
    assert widths[0] == 0 and widths[0] < widths[1] < widths[2] < widths[3] <= 255
    assert all(abs(b - 128) <= 96 for b in s.buf)  # around the DAC's quiescent middle


# ---- boards -----------------------------------------------------------------------------------

def test_pygamer_plays_too(tmp_path):
    with host("pygamer", data_dir=tmp_path, settings={"SOLITAIRE_DEAL": DEAL}) as h:
        start_game(h, autoplay=False)
        assert heard(h) == ["deal"]


def test_the_sounds_are_made_after_the_first_screen_shows(tmp_path):
    # start-up shows the first screen without them (~0.07 s sooner on a PyBadge); the app's
    # first step with no key makes them, and a key pressed first is taken at once, silent
    with host("pybadge", data_dir=tmp_path, settings={"SOLITAIRE_DEAL": DEAL}) as h:
        assert h.app.sound is None and h.app.speaker is not None
        assert "solitaire.sound" not in sys.modules or sys.modules["solitaire.sound"].out is None
        h.keys.queue.append(K.DOWN)
        h.step()  # a key: handled, nothing made yet
        assert h.app.sound is None and h.app.speaker is not None
        h.step()  # the first quiet step
        assert h.app.sound is not None and h.app.speaker is None
        assert "solitaire.sound_make" not in sys.modules
        start_game(h, autoplay=False)
        assert heard(h) == ["deal"]


def test_a_board_without_a_speaker_loads_no_sound_code(tmp_path):
    for m in ("solitaire.sound", "solitaire.sound_make"):
        sys.modules.pop(m, None)
    with host("pico320", data_dir=tmp_path) as h:
        assert h.app.sound is None
        to_options(h)
        assert not [r for r in items(h) if r.startswith("Sound")]
        choose(h, "Start game")
        h.settle()
        h.press(K.B)
        hint_out(h, 3)
        loaded = [m for m in sys.modules if m.startswith("solitaire.sound")]
        assert loaded == [] and h.session.audio == []
        assert not [m for m in sys.modules if m in ("audioio", "audiocore", "digitalio")
                    and getattr(sys.modules[m], "__file__", "").find("stubs") >= 0]


# ---- on MicroPython: playing allocates nothing --------------------------------------------------

PROOF = r'''
import sys
sys.path.insert(0, "/device")
import alloc, board
from solitaire.sound_make import make
s = make(board.SPEAKER, board.SPEAKER_ENABLE, 2)
t = [1000]
def run():
    for name in ("pick", "drop", "refused", "deal", "undo", "win", "loss"):
        s.play(name)
        now = t[0]
        for _ in range(200):
            s.tick(now)
            s.due(now, 60)
            now = (now + 10) & 0x1FFFFFFF
    s.stop()
print("allocates" if alloc.allocates(run) else "none", s.due_at, s.amp.value)
'''


def test_playing_a_sound_allocates_nothing_under_micropython(tmp_path):
    # (the stand-ins' own helpers, _heap, _drive and _host, allowed beside the firmware's modules)
    device = str(tmp_path / "device")
    device_tree(device)
    out = run_micropython(PROOF, dirs=("lib/solitaire", device),
                          allow=circuitpython_modules() + ["_heap", "_drive", "_host"]).split()
    assert out == ["none", "None", "False"], out


def test_only_a_profile_with_a_speaker_whose_board_has_both_pins_gets_one():
    from solitaire import boards

    class Board:
        SPEAKER = "A0"
        SPEAKER_ENABLE = "PA27"

    class NoAmp:
        SPEAKER = "A0"

    assert boards.speaker("pybadge", Board) == ("A0", "PA27")
    assert boards.speaker("pygamer", Board) == ("A0", "PA27")
    assert boards.speaker("generic", Board) is None  # (no audioio promised there)
    assert boards.speaker("pybadge", NoAmp) is None  # SOLITAIRE_BOARD forced on another board


def test_audio_that_will_not_start_leaves_the_board_silent_and_says_why(tmp_path, capsys):
    # the app's own call with a speaker pin the AudioOut refuses (the stand-in refuses None)
    with host("pybadge", data_dir=tmp_path) as h:
        import board

        assert sounds(h) is not None  # (the app's own, made at its first quiet step)
        h.app.sound = None
        h.app.speaker = (None, board.SPEAKER_ENABLE)
        h.step()  # the first quiet step's call, with a pin the AudioOut refuses
        assert h.app.sound is None and h.app.speaker is None
        assert "No sound: left_channel must be a Pin" in capsys.readouterr().out
        assert "solitaire.sound_make" not in sys.modules
        start_game(h, autoplay=False)  # and the game plays on, silent
        h.press(K.B)
        assert h.message() == "Nothing to undo"
