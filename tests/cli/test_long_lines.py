"""A hang detector: lines of 1 MB through the five entry points (issue 46).

A pattern that backtracks over a run of one character (``[\\s.]+$`` used
with ``sub``) takes time quadratic in the run: an hour on a line of 1 MB.
Here lines of 1 MB -- spaces, tabs, each punctuation class the patterns
name (full-width and ASCII), repeated ``#``, ``|``, ``:``, ``*`` and
backticks -- go into headings, basic-information rows, table cells, front
matter and a template, through a Sphinx build, ``sphinx-rfc check``,
``status``, ``new`` (a template with the long line, and a long title) and
``import`` (an issue whose title and body hold it).  Each test runs under
``pytest.mark.timeout`` at least 20 times the time it takes on a shared
two-core machine (said beside each): a guard against hangs, not a speed
bar.  The patterns themselves are checked one by one in
``tests/unit/test_pattern_audit.py``.

A Sphinx build of a 1 MB line takes seconds, so the builds take the kinds
together: one line made of a run of each kind (some 60,000 characters
each: a quadratic pattern takes minutes on such a run); the text scans
(``status``, ``new``, ``import``) take each kind alone in a line of 1 MB.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import BuildFn, write_project

from sphinx_rfc.cli import main

pytestmark = pytest.mark.slow  # 1 MB lines through every reader

MB = 1_000_000
PUNCTUATION = "：:。.，,；;！!？?、/|-—()（）【】[]"
#: name -> the character of a run
KINDS = {"space": " ", "tab": "\t", "hash": "#", "star": "*", "backtick": "`",
         **{f"U+{ord(c):04X}": c for c in PUNCTUATION}}
CONF = 'rfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'


def long_line(units: str, size: int = MB) -> str:
    """A letter, a run of each character of *units* (a letter after each),
    and a letter: *size* characters or so."""
    run = size // len(units)
    return "a" + "".join(unit * run + "b" for unit in units) + "x"


def rfc(long: str, rfc_id: str = "RFC-0001") -> str:
    """A template-native RFC with *long* in its front matter, its title, a
    heading, a basic-information row, table cells and a paragraph."""
    return f"""\
---
summary: {long}
---
# {rfc_id} {long}

## 基本信息

| 项目 | 内容 |
|---|---|
| 状态 | 草稿 |
| 类型 | 功能补全 |
| 作者 | {long} |

## 背景

{long}

## {long}

| 方案 | 优点 | 缺点 | 是否选择 | 原因 |
|---|---|---|---|---|
| {long} | x | {long} | 是 | x |
"""


def warnings_have_places(text: str, srcdir: Path) -> None:
    """Every warning line names a file of the project and a line (read
    with string methods: a pattern over a 1 MB message is what is tested)."""
    lines = [line for line in text.splitlines() if "WARNING:" in line]
    assert lines
    for line in lines:
        head = line.partition(": WARNING:")[0] if ": WARNING:" in line else line
        path, _, number = head.rpartition(":")
        assert path.startswith(str(srcdir)) and number.isdigit(), line[:300]


def rst_rfc(long: str) -> str:
    """The same in reStructuredText: a field list, the title, a basic-
    information list table, a heading and table cells."""
    title = f"RFC-0001 {long}"
    return f"""\
:summary: {long}
:status: draft

{title}
{"=" * 2 * len(title)}

Basic info
----------

.. list-table::

   * - Author(s)
     - {long}
   * - Type
     - feature

Motivation
----------

{long}

{long}
{"-" * 2 * len(long)}

.. list-table::
   :header-rows: 1

   * - Option
     - Pros
   * - {long}
     - x
"""


# ---------------------------------------------------------------------------
# the build and check: the kinds together, in one line of runs
#
# MyST's own inline parser takes time quadratic in a run of ASCII
# punctuation (mdit_py_plugins' myst_role slices the rest of the line at
# each such character: 14 s for Sphinx and MyST alone on the line of ASCII
# runs below, against 1 s more with sphinx_rfc), so those runs go through
# a reStructuredText RFC; spaces and full-width punctuation through MyST.

ASCII = ":.,;!?/|-()[]#*`"
BUILDS = {
    "md": (" \t" + "".join(c for c in PUNCTUATION if c not in ASCII), "md"),
    "rst": (ASCII, "rst"),
}


def _project(root: Path, kind: str) -> Path:
    units, suffix = BUILDS[kind]
    long = long_line(units)
    # (the RFC in a toctree: Sphinx 8.1's "not included in any toctree"
    # warning has no type to suppress and no line)
    index = ("# Index\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n" if suffix == "md"
             else "Index\n=====\n\n.. toctree::\n   :glob:\n\n   rfcs/*\n")
    return write_project(root, {
        f"index.{suffix}": index,
        f"rfcs/0001-long.{suffix}": rfc(long) if suffix == "md" else rst_rfc(long),
    }, CONF)


# (measured: 2.3-2.5 s a build on a shared two-core machine)
@pytest.mark.timeout(120)
@pytest.mark.parametrize("kind", BUILDS)
def test_build(build: BuildFn, tmp_path: Path, kind: str) -> None:
    srcdir = _project(tmp_path / "src", kind)
    result = build(srcdir)
    assert (result.outdir / "rfcs" / "0001-long.html").exists()
    warnings_have_places(result.warnings, srcdir)


# (measured: 1.0-1.4 s on a shared two-core machine)
@pytest.mark.timeout(120)
@pytest.mark.parametrize("kind", BUILDS)
def test_check(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    srcdir = _project(tmp_path / "src", kind)
    code = main(["check", str(srcdir), "--no-cache"])
    out, err = capsys.readouterr()
    assert code == 1  # the sections the RFC lacks
    lines = [line for line in out.splitlines() if "[rfc." in line]
    assert lines and "Traceback" not in err
    for line in lines:
        assert line.startswith("rfcs/0001-long.") and line.split(":")[1].isdigit(), line[:300]


# ---------------------------------------------------------------------------
# the text scans: each kind alone, 1 MB


# (measured: 0.2-0.9 s each on a shared two-core machine)
@pytest.mark.timeout(20)
@pytest.mark.parametrize("kind", KINDS)
def test_status(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    srcdir = write_project(tmp_path / "src", {
        "index.md": "# Index\n", "rfcs/0001-long.md": rfc(long_line(KINDS[kind]))}, CONF)
    assert main(["status", str(srcdir), "RFC-0001", "accepted", "--force"]) == 0
    assert "RFC-0001 draft -> accepted" in capsys.readouterr().out
    assert "| 状态 | 已接受 |" in (srcdir / "rfcs" / "0001-long.md").read_text("utf-8")


# (measured: 0.3-0.6 s each on a shared two-core machine)
@pytest.mark.timeout(20)
@pytest.mark.parametrize("kind", ["space", "tab", "U+003A", "U+FF1A", "hash", "backtick"])
def test_status_options(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    """The ``rfc`` directive's options (MyST) and an rST field list."""
    long = long_line(KINDS[kind])
    srcdir = write_project(tmp_path / "src", {
        "index.md": "# Index\n",
        "rfcs/0002-options.md": (
            f"# RFC-0002 {long}\n\n```{{rfc}} RFC-0002\n:status: draft\n:summary: {long}\n"
            f":authors: {long}\n```\n"),
        "rfcs/0003-fields.rst": (
            f":summary: {long}\n\nRFC-0003\n========\n\n.. rfc:: RFC-0003\n   :status: draft\n"
            f"   :authors: {long}\n"),
    }, CONF)
    for rfc_id in ("RFC-0002", "RFC-0003"):
        assert main(["status", str(srcdir), rfc_id, "accepted", "--force"]) == 0
        assert f"{rfc_id} draft -> accepted" in capsys.readouterr().out


# (measured: 3-5 s each on a shared two-core machine, most of it markdown-it
# reading the template's 1 MB lines once, with the project; 20 s was hit
# under load, against the 20 times promised above)
@pytest.mark.timeout(100)
@pytest.mark.parametrize("kind", ["space", "hash", "U+007C", "U+003A", "U+FF1A", "backtick"])
def test_new(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    long = long_line(KINDS[kind])
    template = (
        f"# {{{{title}}}}\n\n## 基本信息\n\n| 项目 | 内容 |\n|---|---|\n| 作者 | {long} |\n\n"
        f"## 背景\n\n{long}\n\n## {long}\n\n<!-- {long}\n\n## 方案\n\n"
        f"| 方案 | 优点 |\n|---|---|\n| {long} | x |\n")
    # (the template is no document of the project: MyST's own parser is slow
    # on runs of ASCII punctuation, above)
    srcdir = write_project(tmp_path / "src", {"index.md": "# Index\n", "t.md": template},
                           CONF + 'rfc_template = "t.md"\nexclude_patterns.append("t.md")\n')
    code = main(["new", long, "--dir", str(srcdir / "rfcs")])
    out, err = capsys.readouterr()
    assert code == 0, err[-500:]
    written = Path(out.strip().partition(": ")[2])  # "RFC-0001: PATH"
    assert written.parent == srcdir / "rfcs" and len(written.name) < 200
    assert long in written.read_text("utf-8")


# (measured: 0.2-0.5 s each on a shared two-core machine)
@pytest.mark.timeout(20)
@pytest.mark.parametrize("kind", ["space", "tab", "hash", "U+007C", "U+003A", "U+3002",
                                  "U+FF1A", "star", "backtick", "U+005B"])
def test_import(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    long = long_line(KINDS[kind])
    srcdir = write_project(tmp_path / "src", {"index.md": "# Index\n"}, CONF)
    issue = {
        "number": 7, "title": f"[RFC] {long}", "url": "https://example.com/issues/7",
        "author": {"login": "someone"}, "createdAt": "2025-01-02T03:04:05Z",
        "body": (f"## 基本信息\n\n| 项目 | 内容 |\n|---|---|\n| 类型 | {long} |\n\n"
                 f"## 背景\n\n{long}\n\n## {long}\n\n.. rfc:: {long}\n"),
    }
    source = tmp_path / "issue.json"
    source.write_text(json.dumps(issue, ensure_ascii=False), "utf-8")
    code = main(["import", str(source), "--dir", str(srcdir / "rfcs")])
    out, err = capsys.readouterr()
    assert code == 0, err[-500:]
    assert out.startswith("created ")
    written = Path(out.split(None, 1)[1].strip())
    assert long in written.read_text("utf-8")
