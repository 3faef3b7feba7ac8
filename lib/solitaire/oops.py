# What the player sees when the game can't go on: the message on the console and on a dark red
# screen in the built-in font, then a wait for a button (restart) or a reset; never a traceback
# loop. Imported only after a failure, with the app's objects already dropped (solitaire.boot);
# after a MemoryError the app's code goes too, before anything else is made.
import gc
import sys
import time

from solitaire import forget


def explain(e, has_buttons, free=None):
    # the message for the player, with advice that works on this board. free: the heap free
    # when the app failed (boot.main), or None
    if isinstance(e, MemoryError):  # first, and with no import: the heap may hold no more
        now = getattr(gc, "mem_free", None)
        return ("Out of memory: " + ("?" if free is None else str(free)) + " bytes free, "
                + (str(now()) if now else "?") + " once the game was closed. Details on the "
                "serial console.")
    from solitaire.boards import SetupError
    from solitaire.settings import SettingError

    if isinstance(e, (SetupError, SettingError)):
        return str(e) + "\nFix settings.toml and save it: the board restarts by itself."
    if isinstance(e, ImportError):
        return ("Missing module: " + str(e) + ". Copy lib/ and the libraries in "
                "requirements-device.txt to CIRCUITPY (see README).")
    if isinstance(e, OSError) and "assets" in str(e):
        return str(e) + ". Copy assets/ to CIRCUITPY again."
    tail = " Press a button to restart." if has_buttons else " Reset the board to restart."
    return "Internal error: " + type(e).__name__ + ": " + str(e) + "." + tail


def show(display, text):
    # the message on the display with the built-in font; never raises
    if display is None:
        return
    try:
        import displayio
        import terminalio

        from solitaire.text import baseline, paint, pitch, wrap

        root = displayio.Group()
        display.root_group = root  # the app's last screen goes now: its objects are freed
        gc.collect()
        font = terminalio.FONT
        w = display.width
        scale = 2 if w >= 320 else 1
        pal = displayio.Palette(2)
        pal[0] = 0x401010
        pal[1] = 0xFFFFFF
        # the message painted into a bitmap of its own (the app's text bitmap went with it)
        b = displayio.Bitmap(w // scale, display.height // scale, 2)
        p = pitch(font)
        lines = ["Solitaire can't go on:"] + wrap(font, text, b.width - 6)
        for i in range(min(len(lines), max(1, (b.height - 2) // p))):
            paint(font, b, lines[i], 3, 1 + i * p + baseline(font))
        words = displayio.Group(scale=scale)
        words.append(displayio.TileGrid(b, pixel_shader=pal))
        root.append(words)
    except Exception as e2:  # (out of memory...): the serial console has the message
        print("solitaire: can't draw the message:", e2)
        try:
            import displayio

            display.root_group = displayio.CIRCUITPYTHON_TERMINAL
        except Exception:
            pass
    try:
        display.refresh()
    except Exception:
        pass


def wait_and_restart(controls):
    # a button restarts the program; without buttons only a reset (or saving a file) does
    while True:
        if controls is not None:
            try:
                import supervisor

                if controls.poll(supervisor.ticks_ms()) >= 0:
                    supervisor.reload()
            except Exception:
                controls = None
        time.sleep(0.02)


def fail(e, platform, free=None):
    # platform: (board name, display, controls, nvm), or None if start-up failed before it
    # was built; free: the heap free when the app failed (boot.main dropped the app since)
    if isinstance(e, MemoryError):  # the app's code goes too: the report needs none of it
        for name in [n for n in sys.modules if n.startswith(("engine", "solitaire."))]:
            if name not in ("solitaire.boot", "solitaire.oops", "solitaire.text"):
                forget(name)
        gc.collect()
    display = controls = None
    if platform is not None:
        display = platform[1]
        controls = platform[2]
    else:
        try:
            import board

            display = getattr(board, "DISPLAY", None)
        except Exception:
            display = None
    text = explain(e, controls is not None, free)
    print("solitaire:", text)
    try:
        import traceback

        traceback.print_exception(e)
    except Exception:
        pass
    show(display, text)
    if controls is not None:
        controls.clear()
    wait_and_restart(controls)
