# How to play Solitario Solar (the How to play page, solitaire/howto.py; the same three names as howto_terrace.py): the
# mode's text keyed by the engine's variant name, each deck profile's, and what all share.
# Written from docs/rules/solar.md in our own short words.

COMMON = (
    "Each card shows three numbers (0-3), like 1-2-3. Two cards match when two numbers agree "
    "in the same places.\n"
    "The 4 rockets 0-0-0, 1-1-1, 2-2-2, 3-3-3 launch onto their own pad (0 to 3). A rocket "
    "matches cards showing its number twice. Launch all four to win; score = rockets home.\n"
    "Turn the stock one card at a time, one pass only. A card that matches a pad's top must "
    "go there (you pick when several fit); else it goes to the waste. The waste top plays by "
    "itself as soon as it matches a pad. A pad with its rocket home takes nothing more; the "
    "4 dealt pad cards never move.\n"
    "Emergency, while a rocket is in the waste: move any top card (waste, pad, station) onto "
    "a top it matches. A station opens above a rocket home; its first card shows that "
    "rocket's number twice and comes from the waste or a pad.\n"
    "Lost when the stock is empty and no moves can free a wasted rocket. If the game can't "
    "tell, play on or resign.\n"
    "Under the stock: its count, and SOS while a rocket is in the waste. Resign in the pause "
    "menu gives up at any time."
)

MODES = {
    "Solitario Solar": (
        "Four launch pads get one card each. A rocket dealt onto another's pad means a "
        "reshuffle; one dealt onto its own pad is already home."
    ),
}

PROFILES = {
    "40 cards": (
        "40 cards: each card once; 1-2-3 and 3-2-1 are the same card, and a card may be turned "
        "round to match."
    ),
    "64 cards": (
        "64 cards (harder): every order is its own card and cards can't be turned round, so "
        "1-2-3 and 3-2-1 don't match."
    ),
}
