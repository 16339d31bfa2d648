"""The kept environment of ``sphinx-rfc`` (docs/reference/cli.md,
``--no-cache``; docs/reference/security.md): where it lives, who may have
written it, how it is locked, and which documents the next read must read
again.

The environment of the last read is kept in the user's cache folder, one
folder per project and per version of the code reading it, so a second
check reads only the documents that changed, as an incremental build does.

The environment is a pickle, and unpickling runs code: whoever can write
the cache can run code as the user who reads it.  So the cache is the
user's own folder (:func:`cache_root`), made 0700, and used only while it
and everything in it belongs to the user and nobody else can write it;
otherwise the command reads without it and says so.  The environment is
handed to Sphinx only when its digest is the one this code recorded after
the last read, and anything unreadable in the cache is thrown away and
read again, never an error.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import pickle
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx_rfc._atomic import clean_leftovers, is_temporary, write_bytes
from sphinx_rfc.spec.messages import _

if TYPE_CHECKING:
    from sphinx.environment import BuildEnvironment

#: The package whose code reads the project: a change of it starts afresh.
PACKAGE = Path(__file__).parent.parent

#: The files of the project as the kept environment read them, and the
#: digest of that environment.
MANIFEST = "manifest.json"
#: The manifest's layout; another one (an older version's) is not read.
MANIFEST_FORMAT = 1
#: The file locked while a read uses the folder.
LOCK = "lock"
#: The folders Sphinx writes into (see :class:`Workspace`).
SUBFOLDERS = ("doctrees", "out")

#: Write permission for anyone but the owner.
_OTHERS_WRITE = stat.S_IWGRP | stat.S_IWOTH


class CacheRefusedError(Exception):
    """The cache cannot be trusted or used; the message says why."""


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
    """The workspace of one read of *srcdir*: the project's kept
    environment, locked for this process, when *cache* and it can be used
    (and what changed since the last read); else a fresh temporary folder."""
    cache = cache and os.name == "posix"  # no locking elsewhere: no cache
    manifest = _manifest(srcdir) if cache else {}
    with _locked_cache(srcdir, manifest) if cache else nullcontext() as found:
        if found is not None:
            folder, changed = found
            yield Workspace(folder, True, manifest, changed)
            return
    with tempfile.TemporaryDirectory(prefix="sphinx-rfc-") as tmp:
        yield Workspace(Path(tmp), False)


def store_environment(env: BuildEnvironment, work: Workspace) -> None:
    """Store the environment just read, and the manifest it was read from
    (last: until it is written the cache holds no read to start from)."""
    try:
        for folder in (work.folder, work.envfile.parent):
            clean_leftovers(folder)  # (what a killed run left)
        data = pickle.dumps(env, pickle.HIGHEST_PROTOCOL)
        _write_private(work.envfile, data)
        _tighten(work.folder)
        manifest = {
            "format": MANIFEST_FORMAT,
            "environment": hashlib.sha256(data).hexdigest(),
            "files": work.manifest,
        }
        _write_private(work.folder / MANIFEST, json.dumps(manifest).encode("utf-8"))
    except (OSError, pickle.PickleError) as exc:
        # the read itself went well: only the next one starts afresh
        _note(_("cannot keep the cache: {reason}").format(reason=_reason(exc)))
        discard_environment(work)


def discard_environment(work: Workspace) -> None:
    """Forget the environment after a failed read: the next starts afresh."""
    with suppress(OSError):
        work.envfile.unlink(missing_ok=True)


def cache_root() -> Path:
    """The user's cache folder of ``sphinx-rfc``, made (0700) when missing:
    ``$XDG_CACHE_HOME/sphinx-rfc`` or ``~/.cache/sphinx-rfc``; when that
    cannot be made, ``sphinx-rfc-<uid>`` in the temporary folder.  Not
    checked yet: see :func:`_check_folder`."""
    try:
        base = _cache_base()
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        root = base / "sphinx-rfc"
        _make_folder(root)
    except (OSError, RuntimeError):  # no home, or a read-only one
        root = Path(tempfile.gettempdir()) / f"sphinx-rfc-{os.getuid()}"
        _make_folder(root)
    return root


def _cache_base() -> Path:
    """``$XDG_CACHE_HOME`` when it is an absolute path (a relative one is
    to be ignored), else ``~/.cache``."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg)
    return Path.home() / ".cache"


@contextmanager
def _locked_cache(
    srcdir: Path, now: dict[str, list[int]]
) -> Iterator[tuple[Path, set[str] | None] | None]:
    """``(folder, changed)`` of the project's kept environment, locked for
    this process; ``None`` when another run of the project holds it, or
    when it is refused (said on standard error)."""
    import fcntl

    fd: int | None = None
    found: tuple[Path, set[str] | None] | None = None
    try:
        folder = _project_folder(srcdir)
        fd = _open_lock(folder)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another check of this project is running
            pass
        else:
            found = folder, _last_read(folder, now)
    except (CacheRefusedError, OSError) as exc:
        _note(_("not using the cache: {reason}; reading every document").format(
            reason=_reason(exc)))
    try:
        yield found
    finally:
        if fd is not None:
            os.close(fd)


def _project_folder(srcdir: Path) -> Path:
    """The checked folder of *srcdir*'s kept environment, made if missing."""
    root = cache_root()
    _check_folder(root)
    _check_parent(root.parent, root.name)
    folder = root / _cache_key(srcdir)
    _make_folder(folder)
    _check_folder(folder)
    return folder


def _make_folder(path: Path) -> None:
    """Make the folder *path*, for its owner only, unless it exists."""
    with suppress(FileExistsError):
        os.mkdir(path, 0o700)


def _check_folder(path: Path) -> None:
    """Refuse *path* unless it is a folder (not a link to one) of this user
    that nobody else can write."""
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        raise CacheRefusedError(_("{path} is a symbolic link").format(path=path))
    if not stat.S_ISDIR(info.st_mode):
        raise CacheRefusedError(_("{path} is not a folder").format(path=path))
    if info.st_uid != os.getuid():
        raise CacheRefusedError(_("{path} belongs to another user (uid {uid})").format(
                    path=path, uid=info.st_uid))
    if info.st_mode & _OTHERS_WRITE:
        raise CacheRefusedError(_("{path} can be written by other users ({mode})").format(
            path=path, mode=stat.filemode(info.st_mode)))


def _check_parent(parent: Path, name: str) -> None:
    """Refuse a cache whose folder another user could rename and replace:
    its parent is theirs, or anyone may write it without the sticky bit
    (``/tmp`` has it)."""
    info = os.stat(parent)
    open_to_all = info.st_mode & stat.S_IWOTH and not info.st_mode & stat.S_ISVTX
    if info.st_uid not in (os.getuid(), 0) or open_to_all:
        raise CacheRefusedError(_("{parent} lets other users replace {name} in it").format(
            parent=parent, name=name))


def _open_lock(folder: Path) -> int:
    """The lock file's descriptor, opened without following a link; an
    entry of this user that is no plain file is replaced once."""
    path = folder / LOCK
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
    for attempt in (1, 2):
        try:
            fd = os.open(path, flags, 0o600)
        except OSError as exc:
            if attempt == 2 or exc.errno not in (errno.ELOOP, errno.EISDIR):
                raise
        else:
            info = os.fstat(fd)
            if stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid():
                return fd
            os.close(fd)
            if info.st_uid != os.getuid():
                raise CacheRefusedError(_("{path} belongs to another user (uid {uid})").format(
                    path=path, uid=info.st_uid))
        _remove(path)
    raise CacheRefusedError(_("{path} is not a plain file").format(path=path))


def _last_read(folder: Path, now: dict[str, list[int]]) -> set[str] | None:
    """The files among *now* changed since the read kept in *folder*
    (``None``: read everything).  Anything unreadable or untrusted in the
    folder is thrown away first (said on standard error); an entry of
    another user refuses the cache (:class:`CacheRefusedError`)."""
    loose = _inspect(folder)
    before: dict[str, Any] | None = None
    damage: str | None = None
    # no manifest: no read kept, or the last one failed; start afresh, silently
    if os.path.lexists(folder / MANIFEST):
        before, damage = (None, loose) if loose else _read_manifest(folder)
        damage = damage or _environment_damage(folder, before)
    if damage is not None:
        _note(_("the cache in {folder} was unreadable ({damage}); discarded it, reading every "
                "document").format(folder=folder, damage=damage))
    if before is None or damage is not None:
        _clear(folder)
    else:
        # until this read is kept whole there is no manifest, so a read
        # that fails or is interrupted makes the next one start afresh
        (folder / MANIFEST).unlink()
    for name in SUBFOLDERS:
        _make_folder(folder / name)
    if before is None or damage is not None:
        return None
    files: dict[str, list[int]] = before["files"]
    return {path for path, stamp in now.items() if files.get(path, stamp) != stamp}


def _inspect(folder: Path) -> str | None:
    """What in *folder* cannot be trusted: an entry of another user refuses
    the cache; a link, a special file or an entry others may write (the
    user's own) is returned, to be thrown away."""
    uid = os.getuid()
    loose: str | None = None

    def fail(exc: OSError) -> None:
        raise exc

    for top, folders, files in os.walk(folder, onerror=fail):
        for name in (*folders, *files):
            path = os.path.join(top, name)
            info = os.lstat(path)
            if info.st_uid != uid:
                raise CacheRefusedError(_("{path} belongs to another user (uid {uid})").format(
                    path=path, uid=info.st_uid))
            if loose is not None:
                continue
            if not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):
                loose = _("{path} is not a plain file or folder").format(path=path)
            elif info.st_mode & _OTHERS_WRITE and name != LOCK:
                loose = _("{path} can be written by other users").format(path=path)
    return loose


def _read_manifest(folder: Path) -> tuple[dict[str, Any] | None, str | None]:
    """``(manifest, None)``, or ``(None, damage)`` when it cannot be read."""
    try:
        data = json.loads((folder / MANIFEST).read_bytes())
    except OSError as exc:
        return None, f"{MANIFEST}: {exc.strerror}"
    except ValueError:  # not JSON, not UTF-8
        return None, _("{name} is not JSON").format(name=MANIFEST)
    if not _is_manifest(data):
        return None, _("{name} is not a manifest of this version").format(name=MANIFEST)
    return data, None


def _is_manifest(data: Any) -> bool:
    """*data* is what :func:`store_environment` writes."""
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
        return False
    files = data.get("files")
    return isinstance(data.get("environment"), str) and isinstance(files, dict) and all(
        isinstance(stamp, list) and len(stamp) == 2 and all(type(n) is int for n in stamp)
        for stamp in files.values()
    )


def _environment_damage(folder: Path, manifest: dict[str, Any] | None) -> str | None:
    """Why the kept environment is not the one *manifest* recorded, if so:
    Sphinx would unpickle whatever it finds."""
    from sphinx.application import ENV_PICKLE_FILENAME

    if manifest is None:
        return None
    for name in SUBFOLDERS:
        path = folder / name
        if path.exists() and not path.is_dir():
            return _("{path} is not a folder").format(path=path)
    envfile = folder / "doctrees" / ENV_PICKLE_FILENAME
    try:
        data = envfile.read_bytes()
    except OSError as exc:
        return f"{envfile}: {exc.strerror}"
    if hashlib.sha256(data).hexdigest() != manifest["environment"]:
        return _("{path} is not the environment last kept").format(path=envfile)
    return None


def _clear(folder: Path) -> None:
    """Everything in *folder* but the lock removed (links, not what they
    point at)."""
    for entry in os.scandir(folder):
        if entry.name != LOCK:
            _remove(Path(entry.path))


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def _write_private(path: Path, data: bytes) -> None:
    """Write *data* as *path*, for its owner only, whole or not at all;
    never through a link (the rename replaces a link, it does not follow it)."""
    write_bytes(path, data, mode=0o600)


def _tighten(folder: Path) -> None:
    """Folders 0700 and files 0600 below *folder*: Sphinx writes the
    doctrees with the user's umask, often group-writable."""
    for top, folders, files in os.walk(folder):
        for names, mode in ((folders, 0o700), (files, 0o600)):
            for name in names:
                path = os.path.join(top, name)
                info = os.lstat(path)
                if not stat.S_ISLNK(info.st_mode) and stat.S_IMODE(info.st_mode) != mode:
                    os.chmod(path, mode)


def _reason(exc: BaseException) -> str:
    """*exc* in a few words: the file and why, for an OSError."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    return str(exc)


def _note(message: str) -> None:
    print(_("sphinx-rfc: {message}").format(message=message), file=sys.stderr)


def _cache_key(srcdir: Path) -> str:
    """The project's folder and the code reading it: a change of either
    starts a fresh environment."""
    import sphinx

    stamp = max((f.stat().st_mtime_ns for f in PACKAGE.rglob("*.py")), default=0)
    text = "\0".join([
        str(srcdir.resolve()), sys.version, sphinx.__version__, str(stamp), sys.executable,
    ])
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:20]


def _manifest(srcdir: Path) -> dict[str, list[int]]:
    """``relative path -> [size, mtime_ns]`` of the files of the project
    (hidden folders and ``_build`` left out)."""
    found: dict[str, list[int]] = {}
    for folder, dirs, files in os.walk(srcdir):
        dirs[:] = [d for d in dirs if not d.startswith((".", "_build"))]
        for name in files:
            if is_temporary(name):  # a file being written, or a leftover
                continue
            path = Path(folder) / name
            try:
                info = path.stat()
            except OSError:
                continue
            found[path.relative_to(srcdir).as_posix()] = [info.st_size, info.st_mtime_ns]
    return found


# --------------------------------------------------------------------------
# The replay of a check (docs/reference/cli.md, "What is kept")

#: The outputs of the last checks of a project, in its cache folder.
REPLAY = "replay.json"
#: How many different checks (commands) of one project are kept.
REPLAY_KEPT = 8
#: The locale variables: the language a check speaks in may follow them.
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def replay_key(srcdir: Path, command: list[str]) -> str | None:
    """The digest of what the output of *command* (a check of *srcdir*)
    depends on, besides the files it read outside the project (stored with
    the output): the project's files (:func:`_manifest`), the repository
    (:func:`~sphinx_rfc._gitstamp.repository_stamp`), the code reading it,
    the working folder, the locale and the build's date (``rfc.stale-review``
    comes due with the days).  None when the cache cannot be used."""
    from sphinx_rfc._gitstamp import repository_stamp
    from sphinx_rfc.model.history import build_date

    if os.name != "posix":
        return None
    stamp = repository_stamp(srcdir)
    if stamp is None:
        return None
    code = max((f.stat().st_mtime_ns for f in PACKAGE.rglob("*") if f.is_file()), default=0)
    text = json.dumps([
        command, os.getcwd(), _cache_key(srcdir), code, list(stamp), _manifest(srcdir),
        [os.environ.get(name) for name in _LOCALE_VARIABLES], build_date().isoformat(),
    ])
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()


def replayed(srcdir: Path, key: str) -> dict[str, Any] | None:
    """The output kept for *key* (``stdout``, ``stderr``, ``code``), when the
    files it read outside the project are as they were; else None (and
    None, silently, when the cache cannot be used or the file is damaged)."""
    try:
        folder = _project_folder(srcdir)
        entries = json.loads((folder / REPLAY).read_bytes())
    except (CacheRefusedError, OSError, ValueError):
        return None
    if not isinstance(entries, list):
        return None
    for entry in entries:
        if (isinstance(entry, dict) and entry.get("key") == key and _same_files(entry)
                and all(isinstance(entry.get(k), t) for k, t in
                        (("stdout", str), ("stderr", str), ("code", int)))):
            return entry
    return None


def keep_replay(srcdir: Path, key: str, files: list[str], output: tuple[str, str, int]) -> None:
    """Keep the *output* of the check whose key is *key*, with the stamps of
    the *files* outside the project it read; the oldest of more than
    :data:`REPLAY_KEPT` checks is forgotten.  Failing to keep it is silent."""
    stdout, stderr, code = output
    entry = {"key": key, "files": {path: _stamp(path) for path in sorted(files)},
             "stdout": stdout, "stderr": stderr, "code": code}
    try:
        folder = _project_folder(srcdir)
        try:
            before = json.loads((folder / REPLAY).read_bytes())
        except (OSError, ValueError):
            before = []
        kept = [e for e in before if isinstance(e, dict) and e.get("key") != key]
        data = json.dumps([entry, *kept[: REPLAY_KEPT - 1]], ensure_ascii=False)
        _write_private(folder / REPLAY, data.encode("utf-8", "surrogateescape"))
    except (CacheRefusedError, OSError):
        pass


def _stamp(path: str) -> list[int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns]


def _same_files(entry: dict[str, Any]) -> bool:
    files = entry.get("files")
    return isinstance(files, dict) and all(
        _stamp(path) == stamp for path, stamp in files.items()
    )
