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
