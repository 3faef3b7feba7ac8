# Terminal front end: the display in 24-bit colour, two pixel rows per character cell (upper
# half block: foreground = top pixel, background = bottom pixel), only changed cells redrawn;
# the keyboard plays the buttons. The program runs on a thread with the real clock; this thread
# reads keys and draws. q, Ctrl-C or an error restore the terminal (modes, cursor, colours);
# q and Ctrl-C save the game in progress first (sim.runner.Program). What the program prints
# (its serial console) is kept while the screen is drawn and printed once the terminal is back,
# with the error that stopped the program, if any, in one line.
#
# A terminal too small for the screen (one column a pixel, a row for two) gets it at half size,
# each cell showing the average of four pixels by four, with a line saying so; one too small
# for that too gets a message saying how big it must be (sim/cli.py opens a window instead,
# where it can, when the terminal is too small at launch). A board with NeoPixels shows them
# at the start of the help line (sim/lights.py).
#
# A terminal reports key presses but no releases: each key plays its action as a tap (sim/
# keyboard.py: a short button press, or the chord or hold the board needs for it); holding a key
# gives a stream of taps through the terminal's auto-repeat.
import os
import select
import signal
import sys
import termios
import threading
import time
import tty

from sim import keyboard, lights
from sim.runner import Program, describe

FRAME_SECONDS = 0.02
JOIN_SECONDS = 5.0  # how long quitting waits for the program to stop and save

KEYS = keyboard.TERMINAL_KEYS  # bytes from the terminal -> action
QUIT_KEYS = (b"q", b"Q", b"\x03")


def help_line(profile):
    return keyboard.help_line(profile)


def parse_keys(data):
    """Split bytes read from the terminal into known key sequences (unknown bytes dropped)."""
    out = []
    i = 0
    while i < len(data):
        for length in (3, 1):
            chunk = data[i:i + length]
            if chunk in KEYS or chunk in QUIT_KEYS:
                out.append(chunk)
                i += length
                break
        else:
            i += 3 if data[i:i + 1] == b"\x1b" and data[i + 1:i + 2] in (b"[", b"O") else 1
    return out


def needed(profile, half=False):
    """(columns, rows) the screen takes with its help line: a column a pixel and a row for two,
    or at half size a column for two pixels and a row for four, and a line saying so."""
    if half:
        return profile.width // 2, (profile.height // 2 + 1) // 2 + 2
    return profile.width, (profile.height + 1) // 2 + 1


def fits(size, need):
    return size[0] >= need[0] and size[1] >= need[1]


def too_small_message(size, profile_name, needed, half=None):
    """The lines shown instead of the screen when the terminal is too small; each fits 80
    columns. half: what the half-size screen needs, if it is offered."""
    return ["The terminal is %dx%d (columns x rows): too small for the %s screen."
            % (size[0], size[1], profile_name),
            ("It needs at least %dx%d" % needed) + (" (%dx%d at half size)" % half if half else "")
            + ": enlarge it, or a smaller font.",
            "Keys do nothing until then; q quits."]


def half_size_message(size, need):
    return "Half size: the terminal is %dx%d; full size needs %dx%d." % (size + need)


def halve(frame, width, height):
    """An RGB888 frame at half size, each pixel the average of a 2x2 block (an odd last row or
    column dropped): thin lines such as the cursor's frame still show, dimmer."""
    w, h = width // 2, height // 2
    stride = width * 3
    out = bytearray(w * h * 3)
    o = 0
    for y in range(h):
        top = frame[2 * y * stride:(2 * y + 1) * stride]
        bottom = frame[(2 * y + 1) * stride:(2 * y + 2) * stride]
        for i in range(0, w * 6, 6):
            for c in range(i, i + 3):
                out[o] = (top[c] + top[c + 3] + bottom[c] + bottom[c + 3] + 2) >> 2
                o += 1
    return bytes(out)


class Console:
    """Stands in for sys.stdout and sys.stderr while the terminal shows the screen: what is
    written is kept, in order, and written out by replay() once the terminal is restored."""

    def __init__(self):
        self.chunks = []  # (stream name, text)

    def stream(self, name):
        console = self

        class _Stream:
            encoding = "utf-8"

            def write(self, text):
                console.chunks.append((name, text))
                return len(text)

            def flush(self):
                pass

            def isatty(self):
                return False

        return _Stream()

    def replay(self, stdout, stderr):
        for name, text in self.chunks:
            (stdout if name == "stdout" else stderr).write(text)
        stdout.flush()
        stderr.flush()


class Renderer:
    """Turns frames into ANSI output, sending only the cells that changed."""

    def __init__(self, width, height, half=False):
        self.source = (width, height)
        self.half = half
        if half:
            width, height = width // 2, height // 2
        self.width = width
        self.height = height
        self.rows = (height + 1) // 2
        self.previous = None  # the frame on screen, or None to draw everything

    def invalidate(self):
        self.previous = None

    def render(self, frame):
        if self.half:
            frame = halve(frame, *self.source)
        w = self.width
        stride = w * 3
        old = self.previous
        out = []
        fg = bg = None
        for row in range(self.rows):
            top = frame[2 * row * stride:(2 * row + 1) * stride]
            if 2 * row + 1 < self.height:
                bottom = frame[(2 * row + 1) * stride:(2 * row + 2) * stride]
            else:
                bottom = bytes(stride)
            if old is not None:
                old_top = old[2 * row * stride:(2 * row + 1) * stride]
                old_bottom = old[(2 * row + 1) * stride:(2 * row + 2) * stride]
                if old_top == top and (old_bottom == bottom or 2 * row + 1 >= self.height):
                    continue
            cursor_at = None
            for x in range(w):
                i = x * 3
                t = top[i:i + 3]
                b = bottom[i:i + 3]
                if old is not None and old_top[i:i + 3] == t and (
                        2 * row + 1 >= self.height or old_bottom[i:i + 3] == b):
                    continue
                if cursor_at != x:
                    out.append("\x1b[%d;%dH" % (row + 1, x + 1))
                if t != fg:
                    out.append("\x1b[38;2;%d;%d;%dm" % tuple(t))
                    fg = t
                if b != bg:
                    out.append("\x1b[48;2;%d;%d;%dm" % tuple(b))
                    bg = b
                out.append("\u2580")
                cursor_at = x + 1
        self.previous = frame
        if out:
            out.append("\x1b[0m")
        return "".join(out)


class TerminalFrontEnd:
    def __init__(self, program, fd_in, out):
        self.program = program
        self.session = program.session
        self.profile = program.profile
        self.fd_in = fd_in
        self.out = out  # a text stream
        self.renderer = Renderer(self.profile.width, self.profile.height)
        self.player = keyboard.Player(self.profile, self.session.push)
        self.drawn_version = -1
        self.too_small = None
        self.size = None
        self.status_text = help_line(self.profile)
        self.pixels = lights.has_pixels(self.profile)
        self.pixels_shown = None  # the NeoPixels' record's length when last shown

    def needed(self):
        return needed(self.profile)

    def write(self, text):
        self.out.write(text)
        self.out.flush()

    def check_size(self):
        try:
            size = os.get_terminal_size(self.fd_in)
            size = (size.columns, size.lines)
        except OSError:
            size = self.needed()
        if size == self.size:
            return
        self.size = size
        full, half = self.needed(), needed(self.profile, half=True)
        small = not fits(size, full)
        self.too_small = small and not fits(size, half)
        self.renderer = Renderer(self.profile.width, self.profile.height, half=small)
        self.drawn_version = -1
        self.write("\x1b[0m\x1b[2J\x1b[H")
        if self.too_small:
            self.write("".join(line + "\r\n" for line in too_small_message(
                size, self.profile.name, full, half)))
            return
        if small:
            self.write("\x1b[%d;1H%s" % (self.renderer.rows + 2,
                                          half_size_message(size, full)[: size[0] - 1]))
        self.status(self.status_text)

    def status(self, text):
        # the help line (or another word in its place), after the NeoPixels on a board with them
        self.status_text = text
        row = self.renderer.rows + 1
        strip = ""
        if self.pixels:
            strip = lights.ansi(self.session) + " "
            self.pixels_shown = len(self.session.pixels)
            text = text[: max(0, self.size[0] - 1 - lights.PIXELS - 1)]
        else:
            text = text[: self.size[0] - 1]
        self.write("\x1b[0m\x1b[%d;1H\x1b[2K%s%s" % (row, strip, text))

    def draw(self):
        if self.too_small:
            return
        if self.pixels and len(self.session.pixels) != self.pixels_shown:
            self.status(self.status_text)
        if self.session.screen.version == self.drawn_version:
            return
        self.drawn_version = self.session.screen.version
        self.write(self.renderer.render(self.session.frame()))

    def handle(self, data, now_ms):
        """Bytes read from the terminal: plays their keys' actions; True if one of them quits."""
        if self.profile.usb_keyboard:
            # the Fruit Jam: the terminal is its USB keyboard, every byte reaching the program's
            # standard input as the board's core hands a keyboard's over (q still quits here)
            for i, b in enumerate(data):
                if bytes((b,)) in QUIT_KEYS:
                    self.session.type(data[:i].decode("latin-1"))
                    return True
            if not self.too_small:
                self.session.type(data.decode("latin-1"))
            return False
        for key in parse_keys(data):
            if key in QUIT_KEYS:
                return True
            if not self.too_small:  # no key reaches a screen the player can't see
                self.player.tap(KEYS[key], now_ms)
        return False

    def loop(self, thread):
        ended = False
        while True:
            self.check_size()
            if not thread.is_alive() and not ended:
                ended = True
                if self.program.error is not None:
                    return
                self.status("the program has ended; q quits")
            readable, _, _ = select.select([self.fd_in], [], [], FRAME_SECONDS)
            if readable:
                data = os.read(self.fd_in, 1024)
                if not data or self.handle(data, time.monotonic() * 1000):
                    return
            self.player.due(time.monotonic() * 1000)
            self.draw()

    def run(self):
        fd = self.fd_in
        saved = termios.tcgetattr(fd)
        thread = threading.Thread(target=self.program.execute, name="code.py", daemon=True)
        console = Console()
        real = sys.stdout, sys.stderr
        self.program.prepare()
        sys.stdout, sys.stderr = console.stream("stdout"), console.stream("stderr")
        try:
            tty.setcbreak(fd)  # keys one at a time, no echo; Ctrl-C still interrupts
            self.write("\x1b[?1049h\x1b[?25l\x1b[2J")
            thread.start()
            try:
                self.loop(thread)
            except KeyboardInterrupt:
                pass
        finally:
            self.session.quit_requested = True
            thread.join(timeout=JOIN_SECONDS)  # it saves the game on its way out
            self.write("\x1b[0m\x1b[?25h\x1b[2J\x1b[H\x1b[?1049l")
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            sys.stdout, sys.stderr = real
            self.program.restore()
            console.replay(*real)
        return report(self.program, thread.is_alive())


def report(program, still_running=False, stream=None, warnings=True):
    """After an interactive run: the settings warnings, a failed save, and the error that
    stopped the program in one line (with its traceback if the program did not catch it).
    Returns the exit status."""
    from sim.cli import warn

    stream = stream or sys.stderr
    if warnings:
        warn(program.warnings, stream)
    if still_running:
        stream.write("sim: the program did not stop within %.0f s; the game was not saved\n"
                     % JOIN_SECONDS)
    if program.save_error is not None:
        stream.write("sim: the game could not be saved on quitting: %s\n"
                     % describe(program.save_error))
    if program.error is not None:
        stream.write(program.traceback)
    line = program.stop_line()
    if line is None:
        return 0
    stream.write("sim: %s\n" % line)
    return 1


def main(board, code, data_dir, seed, settings, settings_file, fd_in=None, out=None):
    program = Program(board, code, data_dir, seed, settings, settings_file, virtual=False)
    front = TerminalFrontEnd(program, sys.stdin.fileno() if fd_in is None else fd_in,
                             sys.stdout if out is None else out)
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return front.run()
    finally:
        signal.signal(signal.SIGINT, previous)
