# Solitaire for CircuitPython handhelds (PyBadge, PyGamer, boards with a display and buttons).
# Everything lives in lib/solitaire; solitaire.boot builds the board's platform and runs the app.
try:
    from solitaire import boot
except ImportError as e:  # lib/ not copied: say so instead of a bare traceback
    print("Solitaire: can't import lib/solitaire (" + str(e) + "). Copy lib/ to CIRCUITPY.")
    raise
boot.main()
