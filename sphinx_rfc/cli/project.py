"""Reading a project for the ``sphinx-rfc`` commands: finding the Sphinx
source folder and its ``conf.py``, and reading it in-process with Sphinx's
``dummy`` builder into a temporary folder (or the kept environment of
:mod:`sphinx_rfc.cli.cache`): the reading phase runs every directive and
check, and nothing is written.  A source file Sphinx cannot read is a
:class:`CliError` naming it, never a traceback.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx_rfc import _lazy_re, devices
from sphinx_rfc._compat import replaces_undecodable
from sphinx_rfc.cli.cache import Workspace, discard_environment, open_workspace, store_environment
from sphinx_rfc.cli.errors import CliError
from sphinx_rfc.spec.messages import _, series

if TYPE_CHECKING:
    import argparse

    from sphinx.application import Sphinx

#: Folders tried, in order, when no SOURCEDIR is given.
DEFAULT_SOURCEDIRS = (".", "docs", "doc", "source", "docs/source", "doc/source")

_WARNING_LINE = _lazy_re.compile(r"\b(?:WARNING|ERROR|CRITICAL)\b:")
_ANSI = _lazy_re.compile(r"\x1b\[[0-9;]*m")


@dataclass
class Project:
    """A project read with the dummy builder."""

    app: Sphinx
    srcdir: Path
    #: Every warning line Sphinx logged (RFC problems included).
    warnings: list[str]


def find_sourcedir(given: str | None) -> Path:
    """SOURCEDIR, or the first default folder holding a ``conf.py``, or
    the nearest folder above this one holding one (a writer in the RFC
    folder), as a path relative to here."""
    if given is not None:
        path = Path(given)
        if not path.is_dir():
            raise CliError(_("sphinx-rfc: {folder}: no such folder").format(folder=given))
        if not (path / "conf.py").is_file():
            raise CliError(_("sphinx-rfc: {folder}: no conf.py in this folder").format(folder=given))
        return path
    for candidate in DEFAULT_SOURCEDIRS:
        path = Path(candidate)
        if (path / "conf.py").is_file():
            return path
    above = find_conf_upwards(Path.cwd())
    if above is not None:
        return Path(os.path.relpath(above))
    raise CliError(_(
        "sphinx-rfc: no conf.py found here (tried {folders}, and the folders above); give the "
        "Sphinx source folder").format(folders=series(DEFAULT_SOURCEDIRS)))


def add_sourcedir_argument(parser: argparse.ArgumentParser) -> None:
    """The optional SOURCEDIR positional of a command that takes an RFC
    after it (``diff``, ``status``), found as :func:`find_sourcedir` finds it."""
    parser.add_argument("sourcedir", nargs="?",
                        help="the Sphinx source folder (with conf.py); default: found as "
                             "check finds it")


def find_conf_upwards(start: Path) -> Path | None:
    """The nearest folder from *start* upwards that holds a ``conf.py``."""
    current = start.resolve()
    for folder in (current, *current.parents):
        if (folder / "conf.py").is_file():
            return folder
    return None


def default_jobs() -> int:
    """Processes reading the sources by default: the CPUs, at most 8."""
    return max(1, min(os.cpu_count() or 1, 8))


@contextmanager
def read_project(
    srcdir: Path, *, full: bool = False, jobs: int = 1, cache: bool = False
) -> Iterator[Project]:
    """Read the project at *srcdir* quietly with the ``dummy`` builder.

    With *full*, run the whole dummy build (resolving included, so every
    warning a real build gives is seen); else only the reading phase, with
    *jobs* processes when every extension says it is safe for parallel
    reading.  Smart quotes are off: they change no check and cost a tenth
    of the reading time.  With *cache* (reading only), the environment is
    kept in the user's cache folder (:mod:`sphinx_rfc.cli.cache`), so the
    next read of the same project reads only the documents that changed,
    as an incremental build does; the problems of the others are in the
    stored records.

    A Sphinx error, while reading or in the caller's block, is a
    :class:`CliError`; so is a source file that cannot be read.
    """
    from sphinx.errors import SphinxError
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    warning = io.StringIO()
    with open_workspace(srcdir, cache and not full) as work, _own_translations(), keep_sphinx_defaults():
        try:
            with patch_docutils(srcdir), docutils_namespace():
                app = _start_sphinx(srcdir, work, warning, jobs=jobs, full=full)
                try:
                    if full:
                        app.build()
                    else:
                        _read_only(app, work)
                except (UnicodeDecodeError, OSError, SphinxError) as exc:
                    raise _unreadable(app, srcdir, exc) from None
                # (Sphinx 8 read such a file with a warning, "?" for its bytes)
                if warning.getvalue() and replaces_undecodable():
                    found = _undecodable(app, srcdir)
                    if found is not None:
                        raise found
                yield Project(app, srcdir, _warning_lines(warning))
        except SphinxError as exc:
            from sphinx_rfc.cli.conf import error_line

            raise CliError(_("sphinx-rfc: {message}").format(message=error_line(exc, srcdir))) from None


@contextmanager
def keep_sphinx_defaults() -> Iterator[None]:
    """Sphinx's default ``source_suffix`` is one dictionary, and an
    extension that adds a suffix (MyST's ``.md``) adds it to that very
    dictionary: it is put back as it was, so that a later read in the same
    process (a test, an editor's process) of a project without MyST does
    not try to read its ``.md`` files."""
    from sphinx.config import Config

    default = Config.config_values["source_suffix"].default
    saved = dict(default) if isinstance(default, dict) else None
    try:
        yield
    finally:
        if saved is not None and isinstance(default, dict):
            default.clear()
            default.update(saved)


@contextmanager
def _own_translations() -> Iterator[None]:
    """Sphinx keeps each catalog's translations process-wide, and a later
    application with another language only adds a fallback to them: the
    translations as they were are put back, so that what runs after a read
    (a later read, in a test or an editor's process) does not speak the
    language of this project."""
    from sphinx import locale

    saved = dict(locale.translators)
    try:
        yield
    finally:
        locale.translators.clear()
        locale.translators.update(saved)


def _start_sphinx(
    srcdir: Path, work: Workspace, warning: io.StringIO, *, jobs: int, full: bool
) -> Sphinx:
    """A quiet Sphinx application on *srcdir* that builds into *work*,
    logging its warnings into *warning*."""
    from sphinx.application import Sphinx

    app = Sphinx(
        str(srcdir), str(srcdir), str(work.out), str(work.doctrees), "dummy",
        status=None, warning=warning, freshenv=not work.cached, verbosity=0,
        confoverrides={"smartquotes": False},
    )
    if "sphinx_rfc" not in app.extensions:
        raise CliError(_(
            'sphinx-rfc: {conf} does not enable the extension: add "sphinx_rfc" to '
            "extensions").format(conf=srcdir / "conf.py"))
    if jobs > 1 and _parallel_safe(app, full) and not _few_to_read(app, srcdir, work):
        # asking Sphinx (is_parallel_allowed) would log a warning for an
        # extension that does not say; set before the build, never during it
        app.parallel = jobs
    if work.changed:
        app.connect("env-get-outdated", outdated_by(work.changed, srcdir))
    return app


#: At most this many changed documents to read again: read them in this
#: process even with ``-j`` (the commit of an RFC or two).  Sphinx reads in
#: parallel whenever it is asked to, even one document: it forks a worker,
#: which pickles the whole environment back to be merged, and that costs
#: more than the reading itself (one document of 300 RFCs, two cores: 2.2 s
#: of CPU time instead of 1.6, and one to two seconds of waiting).
SERIAL_READ_MAX = 3


def _few_to_read(app: Sphinx, srcdir: Path, work: Workspace) -> bool:
    """The kept environment is read again for a few changed documents
    only (at most :data:`SERIAL_READ_MAX`; any other changed file makes
    every document be read, :func:`outdated_by`)."""
    changed = work.changed
    return (
        devices.SERIAL_READ and changed is not None
        and len(changed) <= SERIAL_READ_MAX
        and all(app.env.path2doc(str(srcdir / path)) is not None for path in changed)
    )


def _parallel_safe(app: Sphinx, full: bool) -> bool:
    """Every extension says it is safe to read (and, for a *full* build,
    to write) in parallel."""
    flags = ("parallel_read_safe", "parallel_write_safe") if full else ("parallel_read_safe",)
    return all(getattr(ext, flag, None) for ext in app.extensions.values() for flag in flags)


def _read_only(app: Sphinx, work: Workspace) -> None:
    """Sphinx's reading phase, then the environment kept when *work* is
    the kept environment; a failed read leaves none behind."""
    from sphinx.util import logging as sphinx_logging

    if not work.cached:
        # nothing reads them back (a kept environment needs them: Sphinx
        # reads again a document without one)
        setattr(app.builder, "write_doctree", _no_doctree)  # noqa: B010
    try:
        with sphinx_logging.pending_warnings():
            app.builder.read()
        if work.cached:
            store_environment(app.env, work)
    except BaseException:
        discard_environment(work)
        raise


def _unreadable(app: Sphinx, srcdir: Path, exc: Exception) -> Exception:
    """What to raise for *exc*, raised while reading: a source file that is
    not text in the project's encoding, named with its line (Sphinx's own
    error names no file, and under ``-j`` arrives as a message only); a
    file that cannot be opened, named; any other error as it is."""
    if isinstance(exc, UnicodeDecodeError) or "UnicodeDecodeError" in str(exc):
        found = _undecodable(app, srcdir)
        if found is not None:
            return found
        return CliError(_("sphinx-rfc: {message}").format(message=exc))
    if isinstance(exc, OSError) and exc.filename:
        return CliError.from_os_error("read", exc.filename, exc)
    return exc


def _undecodable(app: Sphinx, srcdir: Path) -> CliError | None:
    """The first document whose file is not text in the source encoding."""
    encoding = app.env.settings.get("input_encoding") or "utf-8-sig"
    for docname in sorted(app.env.found_docs):
        path = Path(app.env.doc2path(docname))
        try:
            data = path.read_bytes()
            data.decode(encoding)
        except OSError:
            continue
        except UnicodeDecodeError as bad:
            line = data.count(b"\n", 0, bad.start) + 1
            shown = srcdir / path.relative_to(app.srcdir)
            name = bad.encoding.upper()
            return CliError(_(
                "sphinx-rfc: {path}:{line}: not {encoding} text (byte {byte}); save it as "
                "{encoding}").format(path=shown, line=line, encoding=name,
                                     byte=f"0x{data[bad.start]:02x}"))
    return None


def _no_doctree(*args: Any, **kwargs: Any) -> None:
    """Stands for ``Builder.write_doctree`` when only reading."""


def _warning_lines(warning: io.StringIO) -> list[str]:
    """The warning lines (and errors) Sphinx logged, colours removed."""
    return [
        line
        for line in _ANSI.sub("", warning.getvalue()).splitlines()
        if _WARNING_LINE.search(line)
    ]


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
