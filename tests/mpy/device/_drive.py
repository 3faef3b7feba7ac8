# What the heap budget run controls: the clock, the buttons, the settings. The stand-ins read it.
now = 0  # supervisor.ticks_ms()
queues = []  # keypad EventQueues made by the program
settings = {}  # settings.toml values (os.getenv is patched to read them)
# the board-time bench (sim/bench_board.py) runs the session twice: timing on, every step timed,
# and tracking on, the display stand-in counting the pixels each refresh composes (_screen.py)
timing = False
tracking = False
pixels = 0
# the stand-ins' cheap accessors, counted while timing: a stand-in's attribute, tile or colour
# is a Python call where the board's is C, so the bench takes each call's extra cost (measured
# by calibrate()) off the step it was made in
GET, SET, SET_TILE, SET_COLOUR, GET_COLOUR, SET_PIXEL = 0, 1, 2, 3, 4, 5
calls = [0] * 6
extra_us = [0.0] * 6


class Reload(Exception):
    # supervisor.reload(): the program asked to restart
    pass


def press(key_number, pressed=True):
    for q in queues:
        q._put(key_number, pressed)


# ---- driving the real app (the budget run calls these, one step each) ----------------------
# PyBadge key numbers (solitaire.boards): B=0 A=1 START=2 SELECT=3 RIGHT=4 DOWN=5 UP=6 LEFT=7
KEY_NUMBERS = {"B": 0, "A": 1, "START": 2, "SELECT": 3, "RIGHT": 4, "DOWN": 5, "UP": 6, "LEFT": 7}
app = None
moves_made = 0


def advance(ms):
    global now
    for _ in range(ms // 10):
        now += 10
        if tracking or timing:
            _timed_step(now & ((1 << 29) - 1))
        else:
            app.step(now & ((1 << 29) - 1))


def key(name):
    # one press and release of a button, as a player's thumb: 60 ms down, 60 ms up
    k = KEY_NUMBERS[name]
    before = _state() if tracking or timing else None
    press(k, True)
    advance(60)
    press(k, False)
    advance(60)
    if tracking or timing:
        _report_key(name, before)


def keys(names):
    for name in names.split():
        key(name)


def items():
    screen = app.screen
    if getattr(screen, "box", None) is not None:  # a menu in a box on the table
        return list(screen.box[1])
    page = getattr(screen, "page", None)
    return list(page.items) if page is not None else []


def selected():
    screen = app.screen
    if getattr(screen, "box", None) is not None:
        return screen.box_at
    return screen.page.sel


def select(text):
    # on a list screen or a box: move the highlight to the item starting with text
    labels = items()
    target = -1
    for i in range(len(labels)):
        if labels[i].startswith(text):
            target = i
            break
    if target < 0:
        raise ValueError("no item " + text + " in " + repr(labels))
    for _ in range(len(labels)):
        if selected() == target:
            break
        key("DOWN")


def choose(text):
    # the item starting with text, highlighted, then A
    select(text)
    key("A")


def note(name, value):
    # a fact of this step for the budget run's report (sim/heap_budget.py Report.notes)
    print("@note|" + name + "|" + str(value))


def shown():
    # what the player sees now, noted: a menu's title and rows, or the table's mode, deal and
    # message (the budget test checks the scenario reached what it says)
    screen = app.screen
    page = getattr(screen, "page", None)
    if page is not None:
        note("page", page.title)
        note("items", " / ".join(items()))
        return
    note("mode", "%d %d %d" % app.gkey)
    note("deal", app.game.number)
    if screen.box is not None:
        note("box", screen.box[0])
        note("items", " / ".join(items()))
    elif screen.table.said:
        note("said", screen.table.said)


def play(n):
    # n moves through the table's own move path (the one a drop or a hint takes); fewer if the
    # game ends or the hint has no move, and then the step's report says why
    global moves_made
    for _ in range(n):
        screen = app.screen
        if not hasattr(screen, "play_hint"):
            note("stopped", "not on the table")
            break
        if tracking or timing:
            _start()
            _stand_ins_us()
            p0 = pixels
            t = _us()
        if screen.over or not screen.play_hint():  # (the hint finishes autoplay: it may end it)
            note("stopped", "game over" if screen.over else "no hint")
            break
        if tracking or timing:  # drawn at once, as a drop is (the session's moves are not keys)
            app.display.refresh()
            _measure[0] += _since(t) - _stand_ins_us()
            _measure[1] += pixels - p0
            _in_move[0] = True
        moves_made += 1
        advance(20)
        if tracking or timing:
            _in_move[0] = False
            _record("move (the hint's)", _measure[0] + _measure[2], _measure[1])
    advance(600)  # autoplay and messages run their course


def play_keys(n):
    # n moves made with the buttons, as a player makes them: the cursor walked (LEFT/RIGHT) to
    # the hint's source, A (a deal or turn there, or a pick-up, A again for each card more of a
    # group), the cursor walked to its destination, A (the drop); then B (undo) and SELECT
    # (hint) once each. The board-time bench's key kinds come from here
    from engine.game import NO_MOVE, move_count, move_dst, move_src

    global moves_made
    for _ in range(n):
        screen = app.screen
        if not hasattr(screen, "held") or screen.over or screen.box is not None:
            break
        screen._finish_autoplay()
        m = screen.game.hint()
        if m == NO_MOVE or move_src(m) not in screen.view.order \
                or move_dst(m) not in screen.view.order:
            if m == NO_MOVE or not screen.play_hint():
                break
            advance(400)
            continue
        _walk_to(move_src(m))
        version = screen.game.version
        key("A")
        if screen.held >= 0:
            for _ in range(move_count(m) - 1):
                key("A")
            _walk_to(move_dst(m))
            key("A")
        if screen.game.version != version:
            moves_made += 1
        advance(400)  # autoplay, a forced cascade, the message box
    keys("SELECT B")


def _walk_to(p):
    order = app.screen.view.order
    i = order.index(app.screen.cursor) if app.screen.cursor in order else 0
    j = order.index(p)
    right = (j - i) % len(order)
    left = (i - j) % len(order)
    for _ in range(min(right, left)):
        key("RIGHT" if right <= left else "LEFT")


# ---- the board-time bench (sim/bench_board.py) -----------------------------------------------
# Each app.step is timed (microseconds, the display stand-in's own time left out) and the pixels
# its refresh composed counted; the step in which the app took a key is that key's response.
# Lines "@t|label|kind|us|pixels" go to the bench, which scales them to a SAMD51.
label = ""
_polled = [-1]  # the key the app's controls gave in the step being timed
_measure = [0, 0, 0]  # the key's step: us, pixels; every step's us since _start()
_in_move = [False]  # the steps after a move made by play(): its refresh is the move's


def _us():
    # microseconds, to a fraction: the WebAssembly build's time.ticks_us() moves in whole
    # milliseconds (35 ms on a board), so the host's clock is read through the js module
    import js

    return js.performance.now() * 1000.0


def _since(t):
    return _us() - t


def calibrate(n=2000):
    # each counted stand-in call's extra cost over a C subscript (a bytearray's), microseconds
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
    proxies = (c_get, c_set)
    for k in range(len(ops)):
        op = ops[k]
        proxy = proxies[1 if k in (SET, SET_TILE, SET_COLOUR, SET_PIXEL) else 0]
        extra_us[k] = max(0.0, (_fastest(op, n) - _fastest(proxy, n)) / n)


def _fastest(op, n, rounds=5):
    # the least time of a few rounds of n calls: the one least disturbed by the machine
    best = None
    for _ in range(rounds):
        t = _us()
        for _ in range(n):
            op()
        t = _since(t)
        best = t if best is None or t < best else best
    return best


def bench(pixels_run):
    # from here on, time the app's steps (the timing run) or count the pixels each refresh
    # composes (the pixel run: what is on the screen now counts as drawn); its controls tell
    # which step took a key
    global timing, tracking

    if pixels_run:
        import _screen

        tracking = True
        _screen.refresh(app.display)
    else:
        timing = True
        calibrate()
    controls = app.controls
    poll = controls.poll

    def polled(now):
        k = poll(now)
        if k >= 0:
            _polled[0] = k
        return k

    controls.poll = polled


def _start():
    _measure[0] = _measure[1] = _measure[2] = 0


def _stand_ins_us():
    # the counted calls' extra cost, and the counts back to 0
    us = 0.0
    for k in range(len(calls)):
        us += calls[k] * extra_us[k]
        calls[k] = 0
    return us


def _timed_step(t_now):
    p0 = pixels
    r0 = app.display.refreshes
    _polled[0] = -1
    _stand_ins_us()
    t = _us()
    app.step(t_now)
    us = _since(t) - _stand_ins_us()
    px = pixels - p0
    drew = app.display.refreshes != r0
    _measure[2] += us
    if _in_move[0]:
        _measure[1] += px
    elif _polled[0] >= 0:
        _measure[0] += us
        _measure[1] += px
    elif drew:  # a step of its own: autoplay, a forced play, a message going
        _record("frame (autoplay, a message going)", us, px)


def _record(kind, us, px):
    print("@t|" + label + "|" + kind + "|" + str(int(us)) + "|" + str(px))


def _state():
    _start()
    s = app.screen
    page = getattr(s, "page", None)
    if page is not None:
        return (s, "list", page, page.sel, s.top)
    if getattr(s, "box", None) is not None:  # (a box of text, the rules, has no actions)
        return (s, "box", s.box, s.box_at, s.box[2] is None)
    return (s, "table", s.held, s.game.version, s.hint_at)


def _report_key(name, before):
    s, where, a, b, c = before
    us, px = _measure[0], _measure[1]
    after = _state()
    if where == "list" and after[0] is s and (after[2] is not a or after[4] != c):
        kind = "page change"  # the list screen kept, another page or a page scrolled
    elif where == "box" and after[1] == "box" and after[2] is a and c and after[3] != b:
        kind = "page change"  # the rules' next page
    elif after[0] is not s or where == "box" and (after[1] != "box" or after[2] is not a) \
            or where == "table" and after[1] == "box":
        kind = "screen change"  # (another box over the table is one too)
    elif where == "list" or where == "box":
        kind = "menu cursor" if name in ("UP", "DOWN", "LEFT", "RIGHT") else "menu " + name
    elif name in ("UP", "DOWN", "LEFT", "RIGHT"):
        kind = "cursor move"
    elif name == "A":
        kind = "drop" if a >= 0 and after[2] < 0 else ("pick-up" if after[2] >= 0 else (
            "deal or turn" if after[3] != b else "A refused"))
    elif name == "B":
        kind = "cancel" if a >= 0 else ("undo" if after[3] != b else "B")
    elif name == "SELECT":
        kind = "hint"
    else:
        kind = name
    _record(kind, us, px)


def play_out(limit):
    # hint moves until the game ends (or limit moves), then A for the result page
    play(limit)
    if getattr(app.screen, "over", False):
        key("A")


def mods():
    # the program's modules now loaded (the budget run's debugging aid)
    import sys

    skip = ("_", "board", "display", "vectorio", "fontio", "terminalio", "bitmaptools", "keypad",
            "micro", "supervisor", "analogio", "os", "gc", "sys", "builtins", "collections")
    print("@mods|" + " ".join(sorted(k for k in sys.modules if not k.startswith(skip))))


def qstrs():
    import micropython

    print("@qstr")
    micropython.qstr_info()


def qstr_dump():
    import micropython

    print("@qdump")
    micropython.qstr_info(1)
    print("@qend")


def heapmap(tag):
    import gc, micropython

    gc.collect()
    print("@hm|" + tag)
    micropython.mem_info(1)
    print("@hmend")
