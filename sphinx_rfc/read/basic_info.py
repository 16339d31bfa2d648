"""The basic-information table of a template-native RFC
(docs/reference/native.md): the key/value table of the ``basic-info``
section, its rows as fields, merged with the metadata fields; the
author's table is kept for output, its cells marked for the render step
(:mod:`sphinx_rfc.render.native_info` adds links and rows).

A header row such as ``项目 | 内容`` is a header; a header row that names a
field (``| 作者 | 张三 |``) is a field.  Rows whose key is no field become
extra fields, named as written.  When a metadata field and a row both give
a field, the metadata field wins (it is the machine-maintained value) and a
differing row is reported as ``rfc.invalid-value`` at the row.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeGuard

from docutils import nodes
from markdown_it.token import Token

from sphinx_rfc.check.sections import section_keys_for_title
from sphinx_rfc.doctree.locations import SourceLines, ancestors
from sphinx_rfc.doctree.tables import (
    CellLines,
    cell_text,
    find_tables,
    row_cells,
    table_group,
    table_rows,
    without_messages,
)
from sphinx_rfc.doctree.text import astext, is_html
from sphinx_rfc.i18n import _, local_words
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.nodes import InfoLink
from sphinx_rfc.read.frontmatter import RawField
from sphinx_rfc.read.metadata import KNOWN_FIELDS, parse_metadata
from sphinx_rfc.read.tables import inside_read_table, mark_cell
from sphinx_rfc.spec.aliases import field_words
from sphinx_rfc.spec.fields import FIELDS, ID_KEYS, match_field
from sphinx_rfc.spec.folding import nearest
from sphinx_rfc.spec.menus import template_asks, unchosen_menu
from sphinx_rfc.spec.template_parts import markdown_parser
from sphinx_rfc.spec.text import fold_header, plain

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings

#: First-column texts of a key/value table's header row.
_HEADER_KEYS = frozenset(fold_header(k) for k in (
    "项目", "字段", "属性", "键", "item", "field", "key", "property", "attribute",
))


def field_key(name: str, settings: RfcSettings, *, keep_unknown: bool) -> str | None:
    """The ``rfc`` option a metadata name or table key stands for: a known
    field, ``"rfc"`` for the ID, a declared extra field; else the name as
    written (*keep_unknown*, a table row) or None (front matter)."""
    folded = fold_header(name)
    if folded in ID_KEYS:
        return "rfc"
    if folded in KNOWN_FIELDS:
        return folded
    spec = match_field(name)
    own = settings.own_field_names
    if spec is not None and (own is None or folded in {
        fold_header(w) for w in own.get(spec.key, ())
    }):
        return spec.key  # (rfc_template_strict: only the template's words)
    if (configured := settings.aliases.field_key(folded)) is not None:
        return configured
    for extra in settings.extra_fields:
        if fold_header(extra) == folded:
            return extra
    return plain(name) if keep_unknown else None


# --------------------------------------------------------------------------
# Reading the table


def _column_count(table: nodes.table) -> int:
    group = table_group(table)
    try:
        return int(group.get("cols", 0)) if group is not None else 0
    except (TypeError, ValueError):
        return 0


def info_table(section: nodes.section | None) -> nodes.table | None:
    """The first key/value table (two or three columns) of the basic-info
    section."""
    if section is None:
        return None
    for table in find_tables(section.children[1:]):
        if inside_read_table(table):
            continue
        if _column_count(table) in (2, 3):
            return table
        return None
    return None


#: Set on a document whose basic information is a table straight under its
#: title (:func:`lead_info_table`): its "basic-info" section is not missing.
LEAD_INFO = "rfc-lead-info"


def lead_info_table(head: nodes.section | None, settings: RfcSettings,
                    doctree: nodes.document | None = None,
                    known: Collection[nodes.section] = ()) -> nodes.table | None:
    """A basic-information table written with no section of its own (an
    issue pasted without its ``## 1. 基本信息`` heading): the first
    key/value table before the first template section that is one
    (:func:`_is_lead`).  It may stand straight under the title, or in the
    author's own sections before the first template section (a leading
    ``## 知识产权声明`` with a record table at its end): sections that name
    no template section (their heading names none, nor is it one of
    *known*, the sections recognised) are looked into, up to the first one
    that does.  With *doctree*, a table before the title heading too, or
    before the first heading of a document with none (*head* None; its
    title a plain first line, :func:`plain_title`)."""
    for table, inside in _lead_tables(head, settings, doctree, known):
        if _is_lead(table, settings, strict=inside):
            document = head.document if head is not None else doctree
            if document is not None:
                document[LEAD_INFO] = True
            return table
    return None


def _lead_tables(
    head: nodes.section | None, settings: RfcSettings, doctree: nodes.document | None,
    known: Collection[nodes.section],
) -> list[tuple[nodes.table, bool]]:
    """The tables before the first template section, in order, each with
    whether it stands in an author's own section (not the title's)."""
    return [(table, inside) for node, inside in _lead(head, settings, doctree, known)
            for table in find_tables([node])]


def _lead(
    head: nodes.section | None, settings: RfcSettings, doctree: nodes.document | None,
    known: Collection[nodes.section],
) -> list[tuple[nodes.Node, bool]]:
    """The nodes before the first template section (:func:`_lead_nodes`)."""
    lead: list[tuple[nodes.Node, bool]] = []
    chosen = {id(section) for section in known}
    if doctree is not None:
        _lead_nodes(doctree.children, settings, chosen, lead, head, inside=False)
    elif head is not None:
        _lead_nodes(head.children[1:], settings, chosen, lead, head, inside=False)
    return lead


def _lead_nodes(children: Sequence[nodes.Node], settings: RfcSettings, chosen: set[int],
                lead: list[tuple[nodes.Node, bool]], head: nodes.section | None, *,
                inside: bool) -> bool:
    """Add to *lead* the nodes of *children* before the first section that
    names a template section, in order, looking into the title's section
    (*head*) and the sections that name none (the nodes there marked
    *inside*); whether that section was reached."""
    for child in children:
        if not isinstance(child, nodes.section):
            lead.append((child, inside))
            continue
        title = child[0] if child.children and isinstance(child[0], nodes.title) else None
        if child is not head and (id(child) in chosen or title is None or section_keys_for_title(
                title.astext(), settings.sections)):
            return True
        if _lead_nodes(child.children[1:], settings, chosen, lead, head,
                       inside=inside or child is not head):
            return True
    return False


def _is_lead(table: nodes.table, settings: RfcSettings, *, strict: bool = False) -> bool:
    """Whether a table before the first template section is the basic
    information: two or three columns, and rows that are, for the most part
    and at least two, fields (a row whose key is no known field is an extra
    one).  *strict* (a table in an author's own section, or one Markdown
    read as a quote's text): at least two rows whose keys are known fields,
    however many rows of its own the team's record table adds (``RFC
    版本号``, ``文件名``); a table of terms or parameters is none."""
    if inside_read_table(table) or _column_count(table) not in (2, 3):
        return False
    rows = _field_rows(table, settings)
    if strict:
        return sum(1 for _cells, key, _name in rows
                   if key and field_key(key, settings, keep_unknown=False) is not None) >= 2
    known = sum(1 for _cells, _key, name in rows if name is not None)
    return known >= 2 and 2 * known >= len(rows)


# --------------------------------------------------------------------------
# A table swallowed by the quote above it


def quoted_info_table(
    head: nodes.section | None, settings: RfcSettings, doctree: nodes.document,
    known: Collection[nodes.section] = (), basic: nodes.section | None = None,
) -> QuotedTable | None:
    """The basic-information table written straight under a quote's line
    with no blank line between (``> 文档信息`` then ``| 作者 | 张三 |``):
    Markdown reads its rows as the quote's text (a lazy continuation line
    continues the quote's paragraph, GitHub's Markdown too), so no table is
    on the page.  Looked for where the table itself is (*basic*, the
    basic-information section, else the lead: :func:`lead_info_table`);
    the first whose rows form a valid pipe table (a header row, a delimiter
    row, rows) that is a basic-information table."""
    where = list(basic.children[1:]) if basic is not None else [
        node for node, _inside in _lead(head, settings, doctree, known)]
    lines = SourceLines(doctree)
    for node in where:
        for quote in ([node] if isinstance(node, nodes.block_quote) else []):
            found = _quoted_table(quote, lines)
            if found is not None and ((basic is not None and _column_count(found.table) in (2, 3))
                                      or _is_lead(found.table, settings, strict=True)):
                if basic is None:
                    doctree[LEAD_INFO] = True
                return found
    return None


@dataclass(frozen=True)
class QuotedTable:
    """A pipe table Markdown read as a quote's text (:func:`quoted_info_table`):
    the table its rows form, detached from the page, and its file and first line."""

    table: nodes.table
    source: str
    line: int


def _quoted_table(quote: nodes.block_quote, lines: SourceLines) -> QuotedTable | None:
    """The pipe table the lazy lines of *quote*'s last paragraph form, whole."""
    paragraph = quote[-1] if quote.children else None
    if not isinstance(paragraph, nodes.paragraph) or not paragraph.line:
        return None
    text = lines.get(paragraph)
    at = paragraph.line - 1
    while at < len(text) and text[at].lstrip().startswith(">"):
        at += 1  # (the quote's own lines)
    end = at
    while end < len(text) and text[end].strip() and not text[end].lstrip().startswith(">"):
        end += 1  # (its lazy lines, up to a blank line)
    if end - at < 3 or at == paragraph.line - 1:
        return None
    tokens = markdown_parser().parse("\n".join(text[at:end]))
    if not tokens or tokens[0].type != "table_open" or tokens[0].map != [0, end - at] \
            or not any(t.type == "tbody_open" for t in tokens):
        return None
    source = str(paragraph.source or lines.default)
    return QuotedTable(_table_of(tokens, source, at + 1), source, at + 1)


def quoted_problem(quoted: QuotedTable, source: str) -> Problem:
    """The ``quoted-table`` warning of a table Markdown read as a quote's
    text, at the table's first line (*source*: the document's, as its other
    problems name it)."""
    return Problem(
        "quoted-table",
        _("the table at line {line} follows a quote with no blank line between them: Markdown "
          "reads its rows as the quote's text, and the page shows no table; its rows are read "
          "as the basic information. Put a blank line before the table").format(
            line=quoted.line),
        source, quoted.line,
    )


def _table_of(tokens: Sequence[Token], source: str, first: int) -> nodes.table:
    """A docutils table of markdown-it's table *tokens*, its rows placed on
    their lines from *first* (the delimiter row's line skipped)."""
    table = nodes.table()
    table.source, table.line = source, first
    group = nodes.tgroup(cols=0)
    table += group
    part: nodes.Element = group
    row = nodes.row()
    for token in tokens:
        if token.type in ("thead_open", "tbody_open"):
            part = nodes.thead() if token.type == "thead_open" else nodes.tbody()
            group += part
        elif token.type == "tr_open":
            row = nodes.row()
            row.source, row.line = source, first + (token.map or [0])[0]
            part += row
        elif token.type == "inline":
            entry = nodes.entry()
            entry.source, entry.line = source, row.line
            paragraph = nodes.paragraph("", "", *_inline_nodes(token.children or []))
            paragraph.source, paragraph.line = source, row.line
            entry += paragraph
            row += entry
    columns = max((len(r.children) for r in table.findall(nodes.row)), default=0)
    group["cols"] = columns
    for _column in range(columns):
        group.insert(0, nodes.colspec(colwidth=1))
    return table


def _inline_nodes(children: Sequence[Token]) -> list[nodes.Node]:
    """A cell's text as docutils nodes: text, links (web and mail), code,
    HTML as raw markup; emphasis marks dropped."""
    found: list[nodes.Node] = []
    link: nodes.reference | None = None
    for token in children:
        into: list[nodes.Node] | nodes.reference = link if link is not None else found
        if token.type == "link_open":
            link = nodes.reference("", "", refuri=str(token.attrs.get("href", "")))
            found.append(link)
        elif token.type == "link_close":
            link = None
        elif token.type in ("text", "code_inline"):
            node: nodes.Node = nodes.Text(token.content) if token.type == "text" else \
                nodes.literal(token.content, token.content)
            into.append(node)
        elif token.type in ("softbreak", "hardbreak"):
            into.append(nodes.Text(" "))
        elif token.type == "html_inline":
            into.append(nodes.raw(token.content, token.content, format="html"))
    return found


#: A plain first line longer than this is a sentence, no title.
_TITLE_LINE_MAX = 80


def plain_title(doctree: nodes.document, settings: RfcSettings) -> str:
    """The title of a document written as its plain first line, straight
    above its basic-information table (:func:`lead_info_table`), before
    any heading: `Poisson OP性能优化设计文档` then `| 提交作者 | … |`.
    "" when the document starts otherwise (a first line that is a
    sentence is no title).  Decided once, when the reader first asks, and
    kept on the document (the table is marked and rendered afterwards)."""
    if PLAIN_TITLE in doctree:
        return str(doctree[PLAIN_TITLE])
    doctree[PLAIN_TITLE] = found = _plain_title(doctree, settings)
    return found


#: Set on a document by :func:`plain_title`: its title line, or "".
PLAIN_TITLE = "rfc-plain-title"


def _plain_title(doctree: nodes.document, settings: RfcSettings) -> str:
    body = [c for c in doctree.children
            if not isinstance(c, (nodes.comment, nodes.target, nodes.substitution_definition))]
    if len(body) < 2 or not isinstance(body[0], nodes.paragraph) \
            or not isinstance(body[1], nodes.table):
        return ""
    # (`#为 Paddle 新增 apply API 设计文档`: a heading meant, its `#` glued)
    text = body[0].astext().strip().lstrip("#").strip()
    if not text or "\n" in text or len(text) > _TITLE_LINE_MAX \
            or text.endswith(("。", ".", "：", ":")):
        return ""
    return text if _is_lead(body[1], settings) else ""


def _field_rows(
    table: nodes.table, settings: RfcSettings
) -> list[tuple[list[nodes.entry], str, str | None]]:
    """The rows of a basic-info table that may be fields, the header row
    skipped: their cells, key text and field name (None: no key)."""
    head, body = table_rows(table)
    rows = list(body)
    if head:
        first = row_cells(head[-1])
        key = cell_text(first[0]) if first else ""
        if key and fold_header(key) not in _HEADER_KEYS and field_key(
            key, settings, keep_unknown=False
        ):
            rows.insert(0, head[-1])  # a header row that is a field: `| 作者 | 张三 |`
    elif rows:
        first = row_cells(rows[0])
        if first and fold_header(cell_text(first[0])) in _HEADER_KEYS:
            rows = rows[1:]
    found = []
    for row in rows:
        cells = row_cells(row)
        if len(cells) < 2:
            continue
        # (an asterisk beside a key marks it required: 负责人<span>*</span>)
        key_text = cell_text(cells[0]).strip("*＊ ") or cell_text(cells[0])
        name = field_key(key_text, settings, keep_unknown=True) if key_text else None
        found.append((cells, key_text, name))
    return found


#: Fields whose value cell keeps the URLs of its links (``text <url>``);
#: other fields (modules, RFC IDs, status, dates) take the link's text.
_LINK_FIELDS = ("authors", "issues")


def info_rows(
    table: nodes.table, settings: RfcSettings, source: str
) -> tuple[list[RawField], list[Problem]]:
    """The fields of a basic-info table: ``(key, value)`` per row, the
    header row skipped, empty values left out."""
    found: list[RawField] = []
    problems: list[Problem] = []
    seen: dict[str, int | None] = {}
    cell_line = CellLines()
    # rows the template's basic-information table asks the author to fill
    # (its cell a placeholder, a menu or empty): an empty one is a
    # placeholder left (an issue form's empty field)
    asks = template_asks(settings.template)
    required = asks.fields
    for cells, key_text, name in _field_rows(table, settings):
        keep_links = name is not None and (
            name in _LINK_FIELDS or (match_field(name) is None and name != "rfc")
        )
        value = cell_value(cells[1], links=keep_links)
        line = cell_line(cells[0])
        if name in required and not value and name not in seen:
            seen[name] = line
            problems.append(Problem(
                "placeholder",
                _("basic information: field {key!r} (line {line}) is empty; fill it in").format(
                    key=key_text, line=line),
                source, line,
            ))
        if not name or not value:
            continue
        menu = unchosen_menu(cell_text(cells[1]), key_text, asks.menus)
        if menu is not None:
            problems.append(Problem(
                "placeholder",
                _("basic information: field {key!r} (line {line}) leaves the menu {menu!r} "
                  "unchosen; keep the option that applies").format(
                    key=key_text, line=line, menu=menu),
                source, line,
            ))
        if name == plain(key_text) and (near := _near_field(key_text, settings)) is not None:
            problems.append(Problem(
                "near-miss",
                _("basic information: unknown field {key!r}; it is kept as an extra field — "
                  "did you mean {near!r}?").format(key=key_text, near=near),
                source, line,
            ))
        if name in seen:
            problems.append(Problem(
                "duplicate-row",
                _("basic information: field {key!r} appears twice (first at line {line}); "
                  "the first one counts").format(key=key_text, line=seen[name]),
                source, line,
            ))
            continue
        seen[name] = line
        found.append(RawField(name, value, line, cells[1],
                              written=key_text.rstrip(":： ") if key_text != name else None))
    return found, problems


def _near_field(key: str, settings: RfcSettings) -> str | None:
    """The known field word one edit from an unknown *key* (``相关模快``:
    ``相关模块``), in the project's language; None for a declared extra
    field, a known one or one not close to any."""
    if field_key(key, settings, keep_unknown=False) is not None:
        return None
    words: dict[str, str] = {}
    own = settings.own_field_names
    for spec in FIELDS:
        known = field_words(spec, settings.aliases) if own is None else (
            spec.key, *own.get(spec.key, ()), *settings.aliases.fields.get(spec.key, ()))
        for word in local_words(known):
            words.setdefault(fold_header(word), word)
    return nearest(key, words)


def info_notes(table: nodes.table, settings: RfcSettings) -> dict[str, str]:
    """The third column of a basic-info table (``备注``, notes): field ->
    its note, named as in ``rfcs.json`` (``id`` for the ID row)."""
    notes: dict[str, str] = {}
    for cells, _key_text, name in _field_rows(table, settings):
        if name is None or len(cells) < 3:
            continue
        note = cell_value(cells[2], links=True)
        if note:
            notes.setdefault("id" if name == "rfc" else name, note)
    return notes


def cell_value(entry: nodes.entry, *, links: bool = False) -> str:
    """A value cell's plain text, with e-mail links written back as
    ``Name <address>`` (MyST turns ``<a@b.c>`` into a bare link), docutils'
    diagnostics left out; with *links*, other links too (``text <url>``,
    the URL alone for a bare link)."""
    entry = without_messages(entry)
    parts: list[str] = []
    for node in entry.findall(include_self=False):
        if isinstance(node, nodes.raw) and is_html(node):
            parts.append(astext(node))  # (markup, not words: a <br> a break)
        elif isinstance(node, nodes.Text) and isinstance(node.parent, nodes.raw) and is_html(
                node.parent):
            continue
        elif isinstance(node, nodes.Text) and not _inside_link(node, entry, links):
            parts.append(str(node))
        elif _is_mailto(node):
            address = str(node["refuri"])[len("mailto:"):]
            text = node.astext().strip()
            before = "".join(parts).rstrip()
            if before.endswith("<"):
                parts.append(address)
            elif text and text != address:
                parts.append(f"{text} <{address}>")
            else:
                parts.append(f"<{address}>")
        elif links and _is_web_link(node):
            url = str(node["refuri"])
            text = node.astext().strip()
            parts.append(f"{text} <{url}>" if text and text != url else url)
        elif isinstance(node, nodes.paragraph) and parts:
            parts.append(" ")
    return plain("".join(parts))


def _is_web_link(node: nodes.Node) -> TypeGuard[nodes.reference]:
    return isinstance(node, nodes.reference) and str(node.get("refuri", "")).startswith(
        ("http://", "https://")
    )


def _is_mailto(node: nodes.Node) -> TypeGuard[nodes.reference]:
    return isinstance(node, nodes.reference) and str(node.get("refuri", "")).startswith("mailto:")


def _inside_link(node: nodes.Node, stop: nodes.Element, links: bool) -> bool:
    """Whether *node* is the text of a mail link (with *links*, of any web
    link) inside *stop* (the cell)."""
    for parent in ancestors(node):
        if parent is stop:
            return False
        if _is_mailto(parent) or (links and _is_web_link(parent)):
            return True
    return False


# --------------------------------------------------------------------------
# Merging with the metadata fields


def merge_fields(
    meta_fields: Sequence[RawField], rows: Sequence[RawField], settings: RfcSettings,
    *, rfc_id: str, source: str,
) -> tuple[dict[str, str | list[str]], dict[str, int | None], list[Problem]]:
    """Raw values for :func:`~sphinx_rfc.read.metadata.parse_metadata`
    (metadata fields over table rows), the line of each, and the conflicts."""
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
        if table_row is not None and name == "issues":
            # one list, the table's items first (an imported RFC's front
            # matter adds its own issue to the body's: docs/reference/import.md)
            stated = _parsed(name, table_row.value, settings)
            more = [i for i in _parsed(name, fld.value, settings) if i not in stated]
            if more:
                raw[name] = [table_row.value, *more] if isinstance(table_row.value, str) else [
                    *table_row.value, *more]
            continue
        if table_row is not None and _parsed(name, table_row.value, settings) != _parsed(
            name, fld.value, settings
        ):
            shown = fld.value if isinstance(fld.value, str) else ", ".join(fld.value)
            problems.append(Problem(
                "invalid-value",
                _("field {name!r} is {table!r} in the basic-information table but {meta!r} "
                  "in the metadata; the metadata value is used").format(
                    name=name, table=table_row.value, meta=shown,
                ),
                source, table_row.line, rfc_id,
            ))
        raw[name] = fld.value
        where[name] = fld.line
    return raw, where, problems


def _parsed(name: str, value: str | list[str], settings: RfcSettings) -> Any:
    """A field's value as parsed, to tell whether two values agree."""
    meta, _problems = parse_metadata(
        {name: value}, settings, rfc_id="", source="", line_of=lambda _n: None, unknown="extra"
    )
    if name in ("title", *KNOWN_FIELDS):
        return getattr(meta, name, None)
    return meta.extra.get(name)


# --------------------------------------------------------------------------
# The author's table, for output

#: Fields whose value cell the render step shows as links.
_LINKED = ("modules", "supersedes", "requires", "issues")


def uses_row(raw: dict[str, str | list[str]], row: RawField) -> bool:
    """Whether the metadata's value of *row*'s field is the row's value (or,
    for ``issues``, starts with it: the union of :func:`merge_fields`)."""
    value = raw.get(row.name)
    return value is row.value or (
        row.name == "issues" and isinstance(value, list) and bool(value)
        and value[0] is row.value
    )


def mark_info_cells(rows: Sequence[RawField]) -> None:
    """Mark the value cells of *rows* (those the metadata uses): the render
    step links the module names, RFC IDs and issues in them
    (:func:`sphinx_rfc.render.native_info.draw_native_info`).  Value cells
    the metadata parser has checked are skipped by the placeholder check,
    as the ``rfc`` directive's options are."""
    for row in rows:
        cell = row.cell
        if cell is None:
            continue
        cell["rfc-generated"] = True  # checked as a field: no second warning
        if row.name in _LINKED:
            mark_cell(cell, InfoLink(row.name))

