# Stand-in for CircuitPython's `supervisor` (simulator and MicroPython runs alike): ticks_ms on the
# runtime's clock (the simulator's session clock, virtual in scripted runs; the heap run's
# driver clock), runtime, and reload() (ends the run, as on the board).
import _host

ticks_ms = _host.ticks_ms  # (bound once: the app calls it every loop turn)


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
    _host.stop()


def set_next_code_file(filename, **kwargs):
    pass


def disable_autoreload():
    runtime.autoreload = False


def enable_autoreload():
    runtime.autoreload = True


def reset_terminal(width_px, height_px):
    pass
