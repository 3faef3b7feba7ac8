# Solitaire as a Fruit Jam OS app: the launcher lists the folder this file is in (under /apps or
# /sd/apps), starts this file with that folder as the working directory, and takes the board
# back when the game calls supervisor.reload() ("Quit to launcher", Esc). The game's own
# packages (engine/, lib/solitaire and its font library) sit in this folder, so they are put
# first on the import path, ahead of the launcher's /lib. `make bundle` writes the folder:
# this file, metadata.json, icon.bmp, engine/, lib/ and assets/ (docs/boards.md).
if __name__ == "__main__":
    import os
    import sys

    here = os.getcwd().rstrip("/")
    for path in (here + "/lib", here):
        if path not in sys.path:
            sys.path.insert(0, path)
    try:
        from solitaire import boot
    except ImportError as e:  # the folder copied without lib/: say so instead of a bare traceback
        print("Solitaire: can't import lib/solitaire (" + str(e) + "). Copy the whole"
              " Solitaire folder to /apps.")
        raise
    boot.main()
