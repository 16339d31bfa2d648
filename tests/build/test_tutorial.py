"""The tutorial (docs/tutorial.md) as a new user types it: its ``console``
blocks are run in order in an empty folder (``$ cd`` moves), its
``code-block`` files with a ``:caption:`` are written where they are met,
and each command's output is compared with the one shown (``…`` stands for
any text, within a line or over several).  ``make`` of the LaTeX output
needs a TeX installation: it runs where ``latexmk`` is installed."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "docs" / "tutorial.md"
_FENCE = re.compile(r"^(`{3,})(.*)$")


@dataclass
class Step:
    """A command and the output shown, or a file and its text."""

    command: str | None = None
    output: str = ""
    file: str | None = None
    text: str = ""


def steps(text: str) -> list[Step]:
    """The console commands and captioned files of *text*, in order."""
    found: list[Step] = []
    lines = text.splitlines()
    k = 0
    while k < len(lines):
        match = _FENCE.match(lines[k])
        if match is None:
            k += 1
            continue
        fence, info = match.groups()
        end = next(j for j in range(k + 1, len(lines)) if lines[j] == fence)
        body = lines[k + 1:end]
        if info.strip() == "console":
            for line in body:
                if line.startswith("$ "):
                    found.append(Step(command=line[2:]))
                else:
                    found[-1].output += line + "\n"
        elif info.startswith("{code-block}"):
            options = [b for b in body if b.startswith(":")]
            caption = next((o.split(":", 2)[2].strip() for o in options
                            if o.startswith(":caption:")), None)
            if caption is not None:
                rest = body[len(options):]
                found.append(Step(file=caption, text="\n".join(rest).strip("\n") + "\n"))
        k = end + 1
    return found


def matches(shown: str, actual: str) -> bool:
    """*actual* is *shown*, each ``…`` standing for any text."""
    pattern = ".*?".join(re.escape(part) for part in shown.rstrip("\n").split("…"))
    return re.fullmatch(pattern, actual.rstrip("\n"), re.DOTALL) is not None


@pytest.mark.slow
def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    found = steps(TUTORIAL.read_text(encoding="utf-8"))
    commands = [s.command for s in found if s.command]
    # the path a new user walks: install, new, build, status, PDF
    assert [c.split()[0] for c in commands].count("sphinx-rfc") >= 4
    for wanted in ("sphinx-rfc new", "sphinx-build -b html", "sphinx-rfc status",
                   "sphinx-build -b latex", "make -C _build/latex"):
        assert any(c.startswith(wanted) for c in commands), wanted
    assert [s.file for s in found if s.file] == ["conf.py", "index.md"]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "NO_COLOR": "1",
        "PYTHONUNBUFFERED": "1",
    }
    here = tmp_path / "work"
    here.mkdir()
    ran = 0
    for step in found:
        if step.file is not None:
            (here / step.file).write_text(step.text, encoding="utf-8")
            continue
        assert step.command is not None
        if step.command.startswith("cd "):
            here = (here / step.command[3:].strip()).resolve()
            assert here.is_dir(), step.command
            continue
        if step.command.startswith("make ") and shutil.which("latexmk") is None:
            continue  # (no TeX here: the .tex is checked by tests/build/test_builder_links.py)
        result = subprocess.run(
            step.command, shell=True, cwd=here, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, timeout=600, check=False,
        )
        actual = result.stdout  # (and standard error, in order, as on a terminal)
        assert result.returncode == 0, (step.command, actual)
        assert matches(step.output, actual), (
            f"$ {step.command}\n--- shown ---\n{step.output}--- printed ---\n{actual}")
        ran += 1
    assert ran >= 6
    assert (tmp_path / "work" / "docs" / "_build" / "latex" / "trainer.tex").is_file()


def test_matching() -> None:
    assert matches("a\n…\nz\n", "a\nb\nc\nz")
    assert matches("…/x.md:1: W\n", "/tmp/p/x.md:1: W\n")
    assert not matches("a\nz\n", "a\nb\nz")
    assert not matches("sphinx_rfc: 1 RFC, 38 problems", "sphinx_rfc: 1 RFC, 39 problems")
