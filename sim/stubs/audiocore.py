# Stand-in for CircuitPython's `audiocore` (simulator and MicroPython runs alike): a RawSample, in
# about the C object's 32 B under MicroPython. Like the C object it keeps where its samples are
# and how many, not the buffer object (the app keeps that alive), and a sample rate that can
# change, for sim/stubs/audioio.py to record; the simulator keeps the buffer too, to play it.
import _host


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        if not 1 <= channel_count <= 2:
            raise ValueError("channel_count must be 1 or 2")
        self._m = _host.pad("RawSample", 32)
        try:
            self.length = len(buffer)
        except TypeError:  # (the heap run's calibration makes one of a stand-in's buffer)
            self.length = 0
        self.channel_count = channel_count
        self.sample_rate = sample_rate
        self.single_buffer = single_buffer
        if _host.audio_log() is not None:
            # the simulator plays the samples (sim/speaker.py): it keeps the buffer, whose bytes
            # the app rewrites for the volume; MicroPython runs record nothing and keep the C
            # object's fields only (`buf`: a name the stand-ins intern anyway)
            self.buf = buffer

    def deinit(self):
        self._m = None
