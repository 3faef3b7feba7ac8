# The save store under real MicroPython (CircuitPython's core), imports limited to what
# CircuitPython has: the same session writes the same NVM bytes as on CPython and opens the same
# power-cut images the same way; the write paths allocate nothing (heap_lock proofs); what the
# store keeps during play and its RAM image stay in budget, and open() leaves none of
# store_open's code behind (docs/memory.md).
from sim.mpy import run_micropython

# the package (store.py imports store_open.py for open() and adopt()) and engine/ (the store
# checks a record's mode against engine/registry.py)
DIRS = ("lib/solitaire", "engine")

# A session as the app drives the store, then opens of one write cut at some bytes. Runs
# unchanged on CPython (exec) and MicroPython; prints what each step reads back.
SESSION = r'''
from solitaire.store import Store, crc16

class Lcg:
    # deterministic payload bytes on both interpreters (ints below 2**30)
    def __init__(self, x):
        self.x = x
    def byte(self):
        self.x = (self.x * 1103 + 12345) % 1000003
        return self.x & 255

def run(size):
    rng = Lcg(size)
    nvm = bytearray(b"\xff" * size)
    s = Store(nvm)
    out = [len(s.open()), s.save_capacity]
    buf = bytearray(s.save_capacity)
    key = (0, 3, 1)
    gid = 0
    images = []
    for event in range(10):
        if event % 4 == 0:
            if gid:
                s.count_result(key[0], key[1], key[2], gid, event % 8 == 0, 10 * event, 5 + event,
                               event)
            gid = s.new_game_id()
            key = ((0, 0, 0), (2, 0, 1), (1, 3, 1))[event // 4]  # modes the game has
        n = min(len(buf), 106 + 37 * event)
        for i in range(n):
            buf[i] = rng.byte()
        s.save_game(key[0], key[1], key[2], event & 1, 1000 + event, 3 * event, 2 * event, gid, buf, n)
        if event == 5:
            s.options[3] = 77
            s.set_options()
        if event == 9:
            s.count_result(key[0], key[1], key[2], gid, True, 104, 99, 12)
            s.clear_save()
        images.append(bytes(nvm))
        s.commit()
    out.append(crc16(nvm, 0, size, 0xFFFF))
    out.append(s.writes)
    for m in sorted(s.modes()):
        out.append((m, s.stats(m[0], m[1], m[2])))
    # one write cut at some bytes (byte-prefix model): what a fresh store reads back
    before, after = images[-1], bytes(nvm)
    at = s.base
    for k in range(0, s.size + 1, 97):
        img = bytearray(before)
        img[at:at + k] = after[at:at + k]
        t = Store(img)
        msgs = t.open()
        out.append((k, len(msgs), t.saved() is None, t.stats(1, 3, 1)))
    return out

for size in (8192, 4096, 256):
    print(size, run(size))
'''


def _cpython(source):
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "session", "exec"), {"__name__": "session"})
    return out.getvalue()


def test_store_under_micropython_writes_the_same_bytes_and_reads_cut_images_the_same_as_cpython():
    mp = run_micropython(SESSION, dirs=DIRS)
    assert mp.strip() and mp == _cpython(SESSION)
    assert mp.count("\n") == 3


PROOFS = r'''
import alloc
from solitaire.store import Store
nvm = bytearray(b"\xff" * 8192)
s = Store(nvm)
s.open()
gid = s.new_game_id()
pay = bytearray(800)
assert s.save_game(0, 1, 0, 1, 5, 3, 4, gid, pay, 800)
s.count_result(0, 1, 0, gid, False, 5, 5)
s.commit()
pay[7] = 1
bad = []
if alloc.allocates(s.save_game, 0, 1, 0, 1, 5, 4, 4, gid, pay, 800): bad.append("save_game")
if alloc.allocates(s.commit): bad.append("commit")
if alloc.allocates(s.clear_save): bad.append("clear_save")
if alloc.allocates(s.set_options): bad.append("set_options")
if alloc.allocates(s.new_game_id): bad.append("new_game_id")
if alloc.allocates(s.commit): bad.append("commit")
if alloc.allocates(s.saved): bad.append("saved")
from solitaire.store_stats import reset_stats  # (the statistics page loads it)
if alloc.allocates(reset_stats, s): bad.append("reset_stats")
print(s.writes, " ".join(bad) or "none")
'''


def test_saving_committing_and_clearing_allocate_nothing():
    out = run_micropython(PROOFS, dirs=DIRS).split()
    assert out == ["3", "none"], out


FIGURES = r'''
import alloc, gc, sys
import solitaire
gc.collect()
#--- step
gc.collect()
b0 = gc.mem_alloc()
import solitaire.store as store
imported = gc.mem_alloc() - b0
#--- step
gc.collect()
kept = gc.mem_alloc() - b0
import engine.registry  # (the app imports it before opening the store; open() reads it)
nvm = bytearray(b"\xff" * 8192)
small = bytearray(b"\xff" * 256)
big = alloc.heap_cost(store.Store, nvm)
tiny = alloc.heap_cost(store.Store, small)
s = store.Store(nvm)
s.open()
gid = s.new_game_id()
import solitaire.store_stats  # (count_result's code, loaded between games: not its data)
#--- step
a = gc.mem_alloc()
s.count_result(0, 1, 0, gid, True, 5, 5)
b = gc.mem_alloc()
s.commit()
c = gc.mem_alloc()
t = store.Store(nvm)
#--- step
gc.collect()
d = gc.mem_alloc()
msgs = t.open()
#--- step
gc.collect()
left = gc.mem_alloc() - d
gone = "solitaire.store_open" not in sys.modules and not hasattr(solitaire, "store_open")
print(imported, kept, big, tiny, b - a, c - b, left, len(msgs), int(gone))
'''


def test_store_memory_figures_stay_in_budget():
    # the import (compile + kept, heap measured within its step) under 20 KB; what the module
    # keeps during play; the Store with its RAM image on an 8 KB and a 256-byte NVM; bytes
    # allocated by count_result (its module, store_stats, loaded before) and commit; open() drops store_open again: what stays is the
    # names its compile interned (qstrs are never freed) and the list of messages
    imported, kept, big, tiny, count, commit, left, msgs, gone = (
        int(x) for x in run_micropython(FIGURES, dirs=DIRS).split())
    assert imported <= 20 * 1024 and kept <= 4 * 1024, (imported, kept)
    assert 1536 <= big <= 2200 and 256 <= tiny <= 900, (big, tiny)
    assert count <= 256 and commit == 0, (count, commit)
    assert gone and left <= 1024 and msgs == 0, (gone, left, msgs)


# An older version's store brought up to date (solitaire/store_migrate.py): the same messages,
# state and written bytes as on CPython, from each fixture written by that version's own code;
# the migration's code and open()'s are gone after open()
MIGRATE = r'''
import sys
import engine.registry
from solitaire.store import Store, crc16
for name in ("v1", "v2", "v3a", "v3", "v1_256", "v3_256"):
    f = open(FOLDER + "/store_%s.bin" % name, "rb")
    nvm = bytearray(f.read())
    f.close()
    s = Store(nvm)
    msgs = s.open()
    out = [name, msgs, s.state, bytes(s.options), s.saved()]
    for m in sorted(s.modes()):
        out.append((m, s.stats(m[0], m[1], m[2])))
    s.commit()
    out.append(crc16(nvm, 0, len(nvm), 0xFFFF))
    out.append([m for m in ("solitaire.store_migrate", "solitaire.store_open") if m in sys.modules])
    print(out)
'''


def test_an_older_version_s_store_migrates_the_same_under_micropython():
    # (run.mjs copies a folder to the root of MicroPython's filesystem)
    mp = run_micropython('FOLDER = "store"\n' + MIGRATE, dirs=DIRS + ("tests/fixtures/store",))
    assert mp == _cpython('FOLDER = "tests/fixtures/store"\n' + MIGRATE)
    assert mp.count("\n") == 6 and mp.count(", []]") == 6 and mp.count("brought up to date") == 6
    assert mp.count("the least played dropped: Solitario Solar (64 cards).") == 1  # v3_256: 5
    # modes, 4 slots (the sort that picks them: played, then won)
