# The handheld app: shell, screens, input, board profiles, save store (device-side, CircuitPython).
# Two helpers every phase needs: forget() drops a module so its code is freed (the app loads the
# menu code, the play code and each game's engine only while they are used: README "Memory"),
# and mem() prints the free heap when SOLITAIRE_DEBUG_MEM is on.
import gc
import sys


def forget(name):
    # drop a module (and its attribute on the parent package) so its code can be collected
    if name in sys.modules:
        del sys.modules[name]
    dot = name.rfind(".")
    if dot > 0 and name[:dot] in sys.modules:
        try:
            delattr(sys.modules[name[:dot]], name[dot + 1:])
        except Exception:  # not there (AttributeError; KeyError on MicroPython)
            pass


def mem(tag):
    gc.collect()
    free = getattr(gc, "mem_free", None)
    print("mem_free", tag + ":", free() if free else "n/a (not CircuitPython)")
