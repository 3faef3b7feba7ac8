# Stand-in for CircuitPython's `supervisor` on the simulator: ticks_ms on the session's clock
# (virtual in scripted runs), runtime, and reload() (ends the run).
from sim import hw as _hw


def ticks_ms():
    return _hw.session.ticks_ms()


class _Runtime:
    serial_connected = True
    usb_connected = True
    serial_bytes_available = 0
    autoreload = True
    ble_workflow = False
    safe_mode_reason = None
    run_reason = None


runtime = _Runtime()


def reload():
    raise _hw.Quit()


def set_next_code_file(filename, **kwargs):
    pass


def disable_autoreload():
    runtime.autoreload = False


def enable_autoreload():
    runtime.autoreload = True


def reset_terminal(width_px, height_px):
    pass
