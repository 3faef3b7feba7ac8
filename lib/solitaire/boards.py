# Board profiles: find out which board this is and build its display, buttons and storage.
#   pybadge  PyBadge / EdgeBadge: 8 buttons on a shift register
#   pygamer  PyGamer: 4 shift-register buttons (B A START SELECT) + analog joystick as the D-pad
#   generic  any board with board.DISPLAY; buttons named in settings.toml SOLITAIRE_BUTTONS
# Detected from board.board_id, else from the pin names; settings.toml SOLITAIRE_BOARD overrides.
# Every problem is raised as SetupError with a message for the player.
from solitaire import keys as K
from solitaire import settings


class SetupError(Exception):
    pass


# PyBadge shift register key numbers: B=0 A=1 START=2 SELECT=3 RIGHT=4 DOWN=5 UP=6 LEFT=7
PYBADGE_KEYMAP = (K.B, K.A, K.START, K.SELECT, K.RIGHT, K.DOWN, K.UP, K.LEFT)
PYGAMER_KEYMAP = (K.B, K.A, K.START, K.SELECT)


def detect(board):
    forced = settings.board_override()
    if forced:
        return forced
    bid = getattr(board, "board_id", "") or ""
    if "pygamer" in bid:
        return "pygamer"
    if "pybadge" in bid or "edgebadge" in bid:
        return "pybadge"
    if hasattr(board, "BUTTON_CLOCK"):
        return "pygamer" if hasattr(board, "JOYSTICK_X") else "pybadge"
    return "generic"


def _pin(board, name, profile):
    pin = getattr(board, name, None)
    if pin is None:
        raise SetupError(
            "Board profile '" + profile + "' needs pin board." + name + ", which this board ("
            + str(getattr(board, "board_id", "?")) + ") does not have. "
            + "Set SOLITAIRE_BOARD in settings.toml (pybadge, pygamer or generic)."
        )
    return pin


def get_display(board):
    display = getattr(board, "DISPLAY", None)
    if display is None:
        raise SetupError(
            "No display: this board has no built-in board.DISPLAY. "
            + "Use a board with a display (PyBadge, PyGamer, or one set up as board.DISPLAY)."
        )
    return display


def get_nvm():
    try:
        import microcontroller

        return microcontroller.nvm
    except (ImportError, AttributeError):
        return None


def build(board=None):
    if board is None:
        import board as _board

        board = _board
    kind = detect(board)
    import keypad

    from solitaire.controls import Controls

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
        controls = Controls(scanner, keymap, joystick)
    else:
        display = get_display(board)
        pairs = settings.parse_buttons(settings._raw("SOLITAIRE_BUTTONS"), board)
        try:
            scanner = keypad.Keys(tuple(p for _, p in pairs), value_when_pressed=False, pull=True)
        except (ValueError, RuntimeError) as e:
            raise SetupError("SOLITAIRE_BUTTONS: can't use these pins (" + str(e) + ")")
        controls = Controls(scanner, tuple(k for k, _ in pairs))
    display.auto_refresh = False
    # a plain tuple: an object of a class of this module would keep the whole module in RAM
    # after solitaire.boot drops it
    return kind, display, controls, get_nvm()
