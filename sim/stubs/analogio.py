# Stand-in for CircuitPython's `analogio` on the simulator: AnalogIn reads the joystick the
# front end or key script moves (0..65535, centre 32768).
from sim import hw as _hw


class AnalogIn:
    def __init__(self, pin):
        self._name = getattr(pin, "name", str(pin))
        self.reference_voltage = 3.3

    @property
    def value(self):
        if self._name is None:
            raise ValueError("Object has been deinitialized and can no longer be used.")
        return _hw.session.analog_value(self._name)

    def deinit(self):
        self._name = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
