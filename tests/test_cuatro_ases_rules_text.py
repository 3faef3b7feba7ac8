# The rules screen's text for Solitario 4 Ases (lib/solitaire/rules_cuatro_ases.py): a text for
# every variant and profile the engine offers, plain ASCII, short enough for a 160x128 screen.
from engine.cuatro_ases import PROFILES, VARIANTS
from solitaire import rules_cuatro_ases as text


def test_every_variant_and_profile_has_its_text_and_nothing_else():
    assert set(text.MODES) == set(VARIANTS)
    assert set(text.PROFILES) == set(PROFILES)
    assert text.PROFILES["strict"] and text.COMMON


def test_the_texts_are_plain_ascii_and_short():
    texts = [text.COMMON] + list(text.MODES.values()) + list(text.PROFILES.values())
    for t in texts:
        assert t.isascii(), t
    assert len(text.COMMON) <= 520
    assert all(len(t) <= 260 for t in texts[1:])


def test_the_texts_name_each_variants_own_rule():
    assert "1s" in text.MODES["4 Ases revelados"]
    assert "slot" in text.MODES["Con reserva"] and "blocked" in text.MODES["Con reserva"]
    assert "token" in text.MODES["Mezclado"]
    assert "ANOTHER suit" in text.MODES["Pintados"]
