# The undo log a save keeps after its position, as bytes and as meaning: a played game of every
# family, mode and profile saves exactly the undo-log bytes recorded from main at 8f8b637 (the
# app's Session.save then), and each recorded position with its recorded log loads and undoes
# back to the very deal it was played from. The codec checks the log's length, not its records
# (taking them all back while resuming would cost ~1 s on a PyBadge): a change of what a record
# means fails here, so it comes with a store migration before an old save could be resumed wrong.
import importlib
import os

from engine.registry import FAMILIES, profile_count

from tests.save_bytes_record import played_logs

_DATA = os.path.join(os.path.dirname(__file__), "data")


def _lines(name):
    with open(os.path.join(_DATA, name)) as f:
        return [line.split() for line in f if line.strip()]


def _position(g):
    return tuple(tuple(g.card(p, i) for i in range(g.count(p))) for p in range(g.pile_count))


def test_every_modes_played_undo_log_has_the_recorded_bytes():
    assert [line.split() for line in played_logs()] == _lines("save_log_bytes.txt")


def test_every_recorded_save_with_its_undo_log_undoes_back_to_its_deal():
    mods = {fam.key: importlib.import_module(fam.module) for fam in FAMILIES}
    logs = _lines("save_log_bytes.txt")
    snaps = _lines("save_bytes.txt")
    modes = sum(profile_count(f, v) for f in range(len(FAMILIES))
                for v in range(len(FAMILIES[f].variants)))
    assert len(logs) == len(snaps) == modes
    for (key, v, p, snap), (key2, v2, p2, log) in zip(snaps, logs):
        assert (key, v, p) == (key2, v2, p2)
        g = mods[key].Game(int(v), int(p))
        g.deal(7)
        dealt = _position(g)
        assert g.load_from(bytes.fromhex(snap + log), 0, True), (key, v, p, g.refused)
        assert g.can_undo()
        while g.undo():
            pass
        assert _position(g) == dealt and g.moves == 0, (key, v, p)
