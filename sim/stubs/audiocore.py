# Stand-in for CircuitPython's `audiocore` on the simulator: RawSample keeps its buffer (as the
# core does: no copy) and a sample rate that can change, for sim/stubs/audioio.py to record.
class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        if not 1 <= channel_count <= 2:
            raise ValueError("channel_count must be 1 or 2")
        self._buffer = buffer
        self.channel_count = channel_count
        self.sample_rate = sample_rate
        self.single_buffer = single_buffer

    def deinit(self):
        self._buffer = None
