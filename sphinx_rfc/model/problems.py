"""One RFC problem: a warning of type ``rfc`` with a subtype
(:data:`sphinx_rfc.spec.subtypes.SUBTYPES`).  Plain data, no Sphinx inside;
:mod:`sphinx_rfc.report` turns problems into build warnings."""

from __future__ import annotations

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
