# Host-side simulator and tools: runs the device's code.py on CPython (see sim/runner.py).
#
# The engine imports `const` from `micropython`; on CPython Blinka provides that module. The
# solver tools (sim.solver, sim.winrate, sim.winnable) also run under PyPy, which solves about
# six times faster and has no Blinka: there this stand-in gives `const` (the identity, as
# Blinka's does), so the engine's code is the same one everywhere.
try:
    import micropython  # noqa: F401
except ImportError:
    import sys as _sys
    import types as _types

    _shim = _types.ModuleType("micropython")
    _shim.const = lambda x: x
    _sys.modules["micropython"] = _shim
