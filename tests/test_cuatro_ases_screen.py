# Solitario 4 Ases's table (lib/solitaire/cuatro_ases_view.py) in the
# real app, driven a logical key at a time (tests/apphost.py): every mode started from the menus
# and played to its end with the engine's hint made by keys, random keys that never raise and
# leave the tiles showing the engine's piles card for card, one undo taking back a move and its
# autoplay, the refusals and status words, a resume after power-off, the 320x240 screen.
# The board's own buttons replay these key sequences in tests/test_cuatro_ases_boards.py.
import functools
import random
from array import array

import pytest

from engine.cuatro_ases import Game, HAND, REVEALED, SLOT, SPACE, RENEW, SHUFFLE
from engine.game import (NO_MOVE, PLAYING, WON, LOST, REASONS as COMMON, move_dst, move_src,
                         pack)
from engine.registry import FAMILIES, find
from solitaire import layout_cards as D
from solitaire import cuatro_ases_view as V
from solitaire.layout_cards import BAND
from solitaire import keys as K
from tests import sheets
from solitaire.font import GLYPHS
from solitaire.text import width
from tests import tally_read
from tests.apphost import Host
from tests.positions import set_pile

FAMILY = find("cuatro_ases")
BASE, REVELADOS, RESERVA, MEZCLADO, PINTADOS = range(5)
MODES = ((BASE, 0), (REVELADOS, 0), (RESERVA, 0), (MEZCLADO, 0), (MEZCLADO, 1), (PINTADOS, 0))
MODE_IDS = ["Solitario 4 Ases", "4 Ases revelados", "Con reserva", "Mezclado",
            "Mezclado strict", "Pintados"]
WON_SAYS = "You won! Press A."
LOST_SAYS = "No moves left. B: undo, A: the result."
ORDERS = "1234567SCR"
SUITS = "OCEB"


def card(name):
    return SUITS.index(name[1]) * 10 + ORDERS.index(name[0])


def cards(text):
    return [card(n) for n in text.split()]


# ---- driving the app with keys -------------------------------------------------------------

def start_keys(variant, profile=0, autoplay=False):
    # the save-memory notice of a blank NVM, New game, this family, the mode, then the options:
    # the rule profile (Mezclado: DOWN, A makes it strict), autoplay (off by default), Start
    keys = ["A", "A"] + ["DOWN"] * FAMILY + ["A"] + ["DOWN"] * variant + ["A"]
    row = 1  # the options' row under the cursor after a change: Start is row 0
    if profile:
        keys += ["DOWN", "A"]
    else:
        row = 0
    if autoplay:
        keys += ["DOWN"] * (1 + (profile > 0 or variant == MEZCLADO) - row) + ["A"]
        row = 1 + (profile > 0 or variant == MEZCLADO)
    return keys + ["UP"] * row + ["A"]


def begin(board, variant, profile, deal, autoplay=False, data_dir=None):
    h = Host(board, data_dir=data_dir, settings={"SOLITAIRE_DEAL": deal})
    h.press(*start_keys(variant, profile, autoplay))
    assert h.game is not None and (h.game.variant, h.game.profile, h.game.number) == \
        (variant, profile, deal), h.log
    return h


def go(h, p):
    # the cursor to pile p the short way round with LEFT/RIGHT (every board has both), on a
    # board whose UP/DOWN are buttons along p's row, reached with DOWN first (LEFT/RIGHT stay
    # on their row there: solitaire/play.py)
    from tests.test_app_helpers import go as along

    along(h, p)
    assert h.screen.cursor == p


def play(h, m):
    # move m with the keys a player uses: A on the hand reveals, renews or spends a token; a
    # move up that A held makes (the first space taking the card) is A held on the revealed
    # top; any other move picks the card up with A and drops it with A on its destination
    game = h.game
    src, dst = move_src(m), move_dst(m)
    before = game.moves
    if m in (RENEW, SHUFFLE) or src == HAND:
        assert h.screen.view.press(HAND) == m
        go(h, HAND)
        h.press("A")
    elif src == REVEALED and game.quick_play(REVEALED) == m:
        go(h, REVEALED)
        h.press("A_LONG")
    else:
        go(h, src)
        h.press("A")
        go(h, dst)
        h.press("A")
    assert game.moves == before + 1 or h.screen.over, (m, h.message())


def play_by_hints(h, limit=1500):
    made = 0
    while not h.screen.over and made < limit:
        m = h.game.hint()
        assert m != NO_MOVE
        play(h, m)
        made += 1
    return made


def state(game):
    # the whole position, as the snapshot keeps it (marks, tokens, progress included)
    buf = bytearray(game.SNAPSHOT_SIZE)
    game.save_into(buf)
    return bytes(buf)


def move_kind(game, m):
    # what kind of move m is, and for a move up whether A held makes it (else pick up and drop)
    src, dst = move_src(m), move_dst(m)
    if src == HAND:
        return "reveal"
    if m in (RENEW, SHUFFLE):
        return "renew" if m == RENEW else "shuffle"
    if dst == SLOT or src == SLOT:
        return "park" if dst == SLOT else "release"
    return "up" if game.quick_play(REVEALED) == m else "drop"


# the kinds of move each mode has (Pintados: a card that fits two spaces, dropped on the other)
KINDS = {(BASE, 0): {"reveal", "up", "renew"}, (REVELADOS, 0): {"reveal", "up", "renew"},
         (RESERVA, 0): {"reveal", "up", "renew", "park", "release"},
         (MEZCLADO, 0): {"reveal", "up", "renew", "shuffle"},
         (MEZCLADO, 1): {"reveal", "up", "shuffle"}, (PINTADOS, 0): {"reveal", "up", "renew", "drop"}}


@functools.lru_cache(maxsize=None)
def hint_game(variant, profile, deal):
    # (moves, status, kinds of move) of the engine's hint played to the end, on the engine alone
    g = Game(variant, profile)
    g.deal(deal)
    n = 0
    kinds = set()
    while g.status() == PLAYING:
        m = g.hint()
        kinds.add(move_kind(g, m))
        g.apply(m)
        n += 1
    return n, g.status(), frozenset(kinds)


def hint_game_length(variant, profile, deal):
    return hint_game(variant, profile, deal)[:2]


@functools.lru_cache(maxsize=None)
def shortest_hint_game(variant, profile, want=None, deals=range(1, 400), every_kind=False):
    # the deal among `deals` whose hint-played game is shortest, ends in `want` (if given) and,
    # with every_kind, makes every kind of move the mode has
    best = None
    for d in deals:
        n, status, kinds = hint_game(variant, profile, d)
        if (want is None or status == want) and (best is None or n < best[0]) and \
                (not every_kind or KINDS[variant, profile] <= kinds):
            best = (n, d)
    return best[1]


# ---- what the tiles show, read back -----------------------------------------------------------

def tile(view, row, col):
    return view.grids[0][row * V._COLS + col]


def head_card(view, row, col):
    r, s = tile(view, row, col), tile(view, row, col + 1)
    if sheets.SPANISH_RANK <= r < sheets.SPANISH_RANK + 10 and \
            sheets.SPANISH_SUIT <= s < sheets.SPANISH_SUIT + 4:
        return (s - sheets.SPANISH_SUIT) * 10 + r - sheets.SPANISH_RANK
    return None


def shown(view):
    # {pile: cards bottom first} as the grid draws them (the hand: whether it is empty, [] or
    # None; its count is painted beside it, read by count_shown), the blocked foot, the tokens
    game = view.game
    out = {}
    back = [tile(view, 0, 0), tile(view, 0, 1), tile(view, 1, 0), tile(view, 1, 1)]
    assert back in ([sheets.BACK + i for i in range(4)], [sheets.EMPTY + i for i in range(4)])
    out[HAND] = None if back[0] == sheets.BACK else []
    if game.slot >= 0:
        c = head_card(view, 0, V._SLOT_COL)
        out[SLOT] = [] if tile(view, 0, V._SLOT_COL) == sheets.EMPTY else [c]
        if c is not None:
            assert tile(view, 1, V._SLOT_COL) == sheets.SPANISH_PIP + c // 10 * 2
    for k in range(4):
        col = V._SPACE_COL + 2 * k
        pile = []
        if tile(view, 0, col) != sheets.EMPTY:
            r = 0
            while r < V._SPACE_ROWS and head_card(view, r, col) is not None:
                pile.append(head_card(view, r, col))
                r += 1
            assert [tile(view, r, col), tile(view, r, col + 1)] == \
                [sheets.SPANISH_PIP + pile[-1] // 10 * 2 + i for i in range(2)]
            for rr in range(r + 1, V._SPACE_ROWS):  # nothing under the top card's foot
                assert tile(view, rr, col) == tile(view, rr, col + 1) == 0
        out[SPACE + k] = pile
    revealed, blocked = [], False
    for b in range(4):
        row = V._BAND_ROW + 3 * b
        c = 0
        while c < BAND:
            t, low = tile(view, row, c), tile(view, row + 1, c)
            whole = head_card(view, row, c)
            if whole is not None:
                revealed.append(whole)
                blocked = tile(view, row + 1, c) == sheets.SPANISH_BLOCKED
                c += 2
                continue
            if sheets.SPANISH_RANK <= t < sheets.SPANISH_RANK + 10:
                assert sheets.SPANISH_STRIP <= low < sheets.SPANISH_STRIP + 4
                revealed.append((low - sheets.SPANISH_STRIP) * 10 + t - sheets.SPANISH_RANK)
            c += 1
    out[REVEALED] = revealed
    tokens = [tile(view, 0, V._TOKEN_COL + k) for k in range(5)] if game.max_tokens else []
    return out, blocked, tokens


def assert_tiles_show_the_engine(view):
    game = view.game
    out, blocked, tokens = shown(view)
    for p in range(game.pile_count):
        want = [game.card(p, i) for i in range(game.count(p))]
        if p == HAND:
            assert (out[p] is None) == (len(want) > 0)
        else:
            assert out[p] == want, (p, out[p], want)
    n = game.count(REVEALED)
    assert blocked == (n > 0 and game.blocked(REVEALED, n - 1))
    if game.max_tokens:
        assert tokens == [sheets.SPANISH_TOKEN] * game.tokens + \
            [sheets.SPANISH_SPENT] * (game.max_tokens - game.tokens)


def status_fits(h):
    # the status line's words and score fit the screen side by side, in the font's glyphs (as
    # does the message shown)
    v = h.screen.view
    f = h.app.font
    words, score = v.words(h.screen.cursor), v.score()
    assert set(words + score + (h.message() or "")) <= set(GLYPHS)
    left = width(f, words)
    right = width(f, score)
    assert left + right + 6 <= h.app.width // h.screen.table.s, (v.words(h.screen.cursor),
                                                                 v.score())


# ---- the view's copies of the sheet's and the engine's numbers ------------------------------

def test_the_views_tile_numbers_are_the_spanish_sheets():
    assert V.DECK == FAMILIES[FAMILY].deck == "spanish"
    assert (D._BACK, D._EMPTY, D._SPANISH_RANK, D._SPANISH_SUIT, D._SPANISH_STRIP, V._BLOCKED, V._TOKEN, V._SPENT,
            D._SPANISH_PIP) == (sheets.BACK, sheets.EMPTY, sheets.SPANISH_RANK, sheets.SPANISH_SUIT,
                        sheets.SPANISH_STRIP, sheets.SPANISH_BLOCKED, sheets.SPANISH_TOKEN,
                        sheets.SPANISH_SPENT, sheets.SPANISH_PIP)


@pytest.mark.parametrize("scale", (1, 2))
def test_a_spent_token_is_the_coins_rim_alone_in_an_ink_that_shows_on_the_table(scale):
    # Mezclado: a spent token reads as spent (no gold, nothing inside: the coin's empty place)
    # and still shows (a whole ring, not a few faint dots)
    from tests.test_art_assets import contrast, sheet

    s = sheet("spanish", scale)
    # the tiles' art pixels (a pixel is scale x scale on the sheet)
    token, spent = ([r[::scale] for r in s.tile(i)[::scale]]
                    for i in (sheets.SPANISH_TOKEN, sheets.SPANISH_SPENT))
    coin = {(x, y) for y, r in enumerate(token) for x, v in enumerate(r) if v}
    # the coin's outline: its pixels beside the table
    rim = {(x, y) for x, y in coin
           if any(n not in coin for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)))}
    drawn = {(x, y): v for y, r in enumerate(spent) for x, v in enumerate(r) if v}
    assert set(drawn) == rim and len(rim) >= 16
    inks = {s.palette[v] for v in drawn.values()}
    assert len(inks) == 1 and contrast(inks.pop(), s.palette[0]) >= 3


def test_the_words_refusal_codes_are_the_engines():
    r = Game.REASONS
    assert (V._RENEW, V._SHUFFLE) == (RENEW, SHUFFLE)
    assert (V._HAND, V._REVEALED, V._SPACE) == (HAND, REVEALED, SPACE)  # the piles, by name
    assert r[V._WRONG_RANK] == COMMON[V._WRONG_RANK] == "Wrong rank"
    assert r[V._WRONG_SUIT] == "Needs same suit"
    assert r[V._OTHER_SUIT] == "Needs another suit"
    assert r[V._BLOCKED_CARD] == "Blocked until the next renewal"
    assert r[V._NO_PROGRESS] == "No card went up this round"
    assert r[V._SAME_RANK] == "Release onto the same rank"
    assert r[V._SPACE_STAYS] == "Cards on a space stay"


def test_autoplay_is_off_by_default_in_this_family():
    # declining a move up is a strategy (rules §3), so no card goes up by itself
    assert FAMILIES[FAMILY].autoplay is False
    with begin("pybadge", BASE, 0, 7) as h:
        assert h.app.autoplay is False
        for _ in range(20):
            h.press("A")
        assert h.game.score() == 0 and h.game.count(HAND) == 0


# ---- every mode from the menus to its end ---------------------------------------------------

@pytest.mark.parametrize("variant,profile", MODES, ids=MODE_IDS)
def test_every_mode_starts_from_the_menus_and_its_hint_played_by_keys_ends_the_game(variant,
                                                                                     profile):
    # the shortest won deal by hint (strict Mezclado is almost never won: its shortest game)
    want = None if (variant, profile) == (MEZCLADO, 1) else WON
    deal = shortest_hint_game(variant, profile, want, range(1, 400 if want else 60))
    n, status = hint_game_length(variant, profile, deal)
    with begin("pybadge", variant, profile, deal) as h:
        made = play_by_hints(h)
        assert h.game.status() == status and made == n
        assert h.message() == (WON_SAYS if status == WON else LOST_SAYS)
        assert_tiles_show_the_engine(h.screen.view)
        h.press("A")  # the result box
        assert h.screen.box[0].startswith("You won!" if status == WON else ("No moves left",
                                                                             "Lost, yet"))


# ---- random keys ------------------------------------------------------------------------------

KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "A", "A", "A", "A", "B", "SELECT", "A_LONG",
        "LEFT", "RIGHT", "REDO")


@pytest.mark.parametrize("variant,profile", MODES, ids=MODE_IDS)
def test_2000_random_presses_never_raise_and_the_tiles_show_the_engines_piles(variant, profile):
    rng = random.Random(4000 + variant * 2 + profile)
    with begin("pybadge", variant, profile, rng.randrange(1, 1 << 30)) as h:
        for i in range(2000):
            k = rng.choice(KEYS)
            if k == "B" and rng.random() < 0.6:
                k = "A"  # fewer undos, so games get somewhere
            h.press(k)
            if h.screen.box is not None:  # the result box of a game that ended: a new deal
                assert h.game.status() != PLAYING
                h.press("DOWN", "A")
                assert h.screen.box is None and h.game.moves == 0
            if h.message():
                assert set(h.message()) <= set(GLYPHS), h.message()
            if i % 50 == 0:
                assert_tiles_show_the_engine(h.screen.view)
                status_fits(h)
        assert_tiles_show_the_engine(h.screen.view)
        # the tiles also agree with a redraw from scratch
        v = h.screen.view
        before = list(v.grids[0][i] for i in range(V._COLS * V._ROWS))
        h.screen.redraw(-1)
        assert list(v.grids[0][i] for i in range(V._COLS * V._ROWS)) == before


# ---- undo, with autoplay on ------------------------------------------------------------------

def test_one_undo_takes_back_a_reveal_and_the_cards_autoplay_sent_up():
    with begin("pybadge", BASE, 0, 7, autoplay=True) as h:
        g = h.game
        assert h.app.autoplay is True
        while True:  # reveal until autoplay sends up what a reveal uncovered
            before, score = state(g), g.score()
            h.press("A")
            assert not h.screen.over
            if g.score() > score:
                break
        after = state(g)
        h.press("B")
        assert state(g) == before and g.score() == score
        assert_tiles_show_the_engine(h.screen.view)
        h.press("REDO")
        assert state(g) == after
        assert_tiles_show_the_engine(h.screen.view)


# ---- positions built for a rule's refusal or words ---------------------------------------------

def set_position(h, hand="", revealed="", spaces=("", "", "", ""), slot="", tokens=None,
                 progress=False, cursor=HAND):
    # the table's game set to a position directly (the hand written top first), then redrawn
    g = h.game
    set_pile(g, HAND, list(reversed(cards(hand))))
    set_pile(g, REVEALED, cards(revealed))
    for k in range(4):
        set_pile(g, SPACE + k, cards(spaces[k]))
    if g.has_slot:
        set_pile(g, SLOT, cards(slot))
    if tokens is not None:
        g.tokens = tokens
    g.progress = progress
    g.version += 1
    h.screen.cursor = cursor
    h.screen.over = False
    h.screen.redraw(-1)
    assert_tiles_show_the_engine(h.screen.view)


def drop(h, src, dst):
    go(h, src)
    h.press("A")
    go(h, dst)
    h.press("A")
    return h.message()


def press_on(h, p, key="A"):
    go(h, p)
    h.press(key)
    return h.message()


REST = "4B 5B 6B"  # a hand that keeps the game on


@pytest.mark.parametrize("variant,spaces,top,says", (
    (BASE, ("1C", "", "", ""), "3O", "This space takes 2 of copas"),
    (BASE, ("1O", "", "", ""), "3O", "This space takes 2 of oros"),
    (PINTADOS, ("1O", "", "", ""), "2O", "This space takes a 2 not of oros"),
    (BASE, ("", "", "", ""), "3O", "Only a 1 starts a space"),
    (BASE, ("1O 2O 3O 4O 5O 6O 7O SO CO RO", "", "", ""), "3C", "This space is complete"),
))
def test_a_space_that_refuses_the_card_says_which_card_it_takes(variant, spaces, top, says):
    with begin("pybadge", variant, 0, 7) as h:
        set_position(h, hand=REST, revealed="2E " + top, spaces=spaces)
        assert drop(h, REVEALED, SPACE) == says
        assert h.game.count(REVEALED) == 2  # nothing moved


def test_a_on_an_empty_pile_or_a_space_says_what_that_pile_is_for():
    with begin("pybadge", RESERVA, 0, 7) as h:
        set_position(h, hand=REST, spaces=("1O", "", "", ""))
        assert press_on(h, REVEALED) == "No revealed card: A on the hand reveals"
        assert press_on(h, SLOT) == "Slot empty: drop a revealed card here to park it"
        assert press_on(h, SPACE) == "Cards on a space stay"
        assert press_on(h, SPACE + 1) == "Empty space: it takes a 1 from the revealed pile"
        assert press_on(h, SPACE, "A_LONG") == "Only the top revealed card goes up"


def test_a_held_on_a_card_no_space_takes_names_it_and_a_blocked_card_says_so():
    with begin("pybadge", RESERVA, 0, 7) as h:
        set_position(h, hand=REST, revealed="2E 3O")
        assert press_on(h, REVEALED, "A_LONG") == "No space takes 3 of oros"
        # §5.1: a card released from the slot is blocked until the next renewal
        set_position(h, hand=REST, revealed="2E 1C", slot="1O")
        assert drop(h, SLOT, REVEALED) is None
        assert h.game.blocked(REVEALED, 2)
        assert_tiles_show_the_engine(h.screen.view)  # the padlock foot
        assert press_on(h, REVEALED, "A_LONG") == "Blocked until the next renewal"
        assert drop(h, REVEALED, SPACE) == "Blocked until the next renewal"
        assert h.screen.view.words(REVEALED) == "Revealed 3: top blocked"


def test_the_slots_refusals_in_words():
    with begin("pybadge", RESERVA, 0, 7) as h:
        set_position(h, hand=REST, revealed="2E 3C", slot="5O")
        assert drop(h, SLOT, REVEALED) == "The slot card goes only onto a 5"
        assert drop(h, REVEALED, SLOT) == "The slot is full"
        assert drop(h, SLOT, SPACE) == "A slot card can't go up directly"
        assert drop(h, REVEALED, HAND) == "Hand is not empty: reveal first"


def test_the_hand_refuses_a_renewal_after_a_round_with_no_card_up_while_one_can_still_go():
    # §4: a round with no card up is the loss; while a move up is left the player must make it
    with begin("pybadge", BASE, 0, 7) as h:
        set_position(h, revealed="2E 1O", progress=False)
        assert h.screen.view.words(HAND) == "Hand 0: move a card up"
        assert press_on(h, HAND) == "No card went up this round: move one up first"
        assert h.game.count(REVEALED) == 2
    with begin("pybadge", MEZCLADO, 1, 7) as h:  # strict: renewing spends a token
        set_position(h, revealed="2E 1O", tokens=0, progress=True)
        assert press_on(h, HAND) == "No tokens left"


def test_a_on_the_hand_reveals_two_renews_or_spends_a_token():
    with begin("pybadge", MEZCLADO, 0, 7) as h:
        g = h.game
        set_position(h, hand="3B 4B 5B", revealed="2E", progress=True, tokens=3)
        assert press_on(h, HAND) is None and g.count(HAND) == 1 and g.count(REVEALED) == 3
        assert h.screen.view.words(HAND) == "Hand 1: A reveals 1"
        h.press("A")
        assert g.count(HAND) == 0 and h.screen.view.words(HAND) == "Hand 0: A renews it"
        h.press("A")  # a card went up this round: free
        assert (g.count(HAND), g.tokens) == (4, 3)
        set_position(h, revealed="2E 3B", progress=False, tokens=3)
        assert h.screen.view.words(HAND) == "Hand 0: A spends a token"
        h.press("A")
        assert (g.count(HAND), g.tokens) == (2, 2)
        assert_tiles_show_the_engine(h.screen.view)  # a token drawn spent


def count_shown(h):
    # the hand's count as its digits show on the panel beside it (white, as the status line)
    n = h.game.count(HAND)
    return tally_read.shown(h, 0xFFFFFF) == tally_read.painted(h, [(str(n), 1)])


@pytest.mark.parametrize("variant,board", ((BASE, "pybadge"), (REVELADOS, "pico320")),
                         ids=["base 160x128", "revelados 320x240"])
def test_the_hands_count_shows_beside_it_at_every_moment_through_reveals_and_renewals(variant,
                                                                                      board):
    deal = shortest_hint_game(variant, 0, every_kind=True)
    with begin(board, variant, 0, deal) as h:
        g = h.game
        assert g.count(HAND) == (40 if variant == BASE else 36) and count_shown(h)
        seen = set()
        elsewhere = 0  # checks with the cursor off the hand: the status line says nothing of it
        while not h.screen.over:
            m = g.hint()
            kind = move_kind(g, m)
            play(h, m)
            if kind in ("reveal", "renew") or g.count(HAND) == 0:
                assert count_shown(h), (kind, g.count(HAND))
                seen.add(kind)
                if h.screen.over:
                    break
                h.press("RIGHT")  # the cursor moved on: the count stays
                elsewhere += h.screen.cursor != HAND
                assert count_shown(h)
                h.press("LEFT")
        assert {"reveal", "renew"} <= seen and elsewhere
        h.press("B")  # undo brings the count back with the cards
        assert count_shown(h)
        from solitaire.howto import lines  # the rules page says what the number is

        assert any("its count: beside it" in t for t in lines(h.app, h.app.gkey))


def test_dropping_the_revealed_top_on_the_empty_hand_never_spends_a_token():
    # (the same engine move as A's token shuffle: only A on the hand renews or shuffles)
    with begin("pybadge", MEZCLADO, 0, 7) as h:
        set_position(h, revealed="2E 3B", progress=False, tokens=3)
        assert drop(h, REVEALED, HAND) == "Cards go back to the hand by renewing: A on the hand"
        assert (h.game.count(HAND), h.game.count(REVEALED), h.game.tokens) == (0, 2, 3)


# ---- the status line --------------------------------------------------------------------------

@pytest.mark.parametrize("variant,pos,pile,says", (
    (BASE, dict(hand=REST), HAND, "Hand 3: A reveals 2"),
    (BASE, dict(hand=REST, revealed="2E 1O"), REVEALED, "Revealed 2: top goes up"),
    (BASE, dict(hand=REST, revealed="1O 2E"), REVEALED, "Revealed 2"),
    (BASE, dict(hand=REST), REVEALED, "Revealed: none"),
    (BASE, dict(hand=REST), SPACE, "Up here: a 1"),
    (BASE, dict(hand=REST, spaces=("1O 2O", "", "", "")), SPACE, "Up here: 3 of oros"),
    (PINTADOS, dict(hand=REST, spaces=("1O 2C", "", "", "")), SPACE,
     "Up here: 3, no copas"),
    (BASE, dict(hand=REST, spaces=("1C 2C 3C 4C 5C 6C 7C SC CC RC", "", "", "")), SPACE,
     "Space: complete"),
    (RESERVA, dict(hand=REST), SLOT, "Slot: empty"),
    (RESERVA, dict(hand=REST, slot="CE"), SLOT, "Slot: onto a Caballo only"),
))
def test_the_status_line_says_what_the_pile_under_the_cursor_holds_and_what_a_does(
        variant, pos, pile, says):
    with begin("pybadge", variant, 0, 7) as h:
        set_position(h, cursor=pile, **pos)
        assert h.screen.view.words(pile) == says
        status_fits(h)
        assert h.screen.view.score() == str(h.game.score()) + "/40"


@pytest.mark.parametrize("variant,hand,spaces,says", (
    (BASE, "CE RE", ("1E 2E 3E 4E 5E 6E 7E SE", "1O 2O 3O 4O 5O 6O 7O SO CO RO",
                     "1C 2C 3C 4C 5C 6C 7C SC CC RC", "1B 2B 3B 4B 5B 6B 7B SB CB RB"),
     "Up here: Caballo of espadas"),
    (PINTADOS, "CO RE", ("1O 2E 3O 4E 5O 6E 7O SE", "1E 2O 3E 4O 5E 6O 7E SO CE RO",
                         "1C 2B 3C 4B 5C 6B 7C SB CC RB", "1B 2C 3B 4C 5B 6C 7B SC CB RC"),
     "Up here: Caballo, no espadas"),
), ids=["base", "Pintados"])
def test_the_longest_words_of_a_space_fit_beside_the_score(variant, hand, spaces, says):
    # the longest rank and suit names beside a two-digit score: nothing runs into the score
    with begin("pybadge", variant, 0, 7) as h:
        set_position(h, hand=hand, spaces=spaces, progress=True, cursor=SPACE)
        assert h.screen.view.words(SPACE) == says and h.screen.view.score() == "38/40"
        status_fits(h)


def test_the_hints_name_the_cards_and_the_moves():
    with begin("pybadge", RESERVA, 0, 7) as h:
        v = h.screen.view
        set_position(h, hand=REST, revealed="2E 1O", spaces=("", "1C", "", ""))
        h.press("SELECT")
        n = h.game.hints(h.app.moves)
        assert h.message() == "Hint 1/%d: 1 of oros up to an empty space" % n
        set_position(h, hand=REST, revealed="2E 2C", spaces=("", "1C", "", ""))
        assert v.name(pack(REVEALED, SPACE + 1, 1), 1) == "2 of copas up onto 1 of copas"
        assert v.name(pack(REVEALED, SLOT, 1), 1) == "park 2 of copas in the slot"
        assert v.name(pack(HAND, REVEALED, 2), 2) == "reveal 2 cards"
        assert v.name(pack(HAND, REVEALED, 1), 1) == "reveal the last card"
        assert v.name(RENEW, 0) == "renew: turn the revealed pile over"
        assert v.name(SHUFFLE, 1) == "spend a token: shuffle into a new hand"
        set_position(h, hand=REST, revealed="2E 2C", slot="2O")
        assert v.name(pack(SLOT, REVEALED, 1), 1) == "release 2 of oros onto 2 of copas"


def test_every_revealed_card_shows_forty_of_them_and_every_card_of_a_full_space():
    with begin("pybadge", BASE, 0, 7) as h:
        g = h.game
        everything = " ".join(ORDERS[o] + s for s in SUITS for o in range(10))
        set_position(h, revealed=everything, progress=True)
        assert [g.card(REVEALED, i) for i in range(40)] == list(range(40))
        set_position(h, revealed="", spaces=tuple(" ".join(ORDERS[o] + s for o in range(10))
                                                  for s in SUITS))
        assert g.status() == WON


# ---- power-off and the big screen ----------------------------------------------------------------

def test_a_resume_after_power_off_restores_the_position_and_the_undo_history(tmp_path):
    with begin("pybadge", RESERVA, 0, 31, data_dir=tmp_path) as h:
        seen = [state(h.game)]
        for _ in range(30):
            play(h, h.game.hint())
            seen.append(state(h.game))
        h.idle(4000)  # saved after a few idle seconds; then the power goes
        assert h.app.saved_version == h.game.version
    with Host("pybadge", data_dir=tmp_path) as h:
        assert h.game is None
        h.press("A")  # the title offers Resume first
        g = h.game
        assert (g.variant, g.number) == (RESERVA, 31) and state(g) == seen[-1]
        assert_tiles_show_the_engine(h.screen.view)
        for want in reversed(seen[:-1]):
            h.press("B")
            assert state(g) == want
        h.press("B")
        assert h.message() == "Nothing to undo"


def test_at_320x240_the_same_table_doubled_plays_and_shows_every_pile():
    deal = 12
    with begin("pybadge", RESERVA, 0, deal) as small, begin("pico320", RESERVA, 0, deal) as big:
        for _ in range(40):
            m = small.game.hint()
            play(small, m)
            play(big, m)
        sv, bv = small.screen.view, big.screen.view
        assert (bv.tw, bv.th) == (14, 16) and (sv.tw, sv.th) == (7, 8)
        for p in range(big.game.pile_count):
            assert bv.rect(p, 1) == tuple(2 * v for v in sv.rect(p, 1)[:2]) + (2, 2)
        assert_tiles_show_the_engine(bv)
        status_fits(big)
        # the table and its frames stay above the status line
        t = big.screen.table
        assert bv.grids[0].y + V._ROWS * bv.th <= big.app.height - t.status_h
        assert bv.grids[0].x + V._COLS * bv.tw <= big.app.width


def test_the_table_makes_no_display_object_after_it_is_built():
    # the view draws by changing tiles only: no TileGrid, Group, Bitmap or Palette made per move
    import gc

    import displayio

    def alive():
        gc.collect()
        return sum(1 for o in gc.get_objects()
                   if isinstance(o, (displayio.Group, displayio.TileGrid, displayio.Bitmap,
                                     displayio.Palette)))

    with begin("pybadge", RESERVA, 0, 31) as h:
        grids = len(h.screen.table.piles)
        before = alive()
        for _ in range(120):
            play(h, h.game.hint())
            if h.screen.over:
                break
        h.press("SELECT", "B", "REDO")
        assert alive() == before
        assert len(h.screen.table.piles) == grids == 1  # one grid holds every pile
