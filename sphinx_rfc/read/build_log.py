"""The build's other warnings of each document (docutils, MyST, Sphinx:
every warning not of type ``rfc``), kept in the environment for
``sphinx-rfc check`` (docs/reference/cli.md).

``sphinx-build -W`` fails on any warning; ``sphinx-rfc check`` reads the
project with a kept environment and reads only what changed, so the
warnings logged while reading a document are caught here, as they are
logged, and stored in the ``rfc`` domain with that document
(:meth:`~sphinx_rfc.store.domain.RfcDomain.set_log_warnings`); the check
lists those of RFC documents beside their problems.

A logging handler on Sphinx's logger sees every record once: read in the
main process (raw, before Sphinx's own handlers format it) or sent back by
a parallel reading worker (formatted: the location a path, the message
ending in `` [type.subtype]``).  Warnings ``suppress_warnings`` silences
are not kept, as the build log does not show them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.utils import get_source_line
from sphinx.util.logging import NAMESPACE, is_suppressed_warning

from sphinx_rfc import _lazy_re
from sphinx_rfc.spec.subtypes import WARNING_TYPE
from sphinx_rfc.store.domain import get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: The attribute that marks a record already seen (a record held back by
#: ``pending_warnings`` comes again when it is flushed).
_SEEN = "_sphinx_rfc_seen"
_LOCATION = _lazy_re.compile(r"^(?P<path>.*?)(?::(?P<line>\d*))?$")


@dataclass(frozen=True, slots=True)
class LoggedWarning:
    """One warning of the build log: its type and subtype (``myst``,
    ``directive_comments``; ``docutils``, ``""``), its first paragraph and
    its line."""

    type: str
    subtype: str
    message: str
    line: int | None


class _Capture(logging.Handler):
    def __init__(self, app: Sphinx) -> None:
        super().__init__(logging.WARNING)
        self.app = app
        #: docname -> warnings logged while it was read, in this build
        self.found: dict[str, list[LoggedWarning]] = {}

    def emit(self, record: logging.LogRecord) -> None:
        if getattr(record, _SEEN, False):
            return
        setattr(record, _SEEN, True)
        kind = str(getattr(record, "type", "") or "")
        subtype = str(getattr(record, "subtype", "") or "")
        if kind == WARNING_TYPE:
            return  # our own problems, kept as such
        try:
            suppressed = is_suppressed_warning(
                kind, subtype, self.app.config.suppress_warnings or ()
            )
            where = self._where(getattr(record, "location", None))
            message = record.getMessage()
        except Exception:  # a warning we cannot place is the log's, not ours
            return
        if suppressed or where is None:
            return
        docname, line = where
        shown = f"{kind}.{subtype}" if subtype else kind
        message = message.removesuffix(f" [{shown}]") if kind else message
        # docutils' messages hold the source after a blank line
        first = message.strip().split("\n\n")[0]
        message = " ".join(part.strip() for part in first.splitlines() if part.strip())
        self.found.setdefault(docname, []).append(LoggedWarning(kind, subtype, message, line))

    def _where(self, location: Any) -> tuple[str, int | None] | None:
        env = self.app.env
        if isinstance(location, tuple) and len(location) == 2:
            docname, line = location
            return (str(docname), int(line) if line else None) if docname else None
        if isinstance(location, nodes.Node):
            source, line = get_source_line(location)
            path = source
        elif isinstance(location, str) and location:
            match = _LOCATION.match(location)
            if match is None:
                return None
            path, text = match.group("path"), match.group("line")
            line = int(text) if text else None
            if ":" not in location:
                return (location, None) if location in env.found_docs else None
        else:
            return None
        if not path:
            return None
        docname = env.path2doc(str(path))
        return (docname, line) if docname else None


_HANDLER = "_sphinx_rfc_log_capture"


def _start(app: Sphinx) -> None:
    """Add the handler (Sphinx sets its logger up afresh for each application)."""
    handler = _Capture(app)
    app.__dict__[_HANDLER] = handler
    logging.getLogger(NAMESPACE).addHandler(handler)


def _store(app: Sphinx, env: BuildEnvironment) -> None:
    """After reading (and merging the parallel workers' data): each
    document read keeps the warnings logged for it."""
    handler: _Capture | None = app.__dict__.get(_HANDLER)
    if handler is None:
        return
    domain = get_domain(env)
    for docname, found in handler.found.items():
        if docname in env.all_docs:
            domain.set_log_warnings(docname, found)
    handler.found.clear()


def _stop(app: Sphinx, exception: BaseException | None) -> None:
    handler = app.__dict__.pop(_HANDLER, None)
    if handler is not None:
        logging.getLogger(NAMESPACE).removeHandler(handler)
