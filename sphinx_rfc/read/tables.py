"""A docutils table -> rows keyed by column -> records, and back to nodes.

The one table-reading path of the package (docs/reference/table-directives.md).  The table
directives use it on their parsed content; the template-native reader uses
it on the tables of plain sections.  It never raises on bad input: what is
wrong becomes a :class:`~sphinx_rfc.model.records.Problem`.

Three steps, each usable alone:

* :func:`read_table` maps a ``nodes.table`` to a :class:`ReadTable`: the
  best-matching :class:`~sphinx_rfc.spec.TableSpec`, the column of each
  header cell, and per row per column the cell node, its plain text and its
  line;
* :func:`table_records` turns a :class:`ReadTable` into records (``Param``,
  ``Dependency``, ``TestLevel``, ...), validating cells;
* :func:`render_table` rewrites the table in place for output: canonical
  headers, normalised enum cells, links.

:func:`read_tables` runs the three over a list of nodes and returns a
:class:`~sphinx_rfc.model.records.TablePayload`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from docutils import nodes

from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import (
    Alternative,
    Change,
    Constraint,
    Dependency,
    Interaction,
    Interface,
    Param,
    Reference,
    TablePayload,
    TestLevel,
)
from sphinx_rfc.nodes import generated, rfc_pending
from sphinx_rfc.render.elements import css_token, xref
from sphinx_rfc.spec.table_kinds import COUNT, LIST, YESNO, ColumnSpec, TableSpec
from sphinx_rfc.spec.text import fold, plain, split_list
from sphinx_rfc.spec.vocabulary import YES_NO, Vocabulary

if TYPE_CHECKING:
    from sphinx_rfc.config import RfcSettings

#: View kind of a dependency's status cell left empty for an RFC component.
DEP_STATUS_VIEW = "dep-status"
#: View kind of a dependency's component that may name a module (when
#: ``rfc_modules`` is empty, only the whole project knows its modules).
DEP_MODULE_VIEW = "dep-module"

#: TableSpec.kind -> key of TablePayload.records.
RECORD_KEYS: dict[str, str] = {
    "interface": "interfaces",
    "dependency": "dependencies",
    "levels": "levels",
    "interactions": "interactions",
    "changes": "changes",
    "alternatives": "alternatives",
    "references": "references",
    "constraints": "constraints",
}


# --------------------------------------------------------------------------
# Read: a table to rows keyed by column


@dataclass
class ReadCell:
    """One cell of a body row, under one header column."""

    #: The column this cell is in (None for an unknown column).
    column: ColumnSpec | None
    #: The author's header text of that column (plain).
    header: str
    #: The cell node; None when the row is shorter than the header.
    entry: nodes.entry | None
    #: Plain text: backticks and surrounding whitespace dropped.
    text: str
    line: int | None


@dataclass
class ReadRow:
    row: nodes.row
    line: int | None
    cells: list[ReadCell]

    def cell(self, key: str) -> ReadCell | None:
        for cell in self.cells:
            if cell.column is not None and cell.column.key == key:
                return cell
        return None

    def text(self, key: str) -> str:
        cell = self.cell(key)
        return cell.text if cell is not None else ""

    def line_of(self, key: str) -> int | None:
        cell = self.cell(key)
        return cell.line if cell is not None and cell.line else self.line

    def is_empty(self) -> bool:
        return not any(cell.text for cell in self.cells)


@dataclass
class ReadTable:
    """A table read against one :class:`TableSpec`."""

    table: nodes.table
    spec: TableSpec
    #: The author's header texts, in the author's column order.
    headers: list[str]
    #: The column of each header (None: unknown), same order.
    columns: list[ColumnSpec | None]
    #: The header cells (None where a span left no cell), same order.
    header_entries: list[nodes.entry | None]
    #: The header row; ``header_in_body`` when it is the first body row.
    header_row: nodes.row | None
    header_in_body: bool
    #: Body rows, empty rows included (see :meth:`ReadRow.is_empty`).
    rows: list[ReadRow]
    line: int | None
    source: str
    #: What messages start with: the directive's name by default.
    prefix: str = ""
    problems: list[Problem] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return self.spec.kind

    def data_rows(self) -> list[ReadRow]:
        return [row for row in self.rows if not row.is_empty()]

    def has_column(self, key: str) -> bool:
        return any(col is not None and col.key == key for col in self.columns)


def _tgroup(table: nodes.table) -> nodes.tgroup | None:
    for child in table.children:
        if isinstance(child, nodes.tgroup):
            return child
    return None


def _table_rows(table: nodes.table) -> tuple[list[nodes.row], list[nodes.row]]:
    """``(thead rows, tbody rows)`` of the table's first tgroup."""
    group = _tgroup(table)
    head: list[nodes.row] = []
    body: list[nodes.row] = []
    if group is None:
        return head, body
    for part in group.children:
        target = head if isinstance(part, nodes.thead) else body
        if isinstance(part, (nodes.thead, nodes.tbody)):
            target.extend(r for r in part.children if isinstance(r, nodes.row))
    return head, body


def _grid(rows: Sequence[nodes.row]) -> list[list[nodes.entry | None]]:
    """Cells by (row, column), spans expanded: a cell spanning rows is
    repeated in each; a cell spanning columns sits in its first column and
    leaves None in the others."""
    grid: list[list[nodes.entry | None]] = []
    carried: dict[tuple[int, int], nodes.entry] = {}
    for r, row in enumerate(rows):
        cells: list[nodes.entry | None] = []
        col = 0
        for entry in row.children:
            if not isinstance(entry, nodes.entry):
                continue
            while (r, col) in carried:
                cells.append(carried.pop((r, col)))
                col += 1
            more_cols = _int_attr(entry, "morecols")
            more_rows = _int_attr(entry, "morerows")
            cells.append(entry)
            cells.extend([None] * more_cols)
            for extra_row in range(1, more_rows + 1):
                carried[(r + extra_row, col)] = entry
            col += 1 + more_cols
        while (r, col) in carried:
            cells.append(carried.pop((r, col)))
            col += 1
        grid.append(cells)
    return grid


def _int_attr(node: nodes.Element, name: str) -> int:
    try:
        return max(0, min(int(node.get(name, 0) or 0), 1000))
    except (TypeError, ValueError):
        return 0


def _own_line(node: nodes.Node, lower: int | None) -> int | None:
    """The first usable line of *node* or its descendants."""
    for sub in node.findall(nodes.Element):
        if sub.line and (lower is None or sub.line >= lower):
            return int(sub.line)
    return None


def cell_text(entry: nodes.entry | None) -> str:
    return plain(entry.astext()) if entry is not None else ""


def table_headers(table: nodes.table) -> list[str]:
    """The plain texts of the table's header row (``thead``, else first row)."""
    head, body = _table_rows(table)
    rows = head or body
    if not rows:
        return []
    grid = _grid(head[-1:] if head else body[:1])
    return [cell_text(e) for e in grid[0]] if grid else []


def _matches(headers: Sequence[str], spec: TableSpec) -> tuple[int, int]:
    """(distinct columns matched, signature columns matched)."""
    keys = {col.key for h in headers if (col := spec.match_header(h)) is not None}
    return len(keys), len(keys & set(spec.signature))


def header_score(headers: Sequence[str], spec: TableSpec) -> int:
    return _matches(headers, spec)[0]


def headers_match(headers: Sequence[str], spec: TableSpec) -> bool:
    """Whether headers name *spec*'s columns well enough to read the table
    as that kind: at least two of its columns (one for a one-column spec),
    and at least half of the non-empty headers."""
    named = [h for h in headers if h]
    matched = header_score(named, spec)
    if not named or matched == 0:
        return False
    return matched >= min(2, len(spec.columns)) and matched * 2 >= len(named)


def best_spec(table: nodes.table, specs: Sequence[TableSpec]) -> TableSpec | None:
    """The spec whose columns the headers name best (None when none matches
    at all); ties go to the spec whose signature columns match, then to the
    first."""
    headers = table_headers(table)
    best: TableSpec | None = None
    best_score = (0, 0)
    for spec in specs:
        score = _matches(headers, spec)
        if score[0] and score > best_score:
            best, best_score = spec, score
    return best


def find_tables(content: Iterable[nodes.Node]) -> list[nodes.table]:
    """Top-level tables in *content*: tables inside a table cell are part of
    that cell."""
    found = []
    for node in content:
        if not isinstance(node, nodes.Element):
            continue
        for table in node.findall(nodes.table):
            parent = table.parent
            nested = False
            while parent is not None:
                if isinstance(parent, nodes.table):
                    nested = True
                    break
                parent = parent.parent
            if not nested:
                found.append(table)
    return found


def is_pipe_table(table: nodes.table, rows: Sequence[nodes.row]) -> bool:
    """A MyST pipe table: the table and every row carry a line, the header
    row the table's.  MyST gives the rows of a pipe table lagging lines, so
    they are computed instead: one source line per row, a delimiter row
    after the header."""
    return bool(table.line) and bool(rows) and rows[0].line == table.line and all(
        r.line for r in rows
    )


def _row_lines(
    table: nodes.table, rows: Sequence[nodes.row],
    grid: Sequence[Sequence[nodes.entry | None]], lower: int | None,
) -> list[int | None]:
    if is_pipe_table(table, rows):
        first = int(table.line or 0)
        return [first, *(first + 1 + i for i in range(1, len(rows)))]
    lines: list[int | None] = []
    for row, cells in zip(rows, grid, strict=True):
        # cells spanning down from a row above carry that row's line
        found = [ln for e in cells if e is not None and e.parent is row
                 and (ln := _own_line(e, lower))]
        lines.append(min(found) if found else None)
    return lines


def read_table(
    table: nodes.table,
    specs: Sequence[TableSpec],
    settings: RfcSettings,
    source: str,
    fallback_line: int | None,
    *,
    spec: TableSpec | None = None,
    prefix: str | None = None,
) -> ReadTable | None:
    """Read *table* as the best-matching of *specs* (or as *spec*).

    Messages start with *prefix* (default: the spec's directive name; the
    template-native reader may say ``"changes table"`` instead).

    Returns None for a table with no row at all.  Header problems
    (``missing-column``, ``unknown-column``) are in the result's
    ``problems``; cell problems come from :func:`table_records`.
    """
    head, body = _table_rows(table)
    if not head and not body:
        return None
    chosen = spec or best_spec(table, specs) or (specs[0] if specs else None)
    if chosen is None:
        return None
    lower = fallback_line
    table_line = table.line if table.line and (lower is None or table.line >= lower) else None
    all_rows = [*head[-1:], *body] if head else list(body)
    grid = _grid([*head, *body])[len(head) - 1 if head else 0:]
    pipe = is_pipe_table(table, all_rows)
    lines = _row_lines(table, all_rows, grid, lower)
    default_line = lines[0] or table_line or fallback_line
    header_cells = grid[0]
    header_row = all_rows[0]
    header_line = lines[0] or default_line

    headers = [cell_text(e) for e in header_cells]
    width = max((len(cells) for cells in grid), default=0)
    headers += [""] * (width - len(headers))
    header_entries: list[nodes.entry | None] = [*header_cells, *[None] * (width - len(header_cells))]
    result = ReadTable(
        table=table, spec=chosen, headers=headers, columns=[], header_entries=header_entries,
        header_row=header_row, header_in_body=not head, rows=[], line=header_line,
        source=source, prefix=prefix or chosen.directive,
    )
    directive = result.prefix

    seen: dict[str, str] = {}
    for index, header in enumerate(headers):
        column = chosen.match_header(header) if header else None
        header_entry = header_entries[index]
        line = None if pipe or header_entry is None else _own_line(header_entry, lower)
        line = line or header_line
        if column is not None and column.key in seen:
            result.problems.append(Problem(
                "unknown-column",
                f"{directive}: column {header!r} repeats column {seen[column.key]!r} "
                f"({column.label}); it is kept as an extra column",
                source, line,
            ))
            column = None
        elif column is not None:
            seen[column.key] = header
        elif header:
            result.problems.append(Problem(
                "unknown-column",
                f"{directive}: unknown column {header!r} in the {_kind_name(chosen)} table; "
                f"known columns: {_known(chosen)}",
                source, line,
            ))
        result.columns.append(column)

    for col in chosen.columns:
        if col.required != "no" and col.key not in seen:
            result.problems.append(Problem(
                "missing-column",
                f"{directive}: the {_kind_name(chosen)} table has no {col.label!r} column "
                f"(headers accepted: {', '.join(col.aliases)})",
                source, header_line,
            ))

    unnamed: set[int] = set()
    for r, (row, cells) in enumerate(zip(all_rows, grid, strict=True)):
        if r == 0:
            continue
        row_line = lines[r] or default_line
        read_cells = []
        for index in range(width):
            entry = cells[index] if index < len(cells) else None
            own = entry is not None and entry.parent is row
            cell_line = _own_line(entry, lower) if own and not pipe and entry else None
            text = cell_text(entry)
            if not headers[index] and text and index not in unnamed:
                unnamed.add(index)
                result.problems.append(Problem(
                    "unknown-column",
                    f"{directive}: cells under a column with no header, column #{index + 1}",
                    source, cell_line or row_line,
                ))
            read_cells.append(ReadCell(
                column=result.columns[index], header=headers[index] or f"#{index + 1}",
                entry=entry, text=text, line=cell_line or row_line,
            ))
        result.rows.append(ReadRow(row=row, line=row_line, cells=read_cells))
    return result


def _kind_name(spec: TableSpec) -> str:
    return {"levels": "test levels", "interface": "parameter"}.get(spec.kind, spec.kind)


def _known(spec: TableSpec) -> str:
    return ", ".join(col.label for col in spec.columns)


# --------------------------------------------------------------------------
# Records: validated cells to model objects


@dataclass
class _RowValues:
    """Validated values of one row (enum cells as keys)."""

    texts: dict[str, str]
    yesno: dict[str, bool | None]
    enums: dict[str, str]
    count: int | None
    lists: dict[str, list[str]]
    extra: dict[str, str]


def _validate_row(
    read: ReadTable, row: ReadRow, problems: list[Problem]
) -> _RowValues:
    directive = read.prefix
    values = _RowValues({}, {}, {}, None, {}, {})
    for cell in row.cells:
        column = cell.column
        if column is None:
            if cell.text and cell.header:
                values.extra.setdefault(cell.header, cell.text)
            continue
        values.texts[column.key] = cell.text
        if not cell.text:
            continue
        if column.kind == YESNO or column.vocabulary is not None:
            vocabulary = column.vocabulary or YES_NO
            key = vocabulary.lookup(cell.text)
            if key is None:
                offered = split_list(cell.text)
                if len(offered) > 1 and all(vocabulary.lookup(o) for o in offered):
                    why = f"{cell.text!r} offers several choices; pick one of"
                else:
                    why = f"invalid value {cell.text!r}; expected one of"
                problems.append(Problem(
                    "invalid-value",
                    f"{directive}: column {column.label!r}{_row_name(read, row)}: {why} "
                    f"{_choice_names(vocabulary)}",
                    read.source, cell.line or row.line,
                ))
            elif column.kind == YESNO:
                values.yesno[column.key] = key == "yes"
            else:
                values.enums[column.key] = key
        elif column.kind == COUNT:
            number = fold(cell.text)
            if number.isdecimal() and number.isascii():
                values.count = int(number)
            else:
                problems.append(Problem(
                    "invalid-value",
                    f"{directive}: invalid count {cell.text!r}{_row_name(read, row)}; "
                    "expected a whole number >= 0",
                    read.source, cell.line or row.line,
                ))
        elif column.kind == LIST:
            values.lists[column.key] = split_list(cell.text)
    return values


def _choice_names(vocabulary: Vocabulary) -> str:
    """``strong (强), weak (弱), none (不涉及)``."""
    names = []
    for choice in vocabulary.choices:
        local = next((a for a in choice.aliases if not a.isascii()), None)
        names.append(f"{choice.key} ({local})" if local else choice.key)
    return ", ".join(names)


def _row_name(read: ReadTable, row: ReadRow) -> str:
    """`` of row 'name'`` (the row's first column), or nothing."""
    name = row.text(read.spec.columns[0].key)
    return f" of row {name!r}" if name else ""


def _row_label(read: ReadTable, row: ReadRow) -> str:
    name = row.text(read.spec.columns[0].key)
    return f"row {name!r}" if name else "a row"


def _required_missing(read: ReadTable, row: ReadRow, values: _RowValues) -> list[str]:
    """Labels of the required columns this row leaves empty."""
    missing = []
    for column in read.spec.columns:
        if not read.has_column(column.key) or row.text(column.key):
            continue
        flag = {"when-chosen": "chosen", "when-verified": "verified"}.get(column.required)
        if column.required == "yes" or (flag and values.yesno.get(flag)):
            missing.append(column.label)
    return missing


def table_records(read: ReadTable, settings: RfcSettings) -> tuple[list[Any], list[Problem]]:
    """The records of a read table (one per non-empty row), and the cell
    problems: ``incomplete-row``, ``invalid-value``, ``duplicate-row``,
    ``unknown-module``.  For an interface table the records are ``Param``."""
    problems: list[Problem] = []
    records: list[Any] = []
    spec = read.spec
    directive = read.prefix
    names: dict[str, int | None] = {}
    for row in read.data_rows():
        values = _validate_row(read, row, problems)
        missing = _required_missing(read, row, values)
        t = values.texts
        line = row.line
        if missing:
            problems.append(Problem(
                "incomplete-row",
                f"{directive}: {_row_label(read, row)} leaves "
                f"{', '.join(repr(m) for m in missing)} empty",
                read.source, line,
            ))
        if spec.kind == "interface":
            name = t.get("name", "")
            required = values.yesno.get("required")
            if (required is False and read.has_column("default") and not t.get("default")
                    and "Default" not in missing):
                problems.append(Problem(
                    "incomplete-row",
                    f"{directive}: parameter {name!r} is not required, so it must have a default",
                    read.source, row.line_of("default"),
                ))
            if name:
                key = fold(name)
                if key in names:
                    problems.append(Problem(
                        "duplicate-row",
                        f"{directive}: parameter {name!r} appears twice in the table "
                        f"(first at line {names[key]})",
                        read.source, line,
                    ))
                else:
                    names[key] = line
            records.append(Param(
                name=name, type=t.get("type", ""), default=t.get("default", ""),
                required=required, meaning=t.get("meaning", ""), range=t.get("range", ""),
                errors=t.get("errors", ""), extra=values.extra, line=line,
            ))
        elif spec.kind == "dependency":
            component = t.get("component", "")
            rfc = component if component and settings.id_pattern.match(component) else None
            records.append(Dependency(
                component=component, strength=values.enums.get("strength", ""),
                status=t.get("status", ""), fallback=t.get("fallback", ""), rfc=rfc,
                module=None if rfc else module_name(component, settings),
                extra=values.extra, line=line,
            ))
        elif spec.kind == "levels":
            records.append(TestLevel(
                level=t.get("level", ""), count=values.count, coverage=t.get("coverage", ""),
                criteria=t.get("criteria", ""), tests=values.lists.get("tests", []),
                extra=values.extra, line=line,
            ))
        elif spec.kind == "interactions":
            records.append(Interaction(
                combination=t.get("combination", ""), verified=values.yesno.get("verified"),
                criteria=t.get("criteria", ""), tests=values.lists.get("tests", []),
                extra=values.extra, line=line,
            ))
        elif spec.kind == "changes":
            module = t.get("module", "")
            if module and (why := settings.unknown_module(module)):
                problems.append(Problem(
                    "unknown-module", f"{directive}: {why}", read.source, row.line_of("module"),
                ))
            records.append(Change(
                module=module, change=t.get("change", ""),
                affects=values.enums.get("affects", ""), extra=values.extra, line=line,
            ))
        elif spec.kind == "alternatives":
            records.append(Alternative(
                option=t.get("option", ""), pros=t.get("pros", ""), cons=t.get("cons", ""),
                chosen=values.yesno.get("chosen"), reason=t.get("reason", ""),
                extra=values.extra, line=line,
            ))
        elif spec.kind == "references":
            records.append(Reference(
                source=t.get("source", ""), approach=t.get("approach", ""),
                limits=t.get("limits", ""), impact=t.get("impact", ""),
                extra=values.extra, line=line,
            ))
        elif spec.kind == "constraints":
            records.append(Constraint(
                type=t.get("type", ""), content=t.get("content", ""),
                extra=values.extra, line=line,
            ))
    return records, problems


def module_name(text: str, settings: RfcSettings) -> str | None:
    """The configured module *text* names (exactly, else case-insensitively)."""
    if not text or not settings.modules:
        return None
    if text in settings.modules:
        return text
    folded = fold(text)
    for name in settings.modules:
        if fold(name) == folded:
            return name
    return None


# --------------------------------------------------------------------------
# Render: the table rewritten in place for output


def _set_content(entry: nodes.entry, *children: nodes.Node) -> None:
    entry.children = []
    entry += nodes.paragraph("", "", *children)


def render_table(read: ReadTable, settings: RfcSettings) -> nodes.table:
    """Rewrite ``read.table`` in place and return it: classes
    ``rfc-table rfc-table-<kind>``, headers replaced by their canonical label
    in the build's language, valid enum cells replaced by their label (classes
    ``rfc-value rfc-value-<key>``), RFC IDs and modules linked.  The author's
    column order and other cells' inline markup are kept."""
    table = read.table
    kind = read.spec.kind
    for cls in ("rfc-table", f"rfc-table-{kind}"):
        if cls not in table["classes"]:
            table["classes"].append(cls)

    for column, entry in zip(read.columns, read.header_entries, strict=True):
        if entry is None:
            continue
        if column is not None:
            _set_content(entry, nodes.Text(str(_(column.label))))
            generated(entry)
            entry["classes"].append(f"rfc-col-{column.key}")
        else:
            entry["classes"].append("rfc-col-extra")
    if read.header_in_body and read.header_row is not None:
        _move_to_thead(table, read.header_row)

    done: set[int] = set()
    for row in read.rows:
        rfc_component: str | None = None
        for cell in row.cells:
            entry = cell.entry
            column = cell.column
            if entry is None or id(entry) in done:
                continue
            done.add(id(entry))
            if column is None:
                entry["classes"].append("rfc-col-extra")
                continue
            entry["classes"].append(f"rfc-col-{column.key}")
            if not cell.text:
                continue
            if column.vocabulary is not None:
                key = column.vocabulary.lookup(cell.text)
                if key is None:
                    entry["classes"].append("rfc-invalid")
                    continue
                badge = nodes.inline(
                    "", str(_(column.vocabulary.label(key))),
                    classes=["rfc-value", f"rfc-value-{css_token(key)}"],
                )
                _set_content(entry, badge)
                generated(entry)
            elif kind == "dependency" and column.key == "component":
                if settings.id_pattern.match(cell.text):
                    rfc_component = cell.text
                    _set_content(entry, xref("ref", cell.text))
                elif (module := module_name(cell.text, settings)) is not None:
                    _set_content(entry, xref("mod", module, cell.text))
                elif not settings.modules:
                    _wrap_in_pending(entry, (DEP_MODULE_VIEW, cell.text))
            elif (kind == "changes" and column.key == "module"
                  and not settings.unknown_module(cell.text)):
                _set_content(entry, xref("mod", cell.text))
        if rfc_component is not None and read.has_column("status") and not row.text("status"):
            status = row.cell("status")
            if status is not None and status.entry is not None:
                _set_content(status.entry, rfc_pending.make((DEP_STATUS_VIEW, rfc_component)))
    return table


def _wrap_in_pending(entry: nodes.entry, view: tuple[str, ...]) -> None:
    """Put the cell's inline content inside an ``rfc_pending`` node, which
    gives it back unchanged when the view has nothing to show."""
    if len(entry.children) != 1 or not isinstance(entry[0], nodes.paragraph):
        return
    paragraph = entry[0]
    inline = list(paragraph.children)
    paragraph.children = []
    pending = rfc_pending.make(view)
    pending.extend(inline)
    paragraph += pending


def _move_to_thead(table: nodes.table, header_row: nodes.row) -> None:
    group = _tgroup(table)
    parent = header_row.parent
    if group is None or not isinstance(parent, nodes.tbody):
        return
    parent.remove(header_row)
    thead = nodes.thead()
    thead += header_row
    group.insert(group.index(parent), thead)
    if not parent.children:
        group.remove(parent)


# --------------------------------------------------------------------------
# The whole path over a directive's (or a section's) content


def read_tables(
    content: Sequence[nodes.Node],
    specs: Sequence[TableSpec],
    settings: RfcSettings,
    *,
    directive: str,
    source: str,
    line: int | None,
    interface_name: str | None = None,
    signature_of: str | None = None,
    only_matching: bool = False,
    render: bool = True,
    prefix: str | None = None,
) -> TablePayload:
    """Read every top-level table of *content* as one of *specs*, render it
    in place, and gather records and problems into a payload.

    With *only_matching* (the template-native reader), tables whose headers
    do not match any spec (:func:`headers_match`) are left untouched and a
    content with no table is no problem; otherwise such a table is read as
    the first spec and ``rfc.no-table`` reported when there is no table.
    """
    payload = TablePayload(directive=directive, line=line)
    interface: Interface | None = None
    found = 0
    for table in find_tables(content):
        spec: TableSpec | None = None
        if only_matching:
            headers = table_headers(table)
            candidates = [s for s in specs if headers_match(headers, s)]
            if not candidates:
                continue
            spec = max(candidates, key=lambda s: _matches(headers, s))
        read = read_table(table, specs, settings, source, line, spec=spec, prefix=prefix)
        if read is None:
            continue
        found += 1
        records, problems = table_records(read, settings)
        # one record per data row, in order (table_records): remember its row
        for record, row in zip(records, read.data_rows(), strict=True):
            payload.row_of[id(record)] = row.row
        payload.problems.extend(read.problems)
        payload.problems.extend(problems)
        if read.kind == "interface":
            if interface is None:
                interface = Interface(interface_name, signature_of, [], line or read.line)
                payload.records.setdefault("interfaces", []).append(interface)
            interface.params.extend(records)
        else:
            payload.records.setdefault(RECORD_KEYS[read.kind], []).extend(records)
        if render:
            render_table(read, settings)
    if not found and not only_matching:
        names = " or ".join(f"a {_kind_name(s)} table" for s in specs)
        payload.problems.append(Problem(
            "no-table", f"{prefix or directive} holds no table; expected {names}", source, line,
        ))
        if interface_name or signature_of:
            payload.records["interfaces"] = [Interface(interface_name, signature_of, [], line)]
    return payload
