# The handheld app: shell, screens, input, board profiles, save store (device-side, CircuitPython).
# Helpers every phase needs: forget() drops a module so its code is freed (solitaire/app.py
# settle() decides which: the app loads the menu code, the play code and each game's engine
# only while they are used, docs/memory.md), mem() prints the free heap when
# SOLITAIRE_DEBUG_MEM is on, a() puts the article before a rank in a message.
import gc
import sys


def _assets_dir():
    # lib/solitaire/__init__.py -> <root>/assets; on the device the root is "/"
    try:
        path = __file__
    except NameError:
        return "/assets"
    path = path.replace("\\", "/")
    cut = path.rfind("/lib/solitaire/")
    if cut < 0:
        return "/assets" if path.startswith("/") else "assets"
    return path[:cut] + "/assets"


ASSETS = _assets_dir()  # the art: card sheets and the font (assets/make_art.py)


def forget(name):
    # one module dropped (solitaire/app.py settle(), what decides what stays loaded; the store's
    # start-up code, solitaire/store.py, which runs without the app too)
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


def a(rank):
    # "a 9", "an 8", "an A": the article for a rank as it is said. Of every deck's ranks (A 2-10
    # J Q K; 1-7 Sota Caballo Rey; Solar's numbers) only ace and eight start with a vowel sound
    # (a tuple of constants: a board interns every other short string as a name, for good)
    return ("a %s", "an %s")[rank[0] in "A8"] % rank
