# What a refresh composes, modelled on CircuitPython 10's displayio (the board-time bench,
# sim/bench_board.py): the stand-ins note what changed (a bitmap's written box, a palette's
# change, a TileGrid's changed tiles) and refresh() turns that into the areas displayio redraws,
# by its rules (shared-module/displayio/TileGrid.c, vectorio/VectorShape.c, Group.c):
# - a new root group: the whole screen;
# - a layer drawn for the first time: its box; hidden (itself or by a group): its last box;
# - a moved TileGrid: the union of its old and new boxes if that is at most twice its size,
#   else both; a vectorio shape that changed, or whose width or height was assigned (even the
#   same value: VectorShape.c marks it dirty): likewise;
# - a TileGrid whose bitmap was written: the written box if the grid shows the whole bitmap as
#   one tile, else its whole box; its palette changed: its whole box;
# - a TileGrid whose tiles changed: the box of the changed tiles;
# - a layer removed from a group: its last box.
# Areas are summed as displayio composes them, one after another (overlaps count twice), clipped
# to the screen. Only the bench turns this on (_drive.tracking): the heap budget run keeps none
# of these tables. refresh() runs inside the display stand-in, whose time the bench leaves out.
import displayio
import vectorio

seen = {}  # id(layer): (box it was drawn in at the last refresh, or None, its colour index)
keep = {}  # id(object): the object (so an id is not reused while the tables name it)
removed = []  # boxes of layers taken out of a group since the last refresh
last_root = [None]
written = {}  # id(bitmap): [x1, y1, x2, y2] written since the last refresh
tiles = {}  # id(grid): [c1, r1, c2, r2] tiles set since the last refresh
changed = set()  # ids of palettes changed since the last refresh
colours = {}  # (id(palette), index): colour
resized_ids = set()  # vectorio shapes whose width or height was assigned since the last refresh


def _grow(table, obj, x1, y1, x2, y2):
    k = id(obj)
    box = table.get(k)
    if box is None:
        table[k] = [x1, y1, x2, y2]
        keep[k] = obj
    else:
        box[0] = min(box[0], x1)
        box[1] = min(box[1], y1)
        box[2] = max(box[2], x2)
        box[3] = max(box[3], y2)


def wrote(bitmap, x1, y1, x2, y2):
    _grow(written, bitmap, x1, y1, x2, y2)


def tile(grid, c, r):
    _grow(tiles, grid, c, r, c + 1, r + 1)


def resized(shape):
    # vectorio marks a shape dirty on any width/height assignment, the same value too
    resized_ids.add(id(shape))
    keep[id(shape)] = shape


def recoloured(palette):
    changed.add(id(palette))
    keep[id(palette)] = palette


def colour(palette, i, v):
    if colours.get((id(palette), i)) != v:  # displayio ignores the same colour again
        colours[(id(palette), i)] = v
        changed.add(id(palette))
        keep[id(palette)] = palette


debug = [False]


def _add(out, box, w, h, why=""):
    if debug[0]:
        print("@area", why, box)
    x1, y1, x2, y2 = box
    x1 = max(0, x1)
    y1 = max(0, y1)
    x2 = min(w, x2)
    y2 = min(h, y2)
    if x2 > x1 and y2 > y1:
        out.append((x1, y1, x2, y2))


def _size(b):
    return (b[2] - b[0]) * (b[3] - b[1])


def _union(a, b):
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _moved(out, prev, cur, w, h):
    u = _union(prev, cur)
    if _size(u) <= 2 * _size(cur):
        _add(out, u, w, h)
    else:
        _add(out, cur, w, h)
        _add(out, prev, w, h)


def forget(layer):
    # a layer left its group: its last box is redrawn (Group.c's item_removed)
    k = id(layer)
    if k in seen:
        if seen[k][0] is not None:
            removed.append(seen[k][0])
        del seen[k]
    if isinstance(layer, displayio.Group):
        for child in layer:
            forget(child)


def _tilegrid(g, ox, oy, s, hidden, out, w, h):
    k = id(g)
    prev = seen[k][0] if k in seen else None
    tw, th = g.tile_width, g.tile_height
    x1 = ox + g.x * s
    y1 = oy + g.y * s
    cur = (x1, y1, x1 + g.width * tw * s, y1 + g.height * th * s)
    keep[k] = g
    if hidden or g.hidden:
        if prev is not None:
            _add(out, prev, w, h)
        seen[k] = (None, 0)
        return
    seen[k] = (cur, 0)
    if prev is None:
        _add(out, cur, w, h)
        return
    if prev != cur:
        _moved(out, prev, cur, w, h)
        return
    b = g.bitmap
    box = written.get(id(b))
    if box is not None:  # the bitmap was written
        if (b.width // tw) * (b.height // th) > 1:
            _add(out, cur, w, h)
            return
        _add(out, (x1 + box[0] * s, y1 + box[1] * s, x1 + box[2] * s, y1 + box[3] * s), w, h)
    if id(g.pixel_shader) in changed:
        _add(out, cur, w, h)
        return
    box = tiles.get(k)
    if box is not None:
        _add(out, (x1 + box[0] * tw * s, y1 + box[1] * th * s, x1 + box[2] * tw * s,
                   y1 + box[3] * th * s), w, h)


def _shape(v, ox, oy, s, hidden, out, w, h):
    k = id(v)
    prev, was = seen[k] if k in seen else (None, 0)
    keep[k] = v
    if isinstance(v, vectorio.Circle):
        r = v.radius
        cur = (ox + (v.x - r) * s, oy + (v.y - r) * s, ox + (v.x + r + 1) * s,
               oy + (v.y + r + 1) * s)
    else:
        cur = (ox + v.x * s, oy + v.y * s, ox + (v.x + v.width) * s, oy + (v.y + v.height) * s)
    if hidden or v.hidden:
        if prev is not None:
            _add(out, prev, w, h)
        seen[k] = (None, 0)
        return
    seen[k] = (cur, v.color_index)
    if prev is None:
        _add(out, cur, w, h)
    elif prev != cur or was != v.color_index or id(v.pixel_shader) in changed \
            or k in resized_ids:
        _moved(out, prev, cur, w, h)


def _group(g, ox, oy, s, hidden, out, w, h):
    hidden = hidden or g.hidden
    ox += g.x * s
    oy += g.y * s
    s *= g.scale
    for layer in g:
        if isinstance(layer, displayio.Group):
            _group(layer, ox, oy, s, hidden, out, w, h)
        elif isinstance(layer, displayio.TileGrid):
            _tilegrid(layer, ox, oy, s, hidden, out, w, h)
        else:
            _shape(layer, ox, oy, s, hidden, out, w, h)


def refresh(display):
    # the pixels this refresh composes; every change noted is then taken as drawn (as each
    # layer's finish_refresh does)
    w, h = display.width, display.height
    root = display.root_group
    out = []
    whole = root is not last_root[0]
    if whole:  # a new root group: displayio redraws the whole screen
        last_root[0] = root
        seen.clear()
    else:
        for box in removed:
            _add(out, box, w, h)
    del removed[:]
    if root is not None:
        _group(root, 0, 0, 1, False, out, w, h)
    written.clear()
    tiles.clear()
    changed.clear()
    resized_ids.clear()
    if whole:
        return w * h
    total = 0
    for box in out:
        total += _size(box)
    return total
