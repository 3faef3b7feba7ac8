# The play screen's messages: a hint names the cards it would move, and the message box never
# covers the status line, whatever the text (descenders, suit glyphs, two lines) or screen size.
import pytest

from engine.game import KIND_FOUNDATION, move_count, move_dst, move_src
from solitaire import keys as K
from solitaire import terrace_view
from tests.test_terrace_view_harness import Harness, choose_base

BOX = (255, 227, 0)  # terrace_view.MESSAGE_BOX (0xFFE000) as the RGB565 panel shows it


def test_a_hint_names_the_card_and_where_it_goes():
    h = Harness(2, 0, deal=7)
    m = h.game.hint()
    src, dst, n = move_src(m), move_dst(m), move_count(m)
    h.press(K.SELECT)
    card = terrace_view.card_name(h.game.card(src, h.game.count(src) - (n or 1)))
    assert h.view.msg_text.startswith("Hint: " + card)
    if h.view.kind[dst] == KIND_FOUNDATION:
        assert h.view.msg_text.endswith("to a foundation")
    elif h.game.count(dst):
        assert h.view.msg_text.endswith("onto " + terrace_view.card_name(h.game.top(dst)))


def test_card_names_use_the_games_ranks_and_suit_glyphs():
    # engine card = deck*52 + suit*13 + rank-1, suits clubs diamonds spades hearts
    assert terrace_view.card_name(0) == "A\u2663"
    assert terrace_view.card_name(13 + 9) == "10\u2666"
    assert terrace_view.card_name(52 + 26 + 12) == "K\u2660"
    assert terrace_view.card_name(39 + 10) == "J\u2665"


def _box_rows(h):
    f = h.frame()
    w = h.screen.width
    rows = set()
    for y in range(h.screen.height):
        row = f[y * w * 3:(y + 1) * w * 3]
        if any(tuple(row[i:i + 3]) == BOX for i in range(0, len(row), 3)):
            rows.add(y)
    return rows


@pytest.mark.parametrize("size", [(160, 128), (320, 240)])
@pytest.mark.parametrize("text", ["Hint: K\u2666 onto A\u2660", "Nothing to pick up",
                                  "Stock locked: play the waste card before dealing again, "
                                  "or fill the space"])
def test_the_message_box_never_covers_the_status_line(size, text):
    h = Harness(2, 0, deal=7, width=size[0], height=size[1])
    h.view._say(text)
    h.areas = h.screen.refresh()
    rows = _box_rows(h)
    assert rows, "the message box is drawn"
    assert max(rows) < h.view.msg_bottom
    assert h.view.msg_bottom <= min(lab.y for lab in h.view.status) + 2
