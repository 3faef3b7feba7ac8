# The game families the shell offers. One row per family:
#   (engine family key, display name, engine module, screen module)
# The engine module has VARIANTS, PROFILES and Game(variant, profile, options); the screen module
# has View(ui, game) (see solitaire.app). Rules text for the rules screen lives in
# solitaire.rules_<key> (RULES[variant] = the text). Modules are imported only when needed.
# Append new rows at the end and never reorder: a row's index is stored in saves and statistics.
FAMILIES = (
    ("terrace", "Terrace", "engine.terrace", "solitaire.terrace_view"),
)

# words the option menu shows for an engine rule profile; unknown names are shown as they are
PROFILE_LABELS = {
    "classic": "classic",
    "literal": "literal (much harder)",
    "standard": "standard",
}
