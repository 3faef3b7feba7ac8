# Heap model shared by the stand-ins: each stand-in object keeps one bytearray `_m` so that, with
# the Python object around it, it holds as many heap bytes as the real C object does on a 32-bit
# CircuitPython 10 core (figures measured there; see sim/heap_budget.py). OVERHEAD[name] is what
# the Python object itself costs with an empty pad; the budget run measures it first, so pads
# subtract it. Small int fields (x, y, width...) live in the pad as signed 16-bit values read
# through field() properties: an instance attribute each would cost more than the C struct.
import _drive

OVERHEAD = {}


def pad(name, size, fields=0):
    return bytearray(max(2 * fields, size - OVERHEAD.get(name, 0)))


def put(m, i, v):
    # set field i in a pad directly (a C object's constructor calls no Python setter)
    v = int(v) & 0xFFFF
    m[2 * i] = v & 255
    m[2 * i + 1] = v >> 8


def field(i):
    # (the board-time bench counts these calls: a C object's attribute costs less, _bench.py)
    def get(self):
        w = _drive.watch
        if w:
            w.count(0)  # (_bench.py GET)
        m = self._m
        v = m[2 * i] | m[2 * i + 1] << 8
        return v - 65536 if v & 32768 else v

    def put(self, v):
        w = _drive.watch
        if w:
            w.count(1)  # (_bench.py SET)
        v = int(v) & 0xFFFF
        self._m[2 * i] = v & 255
        self._m[2 * i + 1] = v >> 8

    return property(get, put)
