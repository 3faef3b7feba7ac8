# The shell's logic modules under real MicroPython (CircuitPython's core): the input layer, the
# NVM store, and a save and resume as the app does it (engine snapshot in the store, a new game
# dealt and loaded from it) for a game longer than the old 123-move save.
# Imports are limited to what CircuitPython has (tests/mpy.py).
from tests.mpy import run_micropython

DIRS = ("engine", "lib/solitaire")

SOURCE = r'''
from solitaire import keys as K
from solitaire.controls import Controls, ticks_diff

class Ev:
    key_number = 0
    pressed = True

class Q:
    def __init__(self):
        self.items = []
        self.overflowed = False
    def get_into(self, ev):
        if not self.items:
            return False
        ev.key_number, ev.pressed = self.items.pop(0)
        return True
    def clear(self):
        self.items = []
        self.overflowed = False

class Sc:
    def __init__(self):
        self.events = Q()
    def reset(self):
        pass

def drain(c, t0, t1):
    out = []
    for t in range(t0, t1):
        k = c.poll(t & ((1 << 29) - 1))
        if k >= 0:
            out.append(k)
    return out

sc = Sc()
c = Controls(sc, (K.A, K.B, K.LEFT, K.RIGHT), None, Ev())
sc.events.items += [(1, True), (2, True), (2, False), (1, False)]
assert drain(c, 0, 50) == [K.UP], "B+LEFT"
sc.events.items += [(1, True)]
assert drain(c, 100, 900) == [K.START], "hold B"
sc.events.items += [(1, False), (0, True)]
out = drain(c, 1000, 1700)
assert out == [K.A, K.A_LONG], out
sc.events.overflowed = True
drain(c, 1700, 1710)
assert ticks_diff(3, (1 << 29) - 3) == 6
print("controls ok")

from solitaire.store import Store
nvm = bytearray(b"\xff" * 256)
s = Store(nvm)
assert s.open() == []
s.record_result(0, 2, 1, True, 104)
assert s.save_game(0, 2, 1, 1, 0, (1 << 30) - 1, 3, 9, b"\x01\x02\x03", 3)
s2 = Store(nvm)
assert s2.open() == []
assert s2.stats(0, 2, 1) == (1, 1, 104)
assert s2.saved() == (0, 2, 1, 1, 0, (1 << 30) - 1, 3, 9), s2.saved()
assert s2.saved_snapshot() == b"\x01\x02\x03"
nvm[5] ^= 1
assert len(Store(nvm).open()) == 1
print("store ok")

from engine import terrace
from engine.game import NO_MOVE, PLAYING
g = terrace.Game(0, 0)
g.deal(7)
n = 0
while n < 180 and g.status() == PLAYING:
    m = g.hint()
    assert m != NO_MOVE
    assert g.apply(m)
    n += 1
g.undo()
assert g.moves == n - 1 and n - 1 > 123
nvm = bytearray(b"\xff" * 256)
s = Store(nvm)
s.open()
s.record_result(0, 0, 0, True, 104)
snap = bytearray(terrace.Game.SNAPSHOT_SIZE)
assert s.save_game(0, 0, 0, 1, 0, g.number, g.moves, g.score(), snap, g.save_into(snap))
s2 = Store(nvm)
assert s2.open() == []
fam, var, prof, opts, eopts, number, made, score = s2.saved()
h = terrace.Game(var, prof, eopts)
h.deal(number)
assert h.load_from(s2.saved_snapshot())
assert made == g.moves == h.moves and score == h.score() and not h.can_undo()
for p in range(g.pile_count):
    assert g.count(p) == h.count(p)
    for i in range(g.count(p)):
        assert g.card(p, i) == h.card(p, i)
assert s2.stats(0, 0, 0) == (1, 1, 104)
nvm[s2.save_at + 16 + 30] ^= 2
assert Store(nvm).open() == ["The saved game was damaged and has been removed."]
print("resume ok")
'''


def test_input_store_and_snapshot_resume_run_under_micropython():
    out = run_micropython(SOURCE, dirs=DIRS)
    assert "controls ok" in out and "store ok" in out and "resume ok" in out
