# The battery's level, on boards with a monitor: the PyBadge's and PyGamer's board.A6 reads half
# the battery's voltage through a divider (Adafruit's pinouts pages). Loaded to read it (once a
# minute by solitaire/care.py, and by the title and the pause box), then dropped.
from micropython import const

_LOW = const(10)  # % at and below which the battery is low (said once on the table)


def read(app):
    # the level now, %, in steps of 10
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


def words(app):
    n = read(app)
    return ("Battery low: " if n <= _LOW else "Battery ") + str(n) + "%"


def check(app):
    # the loop's reading: a low battery is said once, on the table (the title and the pause
    # box show it whenever they are opened)
    n = read(app)
    if n <= _LOW and not app.low_told:
        screen = app.screen
        if getattr(screen, "box", 0) is None and not screen.over:  # the table, no box open
            app.low_told = True
            screen.say("Battery low (" + str(n) + "%): charge it soon")
            app.display.refresh()
