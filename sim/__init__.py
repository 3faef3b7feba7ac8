# Host-side simulator and tools: runs the device's code.py on CPython (see sim/runner.py).
