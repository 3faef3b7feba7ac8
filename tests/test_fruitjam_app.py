# `make bundle` writes the Fruit Jam OS app (sim/bundle.py write_app): build/apps/Solitaire/
# with the app's code.py, a metadata.json the launchers read (Fruit Jam OS: title and icon;
# picogame's: author, category, players, desc), a 64x64 indexed icon.bmp drawn by
# assets/make_art.py, and the game's engine/, lib/ and assets/; its zip holds that folder under
# "CircuitPython 10.x/" beside a README.txt. The folder, run as the launcher runs it (its own
# folder the working directory), starts the game on the simulator's Fruit Jam.
import json
import os
import struct
import zipfile

import pytest

from sim import bundle
from sim.runner import run


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    # (as .py source: the compiled tree is the same files, tests/test_bundle.py checks those)
    out = bundle.build(str(tmp_path_factory.mktemp("jam") / "CIRCUITPY"), source=True)
    return out, bundle.app_folder(out)


def files(folder):
    return sorted(os.path.relpath(os.path.join(d, n), folder).replace(os.sep, "/")
                  for d, _, names in os.walk(folder) for n in names)


def test_the_app_folder_is_what_fruit_jam_os_lists(built):
    out, app = built
    assert app.endswith(os.path.join("apps", "Solitaire"))
    names = files(app)
    for name in ("code.py", "metadata.json", "icon.bmp", "lib/solitaire/boot.py",
                 "lib/solitaire/fruitjam.py", "lib/solitaire/savefile.py", "engine/registry.py",
                 "assets/font.bin", "assets/french_14x12.bmp"):
        assert name in names, name
    # the same game as the CIRCUITPY folder, but the board's own code.py and settings
    circuitpy = set(files(out)) - {"code.py", "settings.toml"}
    assert set(names) - {"code.py", "metadata.json", "icon.bmp"} == circuitpy
    assert "assets/icon.bmp" not in names and "icon.bmp" not in os.listdir(os.path.join(out, "assets"))


def test_metadata_json_has_what_the_launchers_read(built):
    with open(os.path.join(built[1], "metadata.json")) as f:
        meta = json.load(f)
    assert meta["title"] == "Solitaire" and meta["icon"] == "icon.bmp"
    assert meta["category"] == "cards" and meta["players"] == 1
    assert meta["author"] and meta["desc"]
    assert bundle.metadata_problem(os.path.join(built[1], "metadata.json")) is None


def test_a_metadata_json_without_a_launchers_key_is_refused(tmp_path):
    bad = tmp_path / "metadata.json"
    bad.write_text('{"title": "Solitaire", "icon": "icon.bmp"}')
    assert "lacks author, category, players, desc" in bundle.metadata_problem(str(bad))
    bad.write_text("{not json")
    assert "not readable JSON" in bundle.metadata_problem(str(bad))


def test_the_icon_is_a_64x64_indexed_bmp_whose_colour_0_is_the_table(built):
    with open(os.path.join(built[1], "icon.bmp"), "rb") as f:
        data = f.read()
    assert data[:2] == b"BM"
    size, w, h, planes, bits, compression, _, _, _, colours = struct.unpack("<IiiHHIIiiI",
                                                                            data[14:50])
    assert (w, h, bits, compression, colours) == (64, 64, 4, 0, 16)
    offset = struct.unpack("<I", data[10:14])[0]
    pixels = data[offset:]
    assert len(pixels) == 64 * 32
    # the corners are colour 0 (transparent in the launcher), the cards' white shows
    assert pixels[0] >> 4 == 0 and pixels[-1] & 15 == 0
    values = {b >> 4 for b in pixels} | {b & 15 for b in pixels}
    assert 1 in values and len(values) >= 4  # (card, inks, edge: drawn from the French sheet)
    with open(os.path.join(bundle.REPO, "assets", "icon.bmp"), "rb") as f:
        assert f.read() == data


def test_the_apps_zip_holds_the_folder_under_circuitpython_10_x_and_a_readme(built):
    out, app = built
    path = os.path.join(os.path.dirname(out), bundle.APP_ZIP_NAME)
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        readme = z.read("README.txt").decode()
        assert z.read("CircuitPython 10.x/Solitaire/metadata.json") == open(
            os.path.join(app, "metadata.json"), "rb").read()
    assert names == sorted(names)
    assert set(names) == {"README.txt"} | {"CircuitPython 10.x/Solitaire/" + n for n in files(app)}
    assert "/apps" in readme and "/sd/apps" in readme and "circup install" in readme


def test_the_app_folder_starts_the_game_as_the_launcher_starts_it(built, tmp_path):
    # its code.py run with the app folder as the working directory (the runner's, as the
    # launcher's supervisor.set_next_code_file(..., working_directory=...)): the title shows,
    # the greeting past, played with the gamepad
    app = built[1]
    r = run(board="fruitjam", keys="A A A", code=os.path.join(app, "code.py"), data_dir=tmp_path)
    assert r.stopped_by is None, r.stop_line
    app_obj = r.modules["solitaire.boot"].app
    assert r.modules["solitaire"].__file__.startswith(app)  # the app's own package
    assert app_obj.board == "fruitjam"
    assert os.path.exists(tmp_path / "fruitjam-saves" / "solitaire.sav")
