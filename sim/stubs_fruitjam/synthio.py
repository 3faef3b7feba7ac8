# Stand-in for the core's synthio, as the Fruit Jam's sounds use it (lib/solitaire/
# fruitjam_sound.py): each note pressed is recorded in the session's audio log with its
# frequency and amplitude, each release too.
import _host


class Envelope:
    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)


class Note:
    def __init__(self, frequency, waveform=None, envelope=None, amplitude=1.0):
        self.frequency = frequency
        self.waveform = waveform
        self.envelope = envelope
        self.amplitude = amplitude


class Synthesizer:
    def __init__(self, sample_rate=11025, channel_count=1, waveform=None, envelope=None):
        self.sample_rate = sample_rate
        self.pressed = []
        self._log = _host.audio_log()

    def press(self, note):
        self.pressed.append(note)
        self._log(("note_on", round(note.frequency, 1), note.amplitude))

    def release(self, note):
        if note in self.pressed:
            self.pressed.remove(note)
            self._log(("note_off",))
