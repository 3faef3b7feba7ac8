# Stand-in for CircuitPython's core `neopixel_write` (simulator and MicroPython runs alike): the
# bytes a board would send to its NeoPixels (GRB, three a pixel) are recorded through the
# runtime's `_host.pixel_log()` (the simulator: the session's `pixels`, sim/hw.py, which tests
# read; the MicroPython runs: nothing, and nothing allocated).
import _host


def neopixel_write(digitalinout, buf):
    if digitalinout is None:
        raise TypeError("a pin is needed")
    log = _host.pixel_log()
    if log is not None:
        log(buf)
