# What the shell needs to know of each family beyond engine/registry.py (the one table of
# families): its card sheet, its table module, its rules text, and whether autoplay to the
# foundations is on by default. By convention the table is solitaire.<key>_view and the rules
# text solitaire.rules_<key>, so adding a family is a registry row, a row here and its modules.
from engine.registry import FAMILIES, import_module

# key: (card sheet (assets/<deck>_7x8.bmp), autoplay on by default)
UI = {
    "terrace": ("french", True),
}

# words the option menu shows for an engine rule profile; unknown names are shown as they are
PROFILE_LABELS = {
    "classic": "classic",
    "literal": "literal (much harder)",
    "standard": "standard",
}


def key(family):
    return FAMILIES[family][0]


def deck(family):
    return UI[key(family)][0]


def autoplay_default(family):
    return UI[key(family)][1]


def view_module(family):
    return "solitaire." + key(family) + "_view"


def rules_module(family):
    return "solitaire.rules_" + key(family)


def load(family):
    # the family's engine module (VARIANTS, PROFILES, Game)
    return import_module(FAMILIES[family][2])
