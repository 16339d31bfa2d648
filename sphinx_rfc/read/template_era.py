"""The template over time (docs/reference/templates.md, "The template over
time"): which sections an RFC must have, by when it was created.

An RFC is held to the template in force when it was created: the entry of
``rfc_template``'s list whose ``since`` it comes after (by its created date,
or by its number for an ID ``since``), the one whose ``documents`` globs
match it whenever it was written, or the one it names in its metadata
(``template: rust-rfc-2014``); a section a template marks
``since=…`` is not asked of an RFC from before it; ``rfc_check_since``
turns the section checks off for older RFCs altogether.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sphinx_rfc.spec.globs import docname_glob_match
from sphinx_rfc.spec.preamble import parse_since, rfc_number
from sphinx_rfc.spec.template import Era

if TYPE_CHECKING:
    from sphinx_rfc.model.records import RfcRecord
    from sphinx_rfc.spec.settings import RfcSettings

#: Metadata names an RFC names its template version with (folded).
TEMPLATE_KEYS = frozenset({"template", "rfc-template", "rfc_template"})


def era_of(record: RfcRecord, history: Sequence[Era]) -> Era:
    """The entry of *history* (oldest first) in force for *record*: the one
    it names (``template:``), else the first whose ``documents`` match its
    docname, else the one of its time."""
    declared = record.extra.get("template")
    if isinstance(declared, str) and declared:
        for era in history:
            if declared in (era.name, era.since):
                return era
    for era in history:
        if any(docname_glob_match(glob, record.docname) for glob in era.documents):
            return era
    number = rfc_number(record.id)
    in_time = [era for era in history if not era.documents]
    chosen = in_time[0]
    for era in in_time[1:]:
        since = parse_since(era.since or "")
        if since is not None and since.before(record.created, number):
            break
        chosen = era
    return chosen


def required_for(record: RfcRecord, settings: RfcSettings) -> tuple[str, ...]:
    """The sections *record* must have: its era's, less those added to the
    template after it was created."""
    template = settings.template
    if template is None:
        return settings.required_sections
    required = era_of(record, template.history).required if template.history else (
        settings.required_sections)
    number = rfc_number(record.id)
    later = set()
    for section in template.sections:
        since = parse_since(section.since) if section.since else None
        if since is not None and since.before(record.created, number):
            later.add(section.key)
    return tuple(k for k in required if k not in later)


def candidates_for(record: RfcRecord, settings: RfcSettings) -> frozenset[str] | None:
    """The sections a heading of *record* may name: with an entry of
    ``rfc_template``'s list for some documents (``documents``), those of
    its own template -- the entry that holds it, else the templates over
    time -- so that a section of one document's template is never what a
    heading of another document's names; None: every section."""
    template = settings.template
    if template is None or not any(era.documents for era in template.history):
        return None
    era = era_of(record, template.history)
    if era.documents:
        return frozenset(era.sections)
    return frozenset(key for e in template.history if not e.documents for key in e.sections)


def checks_off(record: RfcRecord, settings: RfcSettings) -> bool:
    """Whether *record* is older than ``rfc_check_since``: not checked for
    missing or empty sections."""
    since = settings.check_since
    return since is not None and bool(since.before(record.created, rfc_number(record.id)))
