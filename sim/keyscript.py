# Key scripts for headless runs: a line of tokens played on the virtual clock.
#
#   RIGHT            tap a button: down TAP_MS, then SETTLE_MS with nothing held
#   A+B              tap two (or more) buttons together
#   hold:A:800       hold A for 800 ms, then SETTLE_MS
#   hold:A+B:800     hold two together
#   down:A / up:A    press or release only (TAP_MS later the step ends); for long custom holds
#   wait:200         let 200 ms go by
#   type:abc         typed on a USB keyboard (the Fruit Jam's): letters as they are
#   key:up           a USB keyboard's key by name: up down left right enter esc space tab
#
# Buttons: UP DOWN LEFT RIGHT A B START SELECT (any case), limited to those the board has.
# Tokens are separated by spaces or commas. Every token is one step; the frame is taken at the
# end of each step, so it shows the screen after that input was handled.

TAP_MS = 50
SETTLE_MS = 300
STARTUP_MS = 500  # the program's start-up before the first token (frame 0 is taken then)


# a USB keyboard's keys as they reach standard input (terminal escape sequences for arrows)
TYPED_KEYS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
              "enter": "\r", "esc": "\x1b", "space": " ", "tab": "\t"}


class KeyScriptError(ValueError):
    pass


def _buttons(text, token, profile):
    names = [n.strip().upper() for n in text.split("+")]
    for name in names:
        if not name or not profile.has(name):
            raise KeyScriptError(
                "bad key script token %r: %r is not a button of board %s (valid: %s)"
                % (token, name, profile.name, " ".join(profile.buttons)))
    return tuple(names)


def _ms(text, token):
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise KeyScriptError("bad key script token %r: %r is not a number of milliseconds"
                             % (token, text))
    return value


def parse(script, profile):
    """The steps of a script: a list of (label, events, duration_ms) where events are
    (offset_ms, "press"/"release", buttons). Raises KeyScriptError naming the bad token."""
    steps = []
    for token in (script or "").replace(",", " ").split():
        parts = token.split(":")
        word = parts[0].lower()
        if word in ("type", "key") and len(parts) == 2:
            if not getattr(profile, "usb_keyboard", False):
                raise KeyScriptError("bad key script token %r: board %s has no USB keyboard"
                                     % (token, profile.name))
            text = parts[1] if word == "type" else TYPED_KEYS.get(parts[1].lower())
            if not text:
                raise KeyScriptError("bad key script token %r: expected key:%s"
                                     % (token, "|".join(TYPED_KEYS)))
            steps.append((token, ((1, "type", text),), 1 + TAP_MS + SETTLE_MS))
        elif word == "wait" and len(parts) == 2:
            steps.append((token, (), _ms(parts[1], token)))
        elif word == "hold" and len(parts) == 3:
            names = _buttons(parts[1], token, profile)
            held = _ms(parts[2], token)
            steps.append((token, ((1, "press", names), (1 + held, "release", names)),
                          1 + held + SETTLE_MS))
        elif word in ("down", "up") and len(parts) == 2:
            names = _buttons(parts[1], token, profile)
            kind = "press" if word == "down" else "release"
            steps.append((token, ((1, kind, names),), 1 + TAP_MS))
        elif len(parts) == 1:
            names = _buttons(parts[0], token, profile)
            steps.append((token, ((1, "press", names), (1 + TAP_MS, "release", names)),
                          1 + TAP_MS + SETTLE_MS))
        else:
            raise KeyScriptError("bad key script token %r: expected BUTTON, A+B, hold:BUTTON:MS, "
                                 "down:BUTTON, up:BUTTON or wait:MS" % token)
    return steps


def timeline(steps, startup_ms=STARTUP_MS):
    """(time_us, kind, payload) entries for hw.Session.timeline, and the time the run ends."""
    entries = [(startup_ms * 1000, "capture", "start")]
    t = startup_ms
    for label, events, duration in steps:
        for offset, kind, names in events:
            entries.append(((t + offset) * 1000, kind, names))
        t += duration
        entries.append((t * 1000, "capture", label))
    entries.sort(key=lambda e: e[0])  # stable: a capture stays before a press at the same time
    return entries, t * 1000
