"""``sphinx-rfc check`` in CI and in a pre-commit hook: ``--format github``
prints one GitHub Actions annotation per problem, escaped as the runner
unescapes them; ``check DOCS FILE...`` prints only those files' problems
(the cross-RFC ones included: the whole project is read)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import ROOTS
from test_checks import expected_problems

from sphinx_rfc.cli import build_parser, main
from sphinx_rfc.cli.annotations import annotation, annotation_path, escape_data, escape_property
from sphinx_rfc.model.problems import Problem

ANNOTATION = re.compile(
    r"^::warning file=(?P<file>[^,]+),line=(?P<line>\d+),title=rfc\.(?P<subtype>[\w-]+)"
    r"::(?P<message>.*)$"
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The defects project, in a git work tree whose root is *tmp_path*."""
    srcdir = tmp_path / "docs"
    shutil.copytree(ROOTS / "test-checks-rst", srcdir)
    (tmp_path / ".git").mkdir()  # a work tree's root, as far as paths go
    return srcdir


def test_escaping_follows_the_runner() -> None:
    assert escape_data("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"
    problem = Problem("placeholder", "placeholder 'x,y: 100%' left\nin a cell",
                      "rfcs/a b,c.md", 12, "RFC-0042")
    assert annotation(problem, "docs/rfcs/a b,c.md") == (
        "::warning file=docs/rfcs/a b%2Cc.md,line=12,title=rfc.placeholder::"
        "RFC-0042: placeholder 'x,y: 100%25' left%0Ain a cell"
    )
    no_line = Problem("outside-rfc", "m", "notes.rst", None)
    assert annotation(no_line, "notes.rst") == "::warning file=notes.rst,title=rfc.outside-rfc::m"


def test_paths_relative_to_the_work_tree_else_the_current_folder(tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    inside = tmp_path / "repo" / "site" / "rfcs" / "a.md"
    assert annotation_path(inside, cwd=tmp_path) == "site/rfcs/a.md"
    outside = tmp_path / "plain" / "site" / "a.md"
    assert annotation_path(outside, cwd=tmp_path / "plain") == "site/a.md"
    assert annotation_path(outside, cwd=tmp_path / "repo") == outside.resolve().as_posix()


def test_github_format(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(project)  # the path is the work tree's, not the current folder's
    code, out, err = run(capsys, "check", ".", "--format", "github", "--no-cache")
    assert code == 1
    got: Counter[tuple[str, str, int]] = Counter()
    assert out.splitlines()
    for line in out.splitlines():
        match = ANNOTATION.match(line)
        assert match, line
        assert match["file"].startswith("docs/")
        got[(match["subtype"], match["file"].removeprefix("docs/"), int(match["line"]))] += 1
    assert got == expected_problems(project, "rst")
    assert err.startswith("sphinx_rfc: 6 RFCs, 24 problems")


def test_files_filter_the_problems(capsys: pytest.CaptureFixture[str], project: Path) -> None:
    code, out, _err = run(capsys, "check", str(project), "--format", "json", "--no-cache")
    everything = json.loads(out)
    assert code == 1 and {p["source"] for p in everything} >= {"a.rst", "b.rst", "notes.rst"}
    code, out, _err = run(capsys, "check", str(project), str(project / "b.rst"),
                          str(project / "notes.rst"), "--format", "json")
    assert code == 1
    assert json.loads(out) == [p for p in everything if p["source"] in ("b.rst", "notes.rst")]
    # a cross-RFC problem is the file's too
    cycle = [p for p in everything if p["subtype"] == "dependency-cycle"]
    assert cycle
    code, out, _err = run(capsys, "check", str(project), str(project / cycle[0]["source"]),
                          "--format", "json")
    assert cycle[0] in json.loads(out)


def test_files_relative_to_the_current_folder(
    capsys: pytest.CaptureFixture[str], project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As pre-commit runs it: from the repository root, paths relative to it."""
    monkeypatch.chdir(project.parent)
    code, out, _err = run(capsys, "check", "docs", "docs/b.rst", "--format", "github")
    assert code == 1
    assert out.splitlines() and all(line.startswith("::warning file=docs/b.rst,") for line in out.splitlines())


def test_clean_files_exit_zero(capsys: pytest.CaptureFixture[str], project: Path) -> None:
    (project / "clean.md").write_text("# Not an RFC\n", encoding="utf-8")
    code, out, _err = run(capsys, "check", str(project), str(project / "conf.py"),
                          str(project / "clean.md"), "README.md")
    assert code == 0
    assert out.splitlines() == [out.splitlines()[-1]]  # the summary only
    assert "0 problems" in out


def test_the_parser_takes_files_after_the_folder() -> None:
    args = build_parser().parse_args(["check", "docs", "a.md", "b.rst", "--format", "github"])
    assert (args.sourcedir, args.files, args.format) == ("docs", ["a.md", "b.rst"], "github")
    args = build_parser().parse_args(["check"])
    assert (args.sourcedir, args.files) == (None, [])


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from sphinx_rfc import __version__

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"sphinx-rfc {__version__}\n"
    done = subprocess.run([sys.executable, "-m", "sphinx_rfc.cli", "--version"],
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert done.stdout == f"sphinx-rfc {__version__}\n"


def test_strict_with_files_keeps_only_their_other_warnings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--strict`` fails on other Sphinx warnings too: with FILEs, on those
    of the FILEs only."""
    from conftest import write_project

    srcdir = write_project(tmp_path / "docs", {
        "index.md": "# Index\n\n```{toctree}\n:glob:\n\n*\n```\n",
        "a.md": "# A\n\n```{rfc} RFC-0001\n:status: draft\n```\n\nSee {doc}`missing-page`.\n",
        "b.md": "# B\n\n```{rfc} RFC-0002\n:status: draft\n```\n",
    }, "rfc_required_sections = []\n")
    code, _out, err = run(capsys, "check", str(srcdir), str(srcdir / "b.md"), "--strict")
    assert (code, err) == (0, "")
    code, _out, err = run(capsys, "check", str(srcdir), str(srcdir / "a.md"), "--strict")
    assert code == 1
    assert "missing-page" in err and "1 other warning(s)" in err


def test_a_file_in_place_of_the_folder_is_explained(
    capsys: pytest.CaptureFixture[str], project: Path
) -> None:
    code, _out, err = run(capsys, "check", str(project / "b.rst"))
    assert code == 2
    assert "is a file; the Sphinx source folder comes first" in err
