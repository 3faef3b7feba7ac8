# What a list screen (solitaire.listscreen) shows: the page protocol and the pages every menu
# uses (a menu of actions, a page of text, "are you sure?").


class Page:
    # What a list screen shows. A menu sets items (and info lines above them); a text page sets
    # only info. sel is the highlighted item. choose(screen) runs on A, back(screen) on B,
    # side(screen, d) on LEFT/RIGHT (d = -1/+1) and returns True if it used the key;
    # key(screen, k) sees every key first and returns True to take it (the deal entry).
    # focus = (row, left, middle, right) puts the bar under the middle part of that row.
    title = ""
    info = ()
    items = ()
    footer = ""
    sel = 0
    warn = False
    focus = None
    # the modules its actions need loaded while it shows (solitaire/app.py settle() keeps
    # them, besides the list screen's own: solitaire.listscreen.MODULES)
    modules = ()

    def choose(self, screen):
        pass

    def back(self, screen):
        pass

    def side(self, screen, d):
        return False

    def key(self, screen, k):
        return False


class Text(Page):
    # a page of text that scrolls a page at a time; A or B (or START) goes on to `then()`
    def __init__(self, title, lines, then, footer="A/B back", warn=False):
        self.title = title
        self.info = lines
        self.then = then
        self.footer = footer
        self.warn = warn

    def choose(self, screen):
        if not screen.page_down():
            self.then()

    def back(self, screen):
        self.then()


class Confirm(Page):
    # "Are you sure?" with No first, so a stray A press changes nothing
    def __init__(self, title, question, yes, no):
        self.title = title
        self.info = (question,)
        self.items = ("No, go back", "Yes")
        self.yes = yes
        self.no = no
        self.footer = "A choose  B back"

    def choose(self, screen):
        (self.yes if screen.page.sel == 1 else self.no)()

    def back(self, screen):
        self.no()


class Menu(Page):
    # a plain menu: items and what A does on each, what B does
    def __init__(self, title, info, items, actions, back=None, footer="A choose  B back", sel=0):
        self.title = title
        self.info = info
        self.items = items
        self.actions = actions
        self.on_back = back
        self.footer = footer
        self.sel = sel

    def choose(self, screen):
        self.actions[self.sel]()

    def back(self, screen):
        if self.on_back:
            self.on_back()
