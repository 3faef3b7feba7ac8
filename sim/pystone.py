"""Pystone, the classic interpreter benchmark (Weicker's Dhrystone as Python 1.2 has it), written
for this project so that a MicroPython run here can be compared with a SAMD51's published figure.

The board-time model (sim/bench_board.py) scales MicroPython's times on this PC (the host
process's CPU time) to a PyBadge by the ratio of this benchmark's score here to the score CircuitPython measured on a Metro M4
Express (SAMD51J19 at 120 MHz, the PyBadge's chip): 1,521.6 pystones a second at 5,000 passes
(CircuitPython commit "Call background tasks only once per ms", pull request #2297, December 2019,
with Python 3.4's pystone). The operations below are that program's: the same procedures, the
same records, strings and arrays, in the same order; only the names are ours. It runs unchanged
on CPython and MicroPython (`python -m sim.pystone [passes]`).
"""


def _clocks():
    # (clock, elapsed seconds between two readings): the finest clock this Python has
    try:  # MicroPython in WebAssembly, whose ticks_us moves in whole milliseconds: the host
        # process's CPU time (microseconds), which other jobs on a shared machine do not move
        from js import process

        def cpu_us():
            t = process.cpuUsage()
            return t.user + t.system

        return cpu_us, lambda a, b: (b - a) / 1e6
    except ImportError:
        pass
    try:  # MicroPython: microsecond ticks that wrap
        from time import ticks_diff, ticks_us

        return ticks_us, lambda a, b: ticks_diff(b, a) / 1e6
    except ImportError:  # CPython
        from time import perf_counter

        return perf_counter, lambda a, b: b - a


_clock, _elapsed = _clocks()

SAMD51_PYSTONES = 1521.6  # Metro M4 Express, CircuitPython, 5,000 passes (see above)
PASSES = 5000

IDENT1, IDENT2, IDENT3, IDENT4, IDENT5 = 1, 2, 3, 4, 5


class Record:
    def __init__(self, ptr=None, discr=0, enum=0, integer=0, string=0):
        self.ptr = ptr
        self.discr = discr
        self.enum = enum
        self.integer = integer
        self.string = string

    def copy(self):
        return Record(self.ptr, self.discr, self.enum, self.integer, self.string)


int_glob = 0
bool_glob = False
char1_glob = "\0"
char2_glob = "\0"
array1_glob = [0] * 51
array2_glob = [x[:] for x in [array1_glob] * 51]
ptr_glob = None
ptr_glob_next = None


def run(passes=PASSES):
    """Seconds for `passes` loops (the empty loop's time taken off) and pystones a second."""
    global int_glob, bool_glob, char2_glob, ptr_glob, ptr_glob_next
    start = _clock()
    for _ in range(passes):
        pass
    null_time = _elapsed(start, _clock())

    ptr_glob_next = Record()
    ptr_glob = Record()
    ptr_glob.ptr = ptr_glob_next
    ptr_glob.discr = IDENT1
    ptr_glob.enum = IDENT3
    ptr_glob.integer = 40
    ptr_glob.string = "DHRYSTONE PROGRAM, SOME STRING"
    string1 = "DHRYSTONE PROGRAM, 1'ST STRING"
    array2_glob[8][7] = 10

    start = _clock()
    for _ in range(passes):
        proc5()
        proc4()
        int1 = 2
        int2 = 3
        string2 = "DHRYSTONE PROGRAM, 2'ND STRING"
        enum = IDENT2
        bool_glob = not func2(string1, string2)
        while int1 < int2:
            int3 = 5 * int1 - int2
            int3 = proc7(int1, int2)
            int1 = int1 + 1
        proc8(array1_glob, array2_glob, int1, int3)
        ptr_glob = proc1(ptr_glob)
        char = "A"
        while char <= char2_glob:
            if enum == func1(char, "C"):
                enum = proc6(IDENT1)
            char = chr(ord(char) + 1)
        int3 = int2 * int1
        int2 = int3 // int1
        int2 = 7 * (int3 - int2) - int1
        int1 = proc2(int1)
    bench = _elapsed(start, _clock()) - null_time
    return bench, (passes / bench if bench > 0 else 0.0)


def proc1(ptr_in):
    ptr_in.ptr = nxt = ptr_glob.copy()
    ptr_in.integer = 5
    nxt.integer = ptr_in.integer
    nxt.ptr = ptr_in.ptr
    nxt.ptr = proc3(nxt.ptr)
    if nxt.discr == IDENT1:
        nxt.integer = 6
        nxt.enum = proc6(ptr_in.enum)
        nxt.ptr = ptr_glob.ptr
        nxt.integer = proc7(nxt.integer, 10)
    else:
        ptr_in = nxt.copy()
    nxt.ptr = None
    return ptr_in


def proc2(int_io):
    loc = int_io + 10
    while True:
        if char1_glob == "A":
            loc = loc - 1
            int_io = loc - int_glob
            enum = IDENT1
        if enum == IDENT1:
            break
    return int_io


def proc3(ptr_out):
    global int_glob
    if ptr_glob is not None:
        ptr_out = ptr_glob.ptr
    else:
        int_glob = 100
    ptr_glob.integer = proc7(10, int_glob)
    return ptr_out


def proc4():
    global char2_glob
    b = char1_glob == "A"
    b = b or bool_glob
    char2_glob = "B"


def proc5():
    global char1_glob, bool_glob
    char1_glob = "A"
    bool_glob = False


def proc6(enum_in):
    enum_out = enum_in
    if not func3(enum_in):
        enum_out = IDENT4
    if enum_in == IDENT1:
        enum_out = IDENT1
    elif enum_in == IDENT2:
        if int_glob > 100:
            enum_out = IDENT1
        else:
            enum_out = IDENT4
    elif enum_in == IDENT3:
        enum_out = IDENT2
    elif enum_in == IDENT4:
        pass
    elif enum_in == IDENT5:
        enum_out = IDENT3
    return enum_out


def proc7(a, b):
    loc = a + 2
    return b + loc


def proc8(array1, array2, i1, i2):
    global int_glob
    loc = i1 + 5
    array1[loc] = i2
    array1[loc + 1] = array1[loc]
    array1[loc + 30] = loc
    for index in range(loc, loc + 2):
        array2[loc][index] = loc
    array2[loc][loc - 1] = array2[loc][loc - 1] + 1
    array2[loc + 20][loc] = array1[loc]
    int_glob = 5


def func1(c1, c2):
    loc1 = c1
    loc2 = loc1
    if loc2 != c2:
        return IDENT1
    return IDENT2


def func2(s1, s2):
    loc = 1
    while loc <= 1:
        if func1(s1[loc], s2[loc + 1]) == IDENT1:
            char = "A"
            loc = loc + 1
    if "W" <= char <= "Z":
        loc = 7
    if char == "X":
        return True
    if s1 > s2:
        loc = loc + 7
        return True
    return False


def func3(enum_in):
    loc = enum_in
    if loc == IDENT3:
        return True
    return False


def best(passes=PASSES, rounds=3):
    """The best pystones a second of a few rounds (the first may still be warming up)."""
    return max(run(passes)[1] for _ in range(rounds))


if __name__ == "__main__":
    import sys

    n = int(sys.argv[1]) if len(sys.argv) > 1 else PASSES
    secs, rate = run(n)
    print("Pystone: %d passes in %.3f s: %.1f pystones/s (a SAMD51: %.1f, %.0fx slower)"
          % (n, secs, rate, SAMD51_PYSTONES, rate / SAMD51_PYSTONES))
