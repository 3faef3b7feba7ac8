# Test-wide setup: the repo root (engine/, sim/, tests/) and lib/ (the device's /lib) importable.
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(REPO, "lib"), REPO):
    if path not in sys.path:
        sys.path.insert(0, path)
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
