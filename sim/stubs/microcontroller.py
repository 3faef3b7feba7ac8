# Stand-in for CircuitPython's `microcontroller` (simulator and MicroPython runs alike): nvm (the
# simulator persists it per board under its data folder; the MicroPython runs hold an erased
# 8 KB, as on a SAMD51, made before the heap budget's baseline: on a board it is flash), Pin,
# cpu, delay_us, reset (ends the run, as on the board).
import _host

Pin = _host.Pin
nvm = _host.nvm()


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
    _host.sleep(delay / 1000000)


def on_next_reset(run_mode):
    pass


def reset():
    _host.stop()


def disable_interrupts():
    pass


def enable_interrupts():
    pass
