"""Near misses (docs/reference/native.md, "Near misses"): a table of a
template-native RFC, in a section whose table kinds are known, that is read
as none of them although it was meant as one of them is never dropped
without a word.  One ``near-miss`` warning on the table's line, naming the
section as the author titled it and, when a header is close to a known one,
the word it was probably meant to be ("did you mean"), in the project's
language.

A table is taken as meant for a kind when one of its headers is near a
known one: a known column beside an unknown one, or a header an edit away
from a known header after folding (:func:`is_near_miss`).  The author's
own table (`场景 | 指标 | 目标` under the constraints) is none; nor is a
table whose shape is the section's kind: a two-column key | text table
(`维度 | 说明`, `Dimension | Description`) in a section whose kind is
a key | text table (the constraints)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from docutils import nodes

from sphinx_rfc.doctree.locations import ancestors, first_line
from sphinx_rfc.doctree.tables import find_tables, table_headers
from sphinx_rfc.i18n import _, local_words
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.read.tables import header_score, inside_read_table, kind_name, local_word
from sphinx_rfc.spec.folding import fold_key, one_edit_apart
from sphinx_rfc.spec.messages import series
from sphinx_rfc.spec.table_kinds import TEXT, TableSpec, is_note_header


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


def _one_edit(a: str, b: str) -> bool:
    """*a* and *b* differ by one inserted, deleted or replaced character
    (:func:`sphinx_rfc.spec.folding.one_edit_apart`), or two neighbours
    swapped (`Strenght`)."""
    if one_edit_apart(a, b):
        return True
    if a == b or len(a) != len(b):
        return False
    start = next(k for k, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
    return a[start + 2:] == b[start + 2:] and a[start:start + 2] == b[start:start + 2][::-1]


def _edit_away(header: str, spec: TableSpec) -> bool:
    """*header*, folded, is an edit away from one of *spec*'s headers: a
    word of three characters or more, five when it is ASCII (two-character
    words are too often an edit from another: `风险` is no `风格`)."""
    folded = fold_key(header)
    if len(folded) < (5 if folded.isascii() else 3):
        return False
    return any(_one_edit(folded, fold_key(alias))
               for col in spec.columns for alias in col.aliases)


def is_key_text(spec: TableSpec) -> bool:
    """A key | text kind: two columns of free text (the constraints)."""
    return len(spec.columns) == 2 and all(
        c.kind == TEXT and c.vocabulary is None for c in spec.columns)


def is_near_miss(headers: Sequence[str], specs: Sequence[TableSpec]) -> bool:
    """Whether a table of *headers*, read as none of *specs* (the kinds of
    its section), was meant as one of them: one of its headers is a known
    column or an edit away from one, and it is not of the shape of a key |
    text kind of the section (two headers, both filled)."""
    words = [h for h in headers if h.strip()]
    if len(headers) == 2 and len(words) == 2 and any(is_key_text(s) for s in specs):
        return False  # the section's kind, in the author's words
    return any(
        spec.match_header(h) is not None or (not is_note_header(h) and _edit_away(h, spec))
        for h in words for spec in specs
    )


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
        wanted = series(
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
    *, source: str, rfc_id: str, tables: Sequence[nodes.table] | None = None,
) -> list[Problem]:
    """A ``near-miss`` for each table left unread in a section of *owners*
    (section id -> the section and its table kinds); *skip_sections*: ids
    of sections whose other tables the template gives (read as written).
    *tables*: the document's top-level tables, when the caller has them."""
    problems: list[Problem] = []
    for table in find_tables(doctree.children) if tables is None else tables:
        if inside_read_table(table):
            continue
        owner = next((owners[id(p)] for p in ancestors(table)
                      if isinstance(p, nodes.section) and id(p) in owners), None)
        if owner is None or id(owner[0]) in skip_sections:
            continue
        section, specs = owner
        headers = table_headers(table)
        if not is_near_miss(headers, specs):
            continue  # the author's own table, or the section's kind in its words
        problem = near_miss_problem(
            headers, specs, section_prefix(section), source, first_line(table)
        )
        problem.rfc_id = rfc_id
        problems.append(problem)
    return problems
