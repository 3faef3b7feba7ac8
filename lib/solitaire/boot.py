# The program: start the app (solitaire.startup, dropped once it has run) and run it. Any error
# on the way (no display, a missing pin or library, a malformed setting, a bug) goes to
# solitaire.oops, which shows it on the console and the screen and waits: never a traceback loop.
import gc


last_error = None  # the exception that stopped the app (tests and the simulator read it)
app = None  # the running App (tests read it)
platform = None


def start():
    global app, platform
    gc.collect()
    from solitaire.startup import start

    app, platform = start()
    app.settle()  # (start-up's code goes: only the core and the first screen's stay)
    return app


def main():
    global last_error, app
    try:
        start().run()
    except Exception as e:  # the app's own errors; KeyboardInterrupt etc. pass through
        last_error = e
        free = gc.mem_free() if hasattr(gc, "mem_free") else None  # (a PC has none)
        app = None  # the game and its screens go before the report is loaded: it needs heap
        gc.collect()
        from solitaire import oops

        oops.fail(e, platform, free)
