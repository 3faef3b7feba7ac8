# Logical keys: what the input layer hands to screens, whatever board the buttons are on.
# Board profiles map physical keys/joystick to these; screens only ever see these numbers.
from micropython import const

UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
START = const(6)
SELECT = const(7)
# A held past the long-press time, or pressed twice quickly: "send to foundation"
A_LONG = const(8)
# SELECT held + B (boards without SELECT: hold B, press A twice): "redo"
REDO = const(9)

NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT", "A_LONG", "REDO")
