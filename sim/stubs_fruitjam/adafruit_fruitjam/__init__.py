# Stand-in for Adafruit's adafruit_fruitjam package (PyPI adafruit-circuitpython-fruitjam): only
# the peripherals module the game uses.
