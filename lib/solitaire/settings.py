# The project's settings.toml keys, read with os.getenv and checked, so a typo gives a message
# that names the key and what was expected instead of a traceback.
# CircuitPython's getenv returns an int for an unquoted number and a str for a quoted value;
# the simulator fills os.environ with strings. Both are accepted everywhere.
import os

BUTTON_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
DEAL_MAX = 1073741823  # 2**30 - 1, the engine's largest deal number
BOARDS = ("pybadge", "pygamer", "picosystem", "picodisplay", "generic")


class SettingError(ValueError):
    # the message is meant for the player: "settings.toml: KEY ...: expected ..."
    pass


def _raw(key):
    try:
        return os.getenv(key)
    except Exception as e:  # CircuitPython raises on a line it cannot parse
        raise SettingError('settings.toml: %s can\'t be read (%s). Expected e.g. %s = "..."'
                           % (key, e, key))


def _said(v, digits=False):
    # a value as a message quotes it: a long one cut, with its length (5,000 digits pasted in
    # would fill the screen)
    # (messages are whole templates of more than ten characters: a board interns shorter
    # strings as names, for good; docs/memory.md)
    t = str(v)
    if len(t) > 24:
        if digits:
            return "%s... (%d digits)" % (t[:12], len(t))
        return "%s (%d characters)" % (_said(v[:12] + "...") if isinstance(v, str) else t[:12]
                                       + "...", len(t))
    return repr(t) if isinstance(v, str) and not digits else t


def get_int(key, low, high, default):
    # an int in low..high; None/"" gives default
    v = _raw(key)
    if v is None or v == "":
        return default
    if isinstance(v, int) and not isinstance(v, bool):
        n = v
    else:
        s = str(v).strip()
        if s.startswith('"') and s.endswith('"') and len(s) >= 2:
            s = s[1:-1].strip()
        ok = len(s) > 0
        for c in s:
            if c not in "0123456789":
                ok = False
                break
        if not ok:
            raise SettingError("settings.toml: %s = %s: expected a whole number %d..%d"
                               % (key, _said(v), low, high))
        if len(s.lstrip("0")) > 24:
            # out of range, said without turning it into a number (CPython refuses int() of
            # more than 4300 digits, a board would spend its heap on it)
            raise SettingError("settings.toml: %s = %s: expected a number %d..%d"
                               % (key, _said(s, True), low, high))
        n = int(s)
    if n < low or n > high:
        raise SettingError("settings.toml: %s = %d: expected a number %d..%d"
                           % (key, n, low, high))
    return n


def get_choice(key, choices, default):
    v = _raw(key)
    if v is None or v == "":
        return default
    s = str(v).strip().lower()
    if s not in choices:
        raise SettingError("settings.toml: %s = %s: expected one of %s"
                           % (key, _said(v), " ".join(choices)))
    return s


def config():
    # the settings the app reads after start-up, as a tuple (an object of a class of this module
    # would keep the module in RAM after solitaire.boot drops it): (first deal number (0 or
    # unset: random), print the free heap)
    return (get_int("SOLITAIRE_DEAL", 0, DEAL_MAX, 0),
            get_int("SOLITAIRE_DEBUG_MEM", 0, 1, 0) == 1)


def care():
    # (dim after, dark after, in ms: 0 = never; what was wrong, or None): SOLITAIRE_DIM and
    # SOLITAIRE_SLEEP in seconds. A wrong value is said (on the console and in a notice at
    # start-up) and its default used: a screen that sleeps at the wrong time is no reason to
    # stop the game from starting
    out = []
    said = None
    for key, default in (("SOLITAIRE_DIM", 60), ("SOLITAIRE_SLEEP", 300)):
        try:
            out.append(get_int(key, 0, 86400, default) * 1000)
        except SettingError as e:
            e = "%s. Using %d s." % (e, default)
            print(e)
            said = said + " " + e if said else e
            out.append(default * 1000)
    return out[0], out[1], said


def board_override():
    return get_choice("SOLITAIRE_BOARD", BOARDS, None)


def parse_buttons(text, board_module):
    # "UP=GP2 DOWN=GP3 ..." -> list of (logical key number, pin object), in text order.
    # Logical key number = index in BUTTON_NAMES (same numbers as solitaire.keys).
    key = "SOLITAIRE_BUTTONS"
    example = ' e.g. SOLITAIRE_BUTTONS = "A=GP12 B=GP13 LEFT=GP14 RIGHT=GP15"'
    if text is None or str(text).strip() == "":
        raise SettingError("settings.toml: %s is not set; this board needs its buttons named,%s"
                           % (key, example))
    pairs = []
    seen = []
    for item in str(text).replace(",", " ").split():
        eq = item.find("=")
        if eq <= 0 or eq == len(item) - 1:
            raise SettingError("settings.toml: %s: '%s' is not NAME=PIN;%s" % (key, item, example))
        name = item[:eq].strip().upper()
        pin_name = item[eq + 1:].strip()
        if name not in BUTTON_NAMES:
            raise SettingError("settings.toml: %s: '%s' is not a button; expected %s"
                               % (key, name, " ".join(BUTTON_NAMES)))
        if name in seen:
            raise SettingError("settings.toml: %s: %s is named twice" % (key, name))
        pin = getattr(board_module, pin_name, None)
        if pin is None:
            pin = getattr(board_module, pin_name.upper(), None)
        if pin is None or type(pin).__name__ != "Pin":  # board_id, DISPLAY... are not pins
            raise SettingError("settings.toml: %s: this board has no pin %s (for %s)"
                               % (key, pin_name, name))
        for _, p in pairs:
            if p is pin:
                raise SettingError("settings.toml: %s: pin %s is used twice" % (key, pin_name))
        seen.append(name)
        pairs.append((BUTTON_NAMES.index(name), pin))
    names = seen
    if "A" not in names or "B" not in names:
        raise SettingError("settings.toml: %s: needs at least A and B, and LEFT+RIGHT or UP+DOWN;%s"
                           % (key, example))
    if not (("LEFT" in names and "RIGHT" in names) or ("UP" in names and "DOWN" in names)):
        raise SettingError("settings.toml: %s: needs LEFT and RIGHT (or UP and DOWN) besides A and "
                           "B;%s" % (key, example))
    return pairs
