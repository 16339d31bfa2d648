"""Writing a project's source file from a command (``import``, ``status``):
all or nothing, so an interrupted or failed write never leaves half an RFC.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write through a temporary file in the same folder and a rename, so
    the file is either the old one or the new one.  The text is written as
    given (no newline translation: an edit keeps the file's line endings);
    a new file gets the mode the umask gives, an old one keeps its own."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        mode = path.stat().st_mode & 0o777
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
