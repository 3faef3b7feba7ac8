# The table's advice as a newcomer meets it (issue 40): a hint stays until the next key, however
# long it takes to read; a hint never proposes taking back the move just made, nor resigning a
# game not proved lost; twin cards (two decks) are told apart by the pile they are on.
from array import array

from engine.game import move_count, move_dst, move_src, pack
from solitaire import keys as K
from solitaire import table

from tests.test_app_helpers import TERRACE, advance, count, go, host, start_game


def _terrace(deal=2, variant=2):
    h = host("pybadge")
    start_game(h, variant, family=TERRACE, deal=deal)
    return h


# ---- item 1: the hint's lifetime -------------------------------------------------------------

def test_a_hint_stays_until_the_next_key_and_that_key_takes_it_away():
    buf = array("H", bytes(1024))
    with _terrace() as h:
        assert advance(h, lambda game: game.hints(buf) >= 2)
        h.press(K.SELECT)
        said = h.message()
        assert said.startswith("Hint 1/")
        marks = count(h, table.MARK)
        assert marks > 0
        h.idle(10000)  # far past a refusal's time on screen (play.MESSAGE_MS)
        assert h.message() == said and count(h, table.MARK) == marks
        # the loop still naps meanwhile: nothing is due until a key
        assert h.screen.due(h.now, 60) == 60
        h.press(K.LEFT)
        assert h.message() is None and count(h, table.MARK) == 0


def test_the_last_of_the_cycle_and_no_hint_at_all_stay_until_a_key_too():
    buf = array("H", bytes(1024))
    with _terrace() as h:
        assert advance(h, lambda game: game.hints(buf) == 1)
        h.press(K.SELECT, K.SELECT)
        said = h.message()
        assert said.startswith("No more hints")
        h.idle(5000)
        assert h.message() == said


def test_a_refusal_still_goes_by_itself():
    with _terrace() as h:
        g = h.game
        go(h, g.first_foundation)
        h.press(K.A)  # nothing to pick up on a foundation
        assert h.message()
        h.idle(3000)
        assert h.message() is None


# ---- item 4: no hint takes the last move back, none resigns a game not proved lost ------------

def _solar(deal, profile=0):
    from tests.test_solar_screen import begin

    return begin("pybadge", profile, deal)


def _reverse(m):
    return pack(move_dst(m), move_src(m), move_count(m))


def _shown_hints(h, limit=8):
    # the moves SELECT shows, round the whole cycle, and what each press said
    s = h.screen
    moves, said = [], []
    for _ in range(limit):
        h.press(K.SELECT)
        said.append(h.message())
        if said[-1].startswith("Hint"):
            moves.append(s.moves[s.hint_at] if s.marked else None)
        else:
            break
    return moves, said


def test_a_hint_never_takes_back_the_move_just_made():
    # Solar deal 100 (40 cards): in an emergency the engine's first hint moves a card from a pad
    # to a station, and then, first of its hints, the same card back: the table's hints leave
    # that one out (the rest keep their order)
    buf = array("H", bytes(256))
    with _solar(100) as h:
        g, s = h.game, h.screen
        for _ in range(200):
            n = g.hints(buf)
            m = buf[0]
            s.apply(m)  # (the player's move, as the hint's own key makes it)
            h.settle()
            n = g.hints(buf)
            if _reverse(m) in buf[:n]:
                break
        else:
            raise AssertionError("the engine never hinted the way back on this deal")
        engine = [x for x in buf[:n] if x != _reverse(m)]
        moves, said = _shown_hints(h)
        assert _reverse(m) not in moves and moves == engine, (said, engine)
        assert all(s.view.name(_reverse(m), 1) not in t for t in said)
        # after an undo the last move is not known: nothing is left out
        h.press(K.B)
        n = g.hints(buf)
        moves, _ = _shown_hints(h)
        assert moves == list(buf[:n])


def test_the_only_hint_being_the_way_back_says_undo():
    with _solar(100) as h:
        s = h.screen
        s.last = pack(1, 2, 1)
        # the engine's only hint: the way back (the table's words when nothing else is left: B)
        h.game.hints = lambda buf: (buf.__setitem__(0, pack(2, 1, 1)), 1)[1]
        h.press(K.SELECT)
        assert h.message() == "Hint: B, undo your last move"


def test_a_hint_never_proposes_resigning_a_game_the_search_cant_call_lost():
    # Solar deal 209 (40 cards): the stock runs out with a rocket in the waste and the loss
    # search can't tell; the engine's hints then end with the resign. The table never says it:
    # its last word is the engine's "can't tell" (as "Can I still win?" answers), and the game
    # goes on
    from engine.solar import RESIGN
    from solitaire.solar_view import UNSURE

    buf = array("H", bytes(256))
    one = array("H", [0])
    with _solar(209) as h:
        g, s = h.game, h.screen
        for _ in range(300):
            n = g.hints(buf)
            if RESIGN in buf[:n]:
                break
            # (played as the engine's one-move hint chose on 2026-12-07: hints() in a buffer of
            # one, whose productive moves are fewer, reaches this endgame)
            g.hints(one)
            s.apply(one[0])
            h.settle()
        else:
            raise AssertionError("the engine never hinted resigning on this deal")
        assert g.undecided and not s.over
        moves, said = _shown_hints(h)
        assert RESIGN not in moves
        assert not any("resign" in t.split(":")[-1] for t in said if t.startswith("Hint")), said
        assert said[-1] == UNSURE if not moves else said[-1].startswith("No more hints")
        assert not g.resigned and not s.over


# ---- item 12: twin cards (two decks) are told apart ------------------------------------------

def test_twin_cards_in_hints_say_which_pile():
    # Terrace deal 2, the base chosen: "Q\u2665 onto K\u2663" twice (two queens of hearts, or two
    # kings of clubs): each hint names the pile of the card that has a twin in play
    from tests.test_app_helpers import hint_out

    buf = array("H", bytes(1024))
    with host("pybadge") as h:
        start_game(h, 0, family=TERRACE, deal=2)
        hint_out(h, 1)  # the base card
        g, view = h.game, h.screen.view
        n = g.hints(buf)
        names = [view.name(buf[i], move_count(buf[i])) for i in range(n)]
        assert len(set(names)) == n, names
        twins = [t for t in names if "(pile " in t]
        assert len(twins) >= 2, names
        # what SELECT says, round the cycle: each text once
        said = []
        for _ in range(n):
            h.press(K.SELECT)
            said.append(h.message().split(": ", 1)[1])
        assert said == names
        # a card with no twin in play is named as before, without a pile
        assert any("(" not in t for t in names if t != "deal from the stock")
