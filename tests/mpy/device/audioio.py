# audioio stand-in (heap budget run): an AudioOut holds what the SAMD51's C object does (two
# audio DMA records, one a channel: ~128 B); silent, and it records nothing (the simulator's
# stand-in does: sim/stubs/audioio.py).
from _heap import pad


class AudioOut:
    def __init__(self, left_channel, right_channel=None, quiescent_value=0x8000):
        self._m = pad("AudioOut", 128)
        self.sample = None

    def play(self, sample, loop=False):
        self.sample = sample

    def stop(self):
        self.sample = None

    @property
    def playing(self):
        return self.sample is not None
