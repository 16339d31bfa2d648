"""One RFC problem: a warning of type ``rfc`` with a subtype
(:data:`sphinx_rfc.spec.subtypes.SUBTYPES`).  Plain data, no Sphinx inside;
:mod:`sphinx_rfc.report` turns problems into build warnings."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Problem:
    """One RFC problem: a warning of type ``rfc`` with this subtype."""

    subtype: str
    message: str
    source: str
    line: int | None
    rfc_id: str | None = None
    docname: str | None = None

    def sort_key(self) -> tuple[str, int, str, str]:
        return (self.source, self.line or 0, self.subtype, self.message)
