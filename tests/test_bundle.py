# The bundle step writes a folder laid out like a CIRCUITPY drive; deploy refuses non-drives.
import os

import pytest

from sim import bundle


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return bundle.build(str(tmp_path_factory.mktemp("b") / "CIRCUITPY"))


def test_bundle_has_the_circuitpy_layout(built):
    for path in ("code.py", "engine/game.py", "lib/solitaire/__init__.py", "assets"):
        assert os.path.exists(os.path.join(built, path)), path


def test_bundle_brings_the_third_party_libraries_from_pinned_packages(built):
    assert os.path.exists(os.path.join(built, "lib", "adafruit_display_text", "bitmap_label.py"))
    assert os.path.exists(os.path.join(built, "lib", "adafruit_bitmap_font", "bitmap_font.py"))
    assert bundle.device_libraries() == ["adafruit_display_text", "adafruit_bitmap_font"]


def test_bundle_ships_no_generator_scripts_caches_or_mpy(built):
    for dirpath, dirs, files in os.walk(built):
        assert "__pycache__" not in dirs
        for name in files:
            assert not name.endswith((".mpy", ".pyc")), name
            if os.path.basename(dirpath) == "assets":
                assert not name.endswith(".py"), name


def test_deploy_refuses_a_folder_without_boot_out_txt(built, tmp_path):
    with pytest.raises(SystemExit, match="not a CircuitPython drive"):
        bundle.deploy(str(tmp_path), built)
    assert os.listdir(tmp_path) == []


def test_deploy_copies_onto_a_drive_and_keeps_the_users_settings(built, tmp_path):
    (tmp_path / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge")
    (tmp_path / "settings.toml").write_text('SOLITAIRE_DEBUG_MEM = 1\n')
    bundle.deploy(str(tmp_path), built)
    assert (tmp_path / "code.py").exists()
    assert (tmp_path / "lib" / "adafruit_display_text").is_dir()
    assert (tmp_path / "settings.toml").read_text() == 'SOLITAIRE_DEBUG_MEM = 1\n'
