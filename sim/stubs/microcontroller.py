# Stand-in for CircuitPython's `microcontroller` on the simulator: nvm (persisted per board under
# the simulator's data folder), Pin, cpu, delay_us, reset.
from sim import hw as _hw

Pin = _hw.Pin
nvm = _hw.session.nvm


class _Processor:
    frequency = 120000000
    temperature = 25.0
    voltage = 3.3
    uid = bytearray(b"SIMULATOR\x00\x00\x00\x00\x00\x00\x00")
    reset_reason = None


cpu = _Processor()
cpus = (cpu,)


class RunMode:
    NORMAL = "NORMAL"
    SAFE_MODE = "SAFE_MODE"
    BOOTLOADER = "BOOTLOADER"
    UF2 = "UF2"


def delay_us(delay):
    _hw.session.sleep(delay / 1e6)


def on_next_reset(run_mode):
    pass


def reset():
    # a reset ends this run of the program, as it would on the board
    raise _hw.Quit()


def disable_interrupts():
    pass


def enable_interrupts():
    pass
