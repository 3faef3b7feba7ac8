# Stand-in for CircuitPython's `audioio` (simulator and MicroPython runs alike): silent. AudioOut
# records what the board would play through the runtime's `_host.audio_log()` (the simulator:
# the session's `audio` list, sim/hw.py, which tests read; the MicroPython runs: None, nothing
# recorded and nothing allocated):
#   ("play", ms, sample rate, samples in the buffer, loop)   ("stop", ms)
# Its pad makes it weigh what the SAMD51's C object does (two audio DMA records, one a channel:
# ~128 B) under MicroPython.
import _host


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        if left_channel is None:
            raise ValueError("left_channel must be a Pin")
        self._m = _host.pad("AudioOut", 128)
        self._sample = None
        self._log = _host.audio_log()

    def _check(self):
        if self._m is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")

    def play(self, sample, *, loop=False):
        self._check()
        self._sample = sample
        if self._log is not None:
            # (the sample too: the simulator plays it, sim/speaker.py)
            self._log(("play", sample.sample_rate, sample.length, loop), sample)

    def stop(self):
        self._check()
        if self._sample is not None and self._log is not None:
            self._log(("stop",))
        self._sample = None

    @property
    def playing(self):
        # a looped sample plays until stopped (a one-shot one is taken as over at once)
        return self._sample is not None

    paused = False

    def deinit(self):
        self._m = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
