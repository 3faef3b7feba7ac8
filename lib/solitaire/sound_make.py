# Making solitaire.sound's objects, once the first screen shows, and its volume, from the
# options page: loaded for the call and dropped (the board keeps only the code that plays).
#
# The samples are unsigned 8-bit, the DAC's own format, so the core plays them where they are:
# CircuitPython's atmel-samd audio_dma.c allocates a conversion buffer when a sample's
# signedness differs from the output's, and a looped single-buffer sample needs no other. The
# volume is their amplitude, rewritten in place.
from solitaire import sound

PERIOD = 16  # samples of the square wave's one period: its sample rate is 16 x its pitch
NOISE = 64  # samples of noise, looped
NOISE_RATE = 11025
AMPLITUDE = (0, 12, 36, 96)  # out of 127, for the levels off, quiet, medium, loud


def rate(pitch):
    # the sample rate a step's pitch byte plays at (solitaire.sound: pitch 1 the noise, else
    # Hz / 8, so pitch << 7 for the square wave)
    return NOISE_RATE if pitch == 1 else pitch * 8 * PERIOD


def start(app):
    # the speaker's sounds at the level saved in the options, made at the app's first quiet
    # step (solitaire/app.py), so the first screen shows ~0.07 s sooner on a PyBadge; a board
    # whose audio will not start plays on without sound, and says why on the console
    from solitaire import options  # (for the call, unless the page shown declares it)

    pins = app.speaker
    app.speaker = None
    level = options.sound_level(app)
    try:
        if pins[0] == "fruitjam":  # its DAC, through its Peripherals (solitaire/fruitjam.py)
            from solitaire import fruitjam_sound

            app.sound = fruitjam_sound.make(pins[1], level)
        else:
            app.sound = make(pins[0], pins[1], level)
    except (ValueError, RuntimeError) as e:
        print("No sound:", e)


def make(speaker, enable, level):
    import audiocore
    import audioio
    import digitalio

    s = sound
    s.amp = digitalio.DigitalInOut(enable)
    s.amp.switch_to_output(value=False)
    s.out = audioio.AudioOut(speaker)
    s.buf = b = bytearray(PERIOD + NOISE)
    # (the core keeps a pointer into the buffer, not the slice: s.buf keeps the bytes)
    s.tone = audiocore.RawSample(memoryview(b)[:PERIOD], sample_rate=8000)
    s.noise = audiocore.RawSample(memoryview(b)[PERIOD:], sample_rate=NOISE_RATE)
    set_level(s, level)
    return s


def set_level(s, level):
    # what plays stops; the samples' amplitude for the level
    s.stop()
    s.level = level
    a = AMPLITUDE[level]
    b = s.buf
    for i in range(PERIOD):
        b[i] = 128 + a if i < PERIOD // 2 else 128 - a
    x = 1
    for i in range(PERIOD, PERIOD + NOISE):  # a fixed noise: the same swish every time
        x = (x * 75 + 74) % 65537
        b[i] = 128 - a + (x & 255) * a // 128
