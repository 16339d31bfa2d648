"""One RFC problem: a warning of type ``rfc`` with a subtype
(:data:`sphinx_rfc.spec.subtypes.SUBTYPES`).  Plain data, no Sphinx inside;
:mod:`sphinx_rfc.report` turns problems into build warnings."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any

from sphinx_rfc.spec.subtypes import Subtype, qualified


@dataclass(slots=True)
class Problem:
    """One RFC problem: a warning of type ``rfc`` with this subtype."""

    subtype: Subtype
    message: str
    source: str
    line: int | None
    rfc_id: str | None = None
    docname: str | None = None
    #: Silenced for its RFC alone (``rfc_suppress_warnings``, the RFC's own
    #: ``suppress_warnings`` field): stored and exported, never logged or counted.
    suppressed: bool = False

    def sort_key(self) -> tuple[str, int, str, str]:
        return (self.source, self.line or 0, self.subtype, self.message)

    @property
    def qualified_subtype(self) -> str:
        """``rfc.<subtype>``, as ``suppress_warnings`` and the console name it."""
        return qualified(self.subtype)

    def as_text(self) -> str:
        """One line: ``source:line: [rfc.<subtype>] RFC-ID: message``."""
        where = f"{self.source}:{self.line}" if self.line else self.source
        prefix = f"{self.rfc_id}: " if self.rfc_id else ""
        return f"{where}: [{self.qualified_subtype}] {prefix}{self.message}"

    def as_json(self, *, with_rfc: bool = True) -> dict[str, Any]:
        """The JSON form: ``sphinx-rfc check --format json`` (*with_rfc*) and
        an RFC's ``problems`` in ``rfcs.json`` (without, the RFC is the owner)."""
        data: dict[str, Any] = {
            "subtype": self.subtype, "message": self.message,
            "source": self.source, "line": self.line,
        }
        if with_rfc:
            data["rfc"] = self.rfc_id
        return data


def mark_suppressed(problems: Iterable[Problem], subtypes: Callable[[str], Collection[str]]) -> None:
    """Mark each of *problems* whose subtype its RFC silences:
    *subtypes* gives the subtypes an RFC ID silences."""
    for problem in problems:
        problem.suppressed = bool(problem.rfc_id) and problem.subtype in subtypes(
            problem.rfc_id or "")
