# The Fruit Jam's saves: the save store (solitaire/store.py) kept in a file on the /saves drive
# instead of microcontroller.nvm. Only the medium differs: the store reads the bytes it was
# given at open and writes one slice per commit into the older of its two copies, and the file
# keeps that promise as the NVM does (the file never grows after it is made, so a write only
# rewrites its own sectors: a power cut leaves the bytes before the cut new and the rest old,
# which the store's markers and CRCs tell apart). Loaded on the Fruit Jam only.
#
# Where /saves can't be written (read-only, full, missing) the NVM takes the saves, and a write
# that fails mid-game moves on to the NVM at once: nothing is lost. At start-up the newer of
# the two (by the store's sequence number) is the one read, and written back to the file as
# soon as the file can be written again; the other medium is never written before that, so a
# cut during the move leaves the newer save whole where it was.
from solitaire.store import VERSION, crc16

SIZE = 3072  # two copies of 1,536 bytes: the layout the store gives an NVM of 3 KB or more
NAME = "solitaire.sav"
_EROFS = 30
_ENOSPC = 28


def seq(buf):
    # the newest sequence number of the whole copies in buf (its first SIZE bytes), or -1 if
    # none is whole (blank, cut off, another program's data). A copy is whole when its tail
    # marker is: the store writes it last. (A copy cut off after its head marker must not
    # count: the other medium's whole copy is then the newer save that completed.)
    top = -1
    z = SIZE // 2
    for a in (z - 10, SIZE - 10):
        if (buf[a] == 0x53 and buf[a + 1] == 0x67 and buf[a + 2] & 0x7F == VERSION
                and crc16(buf, a, a + 8, z) == buf[a + 8] | buf[a + 9] << 8):
            s = buf[a + 4] | buf[a + 5] << 8
            if top < 0 or 0 < (s - top) & 0xFFFF < 0x8000:
                top = s
    return top


def _blank(buf):
    return buf == b"\xff" * SIZE  # (3 KB for the moment: the Fruit Jam's heap is plentiful)


def _why(e):
    n = e.args[0] if e.args else 0
    return "it is read-only" if n == _EROFS else "it is full" if n == _ENOSPC else \
        "it can't be written (" + str(e) + ")"


class SaveFile:
    # What the store needs of microcontroller.nvm: len(), reading bytes and slices of what it
    # opens, and one slice assignment per commit, written through to the medium in use.
    # img: the bytes the store opens (the newer of the file and the NVM); path: the save file
    # (None: it can't be written); nvm: the NVM the saves fall back on (None: none to use);
    # notes: what start-up tells the player
    def __init__(self, img, path, nvm, notes):
        self.img = img
        self.path = path
        self.nvm = nvm
        self.notes = notes
        self.move = False  # the NVM's saves are the newer: written to the file at start-up
        self.news = None  # what happened mid-game, for the player (solitaire/fruitjam_input.py)

    def __len__(self):
        return SIZE

    def __getitem__(self, k):
        return self.img[k]

    def __setitem__(self, k, v):
        a = k.start
        if self.path is not None:
            try:
                write(self.path, a, v)
                self.img[a:a + len(v)] = v
                return
            except OSError as e:
                self.path = None  # (not tried again this session: the NVM has the newer saves)
                self.news = "Saves: /saves " + _why(e) + (
                    "; nothing more can be saved this time." if self.nvm is None else
                    "; your games are kept in the board's own memory now.")
                print("Solitaire:", self.news)
                if self.nvm is None:
                    raise
        if self.nvm is None:
            raise OSError(_EROFS)
        self.nvm[a:a + len(v)] = v
        self.img[a:a + len(v)] = v


def write(path, a, v):
    # the bytes at offset a of the file, on the drive before this returns (a file the store
    # made SIZE long: the write rewrites its own sectors)
    with open(path, "r+b") as f:
        f.seek(a)
        f.write(v)
        f.flush()


def _read(path):
    # the file's bytes, padded with 0xFF (as an erased NVM) to SIZE, or None if unreadable
    try:
        with open(path, "rb") as f:
            data = f.read(SIZE)
    except OSError:
        return None
    buf = bytearray(b"\xff" * SIZE)
    buf[:len(data)] = data
    return buf, len(data)


def _make(path, have):
    # the file SIZE bytes long, erased past what it holds (a cut while it was made left it
    # short), so that no later write grows it; raises OSError if it can't be written
    if have < 0:
        with open(path, "wb") as f:
            f.write(b"\xff" * SIZE)
            f.flush()
    elif have < SIZE:
        write(path, have, b"\xff" * (SIZE - have))
    else:
        with open(path, "r+b"):  # (a read-only drive refuses this)
            pass


def choose(folder, nvm):
    # the store's medium on the Fruit Jam: a SaveFile over folder/NAME, with the NVM to fall
    # back on where it holds nothing but our saves (another program's data is never touched)
    path = folder.rstrip("/") + "/" + NAME
    notes = []
    got = _read(path)
    f_img = got[0] if got else None
    f_seq = seq(f_img) if f_img else -1
    try:
        n = len(nvm) if nvm is not None else 0
    except Exception:  # (not a sized object: no NVM)
        n = 0
    m_img = bytearray(nvm[0:SIZE]) if n >= SIZE else None
    m_seq = seq(m_img) if m_img else -1
    if m_img is None or m_seq < 0 and not _blank(m_img):
        nvm = m_img = None
    try:
        _make(path, got[1] if got else -1)
    except OSError as e:
        path = None
        notes.append("Saves: " + folder + " " + _why(e) + (
            ", so this time your games are kept in the board's own memory; they go back to "
            + folder + " once it can be written." if nvm is not None else
            " and the board has no other save memory free: saving is off."))
    # the newer whole save of the two is the one the store opens
    move = m_seq >= 0 and (f_seq < 0 or 0 < (m_seq - f_seq) & 0xFFFF < 0x8000)
    img = m_img if move or f_img is None else f_img
    if img is None:
        img = bytearray(b"\xff" * SIZE)
    s = SaveFile(img, path, nvm, notes)
    s.move = move and path is not None  # (start-up writes it back to the file at once)
    if s.move:
        notes.append("Saves kept in the board's memory while " + folder + " could not be"
                     " written go back to " + folder + " now.")
    return s
