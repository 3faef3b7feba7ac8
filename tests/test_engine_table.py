# The core every family's Game is built on (engine/game.py Table), checked once for every
# family, mode and profile: undo takes a played game back to its deal exactly, redo replays it,
# version moves on with every change, and a load leaves nothing to undo and every pile changed.
import importlib
from array import array

from engine.game import MAX_MOVES, PLAYING, Table
from engine.registry import FAMILIES, profile_count


def _games():
    for f, fam in enumerate(FAMILIES):
        mod = importlib.import_module(fam.module)
        for v in range(len(fam.variants)):
            for p in range(profile_count(f, v)):
                yield mod.Game(v, p)


def _position(g):
    return tuple(tuple(g.card(p, i) for i in range(g.count(p))) for p in range(g.pile_count))


def test_every_family_is_built_on_the_core():
    for fam in FAMILIES:
        assert issubclass(importlib.import_module(fam.module).Game, Table), fam.key


def test_undo_takes_every_game_back_to_its_deal_and_redo_replays_it():
    buf = array("H", range(MAX_MOVES))
    for g in _games():
        g.deal(11)
        dealt = _position(g)
        for i in range(30):
            n = g.legal_moves(buf)
            if g.status() != PLAYING or n == 0:
                break
            before = g.version
            assert g.apply(buf[(i * 5) % n])
            assert g.version != before
        played = _position(g)
        while g.can_undo():
            assert g.undo()
        assert _position(g) == dealt and not g.undo()
        while g.can_redo():
            assert g.redo()
        assert _position(g) == played and not g.redo()


def test_a_load_leaves_nothing_to_undo_and_every_pile_changed():
    buf = array("H", range(MAX_MOVES))
    for g in _games():
        g.deal(3)
        n = g.legal_moves(buf)
        g.apply(buf[0])
        snap = bytearray(g.SNAPSHOT_SIZE)
        g.save_into(snap)
        version = g.version
        assert g.can_undo() and g.load_from(snap)
        assert not g.can_undo() and g.undo_dropped == 0
        assert g.changed == (1 << g.pile_count) - 1 and g.version != version
        assert n > 0
