"""What the checks know of one template section: its key, its labels, the
titles that name it and the directive that makes it present.  The sections
themselves come from a template document (:mod:`sphinx_rfc.spec.template`;
the built-in ones: :data:`sphinx_rfc.spec.sections.SECTIONS`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SectionSpec:
    key: str
    label: str
    label_zh: str
    titles: tuple[str, ...]
    directive: str | None = None
    #: Its heading level in the template (2: a top-level section; 0: not known,
    #: a section of ``rfc_sections`` the template lacks).
    level: int = 2
