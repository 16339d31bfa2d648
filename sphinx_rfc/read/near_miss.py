"""Near misses (docs/reference/native.md, "Near misses"): a table of a
template-native RFC, in a section whose table kinds are known, that is read
as none of them is never dropped without a word.  One ``near-miss`` warning
on the table's line, naming the section as the author titled it and, when a
header is close to a known one, the word it was probably meant to be
("did you mean"), in the project's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from docutils import nodes

from sphinx_rfc.doctree.locations import ancestors, first_line
from sphinx_rfc.doctree.tables import find_tables, table_headers
from sphinx_rfc.i18n import _, local_words
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.read.tables import header_score, inside_read_table, kind_name, local_word
from sphinx_rfc.spec.table_kinds import TableSpec, is_note_header


def section_prefix(section: nodes.section) -> str:
    """How a message names a section of a template-native RFC: by its own
    heading (never by a directive its author did not write)."""
    title = section[0].astext().strip() if section.children else ""
    return str(_("section “{title}”")).format(title=title)


def _hint(headers: Sequence[str], specs: Sequence[TableSpec]) -> tuple[str, str] | None:
    """(header as written, the known header it is close to), or None."""
    for spec in specs:
        present = {c.key for h in headers if h and (c := spec.match_header(h)) is not None}
        for header in headers:
            if not header or spec.match_header(header) or is_note_header(header):
                continue
            near = spec.suggest_header(header, present)
            if near is not None:
                return header, local_word(*near)
    return None


def near_miss_problem(
    headers: Sequence[str], specs: Sequence[TableSpec], where: str, source: str, line: int | None
) -> Problem:
    """The one warning for a table read as none of *specs*."""
    best = max(specs, key=lambda s: header_score(headers, s))
    kinds = _(" or ").join(
        _("a {kind} table").format(kind=kind_name(s)) for s in specs
    )
    hint = _hint(headers, sorted(specs, key=lambda s: -header_score(headers, s)))
    if hint is not None:
        message = _("{where}: the table is not read: its headers are not those of {kinds} — "
                    "did you mean {alias!r} for {header!r}?").format(
            where=where, kinds=kinds, alias=hint[1], header=hint[0])
    else:
        wanted = ", ".join(
            repr(local_words(col.aliases)[0]) for col in best.columns if col.required != "no"
        )
        message = _("{where}: the table is not read: its headers are not those of {kinds} "
                    "(the {kind} table's headers: {wanted})").format(
            where=where, kinds=kinds, kind=kind_name(best), wanted=wanted)
    return Problem("near-miss", message, source, line)


def near_miss_tables(
    doctree: nodes.document,
    owners: Mapping[int, tuple[nodes.section, tuple[TableSpec, ...]]],
    skip_sections: frozenset[int],
    *, source: str, rfc_id: str,
) -> list[Problem]:
    """A ``near-miss`` for each table left unread in a section of *owners*
    (section id -> the section and its table kinds); *skip_sections*: ids
    of sections whose other tables the template gives (read as written)."""
    problems: list[Problem] = []
    for table in find_tables(doctree.children):
        if inside_read_table(table):
            continue
        owner = next((owners[id(p)] for p in ancestors(table)
                      if isinstance(p, nodes.section) and id(p) in owners), None)
        if owner is None or id(owner[0]) in skip_sections:
            continue
        section, specs = owner
        problem = near_miss_problem(
            table_headers(table), specs, section_prefix(section), source, first_line(table)
        )
        problem.rfc_id = rfc_id
        problems.append(problem)
    return problems
