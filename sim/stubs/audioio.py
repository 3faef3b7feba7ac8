# Stand-in for CircuitPython's `audioio` on the simulator: silent. AudioOut records what the
# board would play in the session's `audio` list (sim/hw.py), which tests read:
#   ("play", ms, sample rate, samples in the buffer, loop)   ("stop", ms)
from sim import hw as _hw


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        if left_channel is None:
            raise ValueError("left_channel must be a Pin")
        self._sample = None
        self._live = True
        self._session = _hw.session  # (a test may drive the app after its run is closed)

    def _check(self):
        if not self._live:
            raise ValueError("Object has been deinitialized and can no longer be used.")

    def play(self, sample, *, loop=False):
        self._check()
        self._sample = sample
        s = self._session
        s.audio.append(("play", s.now_ms(), sample.sample_rate, len(sample._buffer), loop))

    def stop(self):
        self._check()
        if self._sample is not None:
            s = self._session
            s.audio.append(("stop", s.now_ms()))
        self._sample = None

    @property
    def playing(self):
        # a looped sample plays until stopped (a one-shot one is taken as over at once)
        return self._sample is not None

    paused = False

    def deinit(self):
        self._live = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
