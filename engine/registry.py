# The games the app offers, one row per family: the one table of families (the shell's menus
# and the simulator's tools read it without importing any game):
#   (key, display name, engine module, VARIANTS, PROFILES, profiles each variant offers, deck,
#    autoplay to the foundations on by default)
# The sixth field is None when every variant offers every profile, else a tuple of counts (the
# first n profiles). The deck names the card sheet (assets/<deck>_*.bmp). By convention the
# family's table is solitaire.<key>_view and its rules text solitaire.rules_<key>. Append-only:
# a row's index is stored in saves and statistics. A family's module is imported only when it is
# chosen, so only one family's code is ever in RAM.
FAMILIES = (
    ("terrace", "Terrace", "engine.terrace",
     ("Terrace", "General's Patience", "Falling Stars", "Signora", "Redheads",
      "Blondes and Brunettes", "Wood"),
     ("classic", "literal"), None, "french", True),
    ("cuatro_ases", "Solitario 4 Ases", "engine.cuatro_ases",
     ("Solitario 4 Ases", "4 Ases revelados", "Con reserva", "Mezclado", "Pintados"),
     ("standard", "strict"), (1, 1, 1, 2, 1), "spanish", False),
    ("solar", "Solitario Solar", "engine.solar", ("Solitario Solar",), ("40 cards", "64 cards"),
     None, "domino", False),
)


def find(key):
    # row index of a family key, or -1
    for i in range(len(FAMILIES)):
        if FAMILIES[i][0] == key:
            return i
    return -1


def row(key):
    return FAMILIES[find(key)]


def profile_count(family, variant):
    # how many profiles variant `variant` of family row `family` offers
    f = FAMILIES[family]
    return len(f[4]) if f[5] is None else f[5][variant]


def mode_name(key):
    # a mode (family, variant, profile) in words, the one way the app and its tools name it:
    # the variant, and the rule profile or deck when it is not the first ("Con reserva",
    # "Mezclado", "Mezclado (strict)", "Solitario Solar (64 cards)")
    row = FAMILIES[key[0]]
    name = row[3][key[1]]
    return (name + " (" + row[4][key[2]] + ")") if key[2] else name


def import_module(path):
    # __import__ returns the top package, so walk down to the module itself (the same on
    # CPython and CircuitPython, which has no importlib)
    module = __import__(path)
    for part in path.split(".")[1:]:
        module = getattr(module, part)
    return module


def load(key):
    # the family's module (it defines VARIANTS, PROFILES and Game)
    i = find(key)
    if i < 0:
        raise KeyError(key)
    return import_module(FAMILIES[i][2])
