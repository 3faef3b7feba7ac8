# The pause menu over a game, drawn in a box on the table itself (no second screen's objects
# are made), and its "are you sure?". A box is (status words, items, actions, action of B);
# solitaire.boxmenu shows and runs it. The result of a game is solitaire.result's box.
from solitaire.boxmenu import close_box, open_box, to_pause
from solitaire.play import ALWAYS, HINT

_OWN = ("solitaire.boxes",)  # what its boxes keep loaded (their actions are this module's)


def pause(screen):
    app = screen.app
    close = lambda: close_box(screen)

    def ask(question, yes):
        return lambda: open_box(screen, confirm(screen, question, yes), _OWN)

    def odds():
        # the answer in the step after the box closes ("Thinking..." meanwhile): a family
        # with a still_winnable() searches, up to about a second on a PyBadge
        def tell():
            from solitaire.winnable import answer

            screen.tell(answer(app))

        screen.after(tell, ALWAYS if getattr(app.game, "still_winnable", None) is not None else 0)

    def then(act):
        def run():
            close()
            act()
        return run

    # the deal's number on every board (a random deal is named nowhere else while it is
    # played, and the status line may have no room for it beside the mode's name): where
    # the box offers it again, as the result's "Play deal #N again" does
    # (short words in tuples of constants: a board interns every other string of ten
    # characters or fewer as a name, for good; docs/memory.md)
    items = (("Resume", "Undo", "Redo", "Hint", "Can I still win?")
             + ("Restart deal #%d" % app.game.number,)
             + ("New deal", "How to play", "Quit to menu"))
    acts = (close, then(screen.undo), then(screen.redo),
            then(lambda: screen.after(screen.hint, HINT)), then(odds),
            ask("Start this deal again?", app.restart),
            ask("Leave this game for a new deal?", lambda: app.start(app.gkey)),
            lambda: howto(screen),
            ask("Quit? Resume brings it back.", app.quit_to_menu))
    move = getattr(screen.view, "resign", None)
    if move is not None and not screen.over:
        # a family's own item: Solar's resign, there while the game is on (its rules §6), the
        # engine's move made as the player's, so the game is lost and undo takes it back
        items = items[:5] + ("Resign",) + items[5:]
        acts = acts[:5] + (ask("Resign? The game counts as lost.", then(
            lambda: screen.apply(move))),) + acts[5:]
    return (_fit(screen, _paused(app), len(items)), items, acts, close)


def _paused(app):
    # ways to name the game paused, longest first: "Paused: Solitario Solar (40 cards) #12"
    # needs more than a 160 px status line (the deal's number is always in the box itself:
    # its Restart item)
    name = app.mode_title
    n = app.game.number
    ways = ("Paused: %s #%d" % (name, n), "%s #%d" % (name, n), name)
    if app.battery is not None:  # the battery's level first, where it fits (solitaire/care.py:
        # read in steps of 10 %, 0 is anything under 10 %)
        bat = ("  bat %d%%", "  bat low")[not app.level]
        ways = tuple(w + (bat % app.level if app.level else bat) for w in ways) + ways
    return ways


def _fit(screen, ways, n):
    # the first way that fits the status line beside the "n/n" a scrolling box shows there
    t = screen.table
    from solitaire.text import LINES, width

    room = t.width // t.s - 6 - (width(t.font, "%d/%d" % (n, n)) if n > LINES else 0)
    for words in ways:
        if width(t.font, words) <= room:
            break
    return words


def confirm(screen, question, yes):
    back = to_pause(screen)
    return (question, ("No", "Yes"), (back, yes), back)


def howto(screen):
    # the How to play pages over the table (solitaire.howto loaded for this, then dropped).
    # Nothing of this module stays referenced by the box (B reopens the pause box through
    # solitaire.boxmenu), so the box declares no module: this one, solitaire.howto and the
    # registry it read leave RAM while the pages show (they are the biggest box)
    from solitaire.howto import box

    open_box(screen, box(screen, to_pause(screen)))
