# Solitaire for CircuitPython handhelds (PyBadge, PyGamer, boards with a display and buttons).
# Everything lives in lib/solitaire; solitaire.boot builds the board's platform and runs the app.
# The __main__ guard: CPython has a standard module called `code` (pdb imports it), so on a PC
# an `import code` must not start the game. CircuitPython runs this file as __main__.
if __name__ == "__main__":
    try:
        from solitaire import boot
    except ImportError as e:  # lib/ not copied: say so instead of a bare traceback
        print("Solitaire: can't import lib/solitaire (" + str(e) + "). Copy lib/ to CIRCUITPY.")
        raise
    boot.main()
