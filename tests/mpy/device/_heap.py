# Heap model shared by the stand-ins: each stand-in object keeps a bytearray pad so that, with
# the Python object around it, it holds as many heap bytes as the real C object does on a 32-bit
# CircuitPython 10 core (figures measured there; see sim/heap_budget.py). OVERHEAD[name] is what
# the Python object itself costs; the budget run measures it first (calibrate()) so the pads
# can subtract it.
OVERHEAD = {}


def pad(name, size):
    return bytearray(max(0, size - OVERHEAD.get(name, 0)))
