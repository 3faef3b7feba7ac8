# The How to play text of Solitario 4 Ases (lib/solitaire/howto_cuatro_ases.py): a text for
# every variant and profile the engine offers, in the font's glyphs, short enough for a 160x128
# screen; how to play this table.
from engine.cuatro_ases import PROFILES, VARIANTS
from solitaire import howto_cuatro_ases as text
from solitaire.font import GLYPHS


def test_every_variant_and_profile_has_its_text_and_nothing_else():
    assert set(text.MODES) == set(VARIANTS)
    assert set(text.PROFILES) == set(PROFILES)
    assert text.PROFILES["strict"] and text.COMMON


def test_the_texts_are_in_the_fonts_glyphs_one_paragraph_each_and_short():
    texts = [text.COMMON] + list(text.MODES.values()) + list(text.PROFILES.values())
    for t in texts:
        assert set(t) <= set(GLYPHS), set(t) - set(GLYPHS)
        assert "\n" not in t  # the rules box wraps a paragraph at spaces only
    # a page: the common text, the variant's and (Mezclado) the profile's, at most 900
    # characters as before (640 + 260), however they are shared out
    from engine.cuatro_ases import PROFILE_COUNT

    for v, name in enumerate(VARIANTS):
        own = [len(text.PROFILES[p]) for p in PROFILES[:PROFILE_COUNT[v]]] if PROFILE_COUNT[v] > 1 else [0]
        assert len(text.COMMON) + len(text.MODES[name]) + max(own) <= 900, name


def test_the_texts_name_each_variants_own_rule():
    assert "1s" in text.MODES["4 Ases revelados"]
    assert "slot" in text.MODES["Con reserva"] and "blocked" in text.MODES["Con reserva"]
    assert "token" in text.MODES["Mezclado"]
    assert "ANOTHER suit" in text.MODES["Pintados"]


def test_the_common_text_says_how_to_play_on_the_table():
    assert "A on the hand reveals" in text.COMMON and "Hold A" in text.COMMON
