# The PC keyboard in the interactive front ends (sim/terminal.py, sim/window.py): each key names
# an action, one of the app's logical keys (lib/solitaire/keys.py), and plays it on the board in
# use with the buttons that board needs for it (lib/solitaire/controls.py): START on a board
# without a START button is B held; the hint there is B + A, redo B + A, A; UP on a board
# without UP is B + LEFT; redo on a board with SELECT is SELECT held + B; "send home" is A held.
# So every action of every board has a key, whatever the keyboard can hold: a terminal reports
# presses only (a key is a tap, auto-repeat a stream of taps), a window presses and releases.
#
# A gesture is a list of button steps with one point where the key is held ("hold", at least a
# minimum time): on a tap the hold lasts just that minimum, in a window until the key goes up.
# A Player schedules gestures one after another on a clock in milliseconds and hands the button
# changes to a callback (hw.Session.push) as they fall due; the front ends call its due() from
# their loops.

ACTIONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT", "A_LONG", "REDO")

TAP_MS = 60  # a key press is a button press this long
GAP_MS = 30  # between the steps of a chord
# past the app's thresholds (solitaire.controls LONG_MS 500, LONG_B_MS 600; a test checks)
HOLD_A_MS = 700
HOLD_B_MS = 800

# the keys, in the terminal (bytes it sends; arrows in both cursor-key modes) and in a window
# (tkinter keysyms), and how the help line names them
TERMINAL_KEYS = {
    b"\x1b[A": "UP", b"\x1b[B": "DOWN", b"\x1b[C": "RIGHT", b"\x1b[D": "LEFT",
    b"\x1bOA": "UP", b"\x1bOB": "DOWN", b"\x1bOC": "RIGHT", b"\x1bOD": "LEFT",
    b"x": "A", b"a": "A", b"z": "B", b"b": "B",
    b"\r": "START", b"\n": "START", b"s": "START", b" ": "SELECT", b"\t": "SELECT",
    b"h": "A_LONG", b"r": "REDO",
}
WINDOW_KEYS = {
    "Up": "UP", "Down": "DOWN", "Left": "LEFT", "Right": "RIGHT",
    "x": "A", "a": "A", "z": "B", "b": "B",
    "Return": "START", "KP_Enter": "START", "s": "START", "space": "SELECT", "Tab": "SELECT",
    "h": "A_LONG", "r": "REDO",
}
TERMINAL_NAMES = {"A": "x/a", "B": "z/b", "START": "enter/s", "SELECT": "space/tab",
                  "A_LONG": "h", "REDO": "r"}
WINDOW_NAMES = dict(TERMINAL_NAMES, START="Enter/s")


def _shifted(shift, *keys):
    """shift held while each of keys is tapped; the key holds the last one."""
    steps = [("press", shift)]
    for i, key in enumerate(keys):
        steps.append(("press", key))
        if i == len(keys) - 1:
            steps.append(("hold", TAP_MS))
        steps.append(("release", key))
    steps.append(("release", shift))
    return steps


def _held(button, ms):
    return [("press", button), ("hold", ms), ("release", button)]


_OTHER_AXIS = {"UP": "LEFT", "DOWN": "RIGHT", "LEFT": "UP", "RIGHT": "DOWN"}


def gesture(profile, action):
    """The button steps that play action on this board: ("press"/"release", button) and one
    ("hold", minimum ms). ValueError for an action the board can't make (none of ours)."""
    has = profile.has
    if action in ("UP", "DOWN", "LEFT", "RIGHT"):
        if has(action):
            return _held(action, TAP_MS)
        other = _OTHER_AXIS[action]
        if has(other) and has("B"):
            return _shifted("B", other)  # B + LEFT = UP, B + UP = LEFT, ...
    elif action in ("A", "B"):
        return _held(action, TAP_MS)
    elif action == "START":
        return _held("START", TAP_MS) if has("START") else _held("B", HOLD_B_MS)
    elif action == "SELECT":
        return _held("SELECT", TAP_MS) if has("SELECT") else _shifted("B", "A")
    elif action == "A_LONG":
        return _held("A", HOLD_A_MS)
    elif action == "REDO":
        return _shifted("SELECT", "B") if has("SELECT") else _shifted("B", "A", "A")
    raise ValueError("board %s has no way to make %s" % (profile.name, action))


def how(profile, action):
    """The buttons of the gesture in a few words, for the help line: "hold B", "B+A, A"."""
    steps = gesture(profile, action)
    pressed = [b for kind, b in steps if kind == "press"]
    hold = [ms for kind, ms in steps if kind == "hold"][0]
    if len(pressed) == 1:
        return ("hold " if hold > TAP_MS else "") + pressed[0]
    head = ("hold " if pressed[0] == "SELECT" else "") + pressed[0]
    return head + "+" + ", ".join(pressed[1:])


_WORDS = {"SELECT": "hint", "A_LONG": "home", "REDO": "redo"}  # for actions with no button


def help_line(profile, names=TERMINAL_NAMES, quit_keys="q"):
    """One line: every key and the action it plays, with the board's buttons for it where they
    are not the button of that name: "enter/s: START (hold B)", "r: redo (hold SELECT+B)"."""
    if getattr(profile, "usb_keyboard", False):  # the Fruit Jam: the PC keyboard is its own
        return ("USB keyboard: arrows move  x/a: A  z/b: B  enter/s: START  space/tab: SELECT  "
                "h: home  r: redo  %s: quit" % quit_keys)
    arrows = [a for a in ("UP", "DOWN", "LEFT", "RIGHT") if profile.has(a)]
    if len(arrows) == 4:
        parts = ["arrows: %s" % ("joystick" if profile.buttons["UP"][0] == "joy" else "d-pad")]
    else:
        made = [a for a in ("UP", "DOWN", "LEFT", "RIGHT") if a not in arrows]
        parts = ["%s arrows: %s" % ("/".join(a.lower() for a in arrows), "/".join(arrows)),
                 "%s arrows: %s" % ("/".join(a.lower() for a in made),
                                    "/".join(how(profile, a) for a in made))]
    for action in ("A", "B", "START", "SELECT", "A_LONG", "REDO"):
        word = action if profile.has(action) else _WORDS.get(action, action)
        buttons = how(profile, action)
        parts.append("%s: %s" % (names[action], word if buttons == word
                                 else "%s (%s)" % (word, buttons)))
    parts.append("%s: quit" % quit_keys)
    return "  ".join(parts)


class Player:
    """Plays gestures on a clock in ms: push(button, pressed) is called from due(now) as each
    step falls due. A gesture starts once the one before has let go of its buttons (a plain
    one-button tap does not wait, so a terminal's auto-repeat stays quick); a key repeated
    while its gesture still waits to start is dropped (no backlog from auto-repeat)."""

    def __init__(self, profile, push):
        self.profile = profile
        self.push = push
        self.events = []  # [time, order, button, pressed], in time order
        self.order = 0
        self.free_at = 0  # when the next gesture may start
        self.open = {}  # key -> (its gesture's steps after the hold, earliest release time)
        self.down_buttons = set()  # buttons pushed down and not yet up
        self.starts = []  # (start time, action) of the gestures played lately

    def _add(self, when, button, pressed):
        if pressed:
            # a press of a button still down then (a tap repeated within TAP_MS): up first,
            # and that button's later release goes (the new press keeps it down)
            for e in [e for e in self.events if e[2] == button and not e[3] and e[0] > when]:
                self.events.remove(e)
            if self._down_at(button, when):
                self._queue(when, button, False)
        self._queue(when, button, pressed)

    def _down_at(self, button, when):
        down = button in self.down_buttons
        for t, _, b, pressed in self.events:
            if b == button and t <= when:
                down = pressed
        return down

    def _queue(self, when, button, pressed):
        self.order += 1
        self.events.append([when, self.order, button, pressed])
        self.events.sort()

    def down(self, action, now, key=None):
        """Key went down: play the gesture up to its hold; returns False if dropped."""
        if key is None:
            key = action
        if key in self.open:
            return False  # already held (a window's auto-repeat)
        self.starts = [s for s in self.starts if s[0] > now]  # those still to start
        if any(a == action for _, a in self.starts):
            return False
        steps = gesture(self.profile, action)
        plain = len([s for s in steps if s[0] == "press"]) == 1 and steps[1][1] == TAP_MS
        t = max(now, self.free_at)
        self.starts.append((t, action))
        i = 0
        while steps[i][0] != "hold":
            if i:
                t += GAP_MS
            self._add(t, steps[i][1], steps[i][0] == "press")
            i += 1
        self.open[key] = (steps[i + 1:], t + steps[i][1], plain)
        self.free_at = t if plain else float("inf")  # until the key is up
        return True

    def up(self, key, now):
        """Key went up: the rest of its gesture, once the hold has lasted its minimum."""
        if key not in self.open:
            return
        rest, earliest, plain = self.open.pop(key)
        t = max(now, earliest)
        for i, (kind, button) in enumerate(rest):
            if i:
                t += GAP_MS
            self._queue(t, button, kind == "press")
        if not plain:
            self.free_at = t + GAP_MS

    def tap(self, action, now):
        """A key pressed and let go at once (a terminal key)."""
        if self.down(action, now):
            self.up(action, now)

    def due(self, now):
        while self.events and self.events[0][0] <= now:
            _, _, button, pressed = self.events.pop(0)
            if pressed:
                self.down_buttons.add(button)
            else:
                self.down_buttons.discard(button)
            self.push(button, pressed)

    def busy(self):
        return bool(self.events)
