# board stand-in (heap budget run): a PyBadge's pins and display. The display is made here,
# before the measured baseline (on a board it exists before code.py runs).
board_id = "pybadge"


class Pin:
    def __init__(self, name):
        self.name = name


BUTTON_CLOCK = Pin("BUTTON_CLOCK")
BUTTON_OUT = Pin("BUTTON_OUT")
BUTTON_LATCH = Pin("BUTTON_LATCH")
SPEAKER = Pin("SPEAKER")  # the DAC (A0) and the amplifier's enable pin: the app's sound
SPEAKER_ENABLE = Pin("SPEAKER_ENABLE")
A6 = Pin("A6")  # the battery monitor


class Display:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.rotation = 0
        self.refreshes = 0

    def refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
        # the board-time bench's pixel run (_drive.watch) counts the pixels composed
        self.refreshes += 1
        import _drive

        if _drive.watch:
            _drive.watch.refresh(self)
        return True


DISPLAY = Display(160, 128)
