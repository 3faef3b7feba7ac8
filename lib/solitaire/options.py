# The player's choices, kept in the store's 8 option bytes (solitaire/store.py keeps them, this
# module gives them meaning): the last game chosen, each family's rule profile and autoplay,
# the French deck's colours, whether the screen stays on. Loaded by the options menu and when a
# game opens, dropped with them.
from micropython import const

from engine.registry import FAMILIES

SET = const(0)  # 1 once options were saved
FAMILY = const(1)  # last game chosen
_VARIANT = const(2)
_FLIP = const(3)  # bit f: family f's autoplay is the opposite of its default
_PROFILE = const(4)  # 2 bits per family: the rule profile chosen last (families 0-3; the
# others' in the high bits of _SOUND and _CARE: _profile_bits)
_LOOK = const(5)  # bit 0: two-colour French deck (four-colour is the default at 160x128);
# bit 1: random deals only among those the solver proved winnable (assets/winnable/); bit 2:
# four-colour deck on a bigger screen (two-colour is the default there); bit 3: no motion (the
# cards do not slide, a win is not celebrated: solitaire/motion.py), so a store from before
# the option has motion on
_SOUND = const(6)  # bits 0-1: the sound's level (solitaire/sound.py) XOR 2, so that 0 - the
# byte of a save made before sound, or of a new board - is medium: sound is what a handheld
# does out of the box, a player who updates hears the new feature, and Sound: off is one row
# away on the options page
_CARE = const(7)  # bit 0: the screen stays on (no dimming, no dark screen: solitaire/app.py)


def _profile_bits(family):
    # (byte, shift) of family's 2 profile bits: families 0-3 in _PROFILE, 4-6 in bits 2-7 of
    # _SOUND, 7 in bits 2-3 of _CARE. Every family the store counts statistics for (8: its mode
    # key's 3 bits, solitaire/store.py) has its options in the same 8 bytes, and a store saved
    # before a fifth family reads as that family's first profile (those bits were never set)
    if family < 4:
        return _PROFILE, 2 * family
    if family < 7:
        return _SOUND, 2 * family - 6
    return _CARE, 2 * family - 12


def profile(app, family):
    at, shift = _profile_bits(family)
    return (app.store.options[at] >> shift) & 3


def autoplay(app, family):
    default = FAMILIES[family].autoplay  # (None: the family has no autoplay)
    flip = (app.store.options[_FLIP] >> family) & 1
    return default is not None and default != bool(flip)


def four_colour(app):
    look = app.store.options[_LOOK]
    return not look & 1 if app.height <= 128 else bool(look & 4)


def winnable_only(app):
    return bool(app.store.options[_LOOK] & 2)


def motion(app):
    return not app.store.options[_LOOK] & 8


def winnable_table(app, key):
    # the winnable-deal table of mode key (family, variant, profile) and how many deals it
    # lists, or (path, None) if there is none (or it is damaged)
    from solitaire import ASSETS, winnable

    path = winnable.path(ASSETS, FAMILIES[key[0]].key, key[1], key[2])
    n = winnable.count(path)
    return path, n


def keep(app, family, variant, prof, auto, two_colour, winnable, moving=True):
    o = app.store.options
    o[SET] = 1
    o[FAMILY] = family
    o[_VARIANT] = variant
    at, shift = _profile_bits(family)
    o[at] = (o[at] & ~(3 << shift)) | (prof << shift)
    flip = bool(auto) != bool(FAMILIES[family].autoplay)
    o[_FLIP] = (o[_FLIP] & ~(1 << family)) | (flip << family)
    small = app.height <= 128  # the colours that are not the screen's default, in bit 0 or 2
    o[_LOOK] = ((o[_LOOK] & ~15) | (1 if two_colour and small else 0) | (2 if winnable else 0)
                | (4 if not (two_colour or small) else 0) | (0 if moving else 8))
    app.store.set_options()


def sound_level(app):
    # 0 off, 1 quiet, 2 medium, 3 loud
    return (app.store.options[_SOUND] & 3) ^ 2


def keep_sound(app, level):
    o = app.store.options
    o[_SOUND] = (o[_SOUND] & ~3) | (level ^ 2)


def _times(app):
    # the settings' (dim, dark) ms: settings.toml SOLITAIRE_DIM, SOLITAIRE_SLEEP (0: never)
    from solitaire import settings

    t = settings.care()
    return (t[0] if app.bright else 0), t[1]


def screen_words(app):
    # the options page's row: when the screen dims and goes dark, or that it stays on
    dim, dark = _times(app)
    if dark and dim >= dark:
        dim = 0  # (dark first)
    if app.store.options[_CARE] & 1 or not (dim or dark):
        return "Screen: always on"
    words = []
    for i in (0, 1):
        s = (dim, dark)[i] // 1000
        if s:  # "dim 1 min", "dark 45 s" (a tuple's constants: a board interns no name for them)
            minutes = s % 60 == 0
            words.append(("dim %d s", "dim %d min", "dark %d s", "dark %d min")[2 * i + minutes]
                         % (s // 60 if minutes else s))
    return "Screen: %s" % ", ".join(words)


def flip_screen(app):
    o = app.store.options
    o[_CARE] ^= 1
    app.care = (0, 0) if o[_CARE] & 1 else _times(app)
    app.care_at = app.last_key  # (the loop's battery care looks again at once)
    app.store.set_options()
