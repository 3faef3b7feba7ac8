# One set of board stand-ins (sim/stubs/) serves the simulator (CPython) and the MicroPython runs
# (heap budget, board-time bench), and sim/ stands on its own: it imports nothing from tests/.
import ast
import os
import tempfile

from sim import heap_budget
from sim.mpy import DEVICE, REPO, STUBS, device_tree, standin_files
from sim.runner import run

SIM = os.path.join(REPO, "sim")
STANDINS = ("board", "keypad", "analogio", "microcontroller", "supervisor", "audioio", "audiocore",
            "digitalio", "neopixel_write")


def _imports(path):
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.lineno, node.module or ""


def test_sim_imports_nothing_from_tests():
    bad = []
    for dirpath, _, names in os.walk(SIM):
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(dirpath, name)
                for line, module in _imports(path):
                    if module.split(".")[0] == "tests":
                        bad.append("%s:%d imports %s" % (os.path.relpath(path, REPO), line, module))
    assert bad == []


def test_the_stand_ins_exist_once():
    # the MicroPython side holds no second copy of a stand-in: its folder adds only what it alone
    # needs (its _host, the displayio family the simulator takes from Blinka, the harness)
    assert sorted(n[:-3] for n in os.listdir(STUBS) if n.endswith(".py")) == sorted(STANDINS)
    device = set(n for n in os.listdir(DEVICE) if n.endswith(".py"))
    assert device & set(n + ".py" for n in STANDINS) == set()
    assert all(standin_files()[n + ".py"] == os.path.join(STUBS, n + ".py") for n in STANDINS)


PROGRAM = """
import board, keypad, analogio, microcontroller, supervisor, audioio, audiocore, digitalio
import neopixel_write
"""


def test_the_simulator_loads_the_stand_ins_from_sim_stubs(tmp_path):
    code = tmp_path / "code.py"
    code.write_text(PROGRAM)
    r = run(board="pybadge", code=str(code))
    assert r.error is None, r.traceback
    for name in STANDINS:
        got = os.path.realpath(r.modules[name].__file__)
        assert got == os.path.realpath(os.path.join(STUBS, name + ".py")), name


MPY_SCRIPT = """
import sys
sys.path.insert(0, "/device")
import _heap, _drive
import board, keypad, analogio, microcontroller, supervisor, audioio, audiocore, digitalio
import neopixel_write
for m in (board, keypad, analogio, microcontroller, supervisor, audioio, audiocore, digitalio,
          neopixel_write):
    with open(m.__file__) as f:
        text = f.read()
    print("@file " + m.__name__ + " " + m.__file__ + " " + str(len(text)))
    print(text)
    print("@end")
# and they work here: a press the driver makes comes out of a scanner's queue
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
                                latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)
_drive.press(5)
ev = keypad.Event()
print("@event", keys.events.get_into(ev), ev.key_number, ev.pressed, keys.events.get_into(ev))
"""


def test_the_micropython_runs_load_the_same_stand_in_files():
    with tempfile.TemporaryDirectory() as tree:
        os.makedirs(os.path.join(tree, "lib"))
        device_tree(os.path.join(tree, "device"))
        proc = heap_budget.run_script(MPY_SCRIPT, tree)
    assert proc.returncode == 0, proc.stderr
    files = {}
    name = None
    lines = []
    for line in proc.stdout.splitlines():
        if line.startswith("@file "):
            _, name, path, _n = line.split(" ")
            assert path == "/device/" + name + ".py"
            lines = []
        elif line == "@end":
            files[name] = "\n".join(lines)
            name = None
        elif name is not None:
            lines.append(line)
    assert sorted(files) == sorted(STANDINS)
    for name, text in files.items():
        with open(os.path.join(STUBS, name + ".py")) as f:
            assert text.rstrip("\n") == f.read().rstrip("\n"), name
    assert "@event True 5 True False" in proc.stdout
