# The handheld app: shell, screens, input, board profiles, save store (device-side, CircuitPython).
