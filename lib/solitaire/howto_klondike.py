"""How to play Klondike: each mode's text, each rule profile's (by mode), and what all share.

The same three names as every family's How to play (solitaire/howto.py reads them), written
from docs/rules/klondike.md in our own short words; a page says only what its mode and profile
do (tests/test_howto_modes.py checks them against the engine's mode data).
"""

COMMON = (
    "One deck, 52 cards. Build the 4 foundations up by suit from Ace to King; any Ace takes an "
    "empty foundation. All 52 home wins.\n"
    "Seven tableau piles, pile 1 to 7 holding 1 to 7 cards, only the top card face up. Put a "
    "card on one a rank higher and of the other colour; any face-up run moves as a group. Only "
    "a King (or a run it heads) fills an empty pile. A face-down card left on top turns up by "
    "itself.\n"
    "A on the stock turns it; on the empty stock, A turns the waste over to be the stock "
    "again. Only the waste's top card plays. A foundation's top card may come back down onto "
    "the tableau.\n"
    "Score: +10 a card home, +5 waste to tableau, +5 a card turned up, -15 a card back down; "
    "never below 0.\n"
    "Lost when no useful move is left; you can still undo."
)

MODES = {
    "Klondike draw one": "Draw one: each turn brings one card from the stock to the waste.",
    "Klondike draw three": (
        "Draw three: each turn brings three cards (fewer at the end of the stock), spread on "
        "the waste; only the top one plays, then the one under it."
    ),
}

PROFILES = {
    "standard": {
        "Klondike draw one": "Standard: go through the stock as often as you like; every turn "
                             "of the waste back to the stock costs 100 points.",
        "": "Standard: go through the stock as often as you like; from the fourth pass on, "
            "each turn of the waste back to the stock costs 20 points.",
    },
    "limited": {
        "Klondike draw one": "Limited passes: one pass through the stock, never turned over "
                             "again.",
        "": "Limited passes: three passes through the stock (the waste turns over twice, "
            "costing no points).",
    },
}
