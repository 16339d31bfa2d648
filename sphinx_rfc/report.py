"""The one way problems reach the build log: each becomes a warning of type
``rfc`` with its subtype, at its document and line."""

from __future__ import annotations

from sphinx.util import logging

from sphinx_rfc.model.problems import Problem

logger = logging.getLogger(__name__)


def report(problems: list[Problem]) -> None:
    """Log problems as warnings of type ``rfc``."""
    for problem in problems:
        prefix = f"{problem.rfc_id}: " if problem.rfc_id else ""
        location = (problem.docname, problem.line) if problem.docname else (
            f"{problem.source}:{problem.line}" if problem.line else problem.source
        )
        logger.warning(
            prefix + problem.message, location=location, type="rfc", subtype=problem.subtype
        )
