# The games the app offers, one Family each: the one table of families (the shell's menus and
# the simulator's tools read it without importing any game). Append-only: a family's index is
# stored in saves and statistics. A family's module is imported only when it is chosen, so only
# one family's code is ever in RAM. The registry itself is dropped while a game is played
# (solitaire/opening.py): a family's engine keeps its names, not the registry.
from engine import import_module  # noqa: F401  (registry.import_module, for the tools)


class Family:
    # A family of games, read by name:
    #   key       its name in code: the engine module engine.<key>, the table solitaire.<key>_view
    #             and the rules text solitaire.howto_<key> (by convention)
    #   name      what the menus call it
    #   module    its engine module
    #   variants  its modes' names (the engine's VARIANTS), index = variant number
    #   profiles  its rule profiles' (or decks') names (the engine's PROFILES)
    #   counts    how many profiles each variant offers (the first n), or None: every one
    #   deck      the card sheet (assets/<deck>_*.bmp)
    #   autoplay  autoplay to the foundations on by default (None: the family has none, and its
    #             options page no Autoplay row)
    #   keeps_left  its statistics keep the most cards left in the stock at a win (Solar's
    #             rules §6: its score, rockets home, is 4 at every win and says nothing of how
    #             soon), shown on the result box and the mode's statistics
    def __init__(self, key, name, variants, profiles, deck, autoplay, counts=None,
                 keeps_left=False):
        self.key = key
        self.name = name
        self.module = "engine." + key
        self.variants = variants
        self.profiles = profiles
        self.counts = counts
        self.deck = deck
        self.autoplay = autoplay
        self.keeps_left = keeps_left


FAMILIES = (
    Family("terrace", "Terrace",
           ("Terrace", "General's Patience", "Falling Stars", "Signora", "Redheads",
            "Blondes and Brunettes", "Wood"),
           ("classic", "literal"), "french", True),
    Family("cuatro_ases", "Solitario 4 Ases",
           ("Solitario 4 Ases", "4 Ases revelados", "Con reserva", "Mezclado", "Pintados"),
           ("standard", "strict"), "spanish", False, (1, 1, 1, 2, 1)),
    Family("solar", "Solitario Solar", ("Solitario Solar",), ("40 cards", "64 cards"), "domino",
           None, keeps_left=True),  # no autoplay: its forced plays are the engine's own
    Family("klondike", "Klondike", ("Klondike draw one", "Klondike draw three"),
           ("standard", "limited"), "french", True),
)


def find(key):
    # index of a family key; an unknown key is a mistake, named (never the last family)
    for i in range(len(FAMILIES)):
        if FAMILIES[i].key == key:
            return i
    raise ValueError("no game family " + repr(key))


def row(key):
    return FAMILIES[find(key)]


def profile_count(family, variant):
    # how many profiles variant `variant` of family number `family` offers
    f = FAMILIES[family]
    return len(f.profiles) if f.counts is None else f.counts[variant]


def mode_name(key):
    # a mode (family, variant, profile) in words, the one way the app and its tools name it:
    # the variant, and the rule profile or deck when it is not the first ("Con reserva",
    # "Mezclado", "Mezclado (strict)", "Solitario Solar (64 cards)")
    f = FAMILIES[key[0]]
    name = f.variants[key[1]]
    return "%s (%s)" % (name, f.profiles[key[2]]) if key[2] else name


def load(key):
    # the family's module (it defines VARIANTS, PROFILES and Game)
    return import_module(FAMILIES[find(key)].module)
