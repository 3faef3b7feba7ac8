# How to play Terrace (the How to play page, solitaire/howto.py), one text per mode (keyed by the engine's variant
# name), plus what every mode shares and what the two rule profiles change. Written from
# docs/rules/terrace.md in our own short words. Another family adds its own
# solitaire/howto_<family key>.py with the same three names. A page says only what its mode
# and profile do: a profile's text may differ by mode (a dict keyed by the mode's name, ""
# for the rest), as empty piles and the stock lock do here. tests/test_howto_modes.py checks
# every page against the engine's mode data.

COMMON = (
    "Two decks, 104 cards. Build all 8 foundations up from the base rank, 13 cards each; "
    "ranks wrap (K, A, 2...). One point per card on a foundation; all 104 wins.\n"
    "Tableau: put a card one rank lower and of the other colour (a K may go on an A). "
    "Nothing goes on a card of the base rank.\n"
    "The reserve shows all its cards; only the top one plays. The stock deals one card at a "
    "time to the waste; when the waste is empty a card is dealt to it by itself.\n"
    "Lost when no useful move is left; you can still undo."
)

MODES = {
    "Terrace": (
        "Reserve 11, 9 tableau piles. Foundations build up in alternate colours. "
        "Pick the base: put one of the 4 cards offered on a foundation. No redeal. "
        "You fill empty piles yourself."
    ),
    "General's Patience": (
        "Reserve 13, 9 piles. Foundations build up in the SAME SUIT. You pick the base card. "
        "One redeal: when the stock is empty, the waste turns over once; then each card must "
        "be played before the next one comes. You fill empty piles yourself."
    ),
    "Falling Stars": (
        "Reserve 11, 9 piles. Foundations alternate colours. The base card is dealt for you. "
        "No redeal; you fill empty piles yourself."
    ),
    "Signora": (
        "Reserve 11, 9 piles. Foundations alternate colours; the base is dealt for you. "
        "No redeal. Empty piles fill by themselves from the waste, else the stock. The stock "
        "never locks."
    ),
    "Redheads": (
        "Reserve 21, 8 piles. Foundations alternate colours; the base is dealt for you. "
        "No redeal. Empty piles fill by themselves from the reserve. The stock never locks."
    ),
    "Blondes and Brunettes": (
        "Reserve 10, 8 piles. Foundations alternate colours; the base is dealt for you. "
        "No redeal; you fill empty piles yourself."
    ),
    "Wood": (
        "Reserve 10, 9 piles. Foundations alternate colours; the base is dealt for you. "
        "No redeal; you fill empty piles yourself."
    ),
}

_LOCK = (" Stock lock: a card dealt while a pile is empty locks the stock until you play that "
         "waste card or no pile is empty.")
_CLASSIC = "Classic rules: single cards move. The reserve plays to the foundations only."
_LITERAL = ("Literal rules (much harder): runs of cards move together. The reserve also plays "
            "to the tableau.")
_BY_RANK = (" An empty pile takes only a card one rank below the base (or a run starting with "
            "one)")
PROFILES = {
    "classic": {
        "": _CLASSIC + " An empty pile takes the waste card, any rank." + _LOCK,
        "Signora": _CLASSIC,
        "Redheads": _CLASSIC + " Once the reserve is empty, a pile fills from the waste, else "
                               "the stock.",
    },
    "literal": {
        "": _LITERAL + _BY_RANK + ", from the waste, the reserve or the tableau." + _LOCK,
        "Signora": _LITERAL,
        "Redheads": _LITERAL + " Once the reserve is empty you fill piles yourself, with any "
                               "card or run.",
    },
}
