# A hint frames what its words name, and nothing else (issue 25 4c: "Hint: reveal 2 cards" in
# Solitario 4 Ases also framed the revealed top card). Each family's view says which piles a
# hint frames (framed(move)); on the screen, the hint's magenta frames are on those piles only.
from array import array

from engine.cuatro_ases import HAND, RENEW, REVEALED, SHUFFLE, SLOT, SPACE
from engine.game import pack
from engine.solar import PAD, STOCK as SOLAR_STOCK, TURN, WASTE as SOLAR_WASTE
from solitaire import keys as K
from solitaire import table
from tests.apphost import panel_rgb
from tests.test_app_helpers import frame_area, go, host, start_game
from tests.test_cuatro_ases_screen import BASE, MEZCLADO, RESERVA, REST
from tests.test_cuatro_ases_screen import begin as begin_cuatro_ases
from tests.test_cuatro_ases_screen import set_position
from tests.test_solar_screen import begin as begin_solar


def only_on(h, piles):
    """The hint's frames are round these piles and no other: every magenta pixel is in the
    area of one of their frames (an area next to another pile's may overlap it), and each of
    them has some."""
    want = bytes(panel_rgb(table.MARK))
    frame = h.frame()
    width = h.session.profile.width
    marked = set()
    for i in range(0, len(frame), 3):
        if frame[i:i + 3] == want:
            marked.add((i // 3 % width, i // 3 // width))
    inside = set()
    for p in piles:
        x, y, w, hh = frame_area(h, p)
        area = set((xx, yy) for xx in range(x, x + w) for yy in range(y, y + hh))
        assert marked & area, "pile %d is not framed" % p
        inside |= area
    return marked - inside


def test_solitario_4_ases_reveal_hint_frames_the_hand_not_the_revealed_top_card():
    with begin_cuatro_ases("pybadge", BASE, 0, 7) as h:
        # a revealed top card no space takes: the one hint is to reveal the next two cards
        set_position(h, hand=REST, revealed="3O 5C", cursor=SPACE + 2)
        h.press(K.SELECT)
        assert h.message() == "Hint: reveal 2 cards"
        assert h.screen.marked == [HAND]
        assert only_on(h, [HAND]) == set()  # the revealed top card is not framed


def test_solitario_4_ases_frames_what_each_kind_of_hint_names():
    with begin_cuatro_ases("pybadge", RESERVA, 0, 7) as h:
        v = h.screen.view
        assert v.framed(pack(HAND, REVEALED, 2)) == [HAND]  # reveal 2 cards
        assert v.framed(pack(HAND, REVEALED, 1)) == [HAND]  # reveal the last card
        assert v.framed(RENEW) == [REVEALED, HAND]  # renew: turn the revealed pile over
        assert v.framed(pack(REVEALED, SPACE, 1)) == [REVEALED, SPACE]  # 1 of oros up to ...
        assert v.framed(pack(REVEALED, SLOT, 1)) == [REVEALED, SLOT]  # park ... in the slot
        assert v.framed(pack(SLOT, REVEALED, 1)) == [SLOT, REVEALED]  # release ... onto ...
    with begin_cuatro_ases("pybadge", MEZCLADO, 0, 7) as h:
        assert h.screen.view.framed(SHUFFLE) == [HAND]  # spend a token: shuffle into a new hand
        assert h.screen.view.name(SHUFFLE, 1) == "spend a token: shuffle into a new hand"


def test_terrace_deal_hint_frames_the_stock_not_the_waste_and_a_base_hint_the_card():
    buf = array("H", bytes(1024))
    with host() as h:
        start_game(h, deal=5)
        g = h.game
        v = h.screen.view
        # before the base: a hint names a candidate card "as the base", not a foundation
        h.press(K.SELECT)
        m = h.screen.moves[0]
        assert h.message().endswith(v.name(m, 1)) and "as the base" in h.message()
        assert h.screen.marked == [m >> 11]
        assert only_on(h, h.screen.marked) == set()
        h.press(K.A)  # the cursor's candidate becomes the base
        h.press(K.LEFT)
        assert g.base
        # play hints until the first one is to deal from the stock
        for _ in range(200):
            n = g.hints(buf)
            if n and buf[0] >> 11 == g.stock:
                break
            h.play(buf[0])
        else:
            raise AssertionError("no deal from the stock in 200 moves")
        go(h, [p for p in v.order if p not in (g.stock, g.waste)][0])
        h.press(K.SELECT)
        assert h.message().endswith("deal from the stock")
        assert h.screen.marked == [g.stock]
        assert only_on(h, [g.stock]) == set()  # the waste's top card is not framed
        assert v.framed(pack(g.waste, g.stock, 0)) == [g.waste, g.stock]
        assert v.name(pack(g.waste, g.stock, 0), 0) == "turn the waste over to the stock"


def test_solar_turn_hint_frames_the_stock_only():
    with begin_solar("pybadge", 0, 3) as h:
        g = h.game
        v = h.screen.view
        assert v.framed(TURN) == [SOLAR_STOCK]
        assert v.framed(pack(SOLAR_WASTE, PAD + 1, 1)) == [SOLAR_WASTE, PAD + 1]
        for _ in range(60):
            if g.hint() == TURN:
                break
            h.play(g.hint())
        else:
            raise AssertionError("no turn of the stock as a hint")
        go(h, PAD + 3)
        h.press(K.SELECT)
        assert h.message().endswith("turn the stock")
        assert h.screen.marked == [SOLAR_STOCK]
        assert only_on(h, [SOLAR_STOCK]) == set()


def test_solar_hint_key_shows_its_frame_at_once_and_its_words_at_the_next_step():
    # Solar's words are loaded for each message (solitaire/solar_say.py: Layout.WORDS_LOADED):
    # the key's own step shows the frame and "Hint", so the key answers within 0.1 s on a
    # PyBadge; the step after names the move. A key pressed before then takes the words away
    # with the frame.
    with begin_solar("pybadge", 0, 3) as h:
        g = h.game
        m = g.hint()
        h.press(K.SELECT, settle=False)
        assert h.screen.marked == h.screen.view.framed(m)
        first = h.message()
        assert first == "Hint" or first.startswith("Hint ") and ":" not in first, first
        h.step()
        assert h.message() == first + ": " + h.screen.view.name(m, 1)
        assert h.screen.marked == h.screen.view.framed(m)
        h.press(K.SELECT, settle=False)  # the next hint, or the first again
        h.press(K.RIGHT, settle=False)
        h.settle()
        assert h.screen.marked == [] and h.message() is None
