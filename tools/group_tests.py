"""Sort the test files at the top of ``tests/`` into their groups.

    python3 tools/group_tests.py            # move them (git mv) and fix what names them
    python3 tools/group_tests.py --dry-run  # say where each would go, change nothing

The groups (README, "Developing"):

- ``tests/cli/``: the ``sphinx-rfc`` command (``main([...])``, ``run(capsys, ...)``,
  ``sphinx-rfc`` run as a program);
- ``tests/build/``: Sphinx projects built (``make_app``, ``SphinxTestApp``, the
  ``app``/``build``/``shared_build`` fixtures, ``Sphinx(...)``, ``sphinx-build``,
  ``sphinx-autobuild``);
- ``tests/unit/``: the rest, no Sphinx application built.

A file that both runs the command and builds goes where it does more of the
two; a file named ``test_cli*`` is a command test.  What stays at ``tests/``:
``conftest.py`` (it applies to the folders under it), the helper modules the
tests import (``headless.py``, ``hostile.py``, ``links.py``,
``pattern_safety.py``) and the data folders (``roots/``, ``data/``, ``corpus/``).

Moving a file one folder deeper, the tool also

- adds one level to each ``Path(__file__)`` path in it (``.parent`` ->
  ``.parents[1]``, ``.parents[1]`` -> ``.parents[2]``), so that it still
  names the same folder;
- rewrites ``tests/test_x.py`` to ``tests/<group>/test_x.py`` in every
  tracked text file of the repository outside ``tests/roots``, ``tests/data``
  and ``tests/corpus``, for every file in a group (moved now or before).

Tests import each other by module name (``from test_checks import ...``):
pyproject's ``pythonpath`` puts ``tests`` and the three folders on
``sys.path``.  Run it again after merging branches that add test files at
the top of ``tests/``: files already in a group stay where they are.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
GROUPS = ("unit", "build", "cli")
#: what building a Sphinx project looks like in a test file
BUILD_SIGNS = (
    "make_app", "SphinxTestApp", "shared_build", "sphinx_build(", "mark.sphinx(", "Sphinx(",
    "build_site(", "BuildFn", "docs_build", "clean_build(", "plain_build(", "sphinx-build",
    '"-m", "sphinx"', "sphinx.cmd.build", "build_main(", "(app: Build", "app: SphinxTestApp",
    "sphinx-autobuild",
)
#: what running the ``sphinx-rfc`` command looks like
CLI_SIGNS = (
    "from sphinx_rfc.cli import main", "run(capsys", " main([", "(main([", ".main([", '"sphinx-rfc"',
    '"sphinx_rfc.cli"',
)
#: folders under tests/ that hold no tests; their files are never rewritten
DATA = ("roots", "data", "corpus")
TEXT_SUFFIXES = {".py", ".md", ".rst", ".toml", ".ini", ".cfg", ".txt", ".yaml", ".yml", ""}


def group_of(path: Path) -> str:
    """``unit``, ``build`` or ``cli`` for the test file *path*, by what it uses."""
    text = path.read_text(encoding="utf-8")
    builds = sum(text.count(sign) for sign in BUILD_SIGNS)
    commands = sum(text.count(sign) for sign in CLI_SIGNS)
    if path.name.startswith("test_cli") or (commands and commands >= builds):
        return "cli"
    return "build" if builds else "unit"


def deeper(text: str) -> str:
    """*text* with each ``Path(__file__)`` path one folder longer."""
    out = []
    start = 0
    marker = "Path(__file__)"
    while (at := text.find(marker, start)) >= 0:
        end = at + len(marker)
        if text.startswith(".resolve()", end):
            end += len(".resolve()")
        out.append(text[start:end])
        ups = 0
        while text.startswith(".parent", end) and not text.startswith(".parents", end):
            ups += 1
            end += len(".parent")
        if ups:
            out.append(f".parents[{ups}]")
        elif text.startswith(".parents[", end):
            close = text.index("]", end)
            number = text[end + len(".parents[") : close]
            if not number.isdigit():
                raise SystemExit(f"cannot make Path(__file__).parents[{number}] deeper")
            out.append(f".parents[{int(number) + 1}]")
            end = close + 1
        else:  # the file itself: it moves, that is all
            pass
        start = end
    out.append(text[start:])
    return "".join(out)


def tracked_text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    files = []
    for name in listed:
        if not name or name.startswith(tuple(f"tests/{d}/" for d in DATA)):
            continue
        path = ROOT / name
        if path.suffix in TEXT_SUFFIXES and path.is_file():
            files.append(path)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dry-run", action="store_true", help="say where each file goes, move none")
    args = parser.parse_args(argv)
    moves = {path: group_of(path) for path in sorted(TESTS.glob("test_*.py"))}
    for path, group in moves.items():
        print(f"{path.relative_to(ROOT)} -> tests/{group}/{path.name}")
    if args.dry_run:
        return 0
    for group in set(moves.values()):
        (TESTS / group).mkdir(exist_ok=True)
    for path, group in moves.items():
        target = TESTS / group / path.name
        subprocess.run(["git", "mv", str(path), str(target)], cwd=ROOT, check=True)
        text = target.read_text(encoding="utf-8")
        if (changed := deeper(text)) != text:
            target.write_text(changed, encoding="utf-8")
    # every grouped file, moved now or before (a merged branch may name one by its old path)
    names = {f"tests/{p.name}": f"tests/{p.parent.name}/{p.name}"
             for group in GROUPS for p in sorted((TESTS / group).glob("test_*.py"))}
    for path in tracked_text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        changed = text
        for old, new in names.items():
            changed = changed.replace(old, new)
        if changed != text:
            path.write_text(changed, encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: names the moved files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
