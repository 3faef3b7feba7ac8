# audiocore stand-in (heap budget run): a RawSample keeps its buffer (the core does not copy it)
# and its sample rate, in about the C object's 32 B.
from _heap import pad


class RawSample:
    def __init__(self, buffer, channel_count=1, sample_rate=8000, single_buffer=True):
        self._m = pad("RawSample", 32)
        self.buffer = buffer
        self.sample_rate = sample_rate
