"""The one way problems reach the build log, and the one test of which of
them the log shows.

Every problem the extension finds is a :class:`~sphinx_rfc.model.problems.Problem`
that is stored (in the ``rfc`` domain: a document's with its record, the
cross-RFC ones computed from the records, the build's own such as an
unreadable test result file) and logged here, as a warning of type ``rfc``
with its subtype.  Whatever counts or lists problems after the build
(``sphinx-rfc check``, the summary line) reads the stored ones and keeps
those :func:`visible` says the log showed.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable, Sequence, Set

from sphinx.util import logging

from sphinx_rfc.model.problems import Problem
from sphinx_rfc.spec.subtypes import WARNING_TYPE

logger = logging.getLogger(__name__)


def report(problems: Iterable[Problem], srcdir: str | os.PathLike[str] | None = None) -> None:
    """Log problems as warnings of type ``rfc``.

    A document's problem is located at its document and line.  A problem
    of no document (the build's own), or a document's problem in another
    file (a value of a KEP's ``kep.yaml``: its source is not the document's
    own), is located at its source, relative to *srcdir*, with its line;
    with no line it has no location (Sphinx would take a location with no
    ``:`` for a docname) and its message names the file."""
    for problem in problems:
        if problem.suppressed:  # (silenced for its RFC alone)
            continue
        prefix = f"{problem.rfc_id}: " if problem.rfc_id else ""
        location: tuple[str, int | None] | str | None = None
        if problem.docname and not _elsewhere(problem):
            location = (problem.docname, problem.line)
        elif problem.line:
            path = os.path.normpath(os.path.join(os.fspath(srcdir or ""), problem.source))
            location = f"{path}:{problem.line}"
        logger.warning(
            prefix + problem.message, location=location, type=WARNING_TYPE,
            subtype=problem.subtype,
        )


def _elsewhere(problem: Problem) -> bool:
    """Whether a document's *problem* is in another file than the document
    (its source, relative to the source folder, is not the docname and a
    suffix)."""
    stem = posixpath.splitext(problem.source.replace(os.sep, "/"))[0]
    return bool(problem.source) and stem != problem.docname


def visible(problems: Iterable[Problem], suppress_warnings: Set[str] | Sequence[str]) -> list[Problem]:
    """The *problems* the build log shows: those ``suppress_warnings``
    does not silence (``rfc``, ``rfc.*`` or ``rfc.<subtype>``), by Sphinx's
    own test, nor their RFC (``rfc_suppress_warnings``, its own field)."""
    return [
        p for p in problems
        if not p.suppressed
        and not logging.is_suppressed_warning(WARNING_TYPE, p.subtype, suppress_warnings)
    ]
