"""What ``git log`` of a source folder depends on, told without running
git (stdlib only: ``sphinx-rfc check`` uses it before importing Sphinx).
Used by :mod:`sphinx_rfc.read.git_dates` (no ``git log`` when nothing in
the repository changed since the last build) and the replay of
``sphinx-rfc check`` (:mod:`sphinx_rfc.cli.cache`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def git_dir(start: Path) -> Path | None:
    """The repository folder of the work tree around *start* (``.git``, or
    where a ``.git`` file of a linked work tree or submodule points)."""
    for folder in (start, *start.parents):
        dot_git = folder / ".git"
        if dot_git.is_dir():
            return dot_git
        if dot_git.is_file():
            try:
                text = dot_git.read_text(encoding="utf-8").strip()
            except OSError:
                return None
            if not text.startswith("gitdir:"):
                return None
            return (folder / text[len("gitdir:"):].strip()).resolve()
    return None


def repository_stamp(srcdir: str | os.PathLike[str]) -> tuple[Any, ...] | None:
    """What ``git log`` depends on, without running git: ``HEAD``'s text,
    the commit of the branch it names, and the size and modification time
    of that branch's file, ``packed-refs``, ``shallow`` and the index.  Equal stamps: the same history, the same
    dates; no repository is a stamp too (an empty one).  None when a file
    cannot be read."""
    found = git_dir(Path(srcdir).resolve())
    if found is None:
        return ()
    git_folder = found
    try:
        head = (git_folder / "HEAD").read_text(encoding="utf-8").strip()
        common = git_folder
        if (git_folder / "commondir").is_file():
            pointer = (git_folder / "commondir").read_text(encoding="utf-8").strip()
            common = (git_folder / pointer).resolve()
    except OSError:
        return None
    files = [git_folder / "index", common / "packed-refs", common / "shallow", git_folder / "shallow"]
    refs: list[Path] = []
    if head.startswith("ref:"):
        ref = head[len("ref:"):].strip()
        refs = [git_folder / ref, common / ref]
    stats: list[tuple[str, int, int] | str | None] = []
    for path in files + refs:
        try:
            info = path.stat()
        except FileNotFoundError:
            stats.append(None)
        except OSError:
            return None
        else:
            stats.append((str(path), info.st_size, info.st_mtime_ns))
    for path in refs:  # (the commit it names: two commits in one clock tick differ)
        try:
            stats.append(path.read_text(encoding="utf-8").strip())
        except FileNotFoundError:
            stats.append(None)
        except (OSError, UnicodeDecodeError):
            return None
    return (str(git_folder), head, *stats)
