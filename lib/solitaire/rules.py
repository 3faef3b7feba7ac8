# The rules of a mode: its own text (solitaire.rules_<family>, loaded for the page and dropped
# after), the rule profile's, what every mode of the family shares, and the controls. A page of
# the menus before a game, or pages in the box over the table during one (solitaire.boxes).
from engine.registry import FAMILIES, import_module, profile_count
from solitaire import forget


def lines(app, key):
    # the paragraphs of a mode's rules page
    from solitaire.howto import scheme

    row = FAMILIES[key[0]]
    name = row.variants[key[1]]
    lines = []
    module = "solitaire.rules_" + row.key
    try:
        r = import_module(module)
        lines.append(r.MODES.get(name, ""))
        if profile_count(key[0], key[1]) > 1:
            lines.append(r.PROFILES.get(row.profiles[key[2]], ""))
        lines.append(r.COMMON)
    except ImportError:
        lines.append("No rules text for this game.")
    forget(module)
    lines.append("")
    lines.append("Controls:")
    lines.extend(scheme(app.controls))
    forget("solitaire.howto")
    return lines


def page(app, key, back):
    from solitaire.pages import Text

    return Text(FAMILIES[key[0]].variants[key[1]], lines(app, key), back, "DOWN/A next page  B back")


def box(screen, back):
    # the rules over the table: paragraphs that solitaire.boxmenu wraps a page at a time
    app = screen.app
    return ("Rules: " + FAMILIES[app.gkey[0]].variants[app.gkey[1]], lines(app, app.gkey), None, back)
