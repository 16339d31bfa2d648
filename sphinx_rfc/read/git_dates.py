"""RFC dates from git: the first and the last commit touching a source file.

An RFC that declares no ``created`` / ``updated`` takes them from here.  One
``git log`` for the whole source folder, parsed once per build, gives every
file's dates: a project of hundreds of RFCs costs one process, not hundreds.

Dates are author dates, ``YYYY-MM-DD`` in the author's own time zone (as
``git log --date=short`` shows them, the same on every machine).  Renames
are not followed (``--no-renames``): a moved file starts again, as it would
with one ``git log -- path`` per file.  Merge commits list no files and so
count for nothing; the commits they bring in do.

Nothing here warns: no git, not a repository, a file never committed, git
failing in any way — the file simply has no dates from git.

A shallow clone (CI's default checkout fetches one commit) has no history:
every file then seems created and updated by the last commit, which is
wrong.  :func:`is_shallow` tells (without running git), so the caller can
say so once; CI should fetch the whole history (GitHub Actions:
``actions/checkout`` with ``fetch-depth: 0``).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

#: Seconds git may take before its dates are given up.
TIMEOUT = 120

_COMMIT = "\x01"  # starts each commit's record in the output


def git_command(srcdir: str | os.PathLike[str]) -> list[str]:
    """The one git call: every commit touching *srcdir*, newest first, with
    its author date and the files it touched relative to *srcdir*, NUL
    separated (no quoting of unusual names)."""
    return [
        "git",
        # settings a user may have that would change the output
        "-c", "log.showSignature=false",
        "-c", "core.quotePath=false",
        "-C", os.fspath(srcdir),
        "log",
        "--no-color",
        f"--format=format:{_COMMIT}%ad",
        "--date=short",
        "--name-only",
        "--no-renames",
        "--relative",
        "-z",
        "--",
        ".",
    ]


def parse_log(output: str) -> dict[str, tuple[str, str]]:
    """``path -> (created, updated)`` from :func:`git_command`'s output."""
    dates: dict[str, tuple[str, str]] = {}
    for record in output.split(_COMMIT):
        date, _, names = record.partition("\n")
        date = date.strip()
        if not date:
            continue
        for name in names.split("\0"):
            name = name.strip("\n")
            if not name:
                continue
            # newest first: the first date seen is the last update, and
            # each older commit moves the creation date back
            _created, updated = dates.get(name, (date, date))
            dates[name] = (date, updated)
    return dates


def git_dates(srcdir: str | os.PathLike[str]) -> dict[str, tuple[str, str]]:
    """``relative posix path -> (created, updated)`` of every file under
    *srcdir* that git has a commit of; empty when git cannot tell."""
    try:
        done = subprocess.run(
            git_command(srcdir),
            capture_output=True,
            check=False,
            timeout=TIMEOUT,
            stdin=subprocess.DEVNULL,
            # git's messages in any language are ignored; only its exit code counts
            env={**os.environ, "LC_ALL": "C", "GIT_TERMINAL_PROMPT": "0"},
        )
    except (OSError, subprocess.SubprocessError):  # no git binary, timeout
        return {}
    if done.returncode != 0:  # not a repository, no commit yet, ...
        return {}
    return parse_log(done.stdout.decode("utf-8", errors="surrogateescape"))


def _git_dir(start: Path) -> Path | None:
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


def is_shallow(srcdir: str | os.PathLike[str]) -> bool:
    """True when *srcdir* is in a shallow clone (its dates from git are wrong)."""
    git_dir = _git_dir(Path(srcdir).resolve())
    if git_dir is None:
        return False
    common = git_dir
    try:
        # a linked work tree keeps "shallow" in the main repository folder
        pointer = (git_dir / "commondir").read_text(encoding="utf-8").strip()
        common = (git_dir / pointer).resolve()
    except OSError:
        pass
    return (git_dir / "shallow").is_file() or (common / "shallow").is_file()
