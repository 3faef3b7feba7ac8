# Out of memory on the board is never silent: the app is dropped (its game, screens and code)
# before the report is loaded, and the player reads on the screen, and the console shows, how
# much heap was free when it failed and once the game was closed (gc.mem_free, which the PC
# lacks: stood in for here). The report checks MemoryError first, with no import.
import gc

import displayio
import terminalio

from sim.runner import run
from solitaire.text import baseline, paint, pitch, wrap

from tests.apphost import panel_rgb
from tests.test_app_helpers import boot, start_keys

# the real code.py's boot.main(), with the table running out of memory once a game is dealt
OUT_OF_MEMORY = '''
from solitaire import app as appmod
from solitaire import boot

_step = appmod.App.step


def step(self, now):
    if self.game is not None:
        raise MemoryError("memory allocation failed, allocating 2048 bytes")
    return _step(self, now)


appmod.App.step = step
try:
    boot.main()
finally:  # (the run's end stops the error screen's wait): what the report left loaded
    import sys

    loaded = sorted(n for n in sys.modules if n.startswith(("engine", "solitaire.")))
'''
MESSAGE = ("Out of memory: 1234 bytes free, 61234 once the game was closed. Details on the serial "
           "console.")


def _painted(width, height, lines):
    # the words as solitaire.oops lays them out: built-in font, from the top left, 3 px in
    font = terminalio.FONT
    b = displayio.Bitmap(width, height, 2)
    p = pitch(font)
    for i, line in enumerate(lines):
        paint(font, b, line, 3, 1 + i * p + baseline(font))
    return b


def test_out_of_memory_is_reported_on_the_screen_and_the_console_with_the_free_heap(
        tmp_path, capsys, monkeypatch):
    free = iter((1234, 61234))  # when the table failed, then once boot.main dropped the app
    monkeypatch.setattr(gc, "mem_free", lambda: next(free), raising=False)
    program = tmp_path / "out_of_memory_code.py"
    program.write_text(OUT_OF_MEMORY)
    r = run(board="pybadge", keys=start_keys("pybadge") + " wait:1000", code=str(program))
    assert r.error is None, r.traceback
    b = boot(r)
    assert isinstance(b.last_error, MemoryError) and b.app is None
    # the game's code went with it: only what the report needs is loaded
    assert r.globals["loaded"] == ["solitaire.boot", "solitaire.oops", "solitaire.text"]
    captured = capsys.readouterr()
    assert "solitaire: " + MESSAGE in captured.out
    assert "MemoryError: memory allocation failed" in captured.out + captured.err  # traceback
    # the screen: those words, white on dark red, pixel for pixel
    w, h = r.width, r.height
    lines = ["Solitaire can't go on:"] + wrap(terminalio.FONT, MESSAGE, w - 6)
    words = _painted(w, h, lines)
    white, red = bytes(panel_rgb(0xFFFFFF)), bytes(panel_rgb(0x401010))
    frame = r.frames[-1]
    wrong = [(x, y) for y in range(h) for x in range(w)
             if frame[(y * w + x) * 3:(y * w + x) * 3 + 3] != (white if words[x, y] else red)]
    assert not wrong, wrong[:10]
    assert sum(words[x, y] for y in range(h) for x in range(w)) > 300  # (words were painted)
