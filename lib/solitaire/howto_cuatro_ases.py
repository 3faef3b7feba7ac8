# How to play Solitario 4 Ases (the How to play page, solitaire/howto.py), one text per variant (keyed by the
# engine's variant name), what every variant shares, and what Mezclado's strict option changes.
# Written from docs/rules/cuatro_ases.md in our own short words, for a 160x128 screen.
# One paragraph each (the box over the table wraps at spaces only: no line breaks). A page says
# only what its variant does (how spaces build, renewing, losing, A on the hand differ):
# tests/test_howto_modes.py checks every page against the engine's variant data.

COMMON = (
    "Spanish deck, 40 cards: 1-7, Sota, Caballo, Rey in oros, copas, espadas, bastos. "
    "Goal: all 40 cards on the 4 spaces. "
    "Reveal: the next 2 cards of the hand go face up as a pair; only the top one plays "
    "(the last card comes alone). You may decline a move up. Score: cards on the spaces. "
    "On the table: A on the hand reveals, or renews it when empty (its count: beside it). "
    "Hold A on the top revealed card to move it up, or press A on it, then A on a space."
)

_UP = "Move up: a space takes any 1, then the next rank of its suit. "
_RENEW = "Renew: with the hand empty, turn the revealed pile over, order kept. "
_LOSS = "A pass through the hand with no card moved up loses."

MODES = {
    "Solitario 4 Ases": "The classic game. " + _UP + _RENEW + _LOSS,
    "4 Ases revelados": (
        "The four 1s start on the spaces; 36 cards in the hand. Move up: a space takes the "
        "next rank of its suit. " + _RENEW + _LOSS
    ),
    "Con reserva": (
        _UP + _RENEW + _LOSS + " One reserve slot. Park the top card there at any time (A on "
        "it, A on the slot). It comes back only onto a top card of the same rank, and stays "
        "blocked until the next renewal. It can't go up from the slot, and you can't win with "
        "a card in it."
    ),
    "Mezclado": (
        _UP + "5 tokens (the coins beside the hand). After a pass with no card moved up, "
        "spend one (A on the hand) to shuffle the cards left into a new hand instead of "
        "losing; with none left, that pass loses."
    ),
    "Pintados": (
        "Move up: each space takes any 1, then the next rank in ANOTHER suit than the card it "
        "covers. If a card fits two spaces, you choose: A on it, then A on your space. "
        + _RENEW + _LOSS
    ),
}

PROFILES = {
    "standard": "Renew: with the hand empty, turn the revealed pile over, order kept, for free.",
    "strict": (
        "Strict (much harder): every renewal costs a token and shuffles. No token, no renewal."
    ),
}
