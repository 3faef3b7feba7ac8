# Board profiles: what each simulated board has (screen, buttons, joystick, NVM size, pins),
# taken from each board's published hardware description.
#
# A button is wired one of three ways:
#   ("sr", n)        bit n of the board's shift register (keypad.ShiftRegisterKeys)
#   ("pin", "GP12")  a GPIO pin read by keypad.Keys
#   ("joy", axis, v) the analog joystick: axis "x"/"y" goes to v (0 or 65535) while held
#   ("pad", n)       button n of a USB gamepad (the Fruit Jam's; the driver's numbering:
#                    sim/stubs_fruitjam/relic_usb_host_gamepad.py)

BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")


class Profile:
    def __init__(self, name, board_id, width, height, nvm_size, buttons, pins,
                 settings=None, pressed_level=True):
        self.name = name
        self.board_id = board_id
        self.width = width
        self.height = height
        self.nvm_size = nvm_size
        self.buttons = buttons  # button name -> wiring tuple (see above)
        self.pins = pins  # tuple of board pin names
        self.settings = settings or {}  # default settings.toml values
        # logic level a pressed button reads: the PyBadge shift register reads high,
        # a button to ground on a pin with a pull-up reads low
        self.pressed_level = pressed_level
        self.usb_keyboard = False  # the PC keyboard types on a USB keyboard (the Fruit Jam)

    def has(self, button):
        return button in self.buttons


_SR_PINS = ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH")
# A6: the battery monitor (half the battery's voltage, Adafruit's pinouts pages)
_COMMON_PINS = ("NEOPIXEL", "SPEAKER", "SPEAKER_ENABLE", "LIGHT", "TFT_BACKLIGHT", "D13", "A0", "A1",
                "A6")

# NVM: CIRCUITPY_INTERNAL_NVM_SIZE of the SAMD51 port, 8192 bytes (the stubs' 256 is the SAMD21's)
PYBADGE = Profile(
    "pybadge", "pybadge", 160, 128, 8192,
    {"B": ("sr", 0), "A": ("sr", 1), "START": ("sr", 2), "SELECT": ("sr", 3),
     "RIGHT": ("sr", 4), "DOWN": ("sr", 5), "UP": ("sr", 6), "LEFT": ("sr", 7)},
    _SR_PINS + _COMMON_PINS,
)

# joystick: x grows to the right, y grows downwards, centre 32768
PYGAMER = Profile(
    "pygamer", "pygamer", 160, 128, 8192,
    {"B": ("sr", 0), "A": ("sr", 1), "START": ("sr", 2), "SELECT": ("sr", 3),
     "LEFT": ("joy", "JOYSTICK_X", 0), "RIGHT": ("joy", "JOYSTICK_X", 65535),
     "UP": ("joy", "JOYSTICK_Y", 0), "DOWN": ("joy", "JOYSTICK_Y", 65535)},
    _SR_PINS + _COMMON_PINS + ("JOYSTICK_X", "JOYSTICK_Y"),
)

PICO320 = Profile(
    "pico320", "raspberry_pi_pico", 320, 240, 4096,
    {"A": ("pin", "GP12"), "B": ("pin", "GP13"), "LEFT": ("pin", "GP14"), "RIGHT": ("pin", "GP15")},
    tuple("GP%d" % i for i in range(29)) + ("LED",),
    settings={"SOLITAIRE_BUTTONS": "A=GP12 B=GP13 LEFT=GP14 RIGHT=GP15"},
    pressed_level=False,
)

# Pimoroni PicoSystem: pins from circuitpython-stubs' board_definitions/pimoroni_picosystem;
# buttons to ground with the RP2040's pull-ups, pressed reads low (its frozen ugame library reads
# them with keypad.Keys(value_when_pressed=False, pull=True))
PICOSYSTEM = Profile(
    "picosystem", "pimoroni_picosystem", 240, 240, 4096,
    {b: ("pin", "SW_" + b) for b in ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")}
    | {"START": ("pin", "SW_Y"), "SELECT": ("pin", "SW_X")},
    ("GP0", "GP1", "VBUS_DETECT", "LCD_RESET", "LCD_CS", "LCD_SCLK", "LCD_MOSI", "LCD_VSYNC", "LCD_DC",
     "AUDIO", "BACKLIGHT", "LED_G", "LED_R", "LED_B", "SW_Y", "SW_X", "SW_A", "SW_B", "SW_DOWN",
     "SW_RIGHT", "SW_LEFT", "SW_UP", "CHARGE_STAT", "BAT_SENSE"),
    pressed_level=False,
)

# a Pico with Pimoroni's Pico Display Pack (1.14" 240x135 ST7789; buttons A B X Y on
# GP12-GP15). On the device the app makes the display from solitaire/boards.py's PANELS (a Pico
# has no board.DISPLAY); the simulator hands it the screen as board.DISPLAY.
PICODISPLAY = Profile(
    "picodisplay", "raspberry_pi_pico", 240, 135, 4096,
    {"A": ("pin", "GP12"), "B": ("pin", "GP13"), "LEFT": ("pin", "GP14"), "RIGHT": ("pin", "GP15")},
    PICO320.pins,
    settings={"SOLITAIRE_BOARD": "picodisplay"},
    pressed_level=False,
)

# Adafruit Fruit Jam (RP2350): HDMI at 320x240, a USB gamepad (the buttons scripts press: the
# driver's numbers A=0 B=1 UP=4 DOWN=5 LEFT=6 RIGHT=7 START=8 SELECT=9), a USB keyboard (the PC
# keyboard in the interactive front ends, Session.type in tests), three buttons to ground on
# BUTTON1-3 (read through adafruit_fruitjam's Peripherals), an RP2350's 4 KB NVM, and saves on
# the /saves drive (a folder of the run's data dir: sim/runner.py sets SOLITAIRE_SAVES)
FRUITJAM = Profile(
    "fruitjam", "adafruit_fruit_jam", 320, 240, 4096,
    {"A": ("pad", 0), "B": ("pad", 1), "UP": ("pad", 4), "DOWN": ("pad", 5), "LEFT": ("pad", 6),
     "RIGHT": ("pad", 7), "START": ("pad", 8), "SELECT": ("pad", 9),
     "BUTTON1": ("pin", "BUTTON1"), "BUTTON2": ("pin", "BUTTON2"), "BUTTON3": ("pin", "BUTTON3")},
    ("BUTTON1", "BUTTON2", "BUTTON3", "NEOPIXEL", "I2S_BCLK", "I2S_WS", "I2S_DIN", "SD_CS",
     "CKP", "CKN", "D0P", "D0N", "D1P", "D1N", "D2P", "D2N"),
    pressed_level=False,
)
FRUITJAM.usb_keyboard = True

PROFILES = {p.name: p for p in (PYBADGE, PYGAMER, PICO320, PICOSYSTEM, PICODISPLAY, FRUITJAM)}


def get(name):
    """The profile called name; ValueError with a one-line message listing the valid ones."""
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError("unknown board %r; valid boards: %s" % (name, ", ".join(PROFILES))) from None
