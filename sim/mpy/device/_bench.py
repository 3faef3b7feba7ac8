# The board-time bench's observer (sim/bench_board.py), set as _drive.watch: only the bench
# imports it, so the heap budget run interns none of its names. The session runs twice: once
# timed (counting on: every app.step timed; the stand-ins' cheap calls counted and their extra
# cost over a C subscript, measured by calibrate(), taken off) and once with the display
# stand-in counting the pixels each refresh composes (tracking on: _screen.py, Python work that
# would blur the times). The step in which the app took a key is that key's response. Lines
# "@t|label|kind|us|pixels" go to the bench, which scales them to a SAMD51.
import _drive
from js import process

# the stand-ins' counted calls (their index in `calls`): an attribute read, set; a tile set; a
# colour set, read; a pixel set
GET, SET, SET_TILE, SET_COLOUR, GET_COLOUR, SET_PIXEL = 0, 1, 2, 3, 4, 5

# What the board does in C that this build does cheaply or not at all, counted per record for
# the calibrated model (sim/bench_board.py Model): the host time spent loading new modules
# (their .mpy unpacked and their top level run, nested imports left out), the import calls, each
# gc.collect() and the live heap it marks, the glyphs and boxes bitmaptools writes and their
# pixels, vectorio's width/height assignments, the C objects' attribute and tile calls. Lines
# "@c|..." follow each "@t|...": the counts and the modules loaded since the record began.
IMP_US, IMP_CALLS, GC_N, GC_LIVE, BLIT_N, BLIT_PX, FILL_N, FILL_PX, C_CALLS, VEC_WH, READ_B, \
    ALLOC, LINE_N, LINE_B, FILE_CALLS = range(15)
N = [0] * 15  # (READ_B: bytes read from files in bulk (read, readinto: one C call on a board);
# LINE_N, LINE_B: lines read with readline and their bytes (a board's stream reads a line a byte
# at a time); FILE_CALLS: the wrapper's calls, whose own cost is taken off; ALLOC: bytes allocated, read from gc.mem_alloc(): this build reclaims nothing
# within a step, so its growth is what the step allocated; on a board that is what fills the
# heap between collections)
LOADED = []  # modules loaded, in order, since the process began


class _Counter:
    # the stand-ins' C work, counted (they reach it as _drive.counter; None in the heap run)
    def blit(self, px):
        N[BLIT_N] += 1
        N[BLIT_PX] += px

    def fill(self, px):
        N[FILL_N] += 1
        N[FILL_PX] += px

    def size(self):
        # a vectorio shape's width or height assigned
        N[VEC_WH] += 1



_drive.counter = _Counter()


def us():
    # microseconds of the host process's CPU time: the WebAssembly build's time.ticks_us() moves
    # in whole milliseconds (35 ms on a board), and this machine is shared, so a wall clock
    # would count other jobs' time too (sim/pystone.py reads the same clock)
    t = process.cpuUsage()
    return t.user + t.system


class _GC:
    # what the app gets for `import gc` in the bench (the tracer below hands it out): the real
    # module's calls, each collect() counted with the heap it marks
    def __init__(self, gc):
        def collect():
            N[GC_N] += 1
            N[GC_LIVE] += gc.mem_alloc()
            gc.collect()

        self.collect = collect
        self.mem_alloc = gc.mem_alloc
        self.mem_free = gc.mem_free
        self.enable = gc.enable
        self.disable = gc.disable


def _tracer():
    # builtins.__import__ wrapped: the host time a new module's load takes, its nested loads
    # left out, and the modules it brought, in order
    import builtins
    import gc
    import sys

    real = builtins.__import__
    stand_in = _GC(gc)
    stack = [0]
    known = [set(sys.modules)]  # the modules loaded, as logged (a module dropped: pruned)

    def traced(name, *args):
        N[IMP_CALLS] += 1
        if name == "gc":
            return stand_in
        mods = sys.modules
        if len(mods) != len(known[0]):  # (a module dropped since: forget it was here)
            known[0] = set(k for k in known[0] if k in mods)
        logged = len(LOADED)
        t = us()
        stack.append(0)
        try:
            return real(name, *args)
        finally:
            dt = us() - t
            nested = stack.pop()
            stack[-1] += dt
            was = known[0]
            for k in mods:
                if k not in was:
                    LOADED.append(k)
                    was.add(k)
            if len(LOADED) != logged:  # this import loaded a module: its own time
                N[IMP_US] += dt - nested

    builtins.__import__ = traced
    return real, traced


_REAL_IMPORT, _TRACED = _tracer()


class _File:
    # a file the app opened, read through: what it reads counted (N), the rest passed on
    def __init__(self, f):
        self.f = f

    def readline(self, *a):
        N[FILE_CALLS] += 1
        line = self.f.readline(*a)
        N[LINE_N] += 1
        N[LINE_B] += len(line)
        return line

    def read(self, *a):
        N[FILE_CALLS] += 1
        b = self.f.read(*a)
        N[READ_B] += len(b)
        return b

    def readinto(self, buf, *a):
        N[FILE_CALLS] += 1
        n = self.f.readinto(buf, *a)
        N[READ_B] += n or 0
        return n

    def seek(self, *a):
        N[FILE_CALLS] += 1
        return self.f.seek(*a)

    def tell(self):
        N[FILE_CALLS] += 1
        return self.f.tell()

    def close(self):
        return self.f.close()

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.f.close()

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line


def _opener():
    import builtins

    real = builtins.open

    def opened(*a, **k):
        return _File(real(*a, **k))

    builtins.open = opened
    return real


_REAL_OPEN = _opener()


_mem_alloc = _REAL_IMPORT("gc").mem_alloc


_A0 = _mem_alloc()  # the heap when the bench began (the boot's allocations counted from here)


class Watch:
    def __init__(self, pixels_run):
        self.counting = not pixels_run
        self.tracking = pixels_run
        N[ALLOC] = _mem_alloc() - _A0
        self.boot_n = (N[:], LOADED[:])  # what the boot counted (all of it came before)
        self.calls = [0] * 6
        self.extra_us = [0.0] * 6
        self.import_extra_us = 0.0
        self.file_extra_us = 0.0
        self.files_seen = N[FILE_CALLS]
        self.live = 0  # the app's live heap at the step's start (bench_board.STEP sets it)
        self.imports_seen = N[IMP_CALLS]
        self.n0 = N[:]  # the counts when the record under way began (boot: the process start)
        self.l0 = 0
        self.a0 = _mem_alloc()
        self.key_n = None  # a key's counts, its steps' summed (None: no key under way)
        self.pixels = 0  # composed by the refreshes so far (pixel run)
        self.label = ""  # the scenario step
        self.polled = -1  # the key the app's controls gave in the step being timed
        self.key_us = self.key_px = self.steps_us = 0
        self.in_move = False  # the steps after a move made by _drive.play(): its refresh
        self.t = self.p0 = 0
        app = _drive.app
        if app is None:  # (the pixel model's own test: no app)
            return
        poll = app.controls.poll
        watch = self

        def polled(now):
            k = poll(now)
            if k >= 0:
                watch.polled = k
            return k

        app.controls.poll = polled
        self.boot_extra = 0.0  # the boot's host time that was the bench's own (calibrate())
        if pixels_run:
            import _screen

            _screen.refresh(app.display)  # what is on the screen now counts as drawn
        else:
            self.calibrate()
            b = self.boot_n[0]
            self.boot_extra = b[IMP_CALLS] * self.import_extra_us \
                + b[FILE_CALLS] * self.file_extra_us

    # ---- what the stand-ins tell (displayio.py, bitmaptools.py, board.py, _heap.py) -------
    def count(self, k):
        # a cheap call of kind k (timed run)
        if self.counting:
            self.calls[k] += 1

    def wrote(self, bitmap, x1, y1, x2, y2):
        if self.tracking:
            import _screen

            _screen.wrote(bitmap, x1, y1, x2, y2)

    def tile(self, grid, c, r):
        if self.tracking:
            import _screen

            _screen.tile(grid, c, r)

    def colour(self, palette, i, v):
        if self.tracking:
            import _screen

            _screen.colour(palette, i, v)

    def colour_of(self, palette, i):
        if self.tracking:
            import _screen

            return _screen.colours.get((id(palette), i), 0)
        return 0

    def resized(self, shape):
        if self.tracking:
            import _screen

            _screen.resized(shape)

    def recoloured(self, palette):
        if self.tracking:
            import _screen

            _screen.recoloured(palette)

    def forget(self, layer):
        if self.tracking:
            import _screen

            _screen.forget(layer)

    def refresh(self, display):
        if self.tracking:
            import _screen

            self.pixels += _screen.refresh(display)

    # ---- the stand-ins' extra cost -------------------------------------------------------
    def calibrate(self, n=2000):
        import displayio

        b = displayio.Bitmap(8, 8, 2)
        p = displayio.Palette(4)
        g = displayio.TileGrid(b, pixel_shader=p, width=4, height=4, tile_width=2, tile_height=2)
        c = bytearray(16)

        def get():
            return g.x

        def set_field():
            g.x = 1

        def set_tile():
            g[3] = 1

        def set_colour():
            p[1] = 0x123456

        def get_colour():
            return p[1]

        def set_pixel():
            b[1, 1] = 1

        def c_get():
            return c[3]

        def c_set():
            c[3] = 1

        ops = (get, set_field, set_tile, set_colour, get_colour, set_pixel)
        for k in range(len(ops)):
            proxy = c_set if k in (SET, SET_TILE, SET_COLOUR, SET_PIXEL) else c_get
            self.extra_us[k] = max(0.0, (_fastest(ops[k], n) - _fastest(proxy, n)) / n)

        def traced():
            _TRACED("solitaire", None, None, ("forget",), 0)

        def real():
            _REAL_IMPORT("solitaire", None, None, ("forget",), 0)

        # an import statement's extra cost through the tracer (taken off like the stand-ins')
        n0 = N[IMP_CALLS]
        self.import_extra_us = max(0.0, (_fastest(traced, n) - _fastest(real, n)) / n)
        N[IMP_CALLS] = n0
        # a file call's extra cost through _File
        raw = _REAL_OPEN("/device/_bench.py", "rb")
        wrapped = _File(raw)
        saved = N[:]
        self.file_extra_us = max(0.0, (_fastest(wrapped.tell, n) - _fastest(raw.tell, n)) / n)
        N[:] = saved
        raw.close()
        self.stand_ins_us()

    def stand_ins_us(self):
        # the counted calls' extra cost, and the counts back to 0 (their number goes to N: on a
        # board they are C calls, cheap but not free); the tracer's own cost likewise
        t = 0.0
        calls = self.calls
        for k in range(len(calls)):
            t += calls[k] * self.extra_us[k]
            N[C_CALLS] += calls[k]
            calls[k] = 0
        t += (N[IMP_CALLS] - self.imports_seen) * self.import_extra_us
        self.imports_seen = N[IMP_CALLS]
        t += (N[FILE_CALLS] - self.files_seen) * self.file_extra_us
        self.files_seen = N[FILE_CALLS]
        return t

    # ---- steps, keys, moves --------------------------------------------------------------
    def step(self, now):
        app = _drive.app
        p0 = self.pixels
        r0 = app.display.refreshes
        lit = app.lit  # (battery care: a step that dims or darkens the screen is its own kind)
        # a frame of a slide or of the celebration, if one is under way (solitaire/motion.py)
        m = getattr(app.screen, "motion", None)
        kind = "frame (autoplay, a message going)"
        if m is not None and m.slide is not None:
            kind = "slide frame"
        elif m is not None and getattr(m, "wait", None) is not None:
            kind = "cascade step"  # (a cascade's next step: its piles drawn, its slide set up)
        elif m is not None and m.party is not None:
            kind = "celebration frame"
        s = app.screen
        if kind.startswith("frame") and getattr(s, "later", None) is not None and not s.later_new:
            # the step after a key whose search waited, "Thinking..." shown (solitaire/play.py)
            kind = "search, after \"Thinking...\""
        self.polled = -1
        self.stand_ins_us()
        self.mark()
        t = us()
        app.step(now)
        dt = us() - t - self.stand_ins_us()
        px = self.pixels - p0
        self.steps_us += dt
        if self.in_move:
            self.key_px += px
            self.add_counts()
        elif self.polled >= 0:
            self.key_us += dt
            self.key_px += px
            self.add_counts()
        elif app.lit != lit:
            self.record("screen dimmed" if app.lit else "screen dark (saved first)", dt, px,
                        self.counts())
        elif app.display.refreshes != r0:  # a step of its own: autoplay, a message going
            if kind == "slide frame" and m.slide is None:
                kind = "slide's last frame"  # the cards land: the move's final refresh
            self.record(kind, dt, px, self.counts())

    # ---- the C work counted (N, LOADED) per record -------------------------------------------
    def mark(self):
        self.n0 = N[:]
        self.l0 = len(LOADED)
        self.a0 = _mem_alloc()

    def counts(self):
        # what was counted since mark(): (the counts, the modules loaded)
        N[ALLOC] += _mem_alloc() - self.a0
        self.a0 = _mem_alloc()
        return [N[i] - self.n0[i] for i in range(len(N))], LOADED[self.l0:]

    def add_counts(self):
        c, mods = self.counts()
        if self.key_n is None:
            self.key_n = ([0] * len(N), [])
        kc, km = self.key_n
        for i in range(len(c)):
            kc[i] += c[i]
        km.extend(mods)

    def take_counts(self):
        got = self.key_n or ([0] * len(N), [])
        self.key_n = None
        return got

    def record(self, kind, t, px, counted=None):
        print("@t|" + self.label + "|" + kind + "|" + str(int(t)) + "|" + str(px))
        c, mods = counted or ([0] * len(N), [])
        print("@c|" + ",".join(str(int(v)) for v in c) + "|" + str(self.live) + "|"
              + " ".join(mods))

    def before(self):
        # what the screen is before a key (and the key's figures from 0)
        self.key_us = self.key_px = self.steps_us = 0
        self.key_n = None
        self.lit = _drive.app.lit  # (a key that wakes the screen is its own kind)
        s = _drive.app.screen
        page = getattr(s, "page", None)
        if page is not None:
            return (s, "list", page, page.sel, s.top)
        if getattr(s, "box", None) is not None:  # (a box of text, the rules, has no actions)
            return (s, "box", s.box, s.box_at, s.box[2] is None)
        return (s, "table", s.held, s.game.version, s.hint_at)

    def after(self, name, before):
        # the key's record, its kind told from the screen before and after it
        s, where, a, b, c = before
        t, px = self.key_us, self.key_px
        counted = self.take_counts()
        lit = self.lit
        now = self.before()
        if lit < 2:
            kind = "wake from dark" if lit == 0 else "wake from dim"
        elif where == "list" and now[0] is s and (now[2] is not a or now[4] != c):
            kind = "page change"  # the list screen kept, another page or a page scrolled
        elif where == "box" and now[1] == "box" and now[2] is a and c and now[3] != b:
            kind = "page change"  # the rules' next page
        elif now[0] is not s or where == "box" and (now[1] != "box" or now[2] is not a) \
                or where == "table" and now[1] == "box":
            kind = "screen change"  # (another box over the table is one too)
        elif where == "list" or where == "box":
            kind = "menu cursor" if name in ("UP", "DOWN", "LEFT", "RIGHT") else "menu " + name
        elif name in ("UP", "DOWN", "LEFT", "RIGHT"):
            kind = "cursor move"
        elif name == "A":
            kind = "drop" if a >= 0 and now[2] < 0 else ("pick-up" if now[2] >= 0 else (
                "deal or turn" if now[3] != b else "A refused"))
        elif name == "B":
            kind = "cancel" if a >= 0 else ("undo" if now[3] != b else "B")
        elif name == "SELECT":
            kind = "hint"
        else:
            kind = name
        self.record(kind, t, px, counted)

    def move_starts(self):
        # a move of _drive.play() (the table's move path), timed with its drawing
        self.key_us = self.key_px = self.steps_us = 0
        self.key_n = None
        self.stand_ins_us()
        self.p0 = self.pixels
        self.mark()
        self.t = us()

    def moved(self):
        _drive.app.display.refresh()  # drawn at once, as a drop is
        self.key_us += us() - self.t - self.stand_ins_us()
        self.key_px += self.pixels - self.p0
        self.add_counts()
        self.in_move = True

    def move_drawn(self):
        self.in_move = False
        self.record("move (the hint's)", self.key_us + self.steps_us, self.key_px,
                    self.take_counts())


def _fastest(op, n, rounds=5):
    # the least time of a few rounds of n calls: the one least disturbed by the machine
    best = None
    for _ in range(rounds):
        t = us()
        for _ in range(n):
            op()
        t = us() - t
        best = t if best is None or t < best else best
    return best


def sound_start(n=50):
    # a sound's start as the step that took a key makes it: the hook's play() and the tick that
    # starts the first step (the amplifier on, the sample rate, AudioOut.play): n rounds of
    # every sound, then silence again. Nothing on a board without a speaker
    w = _drive.watch
    s = _drive.app.sound
    if s is None:
        return
    names = ("pick", "drop", "refused", "deal", "undo", "win", "loss")

    def starts():
        for name in names:
            s.play(name)
            s.tick(0)

    t = 0
    if w.counting:  # (the pixel run records the same, untimed: the runs' records line up)
        w.stand_ins_us()
        t = _fastest(starts, n) - w.stand_ins_us() / 5  # (_fastest runs 5 rounds)
    s.stop()
    w.record("sound start", t, 0)  # (all n rounds: the bench divides, sim/bench_board.py)


def bench(pixels_run):
    # from here on the app is watched: timed, or its pixels counted
    _drive.watch = Watch(pixels_run)


def play_keys(n):
    # n moves made with the buttons, as a player makes them: the cursor walked (LEFT/RIGHT) to
    # the hint's source, A (a deal or turn there, or a pick-up, A again for each card more of a
    # group), the cursor walked to its destination, A (the drop); then SELECT (hint) and B
    # (undo) once each. The bench's key kinds come from here
    from engine.game import NO_MOVE, move_count, move_dst, move_src

    app = _drive.app
    for _ in range(n):
        screen = app.screen
        if not hasattr(screen, "held") or screen.over or screen.box is not None:
            break
        screen._finish_autoplay()
        m = screen.game.hint()
        order = screen.view.order
        if m == NO_MOVE or move_src(m) not in order or move_dst(m) not in order:
            if m == NO_MOVE or not screen.play_hint():
                break
            _drive.advance(400)
            continue
        _walk_to(move_src(m))
        version = screen.game.version
        _drive.key("A")
        if screen.held >= 0:
            for _ in range(move_count(m) - 1):
                _drive.key("A")
            _walk_to(move_dst(m))
            _drive.key("A")
        if screen.game.version != version:
            _drive.moves_made += 1
        _drive.advance(400)  # autoplay, a forced cascade, the message box
    _drive.keys("SELECT B")


def _walk_to(p):
    screen = _drive.app.screen
    order = screen.view.order
    i = order.index(screen.cursor) if screen.cursor in order else 0
    j = order.index(p)
    right = (j - i) % len(order)
    left = (i - j) % len(order)
    for _ in range(min(right, left)):
        _drive.key("RIGHT" if right <= left else "LEFT")
