# The save store's test harness (used by tests/test_store_*.py): an NVM that logs each write,
# scripted sessions driven through the store's API the way the app drives it, the two
# power-cut models, and reading back the state a player would see. Its own tests check the
# harness: the fast CRC equals the device's, and the cut models build the images they claim.
import binascii
import random

import pytest

import solitaire
from solitaire import store as storemod
from solitaire.store import FOREIGN, OURS, Store

PAGE = 512  # flash page (SAMD51: 512 B; the model the brief asks for on every size)
SIZES = (8192, 4096, 256)
SNAPSHOT = 104  # Terrace's engine snapshot (engine/terrace.py SNAPSHOT_SIZE)


def fast_crc(buf, a, b, c):
    # the same CRC-16/CCITT as solitaire.store.crc16, in C: the sweeps open thousands of images
    return binascii.crc_hqx(bytes(buf[a:b]), c)


@pytest.fixture
def quick_crc(monkeypatch):
    # the C CRC, and solitaire.store_open kept loaded between opens: without .pyc files
    # CPython compiles it again at each import (5 ms, times 38,000 opens in the sweeps).
    # test_store_api.py checks that open() and adopt() do drop it.
    solitaire.forget("solitaire.store_open")
    monkeypatch.setattr(storemod, "crc16", fast_crc)
    drop = solitaire.forget
    monkeypatch.setattr(solitaire, "forget", lambda name: name == "solitaire.store_open" or drop(name))
    yield
    drop("solitaire.store_open")


class LogNvm(bytearray):
    # microcontroller.nvm as the store sees it, logging each write as (offset, bytes)
    def __init__(self, data):
        super().__init__(data)
        self.log = []

    def __setitem__(self, k, v):
        assert isinstance(k, slice) and k.step is None, "the store writes slices only"
        assert k.stop - k.start == len(v), "an nvm slice can't change size"
        self.log.append((k.start, bytes(v)))
        super().__setitem__(k, v)


def opened(data):
    s = Store(data)
    return s, s.open()


def state_of(s):
    # what the player can see: the modes listed with their statistics (any other mode's are
    # zeros: tests/test_store_api.py), the game offered for resume and its payload, the options
    offered = s.saved()
    return (tuple((m, s.stats(*m)) for m in sorted(s.modes())), offered,
            bytes(s.saved_payload()) if offered else b"", bytes(s.options))


def payload(rng, n):
    return bytes(rng.randrange(256) for _ in range(n))


class Session:
    # app-like events; each ends with one commit, recorded as (image before, the write, image
    # after, state before, state after)
    def __init__(self, size, start=None, seed=1):
        self.rng = random.Random(seed)
        self.nvm = LogNvm(start if start is not None else b"\xff" * size)
        self.store = Store(self.nvm)
        self.msgs = self.store.open()
        self.writes = []
        self.gid = 0
        self.key = (0, 0, 0)
        self.moves = 0
        self.before = bytes(self.nvm)
        self.state = state_of(self.store)

    def commit(self, expect=True):
        s = self.store
        n = len(self.nvm.log)
        wrote = s.commit()
        assert wrote == expect
        assert len(self.nvm.log) == n + (1 if wrote else 0), "one NVM write per event"
        if wrote:
            after = bytes(self.nvm)
            state = state_of(s)
            back, msgs = opened(bytearray(after))
            assert msgs == [] and state_of(back) == state, "what was written reads back the same"
            self.writes.append((self.before, self.nvm.log[-1], after, self.state, state))
            self.before, self.state = after, state
        return wrote

    def _save(self, n=None):
        s = self.store
        cap = s.save_capacity
        n = min(cap, SNAPSHOT + 2 + 2 * self.moves) if n is None else n
        return s.save_game(*self.key, 1, 1000 + self.gid, self.moves, 3 * self.moves, self.gid,
                           payload(self.rng, max(n, 0)), n)

    # -- the events ----------------------------------------------------------------------------
    def new_deal(self, key=None):
        self.key = key or self.key
        self.gid = self.store.new_game_id()
        self.moves = 0
        assert self._save()
        self.commit()

    def idle_save(self, moves=7):
        self.moves += moves
        assert self._save()
        self.commit()

    def options(self, i, value):
        self.store.options[i] = value
        self.store.set_options()
        self.commit()

    def game_over(self, won):
        assert self.store.count_result(*self.key, self.gid, won, 3 * self.moves, self.moves)
        if won:
            self.store.clear_save()
        else:
            assert self._save()
        self.commit()

    def won_after_loss(self):
        assert self.store.count_result(*self.key, self.gid, True, 3 * self.moves + 5, self.moves + 2)
        self.store.clear_save()
        self.commit()

    def abandon_new_deal(self, key=None, full=False):
        # the game left is counted as lost; the new one is saved at once (full: a payload of the
        # save's whole capacity, as a long undo history makes it)
        assert self.store.count_result(*self.key, self.gid, False, 3 * self.moves, self.moves)
        self.key = key or self.key
        self.gid = self.store.new_game_id()
        self.moves = 0
        assert self._save(self.store.save_capacity if full else None)
        self.commit()

    def reset(self, key=None):
        if key is None:
            self.store.reset_stats()
        else:
            self.store.reset_stats(*key)
        self.commit()

    def too_big(self):
        # a save that does not fit: refused, and the older save of this game goes with it
        self.moves += 1
        assert not self._save(self.store.save_capacity + 1)
        self.commit()


def script(sess, adopt=False):
    # one session of every event the app makes: (foreign data adopted,) deals, idle and pause
    # saves, options, lost then won after undo, a save too big, abandon + new deal, a won game,
    # resets of one mode and of all
    s = sess.store
    if adopt:
        assert s.state == FOREIGN
        assert s.count_result(0, 2, 0, s.new_game_id(), True, 80, 90)  # played before adopting
        sess.commit(expect=False)
        n = len(sess.nvm.log)
        assert s.adopt() and len(sess.nvm.log) == n + 1
        sess.writes.append((sess.before, sess.nvm.log[-1], bytes(sess.nvm), sess.state, state_of(s)))
        sess.before, sess.state = bytes(sess.nvm), state_of(s)
    assert s.state == OURS
    sess.new_deal((0, 3, 1))
    sess.idle_save()
    sess.idle_save(3)  # the pause menu saves too
    sess.options(0, 5)
    sess.game_over(False)
    sess.won_after_loss()
    sess.new_deal((0, 1, 0))
    sess.too_big()
    sess.abandon_new_deal((1, 4, 1), full=True)
    sess.game_over(True)
    sess.reset((0, 3, 1))
    sess.reset()
    return sess


def cut_images(before, write, after, model, page=PAGE):
    # (where, image) for every cut of one write. byte: the first k bytes of the slice are new,
    # the rest old. flash: the block is erased, then programmed page by page from the start;
    # a cut leaves it 0xFF from the cut page on (the whole NVM is one block).
    at, data = write
    if model == "byte":
        for k in range(len(data) + 1):
            img = bytearray(before)
            img[at:at + k] = data[:k]
            yield k, img
    else:
        pages = (len(after) + page - 1) // page
        for p in range(pages + 1):
            img = bytearray(b"\xff" * len(after))
            img[:p * page] = after[:p * page]
            yield p, img


def outcome(img, old, new):
    # "crashed", "old", "new", "reported" (a message and neither state) or "silent" (neither,
    # no message: silently wrong); plus the messages
    try:
        s, msgs = opened(img)
        got = state_of(s)
    except Exception as e:  # a crash is what this counts
        return "crashed", [repr(e)]
    if got == new:
        return "new", msgs
    if got == old:
        return "old", msgs
    return ("reported" if msgs else "silent"), msgs


# ---- the harness's own tests ----------------------------------------------------------------------

def test_fast_crc_used_by_the_sweeps_is_the_device_crc():
    rng = random.Random(3)
    for _ in range(300):
        b = payload(rng, rng.randrange(60))
        c = rng.randrange(0x10000)
        assert storemod.crc16(b, 0, len(b), c) == fast_crc(b, 0, len(b), c)
    assert storemod.crc16(b"123456789", 0, 9, 0xFFFF) == 0x29B1  # CRC-16/CCITT-FALSE check value


def test_byte_prefix_model_makes_every_mix_of_new_prefix_and_old_rest():
    before, after = bytes(8), bytes(range(1, 9))
    imgs = list(cut_images(before, (2, after[2:6]), before[:2] + after[2:6] + before[6:], "byte"))
    assert [bytes(i) for _, i in imgs] == [bytes(2) + after[2:2 + k] + bytes(4 - k) + bytes(2) for k in range(5)]


def test_flash_model_leaves_the_block_erased_from_the_cut_page_on():
    after = bytes(range(256)) * 8  # 2,048 bytes: 4 pages
    imgs = [bytes(i) for _, i in cut_images(b"", (0, b""), after, "flash")]
    assert len(imgs) == 5 and imgs[0] == b"\xff" * 2048 and imgs[4] == after
    assert imgs[2] == after[:1024] + b"\xff" * 1024


def test_scripted_session_reads_back_what_it_wrote_after_every_event(quick_crc):
    for size in SIZES:
        sess = script(Session(size))
        assert len(sess.writes) == 12 and sess.store.writes == 12
