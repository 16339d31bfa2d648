"""Dates from git (sphinx_rfc.read.git_dates): a real repository with fixed
commit dates, one git call for the whole source folder, and nothing at all
when git cannot tell."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sphinx_rfc.read import git_dates as gd
from sphinx_rfc.read import git_log

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def git(repo: Path, *args: str, date: str | None = None, author_date: str | None = None) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "张三", "GIT_AUTHOR_EMAIL": "zhangsan@example.com",
        "GIT_COMMITTER_NAME": "CI", "GIT_COMMITTER_EMAIL": "ci@example.com",
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
    }
    if date:
        env["GIT_AUTHOR_DATE"] = author_date or date
        env["GIT_COMMITTER_DATE"] = date
    done = subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True,
                          check=True)
    return done.stdout


def commit(repo: Path, files: dict[str, str | None], message: str, date: str,
           author_date: str | None = None) -> None:
    for name, text in files.items():
        path = repo / name
        if text is None:
            git(repo, "rm", "-q", name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        git(repo, "add", name)
    git(repo, "commit", "-q", "-m", message, date=date, author_date=author_date)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository with a year of RFC history in its doc/ folder."""
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    commit(root, {
        "doc/conf.py": "extensions = ['myst_parser', 'sphinx_rfc']\n",
        "doc/rfcs/0001-sharded-checkpoint.rst": ".. rfc:: RFC-0001\n",
        "doc/rfcs/0003-优化器卸载.md": "# 优化器状态卸载\n",
        "README.md": "outside the sources\n",
    }, "初始导入 RFC", "2025-01-02T10:00:00+08:00")
    commit(root, {"doc/rfcs/0003-优化器卸载.md": "# 优化器状态卸载\n\n补充背景。\n"},
           "RFC-0003: 补充背景", "2025-02-14T09:30:00+08:00")
    # written late in the evening in New York, committed the next morning in Beijing:
    # the author's own day counts
    commit(root, {"doc/rfcs/0001-sharded-checkpoint.rst": ".. rfc:: RFC-0001\n   :status: review\n",
                  "doc/rfcs/0002-elastic.md": "# 弹性训练\n"},
           "RFC-0001 to review, RFC-0002", "2025-03-05T10:00:00+08:00",
           author_date="2025-03-04T21:00:00-05:00")
    commit(root, {"doc/rfcs/pipeline 1f1b.md": "# Pipeline\n", "README.md": "changed\n"},
           "add a file with a space", "2025-04-01T12:00:00+00:00")
    # a rename is a new file for git log --no-renames
    git(root, "mv", "doc/rfcs/pipeline 1f1b.md", "doc/rfcs/0004-pipeline.md")
    git(root, "commit", "-q", "-m", "rename", date="2025-05-01T12:00:00+00:00")
    commit(root, {"doc/rfcs/0001-sharded-checkpoint.rst": None}, "drop 0001",
           "2025-06-01T12:00:00+00:00")
    commit(root, {"doc/rfcs/0001-sharded-checkpoint.rst": ".. rfc:: RFC-0001\n"},
           "restore 0001", "2025-07-01T12:00:00+00:00")
    (root / "doc" / "rfcs" / "0009-untracked.md").write_text("# not committed\n", encoding="utf-8")
    return root


def test_first_and_last_commit_of_each_file(repo: Path) -> None:
    dates = gd.git_dates(repo / "doc")
    assert dates == {
        "conf.py": ("2025-01-02", "2025-01-02"),
        "rfcs/0001-sharded-checkpoint.rst": ("2025-01-02", "2025-07-01"),
        "rfcs/0002-elastic.md": ("2025-03-04", "2025-03-04"),
        "rfcs/0003-优化器卸载.md": ("2025-01-02", "2025-02-14"),
        # the old name keeps its history, the new one starts at the rename
        "rfcs/pipeline 1f1b.md": ("2025-04-01", "2025-05-01"),
        "rfcs/0004-pipeline.md": ("2025-05-01", "2025-05-01"),
    }


def test_author_date_in_the_authors_time_zone(repo: Path) -> None:
    log = git(repo, "log", "--format=%ad %cd", "--date=short", "--", "doc/rfcs/0002-elastic.md")
    assert log.split() == ["2025-03-04", "2025-03-05"]  # author date, committer date
    assert gd.git_dates(repo / "doc")["rfcs/0002-elastic.md"] == ("2025-03-04", "2025-03-04")


def test_paths_are_relative_to_the_source_folder(repo: Path) -> None:
    assert "README.md" not in gd.git_dates(repo / "doc")
    whole = gd.git_dates(repo)
    assert whole["README.md"] == ("2025-01-02", "2025-04-01")
    assert whole["doc/rfcs/0003-优化器卸载.md"] == ("2025-01-02", "2025-02-14")


def test_one_git_call_per_project(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    real = subprocess.run

    def counting(cmd: list[str], *args: object, **kwargs: object) -> object:
        calls.append(cmd)
        return real(cmd, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(git_log.subprocess, "run", counting)
    dates = gd.git_dates(repo / "doc")
    assert len(dates) == 6
    assert len(calls) == 1
    assert calls[0][0] == "git" and "log" in calls[0]


def test_untracked_files_have_no_dates(repo: Path) -> None:
    assert "rfcs/0009-untracked.md" not in gd.git_dates(repo / "doc")


@pytest.mark.parametrize("case", ["not a repository", "no git", "no commit yet", "git fails"])
def test_no_dates_and_no_error_when_git_cannot_tell(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "doc"
    folder.mkdir()
    (folder / "0001-x.md").write_text("# x\n", encoding="utf-8")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # no repository above
    if case == "no git":
        monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    elif case == "no commit yet":
        git(folder, "init", "-q")
    elif case == "git fails":
        def broken(*args: object, **kwargs: object) -> object:
            raise subprocess.TimeoutExpired("git", gd.TIMEOUT)

        monkeypatch.setattr(git_log.subprocess, "run", broken)
    assert gd.git_dates(folder) == {}
    assert capsys.readouterr() == ("", "")


def test_shallow_clone_is_told(repo: Path, tmp_path: Path) -> None:
    assert not gd.is_shallow(repo / "doc")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--depth", "1", repo.as_uri(), str(clone)],
                   check=True, capture_output=True)
    assert gd.is_shallow(clone / "doc")
    # what a CI checkout without fetch-depth: 0 gets: every file seems new
    dates = gd.git_dates(clone / "doc")
    assert dates["rfcs/0003-优化器卸载.md"] == ("2025-07-01", "2025-07-01")


def test_shallow_seen_from_a_linked_work_tree(repo: Path, tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--depth", "2", repo.as_uri(), str(clone)],
                   check=True, capture_output=True)
    git(clone, "worktree", "add", "-q", str(tmp_path / "linked"))
    assert (tmp_path / "linked" / ".git").is_file()
    assert gd.is_shallow(tmp_path / "linked" / "doc")
    git(repo, "worktree", "add", "-q", str(tmp_path / "full"))
    assert not gd.is_shallow(tmp_path / "full" / "doc")
    assert gd.git_dates(tmp_path / "full" / "doc")["rfcs/0003-优化器卸载.md"] == (
        "2025-01-02", "2025-02-14"
    )


def test_outside_any_repository_is_not_shallow(tmp_path: Path) -> None:
    assert not gd.is_shallow(tmp_path)
