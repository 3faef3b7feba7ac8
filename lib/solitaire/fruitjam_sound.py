# The Fruit Jam's sounds: solitaire/sound.py's steps played by the core's synthio through the
# TLV320 DAC (adafruit_fruitjam's Peripherals, at the launcher's output and volume). The DAC's
# clocks are set for one sample rate, so the pitch is a synthio note's frequency, not the sample
# rate the PyBadge changes. The same names as solitaire.sound (play, tick, due, stop, level,
# buf), so the app, the table's hooks and the options page use it as they use that module.
# Loaded on the Fruit Jam only, once the first screen shows (solitaire/sound_make.py start()).
from solitaire.controls import ticks_diff
from solitaire.sound import NAMES, START, STEPS

RATE = 11025  # adafruit_fruitjam's Peripherals' default: the DAC's clocks are set for it
# the levels off, quiet, medium, loud as a note's amplitude (solitaire/sound_make.py's AMPLITUDE)
AMPLITUDE = (0.0, 0.1, 0.3, 0.75)

synth = note = square = noise = None
buf = bytearray(80)  # (sound_make.set_level writes the PyBadge's samples here: unused)
level = at = 0
due_at = None  # ticks of the next step; -1: at the next tick; None: silent


def make(periph, lvl):
    # the synthesizer playing on the DAC, a square wave and a noise burst as waveforms
    global synth, note, square, noise, level
    import synthio
    from array import array

    square = array("h", [12000] * 8 + [-12000] * 8)
    x = 1
    noise = array("h", [0] * 64)
    for i in range(64):  # a fixed noise: the same swish every time
        x = (x * 75 + 74) % 65537
        noise[i] = ((x & 255) - 128) * 90
    synth = synthio.Synthesizer(sample_rate=RATE)
    # no attack nor release: each step is heard for its own 10 ms steps, as on the PyBadge
    env = synthio.Envelope(attack_time=0, decay_time=0, release_time=0, attack_level=1.0,
                           sustain_level=1.0)
    note = synthio.Note(frequency=440, waveform=square, envelope=env)
    periph.audio.play(synth)
    level = lvl
    import sys

    return sys.modules[__name__]


def play(name):
    global at, due_at
    if level:
        at = START[NAMES.index(name)]
        due_at = -1


def tick(now):
    global at, due_at
    if due_at is None or due_at != -1 and ticks_diff(now, due_at) < 0:
        return
    pitch = STEPS[at]
    if pitch == 255:
        stop()
        return
    synth.release(note)
    if pitch:
        if pitch == 1:  # the noise: its 64 samples once a period, at the sample rate
            note.waveform = noise
            note.frequency = RATE / 64
        else:
            note.waveform = square
            note.frequency = pitch * 8
        note.amplitude = AMPLITUDE[level]
        synth.press(note)
    due_at = (now + 10 * STEPS[at + 1]) & 0x1FFFFFFF
    at += 2


def due(now, most):
    if due_at is None:
        return most
    return 0 if due_at == -1 else max(0, min(most, ticks_diff(due_at, now)))


def stop():
    global due_at
    if synth is not None:
        synth.release(note)
    due_at = None
