# Window front end: a tkinter window showing the display scaled x3 (or --scale N), fed with PPM
# data through PhotoImage, with real key presses and releases. Tk runs on the main thread, the
# program on its own thread with the real clock. q, Esc, Ctrl-C in the shell or closing the
# window quit, saving the game in progress first (sim.runner.Program). A board with NeoPixels
# shows its five under the screen, where the PyBadge has them (sim/lights.py); a board with a
# speaker plays its sounds through the PC's (sim/speaker.py: silent where the PC has no player).
import os
import signal
import sys
import threading
import time

from sim import keyboard, lights, speaker
from sim.runner import Program
from sim.terminal import JOIN_SECONDS, report

POLL_MS = 15
RELEASE_DELAY_MS = 40  # X11 auto-repeat sends release+press pairs: a press this soon cancels

KEYSYMS = keyboard.WINDOW_KEYS  # tkinter keysym -> action
QUIT_KEYSYMS = ("q", "Escape")
# a USB keyboard's bytes for the keys that type no character (the Fruit Jam's keyboard)
TYPED = {"Up": "\x1b[A", "Down": "\x1b[B", "Right": "\x1b[C", "Left": "\x1b[D",
         "Return": "\r", "KP_Enter": "\r", "Tab": "\t"}


class Keys:
    """The window's keys, without Tk: a key held is its action held (sim/keyboard.py: the
    button, or the chord or hold the board needs, kept down until the key goes up); the
    auto-repeat of a held key is no new press (the board repeats a held direction itself)."""

    def __init__(self, profile, push):
        self.player = keyboard.Player(profile, push)
        self.pending_release = {}  # keysym -> when its release counts (ms)

    def press(self, keysym, now_ms):
        """A key went down: "quit", True if it is one of ours, else False."""
        if keysym in QUIT_KEYSYMS:
            return "quit"
        action = KEYSYMS.get(keysym)
        if action is None:
            return False
        if self.pending_release.pop(keysym, None) is None:  # else auto-repeat: never went up
            self.player.down(action, now_ms, key=keysym)
        return True

    def release(self, keysym, now_ms):
        if keysym not in KEYSYMS:
            return False
        self.pending_release[keysym] = now_ms + RELEASE_DELAY_MS
        return True

    def tick(self, now_ms):
        for keysym, when in list(self.pending_release.items()):
            if when <= now_ms:
                del self.pending_release[keysym]
                self.player.up(keysym, now_ms)
        self.player.due(now_ms)


def unavailable():
    """None if a tkinter window can be opened here, else why not (one short phrase)."""
    try:
        import tkinter
    except ImportError:
        return "tkinter is not installed"
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        return "no DISPLAY"
    try:
        root = tkinter.Tk()
        root.destroy()
    except tkinter.TclError as exc:
        return "cannot open a window: %s" % exc
    return None


def help_text(profile):
    return keyboard.help_line(profile, keyboard.WINDOW_NAMES, "q/Esc")


def ppm(width, height, rgb):
    return b"P6 %d %d 255\n" % (width, height) + rgb


class WindowFrontEnd:
    def __init__(self, program, scale=3):
        import tkinter

        self.program = program
        self.session = program.session
        self.profile = program.profile
        self.scale = scale
        self.root = tkinter.Tk()
        self.root.title("Solitaire simulator - %s" % self.profile.name)
        self.root.resizable(False, False)
        w, h = self.profile.width, self.profile.height
        self.frame_image = tkinter.PhotoImage(width=w, height=h)
        self.shown = tkinter.PhotoImage(width=w * scale, height=h * scale)
        self.label = tkinter.Label(self.root, image=self.shown, borderwidth=0)
        self.label.pack()
        self.strip = None
        self.pixels_shown = None  # the NeoPixels' record's length when last drawn
        if lights.has_pixels(self.profile):
            d = 4 * scale  # a pixel's diameter
            self.strip = tkinter.Canvas(self.root, width=w * scale, height=d + 2 * scale,
                                        background="black", highlightthickness=0)
            step = w * scale // lights.PIXELS
            self.dots = [self.strip.create_oval(step * i + (step - d) // 2, scale,
                                                step * i + (step + d) // 2, scale + d,
                                                outline="#606060")
                         for i in range(lights.PIXELS)]
            self.strip.pack()
            self.draw_pixels()
        self.status = tkinter.Label(self.root, text=help_text(self.profile), anchor="w",
                                    justify="left", wraplength=w * scale)
        self.status.pack(fill="x")
        self.root.bind("<KeyPress>", self.on_press)
        self.root.bind("<KeyRelease>", self.on_release)
        self.root.protocol("WM_DELETE_WINDOW", self.quit)
        self.keys = Keys(self.profile, self.session.push)
        self.speaker = speaker.for_board(self.profile)
        if self.speaker is not None and self.speaker.command is not None:
            self.session.hear = self.speaker.hear
        self.drawn_version = -1
        self.stop = False
        self.ended = False
        self.thread = threading.Thread(target=program.execute, name="code.py", daemon=True)

    def on_press(self, event):
        if self.profile.usb_keyboard and event.keysym not in QUIT_KEYSYMS:
            # the Fruit Jam: the PC keyboard is its USB keyboard (standard input's bytes)
            text = TYPED.get(event.keysym, event.char if len(event.char) == 1 else "")
            if text:
                self.session.type(text)
            return "break" if text else None
        handled = self.keys.press(event.keysym, time.monotonic() * 1000)
        if handled == "quit":
            self.quit()
        return "break" if handled else None

    def on_release(self, event):
        return "break" if self.keys.release(event.keysym, time.monotonic() * 1000) else None

    def quit(self):
        self.stop = True

    def draw(self):
        screen = self.session.screen
        if screen.version == self.drawn_version:
            return
        self.drawn_version = screen.version
        self.frame_image.configure(data=ppm(self.profile.width, self.profile.height,
                                            self.session.frame()), format="PPM")
        self.shown.tk.call(self.shown, "copy", self.frame_image, "-zoom", self.scale, self.scale)

    def draw_pixels(self):
        self.pixels_shown = len(self.session.pixels)
        for dot, colour in zip(self.dots, lights.colours(self.session)):
            self.strip.itemconfigure(dot, fill="#%02x%02x%02x" % colour)

    def tick(self):
        if self.stop or (not self.thread.is_alive() and self.program.error is not None):
            self.root.quit()
            return
        if not self.thread.is_alive() and not self.ended:
            self.ended = True
            self.status.configure(text="the program has ended; q/Esc quits")
        self.keys.tick(time.monotonic() * 1000)
        self.draw()
        if self.strip is not None and len(self.session.pixels) != self.pixels_shown:
            self.draw_pixels()
        self.root.after(POLL_MS, self.tick)

    def run(self):
        self.program.prepare()
        previous = signal.getsignal(signal.SIGINT)
        # Ctrl-C in the shell: Tk would swallow KeyboardInterrupt inside a callback
        signal.signal(signal.SIGINT, lambda *_: self.quit())
        try:
            self.thread.start()
            self.root.after(0, self.tick)
            self.root.mainloop()
        finally:
            signal.signal(signal.SIGINT, previous)
            self.session.quit_requested = True
            self.thread.join(timeout=JOIN_SECONDS)  # it saves the game on its way out
            self.program.restore()
            self.session.hear = None
            if self.speaker is not None:
                self.speaker.close()
            try:
                self.root.destroy()
            except Exception:  # noqa: BLE001  (already gone with its display)
                pass
        return report(self.program, self.thread.is_alive(), warnings=False)


def main(board, code, data_dir, seed, settings, settings_file, scale=3):
    from sim.cli import warn

    program = Program(board, code, data_dir, seed, settings, settings_file, virtual=False)
    warn(program.warnings)  # before the window covers the console
    return WindowFrontEnd(program, scale).run()
