# Battery care (README "Battery care"): the backlight dimmed after SOLITAIRE_DIM seconds without
# a key, the screen dark after SOLITAIRE_SLEEP (the game saved first), the key that lights it
# again, and the battery's level read once a minute on boards with a monitor. The app's loop
# keeps only the time the next of these is due (app.care_at) and loads this module then, or
# at a key while the screen is dimmed or dark; it is dropped after each call, so a board keeps
# none of it between them.
from micropython import const

from solitaire.controls import ticks_diff

_BATTERY_MS = const(60000)  # the battery is read this often
_IDLE_MS = const(3600000)  # with nothing to come, a look this often (a cheap one)


def tend(app, now, lit):
    # lit 2: a key woke the screen; -1: the loop's call at app.care_at, for what is due.
    # app.lit: 2 the screen as it was, 1 the backlight dimmed (to a fifth), 0 dark
    nxt = _IDLE_MS
    if app.battery is not None:
        nxt = ticks_diff(app.battery_at, now)
        if nxt <= 0 and app.lit:
            nxt = _BATTERY_MS
            app.battery_at = (now + nxt) & 0x1FFFFFFF
            from solitaire import forget
            from solitaire.battery import check

            check(app)
            forget("solitaire.battery")
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
