# Start-up: build the board's platform, load the font, run the app. Any error on the way (no
# display, a missing pin or library, a malformed setting, a bug) is shown on the console and
# on the screen, then the program waits for a button (which restarts it) or a reset: never a
# traceback loop.
import time

last_error = None  # the exception that stopped the app (tests and the simulator read it)
app = None  # the running App (tests read its state)


def _font():
    try:
        from solitaire.art import load_font
    except ImportError as e:
        import terminalio

        print("solitaire: art module missing (" + str(e) + "); using terminalio.FONT")
        return terminalio.FONT
    return load_font()


def explain(e):
    # the message for the player
    from solitaire.boards import SetupError
    from solitaire.settings import SettingError

    if isinstance(e, (SetupError, SettingError)):
        return str(e) + "\nFix it, then press a button or reset."
    if isinstance(e, ImportError):
        return ("Missing module: " + str(e) + ". Copy lib/ and the libraries in "
                "requirements-device.txt to CIRCUITPY (see README).")
    if isinstance(e, MemoryError):
        return "Out of memory. Details on the serial console."
    return "Internal error: " + type(e).__name__ + ": " + str(e) + ". Details on the serial console."


def show_error(display, text):
    # draw text on the display with the built-in font; never raises
    if display is None:
        return
    try:
        import displayio
        import terminalio
        import vectorio
        from adafruit_display_text import bitmap_label

        from solitaire.screen import wrap

        w = display.width
        h = display.height
        scale = 2 if w >= 320 else 1
        g = displayio.Group()
        pal = displayio.Palette(1)
        pal[0] = 0x401010
        g.append(vectorio.Rectangle(pixel_shader=pal, width=w, height=h, x=0, y=0))
        t = displayio.Group(scale=scale)
        g.append(t)
        lines = ["Solitaire can't go on:"] + wrap(terminalio.FONT, text, w // scale - 6)
        lines = lines[: max(1, (h // scale - 4) // 12)]
        lab = bitmap_label.Label(terminalio.FONT, text="\n".join(lines), color=0xFFFFFF,
                                 line_spacing=1.0, anchor_point=(0, 0), anchored_position=(3, 2))
        t.append(lab)
        display.root_group = g
    except Exception as e2:  # no text library: show the serial console, where the message is
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
    # wait for a button (restart the program) or for a reset
    while True:
        if controls is not None:
            try:
                import supervisor

                if controls.poll(supervisor.ticks_ms()) >= 0:
                    supervisor.reload()
            except Exception:
                controls = None
        time.sleep(0.02)


def fail(e, platform):
    global last_error
    last_error = e
    text = explain(e)
    print("solitaire:", text)
    try:
        import traceback

        traceback.print_exception(e)
    except Exception:
        pass
    display = None
    controls = None
    if platform is not None:
        display = platform.display
        controls = platform.controls
    else:
        try:
            import board

            display = getattr(board, "DISPLAY", None)
        except Exception:
            display = None
    show_error(display, text)
    if controls is not None:
        controls.clear()
    wait_and_restart(controls)


def start():
    global app
    from solitaire import boards

    platform = boards.build()
    font = _font()
    from solitaire.app import App

    app = App(platform, font)
    return app


def main():
    try:
        start().run()
    except Exception as e:
        fail(e, None)
