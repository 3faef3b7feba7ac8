# What a reader of a clone meets: README and docs/ link only to files the repository has (a link
# to the team's folder outside it, or to a README section that moved, would be dead), and each
# family's rules are in docs/rules/ with the choices the project makes (issue 25.5).
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _markdown_files():
    out = [os.path.join(ROOT, "README.md")]
    for folder, _dirs, files in os.walk(os.path.join(ROOT, "docs")):
        out += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".md")]
    return out


def _anchors(path):
    # GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens
    with open(path, encoding="utf-8") as f:
        heads = [l.lstrip("#").strip() for l in f if l.startswith("#")]
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in heads}


def test_every_relative_link_in_readme_and_docs_resolves():
    dead = []
    for path in _markdown_files():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for target in LINK.findall(text):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            file_part, _, anchor = target.partition("#")
            where = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(where):
                dead.append((os.path.relpath(path, ROOT), target))
            elif anchor and where.endswith(".md") and anchor not in _anchors(where):
                dead.append((os.path.relpath(path, ROOT), target))
    assert dead == []


def test_nothing_in_the_repository_points_outside_it_to_the_team_folder():
    files = subprocess.check_output(["git", "ls-files"], cwd=ROOT, text=True).split()
    hits = []
    for name in files:
        if name.endswith((".png", ".bmp", ".bin", ".gz", ".bdf", ".zip")):
            continue
        try:
            with open(os.path.join(ROOT, name), encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        if "../shared/" in text and name != "tests/test_docs.py":
            hits.append(name)
    assert hits == []


def test_each_family_has_its_rules_with_the_projects_choices_linked_from_readme():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    from engine.registry import FAMILIES

    for family in [f.key for f in FAMILIES]:
        path = os.path.join(ROOT, "docs", "rules", family + ".md")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        assert "Choices this project makes" in text
        assert "](docs/rules/%s.md)" % family in readme


# ---- README: a player's and a newcomer's page (issue 40 item 13) --------------------------------

def _readme():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        return f.read()


def test_readme_is_short_and_starts_with_the_two_commands_and_the_terminal_size():
    text = _readme()
    assert len(text.splitlines()) <= 150
    # the first section a reader meets after the title and what it is: the two commands
    first = text.index("```sh")
    assert text.index("\n## ") < first < text.index("\n## ", text.index("\n## ") + 1)
    block = text[first:text.index("```", first + 5)]
    assert "make sim" in block and "make test" in block and "160x65" in block
    # make sim needs no Node.js (the Makefile's sim target sets up .venv alone)
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        sim_rule = [l for l in f if l.startswith("sim:")][0]
    assert "NODE" not in sim_rule
    at = text.index("`make sim` needs")
    said = text[at:text.index(";", at)]
    assert "python3" in said and "Node" not in said, said


def test_readme_says_how_to_put_it_on_every_board_profile():
    from sim.profiles import PROFILES

    text = _readme()
    board = text[text.index("## Put it on a board"):text.index("## Buttons")]
    for words in ("double-click reset", "BOOTSEL", "holding X", 'SOLITAIRE_BOARD = "picodisplay"',
                  "SOLITAIRE_BUTTONS", "make bundle", "CIRCUITPY"):
        assert words in board, words
    for name in PROFILES:  # every board the simulator offers is named (make sim BOARD=...)
        assert name in text, name


def test_readme_settings_are_the_keys_the_game_reads_as_settings_toml_says_them():
    from sim.settings import KNOWN_KEYS

    text = _readme()
    table = text[text.index("## Settings"):text.index("## More")]
    for key in KNOWN_KEYS:
        assert "`%s`" % key in table, key
    # SOLITAIRE_DEBUG_MEM said alike in both places, as solitaire/debug_mem.py prints
    with open(os.path.join(ROOT, "settings.toml"), encoding="utf-8") as f:
        toml = f.read()
    for words in ("every screen change", "every deal"):
        assert words in table and words in toml, words


def test_readme_pause_menu_is_the_one_the_game_shows():
    # Solar's pause box, which has every item (its Resign too)
    from solitaire import keys as K
    from tests.test_app_helpers import host, past_notices

    text = _readme()
    line = [l for l in text.splitlines() if l.startswith("| START |")][0]
    said = line.split("pause menu: ")[1].split(" |")[0]
    with host("pybadge") as h:
        past_notices(h)
        h.start(2, 0, 0, number=7)
        h.press(K.START)
        items = list(h.screen.box[1])
    shown = ", ".join(items).replace("#7", "#N").replace("Resign, ", "(Solar: Resign,) ")
    assert said == shown
