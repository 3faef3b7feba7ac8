# The table (the play screen) of every family: the cursor and its moves, pick-up and drop through
# the engine's check/apply (A picks up the cards at the cursor or does the family's own action
# there, A again on another pile drops them or says why not, A held sends a card home, B puts
# back what is held or undoes), undo and redo, hints that cycle (SELECT), autoplay to the
# foundations a card at a time (each card chained to the player's move, so one undo takes the
# lot back), the end of the game. What belongs to one family - where its piles sit and how they
# are drawn, what A does on its own piles, the words of its status line - is its View in
# solitaire.<family>_view.
#
# The View contract, what solitaire.play asks of every family's view module:
#   TABLE                   the table's colour (the deck's sheet has it as palette 0)
#   View(screen)            a solitaire.layout.Layout: its plan() places the piles, and the
#                           Layout gives draw(p), rect(p, n), column(p), order and lines (the
#                           cursor's walk), cursor_moved(old, new); the View adds:
#   home()                  the cursor's pile when a game opens
#   words(p), score()       the status line: about the pile under the cursor; the score
#   press(p)                the move A makes on p with nothing held (deal, base choice) or NO_MOVE
#   why(code, move)         a move the engine refused (check's code) in words
#   drop(move)              (optional) the move a drop of held cards makes, or a refusal in words
#   refuse(p, n), no_home(p), stuck()   what to say when A, A held or SELECT can do nothing
#   name(move, n)           a move in words for a hint ("K\u2666 onto A\u2660")
#   framed(move)            the piles a hint frames: those its name names, no other
#   marks()                 piles framed when no hint shows (the base candidates)
#   autoplay_ready()        False while autoplay must wait (no base chosen yet)
#   auto(p)                 the move autoplay makes from p (solitaire/layout.py: quick play)
# and the view module names what the table keeps loaded for its family (solitaire/app.py
# settle() drops the rest): MODULES, the view's, its deck's layout and the engine's modules
# play uses.
from micropython import const

from engine import import_module
from engine.game import NO_MOVE, PLAYING, WON, move_count, move_dst, move_src, pack
from solitaire import keys as K
from solitaire.controls import ticks_diff
from solitaire.table import BOTH, OUTER, Table

MESSAGE_MS = const(1600)
THINKING = "Thinking..."  # said while a search runs (after(), and the engine's think hook)
_END = const(0)  # after()'s work: the end check, a hint, an answer that always searches
HINT = const(1)
ALWAYS = const(2)
AUTO_MS = const(160)  # autoplay: a card every so often, so the player sees where each one goes
# what every table keeps loaded (solitaire/app.py settle()), besides its view module's MODULES:
# this code, the table's display objects and the renderer, the slides (with the Motion option);
# the engine's core is in solitaire/app.py CORE. A box over the table adds its own (boxmenu and
# the box's module), a won game's celebration solitaire.celebrate
MODULES = ("solitaire.play", "solitaire.table", "solitaire.layout", "solitaire.motion")


class Screen:
    # menus in a box over the table: solitaire/boxmenu.py, loaded while a box is open
    long_a = True  # A held (or pressed twice) sends a card home

    def __init__(self, app, vmod):
        self.app = app
        self.game = app.game
        self.vmod = vmod  # the family's view module (its MODULES)
        self.moves = app.moves  # the app's move buffer (one for every game and screen)
        # the deck's cards, put in the start-up bitmap by solitaire.opening
        self.table = Table(app, vmod.TABLE, app.sheet, app.palette, app.tiles[0],
                           app.tiles[1])
        self.group = self.table.group
        self.view = vmod.View(self)
        # moves you can see (the Motion option): solitaire/motion.py's sprite, or None
        self.motion = None
        if app.motion:
            from solitaire.motion import Motion

            self.motion = Motion(self)
        self.celebrated = False  # a won game's celebration has begun
        self.held = -1  # pile picked up from, and how many cards
        self.held_n = 0
        self.depth = 1  # cards the cursor takes at its pile
        self.marked = []  # piles framed as a hint (or the base candidates)
        self.hint_at = -1  # which hint SELECT showed last, at hint_version
        self.hint_version = -1
        self.last = NO_MOVE  # the player's last move (no hint takes it back: hint())
        self.msg_until = None  # ticks the message goes at; -1: shown, not yet timed; -2: at a key
        self.auto_due = None  # ticks of the next autoplay step; -1: soon; None: none pending
        self.over = False
        # work waiting for the step after the key's, when it runs a long search (after()): the
        # key's own change is on the screen first, "Thinking..." with it
        self.later = None
        self.later_new = False  # set in this step: its refresh comes first
        self.words_due = False  # later: a hint's words (hint(): a view's WORDS_LOADED)
        self.cursor = app.cursor if app.cursor is not None else self.view.home()
        # x on screen where UP/DOWN started (None: at the cursor's pile): each row's pile is
        # the one nearest it, so UP then DOWN comes back even past a pile whose place moves
        self.walk_x = None
        self.box = None  # a menu in a box over the table: (words, items, actions, on B)
        self.box_at = 0
        self.box_counts = None  # How to play's box: its lines per paragraph (solitaire/boxmenu.py)
        self.box_modules = ()  # what the box's actions need loaded (open_box)
        self.redraw(-1)
        # a fresh deal: what is playable home goes at once, as part of the deal (_settle)
        self.opening = self.game.moves == 0 and not self.game.can_redo()
        if self.opening:
            self.hear("deal")
            self._autoplay_soon()
        else:
            # a resumed game that had ended (saved by an earlier version before its end was
            # counted) ends at once: counted, and said
            self.after(self._check_over)

    def modules(self):
        # what this table keeps loaded now (solitaire/app.py settle()); nothing once its game
        # is closed (a new deal, the menu: the table is on its way out)
        if self.game is None or self.app.game is not self.game:
            return ()
        m = MODULES + self.vmod.MODULES
        if self.box is not None:
            m += ("solitaire.boxmenu",) + self.box_modules
        if self.motion is not None and self.motion.celebrating():
            m += ("solitaire.celebrate",)
        return m

    def close(self):
        self.app.cursor = self.cursor
        if self.motion is not None:
            self.motion.close()
        self.table.close()
        # nothing of the game stays reachable from the closed screen: on a conservative
        # collector a stray word that looks like its address then keeps only the screen
        self.view = self.table = self.group = self.game = self.motion = self.vmod = None

    # ---- drawing -----------------------------------------------------------------------------

    def redraw(self, mask):
        # piles in mask (bit p = pile p, -1: all) from the engine, then frames and status
        view = self.view
        view.draw_piles(mask)
        while self.depth > 1 and not self.game.pickable(self.cursor, self.depth):
            self.depth -= 1
        self.overlays()

    def overlays(self):
        view = self.view
        t = self.table
        marks = self.marked or view.marks()
        t.mark([view.rect(p, 1) for p in marks])
        t.frame(t.picked, view.rect(self.held, self.held_n) if self.held >= 0 else None)
        # on the picked-up pile itself the cyan frame shows (it says "in hand" and "here"); on
        # a marked pile the cursor is its outer ring only, around the mark's inner one
        on = self.cursor != self.held
        t.frame(t.cursor, view.rect(self.cursor, self.depth if self.held < 0 else 1) if on else None,
                OUTER if self.cursor in marks else BOTH)
        if self.box is None:  # (a box's own words hold the status line: a slide landing
            t.show_status(view.words(self.cursor), view.score())  # under it keeps them)

    def say(self, text):
        # at the bottom of the table, or at its top if a pile's cards reach down to it
        t = self.table
        t.say(text)
        r = t.box_rect
        view = self.view
        game = self.game
        for p in range(game.pile_count):
            n = game.count(p)
            if n:
                x, y, cols, rows = view.rect(p, n)
                if (x < r.x + r.width and r.x < x + cols * t.tw and y < r.y + r.height
                        and r.y < y + rows * t.th):
                    t.box_to_top()
                    break
        self.msg_until = -1

    def hear(self, name):
        # the sound of what just happened (solitaire/sound.py's SOUNDS), on a board with a speaker
        if self.app.sound is not None:
            self.app.sound.play(name)

    def deny(self, text):
        # a key that can do nothing here: the refusal heard, and said
        self.hear("refused")
        self.say(text)

    def tell(self, text):
        # an answer the player asked for ("Can I still win?"): it stays until a key, in every
        # family, however long it takes to read
        self.say(text)
        self.msg_until = -2

    def after(self, work, ask=_END):
        # work (a function) that may run one of the engine's searches: the end check after a
        # move (_END: Solar's loss search, when the engine's searching() says it would run
        # now), a hint (HINT: the same search, which hints ask for sooner) or "Can I still
        # win?" (ALWAYS). Then the key's own change (the move, the closed box) shows at once
        # with "Thinking...", and the work runs in the next step, or first thing at the next
        # key; else it runs now. A search takes up to about a second on a PyBadge
        # (docs/speed.md)
        self._run_later()  # (one waits at a time: an older one first)
        g = self.game
        if ask == ALWAYS or getattr(g, "searching", None) is not None and g.searching(ask):
            self.say(THINKING)
            self.later = work
            self.later_new = True
        else:
            work()

    def _run_later(self):
        work = self.later
        if work is not None:
            self.later = None
            self.table.unsay()
            work()
            self.overlays()

    # ---- moves -------------------------------------------------------------------------------

    def apply(self, move, chained=False):
        # a move through the engine; the piles it changed are redrawn, and with Motion on the
        # cards it took slide to where they go, then each automatic step the game made after it
        # (solitaire/motion.py)
        game = self.game
        motion = self.motion
        if motion is not None:
            motion.before(move)
        if not game.apply(move, chained):
            return False
        self.held = -1
        self.held_n = 0
        self.depth = 1
        self.marked = []
        if motion is None:
            self.redraw(game.changed)
        else:
            motion.moved(move)
        if not chained:
            self.last = move
            self.opening = False  # the player's own move: what follows is undone with it
            self.hear("drop")  # (A's own move on a pile is a deal: _press_a)
            self._autoplay_soon()
        return True

    # ---- keys --------------------------------------------------------------------------------

    def key(self, k, now):
        motion = self.motion
        landed = False
        if motion is not None:
            if motion.celebrating():  # any key ends the celebration: the result
                motion.stop()
                import_module("solitaire.result").over(self.app)
                return True
            # a slide or cascade under way: it all lands, then the key acts
            landed = motion.finish()
        # the game's end shown, settled, before this key: only then is the key an answer to it
        # (a key that lands the end's slides, its autoplay or runs its search just shows it)
        answer = self.over and not landed
        self._finish_autoplay()
        self._run_later()  # (the end check or the answer that waited for this step: first)
        if self.box is not None:
            import_module("solitaire.boxmenu").key(self, k)
            return True
        if k == K.START:
            self._drop_held()
            self.app.pause()
            return True
        if self.over:
            if not answer:
                pass  # ("No moves left. B: undo, A: the result." is seen before a key answers)
            elif k == K.B:
                self.undo()
            elif k == K.REDO:
                self.redo()
            elif k != K.A_LONG:
                import_module("solitaire.result").over(self.app)
                return True
            self.overlays()
            return True
        if self.msg_until is not None:
            self.table.unsay()
            self.msg_until = None
        if self.words_due:  # a hint's words not said yet go with its frame
            self.later = None
            self.words_due = False
        self.marked = []
        if k == K.LEFT or k == K.RIGHT:
            self.walk_x = None
            view = self.view
            order = view.order
            i = order.index(self.cursor) if self.cursor in order else 0
            i += 1 if k == K.RIGHT else -1
            if self.app.controls.present & 3 == 3:
                # UP and DOWN are buttons of their own (a D-pad, a joystick: bits UP 0 and
                # DOWN 1 of present): LEFT/RIGHT stay on the cursor's row and stop at its ends,
                # as a D-pad's edge does; UP/DOWN change rows
                row = view.lines[view.column(self.cursor)[0]]
                i = order.index(row[0]) + min(max(i - order.index(row[0]), 0), len(row) - 1)
            # (a four-button board, whose UP/DOWN are chords of B: every pile in turn, row
            # after row, wrapping)
            self._move_to(order[i % len(order)])
        elif k == K.UP or k == K.DOWN:
            self._vertical(k == K.UP)
        elif k == K.A:
            self._press_a()
        elif k == K.A_LONG:
            self._send_home()
        elif k == K.B:
            if self.held >= 0:
                self._drop_held()
            else:
                self.undo()
        elif k == K.REDO:
            self.redo()
        elif k == K.SELECT:
            self._drop_held()
            self.after(self.hint, HINT)
        self.overlays()
        return True

    def _move_to(self, p):
        old = self.cursor
        self.cursor = p
        self.depth = 1
        self.view.cursor_moved(old, p)

    def _vertical(self, up):
        p = self.cursor
        game = self.game
        if self.held < 0:  # on a pile of groups, UP/DOWN choose how many cards to take
            if up and game.pickable(p, self.depth + 1):
                self.depth += 1
                return
            if not up and self.depth > 1:
                self.depth -= 1
                return
        view = self.view
        row, x = view.column(p)
        if self.walk_x is None:
            self.walk_x = x
        x = self.walk_x
        rows = view.lines
        r = (row + (-1 if up else 1)) % len(rows)
        best = rows[r][0]
        for q in rows[r]:
            if abs(view.column(q)[1] - x) < abs(view.column(best)[1] - x):
                best = q
        self._move_to(best)

    def settled(self):
        # nothing under way: no slide or cascade, no autoplay card to come, no search waiting.
        # The app's idle save waits for it (solitaire/app.py): one write when the player pauses,
        # never one per automatic card
        m = self.motion
        return self.auto_due is None and self.later is None and (m is None or not m.busy())

    def due(self, now, most):
        # ms (at most `most`) until tick() has something to do: a slide's or the celebration's
        # next frame, the next autoplay card, the message's time to go
        if self.motion is not None:
            most = self.motion.due(now, most)
        if self.later is not None and (self.motion is None or not self.motion.busy()):
            most = 0
        for at in (self.auto_due, self.msg_until):
            if at is not None and at != -2:  # (-2: a message that waits for a key: no time)
                most = min(most, 0 if at == -1 else ticks_diff(at, now))
        return max(0, most)

    def tick(self, now):
        motion = self.motion
        if motion is not None:
            if motion.busy():
                dirty = motion.tick(now)
                if self.celebrated and not motion.busy():  # every card has flown
                    import_module("solitaire.result").over(self.app)
                    return True
                return dirty  # (autoplay's next card waits for the next frame)
            elif self.over and not self.celebrated and self.game.status() == WON:
                self.celebrated = True  # ("You won! Press A." stays over the flying cards)
                motion.celebrate(now)
                return True
        if self.later is not None:
            if self.later_new:  # (the key's step: its refresh shows the change first)
                self.later_new = False
            else:  # the change has been shown: now the search
                self._run_later()
                return True
        dirty = self._autoplay_tick(now)
        if self.msg_until == -1:
            self.msg_until = (now + MESSAGE_MS) & 0x1FFFFFFF
        elif (self.msg_until is not None and self.msg_until != -2
              and ticks_diff(now, self.msg_until) >= 0 and not self.over):
            self.msg_until = None
            dirty = self.table.unsay() or dirty
        return dirty

    # ---- picking up and putting down ----------------------------------------------------
    def _drop_held(self):
        self.held = -1
        self.held_n = 0

    def _press_a(self):
        game = self.game
        p = self.cursor
        if self.held >= 0:
            if p == self.held:
                # the same pile again: one card more (groups), else put them back
                if game.pickable(p, self.held_n + 1):
                    self.held_n += 1
                    self.hear("pick")
                else:
                    self._drop_held()
                return
            move = pack(self.held, p, self.held_n)
            drop = getattr(self.view, "drop", None)  # a family may refuse a drop in its words
            if drop is not None:
                move = drop(move)
                if isinstance(move, str):
                    self._drop_held()
                    self.deny(move)
                    return
            reason = game.check(move)
            if reason:
                self._drop_held()
                self.deny(self.view.why(reason, move))
            else:
                self.apply(move)
            return
        move = self.view.press(p)
        if move != NO_MOVE:
            reason = game.check(move)
            if reason:
                self.deny(self.view.why(reason, move))
            elif self.apply(move):
                self.hear("deal")  # the stock dealt or turned (or a base chosen: the deal's end)
            return
        if not game.pickable(p, self.depth):
            self.deny(self.view.refuse(p, self.depth))
            return
        self.held = p
        self.held_n = self.depth
        self.depth = 1
        self.hear("pick")

    def _send_home(self):
        self._drop_held()
        m = self.game.quick_play(self.cursor)
        if m == NO_MOVE:
            self.deny(self.view.no_home(self.cursor))
        else:
            self.apply(m)

    def undo(self):
        self._drop_held()
        self.last = NO_MOVE  # (the move before it is not known here)
        if not self.game.undo():
            self.deny("Nothing to undo")
            return
        self.hear("undo")
        self.over = False
        self.table.unsay()
        self.redraw(self.game.changed)

    def redo(self):
        self._drop_held()
        self.last = NO_MOVE
        if not self.game.redo():
            self.deny("Nothing to redo")
            return
        self.hear("drop")
        self.redraw(self.game.changed)
        self.after(self._check_over)

    # ---- hints, autoplay and the end of the game --------------------------------------------
    def play_hint(self):
        # the hint's move, as if the player made it (the heap budget run plays games this way)
        self._finish_autoplay()
        self._run_later()
        m = self.game.hint()
        return m != NO_MOVE and self.apply(m)

    def _autoplay_soon(self):
        if self.app.autoplay and self.view.autoplay_ready():
            self.auto_due = -1
        else:
            self._settle()
            self.after(self._check_over)

    def _settle(self):
        # the opening autoplay is over: its cards are part of the deal, so nothing to undo and
        # no move made (a deal left at once is not a game played; engine/game.py "moves")
        if self.opening:
            self.opening = False
            self.game.undo_log.clear()
            self.game.moves = 0

    def _autoplay_step(self):
        # one card home, chained to the player's move (one undo takes the lot back): the
        # view's auto(p), the engine's quick play unless the family keeps autoplay to safe cards
        view = self.view
        for p in view.order:
            m = view.auto(p)
            if m != NO_MOVE and self.apply(m, True):
                self.hear("drop")
                return True
        return False

    def _finish_autoplay(self):
        if self.auto_due is not None:
            self.auto_due = None
            while self._autoplay_step():
                pass
            self._settle()
            self._check_over()

    def _check_over(self):
        state = self.game.status()
        ended = state != PLAYING and not self.over  # (heard once, not at each check)
        self.over = state != PLAYING
        if ended:
            # counted, its save cleared, in one write before anything of the end shows
            import_module("solitaire.result").count(self.app)
            self.hear("win" if state == WON else "loss")
        if self.over:
            self.say("You won! Press A." if state == WON else
                     ("You resigned." if getattr(self.game, "resigned", False) else
                      "No moves left.") + " B: undo, A: the result.")
        return True

    def _autoplay_tick(self, now):
        # one autoplay card when its time comes; True if the screen changed
        if self.auto_due is None:
            return False
        if self.auto_due == -1:
            self.auto_due = (now + AUTO_MS) & 0x1FFFFFFF
            return False
        if ticks_diff(now, self.auto_due) < 0:
            return False
        if self._autoplay_step():
            self.auto_due = (now + AUTO_MS) & 0x1FFFFFFF
        else:
            self.auto_due = None
            self._settle()
            self.after(self._check_over)
        self.overlays()
        return True

    def hint(self):
        # SELECT: the first hint; SELECT again (nothing moved): the next one, then "no more".
        # Advice stays until the next key (tell()): a two-line hint takes longer to read than
        # a refusal's time on screen. The engine's hints are kept in order less two a player
        # takes for nonsense: the move that takes the player's last one back (the same cards
        # to and fro: Solar's station and pad in an emergency; B undoes, if that is the way),
        # and the family's resign (Solar's, offered when its search can't tell: a game proved
        # lost is over and hints nothing, one not proved lost may be won, so resigning is the
        # player's choice, not advice; stuck() then says why)
        game = self.game
        self._drop_held()
        buf = self.moves
        last = self.last
        back = pack(move_dst(last), move_src(last), move_count(last)) if last != NO_MOVE else -1
        resign = getattr(self.view, "resign", -1)
        n = 0
        undo = False  # the way back was among them
        for i in range(game.hints(buf)):
            m = buf[i]
            if m == back:
                undo = True
            elif m != resign:
                buf[n] = m
                n += 1
        if self.hint_version == game.version and self.hint_at < n:
            self.hint_at += 1
        else:
            self.hint_at = 0
        self.hint_version = game.version
        if n == 0:
            # (the one move left was the last one's way back: B is the honest advice)
            self.tell("Hint: B, undo your last move" if undo else self.view.stuck())
        elif self.hint_at == n:
            self.tell("No more hints (" + self.app.controls.names[K.SELECT] + ": the first again)")
        else:
            m = buf[self.hint_at]
            self.marked = self.view.framed(m)
            first = "Hint: " if n == 1 else "Hint " + str(self.hint_at + 1) + "/" + str(n) + ": "
            if self.view.WORDS_LOADED and self.later is None:
                # the frame now, the words when the next step has shown it (after())
                self.tell(first[:-2])
                self.later = lambda: self._hint_words(first, m)
                self.later_new = self.words_due = True
            else:
                self._hint_words(first, m)

    def _hint_words(self, first, m):
        self.words_due = False
        self.tell(first + self.view.name(m, move_count(m)))
