# settings.toml as CircuitPython reads it: flat KEY = value lines before any [table]; values are
# strings or integers, and os.getenv returns them as str or int. The simulator is strict where
# the board would only fail later: a line TOML can't read is named by its number, a float,
# boolean, array or date value is refused naming its key (CircuitPython has only strings and
# integers), and an unknown SOLITAIRE_* key gets a warning naming the closest known key.
# Every value remembers where it came from (--set, the file and line, a board profile), so an
# error the program reports about a setting can say which one to fix.
import difflib
import os
import re
import sys
import tomllib

# the keys the game reads (README "Settings"; tests check lib/ reads no other)
KNOWN_KEYS = ("SOLITAIRE_BOARD", "SOLITAIRE_BUTTONS", "SOLITAIRE_DEAL", "SOLITAIRE_DEBUG_MEM",
              "SOLITAIRE_DIM", "SOLITAIRE_SAVES", "SOLITAIRE_SLEEP")
PREFIX = "SOLITAIRE_"
TYPES_ACCEPTED = 'CircuitPython reads only strings in double quotes and integers'

_KEY_LINE = re.compile(r'\s*("(?:[^"\\]|\\.)*"|[A-Za-z0-9_-]+)\s*=')
_TABLE_LINE = re.compile(r"\s*\[")
_AT_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


class SettingsError(ValueError):
    """A settings.toml or --set value the simulator refuses; the message is one line that says
    where the value is (file and line, or --set)."""


def _loads(text):
    """tomllib.loads, except that an integer of more digits than CPython turns into a number
    (4300) stays its digits, as text: the board reads it as it is, and the program's own check
    then says which setting is wrong (rather than CPython's ValueError from the file's parser)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        data = tomllib.loads(text)
        for key, value in data.items():
            if type(value) is int and limit and len(str(abs(value))) > limit:
                data[key] = str(value)
    finally:
        sys.set_int_max_str_digits(limit)
    return data


def _type_name(value):
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, float):
        return "a float"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return "a date or time"  # the only other TOML types


def _accepted(value):
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def closest_key(key):
    """The known key nearest to key in spelling."""
    return difflib.get_close_matches(key.upper(), KNOWN_KEYS, n=1, cutoff=0.0)[0]


def _unknown_warning(key, where):
    if not key.startswith(PREFIX) or key in KNOWN_KEYS:
        return None
    return "%s: %s is not a setting the game reads; did you mean %s?" % (
        where, key, closest_key(key))


def _key_lines(text):
    """{key: line number} for the top-level KEY = value lines (before the first [table])."""
    lines = {}
    for number, line in enumerate(text.splitlines(), 1):
        if _TABLE_LINE.match(line):
            break
        m = _KEY_LINE.match(line)
        if m:
            key = m.group(1)
            if key.startswith('"'):
                key = key[1:-1]
            lines.setdefault(key, number)
    return lines


def read_file(path):
    """(values, {key: line}) of a settings.toml: its top-level string and integer settings.
    SettingsError (one line: path, line number, what is wrong, the line) if TOML can't read it
    or a value is of a type CircuitPython does not have. Keys under a [table] are left out,
    as CircuitPython reads only the lines before the first table."""
    with open(path, "rb") as f:
        raw = f.read()
    text = raw.decode("utf-8", errors="replace")
    try:
        data = _loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        m = _AT_LINE.search(message)
        reason = _AT_LINE.sub("", message).strip().rstrip(".")
        if m is None:
            raise SettingsError("settings file %s can't be read: %s" % (path, reason)) from None
        number = int(m.group(1))
        lines = text.splitlines()
        line = lines[number - 1].strip() if number <= len(lines) else ""
        raise SettingsError("settings file %s line %d: %s: %s" % (path, number, reason, line)) \
            from None
    lines = _key_lines(text)
    values = {}
    for key, value in data.items():
        if key not in lines:
            continue  # a [table] of its own, or a dotted key: not a top-level setting
        if not _accepted(value):
            raise SettingsError("settings file %s line %d: %s is %s; %s" % (
                path, lines[key], key, _type_name(value), TYPES_ACCEPTED))
        values[key] = value
    return values, lines


def load(path):
    """The top-level string and integer settings of a settings.toml file (see read_file)."""
    return read_file(path)[0]


def parse_value(text, key="value"):
    """A --set value: a TOML string or integer if it reads as one, else the text itself (so
    --set SOLITAIRE_BOARD=generic needs no quotes). A float, boolean, array or date is refused
    (SettingsError naming the key), as the board would refuse it."""
    try:
        value = _loads("v = " + text)["v"]
    except tomllib.TOMLDecodeError:
        return text
    if _accepted(value):
        return value
    raise SettingsError("--set %s=%s: %s is %s; %s (for text, quote it: --set '%s=\"%s\"')"
                        % (key, text, key, _type_name(value), TYPES_ACCEPTED, key, text))


def parse_assignment(text):
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise SettingsError("bad --set %r: expected KEY=VALUE" % text)
    return key, parse_value(value.strip(), key)


class Settings:
    """The settings a run sees, where each came from, and warnings about them."""

    def __init__(self):
        self.values = {}
        self.sources = {}  # key -> where its value came from, in words
        self.warnings = []
        self.file = None  # the settings.toml read, if any

    def where(self, key):
        """Where key's value came from, or that it is set nowhere."""
        if key in self.sources:
            return "%s came from %s" % (key, self.sources[key])
        places = ["--set"]
        if self.file:
            places.insert(0, self.file)
        return "%s is set nowhere (not in %s)" % (key, " nor ".join(places))

    def explain(self, message):
        """' (KEY came from ...)' for each setting a program's message names, else ''."""
        keys = [k for k in sorted(set(self.sources) | set(KNOWN_KEYS))
                if re.search(r"\b%s\b" % re.escape(k), message)]
        if not keys:
            return ""
        return " (%s)" % "; ".join(self.where(k) for k in keys)


def collect(profile, repo_root, settings_file=None, overrides=None):
    """The Settings of a run: the profile's defaults, then settings.toml (the repo's, or
    settings_file), then overrides (--set). SettingsError for a file or value the board could
    not read."""
    s = Settings()
    for key, value in profile.settings.items():
        s.values[key] = value
        s.sources[key] = "the %s profile's defaults (sim/profiles.py)" % profile.name
    path = settings_file or os.path.join(repo_root, "settings.toml")
    if settings_file or os.path.exists(path):
        path = os.path.abspath(path)
        s.file = path
        values, lines = read_file(path)
        for key, value in values.items():
            s.values[key] = value
            s.sources[key] = "settings.toml (%s line %d)" % (path, lines[key])
        for key, number in lines.items():
            warning = _unknown_warning(key, "settings.toml (%s line %d)" % (path, number))
            if warning:
                s.warnings.append(warning)
    for key, value in (overrides or {}).items():
        if not _accepted(value):
            raise SettingsError("--set %s: %s; %s" % (key, _type_name(value), TYPES_ACCEPTED))
        s.values[key] = value
        s.sources[key] = "--set"
        warning = _unknown_warning(key, "--set %s" % key)
        if warning:
            s.warnings.append(warning)
    return s


def gather(profile, repo_root, settings_file=None, overrides=None):
    """The settings a run sees as a dict (see collect)."""
    return collect(profile, repo_root, settings_file, overrides).values
