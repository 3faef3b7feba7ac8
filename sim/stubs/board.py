# Stand-in for CircuitPython's `board` (simulator and MicroPython runs alike): the board's id,
# display and pins, as the runtime's `_host` has them (the simulator: the running profile,
# sim/profiles.py; the MicroPython runs: a PyBadge). The display exists before code.py runs, as
# on a board, so the heap budget's baseline already holds it.
import _host

board_id = _host.board_id()
DISPLAY = _host.display()
globals().update(_host.pins())
