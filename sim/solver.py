"""A "thoughtful" solitaire solver for every engine family (host tool, CPython only).

Thoughtful means the solver knows every card, the order of the stock included: it answers
whether a deal CAN be won by a player who sees everything, as in the Solvitaire study (Blake &
Gent). A human sees less, so these are upper bounds on what a player can do.

It plays the engine through its uniform interface (engine/game.py): legal_moves, hints, apply,
undo, status. No rule is copied here, so the solver can never disagree with the game on what
is legal, what is won or what is lost (a position the engine calls LOST ends the game on the
device, so the solver never plays through one either).

Search: depth-first over the moves, the hint's productive moves first in the rules' order
(game.hints), then every other legal move, so the search is complete: "lost" means every line
was tried. A transposition table of canonical position keys cuts repeated positions and cycles.
The node budget is spent in runs with growing caps (schedule(): the Luby sequence), the first
in the hint's order, the others with the hint's non-foundation moves shuffled by a generator
seeded from the deal number: one early wrong turn no longer hides every win, and each run is
still complete (one that ends without a win proves the loss). Positions proved lost outlive
their run (search(): Tarjan's low links tell a proof from a cut through a cycle), so each run
starts from what the earlier ones proved. A family plugs in with a module
sim/solver_<family key>.py defining
    key(game)        the canonical position key (bytes): two positions with the same key must
                     be the same game up to a symmetry of the rules (identical cards of the two
                     decks, interchangeable piles, ...); it is the only thing a family must give
    safe_move(game, hints)  optional: a move the rules make dominant (playing it first never
                     loses a win), or NO_MOVE; the solver then plays it without trying the
                     alternatives. hints: the list game.hints() just gave
    STATUS_FROM_HINTS  optional, True if status() is PLAYING exactly when hints() lists a move
                     and the game is not won: the solver then calls status() only at the end
    order(game, moves, rnd)  optional: a randomised run's order of the hint's moves (default
                     shuffled(): foundation moves first)
    dead(game)       optional: True if the position is proved lost by reasoning on it (a
                     necessary condition for a win fails); the solver then searches no further
    FIRST_RUN        optional: the node cap of the first run and unit of the restart schedule
    promise(game)    optional: best_first()'s rating of a position, higher is further on
                     (default: game.score(), the cards home)
    stage(game)      optional: an int no move decreases (Terrace: the stock cards dealt), the
                     layers of beam(); a family without it has no beam search
    beam_promise(game)  optional: beam()'s rating of the positions of one stage (default:
                     promise)
    NODES            optional: the family's node cap for sim/winrate.py
    narrow(game, moves)  optional: the hint's moves the search tries (a sublist, default all):
                     a family leaves out moves a proved reordering of every winning line makes
                     unnecessary here (the key must then tell the positions it narrows apart)
    rest(game, moves, legal)  optional: the legal moves (legal: the list legal_moves gave) the
                     search still tries after the hint's moves (default: every one the hint did
                     not list); a family leaves out only moves a proved dominance makes useless
Without a family module the key is the exact snapshot (save_into), which also holds a move
counter in some families, so repeated positions are not cut and the caps decide.

The answer is "won" (with the winning line: moves from the deal), "lost" (search exhausted) or
"unknown" (the node cap or the time cap was hit first). With only a node cap the answer is the
same on every run and machine (the tables in assets/winnable/ are made that way).

    python -m sim.solver --game terrace --mode 0 --profile classic --deal 7
"""
import argparse
import array
import heapq
import random
import sys
import time

from engine.game import KIND_FOUNDATION, MAX_MOVES, NO_MOVE, PLAYING, WON
from engine.undo import UndoLog

WON_, LOST_, UNKNOWN = "won", "lost", "unknown"
DEFAULT_NODES = 6000
FIRST_RUN = 1000  # node cap of the first run and unit of the restart schedule
FINAL_SHARE = 0.0  # share of the node budget kept for one last long run
BEAM_CLOSURE = 100  # beam(): positions explored from each kept one before the next stage
# deeper than any line the solver follows; the engine's own undo log is sized for a player
UNDO_DEPTH = 20000


class Result:
    def __init__(self, status, line, nodes, seconds):
        self.status = status  # "won", "lost" or "unknown"
        self.line = line  # the winning moves from the deal (won only), else []
        self.nodes = nodes  # positions expanded
        self.seconds = seconds

    def __repr__(self):
        return "Result(%s, %d moves, %d nodes, %.2fs)" % (
            self.status, len(self.line), self.nodes, self.seconds)


def family_plugin(game_key):
    # sim/solver_<key>.py, or None (then the exact snapshot is the key)
    try:
        return __import__("sim.solver_" + game_key, fromlist=["key"])
    except ImportError as e:
        if e.name != "sim.solver_" + game_key:
            raise
        return None


def _line_to(node, parent, via):
    # best_first() and beam(): the moves from the root (node 0) to `node` (none if it is -1)
    line = []
    while node > 0:
        line.append(via[node])
        node = parent[node]
    line.reverse()
    return line


def snapshot_key(game, _buf={}):
    # the game's exact snapshot (save_into) as bytes: the key of a family without a plugin,
    # and the open positions best_first() and beam() keep
    size = game.SNAPSHOT_SIZE
    buf = _buf.get(size)
    if buf is None:
        buf = _buf[size] = bytearray(size)
    n = game.save_into(buf)
    return bytes(buf[:n])


def _rating(entry):
    # beam(): a layer entry's rating
    return entry[0]


def _no_safe_move(game, hints):
    return NO_MOVE


def _never_dead(game):
    return False


def shuffled(game, moves, rnd):
    # a randomised run's order: the hint's moves to a foundation first, in the hint's order,
    # then its other moves in random order. When every move goes to a foundation (as when
    # Terrace's base card is chosen) they are alternatives: each run tries them in another order
    kind = game.pile_kind
    home = [m for m in moves if kind((m >> 6) & 31) == KIND_FOUNDATION]
    if len(home) == len(moves):
        home = list(moves)
        rnd.shuffle(home)
        return home
    other = [m for m in moves if kind((m >> 6) & 31) != KIND_FOUNDATION]
    rnd.shuffle(other)
    return home + other


def schedule(max_nodes, first=FIRST_RUN, final=FINAL_SHARE):
    # node caps of the successive runs: the hint's own order first, then randomised runs with
    # caps along the Luby sequence (1 1 2 1 1 2 4 ...) times `first`: many short runs find a
    # win that one early wrong turn hides from a single run, and the runs grow, so a position
    # with few lines is exhausted too. The last `final` share of the budget goes to one last
    # run (the longest, for the losses that need one). A run that ends without a win has
    # tried everything: lost.
    caps = []
    left = max_nodes
    keep = int(max_nodes * final)
    i = 1
    while True:
        cap = first * _luby(i)
        if left - cap < keep or cap > left:
            break
        caps.append(cap)
        left -= cap
        i += 1
    if left:
        caps.append(left)
    return caps


def _luby(i):
    # the Luby sequence (1-based): 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while True:
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1


class Solver:
    """Solve positions of one Game object (any family); reuse it across deals."""

    def __init__(self, game, plugin=None, safe=True):
        self.game = game
        self.key = getattr(plugin, "key", None) or snapshot_key
        self.safe_move = (getattr(plugin, "safe_move", None) if safe else None) or _no_safe_move
        self.dead = (getattr(plugin, "dead", None) if safe else None) or _never_dead
        self.dead_cuts = 0  # positions the last solve() found lost by dead()
        self.proved_lost = 0  # positions the last solve() proved lost
        self.order = getattr(plugin, "order", None) or shuffled
        self.promise = getattr(plugin, "promise", None) or game.score  # best_first()'s rating
        self.stage = getattr(plugin, "stage", None)  # beam()'s layers (None: no beam)
        self.beam_promise = getattr(plugin, "beam_promise", None) or self.promise
        self.first = getattr(plugin, "FIRST_RUN", FIRST_RUN)
        self.rest_of = getattr(plugin, "rest", None)  # the family's own rest(), or None
        self.narrow = getattr(plugin, "narrow", None)  # the family's narrowing, or None
        # a family whose status() is PLAYING exactly when hints() lists a move (and not WON)
        # lets the solver skip the status() call, which runs the hint again
        self.status_from_hints = getattr(plugin, "STATUS_FROM_HINTS", False)
        # a deeper undo log: a search line can be longer than the
        # longest game a player keeps undo for (engine/undo.py; undo_log is part of the contract)
        log = game.undo_log
        if log.depth < UNDO_DEPTH:
            game.undo_log = UndoLog(UNDO_DEPTH)
        self._buf = array.array("H", range(MAX_MOVES))
        self.rnd = None  # a random.Random during a randomised run

    def expand(self, onpath, lost):
        # a position just reached: LOST_ if it is proved lost (met before, in this run or an
        # earlier one, or the game is over, or the family's dead() proves it), its DFS index
        # (an int) if it is on the search's stack (the path or a part of the graph still
        # open), WON_, or the frame of moves to try from it:
        # [moves, next index, other legal moves still to add, DFS index, low link, stack place]
        game = self.game
        k = self.key(game)
        if k in lost:
            return LOST_
        i = onpath.get(k)
        if i is not None:
            return i
        buf = self._buf
        if self.status_from_hints:
            n = game.hints(buf)
            if n == 0:
                if game.status() == WON:
                    return WON_
                lost.add(k)
                return LOST_
        else:
            s = game.status()
            if s != PLAYING:
                if s == WON:
                    return WON_
                lost.add(k)
                return LOST_
            n = game.hints(buf)
        if self.dead(game):
            lost.add(k)
            self.dead_cuts += 1
            return LOST_
        i = len(onpath)
        onpath[k] = i
        self._open.append(k)
        moves = list(buf[:n])
        m = self.safe_move(game, moves)
        if m != NO_MOVE:
            return [[m], 0, False, i, i, len(self._open) - 1]
        if self.narrow is not None:
            moves = self.narrow(game, moves)
        if self.rnd is not None and n > 1:
            moves = self.order(game, moves, self.rnd)
        return [moves, 0, True, i, i, len(self._open) - 1]

    def rest(self, game, tried):
        # every legal move the hint did not list
        buf = self._buf
        n = game.legal_moves(buf)
        if self.rest_of is not None:
            moves = self.rest_of(game, tried, list(buf[:n]))
        else:
            seen = set(tried)
            moves = [m for m in buf[:n] if m not in seen]
        if self.rnd is not None:
            self.rnd.shuffle(moves)
        return moves

    def every_move(self, n):
        # best_first() and beam(): the dominant move alone, or the hint's n moves (in _buf)
        # and then every other legal move
        moves = list(self._buf[:n])
        m = self.safe_move(self.game, moves)
        if m != NO_MOVE:
            return [m]
        tried = moves
        if self.narrow is not None:
            moves = self.narrow(self.game, moves)
        return moves + self.rest(self.game, tried)

    def solve(self, max_nodes=DEFAULT_NODES, max_seconds=None, seed=0, first=None,
              final=FINAL_SHARE, best=0, beam=0):
        """Search the current position: runs with growing node caps (schedule()), the first in
        the hint's order, the others in random orders seeded by `seed` (a deal number), until
        one wins or one exhausts the position (lost). Every run starts from the positions the
        earlier ones proved lost. If they leave it unknown and `best` is given, a best-first
        run of up to `best` nodes follows (best_first()), then, if `beam` is given and the
        family has stages, a beam search of that width, or of each width of a tuple in turn
        while the deal stays unknown (beam()), so the verdicts of the
        earlier searches are the same with or without the later ones. The position is left as
        it was (after a best-first or beam run, with its undo history cleared)."""
        t0 = time.perf_counter()
        deadline = None if max_seconds is None else t0 + max_seconds
        nodes = 0
        result = UNKNOWN
        line = []
        lost = set()
        self.dead_cuts = 0
        for run, cap in enumerate(schedule(max_nodes, first or self.first, final)):
            self.rnd = random.Random(seed * 7919 + run) if run else None
            result, line, used = self.search(cap, deadline, lost)
            nodes += used
            if result != UNKNOWN or (deadline is not None and time.perf_counter() > deadline):
                break
        self.rnd = None
        if result == UNKNOWN and best and (deadline is None or time.perf_counter() < deadline):
            result, line, used = self.best_first(best, deadline, lost)
            nodes += used
        # beam: a width, or widths in turn, each for a deal the ones before leave unknown (a
        # wider beam is not a superset of a narrower one: each keeps different positions)
        for width in (beam if isinstance(beam, (tuple, list)) else (beam,)):
            if (result != UNKNOWN or not width or self.stage is None
                    or (deadline is not None and time.perf_counter() >= deadline)):
                break
            result, line, used = self.beam(width, deadline=deadline, lost=lost)
            nodes += used
        self.proved_lost = len(lost)
        return Result(result, line, nodes, time.perf_counter() - t0)

    def best_first(self, max_nodes, deadline=None, lost=None):
        """One best-first run from the current position: ("won", line, nodes), ("lost", [],
        nodes) when every position reachable was expanded, or ("unknown", [], nodes).

        Why a second kind of search: a depth-first run spends its nodes below its early
        choices, and where a deal's tree is wide near the end (Terrace: where each of the last
        stock cards goes) the runs keep exhausting the same late positions. Best-first always
        expands the open position the family's promise() rates highest (default: the
        game's score, cards home), however it was reached; it wins some deals that the
        depth-first runs do not win at ten times the nodes (Falling Stars classic deal 8), and
        misses others they win, so it runs after them.
        Every legal move is followed (or the dominant one), and positions in `lost` (what the
        depth-first runs proved) or found dead() are not, so an emptied queue proves the loss.
        Open positions are kept as snapshots (save_into / load_from), ties go to the newest (a
        depth-first flavour), and a node cap alone gives the same answer on every run."""
        game = self.game
        key = self.key
        dead = self.dead
        promise = self.promise
        apply = game.apply
        undo = game.undo
        buf = self._buf
        if lost is None:
            lost = set()
        root = snapshot_key(game)
        seen = {key(game)}
        parent = array.array("i", [-1])  # node -> the node it was reached from
        via = array.array("H", [0])  # node -> the move that reached it
        snaps = [root]
        heap = [(-promise(game), 0, 0)]
        pushed = 1
        nodes = 0
        result = LOST_
        found = -1
        while heap:
            if nodes >= max_nodes or (deadline is not None and nodes & 255 == 0
                                      and time.perf_counter() > deadline):
                result = UNKNOWN
                break
            at = heapq.heappop(heap)[2]
            game.load_from(snaps[at])
            snaps[at] = None  # expanded once: its children carry on
            nodes += 1
            n = game.hints(buf)
            if self.status_from_hints:
                over = n == 0
            else:
                over = game.status() != PLAYING
            if over:
                if game.status() == WON:
                    result = WON_
                    found = at
                    break
                continue
            for m in self.every_move(n):
                if not apply(m):
                    continue
                k = key(game)
                if k not in seen and k not in lost:
                    seen.add(k)
                    if not dead(game):
                        parent.append(at)
                        via.append(m)
                        snaps.append(snapshot_key(game))
                        # the newest first among equals: -pushed
                        heapq.heappush(heap, (-promise(game), -pushed, len(snaps) - 1))
                        pushed += 1
                undo()
        line = _line_to(found, parent, via)
        game.load_from(root)
        return result, line, nodes

    def beam(self, width, closure=BEAM_CLOSURE, max_nodes=None, deadline=None, lost=None):
        """One beam search from the current position: ("won", line, nodes) or ("unknown", [],
        nodes). It never proves a loss: it drops all but `width` positions of each stage.

        Why a third kind of search: where a deal is long and each stock card must find a place
        as it comes (Terrace's literal profile: a space takes only a card of rank down(BASE),
        so while one is open a dealt card locks the stock until it is played), depth-first and
        best-first spend their nodes on one stretch of the game, the first on its early
        choices, the second on its best few positions. A beam advances on a broad front: the
        family's stage(game) never decreases along a move (Terrace: stock cards dealt, in each
        pass), and the search takes the stages in order; of the positions that reached a stage
        it keeps the `width` the family's beam_promise() rates highest (ties: the first
        reached), and from each explores up to `closure` positions of the same stage (the moves
        between two deals, depth-first), handing the positions of later stages to their layer.
        Positions in `lost` or found dead() are not followed; without a deadline the answer is
        the same on every run."""
        game = self.game
        if lost is None:
            lost = set()
        root = snapshot_key(game)
        parent = array.array("i", [-1])  # node -> the node it was reached from
        via = array.array("H", [0])  # node -> the move that reached it
        s = self.stage(game)
        layers = {s: [(self.beam_promise(game), 0, root)]}  # stage -> [(rating, node, snapshot)]
        seen = {s: {self.key(game)}}  # stage -> keys met (a position's stage is its own)
        nodes = 0
        found = -1
        spent_all = False  # the node cap or the deadline was hit
        while layers and found < 0 and not spent_all:
            s = min(layers)
            layer = layers.pop(s)
            here = seen.pop(s)
            layer.sort(key=_rating, reverse=True)  # stable: among equals the first reached
            for _, at, snap in layer[:width]:
                game.load_from(snap)
                found, used = self._closure(at, s, closure, here, seen, layers, lost, parent,
                                            via)
                nodes += used
                spent_all = (max_nodes is not None and nodes >= max_nodes) or (
                    deadline is not None and time.perf_counter() > deadline)
                if found >= 0 or spent_all:
                    break
        result = WON_ if found >= 0 else UNKNOWN
        line = _line_to(found, parent, via)
        game.load_from(root)
        return result, line, nodes

    def _closure(self, at, s, closure, here, seen, layers, lost, parent, via):
        # beam(): explore depth-first, by apply and undo, up to `closure` positions of stage s
        # from the current one (node `at`); positions of later stages go to their layers as
        # snapshots. Returns (the winning node or -1, positions explored); leaves the game as
        # it found it
        game = self.game
        apply = game.apply
        undo = game.undo
        key = self.key
        stage = self.stage
        rate = self.beam_promise
        dead = self.dead
        buf = self._buf
        spent = 0
        frames = []  # [node, moves, next index] per position on the path
        node = at
        while True:
            # expand `node`, the current position
            spent += 1
            n = game.hints(buf)
            if n == 0 if self.status_from_hints else game.status() != PLAYING:
                if game.status() == WON:
                    for _ in frames:
                        undo()
                    return node, spent
                moves = []
            else:
                moves = self.every_move(n)
            frames.append([node, moves, 0])
            node = -1
            while frames:
                frame = frames[-1]
                moves, i = frame[1], frame[2]
                if i == len(moves) or spent >= closure:
                    frames.pop()
                    if frames:
                        undo()
                    continue
                frame[2] = i + 1
                if not apply(moves[i]):
                    continue
                k = key(game)
                t = stage(game)
                met = here if t == s else seen.get(t)
                if met is None:
                    met = seen[t] = set()
                if k not in met and k not in lost:
                    met.add(k)
                    if not dead(game):
                        parent.append(frame[0])
                        via.append(moves[i])
                        if t == s:
                            node = len(via) - 1
                            break  # go down into it
                        layers.setdefault(t, []).append((rate(game), len(via) - 1,
                                                         snapshot_key(game)))
                undo()
            if node < 0:
                return -1, spent

    def search(self, max_nodes, deadline=None, lost=None):
        # one depth-first run: ("won", line, nodes), ("lost", [], nodes) when every line from
        # here was tried, or ("unknown", [], nodes) at the node cap or the deadline.
        # lost: keys of positions proved lost, read and added to (it outlives the run). A
        # position whose moves are all tried is proved lost only if no line from it ran into a
        # position still open above it (the search graph has cycles, through moves that shuttle
        # cards between piles): the positions of one strongly connected part are proved lost
        # together when the first of them reached is done (Tarjan's low links).
        game = self.game
        apply = game.apply
        undo = game.undo
        expand = self.expand
        if lost is None:
            lost = set()
        onpath = {}  # key -> DFS index, for the open positions (on the path, or done but
        self._open = open_ = []  # waiting for a position above them): keys in DFS order
        line = []  # moves applied on the current path
        stack = []  # one frame per position on the path: len(line) + 1 of them
        result = LOST_
        frame = expand(onpath, lost)
        nodes = 1
        if frame == WON_:
            result = WON_
        elif frame != LOST_:
            stack.append(frame)
        while stack:
            frame = stack[-1]
            moves, i, more = frame[0], frame[1], frame[2]
            if i == len(moves):
                if more:
                    # the hint's moves all failed: now the moves it calls unproductive
                    frame[0] = moves = moves + self.rest(game, moves)
                    frame[2] = False
                if i == len(moves):
                    stack.pop()
                    low = frame[4]
                    if low == frame[3]:
                        # the first position of its part: the whole part is proved lost
                        at = frame[5]
                        for k in open_[at:]:
                            lost.add(k)
                            del onpath[k]
                        del open_[at:]
                    elif stack and low < stack[-1][4]:
                        stack[-1][4] = low
                    if line:
                        undo()
                        line.pop()
                    continue
            frame[1] = i + 1
            m = moves[i]
            if not apply(m):
                continue
            line.append(m)
            child = expand(onpath, lost)
            if child.__class__ is not list:
                if child == WON_:
                    result = WON_
                    break
                if child != LOST_ and child < frame[4]:
                    frame[4] = child  # a line back to an open position
                undo()
                line.pop()
                continue
            nodes += 1
            if nodes >= max_nodes or (deadline is not None and nodes & 255 == 0
                                      and time.perf_counter() > deadline):
                result = UNKNOWN
                break
            stack.append(child)
        won_line = list(line) if result == WON_ else []
        for _ in range(len(line)):
            undo()
        return result, won_line, nodes


def replay(game, number, line):
    """Deal `number` and play `line`; True if every move is legal, the game stays PLAYING until
    the last move and ends WON (what the device would show)."""
    game.deal(number)
    for m in line:
        if game.status() != PLAYING or not game.apply(m):
            return False
    return game.status() == WON


def solve_deal(game, plugin, number, max_nodes=DEFAULT_NODES, max_seconds=None, safe=True,
               best=0, beam=0):
    game.deal(number)
    return Solver(game, plugin, safe).solve(max_nodes, max_seconds, seed=number, best=best,
                                            beam=beam)


def main(argv=None):
    from sim.playout import family_module, _index

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="terrace")
    ap.add_argument("--mode", default="0", help="variant number or name")
    ap.add_argument("--profile", default="0", help="rule profile number or name")
    ap.add_argument("--deal", type=int, default=1)
    ap.add_argument("--deals", type=int, default=1, help="how many deals from --deal on")
    ap.add_argument("--nodes", type=int, default=DEFAULT_NODES, help="node cap")
    ap.add_argument("--best", type=int, default=0,
                    help="node cap of a best-first run after the depth-first runs (default 0)")
    ap.add_argument("--beam", type=int, default=0,
                    help="width of a beam search after them (default 0: none)")
    ap.add_argument("--seconds", type=float, default=None, help="time cap per deal")
    ap.add_argument("--no-safe", action="store_true", help="branch on dominant moves too")
    ap.add_argument("--line", action="store_true", help="print the winning line")
    args = ap.parse_args(argv)
    module = family_module(args.game)
    mode = _index(args.mode, module.VARIANTS, "mode")
    profile = _index(args.profile, module.PROFILES, "profile")
    game = module.Game(mode, profile)
    plugin = family_plugin(args.game)
    solver = Solver(game, plugin, not args.no_safe)
    for number in range(args.deal, args.deal + args.deals):
        game.deal(number)
        r = solver.solve(args.nodes, args.seconds, seed=number, best=args.best,
                         beam=args.beam)
        print("deal %d: %s, %d nodes, %.2fs%s" % (number, r.status, r.nodes, r.seconds,
                                                  ", %d moves" % len(r.line) if r.line else ""))
        if args.line and r.line:
            print(" ".join("%04x" % m for m in r.line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
