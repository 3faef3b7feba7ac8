# The Fruit Jam's saves on the /saves drive (lib/solitaire/savefile.py): the save store on a
# file keeps the NVM store's promises. The store harness's scripted session (every event the
# app makes, real games of every family: tests/test_store_harness.py) runs on a save file in a
# folder standing for /saves; a power cut at every byte of every write (the byte-prefix model:
# the file never grows after it is made, so a write rewrites its own bytes) leaves a file that
# the next start-up opens as the board would: savefile.choose() over the folder and the NVM,
# then the store. And where /saves can't be written (read-only, full): the NVM takes the saves,
# nothing is lost, and they go back to the file once it can be written, with the same sweep
# over the write that moves them.
import errno
import os

import pytest

from engine.game import LOST
from solitaire import savefile
from solitaire.store import FOREIGN, OURS, Store
from tests.test_store_harness import (  # noqa: F401 (quick_crc is a fixture)
    ASES, SOLAR, TERRACE, LogNvm, Player, Session, cut_images, fast_crc, quick_crc,
    script, state_of)


class Drive:
    # the /saves folder, in memory (a sweep opens the file ten thousand times: the disk's
    # open() was most of its time), and every write to the save file as (offset, bytes).
    # savefile's open() is this drive's: the modes the module uses, as CPython's files do them
    def __init__(self, path):
        self.path = str(path)
        self.files = {}
        self.log = []

    def __fspath__(self):
        return self.path

    __str__ = __fspath__

    def open(self, path, mode="r"):
        if os.path.dirname(path) != self.path:
            raise FileNotFoundError(errno.ENOENT, "No such file or directory", path)
        if mode == "wb":
            self.files[path] = bytearray()
        elif path not in self.files:
            raise FileNotFoundError(errno.ENOENT, "No such file or directory", path)
        return MemFile(self.files[path])


class MemFile:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def read(self, n=-1):
        out = bytes(self.data[self.at:self.at + n if n >= 0 else None])
        self.at += len(out)
        return out

    def seek(self, at):
        self.at = at

    def write(self, v):
        if self.at > len(self.data):
            self.data.extend(bytes(self.at - len(self.data)))
        self.data[self.at:self.at + len(v)] = v
        self.at += len(v)

    def flush(self):
        pass


@pytest.fixture
def drive(tmp_path, monkeypatch, quick_crc):
    monkeypatch.setattr(savefile, "crc16", fast_crc)
    folder = Drive(tmp_path / "saves")
    monkeypatch.setattr(savefile, "open", folder.open, raising=False)
    real = savefile.write

    def write(path, a, v):
        real(path, a, v)
        folder.log.append((a, bytes(v)))

    monkeypatch.setattr(savefile, "write", write)
    return folder


def file_of(folder):
    return bytes(folder.files[os.path.join(folder, savefile.NAME)])


def put(folder, img):
    folder.files[os.path.join(folder, savefile.NAME)] = bytearray(img)


def power_on(folder, nvm):
    # what the next start-up opens: the medium savefile chooses, and the store on it
    medium = savefile.choose(str(folder), nvm)
    s = Store(medium)
    return s, s.open() + medium.notes, medium


class FileLog:
    # the save file as tests/test_store_harness.py's Session reads its NVM: its bytes, and
    # the writes made so far
    def __init__(self, folder):
        self.folder = folder
        self.log = folder.log

    def __bytes__(self):
        return file_of(self.folder)


class FileSession(Session):
    # the harness's scripted session with the store on the save file (the NVM blank)
    def __init__(self, folder, seed=1):
        import random

        self.rng = random.Random(seed)
        self.nvm_dev = LogNvm(b"\xff" * 4096)
        self.store = Store(savefile.choose(str(folder), self.nvm_dev))
        self.msgs = self.store.open()
        self.nvm = FileLog(folder)
        self.play = Player(self.store)
        self.writes = []
        self.live = []
        self.before = bytes(self.nvm)
        self.state = state_of(self.store)


def short_script(sess):
    # the harness's events, fewer of them: a deal with saves, options, a game lost, a game
    # abandoned for another family's, statistics reset (every kind of record written)
    sess.new_deal(TERRACE, 2)
    sess.idle_save(6)
    sess.options(0, 5)
    sess.play_out(LOST)
    sess.new_deal(ASES, 5)
    sess.abandon_new_deal(SOLAR, 1)
    sess.reset(TERRACE)
    return sess


def sweep(folder, writes, nvm, every=1):
    # every cut of every write: the file as the cut leaves it, opened by the next start-up
    seen = {"old": 0, "new": 0}
    for w, (before, write, after, old, new) in enumerate(writes):
        for k, img in cut_images(before, write, after, "byte"):
            if k % every and k != len(write[1]):
                continue
            put(folder, img)
            s, msgs, _ = power_on(folder, bytearray(nvm))
            got = state_of(s)
            assert got in (old, new), (write[0], k, msgs)
            # a cut is never said but in the first write over a blank file, as over a blank
            # NVM (a first save cut off: nothing was saved yet; tests/test_store_powercut.py)
            assert msgs == [] or w == 0 and got == old, (w, write[0], k, msgs)
            seen["old" if got == old else "new"] += 1
    return seen


def test_a_power_cut_at_any_byte_of_any_save_file_write_gives_the_old_or_the_new_state(drive):
    sess = short_script(FileSession(drive))
    assert sess.msgs == ["Save memory is blank: no saved games yet."]
    assert len(sess.writes) == 7 and bytes(sess.nvm_dev) == b"\xff" * 4096  # NVM untouched
    assert len(file_of(drive)) == savefile.SIZE  # the file never grows past its first size
    seen = sweep(drive, sess.writes, sess.nvm_dev)
    assert seen["old"] and seen["new"]


def test_the_whole_harness_script_reads_back_from_the_file_after_every_event(drive):
    # (its cuts every 97 bytes and at each write's end: the full sweep above covers every byte
    # of the events that write each kind of record)
    sess = script(FileSession(drive, seed=3))
    sweep(drive, sess.writes, sess.nvm_dev, every=97)


def _fail(monkeypatch, err):
    def refuse(path, a, v):
        raise OSError(err, os.strerror(err))

    monkeypatch.setattr(savefile, "write", refuse)


def test_a_read_only_saves_drive_keeps_the_games_in_the_nvm_and_says_so(drive, monkeypatch):
    sess = short_script(FileSession(drive))  # games on the file
    on_file = state_of(sess.store)
    real_make = savefile._make
    real = savefile.write

    def read_only(path, have):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(savefile, "_make", read_only)
    _fail(monkeypatch, errno.EROFS)
    nvm = LogNvm(b"\xff" * 4096)
    s, msgs, medium = power_on(drive, nvm)
    assert state_of(s) == on_file  # the file's games, read from it
    assert any("read-only" in m and "board's own memory" in m for m in msgs)
    p = Player(s)
    p.deal(SOLAR, 9)
    p.game_id = s.new_game_id()
    p.save()  # a new game, saved in the NVM
    assert len(nvm.log) == 1 and file_of(drive) == bytes(sess.nvm)
    in_nvm = state_of(s)
    # the next start with /saves still read-only: the NVM's newer saves
    s2, msgs2, _ = power_on(drive, bytearray(nvm))
    assert state_of(s2) == in_nvm
    # /saves writable again: the NVM's saves are the ones opened, and go back to the file in
    # the first write (start-up makes it at once), cut at every byte: old or new, never lost
    monkeypatch.setattr(savefile, "_make", real_make)
    log = []
    monkeypatch.setattr(savefile, "write", lambda path, a, v: (real(path, a, v),
                                                                 log.append((a, bytes(v)))))
    s3, msgs3, medium3 = power_on(drive, bytearray(nvm))
    assert medium3.move and any("go back to" in m for m in msgs3)
    assert state_of(s3) == in_nvm
    before = file_of(drive)
    s3.dirty |= medium3.move
    assert s3.commit() and len(log) == 1
    after = file_of(drive)
    for k, img in cut_images(before, log[0], after, "byte"):
        put(drive, img)
        s4, msgs4, _ = power_on(drive, bytearray(nvm))
        assert state_of(s4) == in_nvm, (k, msgs4)  # (the NVM's until the file has it whole)
    s5, msgs5, medium5 = power_on(drive, bytearray(nvm))
    assert not medium5.move and state_of(s5) == in_nvm and msgs5 == []


def test_a_full_saves_drive_mid_game_moves_on_to_the_nvm_and_a_cut_there_loses_nothing(drive, monkeypatch):
    sess = short_script(FileSession(drive))
    s = sess.store
    nvm = sess.nvm_dev
    before_state = state_of(s)
    _fail(monkeypatch, errno.ENOSPC)
    p = sess.play
    p.deal(TERRACE, 11)
    p.game_id = s.new_game_id()
    p.save()  # the file refuses: the same write goes to the NVM
    assert len(nvm.log) == 1 and s.nvm.path is None
    after_state = state_of(s)
    at, data = nvm.log[0]
    file_now = file_of(drive)
    for k in range(len(data) + 1):  # a cut at every byte of the NVM's write
        img = bytearray(b"\xff" * 4096)
        img[at:at + k] = data[:k]
        s2, msgs, _ = power_on(drive, img)
        got = state_of(s2)
        assert got in (before_state, after_state), k
        assert got == (after_state if k == len(data) else before_state), k
        assert file_of(drive) == file_now


def test_the_save_file_on_a_real_disk_reads_back_every_event(tmp_path, quick_crc):
    # (the sweeps' drive is in memory: here the module's own open() on a real folder)
    folder = tmp_path / "saves"
    folder.mkdir()
    nvm = LogNvm(b"\xff" * 4096)
    s, msgs, medium = power_on(folder, nvm)
    p = Player(s)
    for key, number in ((TERRACE, 3), (SOLAR, 4)):
        p.deal(key, number)
        p.game_id = s.new_game_id()
        p.hints(5)
        p.save()
        back, msgs2, _ = power_on(folder, nvm)
        assert msgs2 == [] and state_of(back) == state_of(s)
    assert os.path.getsize(folder / savefile.NAME) == savefile.SIZE and nvm.log == []


def test_a_full_drive_where_the_file_is_made_says_so_and_uses_the_nvm(tmp_path, monkeypatch, quick_crc):
    monkeypatch.setattr(savefile, "crc16", fast_crc)
    folder = tmp_path / "missing"  # no such folder: the file can't be made
    nvm = LogNvm(b"\xff" * 4096)
    s, msgs, medium = power_on(folder, nvm)
    assert s.state == OURS and medium.path is None
    assert any("board's own memory" in m for m in msgs)
    s.options[0] = 7
    s.set_options()
    assert s.commit() and len(nvm.log) == 1


def test_another_programs_nvm_data_is_never_written_when_saves_cannot_be_kept(tmp_path, monkeypatch, quick_crc):
    monkeypatch.setattr(savefile, "crc16", fast_crc)
    other = bytes((i * 7 + 3) & 255 for i in range(4096))
    nvm = LogNvm(other)
    s, msgs, medium = power_on(tmp_path / "missing", nvm)
    assert medium.nvm is None and any("saving is off" in m for m in msgs)
    s.options[0] = 7
    s.set_options()
    assert not s.commit() and nvm.log == [] and bytes(nvm) == other
    # /saves writable: the file is used, the other program's NVM data still never touched
    folder = tmp_path / "saves"
    folder.mkdir()
    s, msgs, medium = power_on(folder, nvm)
    assert medium.nvm is None and s.state == OURS
    s.options[0] = 7
    s.set_options()
    assert s.commit() and nvm.log == []
    assert os.path.getsize(folder / savefile.NAME) == savefile.SIZE


def test_a_save_file_cut_short_while_it_was_made_reads_as_blank_and_is_made_whole(drive):
    put(drive, b"\xff" * 700)
    s, msgs, medium = power_on(drive, bytearray(b"\xff" * 4096))
    assert s.state == OURS and msgs == ["Save memory is blank: no saved games yet."]
    assert file_of(drive) == b"\xff" * savefile.SIZE


def test_damaged_save_file_is_another_programs_data_only_if_nothing_of_ours_is_in_it(drive):
    put(drive, bytes(range(256)) * 12)
    s, msgs, _ = power_on(drive, bytearray(b"\xff" * 4096))
    assert s.state == FOREIGN  # (the app asks before erasing it: solitaire/menus.py foreign)
