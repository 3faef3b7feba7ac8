"""The README's pictures of motion (docs/motion_slide.png, docs/motion_celebration.png): three
frames of a slide (Terrace deal 11, the hint's move: a card on its way, 60 ms apart) and of a
won game's celebration (Solitario 4 Ases deal 1, which its hints win: 0.5 s apart), side by side,
each pixel drawn 2x2. Frames of the simulator running the real app on the PyBadge profile.

    python -m tests.motion_shots [folder]      (default docs/; it drives the app through the
    test host, tests/apphost.py, so it lives here: sim/ imports nothing from tests/)
"""
import os
import sys
import tempfile

GAP = 4  # px between frames, the colour of GREY
GREY = b"\x40\x40\x40"
SCALE = 2


def _frames():
    import tests.conftest  # noqa: F401  (lib/ importable, as under pytest)
    from engine.registry import find
    from solitaire import keys as K
    from tests.test_app_helpers import host, start_game

    slide, party = [], []
    with host("pybadge", data_dir=tempfile.mkdtemp()) as h:
        start_game(h, 0, family=find("terrace"), deal=11)
        if getattr(h.game, "base", 1) == 0:  # (a base to choose first)
            h.press(K.A)
            h.settle()
        h.screen.apply(h.game.hint())
        for _ in range(3):
            slide.append(h.frame())
            h.step(30)
            h.step(30)
        size = (h.session.profile.width, h.session.profile.height)
    with host("pybadge", data_dir=tempfile.mkdtemp()) as h:
        start_game(h, 0, family=find("cuatro_ases"), deal=1)
        while not h.screen.over and h.screen.play_hint():
            h.app.last_move = h.now
            h.settle()
        for _ in range(3):
            h.idle(500)
            party.append(h.frame())
    return size, slide, party


def strip(size, frames):
    """(width, height, rgb) of the frames side by side, GAP apart, each pixel SCALE x SCALE."""
    w, h = size
    out_w = (w * len(frames) + GAP * (len(frames) - 1)) * SCALE
    rows = []
    for y in range(h):
        row = bytearray()
        for k, f in enumerate(frames):
            if k:
                row += GREY * (GAP * SCALE)
            line = f[3 * w * y:3 * w * (y + 1)]
            for x in range(w):
                row += line[3 * x:3 * x + 3] * SCALE
        rows += [bytes(row)] * SCALE
    return out_w, h * SCALE, b"".join(rows)


def main(argv=None):
    from sim import png

    argv = sys.argv[1:] if argv is None else argv
    folder = argv[0] if argv else os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), "docs")
    size, slide, party = _frames()
    for name, frames in (("motion_slide.png", slide), ("motion_celebration.png", party)):
        png.write(os.path.join(folder, name), *strip(size, frames))
        print("motion_shots:", os.path.join(folder, name))


if __name__ == "__main__":
    main()
