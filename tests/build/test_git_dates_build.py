"""Dates from git in a build (``rfc_git_dates``): a real repository with fixed
commit dates; an RFC that declares no ``created`` / ``updated`` shows its
first and last commit's day in its page, the index and ``rfcs.json``; one
git call per build, none when nothing in the repository changed
(:func:`~sphinx_rfc._gitstamp.repository_stamp`); an incremental build after a new commit (which changes
no file's time) reads the RFC again."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import Build, sphinx_build, write_project

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")

CONF = (
    'rfc_documents = ["rfcs/native-*"]\n'
    "rfc_required_sections = []\n"
    "html_sidebars = {'**': []}\n"
)

FILES = {
    "index.md": "# RFCs\n\n```{toctree}\n:glob:\n\nrfcs/*\nlist\n```\n",
    "list.md": "# List\n\n```{rfc-index}\n:columns: id, title, created, updated\n```\n",
    # a directive RFC that declares no date
    "rfcs/0001-directive.md": "# Directive\n\n```{rfc} RFC-0001\n:status: draft\n```\n",
    # a template-native RFC with a basic-information table and no date
    "rfcs/native-0002.md": (
        "# Native\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n|---|---|\n| 状态 | 草稿 |\n\n"
        "## 2. 背景\n\nWhy.\n"
    ),
    # declares created: only updated comes from git
    "rfcs/0003-declared.md": (
        "# Declared\n\n```{rfc} RFC-0003\n:status: draft\n:created: 2024-12-01\n```\n"
    ),
    # declares both: git changes nothing
    "rfcs/0004-both.md": (
        "# Both\n\n```{rfc} RFC-0004\n:created: 2024-11-01\n:updated: 2024-11-02\n```\n"
    ),
}


def git(repo: Path, *args: str, date: str | None = None) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "A", "GIT_AUTHOR_EMAIL": "a@example.com",
        "GIT_COMMITTER_NAME": "A", "GIT_COMMITTER_EMAIL": "a@example.com",
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
    }
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose docs/ folder has two commits of history."""
    root = tmp_path / "repo"
    docs = write_project(root / "docs", FILES, CONF)
    (root / ".gitignore").write_text("_build/\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "first", date="2025-01-10T10:00:00+00:00")
    for name in ("rfcs/0001-directive.md", "rfcs/native-0002.md", "rfcs/0003-declared.md"):
        path = docs / name
        path.write_text(path.read_text(encoding="utf-8") + "\nMore.\n", encoding="utf-8")
    git(root, "commit", "-q", "-am", "second", date="2025-02-20T10:00:00+00:00")
    return docs


def rfcs_json(build: Build) -> dict[str, dict[str, object]]:
    data = json.loads((build.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {r["id"]: r for r in data["rfcs"]}


def dates(build: Build) -> dict[str, tuple[object, object]]:
    return {i: (r["created"], r["updated"]) for i, r in rfcs_json(build).items()}


def info_rows(build: Build, page: str) -> dict[str, str]:
    """``label -> value`` of the page's basic-information table."""
    html = (build.outdir / page).read_text(encoding="utf-8")
    table = html.split("rfc-table-basic-info", 1)[1].split("</table>", 1)[0]
    cells = [re.sub(r"<[^>]+>", "", c).strip()
             for c in re.findall(r"<td[^>]*>(.*?)</td>", table, re.S)]
    return dict(zip(cells[::2], cells[1::2], strict=False))


def index_rows(build: Build) -> dict[str, list[str]]:
    html = (build.outdir / "list.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html.split("<tbody>", 1)[1], re.S)
    found = {}
    for row in rows:
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        found[cells[0]] = cells
    return found


def test_dates_from_git_in_page_index_and_export(repo: Path) -> None:
    build = sphinx_build(repo)
    assert build.rfc_warnings() == []
    assert dates(build) == {
        "RFC-0001": ("2025-01-10", "2025-02-20"),
        "RFC-0002": ("2025-01-10", "2025-02-20"),
        "RFC-0003": ("2024-12-01", "2025-02-20"),  # its own created kept
        "RFC-0004": ("2024-11-01", "2024-11-02"),  # declared: git not asked
    }
    # the page: the directive's table, and the native RFC's own table
    directive = info_rows(build, "rfcs/0001-directive.html")
    assert (directive["Created"], directive["Updated"]) == ("2025-01-10", "2025-02-20")
    native = info_rows(build, "rfcs/native-0002.html")
    # (the author's 状态 cell shows the status badge, as the directive's table does)
    assert (native["状态"], native["Created"], native["Updated"]) == (
        "Draft", "2025-01-10", "2025-02-20"
    )
    assert info_rows(build, "rfcs/0004-both.html")["Updated"] == "2024-11-02"
    # the index
    index = index_rows(build)
    assert index["RFC-0001"][2:] == ["2025-01-10", "2025-02-20"]
    assert index["RFC-0003"][2:] == ["2024-12-01", "2025-02-20"]


def test_off_gives_no_dates(repo: Path) -> None:
    build = sphinx_build(repo, confoverrides={"rfc_git_dates": False})
    assert dates(build)["RFC-0001"] == (None, None)
    assert "Created" not in info_rows(build, "rfcs/native-0002.html")


def test_untracked_file_has_no_dates_and_no_warning(repo: Path) -> None:
    (repo / "rfcs" / "0005-new.md").write_text(
        "# New\n\n```{rfc} RFC-0005\n```\n", encoding="utf-8"
    )
    build = sphinx_build(repo)
    assert dates(build)["RFC-0005"] == (None, None)
    assert build.rfc_warnings() == [] and "git" not in build.warnings


def test_one_git_call_per_build(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    real = subprocess.run

    def counting(cmd: list[str], *args: object, **kwargs: object) -> object:
        if cmd and cmd[0] == "git" and "log" in cmd:  # (not the commit below)
            calls.append(cmd)
        return real(cmd, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(subprocess, "run", counting)
    sphinx_build(repo, parallel=2)
    assert len(calls) == 1
    assert dates(sphinx_build(repo))["RFC-0001"] == ("2025-01-10", "2025-02-20")
    assert len(calls) == 1  # nothing changed in the repository: git is not asked again
    path = repo / "rfcs" / "0003-declared.md"
    path.write_text(path.read_text(encoding="utf-8") + "\nEdited.\n", encoding="utf-8")
    edited = sphinx_build(repo, parallel=2)
    # a document is read, the repository as it was: the log the first
    # build kept in the doctree folder, no call
    assert edited.written and len(calls) == 1
    git(repo.parent, "commit", "-q", "-am", "third", date="2025-03-30T10:00:00+00:00")
    assert dates(sphinx_build(repo))["RFC-0003"] == ("2024-12-01", "2025-03-30")
    assert len(calls) == 2  # a new commit: git is asked again


def test_a_new_commit_updates_an_incremental_build(repo: Path) -> None:
    """The real workflow: edit, build, commit (the file's time does not
    change), build again: ``updated`` follows the commit."""
    first = sphinx_build(repo)
    assert dates(first)["RFC-0001"] == ("2025-01-10", "2025-02-20")
    path = repo / "rfcs" / "0001-directive.md"
    path.write_text(path.read_text(encoding="utf-8") + "\nEdited.\n", encoding="utf-8")
    edited = sphinx_build(repo)
    assert "rfcs/0001-directive" in edited.written
    assert dates(edited)["RFC-0001"] == ("2025-01-10", "2025-02-20")  # not committed yet
    stamp = path.stat().st_mtime_ns
    git(repo.parent, "commit", "-q", "-am", "third", date="2025-03-30T10:00:00+00:00")
    assert path.stat().st_mtime_ns == stamp
    committed = sphinx_build(repo)
    assert dates(committed)["RFC-0001"] == ("2025-01-10", "2025-03-30")
    assert "rfcs/0001-directive" in committed.written
    assert "list" in committed.written  # the index shows the new date
    assert info_rows(committed, "rfcs/0001-directive.html")["Updated"] == "2025-03-30"
    # the other RFCs' dates did not change: not read again
    assert "rfcs/0003-declared" not in committed.written
    # nothing new: nothing read again
    assert sphinx_build(repo).written in ([], ["index"])


def test_parallel_read_gives_the_same_export(repo: Path, tmp_path: Path) -> None:
    serial = (sphinx_build(repo).outdir / "rfcs.json").read_bytes()
    shutil.rmtree(repo / "_build")
    parallel = (sphinx_build(repo, parallel=2).outdir / "rfcs.json").read_bytes()
    assert parallel == serial


def test_repository_stamp(repo: Path, tmp_path: Path) -> None:
    """Equal while nothing happens in the repository; a commit, a new
    branch checked out, a staged file change it; no repository: empty."""
    from sphinx_rfc._gitstamp import repository_stamp

    first = repository_stamp(repo)
    assert first and repository_stamp(repo) == first
    git(repo.parent, "commit", "-q", "--allow-empty", "-m", "empty",
        date="2025-04-01T10:00:00+00:00")
    second = repository_stamp(repo)
    assert second and second != first
    git(repo.parent, "checkout", "-q", "-b", "other")
    third = repository_stamp(repo)
    assert third and third != second
    (repo / "new.md").write_text("# New\n", encoding="utf-8")
    git(repo.parent, "add", "docs/new.md")
    assert repository_stamp(repo) not in (first, second, third)
    outside = tmp_path / "no-repository"
    outside.mkdir()
    if any((folder / ".git").exists() for folder in outside.parents):
        pytest.skip("the temporary folder is inside a repository")
    assert repository_stamp(outside) == ()
