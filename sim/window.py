# Window front end: a tkinter window showing the display scaled x3 (or --scale N), fed with PPM
# data through PhotoImage, with real key presses and releases. Tk runs on the main thread, the
# program on its own thread with the real clock. q, Esc, Ctrl-C in the shell or closing the
# window quit, saving the game in progress first (sim.runner.Program).
import os
import signal
import sys
import threading

from sim.runner import Program
from sim.terminal import JOIN_SECONDS, help_line, report

POLL_MS = 15
RELEASE_DELAY_MS = 40  # X11 auto-repeat sends release+press pairs: a press this soon cancels

KEYSYMS = {
    "Up": "UP", "Down": "DOWN", "Left": "LEFT", "Right": "RIGHT",
    "x": "A", "a": "A", "z": "B", "b": "B",
    "Return": "START", "KP_Enter": "START", "s": "START", "space": "SELECT", "Tab": "SELECT",
}
QUIT_KEYSYMS = ("q", "Escape")


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
    return help_line(profile).replace("enter/s", "Enter/s").replace("q: quit", "q/Esc: quit")


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
        self.status = tkinter.Label(self.root, text=help_text(self.profile), anchor="w")
        self.status.pack(fill="x")
        self.root.bind("<KeyPress>", self.on_press)
        self.root.bind("<KeyRelease>", self.on_release)
        self.root.protocol("WM_DELETE_WINDOW", self.quit)
        self.pending_release = {}  # button -> after() id
        self.drawn_version = -1
        self.stop = False
        self.ended = False
        self.thread = threading.Thread(target=program.execute, name="code.py", daemon=True)

    def on_press(self, event):
        if event.keysym in QUIT_KEYSYMS:
            self.quit()
            return "break"
        button = KEYSYMS.get(event.keysym)
        if button is None or not self.profile.has(button):
            return None
        pending = self.pending_release.pop(button, None)
        if pending is not None:
            self.root.after_cancel(pending)  # auto-repeat: the key never went up
        else:
            self.session.push(button, True)
        return "break"

    def on_release(self, event):
        button = KEYSYMS.get(event.keysym)
        if button is None or not self.profile.has(button) or button in self.pending_release:
            return None
        self.pending_release[button] = self.root.after(RELEASE_DELAY_MS, self._release, button)
        return "break"

    def _release(self, button):
        self.pending_release.pop(button, None)
        self.session.push(button, False)

    def quit(self):
        self.stop = True

    def draw(self):
        screen = self.session.screen
        if screen.version == self.drawn_version:
            return
        self.drawn_version = screen.version
        self.frame_image.configure(data=ppm(self.profile.width, self.profile.height,
                                            screen.frame()), format="PPM")
        self.shown.tk.call(self.shown, "copy", self.frame_image, "-zoom", self.scale, self.scale)

    def tick(self):
        if self.stop or (not self.thread.is_alive() and self.program.error is not None):
            self.root.quit()
            return
        if not self.thread.is_alive() and not self.ended:
            self.ended = True
            self.status.configure(text="the program has ended; q/Esc quits")
        self.draw()
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
