# Menus in a box over the table of solitaire.play.Screen, loaded with the first box and dropped
# when the last one closes (the table declares it, and the box's own module, while a box shows:
# solitaire/play.py modules()): no table needs this code while it is played. A box is
# (status words, items, actions, what B does) from solitaire.boxes or solitaire.result; with
# actions None its items are lines of text shown LINES at a time (the rules). UP/DOWN (and
# LEFT/RIGHT) choose, A acts, B/START go back; a menu longer than LINES scrolls.
from engine import import_module
from solitaire import keys as K
from solitaire.text import LINES, width


def open_box(screen, box, modules=()):
    # modules: what the box's actions need loaded while it shows (its maker's module)
    screen.box = box
    screen.box_modules = modules
    screen.box_at = 0
    screen.box_counts = None  # the rules: lines each paragraph wraps to (page())
    screen.app.settle()  # (what the last box or the one before needed goes now)
    _draw(screen)


def pause_box(screen):
    # the pause menu (solitaire.boxes, loaded with it)
    open_box(screen, import_module("solitaire.boxes").pause(screen), ("solitaire.boxes",))


def to_pause(screen):
    # B's action in a box opened from the pause box: made here, so that a box holding it keeps
    # no module of its own alive (the How to play box lets solitaire.boxes go)
    return lambda: pause_box(screen)


def close_box(screen):
    # the box's modules are dropped with it (they are needed only then)
    screen.box = None
    screen.box_modules = ()
    screen.box_counts = None
    screen.app.settle()
    screen.table.unsay()
    screen.overlays()


def _draw(screen):
    box = screen.box
    words, items, t = box[0], box[1], screen.table
    if box[2] is None:  # paragraphs in pages of LINES lines (the rules), in a box of one size
        lines, pages = page(screen, items, screen.box_at)
        t.box(lines, True)
        t.show_status(words, str(screen.box_at + 1) + "/" + str(pages))
        return
    # more items than the box has lines (a family added one): the box scrolls with the choice,
    # and the status line says which item of how many it is
    n = len(items)
    top = max(0, screen.box_at - LINES + 1)
    t.box([("> " if i == screen.box_at else "   ") + items[i]
           for i in range(top, min(n, top + LINES))])
    right = str(screen.box_at + 1) + "/" + str(n) if n > LINES else ""
    room = t.width // t.s - width(t.font, right) - 6
    while right and width(t.font, words) > room:  # the words give way to the count
        words = words[:-1]
    t.show_status(words, right)


def page(screen, paragraphs, at):
    # the lines of page `at` and how many pages there are. How many lines each paragraph wraps
    # to is counted once, when the box first shows (a byte each); a page then wraps only the
    # paragraphs it shows, so only its lines are ever kept (the rules are ~45 lines)
    wrap = screen.table.wrap
    counts = screen.box_counts
    if counts is None:
        counts = screen.box_counts = bytes(min(255, len(wrap(para))) for para in paragraphs)
    out = []
    n = 0
    first = at * LINES
    for i in range(len(paragraphs)):
        if n + counts[i] > first and n < first + LINES:
            k = n
            for line in wrap(paragraphs[i]):
                if first <= k < first + LINES:
                    out.append(line)
                k += 1
        n += counts[i]
    return out, max(1, (n + LINES - 1) // LINES)


def key(screen, k):
    box = screen.box
    items, actions = box[1], box[2]
    if actions is None:
        last = page(screen, items, 0)[1] - 1
        if k in (K.DOWN, K.RIGHT, K.A, K.A_LONG) and screen.box_at < last:
            screen.box_at += 1
        elif k in (K.UP, K.LEFT) and screen.box_at > 0:
            screen.box_at -= 1
        elif k in (K.B, K.START, K.A, K.A_LONG):
            box[3]()
            return
        _draw(screen)
        return
    if k <= K.RIGHT:  # UP/LEFT the row before, DOWN/RIGHT the next, as in every list (a
        # four-button board's UP and DOWN are chords: LEFT/RIGHT are its one-press keys)
        screen.box_at = (screen.box_at + (1 if k == K.DOWN or k == K.RIGHT else -1)) % len(items)
        _draw(screen)
    elif k == K.A or k == K.A_LONG:  # (a quick second A is A_LONG on the table)
        actions[screen.box_at]()
    elif k == K.B or k == K.START:
        box[3]()
