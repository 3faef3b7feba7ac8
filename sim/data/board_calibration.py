"""The board-time model's calibration data: the quick session (`python -m sim.bench_board
--quick`) timed on a real 32-bit CircuitPython 10.3 core (the unix build, with the core's own
displayio, vectorio, bitmaptools, fontio and terminalio), running `make bundle`'s .mpy files,
on 2026-12-07 at commit d19a56b, in seconds "on a PyBadge" by the formula the model used then
(core CPU seconds x the Pystone ratio 179.5 + 1.2 us a composed pixel). No board was measured:
this is the nearest real core the project has been timed on. `make bench ARGS=calibrate` prints
the model beside these figures (sim/bench_board.py calibrate()).
"""
COMMIT = "d19a56b"  # the project as the core ran it: the calibration runs the model on this code
FAMILIES = 3  # the families its registry had (the session plays those: sim/heap_scenario.py)

# (screen change as the session labels it, kind, core s, share of it inside imports, the model
# of that day s)
SCREENS = (
    ('boot', 'boot', 3.31, 0.215, 1.33),  # (its share in imports: 20-23 %)
    ('title', 'page', 0.07, 0.00, 0.06),
    ('statistics (none)', 'page', 0.13, 0.59, 0.06),
    ('controls', 'page', 0.17, 0.30, 0.13),
    ('Terrace: new game', 'page', 0.36, 0.71, 0.15),
    ('Terrace: start', 'screen', 0.99, 0.80, 0.38),
    ('Terrace: pause', 'screen', 0.22, 0.70, 0.10),
    ('Terrace: how to play', 'screen', 0.67, 0.34, 0.33),
    ('Terrace: how to play page 2', 'page', 0.37, 0.00, 0.19),
    ('Terrace: back to pause', 'screen', 0.27, 0.34, 0.14),
    ('Terrace: resume', 'screen', 0.06, 0.02, 0.05),
    ('Terrace: can I still win?', 'screen', 0.22, 0.74, 0.13),
    ('Terrace: quit to menu', 'screen', 0.58, 0.74, 0.14),
    ('Terrace: resumed', 'screen', 1.11, 0.80, 0.36),
    ('Terrace: undo, redo, hint', 'screen', 0.34, 0.62, 0.16),
    ('Terrace: played out', 'screen', 0.28, 0.78, 0.23),
    ('Terrace: menu', 'screen', 0.55, 0.75, 0.13),
    ('4 Ases: new game', 'page', 0.27, 0.58, 0.09),
    ('4 Ases: start', 'screen', 0.91, 0.78, 0.22),
    ('4 Ases: pause', 'screen', 0.23, 0.60, 0.12),
    ('4 Ases: how to play', 'screen', 0.68, 0.31, 0.36),
    ('4 Ases: how to play page 2', 'page', 0.44, 0.00, 0.22),
    ('4 Ases: back to pause', 'screen', 0.35, 0.28, 0.17),
    ('4 Ases: can I still win?', 'screen', 0.20, 0.66, 0.07),
    ('4 Ases: quit to menu', 'screen', 0.59, 0.76, 0.15),
    ('4 Ases: resumed', 'screen', 1.10, 0.82, 0.42),
    ('4 Ases: undo, redo, hint', 'screen', 0.36, 0.63, 0.16),
    ('4 Ases: played out', 'screen', 0.38, 0.76, 0.23),
    ('4 Ases: menu', 'screen', 0.62, 0.74, 0.13),
    ('Solar: new game', 'page', 0.27, 0.59, 0.09),
    ('Solar: start', 'screen', 1.16, 0.77, 0.46),
    ('Solar: pause', 'screen', 0.23, 0.56, 0.10),
    ('Solar: how to play', 'screen', 1.01, 0.26, 0.42),
    ('Solar: how to play page 2', 'page', 0.73, 0.00, 0.32),
    ('Solar: back to pause', 'screen', 0.55, 0.19, 0.25),
    ('Solar: can I still win?', 'screen', 0.21, 0.73, 0.09),
    ('Solar: quit to menu', 'screen', 0.61, 0.75, 0.16),
    ('Solar: resumed', 'screen', 1.20, 0.79, 0.53),
    ('Solar: undo, redo, hint', 'screen', 0.37, 0.61, 0.21),
    ('Solar: played out', 'screen', 0.30, 0.74, 0.11),
    ('Solar: menu', 'screen', 0.59, 0.76, 0.13),
    ('statistics', 'page', 0.17, 0.50, 0.07),
    ('second game', 'screen', 1.01, 0.78, 0.27),
    ('new deal', 'screen', 0.70, 0.72, 0.31),
    ('the result, at a key', 'screen', 0.30, 0.78, 0.10),
)
# key kind: (n, core median s, core max s, model median s, model max s) of that day
KEYS = {
    'cursor move': (148, 0.015, 0.042, 0.011, 0.030),
    'pick-up': (15, 0.011, 0.028, 0.007, 0.010),
    'drop': (15, 0.038, 0.046, 0.032, 0.044),
    'deal or turn': (20, 0.041, 0.066, 0.042, 0.091),
    'undo': (9, 0.044, 0.065, 0.034, 0.059),
    'hint': (9, 0.069, 0.155, 0.036, 0.079),
    'A refused': (1, 0.084, 0.084, 0.032, 0.032),
    'search, after "Thinking..."': (4, 0.353, 0.807, 0.255, 0.612),
    'slide frame': (6275, 0.002, 0.041, 0.001, 0.118),
    'menu cursor': (95, 0.044, 0.090, 0.020, 0.069),
    'page change': (20, 0.172, 0.726, 0.071, 0.317),
    'screen change': (51, 0.298, 1.199, 0.128, 0.529),
}
# the heap (KB, live after gc.collect at each step's start, the app's only): the peak step
# "Solitario Solar (64 cards): pause" with the pools as the core made them, and with the
# seventh name pool a board makes past ~1,260 names; names the core interned for the app
PEAK_KB = 96.9
PEAK_BOARD_KB = 100.7
CORE_NAMES = 1268
BOARD_NAMES = 1297
