# SOLITAIRE_DEBUG_MEM = 1: the free heap at every screen change, so a board owner can send the
# figures: a new screen (shown, from solitaire.app), another menu page or the page retitled, a
# box opened, replaced or closed over the table (seen, after each key that redrew); the deals
# print theirs in solitaire.opening. Loaded only with the setting on, and then kept (~0.5 KB,
# in the figures it prints).
from solitaire import mem

_seen = None  # (screen, box, page, page title) when last printed or checked


def _now(app):
    s = app.screen
    page = getattr(s, "page", None)
    return s, getattr(s, "box", None), page, page and page.title


def shown(app, tag):
    global _seen
    mem(tag)
    _seen = _now(app)


def seen(app):
    global _seen
    was, _seen = _seen, _now(app)
    s, box, page, title = _seen
    if was is None or was[0] is not s:
        return
    if box is not was[1]:
        mem("box " + box[0] if box else "box closed")
    elif page is not was[2] or title != was[3]:
        mem("page " + title)
