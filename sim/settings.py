# settings.toml as CircuitPython reads it: flat KEY = value lines before any [table]; values are
# strings or integers, and os.getenv returns them as str or int.
import os
import tomllib


def load(path):
    """The top-level string and integer settings of a settings.toml file."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    return {k: v for k, v in data.items()
            if isinstance(v, (str, int)) and not isinstance(v, bool)}


def parse_value(text):
    """A --set value: a TOML string or integer if it reads as one, else the text itself."""
    try:
        value = tomllib.loads("v = " + text)["v"]
    except tomllib.TOMLDecodeError:
        return text
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return value
    return text


def parse_assignment(text):
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ValueError("bad --set %r: expected KEY=VALUE" % text)
    return key, parse_value(value.strip())


def gather(profile, repo_root, settings_file=None, overrides=None):
    """The settings a run sees: the profile's defaults, then settings.toml (the repo's, or
    settings_file), then overrides."""
    values = dict(profile.settings)
    path = settings_file or os.path.join(repo_root, "settings.toml")
    if settings_file or os.path.exists(path):
        values.update(load(path))
    values.update(overrides or {})
    return values
