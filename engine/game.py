# The contract every game family implements, and the small helpers they share.
# The UI and the simulator talk to a game only through this interface, so they never
# need to know a game's rules (see docs/engine.md).
#
# A family module (engine/terrace.py, engine/cuatro_ases.py, engine/solar.py) defines
#   VARIANTS  tuple of display names, index = variant number   (both read from its row in
#   PROFILES  tuple of rule-profile names                       engine/registry.py: one copy)
#   Game      the interface below, on the shared core Table (end of this module), which holds
#             once what every family has: the pile readers, undo/redo over engine/undo.py's
#             log, version/changed after a change, hint() (the first of hints()), the
#             snapshot (written and read by engine/pack.py from the fields the family
#             declares) and restart. A family gives it: piles, _cards/_start/_size,
#             undo_log, number, version, pile_count, SAVED and SNAPSHOT_SIZE (its snapshot's
#             fields, as data: see engine/pack.py), _unreachable() (for a position put in
#             place by a load, or by a test (tests/positions.py): settles what moves keep counted, then -1, or the
#             pile play never leaves as it is), _take_back/_move_of (engine/undo.py), and
#             optionally _refresh() (what it derives from the piles after any change)
# engine/registry.py lists the families (key, display name, module path, names, deck...);
# registry.load(key) imports one only when it is chosen. Shared pieces: engine/cards*.py (decks), engine/rng.py
# (deal numbers), engine/piles.py (storage), engine/undo.py (the undo ring), engine/pack.py (the
# snapshot codec).
#
# class Game:
#   __init__(variant=0, profile=0, options=0, log=None)   allocate every buffer the game will ever
#                         need; log: an engine.undo.UndoLog to use (emptied) instead of making
#                         one: the app makes one at start-up
#   deal(number)          start deal `number` (1 .. 2**30-1); same number = same deal everywhere
#   restart()             deal(self.number) again
#   number, variant, profile, options             what was asked for
#   pile_count            piles are numbered 0 .. pile_count-1 (at most 32)
#   pile_kind(p)          one of the KIND_* constants below
#   pile_slot(p)          index of p among the piles of its kind (tableau 0..8, foundation 0..7)
#   count(p), card(p, i), top(p)   i = 0 is the bottom card; top() of an empty pile is NO_CARD
#   legal_moves(buf)      write every legal move into buf (an array('H') of >= MAX_MOVES), return n
#   check(move)           0 if legal, else a REASON_* code saying why not (for the UI's message)
#   apply(move, chained=False)   play a legal move plus its automatic steps; returns False (and
#                         changes nothing) if the move is illegal. chained=True marks a move the
#                         UI made on its own after the player's (autoplay to the foundations):
#                         undo and redo take it together with the move before it
#   undo()                take back the last move with its automatic steps and every move chained
#                         to it (engine/undo.py undo_chain): one undo = one player's move. False
#                         if nothing is left
#   redo()                replay what the last undo took back (chained moves included); False if
#                         nothing. A new apply (not a redo) forgets what could be redone
#   can_undo(), can_redo()
#   undo_dropped          how many oldest moves fell off the undo log (UI may say so)
#   undo_log              the family's engine.undo.UndoLog; the app saves its newest records with
#                         a snapshot (save_into/load_from with undo=True) so undo works after a
#                         resume
#   hints(buf)            every productive move in the rules file's hint order, into buf (an
#                         array('H')); returns how many fit (the UI's hint cycles through them)
#   hint()                the first of hints(), or NO_MOVE (status() uses it: keep it quick)
#   REASONS               class attribute: REASONS[check(move)] is the message the UI shows (a
#                         family may extend engine.game.REASONS with its own codes)
#   quick_play(p)         the move sending the top card of p to a foundation, or NO_MOVE (the
#                         UI plays it on A held and for autoplay; Solar: its one-press action)
#   still_winnable()      optional: 1 a win is still possible, 0 not, -1 can't tell, from a
#                         search within a small fixed table and node budget (the pause menu's
#                         "Can I still win?")
#   pickable(p, n)        True if the top n cards of p may be picked up together
#   status()              PLAYING, WON or LOST
#   score()               the score the rules file defines
#   changed               bit mask of piles changed by the last deal/apply/undo (bit p = pile p)
#   steps, step_count     the last apply's elementary steps, in the order they were made (the
#                         player's move first, then each automatic one): steps[3i], steps[3i+1],
#                         steps[3i+2] = source, destination, cards of step i (a bytearray made in
#                         __init__, MOST_STEPS long); cards | TURNED: the block went over turned
#                         (a reveal, a redeal), the top card first. The table shows a cascade one
#                         step at a time from them (solitaire/motion.py). Undo and redo take
#                         their moves back and replay them at once: step_count is 0 after them
#   moves                 moves applied and not undone (for the status line). What the UI plays
#                         by itself on a fresh deal (autoplay home) is part of the deal: it
#                         settles it with undo_log.clear() and moves = 0 (solitaire/play.py)
#   version               bumped (mod 2**30) by every deal, apply, undo and load_from that changes
#                         the position; the app compares it with its value at the last save
#
# Snapshot, for resume after power-off (not hot paths: these may allocate a little):
#   SNAPSHOT_SIZE         class attribute: bytes save_into writes at most, any variant
#   save_into(buf, offset=0, undo=False)   write the whole position into buf[offset:]: every
#                         pile's cards in order and its size, and the family's state (base, stock
#                         lock, redeals left, moves...); not the deal number, variant or profile
#                         (the app stores those). Returns the bytes written: SNAPSHOT_SIZE, and
#                         with undo=True as many of the undo log's newest records as fit in the
#                         rest of buf
#   load_from(buf, offset=0, undo=False)   that position, into a game of the same variant and
#                         profile whose number is set (a new Game with number set, as the app
#                         resumes, or one dealt); undo=True: the rest of
#                         buf is the undo log save_into wrote (or nothing). Validates everything
#                         (each card exactly once, sizes within capacity, counters and flags in
#                         range, padding zero, piles the rules could have built, the undo log's
#                         length) and returns False, changing nothing, on bad data, with why
#                         in `refused` (a short text for the player's notice; "" after a load).
#                         After a load: can_undo() only with the undo log, changed = every pile
#
# Moving, undoing, listing legal moves and the end check allocate nothing: they use buffers made
# in __init__, and ints below 2**30 (proved under MicroPython, tests/test_engine_micropython.py).

from micropython import const

from array import array

from engine.piles import Piles
from engine.undo import UndoLog, undo_chain, redo_chain

# game status
PLAYING = const(0)
WON = const(1)
LOST = const(2)

# a move is one small int: (source pile, destination pile, number of cards)
# 5 + 5 + 6 bits, so it fits an array('H'). Dealing is stock -> waste, a redeal waste -> stock
# (count 0 = the whole pile). Each family documents its pile numbering at the top of its module.
NO_MOVE = const(0xFFFF)
NO_CARD = const(255)
MAX_MOVES = const(512)  # size of a legal-move buffer; no position of any game has more
TURNED = const(128)  # a step's card count flag (Table.steps): the cards went over turned


def pack(src, dst, count):
    return (src << 11) | (dst << 6) | count


def move_src(move):
    return move >> 11


def move_dst(move):
    return (move >> 6) & 31


def move_count(move):
    return move & 63


# pile kinds (the games' own words)
KIND_STOCK = const(0)
KIND_WASTE = const(1)
KIND_RESERVE = const(2)
KIND_FOUNDATION = const(3)
KIND_TABLEAU = const(4)
# later families: Solitario 4 Ases (hand, revealed pile, spaces, reserve slot) and Solar
KIND_HAND = const(5)
KIND_REVEALED = const(6)
KIND_SPACE = const(7)
KIND_SLOT = const(8)
KIND_PAD = const(9)
KIND_STATION = const(10)

# why a move is refused; REASONS[code] is the short message the UI shows
OK = const(0)
REASON_NOT_PLAYABLE = const(1)
REASON_WRONG_RANK = const(2)
REASON_WRONG_COLOUR = const(3)
REASON_WRONG_SUIT = const(4)
REASON_ON_BASE = const(5)
REASON_STOCK_LOCKED = const(6)
REASON_STOCK_EMPTY = const(7)
REASON_NO_GROUP = const(8)
REASON_SPACE_RULE = const(9)
REASON_CHOOSE_BASE = const(10)
REASON_NOT_BASE = const(11)
REASON_FINAL = const(12)
REASON_GAME_OVER = const(13)
REASON_NO_REDEAL = const(14)
REASON_RESERVE_TO_FOUNDATION = const(15)
REASON_SECOND_PASS = const(16)

REASONS = (
    "",
    "Can't move that",
    "Wrong rank",
    "Needs other colour",
    "Needs same suit",
    "Nothing goes on a base-rank card",
    "Stock locked: play the waste card",
    "Stock is empty",
    "Not a movable group",
    "That can't fill a space",
    "Choose a base card first",
    "Needs the base rank",
    "Foundation cards stay",
    "Game is over",
    "No redeal left",
    "Reserve cards go to foundations",
    "Play the waste card first",
)



_MASK30 = const(0x3FFFFFFF)


class Table:
    # the core every family's Game is built on (see the contract above)
    REASONS = REASONS  # a family with refusals of its own extends it
    refused = ""  # why the last load_from refused its data (engine/pack.py sets it)
    MOST_STEPS = 1  # the most elementary steps one apply makes (a family with cascades: more)
    # room in hint()'s list: hints() must find its first move in it. A family whose hints()
    # writes candidates into the list and then keeps only some (Solar's free moves) needs room
    # for all of them, else a shorter list can start with another move
    HINT_ROOM = 1
    def _set_up(self, variant, profile, options, capacities, log, depth):
        # what every family's __init__ makes: the pile storage, held directly (the hot paths
        # index it without a call per card), the undo log (log: the app's, made once, else one of
        # `depth` moves) and the interface's bookkeeping
        self.variant = variant
        self.profile = profile
        self.options = options
        self.piles = Piles(capacities)
        self._cards = self.piles.cards
        self._start = self.piles.start
        self._size = self.piles.size
        self.undo_log = log = log if log is not None else UndoLog(depth)
        log.clear()  # (the app's is handed to every game in turn)
        self._one = array("H", (NO_MOVE,) * self.HINT_ROOM)  # hint()'s list
        self.steps = bytearray(3 * self.MOST_STEPS)  # the last apply's steps (_stepped)
        self.step_count = 0
        self.number = 0
        self.moves = 0
        self.undo_dropped = 0
        self.changed = 0
        self.version = 0

    def restart(self):
        self.deal(self.number)

    def count(self, p):
        return self._size[p]

    def card(self, p, i):
        return self._cards[self._start[p] + i]

    def top(self, p):
        n = self._size[p]
        return self._cards[self._start[p] + n - 1] if n else NO_CARD

    def can_undo(self):
        return self.undo_log.size > 0

    def can_redo(self):
        return self.undo_log.redo > 0

    def undo(self):
        self.step_count = 0  # (taken back at once: no steps to show)
        return undo_chain(self, self.undo_log)

    def redo(self):
        done = redo_chain(self, self.undo_log)
        self.step_count = 0  # (replayed at once)
        return done

    def _stepped(self, src, dst, n):
        # apply's record of one elementary step, in order: n cards (| TURNED) from src to dst.
        # A family's apply sets step_count = 0 first, then calls this for its move and each
        # automatic step (MOST_STEPS bounds them)
        i = 3 * self.step_count
        steps = self.steps
        steps[i] = src
        steps[i + 1] = dst
        steps[i + 2] = n
        self.step_count += 1

    def hint(self):
        # the first move of the family's hints(): what a single hint suggests
        return self._one[0] if self.hints(self._one) else NO_MOVE

    def _refresh(self):
        pass  # a family with state derived from the piles recomputes it here

    def _bump(self):
        # a change of position that the app must save: version moves on, derived state follows
        self.version = (self.version + 1) & _MASK30
        self._refresh()

    # ---- snapshot: not a hot path; the codec (engine/pack.py) is imported when called ---------

    def save_into(self, buf, offset=0, undo=False):
        from engine.pack import save

        return save(self, buf, offset, undo)

    def load_from(self, buf, offset=0, undo=False):
        from engine.pack import load

        return load(self, buf, offset, undo)
