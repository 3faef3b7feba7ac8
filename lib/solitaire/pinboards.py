# The board profiles whose buttons are on pins read by keypad.Keys and named by the profile, and
# the display a board has no board.DISPLAY for, as data: loaded at start-up by solitaire.boards
# on those boards only, then dropped (the PyBadge never loads it: its names take no RAM there).
#   picosystem   Pimoroni PicoSystem: board.DISPLAY 240x240, eight buttons on SW_* pins
#   picodisplay  a Raspberry Pi Pico with Pimoroni's Pico Display Pack: a 240x135 ST7789 on SPI,
#                made here from PANELS (a Pico has no board.DISPLAY), buttons A B X Y on GP12-15
from solitaire import keys as K
from solitaire.boards import SetupError, _pin

# buttons to ground on pins with pull-ups (pressed reads low), in SOLITAIRE_BUTTONS' words
# (settings.toml's SOLITAIRE_BUTTONS replaces them). PicoSystem: X and Y are SELECT and START,
# as in the ugame library frozen into its firmware. Pico Display Pack: A and B left of the
# screen, X and Y right of it, as A B LEFT RIGHT: the four-button scheme (solitaire/controls.py)
BUTTONS = {
    "picosystem": "UP=SW_UP DOWN=SW_DOWN LEFT=SW_LEFT RIGHT=SW_RIGHT A=SW_A B=SW_B START=SW_Y SELECT=SW_X",
    "picodisplay": "A=GP12 B=GP13 LEFT=GP14 RIGHT=GP15",
}
# the words printed on a button that stands for a key of another name: every screen names the
# button so ("Y: pause menu", "X/Y: move"; solitaire/boards.py controls() names)
LABELS = {"picosystem": {K.START: "Y", K.SELECT: "X"}, "picodisplay": {K.LEFT: "X", K.RIGHT: "Y"}}

# (width, height, rotation, colstart, rowstart, SPI clock, MOSI, D/C, CS, backlight pin names,
# init sequence). The init sequence is displayio's format: command, argument count (+0x80: a
# delay follows), arguments, delay in ms. The Pico Display Pack's ST7789, from the datasheet's
# commands: SWRESET, wait 150 ms; SLPOUT, wait 120 ms; COLMOD 0x55 (16-bit RGB565); MADCTL 0
# (displayio rotates); INVON (the IPS panel shows inverted colours without it); NORON; DISPON.
# Its 135x240 window sits at column 53, row 40 of the chip's 240x320 memory; it has no reset
# line (SWRESET does it).
PANELS = {
    "picodisplay": (240, 135, 270, 53, 40, "GP18", "GP19", "GP16", "GP17", "GP20",
                    b"\x01\x80\x96\x11\x80\x78\x3a\x01\x55\x36\x01\x00\x21\x00\x13\x00\x29\x80\x0a"),
}


def setup(board, kind, own_buttons):
    # (display or None, the buttons' text, labels or None) of profile `kind`; own_buttons:
    # settings.toml's SOLITAIRE_BUTTONS (then the profile's buttons and labels give way)
    display = getattr(board, "DISPLAY", None)
    if display is None and kind in PANELS:
        display = make_display(board, kind)
    if own_buttons:
        return display, own_buttons, None
    spec = BUTTONS[kind]
    for item in spec.split():  # the profile's pins, each named with the profile if missing
        _pin(board, item[item.find("=") + 1:], kind)  # (not SOLITAIRE_BUTTONS: not set)
    return display, spec, LABELS.get(kind)


def make_display(board, kind):
    # the panel of PANELS[kind] on the core's own modules (no driver library to load)
    w, h, rotation, colstart, rowstart, sck, mosi, dc, cs, bl, init = PANELS[kind]
    import busdisplay
    import busio
    import displayio
    import fourwire

    displayio.release_displays()
    try:
        spi = busio.SPI(_pin(board, sck, kind), MOSI=_pin(board, mosi, kind))
        bus = fourwire.FourWire(spi, command=_pin(board, dc, kind), chip_select=_pin(board, cs, kind),
                                baudrate=62500000)
        return busdisplay.BusDisplay(bus, init, width=w, height=h, rotation=rotation,
                                     colstart=colstart, rowstart=rowstart,
                                     backlight_pin=_pin(board, bl, kind))
    except (ValueError, RuntimeError) as e:
        raise SetupError("Display on " + sck + "/" + mosi + "/" + dc + "/" + cs + ": can't set it up (" + str(e) + ")")
