# The generated art: reproducible from assets/make_art.py, loadable on the device side, and the
# loader survives a broken font (the game must still start).
import importlib.util
import os

import pytest

from solitaire import art

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASSETS = os.path.join(REPO, "assets")


def load_generator():
    spec = importlib.util.spec_from_file_location("make_art", os.path.join(ASSETS, "make_art.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_art_is_exactly_what_the_script_makes(tmp_path):
    gen = load_generator()
    gen.main(["--out", str(tmp_path)])
    for name in gen.OUTPUTS:
        with open(os.path.join(ASSETS, name), "rb") as a, open(tmp_path / name, "rb") as b:
            assert a.read() == b.read(), name + " differs: run assets/make_art.py"


def test_the_loader_uses_the_generators_tile_numbers():
    gen = load_generator()
    for name in ("HEAD_RANK", "HEAD_SUIT", "STRIP_RANK", "STRIP_SUIT", "FOOT", "EMPTY_TILES",
                 "MORE_TILES", "FRAME_TILES", "SPANISH_FIRST", "DOMINO_FIRST"):
        ours = {"EMPTY_TILES": "EMPTY", "MORE_TILES": "MORE", "FRAME_TILES": "FRAME",
                "BACK_TILES": "BACK"}.get(name, name)
        assert getattr(art, ours) == getattr(gen, name), name
    assert art.BACK == gen.BACK_TILES
    assert art.PAL_FRAME == gen.FRAME and art.PAL_TABLE == gen.BLANK
    # French art stays below the ranges reserved for the Spanish deck and Space Dominoes
    assert gen.TILE_COUNT <= gen.SPANISH_FIRST < gen.DOMINO_FIRST


@pytest.mark.parametrize("scale", (1, 2))
def test_the_sheet_loads_as_an_indexed_bitmap(scale):
    gen = load_generator()
    bitmap, palette, tw, th = art.load_cards(scale)
    assert (tw, th) == (7 * scale, 8 * scale)
    assert bitmap.width % tw == 0 and bitmap.height % th == 0
    assert (bitmap.width // tw) * (bitmap.height // th) >= gen.TILE_COUNT
    # the pixels are the generator's: compare every pixel of the sheet
    w, h, px = gen.sheet_pixels(gen.build_tiles(), scale)
    assert (bitmap.width, bitmap.height) == (w, h)
    assert all(bitmap[x, y] == px[y][x] for y in range(h) for x in range(w))


def test_red_and_black_suits_use_different_inks():
    gen = load_generator()
    tiles = gen.build_tiles()
    for suit in range(4):
        inks = set(v for row in tiles[gen.HEAD_SUIT + suit] for v in row)
        assert (gen.RED in inks) == (suit & 1 == 1) and (gen.BLACK in inks) == (suit & 1 == 0)
    # the ten is drawn as "10", two digits, in the rank half
    ten = tiles[gen.HEAD_RANK + 9]
    assert sum(1 for row in ten for v in row if v == gen.BLACK) >= 14


def test_the_font_loads_with_every_printable_character():
    font = art.load_font()
    assert font.__class__.__name__ == "BDF"
    font.load_glyphs("".join(chr(c) for c in range(32, 127)))
    for c in range(32, 127):
        assert font.get_glyph(c) is not None, chr(c)
    assert font.ascent + font.descent <= 10  # a status line fits a 128 px screen


def test_a_missing_or_corrupt_font_falls_back_with_a_message(tmp_path, capsys):
    import terminalio

    assert art.load_font(str(tmp_path / "none.bdf")) is terminalio.FONT
    bad = tmp_path / "bad.bdf"
    bad.write_bytes(b"STARTFONT 2.1\nFONTBOUNDINGBOX 5 9 0 -2\ngarbage")
    assert art.load_font(str(bad)) is terminalio.FONT
    out = capsys.readouterr().out
    assert out.count("using terminalio.FONT") == 2


def test_a_broken_card_sheet_gives_a_clear_error(tmp_path):
    bad = tmp_path / "cards.bmp"
    bad.write_bytes(b"BM" + b"\0" * 20)
    with pytest.raises(RuntimeError, match="make_art"):
        art.load_cards(1, str(bad))
