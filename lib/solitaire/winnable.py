# Tables of deal numbers the solver proved winnable (assets/winnable/, made by sim/winnable.py),
# read a record at a time with seeks: a table is never loaded whole into RAM.
# A table: 8-byte header b"WN", version 1, record width w (2..4), record count (4 bytes, least
# significant first); then the deal numbers, strictly increasing, w bytes each, least
# significant first. A missing, short or damaged table gives None / False, never an exception.
# And "Can I still win?" from the pause box (answer()): a family whose engine can search its own
# position on the board within a fixed table and node budget answers through still_winnable()
# (1 yes, 0 no, -1 can't tell); otherwise the mode's table answers for the deal from its start.
# Loaded for the question (or a winnable deal, or the result's "yet winnable") and dropped after
# it, with the engine's search module (engine.<family>_search) if the question loaded it: no
# screen declares them (solitaire/app.py settle()).
from micropython import const

_HEAD = const(8)
_VERSION = const(1)
_buf = bytearray(_HEAD)  # one buffer for every read: reading allocates nothing per record


def name(family, variant, profile):
    # the table's file name for a family key, variant and rule profile (numbers)
    return "%s_%d_%d.bin" % (family, variant, profile)


def path(assets, family, variant, profile):
    # assets: the assets folder (solitaire.ASSETS on the device)
    return "%s/winnable/%s" % (assets, name(family, variant, profile))


def _open(file):
    # (file, width, count) after checking the header against the file's size, or None
    try:
        f = open(file, "rb")
    except OSError:
        return None
    try:
        if f.readinto(_buf) == _HEAD and _buf[0] == 0x57 and _buf[1] == 0x4E \
                and _buf[2] == _VERSION and 2 <= _buf[3] <= 4:
            width = _buf[3]
            n = _buf[4] | (_buf[5] << 8) | (_buf[6] << 16) | (_buf[7] << 24)
            # the file must hold exactly n records: a cut or padded file is damaged
            if n < 0x1000000 and f.seek(0, 2) == _HEAD + n * width:
                return f, width, n
    except (OSError, ValueError):
        pass
    f.close()
    return None


def _record(f, width, i):
    # deal number i (0-based), or -1 if the read comes up short
    f.seek(_HEAD + i * width)
    if f.readinto(_buf) < width:
        return -1
    v = 0
    for k in range(width - 1, -1, -1):
        v = (v << 8) | _buf[k]
    return v


def count(file):
    # how many deals the table holds, or None
    t = _open(file)
    if t is None:
        return None
    t[0].close()
    return t[2]


def nth(file, i):
    # the i-th deal number (0-based, in increasing order), or None
    t = _open(file)
    if t is None:
        return None
    f, width, n = t
    v = _record(f, width, i) if 0 <= i < n else -1
    f.close()
    return v if v > 0 else None


def contains(file, number):
    # True if the table lists deal `number`: binary search, one record read per step. Every
    # record read must lie strictly between those read below and above it: one that does not
    # is damage, and the answer is then False
    if number < 1:
        return False
    t = _open(file)
    if t is None:
        return False
    f, width, n = t
    lo = 0
    hi = n - 1
    below = 0  # deal numbers start at 1
    above = -1  # no bound yet
    found = False
    while lo <= hi:
        mid = (lo + hi) >> 1
        v = _record(f, width, mid)
        if v <= below or (above >= 0 and v >= above):
            break
        if v == number:
            found = True
            break
        if v < number:
            lo = mid + 1
            below = v
        else:
            hi = mid - 1
            above = v
    f.close()
    return found


# ---- "Can I still win?" -----------------------------------------------------------------------

# a deal outside the mode's table: why there is no answer, and where answered deals come from
UNKNOWN = ("Can't tell: only deals the solver won are known here. "
           "For those, choose Deal: random winnable.")


def answer(app):
    from solitaire import ASSETS

    g = app.game
    k = app.gkey
    won = contains(path(ASSETS, app.family_key, k[1], k[2]), g.number)
    if won and g.moves == 0:
        # the solver's win is known from the deal itself: no search on the board (whose budget
        # can't tell at the start of most deals) is asked to find it again
        return "Yes: the solver won this deal."
    search = getattr(g, "still_winnable", None)
    if search is not None:
        r = search()
        app.rest()  # a box is open over the table: the search's buffers go too (Solar)
        if r > 0:
            return "Yes: a way to win is still open."
        if r == 0:
            return "No: this game can't be won any more."
        return "Can't tell: too many ways to try."
    if not won:
        return UNKNOWN
    return "The solver won this deal from its start. From here: can't tell."
