# The core's snapshot codec (engine/pack.py: the fields each family declares in Game.SAVED,
# written and read once for every family), checked for every family, mode and profile: a game
# saved mid-play with its undo log loads back into the same position, fields and undo log, and
# undo and redo then go as they would have; a save cut anywhere, any field out of its range,
# padding or the undo log's length damaged is refused with a reason and the game left as it was;
# random damage never raises, and whatever loads saves back the very same bytes. (The undo log's
# records themselves: tests/test_save_log_bytes.py.)
import contextlib
import importlib
import io
import random
from array import array

import pytest

from engine import pack
from engine.game import MAX_MOVES
from engine.registry import FAMILIES, profile_count
from sim.mpy import run_micropython
from tests.save_bytes_record import play

PAYLOAD = 844  # the store's saved-game payload on an 8 KB or 4 KB board (docs/saves.md)
SMALL = 124  # on a 256-byte board

MODES = [(fam.key, v, p) for f, fam in enumerate(FAMILIES) for v in range(len(fam.variants))
         for p in range(profile_count(f, v))]


def _game(key, v, p, number=7):
    mod = importlib.import_module([fam.module for fam in FAMILIES if fam.key == key][0])
    g = mod.Game(v, p)
    g.deal(number)
    return g


def _played(key, v, p, moves=60):
    # deal 7 and tests/save_bytes_record.py's fixed game, longer
    return play(_game(key, v, p), moves)


def _saved(g, room=PAYLOAD):
    buf = bytearray(room)
    return bytes(buf[:g.save_into(buf, 0, True)])


def _position(g):
    return tuple(tuple(g.card(p, i) for i in range(g.count(p))) for p in range(g.pile_count))


def _fields(g):
    # the declared fields' values (piles aside: _position)
    f = g.SAVED
    return tuple(bytes(getattr(g, f[i])) if isinstance(getattr(g, f[i]), bytearray)
                 else getattr(g, f[i]) for i in range(0, len(f), 3) if f[i] not in ("", "piles"))


def _state(g):
    log = g.undo_log
    return (_position(g), _fields(g), g.version, g.changed, log.size, log.redo, log.head,
            bytes(log.entries[:8]) if hasattr(log.entries, "tobytes") else tuple(log.entries[:8]))


def _layout(g):
    # (what, first bit, bits, most) of every field as engine/pack.py lays it out, the padding
    # as ("padding", first bit, bits, 0)
    f = g.SAVED
    out = []
    at = 0
    end = g.SNAPSHOT_SIZE * 8
    marked = False
    for i in range(0, len(f), 3):
        name, w, most = f[i:i + 3]
        most = getattr(g, most) if isinstance(most, str) else most
        if name == "":
            tail = sum(f[j] for j in range(i + 4, len(f), 3))
            out.append(("padding", at, end - tail - at, 0))
            at = end - tail
            marked = True
        elif name == "piles":
            for p, cap in enumerate(g.piles.capacity):
                out.append(("pile %d" % p, at, pack.width(cap), cap))
                at += pack.width(cap)
            out.append(("cards", at, pack.width(most - 1), most))
            at += pack.width(most - 1) * most
        elif isinstance(getattr(g, name), bytearray):
            for k in range(len(getattr(g, name))):
                out.append(("%s[%d]" % (name, k), at, w, most))
                at += w
        else:
            out.append((name, at, w, most))
            at += w
    if not marked:
        out.append(("padding", at, end - at, 0))
    return out


def _put(data, at, w, value):
    buf = bytearray(data)
    bits = pack.Bits(buf)
    bits.at = at
    bits.put(value, w)
    return bytes(buf)


def _get(data, at, w):
    bits = pack.Bits(bytearray(data))
    bits.at = at
    return bits.get(w)


def _numbered(key, v, p, number=7):
    # a new game given only its deal number, as the app resumes (solitaire/opening.py): the
    # load puts in everything else
    mod = importlib.import_module([fam.module for fam in FAMILIES if fam.key == key][0])
    g = mod.Game(v, p)
    g.number = number
    return g


def _moves(g):
    buf = array("H", range(MAX_MOVES))
    return tuple(buf[:g.legal_moves(buf)])


@pytest.mark.parametrize("into", ["dealt", "numbered"])
@pytest.mark.parametrize("key,v,p", MODES)
def test_every_mode_saved_mid_game_loads_with_its_undo_log_and_undo_and_redo_go_on(key, v, p,
                                                                                    into):
    # into a game dealt first, or one only numbered (as the app resumes): the same game
    g = _played(key, v, p)
    data = _saved(g)
    assert len(data) > g.SNAPSHOT_SIZE  # the undo log follows the position
    h = _game(key, v, p) if into == "dealt" else _numbered(key, v, p)
    assert h.load_from(data, 0, True) and h.refused == ""
    assert _position(h) == _position(g) and _fields(h) == _fields(g) and h.moves == g.moves
    assert h.undo_log.size == g.undo_log.size and h.changed == (1 << h.pile_count) - 1
    assert _moves(h) == _moves(g) and h.status() == g.status() and h.score() == g.score()
    assert h.hint() == g.hint()
    assert _saved(h) == data  # and it saves back the same bytes
    steps = 0
    while g.can_undo():
        assert h.undo() and g.undo()
        assert _position(h) == _position(g) and h.moves == g.moves and _moves(h) == _moves(g)
        steps += 1
    assert not h.can_undo() and steps > 0
    while h.can_redo():
        assert g.redo() and h.redo()
        assert _position(h) == _position(g)
    assert _position(h) == _position(_played(key, v, p)) or g.undo_log.redo
    # the whole game again from the deal, in the game that was only numbered (4 Ases' tokens
    # shuffle from the deal number): the same moves give the same positions
    while h.can_undo():
        assert h.undo() and g.undo()
    k = _played(key, v, p, 0)
    assert _position(h) == _position(k) == _position(g)


@pytest.mark.parametrize("key,v,p", MODES)
def test_a_small_boards_save_keeps_the_newest_moves_and_a_bare_snapshot_none(key, v, p):
    g = _played(key, v, p)
    data = _saved(g, SMALL)
    h = _game(key, v, p)
    assert len(data) <= SMALL and h.load_from(data, 0, True)
    kept = h.undo_log.size
    assert 0 < kept <= g.undo_log.size
    # the newest records, undone as they would have been (the oldest kept may be chained to one
    # that did not fit: its undo then takes back only the kept part of that step)
    at = g.SNAPSHOT_SIZE + 2 + 2 * kept
    cut_chain = data[at] & 1
    while h.can_undo():
        assert h.undo() and g.undo()
        assert _position(h) == _position(g) or cut_chain and not h.can_undo()
    bare = _saved(g, g.SNAPSHOT_SIZE)
    assert len(bare) == g.SNAPSHOT_SIZE
    assert h.load_from(bare, 0, True) and not h.can_undo()


@pytest.mark.parametrize("key,v,p", MODES)
def test_a_save_cut_anywhere_is_refused_with_a_reason_and_the_game_left_as_it_was(key, v, p):
    data = _saved(_played(key, v, p))
    h = _played(key, v, p, 20)
    before = _state(h)
    for cut in range(len(data)):
        if cut == h.SNAPSHOT_SIZE:
            continue  # a position with no undo log after it: a whole save (a bare snapshot)
        assert not h.load_from(data[:cut], 0, True), cut
        assert ("cut off" in h.refused) if cut < h.SNAPSHOT_SIZE else \
            h.refused.startswith("undo log"), (cut, h.refused)
        assert _state(h) == before, cut
    assert not h.load_from(data, len(data) - 3, True) and "cut off" in h.refused


@pytest.mark.parametrize("key,v,p", MODES)
def test_every_field_out_of_its_range_is_refused_naming_it_and_the_game_left_as_it_was(key, v, p):
    g = _played(key, v, p)
    data = _saved(g)
    h = _game(key, v, p, 8)
    before = _state(h)
    any_value = []
    for what, at, w, most in _layout(g):
        if what == "padding":
            for b in range(at, at + w):
                assert not h.load_from(_put(data, b, 1, 1), 0, True), (what, b)
                assert h.refused == "padding not zero" and _state(h) == before
            continue
        if what == "cards":
            # a card twice (the first card again in the second's place), a card beyond the deck
            first = _get(data, at, w)
            bad = [_put(data, at + w, w, first)]
            if most < 1 << w:
                bad.append(_put(data, at, w, most))
            for d in bad:
                assert not h.load_from(d, 0, True) and "twice or not in the deck" in h.refused
                assert _state(h) == before
            continue
        if what.startswith("pile "):
            # a size over its capacity where the field holds one, else one card too many
            value = most + 1 if most + 1 < 1 << w else _get(data, at, w) + 1
            if value >= 1 << w:
                value = _get(data, at, w) - 1
            assert not h.load_from(_put(data, at, w, value), 0, True), what
            assert (what + ":" in h.refused if value > most else "not the deck's" in h.refused), \
                (what, h.refused)
            assert _state(h) == before
            continue
        if most >= (1 << w) - 1:
            any_value.append(what)  # every value the field holds is in range
            continue
        assert not h.load_from(_put(data, at, w, most + 1), 0, True), what
        # (the reason names the field in words: "redeals left 2 over 1")
        said = what.replace("_", " ")
        assert h.refused.startswith(said + " ") and "over %d" % most in h.refused, h.refused
        assert _state(h) == before
    names = [g.SAVED[i] for i in range(0, len(g.SAVED), 3)]
    # the fields with no value out of range: the moves (16 bits, capped), the 1-bit flags and
    # marks, and the counters the mode lets reach the top of their field
    assert "moves" in any_value
    for what in any_value:
        name = what.split("[")[0]
        most = dict(zip(names, g.SAVED[2::3]))[name]  # a number, or the attribute holding it
        most = most if isinstance(most, int) else getattr(g, most, 0)
        assert name in names and (name == "moves" or dict(zip(names, g.SAVED[1::3]))[name] == 1
                                  or most == (1 << dict(zip(names, g.SAVED[1::3]))[name]) - 1), what


@pytest.mark.parametrize("key,v,p", MODES)
def test_an_undo_log_of_the_wrong_length_or_with_stray_chain_bits_is_refused(key, v, p):
    g = _played(key, v, p)
    data = _saved(g)
    at = g.SNAPSHOT_SIZE
    n = data[at] | data[at + 1] << 8
    h = _game(key, v, p, 8)
    before = _state(h)
    for count in (n - 1, n + 1, h.undo_log.depth + 1, 0xFFFF):
        bad = bytearray(data)
        bad[at] = count & 255
        bad[at + 1] = count >> 8
        assert not h.load_from(bytes(bad), 0, True), count
        assert h.refused.startswith("undo log") and _state(h) == before
    assert not h.load_from(data + b"\0", 0, True) and h.refused.startswith("undo log")
    if n & 7:
        bad = bytearray(data)
        bad[-1] |= 0x80
        assert not h.load_from(bytes(bad), 0, True)
        assert h.refused == "undo log: chain bits past its last record"
    assert _state(h) == before


@pytest.mark.parametrize("key", [fam.key for fam in FAMILIES])
def test_a_position_play_never_leaves_is_refused_naming_its_pile(key):
    # the family's own check (Game._unreachable): every card of the deck once and every field in
    # range, but a pile the rules could not have built. Here: the bottom two cards of the pile
    # holding the most cards swapped with the top two of another
    g = _played(key, 0, 0)
    data = bytearray(_saved(g, g.SNAPSHOT_SIZE))
    lay = dict((what, (at, w)) for what, at, w, _most in _layout(g))
    refused = set()
    for a in range(g.pile_count):
        for b in range(g.pile_count):
            if a == b or g.count(a) < 1 or g.count(b) < 1:
                continue
            h = _game(key, 0, 0)
            h.load_from(bytes(data))
            x, y = h.card(a, 0), h.card(b, h.count(b) - 1)
            h._cards[h._start[a]] = y
            h._cards[h._start[b] + h.count(b) - 1] = x
            bad = bytearray(h.SNAPSHOT_SIZE)
            h.save_into(bad)
            k = _game(key, 0, 0, 8)
            if not k.load_from(bytes(bad)):
                assert k.refused.endswith(": not as play leaves it"), k.refused
                refused.add(k.refused)
    assert refused


@pytest.mark.parametrize("key,v,p", MODES)
def test_random_damage_never_raises_and_what_loads_saves_back_the_same_bytes(key, v, p):
    rnd = random.Random(hash((key, v, p)) & 0xFFFF)
    data = _saved(_played(key, v, p))
    buf = array("H", range(MAX_MOVES))
    loaded = 0
    for _ in range(150):
        bad = bytearray(data)
        for _ in range(rnd.choice((1, 1, 2, 3))):
            i = rnd.randrange(len(bad))
            bad[i] ^= 1 << rnd.randrange(8)
        h = _game(key, v, p)
        if h.load_from(bytes(bad), 0, True):
            loaded += 1
            assert _saved(h) == bytes(bad)
            h.status()
            h.legal_moves(buf)
            if bytes(bad[h.SNAPSHOT_SIZE:]) == data[h.SNAPSHOT_SIZE:]:
                # (an undo log damaged in its records, the store's CRC refuses: not replayed)
                while h.undo():
                    h.status()
                while h.redo():
                    pass
        else:
            assert h.refused
    assert loaded < 150


# one script, run by MicroPython and by CPython: the same bytes, undo and refusal on both
SCRIPT = """
from engine.game import MAX_MOVES, PLAYING
for mod, v, p in (("terrace", 4, 1), ("cuatro_ases", 2, 0), ("solar", 0, 1)):
    Game = __import__("engine." + mod, None, None, ("Game",)).Game
    g = Game(v, p)
    g.deal(7)
    buf = array("H", range(MAX_MOVES))
    for i in range(60):
        n = g.legal_moves(buf)
        if g.status() != PLAYING or n == 0:
            break
        g.apply(buf[(i * 7) % n])
    pay = bytearray(PAYLOAD)
    data = bytes(pay[:g.save_into(pay, 0, True)])
    h = Game(v, p)
    h.deal(7)
    ok = h.load_from(data, 0, True)
    undone = 0
    while h.undo():
        undone += 1
    bad = bytearray(data)
    bad[g.SNAPSHOT_SIZE] ^= 0x40
    k = Game(v, p)
    k.deal(7)
    print(mod, data.hex(), ok, h.undo_log.redo, undone, k.load_from(bad, 0, True), k.refused)
""".replace("PAYLOAD", str(PAYLOAD))


def test_the_codec_under_micropython_writes_the_same_bytes_and_refuses_the_same_way():
    out = run_micropython("from array import array\n" + SCRIPT, dirs=("engine",))
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        exec(SCRIPT, {"array": array})
    assert out.strip().splitlines() == here.getvalue().strip().splitlines()
    assert all(" True " in line and " False undo log" in line for line in out.splitlines())
