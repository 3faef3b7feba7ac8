# The save store's test harness (used by tests/test_store_*.py): an NVM that logs each write,
# scripted sessions driven through the store's API the way the app drives it, the two
# power-cut models, and reading back the state a player would see. Its own tests check the
# harness: the fast CRC equals the device's, and the cut models build the images they claim.
import binascii
import random
from array import array

import pytest

import solitaire
from engine.game import LOST, NO_MOVE, PLAYING, WON
from engine.pack import history_from
from engine.registry import FAMILIES, import_module
from engine.solar import RESIGN
from engine.undo import UndoLog
from solitaire import store as storemod
from solitaire.app import App as AppSession
from solitaire.store import FOREIGN, OURS, Store

PAGE = 512  # flash page (SAMD51: 512 B; the model the brief asks for on every size)
SIZES = (8192, 4096, 256)


def fast_crc(buf, a, b, c):
    # the same CRC-16/CCITT as solitaire.store.crc16, in C: the sweeps open thousands of images
    return binascii.crc_hqx(bytes(buf[a:b]), c)


@pytest.fixture
def quick_crc(monkeypatch):
    # the C CRC, and solitaire.store_open kept loaded between opens: without .pyc
    # files CPython compiles them again at each import (5 ms each, times 40,000 opens in the
    # sweeps). test_store_api.py checks that open() and adopt() do drop them.
    kept = ("solitaire.store_open",)
    for name in kept:
        solitaire.forget(name)
    monkeypatch.setattr(storemod, "crc16", fast_crc)
    drop = solitaire.forget
    monkeypatch.setattr(solitaire, "forget", lambda name: name in kept or drop(name))
    yield
    for name in kept:
        drop(name)


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


def snapshot(g):
    buf = bytearray(g.SNAPSHOT_SIZE)
    return bytes(buf[:g.save_into(buf)])


# the modes the sessions play, one per family (engine/registry.py), and their deals: the hints
# lose Terrace's (Signora, literal) deal 2 and win Solar's deal 1
TERRACE, ASES, SOLAR = (0, 3, 1), (1, 3, 1), (2, 0, 0)
MODES = (TERRACE, ASES, SOLAR)


class Player(AppSession):
    # the app's own save path (solitaire/app.py App.save: the engine's snapshot and as
    # much undo history as fits, written into the store's image, one commit) on engine games
    def __init__(self, store):
        self.store = store
        self.payload = store.payload_area()
        self.log = UndoLog(350)  # the app's (solitaire/startup.py UNDO_DEPTH)
        self.game = self.gkey = None
        self.game_id = 0
        self.counted = False
        self.saved_version = -1

    def deal(self, key, number):
        g = import_module(FAMILIES[key[0]].module).Game(key[1], key[2], 0, self.log)
        g.deal(number)
        self.game, self.gkey, self.counted, self.saved_version = g, key, False, -1
        return g

    def hints(self, n):
        # n of the engine's hints (fewer if the game ends)
        g = self.game
        for _ in range(n):
            m = g.hint()
            if g.status() != PLAYING or m == NO_MOVE:
                break
            g.apply(m)

    def wander(self, rng, n):
        # n random legal moves: a long game, and an undo history that fills the save; a move
        # that would end the game is taken back (a finished game is never saved: App.save)
        g = self.game
        buf = array("H", bytes(512))
        for _ in range(n):
            k = g.legal_moves(buf)
            if not k:
                break
            g.apply(buf[rng.randrange(k)])
            if g.status() != PLAYING:
                g.undo()
                break


class Session:
    # app-like events; each ends with one commit, recorded as (image before, the write, image
    # after, state before, state after)
    def __init__(self, size, start=None, seed=1):
        self.rng = random.Random(seed)
        self.nvm = LogNvm(start if start is not None else b"\xff" * size)
        self.store = Store(self.nvm)
        self.msgs = self.store.open()
        self.play = Player(self.store)
        self.writes = []
        self.live = []  # per write: the game saved (mode, deal, its snapshot, undo records)
        self.before = bytes(self.nvm)
        self.state = state_of(self.store)

    def commit(self, expect=True, write=None):
        # the event's one commit (write: the event makes it itself, as Session.save does)
        s = self.store
        n = len(self.nvm.log)
        wrote = write() if write else s.commit()
        wrote = len(self.nvm.log) > n if write else wrote
        assert wrote == expect
        assert len(self.nvm.log) == n + (1 if wrote else 0), "one NVM write per event"
        if wrote:
            after = bytes(self.nvm)
            state = state_of(s)
            back, msgs = opened(bytearray(after))
            assert msgs == [] and state_of(back) == state, "what was written reads back the same"
            self.writes.append((self.before, self.nvm.log[-1], after, self.state, state))
            self.before, self.state = after, state
            g = self.play.game
            self.live.append(None if state[1] is None else
                             (self.play.gkey, g.number, snapshot(g), g.undo_log.size))
        return wrote

    def _count(self, won):
        # what solitaire/result.py over() and solitaire/opening.py abandon() count
        p = self.play
        g = p.game
        left = g.count(g.stock) if FAMILIES[p.gkey[0]].keeps_left else 0
        assert self.store.count_result(*p.gkey, p.game_id, won, g.score(), g.moves, left)
        p.counted = True

    # -- the events ----------------------------------------------------------------------------
    def new_deal(self, key, number):
        # a game dealt and saved at once (solitaire/opening.py start())
        p = self.play
        p.deal(key, number)
        p.game_id = self.store.new_game_id()
        self.commit(write=p.save)

    def idle_save(self, moves=7):
        # moves played, then the save 3 s after the last key (or the pause menu's)
        self.play.hints(moves)
        self.commit(write=self.play.save)

    def wander_save(self, moves):
        self.play.wander(self.rng, moves)
        self.commit(write=self.play.save)

    def options(self, i, value):
        self.store.options[i] = value
        self.store.set_options()
        self.commit()

    def play_out(self, want):
        # the hints to the game's end (want: WON or LOST), counted and the save cleared
        self.play.hints(1000)
        assert self.play.game.status() == want
        self.game_over()

    def game_over(self):
        self._count(self.play.game.status() == WON)
        self.store.clear_save()
        self.commit()

    def resign(self):
        # Solar's resign (rules §6) ends the game lost: counted, then undone (the result box's
        # "Undo last move") and played on: a win then adds the win, not a second game
        g = self.play.game
        assert g.apply(RESIGN) and g.status() == LOST
        self.game_over()
        assert g.undo() and g.status() == PLAYING

    def abandon_new_deal(self, key, number):
        # the game left is counted as lost; the new one is dealt and saved in the same write
        self._count(False)
        self.store.clear_save()
        self.new_deal(key, number)

    def reset(self, key=None):
        if key is None:
            self.store.reset_stats()
        else:
            self.store.reset_stats(*key)
        self.commit()


def script(sess, adopt=False):
    # one session of every event the app makes, with real games of every family: (foreign data
    # adopted,) a deal, idle and pause saves, options, a game lost; a deal, an idle save,
    # abandoned for a new deal of another family; a game resigned, then won after its undo; a
    # long game whose undo history fills the save; resets of one mode and of all
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
    sess.new_deal(TERRACE, 2)
    sess.idle_save(6)
    sess.idle_save(4)  # the pause menu saves too
    sess.options(0, 5)
    sess.play_out(LOST)
    sess.new_deal(ASES, 5)
    sess.idle_save(10)
    sess.abandon_new_deal(SOLAR, 1)
    sess.idle_save(8)
    sess.resign()
    sess.play_out(WON)
    sess.new_deal(TERRACE, 7)
    sess.wander_save(600)
    sess.reset(TERRACE)
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
        assert len(sess.writes) == 15 and sess.store.writes == 15
        assert {w[4][1][:3] for w in sess.writes if w[4][1]} == set(MODES)  # every family saved


def test_every_save_of_the_sessions_resumes_the_game_it_saved_with_its_undo_history(quick_crc):
    # what the sweeps compare byte for byte is a real game: the engine loads it back (as
    # solitaire/opening.py resume() does) to the position saved, with as many moves of undo as
    # the save had room for (the long game's fills it)
    for size in SIZES:
        sess = script(Session(size))
        full = False
        for (before, write, after, old, new), live in zip(sess.writes, sess.live):
            if live is None:
                continue
            key, number, position, undo = live
            s, _ = opened(bytearray(after))
            f, v, p, _flags, deal, moves, _score, _gid = s.saved()
            assert (f, v, p) == key and deal == number
            g = import_module(FAMILIES[f].module).Game(v, p, 0, UndoLog(500))
            g.deal(deal)
            data = s.saved_payload()
            assert g.load_from(data) and snapshot(g) == position and g.moves == moves
            kept = history_from(g.undo_log, data, g.SNAPSHOT_SIZE)
            assert 0 < kept and g.undo_log.size <= undo and g.can_undo() == (g.undo_log.size > 0)
            full |= len(data) > s.save_capacity - 20
            if size > 256:
                assert g.undo_log.size == undo or len(data) > s.save_capacity - 20
        assert full  # some save reaches the end of the save record
