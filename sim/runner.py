# Runs a CircuitPython program (the repo's code.py by default) on CPython through the stand-ins
# in sim/stubs/, headless on a virtual clock, and hands back what it drew.
#
# Python API (stable; tests use it):
#
#   from sim.runner import run
#   r = run(board="pybadge", keys="RIGHT A wait:200", code=None, data_dir=tmp_path, seed=1,
#           settings={"SOLITAIRE_DEAL": 7}, settings_file=None, png=None, png_every=None,
#           startup_ms=500)
#
#   board      "pybadge", "pygamer" or "pico320" (sim/profiles.py); unknown -> ValueError
#   keys       key script (sim/keyscript.py): "RIGHT A+B hold:A:800 down:B up:B wait:200";
#              a bad token -> sim.keyscript.KeyScriptError (a ValueError) naming it; or the
#              steps themselves, as sim.keyscript.parse() returns them
#   code       path of the program to run; None = the repo's code.py
#   data_dir   folder for <board>.nvm (microcontroller.nvm, kept between runs); None = an NVM in
#              memory only, erased (0xFF) at the start of the run
#   seed       random.seed(seed) before the program starts (python -m sim picks a new one on
#              each interactive launch; headless runs and run() keep a fixed one)
#   settings   dict of settings.toml values (str or int) on top of the profile's defaults and of
#              settings_file (default: the repo's settings.toml if there is one); a float, bool
#              or array value, or a settings file TOML can't read -> sim.settings.SettingsError
#   png        write the last frame to this file;  png_every: folder, one PNG per frame
#   startup_ms virtual time the program gets before frame 0
#
#   r.width, r.height   panel size
#   r.frames            RGB888 bytes per step: frames[0] is the first screen (after startup_ms),
#                       frames[i] the screen after the i-th key token was handled (the token's
#                       hold + settle time has passed); len(frames) == tokens + 1
#   r.labels            the token each frame belongs to ("start" for frames[0])
#   r.frame             the last frame;  r.pixel(x, y, frame=-1) -> (r, g, b)
#   r.changed_areas     per refresh that drew something: list of (x1, y1, x2, y2), x2/y2 exclusive
#   r.refresh_seconds   wall time each of those refreshes took
#   r.error             the exception the program raised, else None (r.traceback: its text)
#   r.stopped_by        the exception that stopped the program: r.error, else the app's own
#                       solitaire.boot.last_error (the app shows that one and waits), else None
#   r.stop_line         r.stopped_by in one line, naming the setting's source if it names one
#   r.warnings          settings warnings (an unknown SOLITAIRE_* key and the closest known one)
#   r.modules           the sys.modules entries the program imported (r.modules["solitaire.app"])
#   r.globals           code.py's own global variables when it stopped
#   r.nvm               bytes of microcontroller.nvm at the end;  r.nvm_writes: how many writes
#   r.elapsed_ms        virtual time the run took
#
# Runs are independent: the program's own modules (under its folder, lib/, the repo) and the
# stand-ins are taken out of sys.modules before and after (and the ones there before put back);
# os.environ, os.getenv, sys.path, the working folder and time.sleep/monotonic are restored.
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import traceback
import types

from sim import hw, keyscript, png, profiles, stubs_host
from sim import settings as settings_mod

SIM_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(SIM_DIR)
STUBS_DIR = os.path.join(SIM_DIR, "stubs")
STUB_MODULES = ("board", "keypad", "microcontroller", "supervisor", "analogio", "audioio",
                "audiocore", "digitalio", "adafruit_fruitjam", "adafruit_fruitjam.peripherals",
                "relic_usb_host_gamepad", "launcher_config", "synthio")
# the libraries a Fruit Jam has beside its firmware, for that profile only
FRUITJAM_STUBS_DIR = os.path.join(SIM_DIR, "stubs_fruitjam")
DEFAULT_CODE = os.path.join(REPO_ROOT, "code.py")


def default_data_dir():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "solitaire-sim")


class Result:
    def __init__(self, session, labels, error, tb, modules):
        self.stopped_by = error
        self.stop_line = None
        self.warnings = []
        self.width = session.profile.width
        self.height = session.profile.height
        self.frames = session.frames
        self.labels = labels
        self.changed_areas = session.refreshes
        self.refresh_seconds = session.refresh_seconds
        self.error = error
        self.traceback = tb
        self.modules = modules
        self.globals = {}  # code.py's own globals (set by run())
        self.nvm = bytes(session.nvm)
        self.nvm_writes = session.nvm.writes
        self.elapsed_ms = session.now_us // 1000
        self.board = session.profile.name

    @property
    def frame(self):
        return self.frames[-1]

    def pixel(self, x, y, frame=-1):
        i = (y * self.width + x) * 3
        data = self.frames[frame]
        return data[i], data[i + 1], data[i + 2]

    def png(self, path, frame=-1):
        png.write(path, self.width, self.height, self.frames[frame])


class Program:
    """One run of a program: set up (prepare), run it on the current thread (execute), and put
    the interpreter back (restore). The interactive front ends run execute() on a thread; when
    the player quits one, execute() saves the game as the pause menu's quit does."""

    def __init__(self, board="pybadge", code=None, data_dir=None, seed=1, settings=None,
                 settings_file=None, virtual=True):
        self.profile = profiles.get(board)
        self.code = os.path.abspath(code or DEFAULT_CODE)
        if not os.path.exists(self.code):
            raise FileNotFoundError("no program to run: %s does not exist" % self.code)
        self.seed = seed
        self.settings_info = settings_mod.collect(self.profile, REPO_ROOT, settings_file, settings)
        self.settings = self.settings_info.values
        self.warnings = self.settings_info.warnings
        nvm_path = None
        if data_dir is not None:
            nvm_path = os.path.join(os.fspath(data_dir), self.profile.name + ".nvm")
        self.saves_dir = None  # the Fruit Jam's /saves drive: a folder of the data dir
        if self.profile.usb_keyboard and "SOLITAIRE_SAVES" not in self.settings:
            if data_dir is not None:
                self.saves_dir = os.path.join(os.fspath(data_dir), self.profile.name + "-saves")
                os.makedirs(self.saves_dir, exist_ok=True)
            else:  # (an NVM in memory only: saves that go with the run)
                self.saves_dir = tempfile.mkdtemp(prefix="solitaire-saves-")
                self._temp_saves = True
            self.settings = dict(self.settings, SOLITAIRE_SAVES=self.saves_dir)
        self.session = hw.Session(self.profile, virtual=virtual, nvm_path=nvm_path)
        self.error = None
        self.traceback = None
        self.finished = False  # the program's own code came to an end (returned or raised)
        self.modules = {}
        self.globals = {}
        self.saved_on_quit = False  # the app's save() ran after the player quit
        self.save_error = None  # what that save() raised, if it failed
        self._saved = None
        self._temp_saves = False

    # --- program modules -----------------------------------------------------------------
    def _roots(self):
        code_dir = os.path.dirname(self.code)
        roots = [code_dir, os.path.join(code_dir, "lib"), REPO_ROOT, os.path.join(REPO_ROOT, "lib")]
        excluded = [SIM_DIR, os.path.join(REPO_ROOT, "tests"), os.path.join(REPO_ROOT, ".venv"),
                    sys.prefix, sys.base_prefix]
        return ([os.path.realpath(r) + os.sep for r in roots],
                [os.path.realpath(r) + os.sep for r in excluded])

    def _is_program_module(self, name, module):
        if name in STUB_MODULES:
            return True
        path = getattr(module, "__file__", None)
        if not path:
            paths = list(getattr(module, "__path__", []) or [])
            path = paths[0] if paths else None
        if not path:
            return False
        path = os.path.realpath(path)
        roots, excluded = self._roots_cache
        if any(path.startswith(e) for e in excluded) or "site-packages" in path:
            return False
        return any(path.startswith(r) for r in roots)

    def _take_program_modules(self):
        taken = {}
        for name, module in list(sys.modules.items()):
            if module is not None and self._is_program_module(name, module):
                taken[name] = sys.modules.pop(name)
        return taken

    # --- set up and restore --------------------------------------------------------------
    def prepare(self):
        self._roots_cache = self._roots()
        code_dir = os.path.dirname(self.code)
        saved = {
            "modules": self._take_program_modules(),
            "module_names": None,
            "path": list(sys.path),
            "cwd": os.getcwd(),
            "environ": dict(os.environ),
            "getenv": os.getenv,
            "time": (time.sleep, time.monotonic, time.monotonic_ns),
        }
        self._saved = saved
        extra = [STUBS_DIR, code_dir, os.path.join(code_dir, "lib")]
        if self.profile.usb_keyboard:
            extra.insert(1, FRUITJAM_STUBS_DIR)
        for root in (REPO_ROOT, os.path.join(REPO_ROOT, "lib")):
            if root not in extra:
                extra.append(root)
        sys.path[:0] = extra
        os.chdir(code_dir)  # the device runs code.py with / as the working folder
        for key, value in self.settings.items():
            os.environ[key] = str(value)
        values = dict(self.settings)

        def getenv(key, default=None):
            # CircuitPython gives settings.toml integers back as int
            if key in values:
                return values[key]
            return saved["getenv"](key, default)

        os.getenv = getenv
        hw.session = self.session
        # the board stand-ins (sim/stubs/, shared with the MicroPython runs) read the session
        # through `_host`
        saved["host"] = sys.modules.get("_host")
        sys.modules["_host"] = stubs_host
        self._patch_time()
        saved["stdin"] = sys.stdin
        saved["vectorio"] = sys.modules.get("vectorio")  # (the Fruit Jam's x2 hides it)
        if self.profile.usb_keyboard:
            self._usb_keyboard()
        random.seed(self.seed)
        saved["module_names"] = set(sys.modules)

    def _usb_keyboard(self):
        # the USB keyboard reaches the program as on the board: on standard input, its bytes
        # counted by supervisor.runtime.serial_bytes_available (the session's typed keys)
        import supervisor

        type(supervisor.runtime).serial_bytes_available = property(
            lambda rt: stubs_host.serial_available())

        class Stdin:
            def read(self, n=1):
                return stubs_host.read_serial(n)

        sys.stdin = Stdin()

    def _patch_time(self):
        session = self.session
        real_sleep, real_monotonic, real_monotonic_ns = self._saved["time"]

        def on_program():
            return threading.current_thread() is session.program_thread

        def sleep(seconds):
            if on_program():
                session.sleep(seconds)
            else:
                real_sleep(seconds)

        def monotonic():
            return session.monotonic() if on_program() and session.virtual else real_monotonic()

        def monotonic_ns():
            return session.monotonic_ns() if on_program() and session.virtual else real_monotonic_ns()

        time.sleep = sleep
        time.monotonic = monotonic
        time.monotonic_ns = monotonic_ns

    def execute(self):
        """Run the program on this thread until it ends, its script ends or the player quits."""
        self.session.program_thread = threading.current_thread()
        # what runpy.run_path(code, run_name="__main__") does, keeping the globals for tests
        main = types.ModuleType("__main__")
        main.__file__ = self.code
        self.globals = main.__dict__
        saved_main = sys.modules.get("__main__")
        try:
            with open(self.code, "rb") as f:
                program = compile(f.read(), self.code, "exec")
            sys.modules["__main__"] = main
            exec(program, main.__dict__)
            self.finished = True
        except hw.Quit:
            if self.session.quit_requested:  # the player quit (not a reload or reset)
                self._save_on_quit()
        except hw.ScriptDone:
            pass
        except SystemExit:
            self.finished = True
        except BaseException as exc:  # noqa: B902  (KeyboardInterrupt too: report and stop)
            self.finished = True
            self.error = exc
            self.traceback = "".join(traceback.format_exception(exc))
        finally:
            sys.modules["__main__"] = saved_main

    def _save_on_quit(self):
        # the game in progress is kept as the pause menu's quit keeps it: app.save(), here on
        # the program's own thread after its loop has stopped, never beside it
        app = getattr(sys.modules.get("solitaire.boot"), "app", None)
        save = getattr(app, "save", None)
        if save is None:
            return
        self.session.stopping = True  # the clock and key queue no longer raise Quit
        try:
            save()
            self.saved_on_quit = True
        except Exception as exc:  # noqa: BLE001  (reported by the front end)
            self.save_error = exc

    def stopped_by(self):
        """The exception that stopped the program: its own uncaught one, else the one the app
        caught and shows (solitaire.boot.last_error), else None."""
        if self.error is not None:
            return self.error
        boot = self.modules.get("solitaire.boot")
        if boot is None and self._saved is not None:
            boot = sys.modules.get("solitaire.boot")
        return getattr(boot, "last_error", None)

    def stop_line(self):
        """stopped_by() in one line, or None."""
        exc = self.stopped_by()
        if exc is None:
            return None
        return "the program stopped on an error: " + describe(exc, self.settings_info,
                                                             os.path.dirname(self.code))

    def restore(self):
        saved = self._saved
        if saved is None:
            return
        new = {n: sys.modules[n] for n in set(sys.modules) - saved["module_names"]}
        self.modules = new
        for name, module in list(sys.modules.items()):
            if module is not None and self._is_program_module(name, module):
                del sys.modules[name]
            elif name in new:
                # a library first imported by the program may keep this run's stand-ins after
                # they are gone (adafruit_ticks keeps supervisor's ticks_ms, bitmap_label keeps
                # adafruit_ticks): the next import starts afresh
                del sys.modules[name]
        sys.modules.update(saved["modules"])
        if saved["host"] is None:
            sys.modules.pop("_host", None)
        else:
            sys.modules["_host"] = saved["host"]
        sys.path[:] = saved["path"]
        os.chdir(saved["cwd"])
        os.environ.clear()
        os.environ.update(saved["environ"])
        os.getenv = saved["getenv"]
        time.sleep, time.monotonic, time.monotonic_ns = saved["time"]
        sys.stdin = saved["stdin"]
        if saved["vectorio"] is None:
            sys.modules.pop("vectorio", None)
        else:
            sys.modules["vectorio"] = saved["vectorio"]
        if self._temp_saves:
            shutil.rmtree(self.saves_dir, ignore_errors=True)
        self.session.screen.release()
        hw.session = None
        self._saved = None


def run(board="pybadge", keys="", code=None, data_dir=None, seed=1, settings=None,
        settings_file=None, png=None, png_every=None, startup_ms=keyscript.STARTUP_MS):
    """Run a program headless with a key script; see the top of this module."""
    program = Program(board, code, data_dir, seed, settings, settings_file, virtual=True)
    steps = (keyscript.parse(keys, program.profile) if keys is None or isinstance(keys, str)
             else list(keys))
    entries, end_us = keyscript.timeline(steps, startup_ms)
    session = program.session
    session.timeline.extend(entries)
    session.end_us = end_us
    if png_every:
        os.makedirs(png_every, exist_ok=True)
        session.on_capture = _frame_writer(png_every, program.profile)
    program.prepare()
    try:
        program.execute()
        if program.finished:
            # the program stopped by itself: the screen stays as it is for the remaining steps
            while session.timeline:
                when, kind, payload = session.timeline.popleft()
                if kind == "capture":
                    session.now_us = max(session.now_us, when)
                    session.capture(payload)
    finally:
        program.restore()
    labels = list(session.frame_labels)
    result = Result(session, labels, program.error, program.traceback, program.modules)
    result.globals = program.globals
    result.stopped_by = program.stopped_by()
    result.stop_line = program.stop_line()
    result.warnings = list(program.warnings)
    if png and result.frames:
        _write_png(png, result)
    return result


def describe(exc, settings_info=None, code_dir=None):
    """An exception in one line: its type, its message, where it was raised (the innermost
    frame in the program's files) and, for a message naming a setting, where that setting's
    value came from (--set, settings.toml and its path, a board profile)."""
    message = " ".join(str(exc).split())
    text = type(exc).__name__ + (": " + message if message else "")
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    own = [f for f in frames if not f.filename.startswith((SIM_DIR, sys.prefix, sys.base_prefix))]
    if own:
        frame = own[-1]
        base = code_dir if code_dir and frame.filename.startswith(code_dir + os.sep) else REPO_ROOT
        text += " [%s:%d]" % (os.path.relpath(frame.filename, base), frame.lineno)
    if settings_info is not None:
        text += settings_info.explain(message)
    return text


def _write_png(path, result):
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    result.png(path)


def _frame_writer(folder, profile):
    count = [0]

    def write(label, frame):
        safe = "".join(c if c.isalnum() else "-" for c in label)
        png.write(os.path.join(folder, "frame-%03d-%s.png" % (count[0], safe)),
                  profile.width, profile.height, frame)
        count[0] += 1

    return write
