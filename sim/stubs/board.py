# Stand-in for CircuitPython's `board` on the simulator: the running profile's display,
# pins and board_id (see sim/profiles.py).
from sim import hw as _hw

board_id = _hw.session.profile.board_id
DISPLAY = _hw.session.display
globals().update(_hw.session.pins)
