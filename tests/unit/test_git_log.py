"""The build's one ``git log`` (sphinx_rfc.read.git_log): commits with
hash, date, author, message and files, the source folder or the whole work
tree, blobs at a commit in one process, and nothing at all when git
cannot tell."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sphinx_rfc import devices
from sphinx_rfc.read import git_log

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def git(repo: Path, *args: str, date: str | None = None) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "韩梅梅", "GIT_AUTHOR_EMAIL": "hmm@example.com",
        "GIT_COMMITTER_NAME": "CI", "GIT_COMMITTER_EMAIL": "ci@example.com",
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
    }
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    return subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True,
                          check=True).stdout


def commit(repo: Path, files: dict[str, str], message: str, date: str) -> str:
    for name, text in files.items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        git(repo, "add", name)
    git(repo, "commit", "-q", "-m", message, date=date)
    return git(repo, "rev-parse", "HEAD").strip()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    commit(root, {"docs/rfcs/0001-ckpt.md": "| 状态 | 草稿 |\n", "src/ckpt/io.py": "x = 1\n"},
           "RFC-0001: 异步保存初稿\n\n正文第二段，提到 RFC-0002。", "2025-01-02T10:00:00+08:00")
    commit(root, {"docs/rfcs/0001-ckpt.md": "| 状态 | 评审中 |\n"},
           "move RFC-0001 to review", "2025-02-03T10:00:00+08:00")
    commit(root, {"src/ckpt/io.py": "x = 2\n", "src/trainer/loop.py": "y = 1\n"},
           "Implement RFC-0001 (async save)", "2025-03-04T10:00:00+08:00")
    return root


def test_commits_of_the_source_folder_newest_first(repo: Path) -> None:
    log = git_log.repository_log(repo / "docs")
    assert log.top == repo.resolve() and log.srcdir_prefix == "docs"
    assert [c.subject for c in log.commits] == ["move RFC-0001 to review", "RFC-0001: 异步保存初稿"]
    first = log.commits[-1]
    assert len(first.sha) == 40 and first.date == "2025-01-02" and first.author == "韩梅梅"
    assert first.message.endswith("正文第二段，提到 RFC-0002。")
    assert first.files == ("docs/rfcs/0001-ckpt.md",)  # (only files under the source folder)
    by_file = log.by_source_file()
    assert list(by_file) == ["rfcs/0001-ckpt.md"]
    assert [c.date for c in by_file["rfcs/0001-ckpt.md"]] == ["2025-02-03", "2025-01-02"]


def test_the_whole_work_tree_on_request(repo: Path) -> None:
    log = git_log.repository_log(repo / "docs", whole_tree=True)
    assert log.whole_tree and len(log.commits) == 3
    assert log.commits[-1].files == ("docs/rfcs/0001-ckpt.md", "src/ckpt/io.py")
    assert log.commits[0].files == ("src/ckpt/io.py", "src/trainer/loop.py")
    assert log.source_path("src/ckpt/io.py") is None
    assert log.top_path("rfcs/0001-ckpt.md") == "docs/rfcs/0001-ckpt.md"


def test_blobs_at_commits_in_one_process(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = git_log.repository_log(repo / "docs")
    calls: list[list[str]] = []
    real = subprocess.run

    def counting(cmd: list[str], *args: object, **kwargs: object) -> object:
        calls.append(cmd)
        return real(cmd, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(subprocess, "run", counting)
    newest, oldest = log.commits
    wanted = [(oldest.sha, "docs/rfcs/0001-ckpt.md"), (newest.sha, "docs/rfcs/0001-ckpt.md"),
              (oldest.sha, "docs/missing.md"), (newest.sha, "src/ckpt/io.py")]
    texts = git_log.read_blobs(log.top, wanted)
    assert len(calls) == 1
    assert texts == {
        wanted[0]: "| 状态 | 草稿 |\n", wanted[1]: "| 状态 | 评审中 |\n",
        wanted[2]: None, wanted[3]: "x = 1\n",
    }


def test_nothing_when_git_cannot_tell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert git_log.repository_log(tmp_path) == git_log.EMPTY
    assert git_log.read_blobs(None, [("0" * 40, "a")]) == {("0" * 40, "a"): None}
    (tmp_path / "empty").mkdir()
    git(tmp_path / "empty", "init", "-q")
    assert git_log.repository_log(tmp_path / "empty").commits == ()  # no commit yet

    def broken(*args: object, **kwargs: object) -> object:
        raise OSError("no git")

    monkeypatch.setattr(subprocess, "run", broken)
    assert git_log.repository_log(tmp_path / "empty").commits == ()


def test_parse_skips_records_of_another_shape() -> None:
    sha = "a" * 40
    output = (
        f"\x01{sha}\x002025-03-01\x00张三\x00subject\n\nbody\n\x02\nrfcs/a b.md\0rfcs/引号\"名.md\0\0"
        f"\x01{sha}\x002025-02-01\x00merge\x00Merge\x02"  # a merge: no files
        "\x01not-a-hash\x002025-01-01\x00x\x00y\x02\nz.md\0"
        f"\x01{sha}\x00broken"  # no end mark
    )
    commits = git_log.parse_log(output)
    assert [c.message for c in commits] == ["subject\n\nbody", "Merge"]
    assert commits[0].files == ("rfcs/a b.md", 'rfcs/引号"名.md') and commits[1].files == ()
    assert git_log.parse_log("") == ()


class _App:
    """What build_log reads of a Sphinx application: its folders (and its
    ``__dict__``, where a build keeps its log)."""

    def __init__(self, srcdir: Path, doctreedir: Path) -> None:
        self.srcdir = srcdir
        self.doctreedir = doctreedir


def _counting_git(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    calls: list[list[str]] = []
    real = subprocess.run

    def counting(cmd: list[str], *args: object, **kwargs: object) -> object:
        if cmd[:1] == ["git"] and "log" in cmd:  # (the build's git log, not the test's git)
            calls.append(cmd)
        return real(cmd, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(subprocess, "run", counting)
    return calls


def test_the_next_build_takes_the_kept_log_until_the_repository_changes(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    doctrees = tmp_path / "out" / ".doctrees"
    calls = _counting_git(monkeypatch)
    monkeypatch.setattr(git_log, "_WHOLE_TREE_WANTED", [])  # (no reader asks for more)
    first = git_log.build_log(_App(repo / "docs", doctrees))  # type: ignore[arg-type]
    assert len(calls) == 1 and len(first.commits) == 2
    # a rebuild (a new application), the repository as it was: no git log
    again = git_log.build_log(_App(repo / "docs", doctrees))  # type: ignore[arg-type]
    assert len(calls) == 1
    assert again == first
    # the same folders asked for the whole work tree: another log
    monkeypatch.setattr(git_log, "_WHOLE_TREE_WANTED", [lambda app: True])
    whole = git_log.build_log(_App(repo / "docs", doctrees))  # type: ignore[arg-type]
    assert len(calls) == 2 and whole.whole_tree and len(whole.commits) == 3
    # a commit: the stamp changes, and the log is made again with it
    commit(repo, {"docs/rfcs/0001-ckpt.md": "| 状态 | 已接受 |\n"}, "accept RFC-0001",
           "2025-04-05T10:00:00+08:00")
    after = git_log.build_log(_App(repo / "docs", doctrees))  # type: ignore[arg-type]
    assert len(calls) == 3
    assert after.commits[0].subject == "accept RFC-0001"


def test_a_kept_log_is_not_read_with_the_device_off(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    doctrees = tmp_path / "doctrees"
    calls = _counting_git(monkeypatch)
    monkeypatch.setattr(git_log, "_WHOLE_TREE_WANTED", [])
    git_log.build_log(_App(repo / "docs", doctrees))  # type: ignore[arg-type]
    monkeypatch.setattr(devices, "GIT_LOG_KEPT", False)
    log = git_log.build_log(_App(repo / "docs", doctrees))  # type: ignore[arg-type]
    assert len(calls) == 2 and len(log.commits) == 2


def test_outside_a_repository_the_whole_tree_costs_no_second_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    looked: list[Path] = []
    real = git_log.work_tree_top

    def counting(start: str | os.PathLike[str]) -> Path | None:
        looked.append(Path(start))
        return real(start)

    monkeypatch.setattr(git_log, "work_tree_top", counting)
    monkeypatch.setattr(git_log, "_WHOLE_TREE_WANTED", [lambda app: True])
    app = _App(tmp_path / "docs", tmp_path / "doctrees")
    (tmp_path / "docs").mkdir()
    assert git_log.build_log(app) is git_log.EMPTY  # type: ignore[arg-type]
    for _document in range(3):  # the readers of each document ask again
        assert git_log.build_log(app) is git_log.EMPTY  # type: ignore[arg-type]
    assert len(looked) == 1
    assert not (tmp_path / "doctrees").exists()  # (nothing kept: nothing was run)
