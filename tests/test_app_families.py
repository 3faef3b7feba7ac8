# Each family loads only its own code: choosing one game never imports another family's engine
# or screen modules (issue 11: "choosing 4 Ases never loads Terrace's modules and the reverse").
# Every module name that ever appears in sys.modules during a headless run is recorded, so a
# module loaded and dropped again is caught too.
import builtins
import sys

import pytest

from engine.registry import FAMILIES
from sim.runner import run
from sim.screenshots import NOTICE, REVEAL, ases_keys, parked_and_blocked, solar_turns, variant


def _prefixes(f):
    # a family's own modules, by the names the shell finds it by (docs/engine.md): its engine
    # modules, its table and How to play, and its deck's module unless the deck is French
    deck = () if f.deck == "french" else ("engine.cards_" + f.deck,)
    return ("engine." + f.key, "solitaire." + f.key + "_", "solitaire.howto_" + f.key) + deck


FAMILY_PREFIXES = {f.key: _prefixes(f) for f in FAMILIES}
# a little play on a family's table once the menus have opened it: A on the pile the cursor
# starts on (a base card, the stock, the hand...), two steps right, a hint, the pause menu.
# A family may play longer to load what it keeps for later (4 Ases' reveals, Solar's turns)
_PLAY = " A wait:200 RIGHT RIGHT SELECT wait:200 START wait:200 B"
_LONGER = {"cuatro_ases": REVEAL * 6 + " SELECT wait:200 START wait:200 B",
           "solar": solar_turns(3, 12) + " SELECT wait:200 START wait:200 B"}
# each family started from the menus (the family DOWN i times, its first mode, Start) and
# played a little; and a 4 Ases variant with a table of its own (Con reserva: a card parked in
# the slot, released and blocked), so a variant's own piles load nothing of another family either
PLAYS = {f.key: (f.key, 3, NOTICE + "A" + " DOWN" * i + " A A A wait:300" + _LONGER.get(f.key, _PLAY))
         for i, f in enumerate(FAMILIES)}
PLAYS["con reserva"] = ("cuatro_ases", 1, variant(2) + ases_keys(2, 1, parked_and_blocked).text()
                        + " SELECT wait:200 START wait:200 B")


def _modules_seen(monkeypatch, deal, keys):
    seen = set()
    real = builtins.__import__

    def spy(name, globals=None, *args, **kwargs):
        try:
            return real(name, globals, *args, **kwargs)
        finally:
            # only the program's own imports: the host (this test, the runner) has engine
            # modules of its own, which the runner takes out of sys.modules while it runs
            caller = (globals or {}).get("__name__", "")
            if caller.startswith(("solitaire", "engine", "__main__")):
                seen.update(sys.modules)

    monkeypatch.setattr(builtins, "__import__", spy)
    r = run(board="pybadge", keys=keys, settings={"SOLITAIRE_DEAL": deal})
    monkeypatch.setattr(builtins, "__import__", real)
    assert r.stopped_by is None, r.stop_line
    return seen, r


@pytest.mark.parametrize("play", sorted(PLAYS))
def test_playing_one_family_never_loads_another_familys_modules(monkeypatch, play):
    family, deal, keys = PLAYS[play]
    seen, r = _modules_seen(monkeypatch, deal, keys)
    own = [m for m in seen if m.startswith(FAMILY_PREFIXES[family])]
    assert own, "the run did not reach %s's table" % family
    others = sorted(m for m in seen for f, prefixes in FAMILY_PREFIXES.items()
                    if f != family and m.startswith(prefixes))
    assert not others, others
    if play == "con reserva":  # the variant was played, its slot used
        g = r.modules["solitaire.boot"].app.game
        assert (g.variant, g.number) == (2, 1) and g.count(g.slot) and g.blocked(1, g.count(1) - 1)
