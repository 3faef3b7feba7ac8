# The app shell: title, game menu (family -> mode -> options), play, pause menu, rules,
# result, statistics. It knows no game's rules or layout: families come from
# solitaire.families, the play screen is the family's View(ui, game) (see README), and the
# engine is reached only through the uniform interface of engine/game.py.
import gc
import random
import sys

from micropython import const

from engine.registry import import_module

from solitaire import keys as K
from solitaire import settings
from solitaire.controls import ticks_diff
from solitaire.families import FAMILIES, PROFILE_LABELS
from solitaire.screen import WARN, ListScreen, wrap
from solitaire.store import Store

# states
TITLE = const(0)
FAMILY = const(1)
MODE = const(2)
OPTIONS = const(3)
DEAL = const(4)
PLAY = const(5)
PAUSE = const(6)
RULES = const(7)
RESULT = const(8)
TEXT = const(9)  # a page of text (notice, statistics, controls); A/B go to text_next

# View.key results
_PAUSE = const(1)
_OVER = const(2)
# engine status
_WON = const(1)
_LOST = const(2)

SAVE_IDLE_MS = const(3000)  # save this long after the last move if nothing else happens
DEAL_DIGITS = const(10)
OPT_AUTOPLAY = const(1)  # app option bits stored with a save
OPT_COUNTED = const(2)  # the game was lost once and is already in the statistics


def forget_module(name):
    # drop a data module after use so its strings can be collected
    if name in sys.modules:
        del sys.modules[name]
        dot = name.rfind(".")
        if dot > 0 and name[:dot] in sys.modules:
            try:
                delattr(sys.modules[name[:dot]], name[dot + 1 :])
            except Exception:  # AttributeError, or no delattr in this build
                pass


def mem(tag):
    gc.collect()
    free = getattr(gc, "mem_free", None)
    print("mem_free", tag + ":", free() if free else "n/a (not CircuitPython)")


class UI:
    # what a family's View gets besides the game
    def __init__(self, width, height, font):
        self.width = width
        self.height = height
        self.font = font
        self.autoplay = True


class App:
    def __init__(self, platform, font):
        self.platform = platform
        self.display = platform.display
        self.controls = platform.controls
        self.font = font
        self.debug_mem = settings.debug_mem()
        self.first_deal = settings.deal()
        if self.debug_mem:
            mem("start")
        self.screen = ListScreen(platform.width, platform.height, font)
        self.ui = UI(platform.width, platform.height, font)
        self.store = Store(platform.nvm)
        notices = self.store.open()
        self.game = None
        self.snap = None  # buffer for the game's snapshot (Game.SNAPSHOT_SIZE bytes)
        self.view = None
        self.gkey = None  # (family, variant, profile) of game/view
        self.view_autoplay = None
        self.active = False  # a game is in progress: it can be resumed and is saved
        self.counted = False  # ...and it is already in the statistics as played (it was lost)
        # game.version when the game was last saved: the View calls the engine directly, and the
        # engine bumps version on every deal/apply/undo/load, so a difference means unsaved play
        # (a signature such as (moves, score) would miss an undo followed by another move)
        self.saved_version = -1
        self.last_move = 0
        self.mem_mark = 0
        # menu choices
        self.family = 0
        self.variant = 0
        self.profile = 0
        self.autoplay = True
        self.deal_choice = 0  # 0: random
        self.digits = bytearray(DEAL_DIGITS)
        self.dpos = 0
        # what the current list screen shows
        self.state = TITLE
        self.rows = []
        self.first = 0
        self.sel = 0
        self.top = 0
        self.title = ""
        self.footer = ""
        self.colors = None
        self.text_next = TITLE
        self.rules_back = OPTIONS
        self.actions = ()
        self.display.root_group = self.screen.group
        if notices:
            self.notice("Save memory", " ".join(notices), TITLE)
        else:
            self.go(TITLE)
        self.display.refresh()

    # ---- list screen helpers ---------------------------------------------------------------
    def _show(self):
        self.screen.render(self.title, self.rows, self.sel if self.first < len(self.rows) else -1,
                           self.top, self.footer, self.first, self.colors)

    def _menu(self, title, info, items, actions, footer="A choose  B back", sel=None):
        self.title = title
        self.rows = list(info) + list(items)
        self.first = len(info)
        self.actions = actions
        self.colors = None
        n = len(self.rows)
        if sel is None or sel < self.first or sel >= n:
            sel = self.first
        self.sel = sel
        self.footer = footer
        self._scroll_to_sel()
        self._show()

    def _scroll_to_sel(self):
        rows = self.screen.rows
        if self.sel - self.top >= rows:
            self.top = self.sel - rows + 1
        if self.sel < self.top:
            self.top = self.sel
        if self.first > 0 and self.sel - self.first < rows - self.first and self.sel < rows:
            self.top = 0  # keep the heading in view while the selection allows it

    def _text(self, title, text_or_lines, footer="A/B back"):
        self.title = title
        if isinstance(text_or_lines, str):
            self.rows = wrap(self.font, text_or_lines, self.screen.text_width - 6)
        else:
            rows = []
            for line in text_or_lines:
                rows.extend(wrap(self.font, line, self.screen.text_width - 6))
            self.rows = rows
        self.first = len(self.rows)
        self.sel = -1
        self.top = 0
        self.footer = footer
        self.colors = None
        self._show()

    def notice(self, title, text, then):
        self.state = TEXT
        self.text_next = then
        self._to_screen()
        self._text(title, text, "A continue")
        self.colors = [WARN] * len(self.rows)
        self._show()

    def _to_screen(self):
        self.controls.long_a = False
        if self.display.root_group is not self.screen.group:
            self.display.root_group = self.screen.group

    # ---- states ----------------------------------------------------------------------------
    def go(self, state, sel=None):
        self.state = state
        self.top = 0
        if state == PLAY:
            self.display.root_group = self.view.group
            self.controls.long_a = True
            return
        self._to_screen()
        if state == TITLE:
            items = []
            acts = []
            r = self.resumable()
            if r:
                items.append("Resume " + r)
                acts.append(self.resume)
            items += ["New game", "Statistics", "Controls"]
            acts += [self.new_game_menu, self.stats_page, self.controls_page]
            self._menu("SOLITAIRE", ("", "A handheld card table", ""), items, acts, "A choose", sel)
        elif state == FAMILY:
            names = [f[1] for f in FAMILIES]
            self._menu("Choose a game", (), names, None, sel=self.family if sel is None else sel)
        elif state == MODE:
            mod = self.engine_module(self.family)
            self._menu(FAMILIES[self.family][1], (), mod.VARIANTS, None,
                       sel=self.variant if sel is None else sel)
        elif state == OPTIONS:
            self._options(sel)
        elif state == DEAL:
            self._deal_show()
        elif state == PAUSE:
            g = self.game
            info = (self.mode_name(self.gkey) + ", deal " + str(g.number),)
            items = ("Resume", "Undo", "Hint", "Restart this deal", "New deal", "Rules", "Quit to menu")
            acts = (self.resume_play, self.pause_undo, self.pause_hint, self.restart_deal,
                    self.new_deal, self.rules_from_pause, self.quit_to_menu)
            self._menu("Paused", info, items, acts, "A choose  B resume", sel)
        elif state == RESULT:
            self._result(sel)

    def resumable(self):
        # text for the title's Resume row, or "" if nothing can be resumed
        if self.game is not None and self.active:
            return "(" + str(self.game.number) + ")"
        s = self.store.saved()
        if s is not None and s[0] < len(FAMILIES):
            return "(" + str(s[5]) + ")"
        return ""

    def engine_module(self, family):
        return import_module(FAMILIES[family][2])

    def mode_name(self, key):
        mod = self.engine_module(key[0])
        return mod.VARIANTS[key[1]]

    def _options(self, sel):
        mod = self.engine_module(self.family)
        prof = mod.PROFILES[self.profile] if self.profile < len(mod.PROFILES) else "?"
        items = [
            "Start game",
            "Rules: " + PROFILE_LABELS.get(prof, prof),
            "Autoplay: " + ("on" if self.autoplay else "off"),
            "Deal: " + (str(self.deal_choice) if self.deal_choice else "random"),
            "How to play",
        ]
        acts = (self.start_chosen, self.toggle_profile, self.toggle_autoplay, self.deal_entry,
                self.rules_from_options)
        self._menu(mod.VARIANTS[self.variant], (), items, acts, "A choose/change  B back", sel)

    # ---- menu actions ----------------------------------------------------------------------
    def new_game_menu(self):
        self.go(FAMILY)

    def stats_page(self):
        lines = []
        for f in range(len(FAMILIES)):
            mod = self.engine_module(f)
            for v in range(len(mod.VARIANTS)):
                for p in range(len(mod.PROFILES)):
                    played, won, best = self.store.stats(f, v, p)
                    if played:
                        lines.append(mod.VARIANTS[v] + " (" + mod.PROFILES[p] + ")")
                        lines.append("played " + str(played) + ", won " + str(won) + ", best " + str(best))
        if not lines:
            lines.append("No games played yet.")
        if not self.store.ok:
            lines.append("(This board has no save memory: statistics are not kept.)")
        self.state = TEXT
        self.text_next = TITLE
        self._text("Statistics", lines)

    def controls_page(self):
        from solitaire.boards import scheme

        self.state = TEXT
        self.text_next = TITLE
        self._text("Controls", scheme(self.controls))

    def toggle_profile(self):
        n = len(self.engine_module(self.family).PROFILES)
        self.profile = (self.profile + 1) % n
        self._options(self.sel)

    def toggle_autoplay(self):
        self.autoplay = not self.autoplay
        self._options(self.sel)

    def deal_entry(self):
        n = self.deal_choice
        for i in range(DEAL_DIGITS - 1, -1, -1):
            self.digits[i] = n % 10
            n //= 10
        self.dpos = DEAL_DIGITS  # on OK: A at once keeps the number
        self.go(DEAL)

    def _deal_value(self):
        n = 0
        for d in self.digits:
            n = n * 10 + d
        return n

    def _deal_show(self, warn=""):
        s = ""
        for i in range(DEAL_DIGITS):
            d = chr(48 + self.digits[i])
            s += "[" + d + "]" if i == self.dpos else d
        s += " [OK]" if self.dpos == DEAL_DIGITS else " OK"
        info = ("Deal number (0 = random)", "", s, "", warn or "UP/DOWN or A: change digit",
                "LEFT/RIGHT: next digit", "A on OK: done, B: cancel")
        self.title = "Deal number"
        self.rows = list(info)
        self.first = len(self.rows)
        self.sel = -1
        self.top = 0
        self.footer = ""
        self.colors = [None, None, 0xFFD866, None, WARN if warn else None]
        self._show()

    def _deal_key(self, k):
        if k == K.LEFT:
            self.dpos = (self.dpos - 1) % (DEAL_DIGITS + 1)
        elif k == K.RIGHT:
            self.dpos = (self.dpos + 1) % (DEAL_DIGITS + 1)
        elif k in (K.UP, K.DOWN, K.A) and self.dpos < DEAL_DIGITS:
            step = 9 if k == K.DOWN else 1
            self.digits[self.dpos] = (self.digits[self.dpos] + step) % 10
        elif k == K.A:
            n = self._deal_value()
            if n > settings.DEAL_MAX:
                self._deal_show("Too big: max " + str(settings.DEAL_MAX))
                return
            self.deal_choice = n
            self.go(OPTIONS, 0)  # next: Start game
            return
        elif k == K.B:
            self.go(OPTIONS, 3)
            return
        else:
            return
        self._deal_show()

    def rules_from_options(self):
        self.rules_back = OPTIONS
        self._rules(self.family, self.variant, self.profile)

    def rules_from_pause(self):
        self.rules_back = PAUSE
        self._rules(self.gkey[0], self.gkey[1], self.gkey[2])

    def _rules(self, family, variant, profile):
        from solitaire.boards import scheme

        mod = self.engine_module(family)
        name = mod.VARIANTS[variant]
        prof = mod.PROFILES[profile]
        rname = "solitaire.rules_" + FAMILIES[family][0]
        lines = []
        try:
            r = import_module(rname)
            lines.append(r.MODES.get(name, ""))
            lines.append(r.PROFILES.get(prof, ""))
            lines.append(r.COMMON)
        except ImportError:
            lines.append("No rules text for this game.")
        forget_module(rname)
        lines.append("Controls:")
        lines.extend(scheme(self.controls))
        self.state = RULES
        self._text(name, lines, "UP/DOWN scroll  B back")

    # ---- starting, resuming, ending games ---------------------------------------------------
    def next_deal_number(self):
        if self.first_deal:
            n = self.first_deal
            self.first_deal = 0
            return n
        return random.randint(1, settings.DEAL_MAX)

    def start_chosen(self):
        n = self.deal_choice or self.next_deal_number()
        self.abandon()
        self.start_game((self.family, self.variant, self.profile), n)

    def _drop_game(self):
        self.display.root_group = self.screen.group
        self.view = None
        self.game = None
        self.snap = None
        self.gkey = None
        gc.collect()

    def _make_game(self, key, number, snapshot=None):
        # a dealt game (then the saved position loaded into it) with its View; reuses both if the
        # mode is the same. Returns False if the snapshot was refused (the game is then the fresh
        # deal)
        self.ui.autoplay = self.autoplay
        loaded = True
        if self.gkey == key and self.game is not None and self.view_autoplay == self.autoplay:
            self.game.deal(number)
            if snapshot is not None:
                loaded = self.game.load_from(snapshot)
            self.view.reset()
        else:
            self._drop_game()
            fam = FAMILIES[key[0]]
            mod = import_module(fam[2])
            game = mod.Game(key[1], key[2], 0)
            game.deal(number)
            if snapshot is not None:
                loaded = game.load_from(snapshot)
            self.snap = bytearray(mod.Game.SNAPSHOT_SIZE)
            try:
                vmod = import_module(fam[3])
            except ImportError as e:
                raise ImportError("play screen " + fam[3] + " missing (" + str(e) + ")")
            self.view = vmod.View(self.ui, game)
            self.view_autoplay = self.autoplay  # a View reads ui.autoplay when it is built
            self.game = game
            self.gkey = key
        self.active = True
        self.counted = False
        self.mem_mark = self.game.moves // 50  # a resumed game prints from its next 50 on
        if self.debug_mem:
            mem("after deal")
        return loaded

    def start_game(self, key, number):
        self._make_game(key, number)
        self.save_now()
        self.go(PLAY)

    def resume(self):
        if self.game is not None and self.active:
            self.go(PLAY)
            return
        s = self.store.saved()
        if s is None:
            self.go(TITLE)
            return
        fam, var, prof, opts, _eopts, number, _made, _score = s
        ok = fam < len(FAMILIES)
        if ok:
            mod = self.engine_module(fam)
            ok = var < len(mod.VARIANTS) and prof < len(mod.PROFILES) and 1 <= number <= settings.DEAL_MAX
        if not ok:
            self.store.clear_save()
            self.notice("Resume", "The saved game is for a game this version does not have. It was removed.", TITLE)
            return
        self.family, self.variant, self.profile = fam, var, prof
        self.autoplay = bool(opts & OPT_AUTOPLAY)
        if not self._make_game((fam, var, prof), number, self.store.saved_snapshot()):
            # the engine refused the position: drop it (statistics are kept) and start afresh
            self.active = False
            self.store.clear_save()
            self._drop_game()
            self.notice("Resume", "The saved game was damaged and has been removed.", TITLE)
            return
        self.counted = bool(opts & OPT_COUNTED)
        self.save_now()
        self.go(PLAY)

    def abandon(self):
        # the current game is left (new deal, restart, other game): count it once if it was played
        g = self.game
        if g is not None and self.active:
            if self.counted:  # lost, counted, then played on: only the best score may change
                self.store.record_result(self.gkey[0], self.gkey[1], self.gkey[2], False, g.score(), False)
            elif g.moves > 0 or g.status() != 0:
                self.store.record_result(self.gkey[0], self.gkey[1], self.gkey[2], g.status() == _WON, g.score())
            self.counted = True
            self.active = False
        elif g is None:
            s = self.store.saved()
            if s is not None and s[6] > 0 and s[0] < len(FAMILIES) and not s[3] & OPT_COUNTED:
                self.store.record_result(s[0], s[1], s[2], False, s[7])
        self.store.clear_save()

    def save_now(self):
        g = self.game
        if g is None or not self.active:
            return
        n = g.save_into(self.snap)
        self.store.save_game(self.gkey[0], self.gkey[1], self.gkey[2],
                             (OPT_AUTOPLAY if self.autoplay else 0) | (OPT_COUNTED if self.counted else 0),
                             g.options, g.number, g.moves, g.score(), self.snap, n)
        self.saved_version = g.version

    # ---- pause menu ------------------------------------------------------------------------
    def resume_play(self):
        self.go(PLAY)

    def pause_undo(self):
        self.view.undo()
        self.go(PLAY)

    def pause_hint(self):
        self.view.hint()
        self.go(PLAY)

    def restart_deal(self):
        self.abandon()
        self.game.restart()
        self.view.reset()
        self.active = True
        self.counted = False
        self.save_now()
        self.go(PLAY)

    def new_deal(self):
        self.abandon()
        self.start_game(self.gkey, self.next_deal_number())

    def quit_to_menu(self):
        self.save_now()
        self.go(TITLE)

    # ---- result ----------------------------------------------------------------------------
    def game_over(self):
        # a game counts as played when it ends; a lost game the player undoes and wins later
        # adds the win (and its score) without counting a second game
        g = self.game
        won = g.status() == _WON
        if self.active:
            k = self.gkey
            self.store.record_result(k[0], k[1], k[2], won, g.score(), not self.counted)
            self.counted = True
            if won:
                self.active = False
                self.store.clear_save()
            else:
                self.save_now()
        self.go(RESULT)

    def _result(self, sel):
        g = self.game
        won = g.status() == _WON
        played, wins, best = self.store.stats(*self.gkey)
        info = [self.mode_name(self.gkey), "Score " + str(g.score()) + "   Deal " + str(g.number)]
        if self.store.ok:
            info.append("Played " + str(played) + " won " + str(wins) + " best " + str(best))
        items = ["Play this deal again", "New deal"]
        acts = [self.again, self.new_deal]
        if not won and g.can_undo():
            items.append("Undo last move")
            acts.append(self.pause_undo)
        items.append("Menu")
        acts.append(self.result_menu)
        self._menu("You won!" if won else "No moves left", info, items, acts, "A choose", sel)

    def again(self):
        self.abandon()
        self.start_game(self.gkey, self.game.number)

    def result_menu(self):
        self.abandon()
        self.go(TITLE)

    # ---- input -----------------------------------------------------------------------------
    def key(self, k, now):
        # handle one logical key; True if the screen may have changed
        st = self.state
        if st == PLAY:
            r = self.view.key(k)
            g = self.game
            if g.version != self.saved_version:
                self.last_move = now
                if self.debug_mem and g.moves // 50 > self.mem_mark:
                    self.mem_mark = g.moves // 50
                    mem("after " + str(g.moves) + " moves")
            if r == _PAUSE:
                self.save_now()
                self.go(PAUSE)
            elif r == _OVER:
                self.game_over()
            return True
        if k == K.A_LONG:
            return False  # menus: A is A (A_LONG is off there; this is a leftover from play)
        if st == DEAL:
            self._deal_key(k)
            return True
        if st in (TEXT, RULES):
            return self._text_key(k)
        # a menu
        n = len(self.rows)
        if k in (K.UP, K.LEFT):
            self.sel = self.sel - 1 if self.sel > self.first else n - 1
        elif k in (K.DOWN, K.RIGHT):
            self.sel = self.sel + 1 if self.sel < n - 1 else self.first
        elif k == K.A:
            i = self.sel - self.first
            if st == FAMILY:
                self.family = i
                self.variant = 0
                self.go(MODE)
            elif st == MODE:
                self.variant = i
                self.go(OPTIONS)
            elif self.actions:
                self.actions[i]()
            return True
        elif k == K.B or (k == K.START and st == PAUSE):
            back = {FAMILY: TITLE, MODE: FAMILY, OPTIONS: MODE, PAUSE: PLAY}.get(st, -1)
            if back == PLAY:
                self.go(PLAY)
            elif back >= 0:
                self.go(back)
            else:
                return False
            return True
        else:
            return False
        self._scroll_to_sel()
        self._show()
        return True

    def _text_key(self, k):
        last_top = max(0, len(self.rows) - self.screen.rows)
        if k in (K.UP, K.LEFT):
            self.top = max(0, self.top - 1)
        elif k in (K.DOWN, K.RIGHT):
            self.top = min(last_top, self.top + 1)
        elif k == K.A and self.state == RULES and self.top < last_top:
            self.top = min(last_top, self.top + self.screen.rows - 1)
        elif k in (K.A, K.B, K.START):
            if self.state == RULES:
                self.go(self.rules_back)
            else:
                self.go(self.text_next)
            return True
        else:
            return False
        self._show()
        return True

    def tick(self, now):
        dirty = False
        if self.state == PLAY:
            dirty = self.view.tick(now)
            if (self.game.version != self.saved_version and self.active
                    and ticks_diff(now, self.last_move) >= SAVE_IDLE_MS):
                self.save_now()
        return dirty

    def step(self, now):
        k = self.controls.poll(now)
        dirty = False
        if k >= 0:
            dirty = self.key(k, now)
        if self.tick(now):
            dirty = True
        if dirty:
            self.display.refresh()
        return dirty

    def run(self):
        import supervisor

        ticks = supervisor.ticks_ms
        while True:
            self.step(ticks())
