# microcontroller stand-in (heap budget run): an erased 8 KB NVM, as on a SAMD51 (PyBadge,
# PyGamer). On a board it is flash, not heap: it is made here, before the measured baseline.
nvm = bytearray(b"\xff" * 8192)


class _Cpu:
    temperature = 25.0
    frequency = 120000000


cpu = _Cpu()
