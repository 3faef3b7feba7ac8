# The handheld app: shell, screens, input, board profiles, save store (device-side, CircuitPython).
# Helpers every phase needs: settle() drops the modules that neither the core nor the screen
# shown needs, so their code is freed (the app loads the menu code, the play code and each
# game's engine only while they are used: docs/memory.md), mem() prints the free heap when SOLITAIRE_DEBUG_MEM is on, a() puts the article before a
# rank in a message.
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


# What stays loaded is decided here, by settle(): the core below, always, and what the screen
# shown declares (App.settle: a screen's modules(), from its MODULES). Every other module of the
# program is dropped at the end of the step that loaded it, or when the screen changes, so its
# code can be collected; nothing else in the program drops a module (docs/memory.md). The
# store's own start-up code is the one exception (solitaire/store.py: it runs without the app).
# A core module is kept once loaded: the PyGamer's joystick, the debug figures with their
# setting, and the engine's core (every game's Table and piles: kept from the first game on, so
# opening or resuming the next one does not load them again, ~0.07 s on a PyBadge, for ~5 KB in
# the menus, far under the heap's peak in play)
CORE = ("solitaire", "solitaire.boot", "solitaire.app", "solitaire.controls",
        "solitaire.keys", "solitaire.joystick", "solitaire.text", "solitaire.store",
        "solitaire.debug_mem", "engine", "engine.undo", "engine.game", "engine.piles")
_OURS = ("solitaire.", "engine.", "adafruit_bitmap_font")  # what settle() may drop


def settle(keep=()):
    # drop every module of the program that is neither core nor in keep (and its attribute on
    # the parent package, which would keep it alive)
    for name in [m for m in sys.modules if m.startswith(_OURS) and m not in CORE
                 and m not in keep]:
        forget(name)


def forget(name):
    # one module dropped (settle(); the store's start-up code, solitaire/store.py)
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
    return ("an " if rank[0] in "A8" else "a ") + rank
