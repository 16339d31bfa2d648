"""The build's one ``git log``, shared by everything that reads history.

Dates from git (:mod:`sphinx_rfc.read.git_dates`), an RFC's status history
and the commits that cite an RFC all come from the same commits.  This
module runs ``git log`` once per build for all of them: every commit that
touches the source folder (or the whole work tree, when a reader asks for
commits outside it, :func:`wanted_scope`), newest first, with its full
hash, author date, author name, message and the files it touched,
relative to the top of the work tree.

File contents at a commit (an RFC as it was when it was accepted) are
read with one ``git cat-file --batch`` process for all the blobs a build
asks for (:func:`read_blobs`), not one ``git show`` each.

Nothing here warns: no git, not a repository, git failing in any way, a
commit message with control characters in it — the log is simply empty
(or the odd record is skipped).  The callers decide what no history means;
they say nothing (as git dates do) and take no data.

Dates are author dates, ``YYYY-MM-DD`` in the author's own time zone (as
``git log --date=short`` shows them, the same on every machine).  Renames
are not followed (``--no-renames``).  Merge commits list no files.
"""

from __future__ import annotations

import os
import pickle
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx_rfc import _atomic, devices
from sphinx_rfc._gitstamp import git_dir, repository_stamp

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: Seconds a git process may take before its output is given up.
TIMEOUT = 120

_START = "\x01"  # starts each commit's record in the log
_END = "\x02"  # ends its message; the files it touched follow

_HEX = frozenset("0123456789abcdef")


@dataclass(frozen=True, slots=True)
class Commit:
    """One commit of the log."""

    #: Full hash.
    sha: str
    #: Author date, ``YYYY-MM-DD``.
    date: str
    #: Author name as git has it.
    author: str
    #: The whole message (subject, blank line, body), trailing newlines cut.
    message: str
    #: Files it touched, posix paths relative to the top of the work tree.
    files: tuple[str, ...]

    @property
    def subject(self) -> str:
        """The message's first line."""
        return self.message.partition("\n")[0].strip()


@dataclass(frozen=True, slots=True)
class RepositoryLog:
    """The commits of one build, and where the source folder lies in them."""

    #: Top folder of the work tree (None: no repository).
    top: Path | None
    #: The source folder relative to *top*, posix, ``""`` at the top itself.
    srcdir_prefix: str
    #: Newest first.
    commits: tuple[Commit, ...]
    #: True when the log covers the whole work tree, not only the source folder.
    whole_tree: bool = False

    def source_path(self, path: str) -> str | None:
        """*path* (relative to the top) relative to the source folder, or
        None when it lies outside it."""
        prefix = self.srcdir_prefix
        if not prefix:
            return path
        if path.startswith(prefix + "/"):
            return path[len(prefix) + 1:]
        return None

    def top_path(self, source_path: str) -> str:
        """*source_path* (relative to the source folder) relative to the top."""
        return f"{self.srcdir_prefix}/{source_path}" if self.srcdir_prefix else source_path

    def by_source_file(self) -> dict[str, list[Commit]]:
        """``source path -> commits touching it``, newest first, for every
        file under the source folder."""
        found: dict[str, list[Commit]] = {}
        for commit in self.commits:
            for path in commit.files:
                relative = self.source_path(path)
                if relative is not None:
                    found.setdefault(relative, []).append(commit)
        return found


EMPTY = RepositoryLog(top=None, srcdir_prefix="", commits=())


def work_tree_top(start: str | os.PathLike[str]) -> Path | None:
    """The top folder of the work tree around *start* (the folder holding
    ``.git``), told without running git; None outside a repository."""
    folder = Path(start).resolve()
    if git_dir(folder) is None:
        return None
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None  # pragma: no cover - git_dir found one above


def _git_env() -> dict[str, str]:
    # git's messages in any language are ignored; only its exit code counts
    return {**os.environ, "LC_ALL": "C", "GIT_TERMINAL_PROMPT": "0"}


def log_command(top: str | os.PathLike[str], pathspec: str = ".") -> list[str]:
    """The one ``git log``: every commit touching *pathspec* (relative to
    *top*), newest first, NUL separated."""
    return [
        "git",
        # settings a user may have that would change the output
        "-c", "log.showSignature=false",
        "-c", "core.quotePath=false",
        "-c", "i18n.logOutputEncoding=UTF-8",
        "-C", os.fspath(top),
        "log",
        "--no-color",
        f"--format=format:{_START}%H%x00%ad%x00%an%x00%B{_END}",
        "--date=short",
        "--name-only",
        "--no-renames",
        "-z",
        "--",
        pathspec,
    ]


def parse_log(output: str) -> tuple[Commit, ...]:
    """The commits of :func:`log_command`'s output; a record not of that
    shape (a message holding the separators) is skipped."""
    commits: list[Commit] = []
    for record in output.split(_START):
        head, end, names = record.partition(_END)
        if not end:
            continue
        parts = head.split("\0", 3)
        if len(parts) != 4:
            continue
        sha, date, author, message = parts
        if len(sha) != 40 or not _HEX.issuperset(sha):
            continue
        files = tuple(
            name.strip("\n") for name in names.split("\0") if name.strip("\n")
        )
        commits.append(Commit(sha, date.strip(), author.strip(), message.rstrip("\n"), files))
    return tuple(commits)


def repository_log(srcdir: str | os.PathLike[str], *, whole_tree: bool = False) -> RepositoryLog:
    """The log of the repository around *srcdir*: commits touching the
    source folder, or every commit of the work tree with *whole_tree*.
    :data:`EMPTY` when git cannot tell."""
    top = work_tree_top(srcdir)
    if top is None:
        return EMPTY
    try:
        prefix = Path(srcdir).resolve().relative_to(top).as_posix()
    except ValueError:
        return EMPTY
    prefix = "" if prefix == "." else prefix
    pathspec = "." if whole_tree or not prefix else prefix
    try:
        done = subprocess.run(
            log_command(top, pathspec),
            capture_output=True,
            check=False,
            timeout=TIMEOUT,
            stdin=subprocess.DEVNULL,
            env=_git_env(),
        )
    except (OSError, subprocess.SubprocessError):  # no git binary, timeout
        return RepositoryLog(top, prefix, (), whole_tree)
    if done.returncode != 0:  # not a repository, no commit yet, ...
        return RepositoryLog(top, prefix, (), whole_tree)
    commits = parse_log(done.stdout.decode("utf-8", errors="surrogateescape"))
    return RepositoryLog(top, prefix, commits, whole_tree)


def read_blobs(
    top: str | os.PathLike[str] | None, wanted: Iterable[tuple[str, str]]
) -> dict[tuple[str, str], str | None]:
    """The text of each ``(commit, path)`` of *wanted* (path relative to
    *top*), read by one ``git cat-file --batch``; None for a file missing
    at that commit or not readable as text."""
    keys = list(dict.fromkeys(wanted))
    found: dict[tuple[str, str], str | None] = dict.fromkeys(keys)
    if top is None or not keys:
        return found
    # a path with a newline cannot be asked for on one line: left None
    asked = [key for key in keys if "\n" not in key[1] and "\n" not in key[0]]
    request = "".join(f"{sha}:{path}\n" for sha, path in asked).encode("utf-8", "surrogateescape")
    try:
        done = subprocess.run(
            ["git", "-C", os.fspath(top), "cat-file", "--batch"],
            input=request,
            capture_output=True,
            check=False,
            timeout=TIMEOUT,
            env=_git_env(),
        )
    except (OSError, subprocess.SubprocessError):
        return found
    if done.returncode != 0:
        return found
    out = done.stdout
    at = 0
    for key in asked:
        line_end = out.find(b"\n", at)
        if line_end < 0:
            break
        header = out[at:line_end].split()
        at = line_end + 1
        # "<sha> blob <size>", or "<object> missing" / "ambiguous"
        if len(header) != 3 or not header[2].isdigit():
            continue
        size = int(header[2])
        body = out[at:at + size]
        at += size + 1  # the content is followed by a newline
        if header[1] != b"blob":
            continue
        try:
            found[key] = body.decode("utf-8")
        except UnicodeDecodeError:
            found[key] = None
    return found


# --------------------------------------------------------------------------
# In the build

#: Where a build keeps its log: on the application, never pickled (parallel
#: read workers are forked after the log is made and inherit it).
_APP_KEY = "_sphinx_rfc_repository_log"

#: Readers that need commits outside the source folder register here (a
#: predicate of the application), so the one log covers the whole tree.
_WHOLE_TREE_WANTED: list[WholeTreeTest] = []

if TYPE_CHECKING:
    from collections.abc import Callable

    WholeTreeTest = Callable[[Sphinx], bool]


def want_whole_tree(test: WholeTreeTest) -> None:
    """Register *test*: when it is true for a build, the build's log covers
    the whole work tree (commits that touch code, not only documents)."""
    if test not in _WHOLE_TREE_WANTED:
        _WHOLE_TREE_WANTED.append(test)


def wanted_scope(app: Sphinx) -> bool:
    """True when some reader of this build needs the whole work tree."""
    return any(test(app) for test in _WHOLE_TREE_WANTED)


#: Set on the application when a build starts (:func:`on_build_starts`):
#: the next :func:`build_log` tells whether the repository changed.
_CHECK_KEY = "_sphinx_rfc_repository_log_check"


def build_log(app: Sphinx) -> RepositoryLog:
    """This build's log: one ``git log``, run again only when the
    repository changed since it was run (:func:`repository_stamp`, told
    without running git, once per build: the readers of each document take
    the build's log as it is) or a reader now wants the whole work tree.
    Callers decide whether they want it at all."""
    cached: tuple[object, RepositoryLog] | None = app.__dict__.get(_APP_KEY)
    whole = wanted_scope(app)
    # (no repository, EMPTY: the whole work tree's log is EMPTY too)
    if cached is not None and (cached[1].whole_tree or cached[1] is EMPTY or not whole):
        if not app.__dict__.get(_CHECK_KEY):
            return cached[1]
        stamp = repository_stamp(app.srcdir)
        app.__dict__[_CHECK_KEY] = False
        if stamp is not None and cached[0] == stamp:
            return cached[1]
    else:
        stamp = repository_stamp(app.srcdir)
        app.__dict__[_CHECK_KEY] = False
    key = (_KEPT_FORMAT, stamp, os.fspath(app.srcdir), whole)
    log = _kept_log(app, key)
    if log is None:
        log = repository_log(app.srcdir, whole_tree=whole)
        _keep_log(app, key, log)
    app.__dict__[_APP_KEY] = (stamp, log)
    return log


#: The log kept from one build to the next (``devices.GIT_LOG_KEPT``), in
#: the doctree folder, under its key: the repository's stamp (the same
#: stamp, the same history: :func:`repository_stamp`), the source folder
#: and the scope.  A rebuild after an edit, the repository unchanged, runs
#: no ``git log`` (on a repository of 1,000 commits, about 0.09 s of CPU).
_KEPT_FILE = "sphinx-rfc-git-log.pickle"
_KEPT_FORMAT = 1


def _kept_log(app: Sphinx, key: tuple[object, ...]) -> RepositoryLog | None:
    if not devices.GIT_LOG_KEPT or not key[1]:  # (no repository: nothing to run)
        return None
    try:
        with (Path(app.doctreedir) / _KEPT_FILE).open("rb") as stream:
            if pickle.load(stream) != key:
                return None
            log = pickle.load(stream)
    except Exception:  # missing, unreadable, of older code: made again
        return None
    return log if isinstance(log, RepositoryLog) else None


def _keep_log(app: Sphinx, key: tuple[object, ...], log: RepositoryLog) -> None:
    if not devices.GIT_LOG_KEPT or not key[1]:
        return
    path = Path(app.doctreedir) / _KEPT_FILE
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _atomic.open_atomic(path) as stream:
            pickle.dump(key, stream, protocol=pickle.HIGHEST_PROTOCOL)
            pickle.dump(log, stream, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # (a read-only folder, a full disk): made again next build
        pass


def on_build_starts(app: Sphinx, *args: object) -> list[str]:
    """``env-get-outdated``, before the readers' own handlers: the next
    :func:`build_log` of this build checks the repository's stamp (no
    document is outdated by this)."""
    app.__dict__[_CHECK_KEY] = True
    return []
