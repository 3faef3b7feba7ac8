# Damaged NVM images: 10,000 of them (random bytes, 1-3 bit flips anywhere, 1-2 bit flips inside
# one record, zeroed and erased regions, other programs' data) opened by a fresh Store: never a
# crash, never silently wrong, every one- or two-bit error inside a record of the copy in use
# caught. Also the range checks a record with a good CRC must pass.
import random
import struct
from collections import Counter

import pytest

from solitaire.store import FOREIGN, OURS, SLOT, Store, crc16
from tests.test_store_harness import (  # noqa: F401 (quick_crc is a fixture)
    Session, opened, quick_crc, script, state_of)

MARK, OPTS, SAVE = 10, 12, 20


def bases():
    # valid images from sessions: (image, state now, state before the last write, newest copy)
    out = []
    for size in (8192, 4096, 256):
        sess = script(Session(size, seed=size + 1))
        for w in (2, 6, 8, 10, 12, 13):  # a save of each family, the long game's, a game won
            before, write, after, old, new = sess.writes[w]
            out.append((after, new, old, write[0]))
    return out


def records(img, base):
    # (start, length) of every record of the copy at base, as the store lays it out
    s = Store(bytearray(len(img)))
    out = [(base, MARK)] + [(base + MARK + SLOT * i, SLOT) for i in range(len(s.keys))]
    out.append((base + s.o_save - OPTS, OPTS))
    o = base + s.o_save
    out.append((o, SAVE + (img[o + 18] | img[o + 19] << 8)))
    out.append((base + s.size - MARK, MARK))
    return out


def area(img):
    s = Store(bytearray(len(img)))
    return s.size * (2 if len(img) > 256 else 1)


def flip(img, rng, n, lo, hi):
    img = bytearray(img)
    for bit in rng.sample(range(lo * 8, hi * 8), n):
        img[bit >> 3] ^= 1 << (bit & 7)
    return img


def region(img, rng, value):
    img = bytearray(img)
    n = area(img)
    length = rng.randrange(1, 65) if rng.random() < 0.5 else rng.randrange(1, n + 1)
    at = rng.randrange(0, n - length + 1)
    img[at:at + length] = bytes((value,)) * length
    return img, at, at + length


def foreign(rng, size):
    # what another program (or this game's previous store) may have left in NVM
    kind = rng.randrange(6)
    if kind == 0:  # settings text
        text = ("volume=%d\nname=%s\n" % (rng.randrange(10), "x" * rng.randrange(1, 40))).encode()
        data = text + b"\xff" * (size - len(text))
    elif kind == 1:  # counters
        data = b"".join(struct.pack("<I", rng.randrange(1 << 32)) for _ in range(size // 4))
    elif kind == 2:  # the previous version of this store: "SOL" + version, 7-byte stats slots
        data = bytearray(b"\xff" * size)
        data[0:4] = b"SOL" + bytes((rng.choice((1, 2)),))
        data[4:11] = bytes((0x20, 3, 0, 1, 0, 104, 0x5A))
    elif kind == 3:  # a few bytes at the start, erased after
        n = rng.randrange(MARK + 1, 200)
        data = bytes(rng.randrange(256) for _ in range(n)) + b"\xff" * (size - n)
    elif kind == 4:  # all zeros
        data = bytes(size)
    else:  # a pattern
        data = bytes((i * rng.randrange(1, 255) + 1) & 255 for i in range(size))
    return bytearray(data)


def cut_off_copy(img, orig, base, copy):
    # the newest copy reads exactly like a flash write cut off: unchanged up to a point, 0xFF
    # from there to its end (the two can't be told apart, and the state before is right then)
    end = base + copy
    i = end
    while i > base and img[i - 1] == 0xFF:
        i -= 1
    return i < end and img[base:i] == orig[base:i]


def judge(img, cur, prev):
    before = bytes(img)
    s, msgs = opened(img)
    assert bytes(img) == before, "open() never writes"
    got = state_of(s)
    return s, msgs, got == cur, got == prev


def test_ten_thousand_damaged_images_never_crash_and_are_never_silently_wrong(quick_crc):
    rng = random.Random(2024)
    images = bases()
    counts = Counter()
    for n in range(10000):
        orig, cur, prev, newest = images[n % len(images)]
        size = len(orig)
        if n < 1000:
            kind = "random"
            img = bytearray(rng.randrange(256) for _ in range(size))
        elif n < 5000:
            kind = "flips %d" % (1 + n % 3)
            img = flip(orig, rng, 1 + n % 3, 0, area(orig))
        elif n < 7000:
            kind = "flips %d in one record" % (1 + n % 2)
            start, length = rng.choice(records(orig, newest))
            img = flip(orig, rng, 1 + n % 2, start, start + length)
        elif n < 8000:
            kind = "zeroed"
            img, lo, hi = region(orig, rng, 0)
        elif n < 9000:
            kind = "erased"
            img, lo, hi = region(orig, rng, 0xFF)
        else:
            kind = "other program"
            img = foreign(rng, size)
        try:
            s, msgs, exact, older = judge(img, cur, prev)
        except AssertionError:
            raise
        except Exception as e:  # counted, then asserted to be none
            counts[kind + ": crashed"] += 1
            counts["crash example"] = repr(e)
            continue
        counts[kind] += 1
        if kind in ("random", "other program"):
            assert s.state == FOREIGN and len(msgs) == 1, (kind, n, msgs)
            continue
        if exact:
            counts[kind + ": exact" + (" (with a message)" if msgs else "")] += 1
            if "in one record" in kind and not msgs:
                # caught all the same: the store noticed and rewrites a clean copy next commit
                assert s.dirty, (kind, n)
        elif msgs:
            counts[kind + ": reported"] += 1
        elif older and kind == "erased" and len(orig) > 256 and cut_off_copy(img, orig, newest, s.size):
            counts[kind + ": read as a cut-off write, the state before"] += 1
        else:
            counts[kind + ": SILENTLY WRONG"] += 1
            counts["silent example"] = (kind, n)
    assert not [k for k in counts if "crashed" in k or "SILENTLY" in k], counts
    assert counts["flips 1 in one record"] + counts["flips 2 in one record"] == 2000


def slot_crc(img, o, seq):
    # a statistics slot's CRC as the layout defines it: over its 16 bytes after the CRC,
    # seeded with the CRC of the copy's sequence number (two bytes, little-endian)
    return crc16(img, o + 2, o + SLOT, crc16(bytes((seq & 255, seq >> 8)), 0, 2, 0xFFFF))


def _image_with_record(size, edit, both=True):
    # a valid image whose stats record for (0, 3, 1) is edited and given a good CRC again (in
    # the newest copy, and in the older one too if both)
    sess = script(Session(size, seed=7))
    before, write, after, old, new = sess.writes[6]  # (0, 3, 1): played 1, won 0
    img = bytearray(after)
    s = Store(bytearray(size))
    newest = write[0]
    for base in ([0, s.size] if both and size > 256 else [newest]):
        seq = img[base + 4] | img[base + 5] << 8
        for i in range(len(s.keys)):
            o = base + MARK + SLOT * i
            if (img[o + 2] | img[o + 3] << 8) & 0x1FF == (0 | 3 << 3 | 1 << 7):
                edit(img, o)
                c = slot_crc(img, o, seq)
                img[o], img[o + 1] = c & 255, c >> 8
    return img, new


@pytest.mark.parametrize("size", [8192, 256])
def test_played_less_than_won_with_a_valid_crc_is_reported_and_reset(size):
    def more_won_than_played(img, o):
        img[o + 6] = img[o + 4] + 1
    img, new = _image_with_record(size, more_won_than_played)
    s, msgs = opened(img)
    assert msgs == ["Statistics: damaged or cut off, reset."]
    assert s.stats(0, 3, 1) == (0,) * 7 and s.state == OURS
    kept = dict(new[0])
    del kept[(0, 3, 1)]
    assert dict(state_of(s)[0]) == kept  # the other modes' statistics are kept


def test_an_impossible_mode_key_with_a_valid_crc_is_reported_and_reset():
    def impossible_key(img, o):
        img[o + 3] |= 0x10  # key bit 12: no mode has it
    img, new = _image_with_record(8192, impossible_key)
    s, msgs = opened(img)
    assert msgs == ["Statistics: damaged or cut off, reset."]
    assert (0, 3, 1) not in s.modes() and len(s.modes()) == len(new[0]) - 1


def test_a_record_failing_range_checks_in_the_newest_copy_only_is_restored_from_the_other():
    def more_won_than_played(img, o):
        img[o + 6] = img[o + 4] + 1
    img, new = _image_with_record(8192, more_won_than_played, both=False)
    s, msgs = opened(img)
    assert msgs == ["Statistics: damaged, restored from the save before."]
    assert s.stats(0, 3, 1)[:2] == (1, 0)  # the same record one write earlier


def test_two_records_of_one_mode_count_as_damage_and_the_second_is_reset():
    sess = script(Session(8192, seed=7))
    img = bytearray(sess.writes[6][2])
    base = sess.writes[6][1][0]
    seq = img[base + 4] | img[base + 5] << 8
    a, b = base + MARK, base + MARK + SLOT * 5  # slot 0 holds a mode; slot 5 is empty
    img[b:b + SLOT] = img[a:a + SLOT]
    c = slot_crc(img, b, seq)
    img[b], img[b + 1] = c & 255, c >> 8
    got, msgs = opened(img)
    assert len(msgs) == 1 and msgs[0].startswith("Statistics: damaged")
    assert sorted(got.modes()) == sorted(m for m, _ in sess.writes[6][4][0])


REAL_EDGES = [(0, 6, 1), (1, 3, 1), (1, 4, 0), (2, 0, 1)]  # each family's last variant and profile
# keys that fit the record's bits and name no mode (the registry has four families: Klondike,
# family 3, has two variants and two profiles)
NOT_MODES = [(0, 7, 0), (0, 10, 0), (0, 0, 2), (1, 5, 0), (1, 0, 1), (1, 4, 1), (2, 1, 0),
             (2, 0, 2), (3, 2, 0), (3, 0, 2), (4, 0, 0), (5, 0, 0), (7, 15, 3)]


def _written(size, mode, commits):
    # an image whose statistics and saved game name mode, with good CRCs (the store's API takes
    # any key that fits the record's bits), beside a real mode's statistics
    s = Store(bytearray(b"\xff" * size))
    s.open()
    assert s.count_result(0, 0, 0, s.new_game_id(), True, 104, 200)
    assert s.count_result(*mode, s.new_game_id(), True, 3, 40, 5)
    assert s.save_game(*mode, 0, 77, 12, 3, s.new_game_id(), bytes(60), 60)
    for _ in range(commits):
        s.dirty |= 1
        assert s.commit()
    return bytearray(s.nvm)


@pytest.mark.parametrize("size", [8192, 256])
@pytest.mark.parametrize("mode", NOT_MODES)
def test_a_record_naming_a_mode_the_game_does_not_have_is_reported_and_reset_alone(size, mode):
    # in both copies: nothing to restore it from. A screen listing it would crash (the title's
    # Resume names the variant; the statistics page the family)
    s, msgs = opened(_written(size, mode, 2))
    assert msgs == ["Statistics: damaged or cut off, reset.",
                    "The saved game: damaged or cut off, removed."]
    assert s.modes() == [(0, 0, 0)] and s.stats(0, 0, 0)[:3] == (1, 1, 104)
    assert s.saved() is None and s.stats(*mode)[0] == 0
    s.commit()
    assert opened(bytearray(s.nvm))[1] == []  # reset for good


@pytest.mark.parametrize("mode", REAL_EDGES)
def test_every_mode_the_game_has_passes_the_range_checks(mode):
    s, msgs = opened(_written(8192, mode, 2))
    assert msgs == [] and sorted(s.modes()) == sorted([(0, 0, 0), mode])
    assert s.saved()[:3] == mode and s.stats(*mode)[6] == 5


def test_a_most_cards_left_figure_without_a_win_is_damage():
    # the figure is kept at wins only: one in a record with no win fails the range checks
    def left_without_a_win(img, o):
        img[o + 6:o + 8] = bytes(2)  # won 0, and so streak, best streak, fewest moves 0
        img[o + 10:o + 16] = bytes(6)
        img[o + 18] = 3  # most cards left 3
    img, new = _image_with_record(8192, left_without_a_win)
    s, msgs = opened(img)
    assert msgs == ["Statistics: damaged or cut off, reset."] and (0, 3, 1) not in s.modes()
