# Stand-in for adafruit_fruitjam.peripherals: request_display_config (the size asked is kept on
# the session; the simulator's panel is the profile's 320x240) and Peripherals (the three
# buttons, read from the session's pins; the DAC's output and volume, kept for tests; its I2S
# output records what is played into the session's audio log).
import _host

VALID_DISPLAY_SIZES = {(360, 200), (720, 400), (320, 240), (640, 480)}


def request_display_config(width=None, height=None, color_depth=None):
    if width is None:
        raise ValueError("No CIRCUITPY_DISPLAY_WIDTH specified in settings.toml.")
    if (width, height) not in VALID_DISPLAY_SIZES:
        raise ValueError("Invalid display size. Must be one of: %s" % (VALID_DISPLAY_SIZES,))
    _host.display_config((width, height))


class _I2SOut:
    def __init__(self):
        self.playing = False
        self.source = None

    def play(self, sample, loop=False):
        self.source = sample
        self.playing = True
        _host.audio_log()(("i2s_play", type(sample).__name__))

    def stop(self):
        self.playing = False


class Peripherals:
    def __init__(self, audio_output="headphone", safe_volume_limit=12, sample_rate=11025,
                 bit_depth=16, i2c=None):
        if audio_output not in ("headphone", "speaker"):
            raise ValueError("audio_output must be either 'headphone' or 'speaker'")
        self.safe_volume_limit = safe_volume_limit
        self.audio_output = audio_output
        self.sample_rate = sample_rate
        self._volume = 7
        self.audio = _I2SOut()
        self.dac = object()

    @property
    def volume(self):
        return self._volume

    @volume.setter
    def volume(self, level):
        if not 1 <= level <= 20:
            raise ValueError("Volume level must be between 1 and 20")
        if level > self.safe_volume_limit:
            raise ValueError("Volume level must be less than or equal to safe_volume_limit")
        self._volume = level

    button1 = property(lambda self: _host.pin_pressed("BUTTON1"))
    button2 = property(lambda self: _host.pin_pressed("BUTTON2"))
    button3 = property(lambda self: _host.pin_pressed("BUTTON3"))
