# Every save format's bytes stay the same: a played game of every family, mode and profile saves
# exactly the bytes recorded before the engine's families were put on one core (engine/game.py
# Table), and each recorded save loads back into the same position.
import importlib
import os

from engine.registry import FAMILIES

from tests.save_bytes_record import played_snapshots

_RECORDED = os.path.join(os.path.dirname(__file__), "data", "save_bytes.txt")


def _recorded():
    with open(_RECORDED) as f:
        return [line.strip() for line in f if line.strip()]


def test_every_modes_played_save_has_the_recorded_bytes():
    assert played_snapshots() == _recorded()


def test_every_recorded_save_loads_and_saves_back_the_same_bytes():
    mods = {fam.key: importlib.import_module(fam.module) for fam in FAMILIES}
    for line in _recorded():
        key, v, p, data = line.split()
        g = mods[key].Game(int(v), int(p))
        g.deal(7)
        raw = bytes.fromhex(data)
        assert g.load_from(bytearray(raw)), line
        assert not g.can_undo()
        assert g.changed == (1 << g.pile_count) - 1
        out = bytearray(g.SNAPSHOT_SIZE)
        n = g.save_into(out)
        assert bytes(out[:n]) == raw, line
