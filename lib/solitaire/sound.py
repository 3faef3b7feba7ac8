# Sound, on a board with a speaker (solitaire/boards.py SPEAKER: PyBadge, PyGamer): a short
# sound for each thing the table does, through board.SPEAKER (the SAMD51's DAC, audioio), the
# amplifier (board.SPEAKER_ENABLE) on only while a sound plays. Loaded at start-up on those
# boards only (elsewhere app.sound is None and the hooks do nothing); what makes its objects
# and sets the volume is solitaire/sound_make.py, loaded for that and dropped.
#
# No sound files and nothing made per sound: two small sample buffers made at start-up are
# looped by the core's DMA, a square wave of one period (its pitch is the sample rate) and a
# burst of noise (a card's swish); a sound is a few steps (pitch, length) that the main loop
# plays one after the other (app.step calls tick, app.wait_ms asks due).
from solitaire.controls import ticks_diff

# the sounds, by the names the table's hooks use (solitaire/play.py hear), and their steps in
# STEPS from START[i]: (pitch, length) byte pairs, pitch 0 a rest, 1 the noise, else Hz / 8,
# length in 10 ms; a pitch of 255 ends the sound. Each sound's first pitch is its own and none
# of its later ones is another's first: a sound is told by how it starts (the simulator's
# record: tests/test_sound.py)
NAMES = ("pick", "drop", "refused", "deal", "undo", "win", "loss")
STEPS = (b"\xc4\x02\xff"  # pick: 1568 Hz, 20 ms: a card lifted
         b"\x6e\x03\xff"  # drop: 880 Hz, 30 ms: a card put down (a move, a card sent home)
         b"\x19\x07\x00\x03\x18\x08\xff"  # refused: two low buzzes
         b"\x01\x04\xff"  # deal: a swish of noise (a deal, the stock dealt or turned)
         b"\x52\x03\x41\x04\xff"  # undo: down a third
         b"\x42\x08\x53\x08\x62\x08\x83\x14\xff"  # win: C E G C up
         b"\x31\x0f\x2e\x0f\x2c\x0f\x29\x1e\xff")  # loss: down by semitones, slowly
START = b"\x00\x03\x06\x0d\x10\x15\x1e"


# The speaker's state, set by solitaire.sound_make.make (this module is the one speaker; the
# app keeps it as app.sound): amp (the amplifier's pin), out (the AudioOut), tone and noise (the
# RawSamples), buf (their samples: the core keeps a pointer into it, not the object), level (0
# off, quiet, medium, loud), at (the next step in STEPS), due_at (ticks of the next step; -1:
# at the next tick; None: silent)
amp = out = tone = noise = buf = due_at = None
level = at = 0


def play(name):
    # from the main loop's next tick: the step that took the key
    global at, due_at
    if level:
        at = START[NAMES.index(name)]
        due_at = -1


def tick(now):
    # the next step when its time comes; the amplifier off once the last one ends
    global at, due_at
    if due_at is None or due_at != -1 and ticks_diff(now, due_at) < 0:
        return
    pitch = STEPS[at]
    if pitch == 255:
        stop()
        return
    if pitch:
        sample = noise
        if pitch > 1:
            sample = tone
            sample.sample_rate = pitch << 7  # 16 samples a period (sound_make.rate)
        amp.value = True
        out.play(sample, loop=True)
    else:
        out.stop()
    due_at = (now + 10 * STEPS[at + 1]) & 0x1FFFFFFF
    at += 2


def due(now, most):
    # ms (at most `most`) until tick() has something to do
    if due_at is None:
        return most
    return 0 if due_at == -1 else max(0, min(most, ticks_diff(due_at, now)))


def stop():
    global due_at
    out.stop()
    amp.value = False
    due_at = None
