# Stand-in for CircuitPython's `analogio` (simulator and MicroPython runs alike): AnalogIn reads
# the joystick axis the runtime's `_host` gives (0..65535, centre 32768 in the simulator, moved
# by the front end or key script; a centred axis in the MicroPython runs). Its pad makes it weigh
# what the C object weighs on the board under MicroPython (sim/mpy/device/_heap.py).
import _host


class AnalogIn:
    reference_voltage = 3.3

    def __init__(self, pin):
        self._m = _host.pad("AnalogIn", 32, 1)
        self._name = getattr(pin, "name", pin)

    @property
    def value(self):
        if self._m is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")
        return _host.analog(self._name)

    def deinit(self):
        self._m = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
