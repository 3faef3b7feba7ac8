# The games' rules, pure Python (no hardware, no display): engine/game.py states the contract,
# engine/registry.py lists the families.


def import_module(path):
    # a module by its dotted path: __import__ returns the top package, so walk down to the
    # module itself (the same on CPython and CircuitPython, which has no importlib). Here, not
    # in engine/registry.py, so that holding it does not keep the registry in RAM during play
    module = __import__(path)
    for part in path.split(".")[1:]:
        module = getattr(module, part)
    return module
