# The games the app offers, one row per family: (key, display name, module path); the one table
# of families (the shell derives its rows from it). Append-only: a row index is stored in saves. A later
# family appends a row; the UI and the simulator import the module only when it is chosen,
# so only one family's code is ever in RAM.
FAMILIES = (
    ("terrace", "Terrace", "engine.terrace"),
)


def find(key):
    # row index of a family key, or -1
    for i in range(len(FAMILIES)):
        if FAMILIES[i][0] == key:
            return i
    return -1


def import_module(path):
    # __import__ returns the top package, so walk down to the module itself (the same on
    # CPython and CircuitPython, which has no importlib)
    module = __import__(path)
    for part in path.split(".")[1:]:
        module = getattr(module, part)
    return module


def load(key):
    # the family's module (it defines VARIANTS, PROFILES and Game)
    i = find(key)
    if i < 0:
        raise KeyError(key)
    return import_module(FAMILIES[i][2])
