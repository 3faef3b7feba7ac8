# What the heap budget run controls: the clock, the buttons, the settings. The stand-ins read it.
now = 0  # supervisor.ticks_ms()
queues = []  # keypad EventQueues made by the program
settings = {}  # settings.toml values (os.getenv is patched to read them)
# the board-time bench's observer (_bench.py), None in the heap budget run: its code and names
# stay out of the heap the budget measures (a name interned here takes a place in the pools the
# app's names fill, and on a board there is no harness)
watch = None
counter = None  # the bench's count of C work (_bench.py _Counter); None in the heap budget run


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
going = True  # the soak's game is still on at its pause step (sim/heap_scenario.py soak())


def advance(ms):
    global now
    for _ in range(ms // 10):
        now += 10
        if watch:
            watch.step(now & ((1 << 29) - 1))
        else:
            app.step(now & ((1 << 29) - 1))


def key(name):
    # one press and release of a button, as a player's thumb: 60 ms down, 60 ms up
    k = KEY_NUMBERS[name]
    before = watch.before() if watch else None
    press(k, True)
    advance(60)
    press(k, False)
    advance(60)
    if watch:
        watch.after(name, before)


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
        m = getattr(screen, "motion", None)
        for _ in range(130):  # a player sees the last move's cards land before the next move,
            # and what it brought (the end check's search, in the step after: solitaire/play.py)
            if (m is None or m.slide is None) and getattr(screen, "later", None) is None:
                break
            advance(10)
        if watch:
            watch.move_starts()
        if screen.over or not screen.play_hint():  # (the hint finishes autoplay: it may end it)
            note("stopped", "game over" if screen.over else "no hint")
            break
        if watch:
            watch.moved()
        moves_made += 1
        advance(10)  # the step that draws it (a slide's frames after it are frames of their own)
        if watch:
            watch.move_drawn()
        advance(10)
    advance(600)  # autoplay and messages run their course


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
