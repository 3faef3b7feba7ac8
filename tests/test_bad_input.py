# Bad input at start-up (issue 9, point 6), through the simulator (sim.runner.run) as a board
# would meet it: SOLITAIRE_BUTTONS naming something that is no pin, a truncated font, a card
# sheet cut short or whose header asks for more memory than a sheet can be, and the advice on
# a settings error when the board has no buttons yet. The damaged files are in a copy of
# assets/ that the program points the package at before it boots (solitaire.ASSETS).
import shutil

import pytest

from sim.runner import run
from tests.test_app_helpers import RECORDER, boot, count_colour

PROGRAM = '''
import solitaire
solitaire.ASSETS = %r  # (solitaire.art and solitaire.font read it when they are imported)
from solitaire import boot
boot.main()
'''
FONT = "font.bdf"
PACKED = "font.bin"  # what the board reads first (solitaire/font.py); the BDF is its fallback
SHEET = "french_7x6.bmp"  # the French deck's sheet at 160x128 (solitaire/art.py sheet_path)


@pytest.fixture
def assets(tmp_path):
    # a copy of assets/ and a program that boots the app on it: (folder, program path)
    folder = tmp_path / "assets"
    shutil.copytree(boot_assets(), folder)
    program = tmp_path / "assets_code.py"
    program.write_text(PROGRAM % str(folder))
    return folder, str(program)


def boot_assets():
    import solitaire

    return solitaire.ASSETS


def red_screen(r):
    # solitaire/oops.py's screen: dark red, white words
    return (count_colour(r, 0x401010) > r.width * r.height // 2
            and count_colour(r, 0xFFFFFF) > 200)


# ---- SOLITAIRE_BUTTONS ------------------------------------------------------------------------

@pytest.mark.parametrize("pin", ["board_id", "DISPLAY"])
def test_a_button_named_after_a_board_attribute_that_is_no_pin_is_an_error_naming_the_key(pin, capsys):
    r = run(board="pico320", keys="wait:300",
            settings={"SOLITAIRE_BUTTONS": "A=%s B=GP13 LEFT=GP14 RIGHT=GP15" % pin})
    assert r.error is None, r.traceback
    err = str(boot(r).last_error)
    assert "SOLITAIRE_BUTTONS" in err and "no pin " + pin + " (for A)" in err
    assert red_screen(r) and "SOLITAIRE_BUTTONS" in capsys.readouterr().out


# ---- the advice on a settings error -----------------------------------------------------------

@pytest.mark.parametrize("board, settings", [
    ("pico320", {"SOLITAIRE_BUTTONS": "A=GP12 B=GP13"}),  # no buttons made yet
    ("pybadge", {"SOLITAIRE_DEAL": "seven"}),
])
def test_a_settings_error_says_fix_settings_toml_and_save_it_never_press_a_button(board, settings, capsys):
    # CircuitPython restarts the program when a file on its drive is saved; a button can't,
    # and on a board whose buttons come from the broken setting there are none
    r = run(board=board, keys="wait:300", settings=settings)
    assert r.error is None, r.traceback
    out = capsys.readouterr().out
    assert "Fix settings.toml and save it" in out and "ress a button" not in out
    assert red_screen(r) and boot(r).last_error is not None


# ---- the font -----------------------------------------------------------------------------------

@pytest.mark.parametrize("keep", [0.5, 0.1])
def test_a_truncated_font_falls_back_to_the_built_in_font_with_a_notice_of_its_own(assets, keep):
    folder, program = assets
    for name in (PACKED, FONT):  # both cut short: the built-in font
        data = (folder / name).read_bytes()
        (folder / name).write_bytes(data[:int(len(data) * keep)])  # (the BDF: no ENDFONT)
    # the recorder (tests/test_app_helpers.py) logs each page shown; A pages through the notices
    recording = folder.parent / "record_code.py"
    recording.write_text((PROGRAM % str(folder)).replace("from solitaire import boot\nboot.main()\n", "")
                         + RECORDER)
    r = run(board="pybadge", keys=" ".join(["wait:300"] + ["A", "wait:300"] * 5), code=str(recording))
    assert r.error is None, r.traceback
    app = boot(r).app
    assert boot(r).last_error is None and app is not None
    # the built-in font: the run's own terminalio, or the one an earlier test left loaded
    # (a module imported before the run is not the run's, so r.modules lacks it)
    import sys

    terminalio = r.modules.get("terminalio") or sys.modules["terminalio"]
    assert app.font is terminalio.FONT
    titles = []
    for entry in r.globals["log"]:
        if entry[0] == "page" and (not titles or titles[-1] != entry[1]):
            titles.append(entry[1])
    # its own notice, then a first start's greeting on a page of its own, the title
    assert titles[:3] == ["Font", "Welcome to Solitaire", "SOLITAIRE"], titles
    r = run(board="pybadge", keys="wait:300", code=program)
    page = boot(r).app.screen.page
    text = " ".join(page.info)
    assert page.title == "Font" and page.warn
    assert FONT in text and "built-in font" in text and "empty" not in text


@pytest.mark.parametrize("damage", ["cut", "foreign", "missing"])
def test_a_damaged_packed_font_falls_back_to_the_bdf_font_and_says_so_on_the_console(
        assets, damage, capsys):
    folder, program = assets
    packed = folder / PACKED
    data = packed.read_bytes()
    if damage == "cut":
        packed.write_bytes(data[:len(data) - 40])  # its pixel rows cut short
    elif damage == "foreign":
        packed.write_bytes(b"GIF89a" + data[6:])
    else:
        packed.unlink()
    r = run(board="pybadge", keys="wait:300", code=program)
    assert r.error is None and boot(r).last_error is None, r.traceback
    font = boot(r).app.font
    assert hasattr(font, "metrics") and "A" in font.chars  # the game's own font, from the BDF
    out = capsys.readouterr().out
    assert PACKED in out and "reading " + FONT in out


# ---- the card sheets ----------------------------------------------------------------------------

def _sheet_stops_the_start(program, capsys):
    # (the error, what the console and the screen say)
    r = run(board="pybadge", keys="wait:300", code=program)
    assert r.error is None, r.traceback
    err = boot(r).last_error
    assert isinstance(err, OSError) and boot(r).app is None  # at start, before any game
    assert red_screen(r)
    return str(err), capsys.readouterr().out


def test_a_card_sheet_cut_short_is_reported_at_start_naming_the_file(assets, capsys):
    folder, program = assets
    data = (folder / SHEET).read_bytes()
    (folder / SHEET).write_bytes(data[:len(data) - 100])
    err, text = _sheet_stops_the_start(program, capsys)
    assert SHEET in err and "cut short" in err
    assert SHEET in text and "Copy assets/ to CIRCUITPY again" in text and "Internal error" not in text


def test_a_card_sheet_whose_header_asks_for_too_much_memory_is_reported_naming_the_file(assets, capsys):
    folder, program = assets
    data = bytearray((folder / SHEET).read_bytes())
    data[18:22] = (4096).to_bytes(4, "little")  # width
    data[22:26] = (4096).to_bytes(4, "little")  # height: 8 MB of 4-bit pixels
    (folder / SHEET).write_bytes(bytes(data))
    err, text = _sheet_stops_the_start(program, capsys)
    assert SHEET in err and "4096x4096" in err and "MemoryError" not in err
    assert SHEET in text and "Internal error" not in text


# ---- a very long value (issue 25 4g) ------------------------------------------------------------

LONG_DEAL = "7" * 5000  # more digits than CPython turns into a number (4300)


@pytest.mark.parametrize("how", ["quoted", "bare", "file"])
def test_a_5000_digit_deal_gives_the_message_that_names_the_setting(how, tmp_path):
    # quoted, through --set bare, or written bare in settings.toml: the app's own message,
    # naming SOLITAIRE_DEAL and its range, the value cut short; never CPython's ValueError
    settings, settings_file = {}, None
    if how == "quoted":
        settings = {"SOLITAIRE_DEAL": LONG_DEAL}
    elif how == "bare":
        from sim.settings import parse_assignment

        settings = dict([parse_assignment("SOLITAIRE_DEAL=" + LONG_DEAL)])
    else:
        settings_file = tmp_path / "settings.toml"
        settings_file.write_text("SOLITAIRE_DEAL = %s\n" % LONG_DEAL)
    r = run(keys="wait:300", settings=settings, settings_file=settings_file)
    assert r.error is None, r.traceback
    err = boot(r).last_error
    assert type(err).__name__ == "SettingError"
    assert str(err) == ("settings.toml: SOLITAIRE_DEAL = 777777777777... (5000 digits): "
                        "expected a number 0..1073741823")
    assert red_screen(r)
    assert "SOLITAIRE_DEAL came from" in r.stop_line


def test_a_long_value_is_cut_short_in_the_message_and_never_made_a_number(monkeypatch):
    import os

    from solitaire import settings

    def message(value):
        monkeypatch.setattr(os, "getenv", lambda key, default=None: value)
        with pytest.raises(settings.SettingError) as err:
            settings.config()
        return str(err.value)

    # digits past the range, leading zeros aside: refused without int() (no 4300-digit limit)
    assert message("1" * 25) == ("settings.toml: SOLITAIRE_DEAL = 111111111111... (25 digits): "
                                 "expected a number 0..1073741823")
    assert message("9" * 11) == ("settings.toml: SOLITAIRE_DEAL = 99999999999: "
                                 "expected a number 0..1073741823")
    assert message("x" * 5000).startswith("settings.toml: SOLITAIRE_DEAL = 'xxxxxxxxxxxx...' "
                                          "(5000 characters): expected a whole number")
    monkeypatch.setattr(os, "getenv", lambda key, default=None:
                        "0" * 30 + "7" if key == "SOLITAIRE_DEAL" else default)
    assert settings.config()[0] == 7  # a long value is not a wrong one
    monkeypatch.setattr(os, "getenv", lambda key, default=None:
                        "b" * 100 if key == "SOLITAIRE_BOARD" else default)
    with pytest.raises(settings.SettingError) as err:
        settings.board_override()
    assert len(str(err.value)) < 140 and "SOLITAIRE_BOARD = 'bbbbbbbbbbbb...' (100 characters)" in str(err.value)
