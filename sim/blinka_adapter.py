# The ONE place that touches adafruit-blinka-displayio's private API (pinned to 2.7.1 in
# requirements.txt). It renders the program's root Group into an RGB888 frame buffer the way a
# CircuitPython display does: the group's own dirty areas are filled and copied in, so the
# rectangles a refresh redraws are known exactly. No display bus, no background thread.
import os
import threading
from array import array

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")  # no "not fully supported" warning on a PC

import displayio  # noqa: E402  (after the environment variable)
import busdisplay  # noqa: E402,F401  (must come before displayio._displaycore: import cycle)
from displayio._area import Area  # noqa: E402
from displayio._displaycore import _DisplayCore  # noqa: E402

PINNED_VERSION = "2.7.1"
if displayio.__version__ != PINNED_VERSION:  # pragma: no cover
    raise ImportError(
        "sim needs adafruit-blinka-displayio==%s (found %s): run `make setup`"
        % (PINNED_VERSION, displayio.__version__))

# Blinka starts a thread at import that refreshes its own display list every ms; the simulator
# refreshes on the program's thread instead (and patches time.sleep, which that thread calls).
displayio._stop_background()


def _fast_fill_region():
    # Blinka's bitmaptools.fill_region sets a pixel at a time in Python, and the app clears its
    # text bands with it at every key: most of a simulated key's time. Whole rows set to 0 are
    # cleared as words of the bitmap's buffer instead (the same bits: tests/test_sim_runner.py
    # compares); anything else goes to Blinka's own. Installed at import, before the program
    # imports bitmaptools' functions.
    import bitmaptools

    orig = getattr(bitmaptools, "_blinka_fill_region", bitmaptools.fill_region)

    def fill_region(bitmap, x1, y1, x2, y2, value):
        data = getattr(bitmap, "_data", None)
        if (value or x1 or x2 != bitmap.width or type(bitmap) is not displayio.Bitmap
                or not isinstance(data, array)):
            return orig(bitmap, x1, y1, x2, y2, value)
        y1, y2 = max(y1, 0), min(y2, bitmap.height)
        if y1 >= y2:
            return None
        bitmap.dirty(0, y1, x2, y2)
        s = bitmap._stride
        data[y1 * s:y2 * s] = array(data.typecode, bytes(data.itemsize * s * (y2 - y1)))
        return None

    bitmaptools._blinka_fill_region = orig
    bitmaptools.fill_region = fill_region


_fast_fill_region()
_RGB_TABLE = None


def _rgb_table():
    # RGB565 -> 3 bytes of RGB888, the way a panel shows it (top bits repeated into the low ones)
    global _RGB_TABLE
    if _RGB_TABLE is None:
        table = []
        for v in range(65536):
            r = (v >> 11) & 31
            g = (v >> 5) & 63
            b = v & 31
            table.append(bytes(((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))))
        _RGB_TABLE = table
    return _RGB_TABLE


class Screen:
    """A width x height RGB565 panel that draws a displayio Group on refresh()."""

    def __init__(self, width, height, rotation=0):
        self.native_width = width
        self.native_height = height
        self._core = _DisplayCore(
            bus=None, width=width, height=height, ram_width=0x100, ram_height=0x100,
            colstart=0, rowstart=0, rotation=rotation, color_depth=16, grayscale=False,
            pixels_in_byte_share_row=True, bytes_per_cell=1, reverse_pixels_in_byte=False,
            reverse_bytes_in_word=False,  # native-order RGB565 words, easier to convert
            column_command=0x2A, row_command=0x2B, set_current_column_command=0x100,
            set_current_row_command=0x100, data_as_commands=False, always_toggle_chip_select=False,
            sh1107_addressing=False, address_little_endian=False)
        self.rgb = bytearray(width * height * 3)  # what the panel shows, row by row
        self.lock = threading.Lock()  # held while rgb changes (front ends read it from a thread)
        self.version = 0  # bumped by every refresh that drew something

    # --- what board.DISPLAY exposes ------------------------------------------------------
    @property
    def width(self):
        return self._core.get_width()

    @property
    def height(self):
        return self._core.get_height()

    @property
    def rotation(self):
        return self._core.get_rotation()

    @rotation.setter
    def rotation(self, value):
        if value % 90:
            raise ValueError("Display rotation must be in 90 degree increments")
        core = self._core
        if (core.rotation in (90, 270)) != (value % 360 in (90, 270)):
            core.width, core.height = core.height, core.width
        core.set_rotation(value)
        if core.current_group is not None:
            core.current_group._update_transform(core.transform)
        core.full_refresh = True

    @property
    def root_group(self):
        return self._core.current_group

    @root_group.setter
    def root_group(self, group):
        if not self._core.set_root_group(group):
            raise ValueError("Group already used")

    def release(self):
        self._core.release_display_core()

    # --- drawing -------------------------------------------------------------------------
    def refresh(self):
        """Redraw what changed since the last refresh; return the redrawn rectangles
        as (x1, y1, x2, y2) tuples in panel coordinates (x2, y2 exclusive)."""
        core = self._core
        if not core.start_refresh():
            return []
        areas = []
        if core.full_refresh:
            if core.current_group is not None:
                # Blinka leaves the layers' change flags set after a full refresh (its own
                # thread may be changing them), so the next refresh would redraw them all again.
                # Nothing runs beside this one, so take those flags now: the full area covers them.
                core.current_group._get_refresh_areas([])
                core.current_group._prepare_full_refresh()
            areas.append(core.area)
        elif core.current_group is not None:
            core.current_group._get_refresh_areas(areas)
        drawn = []
        for area in areas:
            clipped = Area()
            if not core.clip_area(area, clipped):
                continue
            drawn.append(self._draw(clipped))
        core.finish_refresh()
        if drawn:
            self.version += 1
        return drawn

    def _draw(self, area):
        w = area.x2 - area.x1
        h = area.y2 - area.y1
        n = w * h
        buffer = memoryview(bytearray(((n + 1) // 2) * 4)).cast("I")
        mask = memoryview(bytearray(((n // 32) + 1) * 4)).cast("I")
        self._core.fill_area(area, mask, buffer)
        pixels = array("H", buffer.cast("B")[: n * 2].tobytes())
        table = _rgb_table()
        stride = self.native_width * 3
        with self.lock:
            for row in range(h):
                start = (area.y1 + row) * stride + area.x1 * 3
                line = pixels[row * w: row * w + w]
                self.rgb[start: start + w * 3] = b"".join([table[p] for p in line])
        return (area.x1, area.y1, area.x2, area.y2)

    def frame(self):
        """A copy of the panel's pixels: RGB888 bytes, row by row."""
        with self.lock:
            return bytes(self.rgb)
