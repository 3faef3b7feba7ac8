# The board's NeoPixels on a PC: the colours the front ends show (the terminal on its help line,
# the window beside the screen) for the bytes the app last sent them (sim/stubs/
# neopixel_write.py records them in the session's `pixels`).
PIXELS = 5  # the PyBadge's and PyGamer's strip
# The app keeps its NeoPixels dim (at most 32 of 255: the board's LEDs are bright), which a
# screen would show as near black: each channel is shown this many times brighter.
BOOST = 6
UNLIT = (48, 48, 48)  # an unlit pixel, shown so that the strip's place is seen


def has_pixels(profile):
    return "NEOPIXEL" in profile.pins


def colours(session, count=PIXELS):
    """(r, g, b) of each pixel as last sent (GRB on the wire), brightened for a screen; an
    unlit one UNLIT."""
    sent = session.pixels[-1][1] if session.pixels else b""
    out = []
    for i in range(count):
        g, r, b = sent[3 * i:3 * i + 3] if len(sent) >= 3 * i + 3 else (0, 0, 0)
        out.append(tuple(min(255, c * BOOST) for c in (r, g, b)) if r or g or b else UNLIT)
    return out


def ansi(session, count=PIXELS):
    """The strip for a terminal: a dot per pixel in 24-bit colour, then the colours reset."""
    return "".join("\x1b[38;2;%d;%d;%dm\u25cf" % c for c in colours(session, count)) + "\x1b[0m"
