# Messages that name a rank say it with its article: "an A", "an 8", "a 9", "a Sota" (issue 25
# 4b: "Empty foundation: it takes a A"). Every rank of every family in every message that puts
# an article before a rank (solitaire.a builds them all; no source builds "a " + a rank itself),
# and on the screen of the real app.
import os
import re

import pytest

from engine.game import KIND_FOUNDATION, REASON_NOT_BASE, pack
from solitaire import a
from solitaire import cuatro_ases_view as CW
from solitaire import keys as K
from solitaire import terrace_view as TW
from tests.test_app_helpers import go, host, start_game

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")
# every rank as it is said, and its article
SAID = {"A": "an", "2": "a", "3": "a", "4": "a", "5": "a", "6": "a", "7": "a", "8": "an",
        "9": "a", "10": "a", "J": "a", "Q": "a", "K": "a",
        "1": "a", "Sota": "a", "Caballo": "a", "Rey": "a"}


def test_every_rank_of_every_deck_gets_its_article():
    assert set(TW.RANKS) | set(CW.RANKS) == set(SAID)
    for rank in SAID:
        assert a(rank) == SAID[rank] + " " + rank


def test_no_message_builds_an_article_before_a_rank_by_hand():
    # a string ending in " a" or " an" (or just "a "/"an ") followed by + : solitaire.a's job
    by_hand = re.compile(r'''(^|[ "'])an? ["']\s*\+''')
    found = []
    for folder, _, files in os.walk(LIB):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path) as f:
                    for n, line in enumerate(f, 1):
                        if by_hand.search(line.split("#")[0]):
                            found.append("%s:%d: %s" % (path, n, line.strip()))
    assert found == []


class _Game:
    def __init__(self, base=0, counts=None, tops=None, other_suit=False):
        self.base = base
        self.counts = counts or {}
        self.tops = tops or {}
        self.other_suit = other_suit
        self.REASONS = ("",) * 40

    def count(self, p):
        return self.counts.get(p, 0)

    def top(self, p):
        return self.tops[p]


class _Terrace(TW.View):
    def __init__(self, base):
        self.game = _Game(base)
        self.kind = {20: KIND_FOUNDATION}


@pytest.mark.parametrize("base", range(1, 14))
def test_terrace_names_the_rank_an_empty_foundation_takes_with_its_article(base):
    name = TW.RANKS[base - 1]
    words = _Terrace(base)
    want = "Empty foundation: it takes %s %s" % (SAID[name], name)
    assert words.why(REASON_NOT_BASE, 0) == want
    assert words.refuse(20, 1) == want


class _CuatroAses(CW.View):
    slot = 6

    def __init__(self, game):
        self.game = game


@pytest.mark.parametrize("rank", range(10))
def test_solitario_4_ases_names_every_rank_with_its_article(rank):
    name = CW.RANKS[rank]
    said = SAID[name] + " " + name
    # Con reserva: the slot card's rank, on the status line and in a refusal
    words = _CuatroAses(_Game(counts={6: 1}, tops={6: 10 + rank}))
    assert words.words(6) == "Slot: onto %s only" % said
    assert words.why(29, 0) == "The slot card goes only onto %s" % said
    # Pintados: a space with rank cards takes the next rank, not of the top's suit
    if rank:
        words = _CuatroAses(_Game(counts={2: rank}, tops={2: 20 + rank - 1}, other_suit=True))
        assert words.why(2, pack(1, 2, 1)) == "This space takes %s not of espadas" % said
    else:
        words = _CuatroAses(_Game(other_suit=True))
        assert words.why(2, pack(1, 2, 1)) == "This space takes %s" % said


@pytest.mark.parametrize("rank", (1, 8))
def test_the_table_says_an_A_and_an_8_on_the_screen(rank):
    # the real app: a Terrace deal with a candidate of that rank made the base, then A on an
    # empty foundation
    for deal in range(1, 200):
        with host() as h:
            start_game(h, deal=deal)
            g = h.game
            pick = [p for p in h.screen.view.marks() if TW.rank(g.top(p)) == rank]
            if not pick:
                continue
            go(h, pick[0])
            h.press(K.A)
            assert g.base == rank
            empty = [p for p in range(g.pile_count)
                     if g.pile_kind(p) == KIND_FOUNDATION and g.count(p) == 0]
            go(h, empty[0])
            h.press(K.A)
            assert h.message() == "Empty foundation: it takes an " + TW.RANKS[rank - 1]
            return
    pytest.fail("no deal of 1..199 offers a base of that rank")
