# The per-move timing loop of `make bench`, shared by CPython and MicroPython so both time the
# very same positions: a few deals of each mode, half hint, half random moves (picked by the
# engine's own Rng, identical on both). Runs under MicroPython too, so plain syntax only.
# clock() -> a tick count, since(t0) -> microseconds elapsed; each position is timed over
# `repeat` rounds because the WebAssembly clock is coarse.
from engine.game import MAX_MOVES, NO_MOVE, PLAYING
from engine.rng import Rng


def move_times_us(Game, variants, clock, since, repeat):
    from array import array

    buf = array("H", range(MAX_MOVES))
    pick = Rng(5)
    times = []
    for v in range(variants):
        g = Game(v, 0)
        for number in range(1, 4):
            g.deal(number)
            for step in range(50):
                if g.status() != PLAYING:
                    break
                m = buf[pick.below(g.legal_moves(buf))]
                t0 = clock()
                for i in range(repeat):
                    g.legal_moves(buf)
                    g.apply(m)
                    g.undo()
                times.append(since(t0) / repeat)
                h = g.hint()
                g.apply(h if h != NO_MOVE and pick.below(2) else m)
    times.sort()
    return times
