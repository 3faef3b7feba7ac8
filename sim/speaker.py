# The board's speaker on a PC, for the window front end: what the speaker's stand-ins record
# (sim/stubs/audioio.py, audiocore.py, digitalio.py) is put back together as sound and played
# with a command the PC already has (paplay, aplay or afplay: nothing to install or pin). Where
# none is found, or one fails, the sounds are skipped without a word: the game is the same.
#
# A sound is everything between the amplifier going on and off (solitaire/sound.py switches it
# off after each sound, a rest within one keeps it on): its looped samples, each at the sample
# rate it was played at, for as long as it played. It is played once the amplifier goes off:
# the recording only says how long a step lasts when the next one starts, so a sound is heard
# its own length late (20-40 ms for a card, about half a second for a win).
import os
import shutil
import subprocess
import tempfile
import wave

OUT_RATE = 22050  # Hz of the files written: above twice the highest pitch the app plays
# the commands tried, first found first: PulseAudio/PipeWire, ALSA, macOS
PLAYERS = (("paplay",), ("aplay", "-q"), ("afplay",))
FILES = 8  # sound files kept in turn: a new sound never overwrites one still playing


def find_player(which=shutil.which):
    """The command (a tuple, the file's path to be added) that plays a WAV file here, or None."""
    for command in PLAYERS:
        path = which(command[0])
        if path:
            return (path,) + command[1:]
    return None


def render(events, rate=OUT_RATE):
    """Unsigned 8-bit mono samples at `rate` of one sound: events are (kind, ms, ...) as the
    session records them, "play" ones with the samples (bytes) as their last item."""
    out = bytearray()
    playing = None  # (samples, sample rate) looping now
    start = events[0][1] if events else 0
    for i, event in enumerate(events):
        end_ms = events[i + 1][1] if i + 1 < len(events) else event[1]
        if event[0] == "play":
            playing = (event[-1], event[2]) if event[-1] else None
        elif event[0] == "stop" or event[0] == "amp" and not event[2]:
            playing = None
        n = (end_ms - start) * rate // 1000 - len(out)  # to this event's end, no drift
        if n <= 0:
            continue
        if playing is None:
            out += bytes([128]) * n
        else:
            samples, sample_rate = playing
            first = len(out)
            length = len(samples)
            out += bytes(samples[(j * sample_rate // rate) % length]
                         for j in range(first, first + n))
    return bytes(out)


def write_wav(path, samples, rate=OUT_RATE):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)  # 8-bit WAV is unsigned, as the board's samples are
        w.setframerate(rate)
        w.writeframes(samples)


class Speaker:
    """Hears the session's audio events (Session.hear) and plays each sound when it ends."""

    def __init__(self, command):
        self.command = command  # a tuple (find_player), or None: silent
        self.folder = tempfile.mkdtemp(prefix="solitaire-sim-sound-") if command else None
        self.events = []
        self.count = 0  # sounds played
        self.players = []

    def hear(self, event, samples=None):
        if self.command is None:
            return
        if not self.events:  # a sound starts with the amplifier going on
            if event[0] == "amp" and event[2]:
                self.events = [event]
            return
        self.events.append(event + (bytes(samples),) if event[0] == "play" and samples else event)
        if event[0] == "amp" and not event[2]:  # off: the sound is over
            events, self.events = self.events, []
            self.play(render(events))

    def play(self, samples):
        path = os.path.join(self.folder, "sound%d.wav" % (self.count % FILES))
        self.count += 1
        try:
            write_wav(path, samples)
            self.players = [p for p in self.players if p.poll() is None]
            self.players.append(subprocess.Popen(self.command + (path,), stdin=subprocess.DEVNULL,
                                                 stdout=subprocess.DEVNULL,
                                                 stderr=subprocess.DEVNULL))
        except OSError:
            self.command = None  # the player can't run here: silent from now on

    def close(self):
        for p in self.players:
            try:
                p.wait(2)
            except subprocess.TimeoutExpired:
                p.kill()
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)


def for_board(profile, which=shutil.which):
    """The speaker of a board that has one (its SPEAKER pin), playing with what this PC has;
    None for a board without a speaker."""
    if "SPEAKER" not in profile.pins:
        return None
    return Speaker(find_player(which))
