"""Build a ready-to-copy CIRCUITPY folder, and copy it onto a mounted board.

    python -m sim.bundle                     # writes build/CIRCUITPY/
    python -m sim.bundle --deploy /media/me/CIRCUITPY

The folder holds code.py, engine/, lib/ (the project's package plus the third-party device
libraries named in requirements-device.txt, taken from the pinned PyPI packages installed in
the virtualenv, never from the repo) and assets/ (generated art; the generator script stays
home). Device files are shipped as .py: mpy-cross makes MicroPython's .mpy format, which
CircuitPython cannot load.
"""
import argparse
import importlib.util
import os
import shutil
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(REPO, "build", "CIRCUITPY")
SKIP = ("__pycache__",)
# the user's own file on the drive: an example is bundled but never overwrites theirs
USER_FILES = ("settings.toml",)


def device_libraries():
    """Package names from requirements-device.txt (the file circup reads)."""
    names = []
    with open(os.path.join(REPO, "requirements-device.txt")) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line:
                names.append(line)
    return names


def library_path(name):
    spec = importlib.util.find_spec(name)
    if spec is None:
        raise SystemExit("bundle: device library %s is not installed; run `make setup`" % name)
    if spec.submodule_search_locations:
        return list(spec.submodule_search_locations)[0]
    return spec.origin


def _copy(src, dst, keep=lambda name: True):
    if os.path.isdir(src):
        os.makedirs(dst, exist_ok=True)
        for name in sorted(os.listdir(src)):
            if name in SKIP or name.startswith("."):
                continue
            if os.path.isdir(os.path.join(src, name)) or keep(name):
                _copy(os.path.join(src, name), os.path.join(dst, name), keep)
    else:
        shutil.copyfile(src, dst)


def build(out=BUILD):
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)
    shutil.copyfile(os.path.join(REPO, "code.py"), os.path.join(out, "code.py"))
    if os.path.exists(os.path.join(REPO, "settings.toml")):
        shutil.copyfile(os.path.join(REPO, "settings.toml"), os.path.join(out, "settings.toml"))
    _copy(os.path.join(REPO, "engine"), os.path.join(out, "engine"), lambda n: n.endswith(".py"))
    _copy(os.path.join(REPO, "lib"), os.path.join(out, "lib"), lambda n: n.endswith(".py"))
    # assets: the art the device loads, not the script that generates it
    _copy(os.path.join(REPO, "assets"), os.path.join(out, "assets"),
          lambda n: not n.endswith((".py", ".md")))
    for name in device_libraries():
        src = library_path(name)
        dst = os.path.join(out, "lib", os.path.basename(src))
        _copy(src, dst, lambda n: n.endswith(".py"))
    return out


def deploy(drive, out=BUILD):
    if not drive or not os.path.isdir(drive):
        raise SystemExit("deploy: %r is not a folder; give the mounted CIRCUITPY drive, "
                         "e.g. make deploy DRIVE=/media/$USER/CIRCUITPY" % drive)
    if not os.path.exists(os.path.join(drive, "boot_out.txt")):
        raise SystemExit("deploy: %s has no boot_out.txt, so it is not a CircuitPython drive; "
                         "nothing copied" % drive)
    for name in sorted(os.listdir(out)):
        src, dst = os.path.join(out, name), os.path.join(drive, name)
        if name in USER_FILES and os.path.exists(dst):
            print("deploy: kept your %s" % name)
            continue
        _copy(src, dst)
    print("deploy: copied %s to %s; the board restarts by itself" % (out, drive))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sim.bundle", description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=BUILD, help="folder to write (default build/CIRCUITPY)")
    parser.add_argument("--deploy", metavar="DRIVE", help="also copy onto this mounted CIRCUITPY drive")
    args = parser.parse_args(argv)
    out = build(args.out)
    print("bundle: wrote %s" % os.path.relpath(out, os.getcwd()))
    if args.deploy is not None:
        deploy(args.deploy, out)


if __name__ == "__main__":
    sys.exit(main())
