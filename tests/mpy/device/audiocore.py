# audiocore stand-in (heap budget run): a RawSample in about the C object's 32 B. Like the C
# object it keeps a pointer to its samples, not the buffer object (the app keeps that alive).
from _heap import pad


class RawSample:
    def __init__(self, buffer, channel_count=1, sample_rate=8000, single_buffer=True):
        self._m = pad("RawSample", 32)
        self.sample_rate = sample_rate
