"""The scenario the heap budget run plays (sim/heap_budget.py): every screen, every mode."""
SETTINGS = {"SOLITAIRE_DEAL": 4242}


def scenario(quick=False):
    steps = [
        ("boot", "from solitaire import boot\n_drive.app = boot.start()\n_drive.app.display.refresh()"),
        ("title", "_drive.advance(200)"),
        ("new game menu", "_drive.keys('A')"),
        ("family Terrace", "_drive.keys('A')"),
        ("mode Terrace", "_drive.keys('A')"),
        ("start", "_drive.keys('A')"),
        ("play", "_drive.keys('RIGHT RIGHT A RIGHT A B SELECT')"),
        ("pause", "_drive.keys('START')"),
        ("resume", "_drive.keys('A')"),
        ("played", "_drive.keys('LEFT')"),
    ]
    return steps
