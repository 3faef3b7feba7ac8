# Plays a fixed game of every family, mode and profile (deal 7, 40 moves picked by a fixed rule
# from legal_moves, some undone and redone) and returns each position's snapshot as hex: what
# tests/test_save_bytes.py compares with tests/data/save_bytes.txt, recorded before the engine
# was put on one core (engine/game.py Table). Run as a script to print the lines to record.
import importlib
from array import array

from engine.game import MAX_MOVES, PLAYING
from engine.registry import FAMILIES, profile_count


def played_snapshots():
    out = []
    buf = array("H", range(MAX_MOVES))
    for f, fam in enumerate(FAMILIES):
        mod = importlib.import_module(fam.module)
        for v in range(len(fam.variants)):
            for p in range(profile_count(f, v)):
                g = mod.Game(v, p)
                g.deal(7)
                snap = bytearray(g.SNAPSHOT_SIZE)
                for i in range(40):
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
                n = g.save_into(snap)
                out.append("%s %d %d %s" % (fam.key, v, p, bytes(snap[:n]).hex()))
    return out


if __name__ == "__main__":
    print("\n".join(played_snapshots()))
