# The MicroPython runs' side of the board stand-ins (sim/stubs/, copied here beside this file by
# sim.mpy.device_tree): a PyBadge whose buttons the heap run's driver presses (_drive.press), its
# clock (_drive.now), and the heap model (_heap.py). The simulator's side is sim/stubs_host.py;
# both give the same names.
import _drive
from _heap import pad, field  # noqa: F401 (the stand-ins read them from here)


class Pin:
    def __init__(self, name):
        self.name = name


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
        if _drive.watch:
            _drive.watch.refresh(self)
        return True


def board_id():
    return "pybadge"


def display():
    return Display(160, 128)


def pins():
    # the buttons' shift register; the speaker (the DAC, A0) and its amplifier's enable pin (the
    # app's sound); the battery monitor (A6)
    return {"BUTTON_CLOCK": Pin("BUTTON_CLOCK"), "BUTTON_OUT": Pin("BUTTON_OUT"),
            "BUTTON_LATCH": Pin("BUTTON_LATCH"), "SPEAKER": Pin("SPEAKER"),
            "SPEAKER_ENABLE": Pin("SPEAKER_ENABLE"), "A6": Pin("A6")}


def nvm():
    return bytearray(b"\xff" * 8192)  # erased, a SAMD51's 8 KB


def ticks_ms():
    return _drive.now & ((1 << 29) - 1)


def sleep(seconds):
    pass  # the driver's clock moves only when it says (_drive.advance)


def stop():
    raise _drive.Reload()


def idle():
    pass  # the driver moves the clock itself


def analog(pin_name):
    # on A6 the battery monitor: half of a charged battery's 3.95 V; else a centred joystick axis
    return 39222 if pin_name == "A6" else 32767


def stamps(max_events):
    return None  # events carry no time here: an array per queue would count in the heap


def wire(scanner, wirings, value_when_pressed):
    # the driver presses keys by number into every live scanner's queue
    _drive.queues.append(scanner.events)
    return None


def rescan(scanner):
    pass


def unwire(scanner):
    if scanner.events in _drive.queues:
        _drive.queues.remove(scanner.events)


# ---- the speaker ----------------------------------------------------------------------------

def audio_log():
    # the heap run records nothing (only the objects' weight counts), and the stand-ins then
    # build no event either: playing allocates nothing, as the C objects do not
    return None


def pixel_log():
    # the heap run records nothing (and builds nothing: writing allocates nothing)
    return None
