# Plays a fixed game of every family, mode and profile (deal 7, 40 moves picked by a fixed rule
# from legal_moves, some undone and redone) and returns each position's snapshot as hex: what
# tests/test_save_bytes.py compares with tests/data/save_bytes.txt, recorded before the engine
# was put on one core (engine/game.py Table). Run as a script to print the lines to record
# (`logs`: the undo logs saved after them, tests/data/save_log_bytes.txt).
import importlib
from array import array

from engine.game import MAX_MOVES, PLAYING
from engine.registry import FAMILIES, profile_count


def play(g, moves=40):
    # the fixed game: moves picked by a fixed rule from legal_moves, every ninth followed by two
    # undos and a redo (tests/test_save_codec.py plays it longer)
    buf = array("H", range(MAX_MOVES))
    for i in range(moves):
        if g.status() != PLAYING:
            break
        n = g.legal_moves(buf)
        if n == 0:
            break
        g.apply(buf[(i * 7) % n])
        if i % 9 == 8:
            g.undo()
            g.undo()
            g.redo()
    return g


def played_snapshots():
    out = []
    for f, fam in enumerate(FAMILIES):
        mod = importlib.import_module(fam.module)
        for v in range(len(fam.variants)):
            for p in range(profile_count(f, v)):
                g = mod.Game(v, p)
                g.deal(7)
                snap = bytearray(g.SNAPSHOT_SIZE)
                play(g)
                n = g.save_into(snap)
                out.append("%s %d %d %s" % (fam.key, v, p, bytes(snap[:n]).hex()))
    return out


def played_logs(room=844):
    # the same games' undo logs as the app saves them after the snapshot (save_into with
    # undo=True into the store's payload): what tests/test_save_log_bytes.py compares with
    # tests/data/save_log_bytes.txt
    out = []
    for f, fam in enumerate(FAMILIES):
        mod = importlib.import_module(fam.module)
        for v in range(len(fam.variants)):
            for p in range(profile_count(f, v)):
                g = mod.Game(v, p)
                g.deal(7)
                pay = bytearray(room)
                n = play(g).save_into(pay, 0, True)
                out.append("%s %d %d %s" % (fam.key, v, p, bytes(pay[g.SNAPSHOT_SIZE:n]).hex()))
    return out


if __name__ == "__main__":
    import sys

    print("\n".join(played_logs() if sys.argv[1:] == ["logs"] else played_snapshots()))
