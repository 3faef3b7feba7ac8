"""Flash writes per game (`make bench ARGS=writes`; docs/saves.md): every mode played by a
scripted player, the real app in-process on the virtual clock (nothing drawn), each NVM write
counted. Each write erases and reprograms a flash block rated for some ten thousand cycles: the
app saves 3 s after the last key once the table has settled, never once per automatic card,
and once at a game's end.

The player plays the engine's hint (else the first legal move) with the keys a player uses:
the cursor walked LEFT or RIGHT to the pile, UP for a group, A to pick up and A to drop (A alone
where the family's A makes the move: a deal, a base card, a waiting Solar card's pad), A past
the end to the result. A key every 0.7 s, and never before the table has settled (a player
watches a cascade land): a cascade that lasts is then a pause of the player. With `pause`, the
player also stops for 4 s every 25 keys. A pause is a gap of 3 s or more between two keys.

The promise measured: writes in play <= 1 (the new game's, with the game left before counted)
+ pauses, and one at the game's end (counted, its save cleared)."""
import importlib
import sys
import threading
from array import array

KEY_MS = 700
PAUSE_MS = 4000  # the pausing player's stop (over the 3 s of the idle save)
PAUSE_EVERY = 25
IDLE_MS = 3000  # a gap this long between two keys is a pause (solitaire/app.py _SAVE_IDLE_MS)
MOST_KEYS = 6000  # a game not over by then is left (never seen: the figures say if it was)


class _Keys:
    # stands in for solitaire.controls.Controls: hands over the player's keys (the board's
    # buttons, key repeat and chords are the controls' own tests)
    def __init__(self, real):
        self.real = real
        self.queue = []
        self.long_a = False

    def __getattr__(self, name):
        return getattr(self.real, name)

    def poll(self, now):
        return self.queue.pop(0) if self.queue else -1

    def clear(self):
        self.queue = []


class Table:
    """The real app on a board, started as the board starts it, NVM in memory."""

    def __init__(self, board="pybadge", seed=1):
        from sim import hw, runner

        self.program = runner.Program(board, None, None, seed, {"SOLITAIRE_DIM": 0,
                                                                "SOLITAIRE_SLEEP": 0})
        self.program.prepare()
        self.session = self.program.session
        self.session.program_thread = threading.current_thread()
        self.session.refresh = lambda: None  # nothing drawn: displayio keeps what changed
        self.now = hw.TICKS_START
        try:
            self.app = importlib.import_module("solitaire.boot").start()
        except BaseException:
            self.close()
            raise
        self.keys = _Keys(self.app.controls)
        self.app.controls = self.keys
        self.K = importlib.import_module("solitaire.keys")
        self.nvm = self.session.nvm
        self.writes = []

    def close(self):
        if self.program is not None:
            self.program.restore()
            self.program = None

    def run(self, ms):
        # the app's loop for ms of virtual time, sleeping as the board's loop sleeps; each NVM
        # write noted in self.writes: True if the game had ended (its count), else False
        end = self.now + ms
        app = self.app
        nvm = self.nvm
        while self.now < end:
            n = nvm.writes
            app.step(self.now & 0x1FFFFFFF)
            if nvm.writes != n:
                g = app.game
                self.writes += [g is not None and g.status() != 0] * (nvm.writes - n)
            wait = min(max(app.wait_ms(self.now & 0x1FFFFFFF), 1), end - self.now)
            self.now += wait
            self.session.now_us += wait * 1000

    def press(self, key):
        self.keys.queue.append(key)
        self.run(1)

    def settled(self):
        # what the player sees: no card sliding or about to go home, no "Thinking..." (as
        # tests/apphost.py settle() reads it; a celebration goes on)
        s = self.app.screen
        m = getattr(s, "motion", None)
        return (getattr(s, "auto_due", None) is None and getattr(s, "later", None) is None
                and (m is None or (m.slide is None and not m.last)))


def _toward(s, p, K):
    # the key that brings the cursor toward pile p (tests/test_app_helpers.py go): on a board
    # whose UP and DOWN are buttons LEFT/RIGHT stay on their row, so DOWN to p's row first;
    # else LEFT or RIGHT, whichever reaches it sooner
    view = s.view
    if s.app.controls.present & 3 == 3:
        row = view.column(p)[0]
        if view.column(s.cursor)[0] != row:
            return K.DOWN
        line = view.lines[row]
        return K.RIGHT if line.index(p) > line.index(s.cursor) else K.LEFT
    order = view.order
    i = order.index(s.cursor) if s.cursor in order else 0
    steps = (order.index(p) - i) % len(order)
    return K.RIGHT if steps <= len(order) - steps else K.LEFT


class Player:
    def __init__(self):
        self.move = None
        self.version = -1
        self.tries = 0  # keys spent on self.move
        self.other = 0  # legal moves tried in place of moves the keys could not make
        self.buf = array("H", range(512))

    def key(self, s, g, K):
        from engine.game import NO_MOVE, move_count, move_dst, move_src

        if s.over or s.box is not None:
            return K.A  # past the end to the result
        held = s.held >= 0
        if g.version != self.version or self.tries > 40:
            if g.version == self.version:  # (a move the keys could not make: another)
                self.other += 1
            self.version = g.version
            self.tries = 0
            self.move = g.hint()
            if self.move == NO_MOVE or self.other:
                n = g.legal_moves(self.buf)
                self.move = self.buf[self.other % n]
            if held:
                return K.B  # what was picked up before the change goes back
        self.tries += 1
        m = self.move
        view = s.view
        src, dst, n = move_src(m), move_dst(m), move_count(m)
        for p in (src, dst):
            if view.press(p) == m:
                return _toward(s, p, K) if s.cursor != p else K.A
        if not held:
            if s.cursor != src:
                return _toward(s, src, K)
            return K.UP if s.depth < n else K.A
        if s.held != src:
            return K.B
        return _toward(s, dst, K) if s.cursor != dst else K.A


def play(table, key, number, pause=False):
    """One game of mode key (family, variant, profile), deal number, to its result: (writes in
    play, writes once it has ended, pauses, keys, won)."""
    from engine.game import WON

    app = table.app
    K = table.K
    del table.writes[:]
    app.start(key, number)
    player = Player()
    keys = pauses = 0
    last_key = table.now
    while keys < MOST_KEYS:
        table.run(KEY_MS)
        while not table.settled():  # a player watches the table settle
            table.run(20)
        if pause and keys and keys % PAUSE_EVERY == 0:
            table.run(PAUSE_MS)
        s = app.screen
        if s.box is not None and s.over:
            break  # the result
        if table.now - last_key >= IDLE_MS:
            pauses += 1
        table.press(player.key(s, app.game, K))
        last_key = table.now
        keys += 1
    ended = sum(table.writes)
    return (len(table.writes) - ended, ended, pauses, keys, app.game.status() == WON)


def modes():
    from engine.registry import FAMILIES, profile_count

    for f, fam in enumerate(FAMILIES):
        for v in range(len(fam.variants)):
            for p in range(profile_count(f, v)):
                yield f, v, p


def figures(key, deals, motion=True, pause=False, board="pybadge"):
    """Per game of mode key over the deals: (writes in play, at the end, pauses, keys, won)."""
    table = Table(board)
    try:
        if not motion:
            table.app.store.options[5] |= 8  # (solitaire/options.py _LOOK bit 3: no motion)
        return [play(table, key, d, pause) for d in deals]
    finally:
        table.close()


COLUMNS = ((True, False, "Motion on"), (False, False, "Motion off"),
           (True, True, "on, 4 s stops"))


def main(argv=()):
    from engine.registry import mode_name

    n = int(argv[0]) if argv else 3
    deals = range(1, n + 1)
    print("   NVM writes per game, deals 1..%d, a key every %.1f s once the table has settled: "
          "in play, mean (most) / pauses (gaps of 3 s or more between keys), mean"
          % (n, KEY_MS / 1000))
    print("   %-33s" % "mode" + "".join("%-24s" % c[2] for c in COLUMNS))
    beyond = ends = 0
    for key in modes():
        row = "   %-33s" % mode_name(key)
        for motion, pause, _ in COLUMNS:
            games = figures(key, deals, motion, pause)
            w = [g[0] for g in games]
            row += "%-24s" % ("%.1f (%d) / %.1f" % (
                sum(w) / len(w), max(w), sum(g[2] for g in games) / len(games)))
            beyond = max([beyond] + [g[0] - 1 - g[2] for g in games])
            ends = max([ends] + [g[1] for g in games])
        print(row)
    print("   most writes in play beyond the new game's and one per pause: %d; most at a "
          "game's end: %d" % (beyond, ends))


if __name__ == "__main__":
    main(sys.argv[1:])
