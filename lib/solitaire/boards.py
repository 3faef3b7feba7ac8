# Board profiles: find out which board this is and build its display, buttons and storage.
#   pybadge  PyBadge / EdgeBadge: 8 buttons on a shift register
#   pygamer  PyGamer: 4 shift-register buttons (B A START SELECT) + analog joystick as the D-pad
#   picosystem  Pimoroni PicoSystem: board.DISPLAY 240x240, 8 buttons on SW_* pins (keypad.Keys)
#   picodisplay a Pico with Pimoroni's Pico Display Pack: 240x135 ST7789 on SPI, made here from
#               PANELS (a Pico has no board.DISPLAY), buttons A B X Y on GP12-GP15
#   generic  any board with board.DISPLAY; buttons named in settings.toml SOLITAIRE_BUTTONS
# A board on keypad.Keys takes its buttons from SOLITAIRE_BUTTONS, else from BUTTONS[kind].
# Detected from board.board_id, else from the pin names; settings.toml SOLITAIRE_BOARD overrides.
# Every problem is raised as SetupError with a message for the player.
from solitaire import keys as K


class SetupError(Exception):
    pass


# PyBadge shift register key numbers: B=0 A=1 START=2 SELECT=3 RIGHT=4 DOWN=5 UP=6 LEFT=7
PYBADGE_KEYMAP = (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT)
PYGAMER_KEYMAP = (K.B, K.A, K.START, K.SELECT)

# buttons to ground on pins with pull-ups (pressed reads low), in SOLITAIRE_BUTTONS' words.
# PicoSystem: X and Y are SELECT and START, as in the ugame library frozen into its firmware.
# Pico Display Pack: A and B on the left of the screen, X and Y on the right: the two sides
# walk left and right (the four-button scheme, solitaire/controls.py)
BUTTONS = {
    "picosystem": "UP=SW_UP DOWN=SW_DOWN LEFT=SW_LEFT RIGHT=SW_RIGHT A=SW_A B=SW_B START=SW_Y SELECT=SW_X",
    "picodisplay": "A=GP12 B=GP13 LEFT=GP14 RIGHT=GP15",
}
# what a logical key's button is labelled where that is not the key's name (the Controls page
# says "Y (START): pause menu")
LABELS = {"picosystem": {K.START: "Y", K.SELECT: "X"}}

# A display a board has no board.DISPLAY for, as data: (width, height, rotation, colstart,
# rowstart, SPI clock, MOSI, D/C, CS, backlight pin names, init sequence). The init sequence is
# displayio's format: command, argument count (+0x80: a delay follows), arguments, delay in ms.
# The Pico Display Pack's ST7789 (datasheet commands): SWRESET, wait 150 ms; SLPOUT, wait
# 120 ms; COLMOD 0x55 (16-bit RGB565); MADCTL 0 (the core rotates); INVON (the IPS panel
# shows inverted colours without it); NORON; DISPON. Its 135x240 window sits at column 53,
# row 40 of the chip's 240x320 memory; it has no reset line (SWRESET does it).
PANELS = {
    "picodisplay": (240, 135, 270, 53, 40, "GP18", "GP19", "GP16", "GP17", "GP20",
                    b"\x01\x80\x96\x11\x80\x78\x3a\x01\x55\x36\x01\x00\x21\x00\x13\x00\x29\x80\x0a"),
}


def detect(board):
    from solitaire import settings  # (here, so that controls() needs no settings module)

    forced = settings.board_override()
    if forced:
        return forced
    bid = getattr(board, "board_id", "") or ""
    if "pygamer" in bid:
        return "pygamer"
    if "pybadge" in bid or "edgebadge" in bid:
        return "pybadge"
    if "picosystem" in bid:
        return "picosystem"
    if hasattr(board, "BUTTON_CLOCK"):
        return "pygamer" if hasattr(board, "JOYSTICK_X") else "pybadge"
    return "generic"


def _pin(board, name, profile):
    pin = getattr(board, name, None)
    if pin is None:
        raise SetupError(
            "Board profile '" + profile + "' needs pin board." + name + ", which this board ("
            + str(getattr(board, "board_id", "?")) + ") does not have. "
            + "Set SOLITAIRE_BOARD in settings.toml (pybadge, pygamer, picosystem, picodisplay or generic)."
        )
    return pin


def get_display(board, kind=None):
    display = getattr(board, "DISPLAY", None)
    if display is None and kind in PANELS:
        display = make_display(board, kind)
    if display is None:
        raise SetupError(
            "No display: this board has no built-in board.DISPLAY. "
            + "Use a board with a display (PyBadge, PyGamer, PicoSystem, or one set up as "
            + "board.DISPLAY), or a Pico Display Pack with SOLITAIRE_BOARD = \"picodisplay\"."
        )
    return display


def make_display(board, kind):
    # the panel of PANELS[kind] on the core's own modules (no driver library to load)
    w, h, rotation, colstart, rowstart, sck, mosi, dc, cs, bl, init = PANELS[kind]
    import busdisplay
    import busio
    import displayio
    import fourwire

    displayio.release_displays()
    try:
        spi = busio.SPI(_pin(board, sck, kind), MOSI=_pin(board, mosi, kind))
        bus = fourwire.FourWire(spi, command=_pin(board, dc, kind), chip_select=_pin(board, cs, kind),
                                baudrate=62500000)
        return busdisplay.BusDisplay(bus, init, width=w, height=h, rotation=rotation,
                                     colstart=colstart, rowstart=rowstart,
                                     backlight_pin=_pin(board, bl, kind))
    except (ValueError, RuntimeError) as e:
        raise SetupError("Display on " + sck + "/" + mosi + "/" + dc + "/" + cs + ": can't set it up (" + str(e) + ")")


def get_nvm():
    try:
        import microcontroller

        return microcontroller.nvm
    except (ImportError, AttributeError):
        return None


def controls(scanner, keymap=(), joystick=None, event=None, labels=None):
    # the input layer (solitaire/controls.py) for a board's keys, made here at start-up so that
    # the board keeps only the code that runs per event. scanner: a keypad object (.events,
    # .reset()) or None; keymap[key_number] = logical key; joystick: a
    # solitaire.joystick.Joystick (the PyGamer's) or None
    from solitaire.controls import RING, Controls

    c = Controls()
    c.scanner = scanner
    c.keymap = bytes(keymap)
    if labels:  # (only then: the PyBadge's Controls keeps no attribute for it)
        c.labels = labels
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
        display = get_display(board, kind)
        from solitaire import settings

        pairs = settings.parse_buttons(settings._raw("SOLITAIRE_BUTTONS") or BUTTONS.get(kind), board)
        try:
            scanner = keypad.Keys(tuple(p for _, p in pairs), value_when_pressed=False, pull=True)
        except (ValueError, RuntimeError) as e:
            raise SetupError("SOLITAIRE_BUTTONS: can't use these pins (" + str(e) + ")")
        buttons = controls(scanner, tuple(k for k, _ in pairs),
                           labels=None if settings._raw("SOLITAIRE_BUTTONS") else LABELS.get(kind))
    display.auto_refresh = False
    # a plain tuple: an object of a class of this module would keep the whole module in RAM
    # after solitaire.boot drops it
    return kind, display, buttons, get_nvm()
