"""Names a board interns for the app, counted from the shipped .mpy files (the board-time and
heap models, sim/bench_board.py): MicroPython keeps every distinct identifier, attribute name and
short string constant of a loaded module as an interned name (a qstr), for good: a module dropped
and loaded again interns nothing more. A name is free where the firmware already holds it: the
core's static names (a .mpy marks them: they carry no text) and the names compiled into the board's
firmware (its modules, classes, functions and attributes; read here from the pinned
circuitpython-stubs for the PyBadge, the names its modules declare). The rest are allocated in the
RAM pools: 20, 40, 80, ... entries, a new pool when the last is full (sim/heap_budget.py).

Uncertain: the firmware holds more names than its stubs show (internal helpers, error words), so
a few of the names counted here may be free on a board; and the app may intern a few names at run
time (an attribute set by a name built at run time), which no .mpy shows.
"""
import os
import re

from sim import heap_budget


def _uint(data, i):
    # MicroPython's variable-length unsigned int (7 bits a byte, high bit: more follow)
    v = 0
    while True:
        b = data[i]
        i += 1
        v = (v << 7) | (b & 0x7F)
        if not b & 0x80:
            return v, i


def mpy_names(path):
    """The names a .mpy interns when loaded (its qstr table less the core's static ones), in
    order. Format 6: 'M' or 'C', 6, features, small-int bits; n_qstr, n_obj; then each qstr as
    its length << 1 (or a static index << 1 | 1) and its text with a 0 byte."""
    with open(path, "rb") as f:
        data = f.read()
    if data[0:1] not in (b"M", b"C") or data[1] != 6:
        raise ValueError("%s: not a format 6 .mpy" % path)
    i = 4
    n_qstr, i = _uint(data, i)
    _n_obj, i = _uint(data, i)
    out = []
    for _ in range(n_qstr):
        n, i = _uint(data, i)
        if n & 1:  # a static name: in the core's ROM already
            continue
        n >>= 1
        out.append(data[i:i + n].decode("utf-8", "replace"))
        i += n + 1
    return out


def module_path(tree, module):
    """The .mpy (or .py) file of a module in a board tree laid out as `make bundle` ships it."""
    parts = module.split(".")
    for base in ("lib", ""):
        for tail in ("", "/__init__"):
            for ext in (".mpy", ".py"):
                p = os.path.join(tree, base, *parts) + tail + ext
                if os.path.isfile(p):
                    return p
    return None


_FIRMWARE = {}


def firmware_names(board="pybadge"):
    """Names the board's firmware holds: every identifier in the stubs of the modules its
    firmware includes (circuitpython-stubs' board list), the builtins and the core modules."""
    if board in _FIRMWARE:
        return _FIRMWARE[board]
    from sim.mpy import _stubs_dir

    stubs = _stubs_dir()
    with open(os.path.join(stubs, board, "__init__.pyi")) as f:
        line = re.search(r"Included modules: (.*)", f.read()).group(1)
    mods = set(n.strip().split(".")[0].split(" ")[0] for n in line.split(","))
    names = set(mods)
    site = os.path.dirname(stubs)
    for m in sorted(mods):
        d = os.path.join(site, m + "-stubs")
        if not os.path.isdir(d):
            continue
        for dirpath, _, files in os.walk(d):
            for fn in files:
                if fn.endswith(".pyi"):
                    with open(os.path.join(dirpath, fn), encoding="utf-8") as f:
                        names.update(_declared(f.read()))
    import builtins

    names.update(dir(builtins))
    names.update(("__init__", "__name__", "__file__", "__class__", "__dict__", "__path__",
                  "__module__", "__qualname__", "__main__", "self", "gc", "sys", "os", "time",
                  "micropython", "array", "collections", "struct", "math", "random"))
    _FIRMWARE[board] = names
    return names


def _declared(text):
    # the names a stub declares (classes, functions, their arguments, attributes, constants):
    # the firmware holds these; the words of its docstrings it does not
    import ast

    out = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return out


class Pools:
    """The names interned so far, as a board holds them: a module's names the first time it
    loads (a module dropped and loaded again interns nothing more)."""

    def __init__(self, tree, free=None):
        self.tree = tree
        self.free = firmware_names() if free is None else free
        self.names = set()
        self.cache = {}

    def module(self, module):
        """(bytes of the module's file, names it interns now) as it loads."""
        if module not in self.cache:
            path = module_path(self.tree, module)
            if path is None:
                self.cache[module] = (0, [])
            else:
                names = mpy_names(path) if path.endswith(".mpy") else []
                self.cache[module] = (os.path.getsize(path), names)
        size, names = self.cache[module]
        new = 0
        for n in names + self.loading(module):
            if n not in self.free and n not in self.names:
                self.names.add(n)
                new += 1
        return size, new

    def loading(self, module):
        # what the import itself interns: the path it loads from, as the board's sys.path finds
        # it ('' for the project's root packages, /lib for the rest), and for a submodule its
        # dotted name (import-from builds it) and its own name (set on its package)
        path = module_path(self.tree, module)
        if path is None:
            return []
        rel = os.path.relpath(path, self.tree).replace(os.sep, "/")
        out = ["/" + rel if rel.startswith("lib/") else rel]
        if "." in module:
            out += [module, module.rsplit(".", 1)[1]]
        return out

    def count(self):
        return len(self.names)


def pool_bytes(n):
    """Heap the pools of n interned names take: heap_budget's pool sizes and entry size."""
    return heap_budget.QSTR_ENTRY * heap_budget.pool_entries(n)
