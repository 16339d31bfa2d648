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
  ``env.metadata``); else an ``ID`` / ``RFC`` / ``编号`` row of the
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
  with the index.
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
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util.nodes import make_id

from sphinx_rfc.check.sections import section_keys_for_title
from sphinx_rfc.doctree.locations import SourceLines
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import RfcRecord
from sphinx_rfc.read import tables
from sphinx_rfc.read.metadata import KNOWN_FIELDS, Metadata, id_problems, new_record, parse_metadata
from sphinx_rfc.read.sections import clean_title
from sphinx_rfc.render.elements import issue_node, joined, rfc_pending_row, xref
from sphinx_rfc.spec.fields import match_field
from sphinx_rfc.spec.table_kinds import TABLE_DIRECTIVES, TABLES, TableSpec, tables_for_directive
from sphinx_rfc.spec.text import fold_header, plain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.config import RfcSettings

#: View kind of the backlink rows added to a basic-info table wider than
#: two columns (the shared ``backlinks`` rows have two cells).

#: Table keys and metadata names that give the RFC ID.
_ID_KEYS = frozenset(fold_header(k) for k in (
    "rfc", "id", "rfc id", "rfc-id", "rfc_id", "rfc 编号", "rfc编号", "编号",
))
#: Metadata names that give the RFC ID (``id`` alone belongs to other tools).
_META_ID_KEYS = frozenset(fold_header(k) for k in ("rfc", "rfc id", "rfc-id", "rfc_id"))
#: First-column texts of a key/value table's header row.
_HEADER_KEYS = frozenset(fold_header(k) for k in (
    "项目", "字段", "属性", "键", "item", "field", "key", "property", "attribute",
))
_DIGITS = re.compile(r"\d+")
_FRONT_MATTER_END = frozenset({"---", "..."})


@dataclass
class RawField:
    """One metadata value as written, with its line."""

    name: str
    value: str | list[str]
    line: int | None
    #: The value cell of a basic-info row (None for a metadata field).
    cell: nodes.entry | None = None


# --------------------------------------------------------------------------
# Metadata fields: MyST front matter, rST docinfo


def front_matter(path: Path) -> tuple[dict[str, Any], dict[str, int]]:
    """The YAML front matter of a Markdown file and the line of each key.

    Anything unreadable gives ``({}, {})``: MyST reports broken front
    matter itself."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return {}, {}
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return {}, {}
    end = next((i for i in range(1, len(lines)) if lines[i].strip() in _FRONT_MATTER_END), None)
    if end is None:
        return {}, {}
    try:
        import yaml  # type: ignore[import-untyped]

        data = yaml.safe_load("\n".join(lines[1:end]))
    except Exception:  # any YAML error: no front matter
        return {}, {}
    if not isinstance(data, dict):
        return {}, {}
    key_lines: dict[str, int] = {}
    for number in range(1, end):
        match = re.match(r"^([^\s:#][^:]*?)\s*:", lines[number])
        if match:
            key_lines.setdefault(match.group(1).strip("'\""), number + 1)
    return {str(k): v for k, v in data.items()}, key_lines


def _yaml_value(value: Any) -> str | list[str] | None:
    if value is None or isinstance(value, dict):
        return None
    if isinstance(value, (list, tuple)):
        return [str(_scalar(v)) for v in value if v is not None and not isinstance(v, dict)]
    return str(_scalar(value))


def _scalar(value: Any) -> Any:
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def metadata_fields(env: BuildEnvironment, docname: str, doctree: nodes.document) -> list[RawField]:
    """The document's metadata fields, as written (front matter for
    Markdown, the field list before the title for rST)."""
    path = Path(env.doc2path(docname))
    found: list[RawField] = []
    if path.suffix.lower() in (".md", ".markdown", ".myst"):
        data, key_lines = front_matter(path)
        for name, value in data.items():
            parsed = _yaml_value(value)
            if parsed is not None:
                found.append(RawField(name, parsed, key_lines.get(name, 1)))
        return found
    meta: dict[str, Any] = dict(env.metadata.get(docname, {}))
    meta.update(_docinfo(doctree))
    source_lines = _read_lines(path)
    for name, value in meta.items():
        if isinstance(value, (list, tuple)):
            text: str | list[str] = [str(v) for v in value]
        else:
            text = str(value)
        found.append(RawField(name, text, _field_line(source_lines, name)))
    return found


def _docinfo(doctree: nodes.document) -> dict[str, Any]:
    """A docinfo still in the doctree (the metadata collector usually has
    moved it into ``env.metadata`` already)."""
    meta: dict[str, Any] = {}
    for info in doctree.findall(nodes.docinfo):
        for node in info.children:
            if isinstance(node, nodes.authors):
                meta["authors"] = [a.astext() for a in node.children]
            elif isinstance(node, nodes.field) and len(node) == 2:
                meta[node[0].astext()] = node[1].astext()
            elif isinstance(node, nodes.TextElement):
                meta[node.__class__.__name__] = node.astext()
        break
    return meta


def _read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


def _field_line(lines: Sequence[str], name: str) -> int | None:
    pattern = re.compile(rf"^\s*:{re.escape(name)}:", re.IGNORECASE)
    for number, text in enumerate(lines, 1):
        if pattern.match(text):
            return number
    return None


def field_key(name: str, settings: RfcSettings, *, keep_unknown: bool) -> str | None:
    """The ``rfc`` option a metadata name or table key stands for: a known
    field, ``"rfc"`` for the ID, a declared extra field; else the name as
    written (*keep_unknown*, a table row) or None (front matter)."""
    folded = fold_header(name)
    if folded in _ID_KEYS:
        return "rfc"
    if folded in KNOWN_FIELDS:
        return folded
    spec = match_field(name)
    if spec is not None:
        return spec.key
    for extra in settings.extra_fields:
        if fold_header(extra) == folded:
            return extra
    return plain(name) if keep_unknown else None


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
    specs = [t for t in TABLES if t.section == key]
    for section in settings.sections:
        if section.key == key and section.directive in TABLE_DIRECTIVES:
            specs.extend(tables_for_directive(section.directive))
    return tuple(dict.fromkeys(specs))


# --------------------------------------------------------------------------
# The basic-information table


def _tgroup_cols(table: nodes.table) -> int:
    for group in table.findall(nodes.tgroup):
        try:
            return int(group.get("cols", 0))
        except (TypeError, ValueError):
            return 0
    return 0


def info_table(section: nodes.section | None) -> nodes.table | None:
    """The first key/value table (two or three columns) of the basic-info
    section."""
    if section is None:
        return None
    for table in tables.find_tables(section.children[1:]):
        if _nested_in_directive(table):
            continue
        if _tgroup_cols(table) in (2, 3):
            return table
        return None
    return None


def _rows(table: nodes.table) -> tuple[list[nodes.row], list[nodes.row]]:
    head: list[nodes.row] = []
    body: list[nodes.row] = []
    for part in table.findall(nodes.Element):
        if isinstance(part, nodes.thead):
            head.extend(r for r in part.children if isinstance(r, nodes.row))
        elif isinstance(part, nodes.tbody):
            body.extend(r for r in part.children if isinstance(r, nodes.row))
    return head, body


def cell_value(entry: nodes.entry) -> str:
    """A value cell's plain text, with e-mail links written back as
    ``Name <address>`` (MyST turns ``<a@b.c>`` into a bare link)."""
    parts: list[str] = []
    for node in entry.findall(include_self=False):
        if isinstance(node, nodes.Text) and not _inside_mailto(node, entry):
            parts.append(str(node))
        elif isinstance(node, nodes.reference) and str(node.get("refuri", "")).startswith(
            "mailto:"
        ):
            address = str(node["refuri"])[len("mailto:"):]
            text = node.astext().strip()
            before = "".join(parts).rstrip()
            if before.endswith("<"):
                parts.append(address)
            elif text and text != address:
                parts.append(f"{text} <{address}>")
            else:
                parts.append(f"<{address}>")
        elif isinstance(node, nodes.paragraph) and parts:
            parts.append(" ")
    return plain("".join(parts))


def _inside_mailto(node: nodes.Node, stop: nodes.Element) -> bool:
    current = node.parent
    while current is not None and current is not stop:
        if isinstance(current, nodes.reference) and str(current.get("refuri", "")).startswith(
            "mailto:"
        ):
            return True
        current = current.parent
    return False


def _first_cells(row: nodes.row) -> list[nodes.entry]:
    return [e for e in row.children if isinstance(e, nodes.entry)]


def info_rows(
    table: nodes.table, settings: RfcSettings, lines: SourceLines, source: str
) -> tuple[list[RawField], list[Problem]]:
    """The fields of a basic-info table: ``(key, value)`` per row, the
    header row skipped, empty values left out."""
    head, body = _rows(table)
    rows = list(body)
    if head:
        first = _first_cells(head[-1])
        key = tables.cell_text(first[0]) if first else ""
        if key and fold_header(key) not in _HEADER_KEYS and field_key(
            key, settings, keep_unknown=False
        ):
            rows.insert(0, head[-1])  # a header row that is a field: `| 作者 | 张三 |`
    elif rows:
        first = _first_cells(rows[0])
        if first and fold_header(tables.cell_text(first[0])) in _HEADER_KEYS:
            rows = rows[1:]
    found: list[RawField] = []
    problems: list[Problem] = []
    seen: dict[str, int | None] = {}
    all_rows = [*head[-1:], *body]
    # MyST gives the rows of a pipe table lagging lines: count them instead
    pipe = tables.is_pipe_table(table, all_rows) and bool(table.line)
    for row in rows:
        cells = _first_cells(row)
        if len(cells) < 2:
            continue
        key_text = tables.cell_text(cells[0])
        value = cell_value(cells[1])
        name = field_key(key_text, settings, keep_unknown=True) if key_text else None
        if pipe and row in body:
            line: int | None = int(table.line or 0) + 2 + body.index(row)
        elif pipe:
            line = table.line
        else:
            line = lines.cell_line(cells[0])
        if not name or not value:
            continue
        if name in seen:
            problems.append(Problem(
                "duplicate-row",
                f"basic information: field {key_text!r} appears twice "
                f"(first at line {seen[name]}); the first one counts",
                source, line,
            ))
            continue
        seen[name] = line
        found.append(RawField(name, value, line, cells[1]))
    return found, problems


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
# Metadata: merged and validated


def _single(name: str, value: str | list[str], settings: RfcSettings) -> Any:
    """A field's value as parsed, to tell whether two values agree."""
    meta, _problems = parse_metadata(
        {name: value}, settings, rfc_id="", source="", line_of=lambda _n: None, unknown="extra"
    )
    if name in ("title", *KNOWN_FIELDS):
        return getattr(meta, name, None)
    return meta.extra.get(name)


def merge_fields(
    meta_fields: Sequence[RawField], rows: Sequence[RawField], settings: RfcSettings,
    *, rfc_id: str, source: str,
) -> tuple[dict[str, str | list[str]], dict[str, int | None], list[Problem]]:
    """Raw values for :func:`parse_metadata` (metadata fields over table
    rows), the line of each, and the conflicts."""
    raw: dict[str, str | list[str]] = {}
    where: dict[str, int | None] = {}
    problems: list[Problem] = []
    for row in rows:
        if row.name != "rfc":
            raw[row.name] = row.value
            where[row.name] = row.line
    for fld in meta_fields:
        name = field_key(fld.name, settings, keep_unknown=False)
        if name is None or name == "rfc":
            continue
        table_row = next((r for r in rows if r.name == name), None)
        if table_row is not None and _single(name, table_row.value, settings) != _single(
            name, fld.value, settings
        ):
            shown = fld.value if isinstance(fld.value, str) else ", ".join(fld.value)
            problems.append(Problem(
                "invalid-value",
                f"field {name!r} is {table_row.value!r} in the basic-information table "
                f"but {shown!r} in the metadata; the metadata value is used",
                source, table_row.line, rfc_id,
            ))
        raw[name] = fld.value
        where[name] = fld.line
    return raw, where, problems


# --------------------------------------------------------------------------
# Rendering the author's basic-info table


def _link_cells(rows: Sequence[RawField], meta: Metadata, settings: RfcSettings) -> None:
    """Module names, RFC IDs and issues in the author's cells become links,
    when the cell is plain text (the author's own links are kept).  Value
    cells the metadata parser has checked are skipped by the placeholder
    check, as the ``rfc`` directive's options are."""
    for row in rows:
        cell = row.cell
        if cell is None:
            continue
        cell["rfc-generated"] = True  # checked as a field: no second warning
        if any(isinstance(n, nodes.reference) for n in cell.findall(nodes.reference)):
            continue
        content: list[nodes.Node] = []
        if row.name == "modules" and meta.modules:
            content = joined([xref("mod", m) for m in meta.modules])
        elif row.name in ("supersedes", "requires") and getattr(meta, row.name):
            content = joined([xref("ref", i) for i in getattr(meta, row.name)])
        elif row.name == "issues" and meta.issues:
            if not any(isinstance(issue_node(i, settings), nodes.reference) for i in meta.issues):
                continue
            content = joined([issue_node(i, settings) for i in meta.issues])
        if content:
            cell.children = []
            cell += nodes.paragraph("", "", *content)


def add_backlink_rows(table: nodes.table, rfc_id: str) -> None:
    """Rows "Superseded by" / "Required by", filled at resolve time."""
    body = next(iter(table.findall(nodes.tbody)), None)
    if body is None:
        return
    cols = max(_tgroup_cols(table), 2)
    for field in ("superseded_by", "required_by"):
        body += rfc_pending_row(field, rfc_id, cols)


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


def _nested_in_directive(node: nodes.Node) -> bool:
    """Inside a table directive's output, or already read."""
    current: nodes.Node | None = node
    while current is not None:
        if isinstance(current, nodes.Element):
            classes: list[str] = current.get("classes", [])
            if "rfc-directive" in classes or "rfc-table" in classes:
                return True
        current = current.parent
    return False


def _section_of(
    table: nodes.table, owners: Mapping[int, tuple[nodes.section, tuple[TableSpec, ...]]]
) -> tuple[nodes.section, tuple[TableSpec, ...]] | None:
    """The innermost recognised section around *table* that has table kinds."""
    current = table.parent
    while current is not None:
        if isinstance(current, nodes.section) and id(current) in owners:
            return owners[id(current)]
        current = current.parent
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
    for table in tables.find_tables(doctree.children):
        if _nested_in_directive(table):
            continue
        owner = _section_of(table, owners)
        if owner is None:
            continue
        section, specs = owner
        headers = tables.table_headers(table)
        candidates = [s for s in specs if tables.headers_match(headers, s)]
        spec = tables.best_spec(table, candidates) if candidates else None
        if spec is None:
            continue
        title_line = lines.title_line(section[0]) if isinstance(section[0], nodes.title) else None
        payload = tables.read_tables(
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
        rows, row_problems = info_rows(table, settings, lines, source)
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
        _link_cells(used, meta, settings)
        for cls in ("rfc-table", "rfc-table-basic-info", "rfc-native-info"):
            if cls not in table["classes"]:
                table["classes"].append(cls)
        add_backlink_rows(table, rfc_id)
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

