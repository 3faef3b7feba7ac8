# How to play says only what the mode and profile in use do (issue 40 item 5: Redheads' and
# Signora's pages said "The stock never locks", then the classic profile's "Stock lock: ..." and
# "An empty pile takes the waste card"). Each mode and profile of every family: its pages, as
# the app builds them (solitaire/howto.py lines()), checked against the engine's own data for
# that mode (its parameter rows and the game it makes), and the pages as the box over the table
# shows them.
import pytest

from engine import cuatro_ases, klondike, solar, terrace
from engine.registry import FAMILIES, find, profile_count
from solitaire import howto

from tests.test_app_helpers import host, past_notices

TERRACE, ASES, SOLAR = find("terrace"), find("cuatro_ases"), find("solar")
KLONDIKE = find("klondike")


def _modes(f):
    return [(f, v, p) for v in range(len(FAMILIES[f].variants)) for p in range(profile_count(f, v))]


@pytest.fixture(scope="module")
def app():
    with host("pybadge") as h:
        past_notices(h)
        yield h.app


def _page(app, key):
    # the mode's paragraphs without the controls (they follow "Controls:")
    lines = howto.lines(app, key)
    return " ".join(lines[:lines.index("Controls:")])


@pytest.mark.parametrize("key", _modes(TERRACE))
def test_terrace_pages_say_what_the_mode_and_profile_do(app, key):
    text = _page(app, key)
    g = terrace.Game(key[1], key[2])
    assert ("Reserve %d," % g.reserve_size) in text
    assert ("%d tableau piles" % g.tableau_count in text) or ("%d piles" % g.tableau_count in text)
    assert ("SAME SUIT" in text) == g.same_suit
    assert ("alternate colours" in text) != g.same_suit
    assert ("ick the base" in text or "pick the base" in text) == g.pick_base
    assert ("dealt for you" in text) != g.pick_base
    assert ("One redeal" in text) == (g.max_redeals == 1)
    assert ("No redeal" in text) == (g.max_redeals == 0)
    by_hand = g.fill == terrace.BY_HAND
    # the stock lock, and who fills an empty pile: the mode's own way only
    assert ("Stock lock" in text) == by_hand, text
    assert ("never locks" in text) != by_hand, text
    assert ("fill empty piles yourself" in text) == by_hand, text
    assert ("fill by themselves" in text) != by_hand, text
    assert ("An empty pile takes" in text) == by_hand, text
    # the profile: single cards or runs
    assert ("single cards move" in text) != g.literal
    assert ("runs of cards move" in text) == g.literal
    # Redheads, once its reserve is empty: the profile's way (rules §2)
    if g.fill == terrace.FROM_RESERVE:
        assert ("fill piles yourself" in text) == g.literal
        assert ("from the waste, else the stock" in text) != g.literal


@pytest.mark.parametrize("key", _modes(ASES))
def test_cuatro_ases_pages_say_what_the_variant_does(app, key):
    text = _page(app, key)
    g = cuatro_ases.Game(key[1], key[2])
    g.deal(1)
    ones_up, slot, tokens, painted = cuatro_ases.MODES[key[1]]
    assert ("four 1s start on the spaces" in text) == bool(ones_up)
    assert ("a space takes any 1" in text) == (not ones_up and not painted)
    assert ("ANOTHER suit" in text) == bool(painted)
    assert ("next rank of its suit" in text) != bool(painted)
    assert ("slot" in text) == bool(slot) == (g.slot >= 0)
    assert ("token" in text) == bool(tokens) == (g.tokens > 0)
    if tokens:
        assert ("5 tokens" in text) and g.tokens == 5
    strict = bool(g.strict)
    assert ("order kept" in text) != strict
    assert ("every renewal costs a token" in text) == strict
    # losing a pass: every variant but Mezclado loses it; Mezclado spends a token first
    assert ("with no card moved up loses" in text) != bool(tokens)
    assert ("instead of losing" in text) == bool(tokens)


@pytest.mark.parametrize("key", _modes(SOLAR))
def test_solar_pages_say_what_the_deck_does(app, key):
    text = _page(app, key)
    g = solar.Game(key[1], key[2])
    g.deal(1)
    cards = sum(g.count(p) for p in range(g.pile_count))
    assert ("%d cards" % cards) in text
    other = 104 - cards  # (40 and 64: the other deck's count)
    assert ("%d cards" % other) not in text
    # the 40-card deck's cards turn round, the 64-card deck's never (rules §1)
    assert ("may be turned round" in text) == (cards == 40)
    assert ("can't be turned round" in text) == (cards == 64)


@pytest.mark.parametrize("key", _modes(KLONDIKE))
def test_klondike_pages_say_what_the_draw_and_the_passes_do(app, key):
    text = _page(app, key)
    g = klondike.Game(key[1], key[2])
    g.deal(1)
    # the draw (rules §5.1): one card a turn, or three
    assert ("Draw one" in text) == (g.draw == 1)
    assert ("Draw three" in text) == (g.draw == 3)
    # the passes (§5.3) and what a recycle costs (§8.2), the mode's own only
    assert ("as often as you like" in text) != g.limit
    assert ("one pass through the stock" in text) == (g.limit and g.max_redeals == 0)
    assert ("three passes" in text) == (g.limit and g.max_redeals == 2)
    assert ("costs 100 points" in text) == (not g.limit and g.draw == 1)
    assert ("costs 20 points" in text) == (not g.limit and g.draw == 3)
    # what every mode shares: 28 cards dealt on 7 piles, the score's values (§1, §8.1)
    assert sum(g.count(p) for p in range(klondike.TABLEAU, klondike.PILES)) == 28
    assert "Seven tableau piles" in text and "+10 a card home" in text


@pytest.mark.parametrize("key", _modes(TERRACE)[6:8] + _modes(ASES)[3:5])
def test_the_box_over_the_table_shows_the_same_pages(key):
    # Signora (classic, literal) and Mezclado (standard, strict): what the pause box's How to
    # play shows, page by page, is the page the options show, wrapped
    from solitaire import boxmenu

    with host("pybadge") as h:
        past_notices(h)
        h.start(*key, number=3)
        s = h.screen
        from solitaire.boxes import howto as open_howto

        open_howto(s)
        shown = []
        pages = boxmenu.page(s, s.box[1], 0)[1]
        for at in range(pages):
            shown += boxmenu.page(s, s.box[1], at)[0]
        text = " ".join(shown)
        assert list(s.box[1]) == howto.lines(h.app, key)
        if key[0] == TERRACE:
            assert "never locks" in text and "Stock lock" not in text
        else:
            assert ("order kept" in text) != (key[2] == 1)
