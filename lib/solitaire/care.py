# Battery care's moments (README "Battery care"): the backlight dimmed after SOLITAIRE_DIM
# seconds without a key, the screen dark after SOLITAIRE_SLEEP (the game saved first), and the
# key that lights it again. The app's loop (solitaire/app.py) sees when; this module, loaded
# for each moment and dropped after it, does it, so a board keeps none of it between them.
DIM = 0.2  # the backlight's share of its own brightness when dimmed


def light(app, lit, now):
    # 2: the screen as it was, 1: the backlight dimmed, 0: dark
    d = app.display
    if not lit:
        app.save()  # (the game in progress, if it changed since its last save)
    elif app.lit < 2:
        # the waking key does nothing else: a held key neither repeats nor makes a long or a
        # double press; the keys pressed after it are in the queue, and act
        c = app.controls
        c.rep_key = -1
        c.a_long_done = True
        c.a_last = None
        app.last_key = now
    if app.bright is not None:
        d.brightness = app.bright * (DIM if lit == 1 else lit // 2)
    if not (lit and app.lit):  # to or from dark: the blank group, black without a backlight
        d.root_group = app.screen.group if lit else app.blank
    app.lit = lit
    d.refresh()
