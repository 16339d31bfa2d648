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
  marked for the render step through :func:`sphinx_rfc.read.tables.read_tables`,
  the path the directives use: same records, same problems, same output.
  Other tables are left as they are.
* **Title** — the document's title with the tags an issue title starts
  with (``[RFC]:``, ``【RFC】``, ``【需求】``, ``RFC：``, ``RFC -``) dropped; a
  document whose first heading is already one of the nine sections (an
  issue pasted without its title) takes the metadata ``title``, else the
  template's title rule (:func:`title_by_rule`: a Rust RFC's feature name
  or file name), which is then the page's title too, else the ID.
* **Declared places** — a template's ``rfc-metadata`` comment names more
  places than the front matter and the table (a leading ``Key: value``
  list, a ``kep.yaml`` beside the document) and the field each key gives
  (:func:`declared_fields`); a document that states no status takes the
  one of its place (:func:`status_by_place`, ``rfc_default_status``).
* **Type** — when the basic information has none, the background's type
  table left with one row, or its line ``类型：功能补全``.

On the page, the basic information is shown as the ``rfc`` directive's
table shows it, with the directive's own rows: :func:`mark_basic_info`
leaves it for the render step (:mod:`sphinx_rfc.render.native_info`),
which draws it when the page is resolved.

The author's basic-information table stays as written, except that module
names and RFC IDs in it become links, its ID, status and type cells show
the directive's badges, the fields it lacks get the directive's rows, and
the rows computed from other RFCs ("Superseded by", "Required by") are
appended to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from docutils import nodes
from sphinx.util.nodes import make_id

from sphinx_rfc import _lazy_re
from sphinx_rfc._compat import source_path
from sphinx_rfc.check.placeholders import is_placeholder
from sphinx_rfc.check.sections import whole_title_keys
from sphinx_rfc.doctree.index import DocIndex
from sphinx_rfc.doctree.locations import SourceLines, ancestors, first_line
from sphinx_rfc.doctree.tables import (
    CellLines,
    cell_text,
    find_tables,
    row_cells,
    table_headers,
    table_rows,
)
from sphinx_rfc.doctree.text import astext
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import GenericTable, RfcRecord
from sphinx_rfc.model.relations import format_id, id_from_file_name
from sphinx_rfc.nodes import INFO_MARK, InfoMark
from sphinx_rfc.read import git_dates
from sphinx_rfc.read.basic_info import (
    QuotedTable,
    field_key,
    info_notes,
    info_rows,
    info_table,
    lead_info_table,
    mark_info_cells,
    merge_fields,
    plain_title,
    quoted_info_table,
    quoted_problem,
    uses_row,
)
from sphinx_rfc.read.frontmatter import (
    RawField,
    metadata_fields,
    preamble_fields,
    preamble_top,
    sidecar_fields,
)
from sphinx_rfc.read.metadata import Metadata, add_note, id_problems, new_record, parse_metadata
from sphinx_rfc.read.near_miss import near_miss_tables, section_prefix
from sphinx_rfc.read.sections import may_be_title
from sphinx_rfc.read.sections import recognised_sections as sections_of_document
from sphinx_rfc.read.spots import basic_info_spot
from sphinx_rfc.read.tables import best_of, headers_match, inside_read_table, mark_cell, read_tables
from sphinx_rfc.read.template_era import TEMPLATE_KEYS
from sphinx_rfc.spec.file_names import dated_name
from sphinx_rfc.spec.globs import docname_glob_match
from sphinx_rfc.spec.memo import ByIdentity
from sphinx_rfc.spec.menus import options_of
from sphinx_rfc.spec.messages import series
from sphinx_rfc.spec.nouns import profile_of
from sphinx_rfc.spec.preamble import MetadataRule, humanize, identifier, stated
from sphinx_rfc.spec.table_kinds import REVIEW_HEADINGS, TABLE_DIRECTIVES, TableSpec
from sphinx_rfc.spec.template import clean_heading
from sphinx_rfc.spec.text import clean_title, fold_header, literal_link, one_of, plain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.spec.settings import RfcSettings

#: Metadata names that give the RFC ID (``id`` alone belongs to other tools).
_META_ID_KEYS = frozenset(fold_header(k) for k in ("rfc", "rfc id", "rfc-id", "rfc_id"))
#: Metadata names that name the template version an RFC was written to.
_TEMPLATE_KEYS = frozenset(fold_header(k) for k in TEMPLATE_KEYS)


# --------------------------------------------------------------------------
# Sections


def title_section(doctree: nodes.document, settings: RfcSettings) -> nodes.section | None:
    """The section holding the document title, unless the first heading is
    itself one of the template's sections, or a Markdown heading below level
    1 with others after it (no title at all: the title is the front
    matter's), or the title is a plain first line
    (:func:`~sphinx_rfc.read.basic_info.plain_title`)."""
    top = [c for c in doctree.children if isinstance(c, nodes.section)]
    if not top or not top[0].children or not isinstance(top[0][0], nodes.title):
        return None
    if len(top) > 1 and (whole_title_keys(top[0][0].astext(), settings.sections)
                         or not may_be_title(doctree, settings=settings)):
        return None
    # (the title written as a plain first line above the basic information)
    return None if plain_title(doctree, settings) else top[0]


def recognised_sections(
    doctree: nodes.document, settings: RfcSettings, skip: nodes.section | None,
    index: DocIndex | None = None,
) -> dict[str, nodes.section]:
    """Section key -> the section that is it (docs/reference/sections.md;
    :func:`sphinx_rfc.read.sections.recognised_sections`)."""
    return sections_of_document(doctree, settings, skip, index)


def specs_for_section(key: str, settings: RfcSettings) -> tuple[TableSpec, ...]:
    """The table kinds read in section *key*: those the template puts there,
    and those of the directive the section is configured with (kept for the
    settings object: asked for every section of every RFC)."""
    return _SECTION_SPECS.get(settings, key, lambda: _specs_for_section(key, settings))


#: section key -> its table kinds, per settings object (:func:`specs_for_section`).
_SECTION_SPECS: ByIdentity[tuple[TableSpec, ...]] = ByIdentity(1024)


def _specs_for_section(key: str, settings: RfcSettings) -> tuple[TableSpec, ...]:
    specs = [t for t in settings.tables if t.section == key]
    for section in settings.sections:
        if section.key == key and section.directive in TABLE_DIRECTIVES:
            specs.extend(settings.tables_for_directive(section.directive))
    return _unique(specs)


def _unique(specs: Iterable[TableSpec]) -> tuple[TableSpec, ...]:
    """``tuple(dict.fromkeys(specs))`` without hashing: a frozen spec's hash
    walks all its columns and aliases, and these lists hold a few specs,
    mostly the same objects (which ``in`` finds by identity first)."""
    found: list[TableSpec] = []
    for spec in specs:
        if spec not in found:
            found.append(spec)
    return tuple(found)


# --------------------------------------------------------------------------
# ID


def rfc_id_from_name(docname: str, settings: RfcSettings) -> str | None:
    """``rfc_id_format`` applied to the first run of digits of the file
    name; a name whose digits start with a date (``20220316_api_design``)
    is its own ID, as written (:mod:`sphinx_rfc.spec.file_names`)."""
    try:
        return id_from_file_name(PurePosixPath(docname).name, settings.id_format)
    except (IndexError, KeyError, ValueError):
        return None


def _id_value(value: str | list[str], settings: RfcSettings) -> str:
    text = value if isinstance(value, str) else ", ".join(value)
    text = plain(text)
    if text.isdecimal() and text.isascii():
        try:
            return format_id(settings.id_format, text)
        except (IndexError, KeyError, ValueError):
            return text
    return text


# --------------------------------------------------------------------------
# Diagrams written as fenced code (```mermaid, ```plantuml), as issue text has them

#: Code languages Pygments does not know that issue trackers draw as diagrams.
_DIAGRAM_LANGUAGES = frozenset({"mermaid", "plantuml", "puml", "uml"})


def mark_diagrams(doctree: nodes.document, index: DocIndex | None = None) -> None:
    """Diagram code blocks are shown as plain text (no highlighting warning);
    Mermaid ones become diagrams in HTML (:class:`MermaidCodeToDiagram`).
    *index*: the document's, when the caller has it."""
    for block in (index or DocIndex(doctree)).literal_blocks:
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


def table_owners(
    sections: Mapping[str, nodes.section], settings: RfcSettings
) -> dict[int, tuple[nodes.section, tuple[TableSpec, ...]]]:
    """Section id -> the recognised section and the table kinds read in it."""
    owners: dict[int, tuple[nodes.section, tuple[TableSpec, ...]]] = {}
    for key, section in sections.items():
        specs = specs_for_section(key, settings)
        if specs:
            old = owners.get(id(section))
            merged = _unique((*(old[1] if old else ()), *specs))
            owners[id(section)] = (section, merged)
    return owners


def read_section_tables(
    doctree: nodes.document, sections: Mapping[str, nodes.section], settings: RfcSettings,
    *, source: str, lines: SourceLines, rfc_id: str, record: RfcRecord,
    row_of: dict[int, Any] | None = None, index: DocIndex | None = None,
) -> list[Problem]:
    """Read every matching table of the recognised sections into *record*
    and render it in place; returns the problems found.  *row_of* gets each
    record row's docutils row (:attr:`~sphinx_rfc.model.records.TablePayload.row_of`)."""
    owners = table_owners(sections, settings)
    problems: list[Problem] = []
    for table in (index or DocIndex(doctree)).tables:
        if inside_read_table(table):
            continue
        owner = _section_of(table, owners)
        if owner is None:
            continue
        section, specs = owner
        headers = table_headers(table)
        candidates = [s for s in specs if headers_match(headers, s)]
        spec = best_of(headers, candidates) if candidates else None
        if spec is None:
            continue
        problems.extend(_read_into(
            record, [table], [spec], settings, directive=spec.directive, section=section,
            lines=lines, source=source, rfc_id=rfc_id, row_of=row_of,
        ))
    return problems


def _read_into(
    record: RfcRecord, tables: list[nodes.table], specs: Sequence[TableSpec],
    settings: RfcSettings, *, directive: str, section: nodes.section, lines: SourceLines,
    source: str, rfc_id: str, row_of: dict[int, Any] | None,
) -> list[Problem]:
    """Read *tables* of *section* as *specs* into *record*, marked for the
    render step; their problems, of *rfc_id*."""
    title = section[0]
    title_line = lines.title_line(title) if isinstance(title, nodes.title) else None
    payload = read_tables(
        tables, specs, settings, directive=directive, source=source,
        line=title_line, only_matching=True, prefix=section_prefix(section),
    )
    payload.add_to(record)
    if row_of is not None:
        row_of.update(payload.row_of)
    for problem in payload.problems:
        problem.rfc_id = rfc_id
    return payload.problems


def review_sections(
    doctree: nodes.document, index: DocIndex | None = None,
) -> list[nodes.section]:
    """The sections whose heading names the reviews (``评审记录``,
    ``Reviews``, ``Decision record``: :data:`REVIEW_HEADINGS`), numbering,
    an optional marker and a bracketed remark (``评审记录（第一轮）``) left
    out; whatever the template (docs/reference/native.md)."""
    found = []
    for section, heading in (index or DocIndex(doctree)).titled():
        title = clean_heading(astext(heading))
        for mark in ("(", "（", "[", "【"):
            title = title.split(mark, 1)[0]
        if fold_header(title) in _REVIEW_KEYS:
            found.append(section)
    return found


_REVIEW_KEYS = frozenset(fold_header(h) for h in REVIEW_HEADINGS)


def read_review_tables(
    doctree: nodes.document, settings: RfcSettings, *, source: str, lines: SourceLines,
    rfc_id: str, record: RfcRecord, row_of: dict[int, Any] | None = None,
    index: DocIndex | None = None,
) -> list[Problem]:
    """Read the reviews tables under a reviews heading into *record* (the
    ``rfc-reviews`` directive's kind), marked for the render step; returns
    the problems found.  Read before the sections' own tables: a reviews
    heading inside a design section is still a reviews table."""
    specs = settings.tables_for_directive("rfc-reviews")
    problems: list[Problem] = []
    for section in review_sections(doctree, index):
        # (an rfc-reviews directive under the heading has read its own table)
        tables = [t for t in find_tables(section.children[1:]) if not inside_read_table(t)]
        problems.extend(_read_into(
            record, tables, specs, settings, directive="rfc-reviews", section=section,
            lines=lines, source=source, rfc_id=rfc_id, row_of=row_of,
        ))
    return problems


def read_generic_tables(
    doctree: nodes.document, sections: Mapping[str, nodes.section], settings: RfcSettings,
    *, source: str, rfc_id: str, record: RfcRecord, index: DocIndex | None = None,
) -> list[Problem]:
    """The tables of a section that the team's template gives but that are
    of no built-in kind (docs/reference/templates.md): each table of that
    section sharing a header with one of them is read into
    ``record.tables``, its rows as written; a header of the template's
    table that it lacks is ``missing-column``, a cell outside the choices
    the template offers (``高 / 中 / 低``) ``invalid-value``."""
    template = settings.template
    generic = template.generic_tables if template is not None else ()
    if not generic:
        return []
    owners = {
        id(sections[t.section]): (sections[t.section], t.section)
        for t in generic if t.section is not None and t.section in sections
    }
    problems: list[Problem] = []
    cell_line = CellLines()
    for table in (index or DocIndex(doctree)).tables:
        if inside_read_table(table):
            continue
        key = next((owners[id(p)][1] for p in ancestors(table)
                    if isinstance(p, nodes.section) and id(p) in owners), None)
        if key is None:
            continue
        headers = table_headers(table)
        have = [fold_header(h) for h in headers]
        scored = [(sum(fold_header(c.header) in have for c in t.columns), t)
                  for t in generic if t.section == key]
        score, model = max(scored, key=lambda pair: pair[0])
        if score == 0:
            continue  # a table of the author's own, not the template's
        line = first_line(table)
        for column in model.columns:
            if fold_header(column.header) not in have:
                problems.append(Problem(
                    "missing-column",
                    _("the {section} table has no {header!r} column (the template's table: "
                      "{columns})").format(
                        section=key, header=column.header,
                        columns=series(c.header for c in model.columns)),
                    source, line, rfc_id,
                ))
        allowed = {fold_header(c.header): c.allowed for c in model.columns if c.allowed}
        found = GenericTable(key, list(headers), line=line)
        _head, body = table_rows(table)
        for row in body if _head else body[1:]:
            cells = row_cells(row)
            values = {h: cell_text(e) for h, e in zip(headers, cells, strict=False) if h}
            if not any(values.values()):
                continue
            found.rows.append(values)
            for (header, text), entry in zip(values.items(), cells, strict=False):
                offered = allowed.get(fold_header(header), ())
                if not text or not offered or text in ("-", "—"):
                    continue
                if is_placeholder(text, settings.placeholders):
                    continue  # reported as a placeholder
                options = options_of(text)
                if len(options) > 1 and all(one_of(o, offered) for o in options):
                    # the template's menu left as written: a blank to fill
                    problems.append(Problem(
                        "placeholder",
                        _("menu {menu!r} left unchosen in {where}; keep the option that "
                          "applies").format(menu=text, where=_("table cell")),
                        source, cell_line(entry) or line, rfc_id,
                    ))
                elif not one_of(text, offered):
                    problems.append(Problem(
                        "invalid-value",
                        _("the {section} table: column {header!r}: invalid value {text!r}; "
                          "expected one of {choices}").format(
                            section=key, header=header, text=text,
                            choices=" / ".join(offered)),
                        source, cell_line(entry) or line, rfc_id,
                    ))
        record.tables.append(found)
    return problems


# --------------------------------------------------------------------------
# The type, from the background's type table or line

#: Header / line keys that give the RFC type in the background section.
_TYPE_KEYS = frozenset(fold_header(k) for k in (
    "类型", "rfc 类型", "需求类型", "特性类型", "type", "rfc type",
))
_TYPE_LINE = _lazy_re.compile(r"^[^\S\n]*+[-*]?[^\S\n]*+(?P<key>[^\s:：][^:：\n]{0,11}?)\s*[:：]\s*(?P<value>\S[^\n]*)$",
                        re.MULTILINE)
_VALUE_END = _lazy_re.compile(r"[\s(（,，;；。.、]")


def _type_of(text: str, settings: RfcSettings) -> str | None:
    """*text* as a type alias, whole or up to its first space or punctuation
    (`功能补全（当前缺少异步保存）`)."""
    text = plain(text)
    for candidate in (text, _VALUE_END.split(text, maxsplit=1)[0]):
        if candidate and settings.types.lookup(candidate) is not None:
            return candidate
    return None


def background_type(
    section: nodes.section | None, settings: RfcSettings
) -> tuple[str, int | None] | None:
    """The RFC type the background section gives (docs/reference/native.md):
    a ``类型`` / ``Type`` table left with one type row, or a line
    ``类型：功能补全``; with its line."""
    if section is None:
        return None
    cell_line = CellLines()
    for table in find_tables(section.children[1:]):
        if inside_read_table(table):
            continue
        head, body = table_rows(table)
        header = [cell_text(c) for c in row_cells(head[-1])] if head else []
        rows = list(body)
        if not header and rows:
            header = [cell_text(c) for c in row_cells(rows[0])]
            rows = rows[1:]
        if not header or fold_header(header[0]) not in _TYPE_KEYS:
            continue
        found = [(text, cells[0]) for row in rows if (cells := row_cells(row))
                 and (text := _type_of(cell_text(cells[0]), settings))]
        if len({settings.types.lookup(t) for t, _c in found}) == 1:
            return found[0][0], cell_line(found[0][1])
    for paragraph in section.findall(nodes.paragraph):
        if isinstance(paragraph.parent, nodes.entry) or inside_read_table(paragraph):
            continue
        for match in _TYPE_LINE.finditer(paragraph.astext()):
            if fold_header(match.group("key")) in _TYPE_KEYS:
                value = _type_of(match.group("value"), settings)
                if value:
                    return value, first_line(paragraph)
    return None


# --------------------------------------------------------------------------
# The basic information on the page

#: Fields the page shows as the ``rfc`` directive's table does, in place of
#: the author's text (a badge, the ID as code).
_BADGE_FIELDS = ("rfc", "status", "type")


def _shows(name: str, value: str | list[str], record: RfcRecord, settings: RfcSettings) -> bool:
    """Whether the author's cell of field *name* gives the record's value."""
    if not isinstance(value, str):
        return False
    if name == "rfc":
        return _id_value(value, settings) == record.id
    vocabulary = settings.statuses if name == "status" else settings.types
    shown: str | None = record.status if name == "status" else record.type
    return vocabulary.lookup(plain(value)) == shown


def mark_basic_info(
    doctree: nodes.document, table: nodes.table | None, rows: Sequence[RawField],
    record: RfcRecord, settings: RfcSettings, *,
    basic: nodes.section | None, head: nodes.section | None, heading: str,
    from_git: tuple[str, ...],
) -> None:
    """Leave the RFC's basic information for the render step, which shows it
    the way the ``rfc`` directive's table does (docs/reference/native.md):
    with no basic-information table, a spot for that table itself; else the
    author's table, marked (:data:`~sphinx_rfc.nodes.InfoMark`): its ID,
    status and type cells shown as the directive shows them when they give
    the record's value, a row for each known field it lacks (from the
    metadata, the file name, the background)."""
    if table is None:
        spot = basic_info_spot(record, record.docname, native=True, from_git=from_git)
        where = basic or head
        if where is not None:
            where.insert(1, spot)
        else:
            doctree.insert(1 if doctree.children and isinstance(doctree[0], nodes.target)
                           else 0, spot)
        return
    kept: list[str] = []
    for shown in rows:
        name = shown.name
        if name in kept:
            continue
        cell = shown.cell
        if name in _BADGE_FIELDS and cell is not None:
            if not _shows(name, shown.value, record, settings):
                # the author's cell holds no value or another one (reported):
                # it stays as written, and the directive's row says what counts
                continue
            cell["rfc-generated"] = True
            mark_cell(cell, ("info-badge", name))
        kept.append(name)
    table[INFO_MARK] = InfoMark(
        docname=record.docname, kept=tuple(kept),
        title_hidden=record.title in (heading, record.id), from_git=from_git,
    )


# --------------------------------------------------------------------------
# What the template declares (docs/reference/templates.md, "Metadata")


def declared_fields(
    env: BuildEnvironment, docname: str, front: Sequence[RawField], rule: MetadataRule,
    settings: RfcSettings, problems: list[Problem] | None = None,
) -> tuple[list[RawField], dict[str, RawField]]:
    """The metadata fields from every place the template's rule names
    (front matter, a leading list, a sidecar file), each renamed to the
    field the rule maps its key to; the first place that gives a field
    wins.  Returned: the fields, and those the rule maps to names that are
    no built-in field (extra fields, by name).  A sidecar that is no valid
    YAML is a problem at its line there (in *problems*)."""
    path = Path(env.doc2path(docname))
    by_source: dict[str, list[RawField]] = {"front-matter": list(front)}
    for source in rule.sources:
        if source == "list":
            by_source[source] = preamble_fields(path)
        elif (name := rule.sidecar) is not None and source.endswith(name):
            # (the document is read again when its sidecar changes)
            env.note_dependency(str(path.parent / name))
            by_source[source] = sidecar_fields(
                path, name, source_path(env, docname), problems)[0]
    order = [s for s in rule.sources if s in by_source]
    if "front-matter" not in order:
        order.insert(0, "front-matter")
    fields: list[RawField] = []
    extra: dict[str, RawField] = {}
    seen: set[str] = set()
    for source in order:
        for raw in by_source[source]:
            target = rule.field_for(raw.name)
            if target is None:
                fields.append(raw)
                continue
            if target in seen:
                continue
            seen.add(target)
            renamed = RawField(target, raw.value, raw.line, source=raw.source,
                               written=raw.name if raw.name != target else None)
            if target == "rfc" or field_key(target, settings, keep_unknown=False):
                fields.append(renamed)
            else:
                extra[target] = renamed
    return fields, extra


def preamble_lines(env: BuildEnvironment, docname: str, settings: RfcSettings) -> frozenset[int]:
    """The lines of the items of the leading list a document starts with,
    when its template reads its metadata from that list (the Rust RFCs'
    ``- Feature Name: …``): those items are metadata fields, told of as
    fields, not as the document's prose."""
    rule = settings.template.metadata if settings.template is not None else None
    if rule is None or "list" not in rule.sources:
        return frozenset()
    return frozenset(f.line for f in preamble_fields(Path(env.doc2path(docname)))
                     if f.line is not None)


def missing_preamble(
    env: BuildEnvironment, docname: str, rule: MetadataRule, fields: Sequence[RawField],
    rows: Sequence[RawField], declared_extra: Mapping[str, RawField], source: str,
) -> list[Problem]:
    """``rfc.missing-preamble`` when the template declares a leading list
    (``from="list"``) that its documents must give (``required="yes"``:
    the Rust RFCs') and the document has none, nor any other metadata:
    no front matter (rST: no field list before the title), no sidecar
    value, no row of its table giving a field the rule names.  One warning
    at the line where the list would start; what is there is quoted (a typo,
    ``q- Feature Name: …``, is not guessed at)."""
    targets = {target for _key, target in rule.fields}
    if not rule.required or "list" not in rule.sources or not targets or fields or (
            declared_extra) or any(
            r.name in targets for r in rows):
        return []
    top = preamble_top(Path(env.doc2path(docname)))
    if top is None:
        return []
    line, text = top
    keys = ", ".join(f"'{key}: …'" for key, _target in rule.fields[:2])
    shown = text if len(text) <= 60 else text[:57] + "..."
    return [Problem(
        "missing-preamble",
        _("no preamble found at the top: the template's documents start with a list of "
          "'Key: value' items ({keys}) or front matter giving them, this one with {text!r}; "
          "its fields are not read").format(keys=keys, text=shown),
        source, line,
    )]


def status_by_place(docname: str, settings: RfcSettings) -> str | None:
    """The status of an RFC that states none, by where it is: the first
    glob of ``rfc_default_status`` that matches, else of the template's rule
    (Rust: ``text/*`` is accepted); None when none does."""
    rule = settings.template.metadata if settings.template is not None else None
    pairs = (*(settings.default_status or ()), *(rule.status if rule is not None else ()))
    for glob, status in pairs:
        # (a template's status the project's rfc_statuses lacks: not applied)
        if docname_glob_match(glob, docname) and (key := settings.statuses.lookup(status)):
            return key
    return None


def title_by_rule(
    rule: Sequence[str], meta: Metadata, raw: Mapping[str, Any], docname: str
) -> str:
    """The title of an RFC with no title heading, by the template's rule:
    the first of its places that gives one, humanized (``private_fields``,
    ``0001-private-fields.md``: "Private fields"); "" when none does."""
    for place in rule:
        if place == "file-name":
            text = PurePosixPath(docname).name
        else:
            value = getattr(meta, place, None) if place in ("feature", "tracking") else None
            value = value or raw.get(place)
            text = value if isinstance(value, str) else ""
            # a feature name is a title when it is one name (`let_else`), not
            # a phrase or a list of names (then the file name is)
            text = identifier(text) if place == "feature" else stated(text)
        if (title := humanize(text)):
            return title
    return ""


# --------------------------------------------------------------------------
# The reader


class _NativeRead:
    """What the reader's steps share while one template-native document is
    read: the document and where its parts are, then the fields found, the
    record, and its problems (``found``; the sidecars' go straight to
    ``problems``, the caller's list, which gets ``found`` at the end)."""

    def __init__(
        self, app: Sphinx, doctree: nodes.document, settings: RfcSettings, docname: str,
        source: str, problems: list[Problem], row_of: dict[int, Any] | None,
        index: DocIndex | None,
    ) -> None:
        self.app = app
        self.env = app.env
        self.doctree = doctree
        self.settings = settings
        self.docname = docname
        self.source = source
        self.problems = problems
        self.row_of = row_of
        self.lines = SourceLines(doctree)
        self.head = title_section(doctree, settings)
        self.title_node = self.head[0] if self.head is not None else None
        title_line = (self.lines.title_line(self.title_node)
                      if isinstance(self.title_node, nodes.title) else None)
        self.record_line = title_line or 1
        self.index = index or DocIndex(doctree)
        self.sections = recognised_sections(doctree, settings, self.head, self.index)
        self.rule = settings.template.metadata if settings.template is not None else None
        self.found: list[Problem] = []

    # (set by the steps, in their order)
    table: nodes.table | None
    quoted: QuotedTable | None
    rows: list[RawField]
    row_problems: list[Problem]
    meta_fields: list[RawField]
    declared_extra: dict[str, RawField]
    rfc_id: str
    raw: dict[str, str | list[str]]
    where: dict[str, int | None]
    elsewhere: dict[str, str]
    conflicts: list[Problem]
    meta: Metadata
    record: RfcRecord
    dates: git_dates.DatesFromGit | None


def _read_places(read: _NativeRead) -> None:
    """The basic-information table's rows and the metadata fields of every
    place the template declares."""
    basic = read.sections.get("basic-info")
    table = read.table = info_table(basic)
    if table is None and basic is None:
        table = read.table = lead_info_table(read.head, read.settings, read.doctree,
                                             read.sections.values())
    read.quoted = None
    if table is None:
        read.quoted = quoted_info_table(read.head, read.settings, read.doctree,
                                        read.sections.values(), basic)
        table = read.table = read.quoted.table if read.quoted is not None else None
    read.rows, read.row_problems = [], []
    if table is not None:
        read.rows, read.row_problems = info_rows(table, read.settings, read.source)
    if read.quoted is not None:
        read.row_problems.insert(0, quoted_problem(read.quoted, read.source))
    read.meta_fields = metadata_fields(read.env, read.docname, read.doctree)
    read.declared_extra = {}
    if read.rule is not None:
        read.meta_fields, read.declared_extra = declared_fields(
            read.env, read.docname, read.meta_fields, read.rule, read.settings, read.problems)


def _read_id(read: _NativeRead) -> bool:
    """The RFC ID and its problems; False (``rfc.missing-id``) when there is
    none: the document is no RFC."""
    rfc_id, id_line, id_source = _find_id(
        read.meta_fields, read.rows, read.docname, read.settings)
    if rfc_id is None:
        read.problems.append(Problem(
            "missing-id",
            _("no RFC ID for {docname!r}: give it an 'rfc' metadata field (front matter "
              "or a field list before the title), an ID row in its basic-information table "
              "or a number in its file name; it is not read as an RFC").format(
                docname=read.docname),
            read.source, read.record_line,
        ))
        return False
    read.rfc_id = rfc_id
    # (an ID a dated file name gives is that name, no ID form: not checked)
    from_date = id_line is None and rfc_id == rfc_id_from_name(
        read.docname, read.settings) and dated_name(read.docname)
    if not from_date:
        read.found += id_problems(rfc_id, read.settings, id_source or read.source,
                                  id_line or read.record_line)
    return True


def _merge_fields(read: _NativeRead) -> None:
    """The raw values of the fields, each from the place that wins, with
    the background's type and the status of the document's place when it
    states none."""
    if read.rule is not None:
        read.found += missing_preamble(
            read.env, read.docname, read.rule, read.meta_fields, read.rows,
            read.declared_extra, read.source)
    raw, where, read.conflicts = merge_fields(
        read.meta_fields, read.rows, read.settings, rfc_id=read.rfc_id, source=read.source)
    read.raw, read.where = raw, where
    if "type" not in raw and (typed := background_type(read.sections.get("background"),
                                                        read.settings)):
        raw["type"], where["type"] = typed
    for name, extra in read.declared_extra.items():
        if name not in raw:
            raw[name], where[name] = extra.value, extra.line
    # the fields whose value is written in another file (a KEP's kep.yaml):
    # a problem of one is reported at its line there
    read.elsewhere = {
        f.name: f.source for f in (*read.meta_fields, *read.declared_extra.values())
        if f.source is not None and raw.get(f.name) is f.value
    }
    no_status = profile_of(
        read.settings.template.path if read.settings.template else None).no_status
    if "status" not in raw and (placed := status_by_place(read.docname, read.settings)) is not None:
        # where the folder is the status (rfc_default_status, the template's)
        raw["status"] = placed
    elif "status" not in raw and no_status != "draft":
        # one that declares none has its template's status (MADR's: a decision)
        raw["status"] = no_status


def _parse_fields(read: _NativeRead) -> None:
    """The metadata, parsed from the raw values, each problem at its line
    (in another file for a field written there: a KEP's kep.yaml)."""
    raw, where, record_line = read.raw, read.where, read.record_line
    line_of: Callable[[str], int | None] = lambda name: where.get(name) or record_line  # noqa: E731
    meta, parsed = parse_metadata(
        raw, read.settings, rfc_id=read.rfc_id, source=read.source, line_of=line_of,
        unknown="extra", source_of=read.elsewhere,
        written={f.name: f.written for f in (*read.meta_fields, *read.rows,
                                             *read.declared_extra.values())
                 if f.written is not None and raw.get(f.name) is f.value},
    )
    template = read.settings.template
    if template is not None and template.history:
        # the template version it names (docs/reference/templates.md)
        named = next((f.value for f in read.meta_fields if isinstance(f.value, str)
                      and fold_header(f.name) in _TEMPLATE_KEYS), None)
        if named:
            meta.extra["template"] = named.strip()
    read.meta = meta
    for problem in read.row_problems:
        problem.rfc_id = read.rfc_id
    read.found += read.row_problems + read.conflicts + parsed


def _make_record(read: _NativeRead) -> None:
    """The record, titled by the document's title, else by the template's
    rule (then the page's title too)."""
    env, docname, meta = read.env, read.docname, read.meta
    if isinstance(read.title_node, nodes.title) and _link_heading(read.title_node):
        shown = read.title_node.astext()
        env.titles[docname] = nodes.title(shown, shown)
        env.longtitles[docname] = nodes.title(shown, shown)
    heading = clean_title(astext(read.title_node)) if read.title_node is not None else ""
    untitled = ""
    if not heading:
        untitled = meta.title or (
            plain_title(read.doctree, read.settings) if read.head is None else "") or (
            title_by_rule(read.rule.title, meta, read.raw, docname) if read.rule is not None
            else "")
        if untitled:
            # the page's title, in the toctree and the browser's tab, is the
            # index's (the first section's heading is no title)
            env.titles[docname] = nodes.title(untitled, untitled)
            env.longtitles[docname] = nodes.title(untitled, untitled)
    read.record = new_record(
        meta,
        rfc_id=read.rfc_id,
        title=heading or untitled,
        docname=docname,
        source=read.source,
        line=read.record_line,
        anchor=_anchor(env, read.doctree, read.head, read.rfc_id),
        native=True,
    )


def _link_heading(title: nodes.title) -> bool:
    """Show a title heading that is, whole, a Markdown link Markdown left as
    text (its address holds spaces: ``# [ 标题 ](https://x/a b.md)``) as
    the link meant: its text, trimmed, linking to the address with its
    spaces encoded.  Whether it was one."""
    link = literal_link(title.astext())
    if link is None or not all(isinstance(child, nodes.Text) for child in title.children):
        return False
    text, address = link
    title[:] = [nodes.reference(text, text, refuri=quote(address, safe=_URL_SAFE))]
    return True


#: The characters of an address kept as written (:func:`_link_heading`).
_URL_SAFE = ":/?#[]@!$&'()*+,;=%~"


def _read_tables(read: _NativeRead) -> None:
    """The reviews', the sections' and the template's own tables into the
    record; tables that nearly match a kind told of; the notes of the
    basic-information table."""
    doctree, sections, settings, record = read.doctree, read.sections, read.settings, read.record
    source, rfc_id = read.source, read.rfc_id
    index = read.index
    read.found += read_review_tables(
        doctree, settings, source=source, lines=read.lines, rfc_id=rfc_id, record=record,
        row_of=read.row_of, index=index,
    )
    read.found += read_section_tables(
        doctree, sections, settings, source=source, lines=read.lines, rfc_id=rfc_id,
        record=record, row_of=read.row_of, index=index,
    )
    read.found += read_generic_tables(
        doctree, sections, settings, source=source, rfc_id=rfc_id, record=record, index=index)
    generic = settings.template.generic_tables if settings.template is not None else ()
    read.found += near_miss_tables(
        doctree, table_owners(sections, settings),
        frozenset(id(sections[t.section]) for t in generic
                  if t.section is not None and t.section in sections),
        source=read.source, rfc_id=read.rfc_id, tables=index.tables,
    )
    if read.table is not None:
        for name, note in info_notes(read.table, settings).items():
            add_note(record.notes, name, note)
        mark_info_cells([r for r in read.rows if r.name != "rfc" and uses_row(read.raw, r)])


def _mark_page(read: _NativeRead) -> None:
    """The dates git gives, then the basic information and the diagrams
    marked for the render step."""
    dates = read.dates = git_dates.fill_record(read.app, read.record)
    title_node = read.title_node
    mark_basic_info(  # (a table Markdown read as a quote's text is not on the page)
        read.doctree, read.table if read.quoted is None else None, read.rows, read.record,
        read.settings,
        basic=read.sections.get("basic-info"), head=read.head,
        heading=clean_title(astext(title_node)) if title_node is not None else "",
        from_git=dates.filled if dates is not None else (),
    )
    mark_diagrams(read.doctree, read.index)


#: The reader's steps once the document has an ID (:func:`read_native`).
_STEPS: tuple[Callable[[_NativeRead], None], ...] = (
    _merge_fields, _parse_fields, _make_record, _read_tables, _mark_page)


def read_native(
    app: Sphinx,
    doctree: nodes.document,
    settings: RfcSettings,
    docname: str,
    source: str,
    doc_title: str,
    problems: list[Problem],
    row_of: dict[int, Any] | None = None,
    index: DocIndex | None = None,
) -> tuple[RfcRecord | None, git_dates.DatesFromGit | None]:
    """The record of a template-native RFC, or None (with ``rfc.missing-id``
    in *problems*) when no ID can be found, and what git gave it.  Problems
    of the record go to *problems*, each record row's docutils row to
    *row_of*; the tables found are marked for the render step.  *index*: the
    document's (:class:`~sphinx_rfc.doctree.index.DocIndex`), when the caller
    has it."""
    read = _NativeRead(app, doctree, settings, docname, source, problems, row_of, index)
    _read_places(read)
    if not _read_id(read):
        return None, None
    for step in _STEPS:
        step(read)
    problems.extend(read.found)
    return read.record, read.dates


def _find_id(
    meta_fields: Sequence[RawField], rows: Sequence[RawField], docname: str,
    settings: RfcSettings,
) -> tuple[str | None, int | None, str | None]:
    """The RFC's ID, its line, and the file it is written in when that is
    not the document (a sidecar's)."""
    for fld in meta_fields:
        if fold_header(fld.name) in _META_ID_KEYS:
            value = _id_value(fld.value, settings)
            if value:
                return value, fld.line, fld.source
    for row in rows:
        if row.name == "rfc":
            return _id_value(row.value, settings), row.line, None
    return rfc_id_from_name(docname, settings), None, None


def _anchor(
    env: BuildEnvironment, doctree: nodes.document, head: nodes.section | None, rfc_id: str
) -> str:
    """An id for the RFC on its title section (a target at the top when the
    document has no title).

    The one node the reader makes (docs/reference/architecture.md, "Read
    records, render draws"): the id must be in the read doctree, where
    ``make_id`` keeps it unique among the document's ids and the domain's
    objects point at it from every page."""
    anchor = make_id(env, doctree, "rfc", rfc_id)
    if head is not None:
        head["ids"].append(anchor)
        doctree.ids[anchor] = head
    else:
        target = nodes.target("", "", ids=[anchor])
        doctree.ids[anchor] = target
        doctree.insert(0, target)
    return anchor

