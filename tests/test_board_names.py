# The names a board interns for the app (sim/board_names.py, the board-time and heap models'
# name pools): read from the shipped .mpy files' qstr tables, plus what an import interns (the
# path it loads from, a submodule's own name). Checked against a counted case: a module whose
# every name is new, loaded under real MicroPython, interns exactly the names counted here.
import os
import re
import subprocess
import tempfile

from sim import board_names, heap_budget
from sim.mpy import RUNNER, _node

PROBE = '''
zq_probe_alpha = 1
zq_probe_beta = "zq_text"
class ZqProbeClass:
    def zq_probe_method(self, zq_probe_arg):
        return self.zq_probe_field + zq_probe_arg
def zq_probe_function():
    return {"zq_key": zq_probe_alpha}
'''


def _qstrs(stdout):
    return [int(n) for n in re.findall(r"n_qstr=(\d+)", stdout)]


def test_a_modules_names_counted_from_its_mpy_are_the_names_micropython_interns_loading_it():
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "tree")
        os.makedirs(os.path.join(tree, "zqpkg"))
        src = os.path.join(tmp, "zqmod.py")
        with open(src, "w") as f:
            f.write(PROBE)
        heap_budget._mpy_cross(src, os.path.join(tree, "zqpkg", "zqmod.mpy"))
        open(os.path.join(tree, "zqpkg", "__init__.py"), "w").close()
        pools = board_names.Pools(tree, free=set())
        _, names = pools.module("zqpkg.zqmod")
        script = os.path.join(tmp, "main.py")
        with open(script, "w") as f:
            # (the module named at run time, as solitaire/app.py's import_module does: a name
            # written in the script would be interned when the script is compiled)
            f.write("import micropython\nimport zqpkg\nmicropython.qstr_info()\n"
                    "__import__('zqpkg.' + 'zq' + 'mod')\nmicropython.qstr_info()\n")
        proc = subprocess.run([_node(), RUNNER, "--root", tree, "--copy", "zqpkg", script],
                              capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    before, after = _qstrs(proc.stdout)
    # the module's names (every one new: zq_...), the path it was loaded from, its own name
    assert "zq_probe_method" in pools.names and {"zqmod", "zqpkg.zqmod"} <= pools.names
    assert any(n.endswith("zqpkg/zqmod.mpy") for n in pools.names)
    assert names == after - before
    # loaded again (a module dropped and imported anew), nothing more is interned
    assert pools.module("zqpkg.zqmod")[1] == 0


def test_names_the_firmware_holds_are_free_and_pools_double():
    fw = board_names.firmware_names()
    for name in ("displayio", "TileGrid", "pixel_shader", "refresh", "readinto", "append"):
        assert name in fw
    assert "solitaire" not in fw and "terrace_view" not in fw
    # 20, 40, 80, ... entries: the seventh pool comes with the 1,261st name
    assert heap_budget.pool_entries(1260) == 1260
    assert heap_budget.pool_entries(1261) == 1260 + 1280
    assert board_names.pool_bytes(1261) - board_names.pool_bytes(1260) == \
        heap_budget.QSTR_ENTRY * 1280
