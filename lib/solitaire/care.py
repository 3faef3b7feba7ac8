# Battery care (docs/playing.md): the backlight dimmed after SOLITAIRE_DIM seconds without
# a key, the screen dark after SOLITAIRE_SLEEP (the game saved first), the key that lights it
# again; and the battery's level on boards with a monitor (the PyBadge's and PyGamer's board.A6
# reads half the battery's voltage through a divider: Adafruit's pinouts pages), read at
# start-up and once a minute into app.level, which the title and the pause box show. The app's loop keeps only the time the next of
# these is due (app.care_at) and loads this module then, or at a key while the screen is dimmed
# or dark; it is dropped after each call, so a board keeps none of it between them.
from micropython import const

from solitaire.controls import ticks_diff

_BATTERY_MS = const(60000)  # the battery is read this often
_IDLE_MS = const(3600000)  # with nothing to come, a look this often (a cheap one)
_LOW = const(10)  # % at and below which the battery is low (said once on the table)


def tend(app, now, lit):
    # lit 2: a key woke the screen; -1: the loop's call at app.care_at, for what is due.
    # app.lit: 2 the screen as it was, 1 the backlight dimmed (to a fifth), 0 dark
    nxt = _IDLE_MS
    if app.battery is not None:
        nxt = ticks_diff(app.battery_at, now)
        if nxt <= 0 and app.lit:
            nxt = _BATTERY_MS
            app.battery_at = (now + nxt) & 0x1FFFFFFF
            n = app.level = read(app)
            screen = app.screen
            # a low battery is said once, on the table with no box open (the title and the
            # pause box show the level whenever they are opened)
            if n <= _LOW and not app.low_told and getattr(screen, "box", 0) is None:
                app.low_told = True
                # (until a key; 0 is anything under 10 %: read() counts in steps of 10)
                screen.tell("Battery low (%s): charge it soon" % ("%d%%" % n if n else "under 10%"))
                app.display.refresh()
    idle = ticks_diff(now, app.last_key)
    dim, dark = app.care  # ms without a key (0: never)
    if lit < 0:
        lit = 0 if dark and idle >= dark else 1 if dim and idle >= dim else app.lit
    for t in (dim if lit > 1 else 0, dark if lit else 0):
        if t:
            nxt = min(nxt, t - idle)
    app.care_at = (now + max(nxt, 1)) & 0x1FFFFFFF
    if lit == app.lit:
        return
    d = app.display
    if not lit:
        app.save()  # (the game in progress, if it changed since its last save)
    elif app.lit < 2:
        # the waking key does nothing else: held on, it neither repeats nor makes a long or a
        # double press; the keys pressed after it are queued, and act
        c = app.controls
        c.rep_key = -1
        c.a_long_done = True
        c.a_last = None
    if app.bright is not None:
        d.brightness = app.bright * (0.2 if lit == 1 else lit // 2)
    if not (lit and app.lit):  # to or from dark: the blank group, black without a backlight
        d.root_group = app.screen.group if lit else app.blank
    app.lit = lit
    d.refresh()


def read(app):
    # the battery's level now, %, in steps of 10
    import analogio

    a = analogio.AnalogIn(app.battery)
    v = 0
    for _ in range(4):  # (a few reads: the ADC is noisy)
        v += a.value
    mv = v * a.reference_voltage * 500 / 65535  # x2 (the divider) x1000 / 4 reads
    a.deinit()
    n = 0
    # a LiPo cell's voltage (mV) at 10 %, 20 % ... 100 %: ~4.2 V full, a long plateau near
    # 3.7-3.8 V, then a quick fall to ~3.2 V, where the board's protection cuts it off
    for t in (3500, 3600, 3680, 3730, 3770, 3810, 3860, 3930, 4010, 4100):
        if mv >= t:
            n += 10
    return n

