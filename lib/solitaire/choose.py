# Choosing a game: the family, then the mode, then the options (rule profile, autoplay, the
# French deck's colours, the deal number) and Start. Pages for solitaire.listscreen.
from engine.registry import FAMILIES, profile_count
from solitaire import options
from solitaire.listscreen import Page

# words the option menu shows for an engine rule profile; unknown names are shown as they are
LABELS = {"literal": "literal (much harder)"}
LEVELS = ("off", "quiet", "medium", "loud")  # solitaire/sound.py's levels
MODULES = ("solitaire.choose", "solitaire.options")  # what these pages keep loaded (Page.modules)


class Game(Page):
    modules = MODULES
    # choose a game, then a mode, then the options; B steps back
    def __init__(self, app):
        self.app = app
        self.family = app.family
        self._families()

    def _families(self):
        self.level = 0
        self.title = "Choose a game"
        self.info = ()
        self.items = [f.name for f in FAMILIES]
        self.sel = self.family
        self.footer = "A choose  B back"

    def _modes(self):
        self.level = 1
        f = FAMILIES[self.family]
        self.title = f.name
        self.items = f.variants
        self.sel = self.app.variant if self.family == self.app.family else 0

    def choose(self, screen):
        app = self.app
        if self.level == 0:
            self.family = self.sel
            self._modes()
            screen.show(self)
        else:
            app.family = self.family
            app.variant = self.sel
            app.show_page(Options(app))

    def back(self, screen):
        if self.level == 1:
            self._families()
            screen.show(self)
        else:
            self.app.title()


class Options(Page):
    # and the code its Start opens the game with, loaded with the page (a page change with room
    # to spare), so that Start's step, the slowest screen change, does not import it too
    modules = MODULES + ("solitaire.opening",)

    def __init__(self, app, sel=0):
        __import__("solitaire.opening")  # (kept while the page shows: modules)
        self.app = app
        f = app.family
        self.f = f
        self.profile = options.profile(app, f)
        if self.profile >= profile_count(f, app.variant):
            self.profile = 0
        self.autoplay = options.autoplay(app, f)
        self.two_colour = not options.four_colour(app)
        self.winnable = options.winnable_only(app)
        self.motion = options.motion(app)
        self.deal = 0
        self.sel = sel
        self._rows()

    def _rows(self):
        app = self.app
        f = self.f
        row = FAMILIES[f]
        self.title = row.variants[app.variant]
        rows = [("Start game", self.start)]
        if profile_count(f, app.variant) > 1:
            prof = row.profiles[self.profile]
            # (the rows' words in tuples of constants, or whole: a board interns every other
            # string of ten characters or fewer as a name, for good; docs/memory.md)
            rows.append(("Rules: %s" % LABELS.get(prof, prof), self.next_profile))
        if row.autoplay is not None:  # (Solar has none: its forced plays are the engine's)
            rows.append((("Autoplay: on", "Autoplay: off")[not self.autoplay], self.flip_autoplay))
        # a random deal can be one the solver won (LEFT/RIGHT on the row), if the mode has a
        # table of them (assets/winnable/)
        self.known = options.winnable_table(app, (f, app.variant, self.profile))[1]
        if app.first_deal and not self.deal:
            deal = str(app.first_deal) + " (settings)"
        elif self.deal:
            deal = str(self.deal)
        elif self.known and self.winnable:
            deal = "random winnable"
        else:
            deal = "random"
        rows.append(("Deal: %s" % deal, self.edit_deal))
        if row.deck == "french":
            rows.append(("Colours: two" if self.two_colour else "Colours: four (clubs green)",
                         self.flip_colours))
        rows.append((("Motion: on", "Motion: off")[not self.motion], self.flip_motion))
        rows.append((options.screen_words(app), self.flip_screen))
        rows.append(("How to play", self.howto))
        if app.sound is not None:  # a board with a speaker: one setting for every game, saved
            rows.append(("Sound: %s" % LEVELS[app.sound.level], self.next_sound))
        self.items = [r[0] for r in rows]
        self.actions = [r[1] for r in rows]

    @property
    def footer(self):
        # on the deal row of a mode with deals the solver won, the way to them (LEFT/RIGHT)
        if (self.actions[self.sel] == self.edit_deal and self.known and not self.deal
                and not self.app.first_deal):
            n = self.app.controls.names  # (the buttons as printed: solitaire/boards.py)
            return "A number  " + n[2] + "/" + n[3] + " winnable"
        return "A choose/change  B back"

    def _keep(self):
        options.keep(self.app, self.f, self.app.variant, self.profile, self.autoplay,
                     self.two_colour, self.winnable, self.motion)

    def choose(self, screen):
        self.actions[self.sel]()

    def side(self, screen, d):
        act = self.actions[self.sel]
        if act in (self.next_profile, self.flip_autoplay, self.flip_colours, self.flip_motion,
                   self.next_sound, self.flip_screen):
            act()
            return True
        if act == self.edit_deal:  # random or random winnable; a fixed deal stays fixed
            if self.known and not self.deal and not self.app.first_deal:
                self.winnable = not self.winnable
                self._again()
            return True
        return False

    def _again(self):
        self._rows()
        self.app.show_page(self)

    def next_profile(self):
        self.profile = (self.profile + 1) % profile_count(self.f, self.app.variant)
        self._again()

    def flip_autoplay(self):
        self.autoplay = not self.autoplay
        self._again()

    def flip_colours(self):
        self.two_colour = not self.two_colour
        self._again()

    def flip_motion(self):
        self.motion = not self.motion
        self._again()

    def next_sound(self):
        # off, quiet, medium, loud: kept at once, and the new level heard
        from solitaire import sound_make  # (for the call: dropped at the step's end)

        s = self.app.sound
        sound_make.set_level(s, (s.level + 1) % len(LEVELS))
        options.keep_sound(self.app, s.level)
        s.play("pick")
        self._again()

    def flip_screen(self):  # (for every game: the store's options, at once)
        options.flip_screen(self.app)
        self._again()

    def edit_deal(self):
        from solitaire.dealpage import Deal

        self.app.show_page(Deal(self))

    def howto(self):
        from solitaire.howto import page

        app = self.app
        text = page(app, (self.f, app.variant, self.profile), lambda: app.show_page(self))
        text.modules = self.modules  # (B comes back here)
        app.show_page(text)

    def start(self):
        self._keep()
        app = self.app
        app.start((self.f, app.variant, self.profile), self.deal)

    def back(self, screen):
        self._keep()
        self.app.store.commit()
        g = Game(self.app)  # the mode list again
        g.family = self.f
        g._modes()
        self.app.show_page(g)
