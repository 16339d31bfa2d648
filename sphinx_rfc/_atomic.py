"""Files written whole or not at all: every file the commands write into a
project (``new``, ``status``, ``import``) and every file the build writes
outside Sphinx's own output (``rfcs.json``, the caches, the static files).

A file is written to a temporary file in the same folder, flushed and
synced to disk, then renamed over the target (:func:`os.replace`), so the
target is at any moment either its old bytes or its new bytes, even when
the process is killed or the machine stops.  A file that must never
replace another (``sphinx-rfc new``) is hard-linked to its name instead of
renamed: the link fails when the name exists (see :func:`write_bytes`).

A temporary file is named ``.<name>.sphinx-rfc-<random>.tmp``: hidden, and
with a suffix no reader takes for a source (Sphinx reads only its source
suffixes, the command's scans only ``.md``, ``.rst`` and ``.txt``).  It is
removed on every way out of the write, ``KeyboardInterrupt`` included; one
left by a killed process is removed by the next command or build that
writes into its folder (:func:`clean_leftovers`).  While it is written the
temporary file holds a lock (``flock``, where the system has it) from just
after its creation until it is renamed, so that a concurrent writer's file
is never taken for a leftover; one removed by a cleaner in the instant
between its creation and its lock is made again (the cleaner removes only
while holding the lock, so the writer sees it removed once it locks).

:data:`hook` is called at each step of a write, for the tests to stop a
write there (docs/reference/security.md, "Guarantees").
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO, Literal

try:
    import fcntl
except ImportError:  # (Windows: leftovers are recognised by their age)
    fcntl = None  # type: ignore[assignment]

#: The steps of a write, in order: the temporary file exists (empty), the
#: data is written (not yet synced), it is synced, the target is renamed
#: (or linked) and the temporary file not yet removed.
Step = Literal["created", "written", "synced", "renamed"]

#: Called as ``hook(step, target)`` at each step of every write (None: not
#: called).  A test sets it to raise, standing in for a kill at that step.
hook: Callable[[Step, Path], None] | None = None

#: What marks a temporary file of this package (with the leading ``.`` and
#: the ``.tmp`` suffix).
MARK = ".sphinx-rfc-"
SUFFIX = ".tmp"
#: Where no lock tells a live writer from a dead one, a temporary file
#: older than this is a leftover.
_STALE_SECONDS = 3600.0
#: How many times a temporary file is made again when a cleaner removed it
#: between its creation and its lock.
_ATTEMPTS = 8
#: A temporary file's name keeps at most this many characters of the
#: target's (file names are limited to 255 bytes).
_NAME_KEPT = 120
#: Not inherited by child processes (where the system has the flag).
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
#: Binary mode (Windows: no newline translation by the system).
_BINARY = getattr(os, "O_BINARY", 0)


def _step(step: Step, path: Path) -> None:
    if hook is not None:
        hook(step, path)


def is_temporary(name: str) -> bool:
    """Whether *name* is one of this package's temporary files."""
    return name.startswith(".") and name.endswith(SUFFIX) and MARK in name


def _temporary_name(path: Path) -> str:
    return f".{path.name[:_NAME_KEPT]}{MARK}{secrets.token_hex(4)}{SUFFIX}"


def _lock(fd: int, *, wait: bool) -> bool:
    """Lock the open file *fd*; False when another process holds it."""
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except OSError:
        return False
    return True


def clean_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary files a killed writer left in *folder* (not
    those a live one is writing); the paths removed."""
    removed: list[Path] = []
    try:
        entries = [e for e in os.scandir(folder) if is_temporary(e.name)]
    except OSError:  # no folder (yet), or not readable: nothing to clean
        return removed
    for entry in entries:
        path = Path(entry.path)
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | _CLOEXEC)
        except OSError:
            continue  # gone already, or a link: not ours
        try:
            if fcntl is None:
                dead = time.time() - os.fstat(fd).st_mtime > _STALE_SECONDS
            else:
                dead = _lock(fd, wait=False)
            if dead:
                path.unlink(missing_ok=True)
                removed.append(path)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def sync_folder(folder: Path) -> None:
    """Sync *folder*'s entries (the renames) to disk, where folders can be
    opened (not on Windows): after it, the new files survive a power cut
    (before it, the old or the new ones do)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _mode(path: Path, mode: int | None) -> int:
    """The permissions of the new file: *mode*, else the old file's, else
    those the umask gives a new file."""
    if mode is not None:
        return mode
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


class AtomicFile:
    """A temporary file beside *path* that becomes *path* on
    :meth:`commit`, or disappears on :meth:`discard` (call one of them:
    ``with`` does, committing unless the block raises)."""

    def __init__(self, path: Path, *, mode: int | None = None) -> None:
        self.path = Path(path)
        self.mode = _mode(self.path, mode)
        fd = self._create()
        try:
            self.stream: BinaryIO = os.fdopen(fd, "wb")
        except BaseException:
            os.close(fd)
            self.temporary.unlink(missing_ok=True)
            raise
        try:
            _step("created", self.path)
        except BaseException:
            self.discard()
            raise

    def _create(self) -> int:
        """Create and lock the temporary file; its descriptor.  Between the
        creation and the lock another run's :func:`clean_leftovers` may
        take it for a leftover and remove it (holding its lock while it
        does): a file found removed once locked is made again, under
        another name."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC | _BINARY
        for _attempt in range(_ATTEMPTS):
            self.temporary = self.path.with_name(_temporary_name(self.path))
            fd = os.open(self.temporary, flags, 0o600)
            try:
                _lock(fd, wait=True)
                if fcntl is None or os.fstat(fd).st_nlink > 0:
                    return fd
            except BaseException:
                os.close(fd)
                self.temporary.unlink(missing_ok=True)
                raise
            os.close(fd)  # (removed by a cleaner: not ours to remove again)
        raise FileNotFoundError(
            f"{self.temporary}: removed by another run as soon as it was made, "
            f"{_ATTEMPTS} times")

    def __enter__(self) -> AtomicFile:
        return self

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()

    def _finish(self) -> None:
        """Write the data out to disk and give the file its mode."""
        self.stream.flush()
        _step("written", self.path)
        os.fsync(self.stream.fileno())
        if hasattr(os, "fchmod"):
            os.fchmod(self.stream.fileno(), self.mode)
        _step("synced", self.path)

    def commit(self, *, replace: bool = True, sync: bool = True) -> None:
        """Make the file *path*: renamed over it (*replace*), or linked to
        it, raising :class:`FileExistsError` when *path* exists; the folder
        synced (*sync*; a caller writing many files of one folder syncs it
        once, with :func:`sync_folder`)."""
        try:
            self._finish()
            if replace:
                if fcntl is None:  # (Windows renames no open file)
                    self.stream.close()
                    if not hasattr(os, "fchmod"):
                        os.chmod(self.temporary, self.mode)
                # renamed while still open, so locked: another run's
                # cleaner never takes it for a leftover before it is gone
                os.replace(self.temporary, self.path)
            else:
                self._link()
            _step("renamed", self.path)
            if sync:
                sync_folder(self.path.parent)
        finally:
            self.discard()

    def _link(self) -> None:
        """Give the temporary file the name *path*, never replacing one."""
        try:
            os.link(self.temporary, self.path)
            return
        except FileExistsError:
            raise
        except (OSError, NotImplementedError, AttributeError):
            pass  # a file system without hard links: write the name itself
        data = Path(self.temporary).read_bytes()
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC | _BINARY,
                     self.mode)
        try:
            with os.fdopen(fd, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
        except BaseException:
            # (the name is ours: a half-written file must not stay)
            self.path.unlink(missing_ok=True)
            raise

    def discard(self) -> None:
        """Close and remove the temporary file (nothing else changes)."""
        with contextlib.suppress(OSError):
            self.stream.close()
        with contextlib.suppress(OSError):
            self.temporary.unlink(missing_ok=True)


@contextlib.contextmanager
def open_atomic(path: Path, *, mode: int | None = None) -> Iterator[BinaryIO]:
    """A binary stream whose bytes become *path* when the block ends
    without an exception (the old *path* stays otherwise)."""
    with AtomicFile(path, mode=mode) as file:
        yield file.stream


def write_bytes(path: Path, data: bytes, *, replace: bool = True,
                mode: int | None = None, sync: bool = True) -> None:
    """Write *data* as *path*, whole or not at all.  With *replace* false
    an existing *path* is never replaced (:class:`FileExistsError`); it is
    then hard-linked, and written under its own name only where the file
    system has no hard links (removed again if the write fails)."""
    file = AtomicFile(path, mode=mode)
    try:
        file.stream.write(data)
    except BaseException:
        file.discard()
        raise
    file.commit(replace=replace, sync=sync)


def write_text(path: Path, text: str, *, replace: bool = True,
               mode: int | None = None, sync: bool = True) -> None:
    """:func:`write_bytes` of *text* in UTF-8, as given (no newline
    translation: an edit keeps the file's line endings)."""
    write_bytes(path, text.encode("utf-8"), replace=replace, mode=mode, sync=sync)


def copy_file(source: Path, target: Path) -> bool:
    """Copy *source* to *target* unless it holds the same bytes already
    (the times of *source* given to it, as Sphinx's copies do); whether
    it was written."""
    data = Path(source).read_bytes()
    try:
        if Path(target).read_bytes() == data:
            return False
    except OSError:
        pass
    write_bytes(target, data)
    with contextlib.suppress(OSError):
        info = os.stat(source)
        os.utime(target, ns=(info.st_atime_ns, info.st_mtime_ns))
    return True
