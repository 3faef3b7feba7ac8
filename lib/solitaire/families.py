# The game families the shell offers, derived from the engine's registry (engine/registry.py,
# the one table of families): (engine family key, display name, engine module, screen module).
# By convention a family's play screen is solitaire.<key>_view (View(ui, game)) and its rules
# text solitaire.rules_<key> (RULES[variant]), so adding a family is one registry row plus its
# modules, and no other family's code changes. A row's index is stored in saves and statistics,
# which is why the registry is append-only.
from engine.registry import FAMILIES as _ENGINE_FAMILIES

FAMILIES = tuple((key, name, module, "solitaire." + key + "_view")
                 for key, name, module in _ENGINE_FAMILIES)

# words the option menu shows for an engine rule profile; unknown names are shown as they are
PROFILE_LABELS = {
    "classic": "classic",
    "literal": "literal (much harder)",
    "standard": "standard",
}
