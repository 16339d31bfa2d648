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
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: The package whose code reads the project: a change of it starts afresh.
PACKAGE = Path(__file__).parent.parent


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
def work_folder(srcdir: Path, cache: bool) -> Iterator[tuple[Path, bool]]:
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


def changed_since(folder: Path, srcdir: Path) -> tuple[dict[str, list[int]], set[str] | None]:
    """The project's manifest now, and the files whose size or time differ
    from the last read (``None``: start afresh).  Sphinx re-reads a document
    only when its file is newer than the last read; a file put back with an
    older time (a copy that keeps times, a restored backup) is caught here."""
    now = _manifest(srcdir)
    try:
        before = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
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
