"""Every write is whole or not at all (sphinx_rfc._atomic; docs/reference/
security.md, "Guarantees"): ``new``, ``status`` and ``import`` stopped at
each step of their write, by an exception (every way out of the write) and
by a real kill of the process (``os._exit``, nothing cleaned), leave the
target with its old bytes or its new bytes, never empty or partial; the
temporary file is gone after the stopped run or, after a kill, after the
next run; a temporary file is never read as an RFC."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import sphinx_build, write_project

from sphinx_rfc import _atomic
from sphinx_rfc.cli import main

STEPS: tuple[_atomic.Step, ...] = ("created", "written", "synced", "renamed")
ROOT = Path(__file__).resolve().parents[2]

MARKDOWN_RFC = """\
---
rfc: RFC-0006
status: review
created: 2025-01-02
---

# Offload

| 项目 | 内容 |
|---|---|
| RFC 编号 | RFC-0006 |
| 状态 | 评审中 |

## 背景

Text.
"""

ISSUE = {
    "number": 7, "title": "[RFC]: Checkpoint", "body": "## 背景\n\nThe first body.\n",
    "url": "https://example.org/issues/7",
}


class Killed(BaseException):
    """Stands in for a kill: no ``except Exception`` stops it."""


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if _atomic.is_temporary(p.name))


# --------------------------------------------------------------------------
# The three commands, each with what it changes


def project(root: Path) -> Path:
    """A project whose RFC-0006 is in review (``status`` moves it on)."""
    return write_project(root, {
        "index.md": "# RFCs\n\n```{toctree}\n:glob:\nrfcs/*\n```\n",
        "rfcs/0006-offload.md": MARKDOWN_RFC,
    }, conf='rfc_documents = ["rfcs/*"]\n')


def run_new(root: Path) -> int:
    return main(["new", "Async checkpoint", "--dir", str(root)])


def run_status(root: Path) -> int:
    return main(["status", str(root), "RFC-0006", "accepted", "--date", "2026-01-01"])


def run_import(root: Path) -> int:
    return main(["import", str(root / "issue.json"), "--dir", str(root / "rfcs")])


def setup_new(root: Path) -> tuple[Path, Callable[[Path], int]]:
    root.mkdir(parents=True)
    return root / "0001-async-checkpoint.md", run_new


def setup_status(root: Path) -> tuple[Path, Callable[[Path], int]]:
    project(root)
    return root / "rfcs" / "0006-offload.md", run_status


def setup_import(root: Path) -> tuple[Path, Callable[[Path], int]]:
    (root / "rfcs").mkdir(parents=True)
    (root / "issue.json").write_text(json.dumps(ISSUE), encoding="utf-8")
    assert run_import(root) == 0  # the old file: the first import
    changed = {**ISSUE, "body": "## 背景\n\nThe second body, longer than the first one.\n"}
    (root / "issue.json").write_text(json.dumps(changed), encoding="utf-8")
    return root / "rfcs" / "0007-checkpoint.md", run_import


COMMANDS = {"new": setup_new, "status": setup_status, "import": setup_import}


def old_and_new(tmp_path: Path, command: str) -> tuple[bytes | None, bytes]:
    """The target's bytes before and after the command, run undisturbed."""
    target, run = COMMANDS[command](tmp_path / "reference")
    old = target.read_bytes() if target.exists() else None
    assert run(root_of(command, target)) == 0
    new = target.read_bytes()
    assert new and new != old
    return old, new


def root_of(command: str, target: Path) -> Path:
    return target.parent if command == "new" else target.parents[1]


# --------------------------------------------------------------------------
# Stopped by an exception at each step


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_stopped_at_each_step_old_or_new_bytes_and_no_temporary(
    command: str, step: _atomic.Step, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    old, new = old_and_new(tmp_path, command)
    target, run = COMMANDS[command](tmp_path / "stopped")
    root = root_of(command, target)
    assert (target.read_bytes() if target.exists() else None) == old
    seen: list[str] = []

    def stop(at: _atomic.Step, path: Path) -> None:
        seen.append(at)
        if at == step and path == target:
            raise Killed

    monkeypatch.setattr(_atomic, "hook", stop)
    with pytest.raises(Killed):
        run(root)
    assert seen[-1] == step
    now = target.read_bytes() if target.exists() else None
    # renamed: the new file is in place; before: the old one is untouched
    assert now == (new if step == "renamed" else old)
    assert temporaries(root) == []
    monkeypatch.setattr(_atomic, "hook", None)
    capsys.readouterr()
    assert run(root) == 0  # the next run: the new bytes (new: the next ID, if taken)
    assert (target.read_bytes() if target.exists() else None) in (old, new)
    assert temporaries(root) == []


# --------------------------------------------------------------------------
# Killed at each step: a separate process ends with os._exit


KILL = """\
import os, sys
from pathlib import Path
import sphinx_rfc._atomic as atomic
step, target = sys.argv[1], Path(sys.argv[2])
def kill(at, path):
    if at == step and path == target:
        os._exit(86)
atomic.hook = kill
from sphinx_rfc.cli import main
sys.exit(main(sys.argv[3:]))
"""


def argv_of(command: str, root: Path) -> list[str]:
    if command == "new":
        return ["new", "Async checkpoint", "--dir", str(root)]
    if command == "status":
        return ["status", str(root), "RFC-0006", "accepted", "--date", "2026-01-01"]
    return ["import", str(root / "issue.json"), "--dir", str(root / "rfcs")]


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_killed_at_each_step_old_or_new_bytes_and_next_run_cleans(
    command: str, step: _atomic.Step, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    old, new = old_and_new(tmp_path, command)
    target, run = COMMANDS[command](tmp_path / "killed")
    root = root_of(command, target)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-c", KILL, step, str(target), *argv_of(command, root)],
        capture_output=True, text=True, env=env, check=False,
    )
    assert done.returncode == 86, done.stderr  # killed at that step
    now = target.read_bytes() if target.exists() else None
    assert now == (new if step == "renamed" else old)
    left = temporaries(root)
    # a kill cleans nothing: the temporary stays until the next run
    # (after the rename only new's hard link leaves it)
    assert len(left) == (0 if step == "renamed" and command != "new" else 1)
    assert left == [] or left[0].startswith(f".{target.name}.sphinx-rfc-")
    capsys.readouterr()
    assert run(root) == 0
    assert (target.read_bytes() if target.exists() else None) in (old, new)
    assert temporaries(root) == []


# --------------------------------------------------------------------------
# The pieces


def test_a_temporary_being_written_is_not_a_leftover(tmp_path: Path) -> None:
    target = tmp_path / "rfc.md"
    target.write_text("old\n", encoding="utf-8")
    with _atomic.AtomicFile(target) as file:
        file.stream.write(b"new\n")
        assert [p.name for p in tmp_path.iterdir() if _atomic.is_temporary(p.name)]
        # another run cleaning the folder meanwhile leaves it: it is locked
        assert _atomic.clean_leftovers(tmp_path) == []
    assert target.read_bytes() == b"new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rfc.md"]


def test_the_old_file_keeps_its_mode_and_a_new_one_gets_the_umask(tmp_path: Path) -> None:
    old = tmp_path / "old.md"
    old.write_text("x", encoding="utf-8")
    old.chmod(0o640)
    _atomic.write_text(old, "y")
    assert (old.read_text(encoding="utf-8"), old.stat().st_mode & 0o777) == ("y", 0o640)
    umask = os.umask(0o022)
    try:
        _atomic.write_text(tmp_path / "new.md", "z")
    finally:
        os.umask(umask)
    assert (tmp_path / "new.md").stat().st_mode & 0o777 == 0o644
    _atomic.write_bytes(tmp_path / "private", b"p", mode=0o600)
    assert (tmp_path / "private").stat().st_mode & 0o777 == 0o600


def test_new_never_replaces_a_file_with_or_without_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "rfc.md"
    target.write_text("mine\n", encoding="utf-8")
    with pytest.raises(FileExistsError):
        _atomic.write_text(target, "theirs\n", replace=False)
    assert target.read_text(encoding="utf-8") == "mine\n"

    def no_links(*args: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    with pytest.raises(FileExistsError):
        _atomic.write_text(target, "theirs\n", replace=False)
    assert target.read_text(encoding="utf-8") == "mine\n"
    _atomic.write_text(tmp_path / "other.md", "new\n", replace=False)  # written by name
    assert (tmp_path / "other.md").read_text(encoding="utf-8") == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.md", "rfc.md"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "rfcs.json"
    target.write_bytes(b"old")
    with pytest.raises(ZeroDivisionError), _atomic.open_atomic(target) as stream:
        stream.write(b"half")
        raise ZeroDivisionError
    assert target.read_bytes() == b"old"
    assert list(tmp_path.iterdir()) == [target]


def test_leftovers_are_not_read_and_the_build_cleans_its_own(tmp_path: Path) -> None:
    """A leftover temporary beside an RFC (a killed ``status``) is no
    document of the build, no RFC of ``status`` or ``import``; the build's
    own files' leftovers (a killed build) are removed by the next build."""
    root = project(tmp_path / "docs")
    leftover = root / "rfcs" / ".0006-offload.md.sphinx-rfc-0123abcd.tmp"
    leftover.write_text(MARKDOWN_RFC.replace("RFC-0006", "RFC-0099"), encoding="utf-8")
    build = sphinx_build(root)
    out = build.outdir
    data = json.loads((out / "rfcs.json").read_text(encoding="utf-8"))
    assert [r["id"] for r in data["rfcs"]] == ["RFC-0006"]
    assert "sphinx-rfc-" not in build.app.warning.getvalue()
    assert main(["status", str(root), "RFC-0099", "accepted"]) == 2  # not an RFC
    # a build killed while writing its files left these
    killed = [out / ".rfcs.json.sphinx-rfc-00000001.tmp",
              out / "_static" / ".sphinx_rfc.css.sphinx-rfc-00000002.tmp",
              Path(build.app.doctreedir) / ".rfcs.json.cache.sphinx-rfc-00000003.tmp"]
    for path in killed:
        path.write_bytes(b"half")
    (root / "rfcs" / "0006-offload.md").write_text(
        MARKDOWN_RFC.replace("Text.", "Text, edited."), encoding="utf-8")
    sphinx_build(root)
    assert [p for p in killed if p.exists()] == []
    # and the next command writing beside the RFC removes the status leftover
    assert main(["status", str(root), "RFC-0006", "accepted"]) == 0
    assert not leftover.exists()


def test_interrupted_by_ctrl_c_exit_130_old_bytes_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target, run = setup_status(tmp_path / "docs")
    old = target.read_bytes()

    def interrupt(at: _atomic.Step, path: Path) -> None:
        if at == "written":
            raise KeyboardInterrupt

    monkeypatch.setattr(_atomic, "hook", interrupt)
    assert run(tmp_path / "docs") == 130  # the command's answer to Ctrl-C
    assert target.read_bytes() == old
    assert temporaries(tmp_path) == []


def test_import_does_not_take_a_leftover_for_a_second_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A killed import's temporary holds the whole RFC: the next import
    neither finds issue #7 twice in it nor keeps it."""
    target, run = setup_import(tmp_path / "docs")
    leftover = target.with_name(f".{target.name}.sphinx-rfc-0badcafe.tmp")
    leftover.write_bytes(target.read_bytes())
    capsys.readouterr()
    assert run(tmp_path / "docs") == 0
    assert capsys.readouterr().out == f"updated {target}\n"
    assert not leftover.exists()


# --------------------------------------------------------------------------
# Concurrent writers in one folder (issue 56 #5): another run's cleaner
# never takes a live writer's temporary file for a leftover


def test_a_cleaner_between_creation_and_lock_does_not_break_the_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another run cleans the folder after the temporary file is created
    and before its writer locks it: the write still lands."""
    target = tmp_path / "0007-offload.md"
    target.write_text("old\n", encoding="utf-8")
    real = _atomic._lock
    cleaned: list[list[Path]] = []

    def late_lock(fd: int, *, wait: bool) -> bool:
        if wait and not cleaned:
            cleaned.append(_atomic.clean_leftovers(tmp_path))
        return real(fd, wait=wait)

    monkeypatch.setattr(_atomic, "_lock", late_lock)
    _atomic.write_text(target, "new\n")
    assert cleaned and len(cleaned[0]) == 1  # it did take the file for a leftover
    assert target.read_text(encoding="utf-8") == "new\n"
    assert temporaries(tmp_path) == []


def test_a_cleaner_before_the_rename_does_not_break_the_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another run cleans the folder just before the rename: the temporary
    file is still locked then, so it is left alone."""
    target = tmp_path / "0007-offload.md"
    target.write_text("old\n", encoding="utf-8")
    real = os.replace
    cleaned: list[list[Path]] = []

    def replace(source: str | os.PathLike[str], destination: str | os.PathLike[str]) -> None:
        cleaned.append(_atomic.clean_leftovers(tmp_path))
        real(source, destination)

    monkeypatch.setattr(os, "replace", replace)
    _atomic.write_text(target, "new\n")
    assert cleaned == [[]]
    assert target.read_text(encoding="utf-8") == "new\n"


def test_concurrent_writers_and_cleaners_in_one_folder(tmp_path: Path) -> None:
    """Four writers, each writing its own file again and again and cleaning
    the folder before each write (as ``status`` does): every write lands."""
    import threading

    errors: list[BaseException] = []

    def writer(k: int) -> None:
        target = tmp_path / f"{k:04d}-rfc.md"
        try:
            for n in range(150):
                _atomic.clean_leftovers(tmp_path)
                _atomic.write_text(target, f"status: {n}\n", sync=False)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(p.read_text(encoding="utf-8") for p in tmp_path.iterdir()) == [
        "status: 149\n"] * 4
