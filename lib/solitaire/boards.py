# Board profiles: find out which board this is and build its display, buttons and storage.
#   pybadge  PyBadge / EdgeBadge: 8 buttons on a shift register
#   pygamer  PyGamer: 4 shift-register buttons (B A START SELECT) + analog joystick as the D-pad
#   picosystem, picodisplay  buttons on pins (and a display) named by solitaire/pinboards.py
#   fruitjam Adafruit Fruit Jam: HDMI, USB gamepad and keyboard, 3 buttons, saves on /saves
#            (solitaire/fruitjam.py, which only that board loads)
#   generic  any board with board.DISPLAY; buttons named in settings.toml SOLITAIRE_BUTTONS
# Detected from board.board_id, else from the pin names; settings.toml SOLITAIRE_BOARD overrides.
# Every problem is raised as SetupError with a message for the player.
from solitaire import keys as K


class SetupError(Exception):
    pass


# PyBadge shift register key numbers: B=0 A=1 START=2 SELECT=3 RIGHT=4 DOWN=5 UP=6 LEFT=7
PYBADGE_KEYMAP = (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT)
PYGAMER_KEYMAP = (K.B, K.A, K.START, K.SELECT)
# the profiles whose speaker the app plays (board.SPEAKER, its amplifier on SPEAKER_ENABLE,
# audioio in the firmware): on any other board solitaire.sound is never loaded
SPEAKER = ("pybadge", "pygamer")


def detect(board):
    from solitaire import settings  # (here, so that controls() needs no settings module)

    forced = settings.board_override()
    if forced:
        return forced
    bid = getattr(board, "board_id", "") or ""
    # (part of the board's id, its profile), in tuples of constants: a board interns any other
    # string of ten characters or fewer as a name, for good (docs/memory.md)
    for part, kind in (("pygamer", "pygamer"), ("pybadge", "pybadge"), ("edgebadge", "pybadge"),
                       ("picosystem", "picosystem"), ("fruit_jam", "fruitjam")):
        if part in bid:
            return kind
    if hasattr(board, "BUTTON_CLOCK"):
        return ("pybadge", "pygamer")[hasattr(board, "JOYSTICK_X")]
    return "generic"


def _pin(board, name, profile):
    pin = getattr(board, name, None)
    if pin is None:
        raise SetupError(
            "Board profile '%s' needs pin board.%s, which this board (%s) does not have. Set "
            "SOLITAIRE_BOARD in settings.toml (pybadge, pygamer, picosystem, picodisplay or "
            "generic)." % (profile, name, getattr(board, "board_id", "unknown")))
    return pin


def get_display(board, display=None):
    if display is None:
        display = getattr(board, "DISPLAY", None)
    if display is None:
        raise SetupError(
            "No display: this board has no built-in board.DISPLAY. "
            + "Use a board with a display (PyBadge, PyGamer, PicoSystem, or one set up as "
            + "board.DISPLAY), or a Pico Display Pack with SOLITAIRE_BOARD = \"picodisplay\"."
        )
    return display


def get_nvm():
    try:
        import microcontroller

        return microcontroller.nvm
    except (ImportError, AttributeError):
        return None


def speaker(kind, board=None):
    # (speaker pin, amplifier pin) on a profile with sound whose board has both, else None
    if kind not in SPEAKER:
        return None
    if board is None:
        import board
    pins = (getattr(board, "SPEAKER", None), getattr(board, "SPEAKER_ENABLE", None))
    return None if None in pins else pins


def controls(scanner, keymap=(), joystick=None, event=None, labels=None):
    # the input layer (solitaire/controls.py) for a board's keys, made here at start-up so that
    # the board keeps only the code that runs per event. scanner: a keypad object (.events,
    # .reset()) or None; keymap[key_number] = logical key; joystick: a
    # solitaire.joystick.Joystick (the PyGamer's) or None
    from solitaire.controls import RING, Controls

    c = Controls()
    c.scanner = scanner
    c.keymap = bytes(keymap)
    c.joystick = joystick
    if event is None and scanner is not None:
        import keypad

        event = keypad.Event()
    c.event = event
    present = 0
    for k in c.keymap:
        if k < 8:
            present |= 1 << k
    if joystick is not None:
        present |= 15
    c.present = present
    has = lambda k: present & (1 << k)
    # chord table: what a key pressed while B is held becomes (255: itself)
    chord = bytearray(b"\xff" * 9)
    if not (has(K.UP) and has(K.DOWN)):
        chord[K.LEFT] = K.UP
        chord[K.RIGHT] = K.DOWN
    elif not (has(K.LEFT) and has(K.RIGHT)):
        chord[K.UP] = K.LEFT
        chord[K.DOWN] = K.RIGHT
    if not has(K.SELECT):
        chord[K.A] = K.SELECT
    c.chord = chord
    # each key (UP .. SELECT) in the words of the board in use, for every text that names a
    # button: as printed on it (labels: {key: words}, the Pico Display Pack's X and Y), or
    # the chord that makes it on a board without it ("B+X", "hold B")
    labels = labels or {}
    names = [labels.get(k, K.NAMES[k]) for k in range(8)]
    for k in range(4):
        if not has(k) and chord[k ^ 2] == k:  # (UP 0 <-> LEFT 2, DOWN 1 <-> RIGHT 3)
            names[k] = "B+%s" % names[k ^ 2]
    made = ("B+A", "hold B")  # SELECT's and START's chords (a tuple's words are not interned)
    if not has(K.SELECT):
        names[K.SELECT] = made[0]
    if not has(K.START):
        names[K.START] = made[1]
    c.names = tuple(names)
    c.b_long_start = not has(K.START)
    c.b_shift = c.b_long_start or chord != b"\xff" * 9
    c.long_a = True  # the app turns A_LONG off in menus (a slow press must not select twice)
    c.ring = bytearray(RING)
    c.overflows = 0
    c._release_all()
    c.head = 0
    c.count = 0
    return c


def build(board=None):
    if board is None:
        import board as _board

        board = _board
    kind = detect(board)
    if kind == "fruitjam":  # (its display, inputs, saves and DAC: start-up drops the module)
        from solitaire import fruitjam

        display, buttons, nvm, sound = fruitjam.setup(board, get_nvm())
        display.auto_refresh = False
        return kind, display, buttons, nvm, sound
    import keypad

    if kind in ("pybadge", "pygamer"):
        clock = _pin(board, "BUTTON_CLOCK", kind)
        data = _pin(board, "BUTTON_OUT", kind)
        latch = _pin(board, "BUTTON_LATCH", kind)
        keymap = PYBADGE_KEYMAP if kind == "pybadge" else PYGAMER_KEYMAP
        joystick = None
        if kind == "pygamer":
            jx = _pin(board, "JOYSTICK_X", kind)
            jy = _pin(board, "JOYSTICK_Y", kind)
            import analogio

            from solitaire.joystick import Joystick

            joystick = Joystick(analogio.AnalogIn(jx), analogio.AnalogIn(jy))
        display = get_display(board)
        scanner = keypad.ShiftRegisterKeys(
            clock=clock, data=data, latch=latch, key_count=len(keymap), value_when_pressed=True
        )
        buttons = controls(scanner, keymap, joystick)
    else:
        from solitaire import settings

        spec = settings._raw("SOLITAIRE_BUTTONS")
        display = labels = None
        if kind != "generic":  # a profile that names its buttons (and maybe makes its display)
            from solitaire import pinboards  # (start-up drops it with this module)

            display, spec, labels = pinboards.setup(board, kind, spec)
        display = get_display(board, display)
        pairs = settings.parse_buttons(spec, board)
        try:
            scanner = keypad.Keys(tuple(p for _, p in pairs), value_when_pressed=False, pull=True)
        except (ValueError, RuntimeError) as e:
            raise SetupError("SOLITAIRE_BUTTONS: can't use these pins (" + str(e) + ")")
        buttons = controls(scanner, tuple(k for k, _ in pairs), labels=labels)
    display.auto_refresh = False
    # a plain tuple: an object of a class of this module would keep the whole module in RAM
    # after solitaire.boot drops it
    return kind, display, buttons, get_nvm()
