# settings.toml in the simulator, as strict as the board: a line TOML can't read is named, a
# value that is not a string or an integer is refused naming its key, an unknown SOLITAIRE_* key
# gets a warning naming the closest known key, and every value knows where it came from.
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sim import profiles
from sim import settings as settings_mod
from sim.runner import run

REPO = Path(__file__).resolve().parent.parent
DRAW = str(REPO / "tests" / "fixtures" / "sim" / "draw_keys.py")


def sim(*args):
    return subprocess.run([sys.executable, "-m", "sim", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=120)


def write(tmp_path, text):
    path = tmp_path / "settings.toml"
    path.write_text(text)
    return path


def test_known_keys_are_the_keys_the_game_reads():
    read = set()
    for path in (REPO / "lib").rglob("*.py"):
        read |= set(re.findall(r'"(SOLITAIRE_[A-Z0-9_]+)"', path.read_text()))
    assert read and read <= set(settings_mod.KNOWN_KEYS), read


@pytest.mark.parametrize("text, line, what", [
    ('SOLITAIRE_DEAL = 5\nSOLITAIRE_BOARD = "pybadge\n', 2, "SOLITAIRE_BOARD"),
    ('# ok\nSOLITAIRE_DEAL 5\n', 2, "SOLITAIRE_DEAL 5"),
    ('A = 1\nA = 2\n', 2, "A = 2"),
])
def test_a_malformed_settings_toml_gives_one_line_naming_the_line(tmp_path, text, line, what):
    path = write(tmp_path, text)
    with pytest.raises(settings_mod.SettingsError) as err:
        settings_mod.read_file(str(path))
    message = str(err.value)
    assert "\n" not in message
    assert "%s line %d:" % (path, line) in message and what in message


@pytest.mark.parametrize("value, kind", [
    ("1.5", "a float"), ("true", "a boolean"), ("[1, 2]", "an array"), ("1979-05-27", "a date")])
def test_float_bool_or_array_values_are_rejected_naming_the_key(tmp_path, value, kind):
    path = write(tmp_path, "# deal\nSOLITAIRE_DEAL = %s\n" % value)
    with pytest.raises(settings_mod.SettingsError) as err:
        settings_mod.read_file(str(path))
    message = str(err.value)
    assert "line 2: SOLITAIRE_DEAL is %s" % kind in message
    assert "only strings in double quotes and integers" in message
    with pytest.raises(settings_mod.SettingsError) as err:
        settings_mod.parse_assignment("SOLITAIRE_DEAL=" + value)
    assert "--set SOLITAIRE_DEAL=%s: SOLITAIRE_DEAL is %s" % (value, kind) in str(err.value)


def test_strings_and_integers_are_read_and_keys_under_a_table_are_left_out(tmp_path):
    path = write(tmp_path, 'SOLITAIRE_DEAL = 0x10\nSOLITAIRE_BOARD = "generic"\n'
                 '[other]\nx = 1.5\n')
    values, lines = settings_mod.read_file(str(path))
    assert values == {"SOLITAIRE_DEAL": 16, "SOLITAIRE_BOARD": "generic"}
    assert lines == {"SOLITAIRE_DEAL": 1, "SOLITAIRE_BOARD": 2}
    assert settings_mod.parse_assignment("SOLITAIRE_BOARD=generic") == ("SOLITAIRE_BOARD", "generic")
    assert settings_mod.parse_assignment('X="1.5"') == ("X", "1.5")
    assert settings_mod.parse_assignment("SOLITAIRE_DEAL=7") == ("SOLITAIRE_DEAL", 7)


def test_unknown_solitaire_keys_get_a_warning_naming_the_closest_known_key(tmp_path):
    path = write(tmp_path, 'SOLITAIRE_DEALS = 3\nSOLITAIRE_BOARD = "pybadge"\n'
                 'CIRCUITPY_WIFI_SSID = "x"\nSOLITAIRE_DEBUGMEM = 1\n')
    s = settings_mod.collect(profiles.PYBADGE, str(REPO), str(path),
                             {"SOLITAIRE_BUTTON": "A=GP1", "SIM_NAME": "x"})
    assert s.warnings == [
        "settings.toml (%s line 1): SOLITAIRE_DEALS is not a setting the game reads; "
        "did you mean SOLITAIRE_DEAL?" % path,
        "settings.toml (%s line 4): SOLITAIRE_DEBUGMEM is not a setting the game reads; "
        "did you mean SOLITAIRE_DEBUG_MEM?" % path,
        "--set SOLITAIRE_BUTTON: SOLITAIRE_BUTTON is not a setting the game reads; "
        "did you mean SOLITAIRE_BUTTONS?"]
    assert run(code=DRAW, settings_file=str(path)).warnings == s.warnings[:2]


def test_every_value_knows_where_it_came_from(tmp_path):
    path = write(tmp_path, "\nSOLITAIRE_DEAL = 5\n")
    s = settings_mod.collect(profiles.PICO320, str(REPO), str(path), {"SOLITAIRE_BOARD": "x"})
    assert s.where("SOLITAIRE_DEAL") == "SOLITAIRE_DEAL came from settings.toml (%s line 2)" % path
    assert s.where("SOLITAIRE_BOARD") == "SOLITAIRE_BOARD came from --set"
    assert "pico320 profile's defaults" in s.where("SOLITAIRE_BUTTONS")
    assert s.where("SOLITAIRE_DEBUG_MEM") == (
        "SOLITAIRE_DEBUG_MEM is set nowhere (not in %s nor --set)" % path)
    assert s.explain("settings.toml: SOLITAIRE_DEAL = 5: too big") == (
        " (SOLITAIRE_DEAL came from settings.toml (%s line 2))" % path)
    assert s.explain("no display") == ""


def test_cli_malformed_settings_toml_exits_non_zero_with_one_line_naming_the_line(tmp_path):
    path = write(tmp_path, 'SOLITAIRE_DEAL = 5\nSOLITAIRE_BOARD = "pybadge\n')
    p = sim("--code", DRAW, "--settings", str(path), "--keys", "A")
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and "%s line 2:" % path in p.stderr


def test_cli_float_in_settings_or_set_exits_non_zero_naming_the_key(tmp_path):
    path = write(tmp_path, "SOLITAIRE_DEBUG_MEM = 1.0\n")
    p = sim("--code", DRAW, "--settings", str(path), "--keys", "A")
    assert p.returncode == 2 and p.stderr.count("\n") == 1
    assert "line 1: SOLITAIRE_DEBUG_MEM is a float" in p.stderr
    p = sim("--code", DRAW, "--set", "SOLITAIRE_DEAL=true", "--keys", "A")
    assert p.returncode == 2 and p.stderr.count("\n") == 1
    assert "SOLITAIRE_DEAL is a boolean" in p.stderr


def test_cli_warns_about_an_unknown_key_and_still_runs(tmp_path):
    p = sim("--code", DRAW, "--set", "SOLITAIRE_DEEL=4", "--keys", "A")
    assert p.returncode == 0, p.stderr
    assert p.stderr == ("sim: warning: --set SOLITAIRE_DEEL: SOLITAIRE_DEEL is not a setting the "
                        "game reads; did you mean SOLITAIRE_DEAL?\n")
