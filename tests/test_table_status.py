# Terrace's status line (solitaire/terrace_view.py): the words about the pile under the cursor
# on the left and what holds for the whole game on the right (the lock, the base, the score)
# fit its 160 text pixels together in every case, the widest included: a two-digit stock count,
# a full foundation, the base 10, 104 cards home, the stock locked, either pass of General's
# Patience. Each mode's words are the view's own, measured with the app's font.
import pytest

from engine.game import KIND_FOUNDATION, KIND_STOCK, KIND_WASTE
from solitaire.terrace_view import LOCK
from solitaire.text import width

from tests.test_app_helpers import MODES, host, start_game

GAP = 3  # a space of the font, at least, between the two parts


class Widest:
    # a game's answers where the words are widest; the rest from the real game
    def __init__(self, game, empty_stock, redeals_left):
        self.game = game
        self.empty_stock = empty_stock
        self.base = 10
        self.locked = True
        self.redeals_left = redeals_left

    def __getattr__(self, name):
        return getattr(self.game, name)

    def score(self):
        return 104

    def count(self, p):
        kind = self.game.pile_kind(p)
        if kind == KIND_STOCK:
            return 0 if self.empty_stock else 88
        if kind == KIND_FOUNDATION:
            return 13
        return 88 if kind == KIND_WASTE else 13


@pytest.mark.parametrize("board", ("pybadge", "pico320", "picosystem", "picodisplay"))
@pytest.mark.parametrize("variant", MODES)
def test_the_words_and_the_score_fit_the_status_line_together(board, variant):
    with host(board) as h:
        start_game(h, variant, deal=3)
        view = h.screen.view
        game = h.game
        room = h.app.rows[0].width - 1
        font = h.app.font
        cases = 0
        for empty_stock in (False, True):
            for redeals_left in range(game.max_redeals + 1):
                view.game = Widest(game, empty_stock, redeals_left)
                right = view.score()
                assert right.startswith(LOCK + " base 10 104/104")
                for p in range(game.pile_count):
                    left = view.words(p)
                    assert width(font, left) + GAP + width(font, right) <= room, (left, right)
                    cases += 1
        view.game = game
        assert cases >= 2 * game.pile_count


@pytest.mark.parametrize("board", ("pybadge", "pico320", "picosystem", "picodisplay"))
def test_the_pause_box_names_the_mode_and_its_profile_within_the_status_line(board):
    # issue 10 §3: the pause menu names the mode and profile, as everywhere (issue 25 4e,
    # engine.registry.mode_name: a profile other than the mode's first in brackets). "Paused: "
    # and the deal number go first where the line is too short (a ten-digit deal of Blondes
    # and Brunettes)
    from engine.registry import FAMILIES, mode_name, profile_count
    from solitaire.text import LINES

    for family in range(len(FAMILIES)):
        with host(board) as h:
            start_game(h, 0, family=family, deal=3)
            from solitaire import boxes

            room = h.app.rows[0].width - 1
            for variant in range(len(FAMILIES[family].variants)):
                for profile in range(profile_count(family, variant)):
                    for number in (3, 1073741823):
                        h.app.gkey = (family, variant, profile)
                        h.app.mode_title = mode_name(h.app.gkey)  # (as solitaire.opening does)
                        h.game.number = number
                        words, items = boxes.pause(h.screen)[:2]
                        right = "%d/%d" % (len(items), len(items)) if len(items) > LINES else ""
                        assert width(h.app.font, words) + GAP + width(h.app.font, right) <= room
                        assert mode_name((family, variant, profile)) in words, words
                        assert ("(" + FAMILIES[family].profiles[profile] + ")" in words) == (
                            profile > 0), words
                        # (then the battery's level, where the board has a monitor and it fits)
                        named = words.split("  bat ")[0]
                        if (family, variant, profile, number) == (0, 0, 0, 3):
                            assert named == "Paused: Terrace #3"  # room for it all
                        if (family, variant, profile, number) == (0, 0, 1, 3):
                            # (the battery's level goes before "Paused: " where both don't fit)
                            assert named == ("Terrace (literal) #3" if "  bat " in words
                                             else "Paused: Terrace (literal) #3")
