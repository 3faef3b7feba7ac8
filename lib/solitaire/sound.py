# Sound, on a board with a speaker (solitaire/boards.py SPEAKER: PyBadge, PyGamer): a short
# sound for each thing the table does, played through board.SPEAKER (the SAMD51's DAC, audioio)
# with the amplifier (board.SPEAKER_ENABLE) on only while a sound plays. Loaded at start-up on
# those boards only; elsewhere app.sound is None and the hooks do nothing.
#
# No sound files and nothing made per sound: two small sample buffers are made at start-up and
# looped by the core's DMA, a square wave of one period (its pitch is the sample rate) and a
# burst of noise (a card's swish); a sound is a few steps (pitch, length) played one after the
# other by the main loop (app.step calls tick, app.wait_ms asks due). The buffers are unsigned
# 8-bit, the DAC's own format, so the core plays them where they are: no conversion buffer is
# allocated when a sound starts (CircuitPython's atmel-samd audio_dma.c makes one only when the
# sample's signedness differs from the output's). The volume is the buffers' amplitude.
from micropython import const

from solitaire.controls import ticks_diff

_PERIOD = const(16)  # samples in the square wave's one period: sample rate = pitch * 16
_NOISE = const(64)  # samples of noise, looped
_NOISE_RATE = const(11025)
_MASK = const(0x1FFFFFFF)
# amplitude of the level chosen in the options (0 off, quiet, medium, loud), out of 127
_AMPLITUDE = (0, 12, 36, 96)

# Each sound: (pitch, length) byte pairs. pitch: 0 rest, 1 noise, else Hz / 8; length: 10 ms.
# Each sound's first pitch is its own and none of its later ones is another's first: a sound
# is told by how it starts (the simulator's record, tests/test_sound.py).
SOUNDS = {
    "pick": b"\xc4\x02",  # 1568 Hz, 20 ms: a card lifted
    "drop": b"\x6e\x03",  # 880 Hz, 30 ms: a card put down (a move, a card sent home)
    "refused": b"\x19\x07\x00\x03\x18\x08",  # two low buzzes: not allowed
    "deal": b"\x01\x04",  # a swish of noise: a deal, the stock dealt or turned
    "undo": b"\x52\x03\x41\x04",  # down a third: taken back
    "win": b"\x42\x08\x53\x08\x62\x08\x83\x14",  # C E G C up
    "loss": b"\x31\x0f\x2e\x0f\x2c\x0f\x29\x1e",  # down by semitones, slowly
}


def rate(pitch):
    # the sample rate that plays a step's pitch byte (the simulator's record reads it back)
    return _NOISE_RATE if pitch == 1 else pitch << 7


class Sound:
    def __init__(self, speaker, enable, level):
        import audiocore
        import audioio
        import digitalio

        self.amp = digitalio.DigitalInOut(enable)
        self.amp.switch_to_output(value=False)
        self.out = audioio.AudioOut(speaker)
        self.wave = bytearray(_PERIOD)
        self.hiss = bytearray(_NOISE)
        self.tone = audiocore.RawSample(self.wave, sample_rate=8000)
        self.noise = audiocore.RawSample(self.hiss, sample_rate=_NOISE_RATE)
        self.steps = b""
        self.at = 0  # the next step's offset in steps
        self.due_at = None  # ticks of the next step; -1: at the next tick; None: silent
        self.set_level(level)

    def set_level(self, level):
        # 0 off, 1 quiet, 2 medium, 3 loud: the buffers' amplitude (what plays stops)
        self.stop()
        self.level = level
        a = _AMPLITUDE[level]
        w = self.wave
        for i in range(_PERIOD):
            w[i] = 128 + a if i < _PERIOD // 2 else 128 - a
        x = 1
        for i in range(_NOISE):  # a fixed noise: the same swish every time
            x = (x * 75 + 74) % 65537
            self.hiss[i] = 128 - a + (x & 255) * a // 128

    def play(self, name):
        # the sound called name, from the main loop's next tick (the step that took the key)
        if self.level:
            self.steps = SOUNDS[name]
            self.at = 0
            self.due_at = -1

    def tick(self, now):
        # the next step when its time comes; the amplifier off once the last one ends
        at = self.due_at
        if at is None or at != -1 and ticks_diff(now, at) < 0:
            return
        i = self.at
        steps = self.steps
        if i >= len(steps):
            self.stop()
            return
        pitch = steps[i]
        if pitch:
            sample = self.tone
            if pitch == 1:
                sample = self.noise
            else:
                sample.sample_rate = rate(pitch)
            self.amp.value = True
            self.out.play(sample, loop=True)
        else:
            self.out.stop()
        self.at = i + 2
        self.due_at = (now + 10 * steps[i + 1]) & _MASK

    def due(self, now, most):
        # ms (at most `most`) until tick() has something to do
        at = self.due_at
        if at is None:
            return most
        return 0 if at == -1 else max(0, min(most, ticks_diff(at, now)))

    def stop(self):
        self.out.stop()
        self.amp.value = False
        self.due_at = None
