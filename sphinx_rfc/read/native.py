"""Template-native RFCs (docs/reference/native.md): documents matched by
``rfc_documents`` that follow the template with no ``rfc`` directive.

:func:`read_native` is called by the collector for such a document once it
is parsed.  It reads the document the way the template lays it out and
returns the same :class:`~sphinx_rfc.model.records.RfcRecord` an RFC written with
directives would give; the collector then checks sections and placeholders
and stores it, exactly as for a directive RFC.

Where things come from:

* **ID** — the metadata field ``rfc`` (MyST front matter, read here as YAML
  from the source file, or an rST field list before the title, i.e.
  ``env.metadata``: :mod:`sphinx_rfc.read.frontmatter`); else an ``ID`` / ``RFC`` / ``编号`` row of the
  basic-information table; else the first run of digits in the file name,
  formatted by ``rfc_id_format``; else ``rfc.missing-id`` and the document is
  no RFC.
* **Basic information** — the metadata fields named like the ``rfc``
  options (or like the table keys of :data:`sphinx_rfc.spec.FIELDS`), and
  the rows of the key/value table in the ``basic-info`` section (two
  columns, or three with notes; a header row such as ``项目 | 内容`` is a
  header).  Rows whose key is no field become extra fields, named as
  written.  Front-matter keys that name no field are left to the tools they
  belong to.  When a metadata field and a table row both give a field, the
  **metadata field wins** (it is the machine-maintained value; status bots
  edit front matter) and a differing table value is reported as
  ``rfc.invalid-value`` at the row, so the page never silently disagrees
  with the index (:mod:`sphinx_rfc.read.basic_info`).
* **Tables** — every top-level table inside a recognised section whose
  headers match one of that section's table kinds (``interface``,
  ``dependencies``, ``verification``, ``design`` for changes and
  alternatives, ``references``, ``constraints``) is read, validated and
  rendered in place through :func:`sphinx_rfc.read.tables.read_tables`, the path
  the directives use: same records, same problems, same output.  Other
  tables are left as they are.
* **Title** — the document's title with a leading ``RFC:``, ``[RFC]`` or
  ``【RFC】`` dropped; a document whose first heading is already one of the
  nine sections (an issue pasted without its title) takes the metadata
  ``title`` or the ID.

The author's basic-information table stays as written, except that module
names and RFC IDs in it become links and the rows computed from other RFCs
("Superseded by", "Required by") are appended to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util.nodes import make_id

from sphinx_rfc.check.sections import section_keys_for_title
from sphinx_rfc.doctree.locations import SourceLines, ancestors
from sphinx_rfc.doctree.tables import find_tables, table_headers
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import RfcRecord
from sphinx_rfc.read.basic_info import info_rows, info_table, merge_fields, render_info_table
from sphinx_rfc.read.frontmatter import RawField, metadata_fields
from sphinx_rfc.read.metadata import id_problems, new_record, parse_metadata
from sphinx_rfc.read.sections import clean_title
from sphinx_rfc.read.tables import best_spec, headers_match, read_tables
from sphinx_rfc.render.tables import already_read
from sphinx_rfc.spec.table_kinds import TABLE_DIRECTIVES, TableSpec
from sphinx_rfc.spec.text import fold_header, plain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.config import RfcSettings

#: Metadata names that give the RFC ID (``id`` alone belongs to other tools).
_META_ID_KEYS = frozenset(fold_header(k) for k in ("rfc", "rfc id", "rfc-id", "rfc_id"))
_DIGITS = re.compile(r"\d+")


# --------------------------------------------------------------------------
# Sections


def title_section(doctree: nodes.document, settings: RfcSettings) -> nodes.section | None:
    """The section holding the document title, unless the first heading is
    itself one of the template's sections (no title at all)."""
    top = [c for c in doctree.children if isinstance(c, nodes.section)]
    if not top or not top[0].children or not isinstance(top[0][0], nodes.title):
        return None
    if len(top) > 1 and section_keys_for_title(top[0][0].astext(), settings.sections):
        return None
    return top[0]


def recognised_sections(
    doctree: nodes.document, settings: RfcSettings, skip: nodes.section | None
) -> dict[str, nodes.section]:
    """Section key -> the first section, in document order, whose title
    matches it (docs/reference/sections.md)."""
    found: dict[str, nodes.section] = {}
    for section in doctree.findall(nodes.section):
        if section is skip or not section.children or not isinstance(section[0], nodes.title):
            continue
        for key in section_keys_for_title(section[0].astext(), settings.sections):
            found.setdefault(key, section)
    return found


def specs_for_section(key: str, settings: RfcSettings) -> tuple[TableSpec, ...]:
    """The table kinds read in section *key*: those the template puts there,
    and those of the directive the section is configured with."""
    specs = [t for t in settings.tables if t.section == key]
    for section in settings.sections:
        if section.key == key and section.directive in TABLE_DIRECTIVES:
            specs.extend(settings.tables_for_directive(section.directive))
    return tuple(dict.fromkeys(specs))


# --------------------------------------------------------------------------
# ID


def rfc_id_from_name(docname: str, settings: RfcSettings) -> str | None:
    """``rfc_id_format`` applied to the first run of digits of the file name."""
    match = _DIGITS.search(PurePosixPath(docname).name)
    if match is None:
        return None
    try:
        return settings.id_format.format(int(match.group(0)))
    except (IndexError, KeyError, ValueError):
        return None


def _id_value(value: str | list[str], settings: RfcSettings) -> str:
    text = value if isinstance(value, str) else ", ".join(value)
    text = plain(text)
    if text.isdecimal() and text.isascii():
        try:
            return settings.id_format.format(int(text))
        except (IndexError, KeyError, ValueError):
            return text
    return text


# --------------------------------------------------------------------------
# Diagrams written as fenced code (```mermaid, ```plantuml), as issue text has them

#: Code languages Pygments does not know that issue trackers draw as diagrams.
_DIAGRAM_LANGUAGES = frozenset({"mermaid", "plantuml", "puml", "uml"})


def mark_diagrams(doctree: nodes.document) -> None:
    """Diagram code blocks are shown as plain text (no highlighting warning);
    Mermaid ones become diagrams in HTML (:class:`MermaidCodeToDiagram`)."""
    for block in doctree.findall(nodes.literal_block):
        language = str(block.get("language", "")).strip().lower()
        if language in _DIAGRAM_LANGUAGES:
            block["language"] = "text"
            if language == "mermaid":
                block["rfc-mermaid"] = True


# --------------------------------------------------------------------------
# Tables of the recognised sections


def _section_of(
    table: nodes.table, owners: Mapping[int, tuple[nodes.section, tuple[TableSpec, ...]]]
) -> tuple[nodes.section, tuple[TableSpec, ...]] | None:
    """The innermost recognised section around *table* that has table kinds."""
    for parent in ancestors(table):
        if isinstance(parent, nodes.section) and id(parent) in owners:
            return owners[id(parent)]
    return None


def read_section_tables(
    doctree: nodes.document, sections: Mapping[str, nodes.section], settings: RfcSettings,
    *, source: str, lines: SourceLines, rfc_id: str, record: RfcRecord,
    row_of: dict[int, Any] | None = None,
) -> list[Problem]:
    """Read every matching table of the recognised sections into *record*
    and render it in place; returns the problems found.  *row_of* gets each
    record row's docutils row (:attr:`~sphinx_rfc.model.records.TablePayload.row_of`)."""
    owners: dict[int, tuple[nodes.section, tuple[TableSpec, ...]]] = {}
    for key, section in sections.items():
        specs = specs_for_section(key, settings)
        if specs:
            old = owners.get(id(section))
            merged = tuple(dict.fromkeys((*(old[1] if old else ()), *specs)))
            owners[id(section)] = (section, merged)
    problems: list[Problem] = []
    for table in find_tables(doctree.children):
        if already_read(table):
            continue
        owner = _section_of(table, owners)
        if owner is None:
            continue
        section, specs = owner
        headers = table_headers(table)
        candidates = [s for s in specs if headers_match(headers, s)]
        spec = best_spec(table, candidates) if candidates else None
        if spec is None:
            continue
        title_line = lines.title_line(section[0]) if isinstance(section[0], nodes.title) else None
        payload = read_tables(
            [table], [spec], settings, directive=spec.directive, source=source,
            line=title_line, only_matching=True,
        )
        payload.add_to(record)
        if row_of is not None:
            row_of.update(payload.row_of)
        for problem in payload.problems:
            problem.rfc_id = rfc_id
        problems.extend(payload.problems)
    return problems


# --------------------------------------------------------------------------
# The reader


def read_native(
    app: Sphinx,
    doctree: nodes.document,
    settings: RfcSettings,
    docname: str,
    source: str,
    doc_title: str,
    problems: list[Problem],
    row_of: dict[int, Any] | None = None,
) -> RfcRecord | None:
    """The record of a template-native RFC, or None (with ``rfc.missing-id``
    in *problems*) when no ID can be found.  Problems of the record go to
    *problems*, each record row's docutils row to *row_of*; the tables found
    are rendered in place."""
    env = app.env
    lines = SourceLines(doctree)
    head = title_section(doctree, settings)
    title_node = head[0] if head is not None else None
    title_line = lines.title_line(title_node) if isinstance(title_node, nodes.title) else None
    record_line = title_line or 1
    sections = recognised_sections(doctree, settings, head)
    table = info_table(sections.get("basic-info"))
    rows: list[RawField] = []
    row_problems: list[Problem] = []
    if table is not None:
        rows, row_problems = info_rows(table, settings, source)
    meta_fields = metadata_fields(env, docname, doctree)

    rfc_id, id_line = _find_id(meta_fields, rows, docname, settings)
    if rfc_id is None:
        problems.append(Problem(
            "missing-id",
            f"no RFC ID for {docname!r}: give it an 'rfc' metadata field (front matter "
            "or a field list before the title), an ID row in its basic-information table "
            "or a number in its file name; it is not read as an RFC",
            source, record_line,
        ))
        return None

    found = id_problems(rfc_id, settings, source, id_line or record_line)
    raw, where, conflicts = merge_fields(meta_fields, rows, settings, rfc_id=rfc_id, source=source)
    line_of: Callable[[str], int | None] = lambda name: where.get(name) or record_line  # noqa: E731
    meta, parsed = parse_metadata(
        raw, settings, rfc_id=rfc_id, source=source, line_of=line_of, unknown="extra"
    )
    for problem in row_problems:
        problem.rfc_id = rfc_id
    found += row_problems + conflicts + parsed

    record = new_record(
        meta,
        rfc_id=rfc_id,
        title=clean_title(title_node.astext()) if title_node is not None else "",
        docname=docname,
        source=source,
        line=record_line,
        anchor=_anchor(env, doctree, head, rfc_id),
        native=True,
    )
    found += read_section_tables(
        doctree, sections, settings, source=source, lines=lines, rfc_id=rfc_id, record=record,
        row_of=row_of,
    )
    if table is not None:
        used = [r for r in rows if r.name != "rfc" and raw.get(r.name) is r.value]
        render_info_table(table, used, meta, settings, rfc_id)
    mark_diagrams(doctree)
    problems.extend(found)
    return record


def _find_id(
    meta_fields: Sequence[RawField], rows: Sequence[RawField], docname: str,
    settings: RfcSettings,
) -> tuple[str | None, int | None]:
    for fld in meta_fields:
        if fold_header(fld.name) in _META_ID_KEYS:
            value = _id_value(fld.value, settings)
            if value:
                return value, fld.line
    for row in rows:
        if row.name == "rfc":
            return _id_value(row.value, settings), row.line
    return rfc_id_from_name(docname, settings), None


def _anchor(
    env: BuildEnvironment, doctree: nodes.document, head: nodes.section | None, rfc_id: str
) -> str:
    """An id for the RFC on its title section (a target at the top when the
    document has no title)."""
    anchor = make_id(env, doctree, "rfc", rfc_id)
    if head is not None:
        head["ids"].append(anchor)
        doctree.ids[anchor] = head
    else:
        target = nodes.target("", "", ids=[anchor])
        doctree.ids[anchor] = target
        doctree.insert(0, target)
    return anchor

