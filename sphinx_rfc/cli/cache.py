"""The kept environment of ``sphinx-rfc`` (docs/reference/cli.md,
``--no-cache``): where it lives, how it is locked, and which documents the
next read must read again.

The environment of the last read is kept in the system's temporary folder,
one folder per project and per version of the code reading it, so a second
check reads only the documents that changed, as an incremental build does.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: The package whose code reads the project: a change of it starts afresh.
PACKAGE = Path(__file__).parent.parent

#: The files of the project as the kept environment read them.
MANIFEST = "manifest.json"


@dataclass
class Workspace:
    """The folder one read works in: the kept environment, or a fresh
    temporary folder thrown away after the read."""

    folder: Path
    #: The folder is the kept environment (locked for this process).
    cached: bool
    #: The project's files now (kept environment only): stored with the
    #: environment once it is read, to compare the next read with.
    manifest: dict[str, list[int]] = field(default_factory=dict)
    #: The files changed since the last read; ``None``: read every document.
    changed: set[str] | None = None

    @property
    def out(self) -> Path:
        """The builder's output folder (the ``dummy`` builder writes nothing)."""
        return self.folder / "out"

    @property
    def doctrees(self) -> Path:
        """Sphinx's doctree folder, where it keeps its environment too."""
        return self.folder / "doctrees"

    @property
    def envfile(self) -> Path:
        """The pickled environment Sphinx starts from when it exists."""
        from sphinx.application import ENV_PICKLE_FILENAME

        return self.doctrees / ENV_PICKLE_FILENAME


@contextmanager
def open_workspace(srcdir: Path, cache: bool) -> Iterator[Workspace]:
    """The workspace of one read of *srcdir* (see :func:`_work_folder`),
    and, for the kept environment, what changed since the last read."""
    with _work_folder(srcdir, cache) as (folder, cached):
        work = Workspace(folder, cached)
        if cached:
            work.manifest, work.changed = _changed_since(folder, srcdir)
            # Until this read is kept whole there is no manifest, so a read
            # that fails or is interrupted makes the next one start afresh.
            (folder / MANIFEST).unlink(missing_ok=True)
            if work.changed is None:
                # no last read to compare with: nothing kept can be trusted
                work.envfile.unlink(missing_ok=True)
        yield work


def keep(env: BuildEnvironment, work: Workspace) -> None:
    """Store the environment just read, and the manifest it was read from."""
    with work.envfile.open("wb") as handle:
        pickle.dump(env, handle, pickle.HIGHEST_PROTOCOL)
    (work.folder / MANIFEST).write_text(json.dumps(work.manifest), encoding="utf-8")


def discard(work: Workspace) -> None:
    """Forget the environment after a failed read: the next starts afresh."""
    work.envfile.unlink(missing_ok=True)


def _cache_key(srcdir: Path) -> str:
    """The project's folder and the code reading it: a change of either
    starts a fresh environment."""
    import sphinx

    stamp = max((f.stat().st_mtime_ns for f in PACKAGE.rglob("*.py")), default=0)
    text = "\0".join([
        str(srcdir.resolve()), sys.version, sphinx.__version__, str(stamp), sys.executable,
    ])
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:20]


@contextmanager
def _work_folder(srcdir: Path, cache: bool) -> Iterator[tuple[Path, bool]]:
    """``(folder, cached)``: the project's cache folder in the system's
    temporary folder, locked for this process, when *cache* and it can be
    locked; else a fresh temporary folder."""
    if cache:
        try:
            import fcntl
        except ImportError:  # not POSIX
            cache = False
    if cache:
        folder = Path(tempfile.gettempdir()) / "sphinx-rfc-cache" / _cache_key(srcdir)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle = (folder / "lock").open("w")
        except OSError:
            cache = False
        else:
            with handle:
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:  # another check of this project is running
                    cache = False
                else:
                    yield folder, True
                    return
    with tempfile.TemporaryDirectory(prefix="sphinx-rfc-") as tmp:
        yield Path(tmp), False


def _manifest(srcdir: Path) -> dict[str, list[int]]:
    """``relative path -> [size, mtime_ns]`` of the files of the project
    (hidden folders and ``_build`` left out)."""
    found: dict[str, list[int]] = {}
    for folder, dirs, files in os.walk(srcdir):
        dirs[:] = [d for d in dirs if not d.startswith((".", "_build"))]
        for name in files:
            path = Path(folder) / name
            try:
                stat = path.stat()
            except OSError:
                continue
            found[path.relative_to(srcdir).as_posix()] = [stat.st_size, stat.st_mtime_ns]
    return found


def _changed_since(folder: Path, srcdir: Path) -> tuple[dict[str, list[int]], set[str] | None]:
    """The project's manifest now, and the files whose size or time differ
    from the last read (``None``: start afresh).  Sphinx re-reads a document
    only when its file is newer than the last read; a file put back with an
    older time (a copy that keeps times, a restored backup) is caught here."""
    now = _manifest(srcdir)
    try:
        before = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return now, None
    changed = {path for path, stamp in now.items() if before.get(path, stamp) != stamp}
    return now, changed


def outdated_by(changed: set[str], srcdir: Path) -> Any:
    """An ``env-get-outdated`` handler: the documents among *changed*
    files are read again; any other changed file (an included file, an
    image) makes every document be read again."""

    def handler(app: Sphinx, env: Any, added: Any, updated: Any, removed: Any) -> list[str]:
        docnames = []
        for path in changed:
            docname = env.path2doc(str(srcdir / path))
            if docname is None:
                return sorted(env.found_docs)
            docnames.append(docname)
        return docnames

    return handler
