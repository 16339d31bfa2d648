"""A shallow clone (CI's default checkout) has no history before its
boundary commit: ``sphinx-rfc diff`` and the ``changed-after-acceptance``
check cannot find the version an RFC was accepted with there.  Neither
passes silently: ``diff`` fails with one line naming the shallow clone
(exit 2, so a CI gate fails), and the build warns on each accepted RFC
that it cannot be checked.  A whole clone of the same repository gives
the real answers; an RFC never accepted gets nothing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import sphinx_build
from test_changed_after_acceptance import EXTRA_PARAM, PARAMS, changed, repo, rfc  # noqa: F401

from sphinx_rfc.cli import main

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def clone(source: Path, target: Path, *depth: str) -> Path:
    subprocess.run(["git", "clone", "-q", *depth, f"file://{source}", str(target)],
                   check=True, capture_output=True)
    return target / "docs"


@pytest.fixture
def shallow(repo: Path, tmp_path: Path) -> Path:  # noqa: F811
    return clone(repo.parent, tmp_path / "ci", "--depth", "1")


def test_diff_in_a_shallow_clone_says_the_history_is_cut(
    shallow: Path, repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],  # noqa: F811
) -> None:
    whole = clone(repo.parent, tmp_path / "whole")
    assert main(["diff", str(whole), "RFC-0001"]) == 1  # max_pending added since 03-04
    capsys.readouterr()
    code = main(["diff", str(shallow), "RFC-0001"])
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert out == ""
    assert len(err.splitlines()) == 1
    assert "shallow clone" in err and "fetch-depth: 0" in err and "--from" in err
    # a revision given: compared as asked
    assert main(["diff", str(shallow), "RFC-0001", "--from", "HEAD"]) == 0


def test_build_in_a_shallow_clone_warns_on_each_accepted_rfc(
    shallow: Path, repo: Path, tmp_path: Path,  # noqa: F811
) -> None:
    whole = sphinx_build(clone(repo.parent, tmp_path / "whole"))
    assert [w[0] for w in changed(whole)] == ["0001-async-ckpt.md"]
    build = sphinx_build(shallow)
    found = changed(build)
    # both accepted RFCs (0001 changed, 0002 did not: neither can be told);
    # 0003, never accepted, nothing
    assert [(name, line) for name, line, _ in found] == [
        ("0001-async-ckpt.md", 8), ("0002-offload.md", 7)], build.warnings
    for _name, _line, message in found:
        assert "shallow clone" in message and "fetch-depth: 0" in message


def test_deepened_clone_warns_no_more(shallow: Path) -> None:
    assert len(changed(sphinx_build(shallow))) == 2
    subprocess.run(["git", "-C", str(shallow.parent), "fetch", "-q", "--unshallow"],
                   check=True, capture_output=True)
    again = sphinx_build(shallow)
    assert [(w[0], "max_pending" in w[2]) for w in changed(again)] == [
        ("0001-async-ckpt.md", True)], again.warnings


def test_diff_of_a_file_made_after_the_boundary_is_read(
    repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],  # noqa: F811
) -> None:
    """A shallow clone whose history holds a file's first commit: its whole
    history is there, and diff compares as in a whole clone."""
    from test_git_dates_build import git

    top = repo.parent
    path = repo / "rfcs" / "0004-prefetch.md"
    # (its own text: git's --follow would take a near copy of another RFC
    # for that RFC's history)
    steps = [("draft", "", "2025-05-01"), ("accepted", "", "2025-05-02"),
             ("accepted", "| `max_pending` | int | 4 | no | batches read ahead |\n",
              "2025-05-03")]
    for status, extra, day in steps:
        path.write_text(
            "# Prefetch the next batches while the step runs\n\n## Basic information\n\n"
            f"| Field | Value |\n|---|---|\n| Status | {status} |\n| Owner | Li Lei |\n\n"
            "## Background\n\nThe loader waits on disk reads between steps; reading "
            "ahead hides most of that wait on the slow NFS mounts.\n\n"
            "## External interface\n\n| Parameter | Type | Default | Required | Meaning |\n"
            "|---|---|---|---|---|\n| `prefetch` | bool | true | no | read ahead |\n"
            f"{extra}", encoding="utf-8")
        git(top, "add", ".")
        git(top, "commit", "-q", "-m", f"0004 {status}", date=f"{day}T10:00:00+00:00")
    shallow = clone(top, tmp_path / "ci4", "--depth", "4")  # the boundary: 0003's commit
    capsys.readouterr()
    code = main(["diff", str(shallow), "RFC-0004"])
    out, err = capsys.readouterr()
    assert code == 1, err
    assert err == "" and "max_pending" in out and "2025-05-02" in out
    # 0001's history is cut: still refused
    assert main(["diff", str(shallow), "RFC-0001"]) == 2
