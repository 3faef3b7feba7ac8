# The Fruit Jam's input beside keypad: a USB gamepad (the Community Bundle's USB host gamepad
# driver, the one Fruit Jam OS uses), a USB keyboard (the core hands its keys to standard input,
# arrows as terminal escape sequences) and the three buttons (read through adafruit_fruitjam's
# Peripherals, which owns their pins). solitaire.controls polls it as it polls the PyGamer's
# joystick, every loop step, and it presses and releases the same logical keys, so key repeat,
# long presses and the screens are the other boards' own. Any mix works at once; the one used
# last names the keys on the Controls page (scheme()). Loaded on the Fruit Jam only.
import sys

from micropython import const

from solitaire import keys as K

_ESC_MS = const(60)  # a lone ESC this long with nothing after it is the Esc key, not an arrow
_PAD, _KEYBOARD, _BUTTONS = 1, 2, 3  # the input used last
# the driver's button numbers (its BUTTON_NAMES order) -> logical keys: A B X Y, the D-pad, START
# SELECT, then the left stick past its threshold as the D-pad. X is the hint (SELECT) and Y the
# pause menu, for pads whose SELECT and START are hard to reach
PAD = {0: K.A, 1: K.B, 2: K.SELECT, 3: K.START, 4: K.UP, 5: K.DOWN, 6: K.LEFT, 7: K.RIGHT,
       8: K.START, 9: K.SELECT, 17: K.UP, 18: K.DOWN, 19: K.LEFT, 20: K.RIGHT}
# the keyboard, as the simulator's (sim/keyboard.py): arrows, a/x A, b/z B, Enter/s START,
# space/Tab SELECT, h card home (A_LONG), r redo; Esc quits to the launcher
KEYS = {"\x1b[A": K.UP, "\x1b[B": K.DOWN, "\x1b[C": K.RIGHT, "\x1b[D": K.LEFT,
        "\x1bOA": K.UP, "\x1bOB": K.DOWN, "\x1bOC": K.RIGHT, "\x1bOD": K.LEFT,
        "a": K.A, "x": K.A, "b": K.B, "z": K.B, "\r": K.START, "\n": K.START, "s": K.START,
        " ": K.SELECT, "\t": K.SELECT, "h": K.A_LONG, "r": K.REDO}
NAMES = {_PAD: K.NAMES[:8], _KEYBOARD: ("Up", "Down", "Left", "Right", "A", "B", "Enter", "Space"),
         _BUTTONS: K.NAMES[:8]}


def _driver():
    # the gamepad driver's module (its name before and after it became a package), or None
    try:
        import relic_usb_host_gamepad as m
    except ImportError:
        try:
            import usb_host_gamepad as m
        except ImportError:
            return None
    return m


class Inputs:
    def __init__(self, periph):
        self.periph = periph  # adafruit_fruitjam Peripherals (its buttons), or None
        self.controls = None  # the Controls polling it (solitaire/fruitjam.py sets it)
        self.dir = -1  # (Controls resets a joystick's direction after lost keypad events)
        self.used = 0  # _PAD, _KEYBOARD or _BUTTONS: the input of the last key
        self.pad_keys = 0  # bit mask: logical keys held on the gamepad
        self.button_keys = 0  # ...and on the board's buttons
        self.text = ""  # keyboard bytes not yet taken (an escape sequence cut in two)
        self.text_at = 0
        self.news = []  # what to tell the player at the next chance (gamepad gone, unknown...)
        self.failed = 0  # USB devices the driver did not know, already said
        self.pad = None
        self.was_connected = False
        self.lost = False  # a gamepad was unplugged this session
        # a USB device the driver did not know ("vid:pid"), said on the table unless a keyboard
        # has been used (a keyboard is such a device: the core reads it, not the driver)
        self.unknown = None
        m = _driver()
        self.driver = m
        if m is None:
            print("Solitaire: no USB gamepad driver (circup install relic_usb_host_gamepad):"
                  " the keyboard and the buttons only")
            return
        try:
            self.pad = m.Gamepad()
        except Exception as e:  # (a firmware without USB host...)
            print("Solitaire: USB gamepads can't be read (" + str(e) + ")")

    # ---- polled by solitaire.controls --------------------------------------------------
    def poll(self, c, now):
        if self.pad is not None:
            self._pad(c, now)
        if self.periph is not None:
            self._buttons(c, now)
        self._keyboard(c, now)
        app = _app()
        medium = getattr(getattr(app, "store", None), "nvm", None)
        if getattr(medium, "news", None):  # (the saves moved to the NVM mid-game: savefile.py)
            self.news.append(medium.news)
            medium.news = None
        if self.unknown and not self.was_connected and self.used != _KEYBOARD:
            s = getattr(app, "screen", None)
            if hasattr(s, "tell"):  # (on the table only: over a menu it would greet a keyboard)
                self.news.append("USB device " + self.unknown + " is not a gamepad this game"
                                 " knows: see Controls.")
                self.unknown = None
        if self.news:
            self._tell()

    def _key(self, c, k, down, now, used):
        if down:
            if self.used != used:
                self.used = used
                c.names = NAMES[used]
            c.press(k, now)
        else:
            c.release(k, now)

    def _pad(self, c, now):
        pad = self.pad
        try:
            changed = pad.update()
            on = pad.connected
        except Exception as e:  # a driver error is a gamepad gone, not a crash
            if self.was_connected:  # (said once, not at every poll)
                print("Solitaire: gamepad:", e)
            changed, on = False, False
        if on != self.was_connected:
            self.was_connected = on
            if not on:
                self._let_go(c, now)
                self.lost = True
                self.news.append("Gamepad unplugged. Plug it back in, or play on with the"
                                 " keyboard; the game is kept.")
            elif self.lost:
                self.news.append("Gamepad back.")
        failed = getattr(self.driver, "_failed_devices", ())
        if len(failed) > self.failed:
            ids = failed[self.failed:]
            self.failed = len(failed)
            for d in ids:  # (vid, pid)
                print("Solitaire: USB device %04x:%04x is not a gamepad the driver knows" % d[:2])
            self.unknown = "%04x:%04x" % ids[-1][:2]
        if not changed:
            return
        # what the pad holds now: every button it reports pressed, the rest released
        held = 0
        b = pad.buttons
        for n, k in PAD.items():
            try:
                if b[n]:
                    held |= 1 << k
            except Exception:  # (a driver without that button)
                pass
        self._sync(c, now, held, "pad_keys", _PAD)

    def _buttons(self, c, now):
        p = self.periph
        held = 0
        if p.button1:
            held |= 1 << K.A
        if p.button2:
            held |= 1 << K.B
        if p.button3:
            held |= 1 << K.START
        self._sync(c, now, held, "button_keys", _BUTTONS)

    def _sync(self, c, now, held, name, used):
        was = getattr(self, name)
        if held == was:
            return
        setattr(self, name, held)
        for k in range(8):
            bit = 1 << k
            if (held ^ was) & bit:
                self._key(c, k, held & bit, now, used)

    def _let_go(self, c, now):
        # a gamepad gone with keys held: they are released (no key repeats on by itself)
        for k in range(8):
            if self.pad_keys & (1 << k):
                c.release(k, now)
        self.pad_keys = 0

    def _keyboard(self, c, now):
        t = self.text
        # a character at a time while bytes wait: read(n) counts characters, the waiting count
        # bytes, so a key typing a two-byte character would block a read of both counts
        n = 0
        while n < 32 and _available():
            t += sys.stdin.read(1)
            n += 1
        if n:
            self.text_at = now
        while t:
            if t[0] == "\x1b":
                if len(t) >= 3 and t[1] in "[O":
                    k = KEYS.get(t[:3])
                    t = t[3:]
                    if k is None:  # another sequence (F-keys, Home, Ctrl+arrow...):
                        while t and "0" <= t[0] <= "?":  # its parameter bytes skipped,
                            t = t[1:]
                        t = t[1:]  # and its final byte
                        continue
                elif len(t) == 1 or t[1] not in "[O":
                    if len(t) == 1 and (now - self.text_at) & 0x1FFFFFFF < _ESC_MS:
                        break  # (maybe the start of an arrow: wait for the rest)
                    self.text = ""
                    leave()
                    return
                else:
                    break  # "ESC [" with its last byte still to come
            else:
                k = KEYS.get(t[0].lower())
                t = t[1:]
            if k is None:
                continue
            if self.used != _KEYBOARD:
                self.used = _KEYBOARD
                c.names = NAMES[_KEYBOARD]
            if k > K.SELECT:  # card home, redo: the keys no button has
                c._emit(k)
            else:  # a key is a tap: pressed and let go (its auto-repeat, more taps)
                c.press(k, now)
                c.release(k, now)
        self.text = t

    def _tell(self):
        # the news on the table's message line (it stays until a key), or a notice over a menu
        app = _app()
        if app is None or app.screen is None:
            return
        s = app.screen
        table = hasattr(s, "tell")
        if table and s.box is not None:
            return  # (a box over the table holds the message line: said once it closes)
        text = " ".join(self.news)
        self.news = []
        print("Solitaire:", text)
        if table:
            s.tell(text)
        else:  # (a menu: the notice, then the title)
            app.show_page(app.menus().notice("Input", text, app.title))
        app.display.refresh()

    # ---- the Controls page -------------------------------------------------------------
    def scheme(self, c):
        if self.used == _KEYBOARD:
            return ["Arrows: move", "A or X: pick up / drop / choose",
                    "H, or A twice: card home", "B or Z: cancel / undo / back",
                    "Enter or S: pause menu", "Space or Tab: hint (again: the next one)",
                    "R: redo", "Esc: quit to the launcher",
                    "Menus: up/down pick, A chooses, B goes back"]
        lines = ["D-pad or stick: move", "A: pick up / drop / choose",
                 "hold A or press A twice: card home", "B: cancel / undo / back",
                 "START or Y: pause menu", "SELECT or X: hint (again: the next one)",
                 "hold SELECT + B: redo", "Menus: up/down pick, A chooses, B goes back",
                 "Buttons 1 2 3: A, B, START",
                 "Or a keyboard: arrows, A, B"]
        if self.pad is None:  # (not "none plugged in": at start-up the driver has not looked)
            lines.append("No gamepad driver: see docs/boards.md")
        if self.failed:
            lines.append("Not a gamepad it knows: USB " + (self.unknown or "device"))
        return lines


def _available():
    try:
        import supervisor

        return supervisor.runtime.serial_bytes_available
    except Exception:  # (no serial input to read)
        return 0


def _app():
    boot = sys.modules.get("solitaire.boot")
    return getattr(boot, "app", None)


def leave(app=None):
    # back to Fruit Jam OS's launcher (it runs again on a reload), the game saved first
    app = app or _app()
    if app is not None:
        app.save()
        app.store.commit()
    import supervisor

    supervisor.reload()
