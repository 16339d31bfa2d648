"""``sphinx-rfc check`` run again with nothing changed prints the output it
kept, without starting Sphinx (issue 44 item 3; docs/reference/cli.md,
"What is kept"); anything it depends on that changes (a source file, a
commit, a file read outside the project) makes it read again."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import copy_root, sphinx_build

from sphinx_rfc.cli import check as check_command
from sphinx_rfc.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def no_sphinx(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts the reads of the project (each starts Sphinx)."""
    reads: list[str] = []
    real = check_command.read_project

    def counting(srcdir: Path, **kwargs: object) -> object:
        reads.append(str(srcdir))
        return real(srcdir, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(check_command, "read_project", counting)
    return reads


def test_same_check_again_is_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_sphinx: list[str]
) -> None:
    src = copy_root("checks-md", tmp_path / "src")
    file = str(src / "b.md")
    first = run(capsys, "check", str(src), file)
    assert first[0] == 1 and "b.md" in first[1]
    assert len(no_sphinx) == 1
    assert run(capsys, "check", str(src), file) == first
    assert len(no_sphinx) == 1  # not read again: replayed
    # another command (another format, other files) is its own check
    as_json = run(capsys, "check", str(src), file, "--format", "json")
    assert len(no_sphinx) == 2
    assert run(capsys, "check", str(src), file, "--format", "json") == as_json
    assert len(no_sphinx) == 2
    # the first one is still kept beside it
    assert run(capsys, "check", str(src), file) == first
    assert len(no_sphinx) == 2


def test_replayed_problems_are_the_full_builds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_sphinx: list[str]
) -> None:
    """The replayed lines of FILE are the RFC warnings the HTML build gives
    for that file."""
    src = copy_root("checks-md", tmp_path / "src")
    built = [w for w in sphinx_build(src).rfc_warnings() if w[0] == "b.md"]
    shutil.rmtree(src / "_build")
    assert built
    run(capsys, "check", str(src), str(src / "b.md"))
    _code, out, _err = run(capsys, "check", str(src), str(src / "b.md"))
    assert len(no_sphinx) == 1
    lines = [line for line in out.splitlines() if line.startswith("b.md:")]
    assert len(lines) == len(built)
    found = {(int(line.split(":")[1]), line.split("[", 1)[1].split("]")[0]) for line in lines}
    assert found == {(line, kind) for _name, line, kind, _message in built}


def test_an_edit_is_read_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_sphinx: list[str]
) -> None:
    src = copy_root("checks-md", tmp_path / "src")
    path = src / "b.md"
    first = run(capsys, "check", str(src), str(path))
    path.write_text(path.read_text(encoding="utf-8") + "\nMore text.\n", encoding="utf-8")
    again = run(capsys, "check", str(src), str(path))
    assert len(no_sphinx) == 2
    assert again == first  # (the same problems: the paragraph changes none)
    # a new file in the project counts too
    (src / "notes2.md").write_text("# Notes\n", encoding="utf-8")
    run(capsys, "check", str(src), str(path))
    assert len(no_sphinx) == 3


def test_a_file_read_outside_the_project_is_watched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_sphinx: list[str]
) -> None:
    src = copy_root("checks-md", tmp_path / "src")
    shared = tmp_path / "shared.md"
    shared.write_text("Shared text.\n", encoding="utf-8")
    path = src / "b.md"
    path.write_text(path.read_text(encoding="utf-8")
                    + "\n```{include} ../shared.md\n```\n", encoding="utf-8")
    first = run(capsys, "check", str(src), str(path))
    assert run(capsys, "check", str(src), str(path)) == first
    assert len(no_sphinx) == 1
    shared.write_text("Shared text, changed.\n", encoding="utf-8")
    os.utime(shared, ns=(1, 1))
    run(capsys, "check", str(src), str(path))
    assert len(no_sphinx) == 2


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_commit_is_read_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_sphinx: list[str]
) -> None:
    """A commit changes no source file but may change the dates from git."""
    src = copy_root("checks-md", tmp_path / "src")
    env = {**os.environ, "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com",
           "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.com",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    for cmd in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "one"]):
        subprocess.run(["git", *cmd], cwd=src, env=env, check=True, capture_output=True)
    first = run(capsys, "check", str(src), str(src / "b.md"))
    assert run(capsys, "check", str(src), str(src / "b.md")) == first
    assert len(no_sphinx) == 1
    subprocess.run(["git", "commit", "-q", "--allow-empty", "-m", "two"], cwd=src, env=env,
                   check=True, capture_output=True)
    run(capsys, "check", str(src), str(src / "b.md"))
    assert len(no_sphinx) == 2


def test_strict_and_no_cache_always_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_sphinx: list[str]
) -> None:
    src = copy_root("checks-md", tmp_path / "src")
    for option in ("--no-cache", "--strict"):
        first = run(capsys, "check", str(src), option)
        assert run(capsys, "check", str(src), option) == first
    assert len(no_sphinx) == 4


@pytest.mark.parametrize("root", ["results", "signatures"])
def test_results_and_signatures_are_never_replayed(
    root: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], no_sphinx: list[str]
) -> None:
    """What they read is not only files the read can name: a new result
    file may match ``rfc_test_results``, a module may be installed since."""
    src = copy_root(root, tmp_path / "src")
    first = run(capsys, "check", str(src))
    assert run(capsys, "check", str(src)) == first
    assert len(no_sphinx) == 2


def test_a_template_outside_the_project_is_watched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_sphinx: list[str]
) -> None:
    """``rfc_template`` names a file beside the source folder (a team's
    shared template): editing it is a change of what the check reads."""
    from sphinx_rfc.spec.template import DEFAULT_TEMPLATE

    src = copy_root("checks-md", tmp_path / "src")
    template = tmp_path / "team-template.md"
    template.write_text(DEFAULT_TEMPLATE.read_text(encoding="utf-8"), encoding="utf-8")
    with (src / "conf.py").open("a", encoding="utf-8") as conf:
        conf.write('rfc_template = "../team-template.md"\n')
    first = run(capsys, "check", str(src))
    assert run(capsys, "check", str(src)) == first
    assert len(no_sphinx) == 1
    assert "上线计划" not in first[1]
    template.write_text(template.read_text(encoding="utf-8")
                        # (numbered as the others: an unnumbered last section is optional)
                        + "\n## 10. 上线计划（Rollout）\n\n分几步上线，每步看什么指标。\n",
                        encoding="utf-8")
    again = run(capsys, "check", str(src))
    assert len(no_sphinx) == 2  # read again, not replayed
    assert "上线计划" in again[1] and again != first
