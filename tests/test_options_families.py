# The options' bytes (solitaire/options.py) hold every family's rule profile and autoplay, for as
# many families as the store counts statistics for (8: solitaire/store.py's mode key): keeping
# one family's options changes no other family's, nor the sound and the screen's care, and a
# store saved before a family existed reads as that family's first profile, autoplay default.
import types

import pytest

from engine.registry import FAMILIES
from solitaire import options


class _Store:
    def __init__(self, raw=bytes(8)):
        self.options = bytearray(raw)

    def set_options(self):
        pass


def _app(raw=bytes(8)):
    return types.SimpleNamespace(store=_Store(raw), height=128)


def test_every_family_the_store_counts_keeps_its_own_profile_and_autoplay(monkeypatch):
    # eight families, more than the registry's, each with its own choice
    rows = [types.SimpleNamespace(autoplay=True) for _ in range(8)]
    monkeypatch.setattr(options, "FAMILIES", rows)
    app = _app()
    options.keep_sound(app, 3)
    app.store.options[7] |= 1  # the screen stays on
    for f in range(8):
        options.keep(app, f, 0, (f + 1) % 4, f % 2 == 0, False, False)
    for f in range(8):
        assert options.profile(app, f) == (f + 1) % 4, f
        assert options.autoplay(app, f) == (f % 2 == 0), f
    assert options.sound_level(app) == 3 and app.store.options[7] & 1


@pytest.mark.parametrize("family", range(len(FAMILIES)))
def test_a_store_from_before_a_family_reads_as_its_first_profile(family):
    # the bytes a store kept with three families' choices made (every profile bit of families
    # 0-2 set, sound loud, the screen on): the fourth and later read profile 0, autoplay default
    raw = bytes((1, 0, 0, 0, 0x3F, 0, 3 ^ 2, 1))
    app = _app(raw)
    want = 3 if family < 3 else 0
    assert options.profile(app, family) == want
    assert options.autoplay(app, family) == (FAMILIES[family].autoplay is True)
