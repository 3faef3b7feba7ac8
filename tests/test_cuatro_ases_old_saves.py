# Mezclado saves written before its shuffles were keyed from the deal's own stream (issue 25).
# The former engine seeded a token's shuffle with number ^ (tokens << 24); the payloads below
# are what its Session.save wrote (the snapshot, then the whole undo history), made by the
# engine of commit 707f31f playing the hint. A save with a token spent is refused, through the
# engine and through the app's Resume (its hand, and the spent shuffle's undo, belong to the
# former seeding: resumed, it would be a position today's deal never reaches, whose undo does
# not lead back to its deal); one with all five tokens made no shuffle, so it resumes exactly.
import pytest

from engine import pack
from engine.cuatro_ases import Game
from engine.game import PLAYING
from engine.undo import UndoLog
from solitaire.store import Store
from tests.apphost import Host
from tests.test_app_helpers import items, page
from tests.test_cuatro_ases_properties import state
from tests.test_cuatro_ases_rules import MEZCLADO
from tests.test_cuatro_ases_screen import FAMILY, begin, play

SIZE = Game.SNAPSHOT_SIZE
NVM = "pybadge.nvm"
# (profile, deal number, moves, tokens left, score, payload)
OLD_SAVES = (
    (0, 4, 168, 3, 35, bytes.fromhex(
        "a80003000000003008aaa55bd6691c10080351180792280bd3380f144913555917e67d60288e64699e00a800"
        "0800080008000800080001002900080008000800310008000800080008002900080008000800080008000800"
        "0800080002000800090008002100080021000800080008000800390008000800080008000800080008000800"
        "0800080008002100020008000800080008001900080008002100080008003900390008000800080008000800"
        "0800080000003900020008001900080008000800080008000800080008003900080008000800390008000200"
        "0800080008000100210008002100080008000800080039003900080008000800000002000800080008000800"
        "0800010008003100080029000800080002000800080008000800090021000800080008000000020008000800"
        "0800080008000800000003000800110029000800290008003100080008000800000029000200080008000900"
        "0800290008000200080008000800030008000800080011000200080000000000000000000000000000000000"
        "0000000000")),
    (1, 1, 30, 4, 3, bytes.fromhex(
        "1e00040000000090311200d47435809131dc2610e6528c5da29550104ae0313858159d8f259288f729001e00"
        "0800080008000800080008000100080008002100080008000800080008002900080008000800080008000800"
        "0800230008000800080008000800080000000000")),
    (0, 2, 30, 5, 7, bytes.fromhex(
        "1e000500000000d01113125a42228e816547f04c8dc87542788d12f859d05698e5490c91b230005579001e00"
        "0800010008002900310008000800080008000800080008000800080008000800080008003100210008000800"
        "3900080008002100080002000800080000000000")),
)
SPENT = [s for s in OLD_SAVES if s[3] < 5]
UNSPENT = [s for s in OLD_SAVES if s[3] == 5]
IDS = ["%s deal %d, %d tokens" % (("standard", "strict")[s[0]], s[1], s[3]) for s in OLD_SAVES]


def old_moves(payload):
    # the saved undo history's moves, oldest first
    log = UndoLog(1000)
    log.clear()
    assert pack.history_from(log, payload, SIZE) > 0
    g = Game(MEZCLADO)
    return [g._move_of(log.entries[i]) for i in range(log.size)]


def dealt(profile, number):
    g = Game(MEZCLADO, profile)
    g.deal(number)
    return g


def replayed(profile, number, moves):
    # the deal with the moves played today; None once one is refused
    g = dealt(profile, number)
    for m in moves:
        if not g.apply(m):
            return None
    return g


@pytest.mark.parametrize("save", OLD_SAVES, ids=IDS)
def test_the_fixtures_are_whole_games_saved_by_the_former_code(save):
    profile, number, moves, tokens, score, payload = save
    assert len(old_moves(payload)) == moves and payload[0] | payload[1] << 8 == moves
    assert payload[SIZE - 1] == 0  # no keyed bit: the former format


@pytest.mark.parametrize("save", SPENT, ids=IDS[:len(SPENT)])
def test_an_old_save_with_a_token_spent_is_refused_and_the_game_is_left_as_it_was(save):
    profile, number, moves, tokens, score, payload = save
    g = dealt(profile, number)
    g.apply(g.hint())
    before = state(g), g.version, g.can_undo()
    assert not g.load_from(payload)
    assert (state(g), g.version, g.can_undo()) == before


@pytest.mark.parametrize("save", SPENT, ids=IDS[:len(SPENT)])
def test_an_old_save_with_a_token_spent_resumed_would_be_a_wrong_position(save):
    # why it is refused: taken as today's save (its keyed bit set), it loads, but the same deal
    # and moves today make another game, and undo does not lead back to the deal
    profile, number, moves, tokens, score, payload = save
    forged = bytearray(payload)
    forged[SIZE - 1] |= 0x80
    g = dealt(profile, number)
    assert g.load_from(forged) and pack.history_from(g.undo_log, forged, SIZE) > 0
    assert (g.tokens, g.moves, g.score()) == (tokens, moves, score)
    today = replayed(profile, number, old_moves(payload))
    assert today is None or state(today) != state(g)
    while g.undo():
        pass
    assert state(g) != state(dealt(profile, number))


@pytest.mark.parametrize("save", UNSPENT, ids=IDS[len(SPENT):])
def test_an_old_save_with_all_five_tokens_resumes_to_the_position_its_moves_reach_today(save):
    profile, number, moves, tokens, score, payload = save
    g = dealt(profile, number)
    assert g.load_from(payload) and pack.history_from(g.undo_log, payload, SIZE) > 0
    today = replayed(profile, number, old_moves(payload))
    assert state(g) == state(today)
    buf = bytearray(SIZE)
    g.save_into(buf)
    assert buf[SIZE - 1] & 0x80  # saved again, in today's format
    # play goes on as today's game of the deal, shuffles included
    while g.status() == PLAYING:
        m = g.hint()
        assert g.apply(m) and today.apply(m)
        assert state(g) == state(today)
    assert g.tokens < 5
    while g.undo():
        pass
    assert state(g) == state(dealt(profile, number))


def _old_save_in_the_store(tmp_path, save):
    # the app saved a game of the fixture's deal; its save record then gets the old payload, as
    # the former app wrote it (the store's format is the same)
    profile, number, moves, tokens, score, payload = save
    with begin("pybadge", MEZCLADO, profile, number, data_dir=tmp_path) as h:
        play(h, h.game.hint())
        h.idle(4000)
        assert h.app.saved_version == h.game.version
    data = bytearray((tmp_path / NVM).read_bytes())
    s = Store(data)
    assert s.open() == []
    f, v, p, flags, n, _, _, gid = s.saved()
    assert (f, v, p, n) == (FAMILY, MEZCLADO, profile, number)
    assert s.save_game(f, v, p, flags, n, moves, score, gid, payload, len(payload)) and s.commit()
    (tmp_path / NVM).write_bytes(bytes(data))


@pytest.mark.parametrize("save", SPENT[:1], ids=IDS[:1])
def test_the_app_removes_an_old_save_with_a_token_spent_with_a_notice(tmp_path, save):
    _old_save_in_the_store(tmp_path, save)
    with Host("pybadge", data_dir=tmp_path) as h:
        assert h.app.store.saved() is not None and items(h)[0].startswith("Resume")
        h.press("A")  # the title offers Resume first
        p = page(h)
        text = " ".join(p.info)
        assert p.title == "Resume" and "another version" in text and "removed" in text
        assert h.game is None and h.app.store.saved() is None
        h.press("A")
        assert items(h)[0] == "New game" and h.game is None


@pytest.mark.parametrize("save", UNSPENT, ids=IDS[len(SPENT):])
def test_the_app_resumes_an_old_save_with_all_five_tokens_exactly(tmp_path, save):
    _old_save_in_the_store(tmp_path, save)
    profile, number, moves, tokens, score, payload = save
    with Host("pybadge", data_dir=tmp_path) as h:
        assert items(h)[0].startswith("Resume")
        h.press("A")
        g = h.game
        assert g is not None and (g.variant, g.profile, g.number) == (MEZCLADO, profile, number)
        assert state(g) == state(replayed(profile, number, old_moves(payload)))
