# Stand-in for Fruit Jam OS's launcher_config: the user's audio output and volume, from the
# session (sim/hw.py Session.launcher; a test sets them).
import _host


class LauncherConfig:
    def __init__(self):
        c = _host.launcher()
        self.audio_output = c.get("audio_output", "headphone")
        self.audio_volume = c.get("audio_volume", 7)
