"""A docutils table -> the table kind its headers name -> records.

The one table-reading path of the package (docs/reference/table-directives.md).  The table
directives use it on their parsed content; the template-native reader uses
it on the tables of plain sections.  It never raises on bad input: what is
wrong becomes a :class:`~sphinx_rfc.model.problems.Problem`.

Three steps, each usable alone:

* :func:`read_table` maps a ``nodes.table`` to a
  :class:`~sphinx_rfc.read.table_records.ReadTable`: the best-matching
  :class:`~sphinx_rfc.spec.table_kinds.TableSpec`, the column of each header
  cell, and per row per column the cell node, its plain text and its line;
* :func:`~sphinx_rfc.read.table_records.table_records` turns it into
  records (``Param``, ``Dependency``, ``TestLevel``, ...), validating cells;
* :func:`mark_table` notes, on the table and its cells, what the render
  step makes of them when the page is resolved
  (:func:`~sphinx_rfc.render.tables.draw_read_table`: canonical headers,
  normalised enum cells, links); nothing is drawn at read time.

:func:`read_tables` runs the three over a list of nodes and returns a
:class:`~sphinx_rfc.model.records.TablePayload`.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from docutils import nodes

from sphinx_rfc.doctree.locations import ancestors
from sphinx_rfc.doctree.tables import (
    fast_cell_text,
    find_tables,
    own_line,
    pipe_cell_counts,
    pipe_row_lines,
    span_grid,
    table_headers,
    table_rows,
    unreadable_tables,
)
from sphinx_rfc.i18n import _, local_words, translating
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import Interface, TablePayload
from sphinx_rfc.nodes import (
    CELL_MARK,
    DEP_MODULE_VIEW,
    DEP_STATUS_VIEW,
    INFO_MARK,
    INVALID_CELL,
    TABLE_MARK,
    AddClass,
    Badge,
    CellOp,
    DepModule,
    DepStatus,
    Label,
    ModuleLink,
    RefLink,
    TableMark,
    ViewKey,
    cell_op,
)
from sphinx_rfc.read.table_records import RECORD_KINDS, ReadCell, ReadRow, ReadTable, row_records
from sphinx_rfc.spec.cells import module_cell, module_name, read_choice
from sphinx_rfc.spec.messages import series
from sphinx_rfc.spec.table_kinds import ColumnSpec, TableSpec, is_note_header
from sphinx_rfc.spec.text import fold_header

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings

# --------------------------------------------------------------------------
# Which kind a table is: its headers against the specs


def _matches(headers: Sequence[str], spec: TableSpec) -> tuple[int, int]:
    """(distinct columns matched, signature columns matched)."""
    keys = {col.key for h in headers if (col := spec.match_header(h)) is not None}
    return len(keys), len(keys & set(spec.signature))


def header_score(headers: Sequence[str], spec: TableSpec) -> int:
    return _matches(headers, spec)[0]


def headers_match(headers: Sequence[str], spec: TableSpec) -> bool:
    """Whether headers name *spec*'s columns well enough to read the table
    as that kind: at least two of its columns (one for a one-column spec),
    and at least half of the non-empty headers that are no remarks column."""
    named = [h for h in headers if h and (spec.match_header(h) or not is_note_header(h))]
    matched = header_score(named, spec)
    if not named or matched == 0:
        return False
    return matched >= min(2, len(spec.columns)) and matched * 2 >= len(named)


def best_spec(table: nodes.table, specs: Sequence[TableSpec]) -> TableSpec | None:
    """The spec whose columns the headers name best (None when none matches
    at all); ties go to the spec whose signature columns match, then to the
    first."""
    return best_of(table_headers(table), specs)


def best_of(headers: Sequence[str], specs: Sequence[TableSpec]) -> TableSpec | None:
    """:func:`best_spec` for headers already read."""
    best: TableSpec | None = None
    best_score = (0, 0)
    for spec in specs:
        score = _matches(headers, spec)
        if score[0] and score > best_score:
            best, best_score = spec, score
    return best


# --------------------------------------------------------------------------
# Read: a table to rows keyed by column


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
    ``problems``; cell problems come from
    :func:`~sphinx_rfc.read.table_records.table_records`.
    """
    head, body = table_rows(table)
    if not head and not body:
        return None
    # spans from earlier header rows reach into the last one
    grid = span_grid([*head, *body])[len(head) - 1 if head else 0:]
    text_of = fast_cell_text
    header_cells = grid[0]
    headers = [text_of(e) for e in header_cells]
    if spec is not None:
        chosen: TableSpec | None = spec
    elif len(head) <= 1:
        # (the header row's own cells: what best_spec would read again)
        chosen = best_of(headers, specs)
    else:
        chosen = best_spec(table, specs)
    chosen = chosen or (specs[0] if specs else None)
    if chosen is None:
        return None
    lower = fallback_line
    table_line = table.line if table.line and (lower is None or table.line >= lower) else None
    all_rows = [*head[-1:], *body] if head else list(body)
    pipe_lines = pipe_row_lines(table, (head, body))
    pipe = pipe_lines is not None
    if pipe_lines is not None:
        lines: list[int | None] = [pipe_lines[id(row)] for row in all_rows]
    else:
        lines = _own_row_lines(all_rows, grid, lower)
    default_line = lines[0] or table_line or fallback_line
    header_line = lines[0] or default_line

    width = max((len(cells) for cells in grid), default=0)
    headers += [""] * (width - len(headers))
    header_entries: list[nodes.entry | None] = [*header_cells, *[None] * (width - len(header_cells))]
    result = ReadTable(
        table=table, spec=chosen, headers=headers, columns=[], header_entries=header_entries,
        header_row=all_rows[0], header_in_body=not head, rows=[], line=header_line,
        source=source, prefix=prefix or chosen.directive,
    )
    _read_columns(result, header_line, lower, own_lines=not pipe)

    # a Markdown row with more cells than its header loses the extra ones
    counts = pipe_cell_counts(table, width, parts=(head, body), lines=pipe_lines) if pipe else None
    _read_body(result, list(zip(all_rows, grid, strict=True)), lines, default_line,
               counts=counts, text_of=text_of, lower=lower, pipe=pipe)
    return result


def _read_body(
    result: ReadTable,
    rows: list[tuple[nodes.row, list[nodes.entry | None]]],
    lines: list[int | None],
    default_line: int | None,
    *,
    counts: dict[int, tuple[int, int]] | None,
    text_of: Callable[[nodes.entry | None], str],
    lower: int | None,
    pipe: bool,
) -> None:
    """The rows after the header (*rows*: each with its cells on the
    grid) read into *result*, cell by cell under its columns."""
    source, headers = result.source, result.headers
    width = len(headers)
    unnamed: set[int] = set()
    for r, (row, cells) in enumerate(rows):
        if r == 0:
            continue
        row_line = lines[r] or default_line
        if counts and id(row) in counts:
            result.problems.append(
                _cell_count_problem(result, cells, text_of, counts[id(row)], row_line))
        read_cells = []
        for index in range(width):
            entry = cells[index] if index < len(cells) else None
            own = entry is not None and entry.parent is row
            cell_line = own_line(entry, lower) if own and not pipe and entry else None
            text = text_of(entry)
            if not headers[index] and text and index not in unnamed:
                unnamed.add(index)
                result.problems.append(Problem(
                    "unknown-column",
                    _("{prefix}: cells under a column with no header, column #{number}")
                    .format(prefix=result.prefix, number=index + 1),
                    source, cell_line or row_line,
                ))
            read_cells.append(ReadCell(
                column=result.columns[index], header=headers[index] or f"#{index + 1}",
                entry=entry, text=text, line=cell_line or row_line,
            ))
        result.rows.append(ReadRow(row=row, line=row_line, cells=read_cells))


def _cell_count_problem(
    result: ReadTable, cells: list[nodes.entry | None],
    text_of: Callable[[nodes.entry | None], str], count: tuple[int, int],
    row_line: int | None,
) -> Problem:
    """``cell-count``: a Markdown row with more or fewer cells than its header."""
    have, want = count
    first = text_of(cells[0]) if cells and cells[0] is not None else ""
    label = (_("row {name!r}").format(name=first) if first
             else _("the row at line {line}").format(line=row_line))
    message = (_("{prefix}: {row} has {count} cells, its header {header}; the cells "
                 "after the last column are dropped") if have > want
               else _("{prefix}: {row} has {count} cells, its header {header}; the "
                      "cells it lacks are empty"))
    return Problem(
        "cell-count",
        message.format(prefix=result.prefix, row=label, count=have, header=want),
        result.source, row_line,
    )


def _own_row_lines(
    rows: Sequence[nodes.row], grid: Sequence[Sequence[nodes.entry | None]], lower: int | None,
) -> list[int | None]:
    """Each row's line from the lines inside its own cells."""
    lines: list[int | None] = []
    for row, cells in zip(rows, grid, strict=True):
        # cells spanning down from a row above carry that row's line
        found = [ln for e in cells if e is not None and e.parent is row
                 and (ln := own_line(e, lower))]
        lines.append(min(found) if found else None)
    return lines


def _read_columns(
    result: ReadTable, header_line: int | None, lower: int | None, *, own_lines: bool
) -> None:
    """The column of each header, with ``unknown-column`` (a header no
    column has, or a column named twice) and ``missing-column`` problems.
    Without *own_lines* (a pipe table) they are at the header row's line."""
    chosen = result.spec
    directive = result.prefix
    source = result.source
    seen: dict[str, str] = {}
    present = {c.key for h in result.headers if h and (c := chosen.match_header(h))}
    # one cause, one warning: an unknown header taken for a missing column
    # ("did you mean") is not also that column's missing-column
    missing = [col for col in chosen.columns if col.required != "no" and col.key not in present]
    for header, header_entry in zip(result.headers, result.header_entries, strict=True):
        column = chosen.match_header(header) if header else None
        line = own_line(header_entry, lower) if own_lines and header_entry is not None else None
        line = line or header_line
        if column is not None and column.key in seen:
            result.problems.append(Problem(
                "unknown-column",
                _("{directive}: column {header!r} repeats column {first!r} "
                  "({label}); it is kept as an extra column").format(
                    directive=directive, header=header, first=seen[column.key],
                    label=_(column.label)),
                source, line,
            ))
            column = None
        elif column is not None:
            seen[column.key] = header
        elif header and is_note_header(header):
            pass  # a remarks column: kept as an extra column, no warning
        elif header and (near := chosen.suggest_header(header, present)
                         or _meant_for(header, missing)) is not None:
            missing = [col for col in missing if col.key != near[1].key]
            alias, label = local_word(*near), str(_(near[1].label))
            if fold_header(alias) == fold_header(label):
                message = _("{prefix}: unknown column {header!r} in the {kind} table — "
                            "did you mean {alias!r}?")
            else:
                message = _("{prefix}: unknown column {header!r} in the {kind} table — "
                            "did you mean {alias!r} ({key})?")
            result.problems.append(Problem(
                "unknown-column",
                message.format(prefix=directive, header=header, kind=kind_name(chosen),
                               alias=alias, key=label),
                source, line,
            ))
        elif header:
            result.problems.append(Problem(
                "unknown-column",
                _("{directive}: unknown column {header!r} in the {kind} table; "
                  "known columns: {known}").format(
                    directive=directive, header=header, kind=kind_name(chosen),
                    known=_known(chosen)),
                source, line,
            ))
        result.columns.append(column)

    for col in missing:
        result.problems.append(Problem(
            "missing-column",
            _("{directive}: the {kind} table has no {label!r} column "
              "(headers accepted: {aliases})").format(
                directive=directive, kind=kind_name(chosen), label=str(_(col.label)),
                aliases=series(local_words(col.aliases))),
            source, header_line,
        ))


#: How alike an unknown header and a missing column's alias must be for
#: the header to be taken for that column (0..1): ``接口名称`` / ``参数名称``.
_MEANT_FOR = 0.5


def _meant_for(header: str, missing: Sequence[ColumnSpec]) -> tuple[str, ColumnSpec] | None:
    """The missing column an unknown *header* most likely stands for: the
    one with an alias (in the header's language) most like it, when alike
    enough; else None."""
    wide = not header.isascii()
    best: tuple[float, str, ColumnSpec] | None = None
    for col in missing:
        for alias in col.aliases:
            if (not alias.isascii()) != wide:
                continue
            score = difflib.SequenceMatcher(None, header.casefold(), alias.casefold()).ratio()
            if score >= _MEANT_FOR and (best is None or score > best[0]):
                best = (score, alias, col)
    return (best[1], best[2]) if best else None


#: The table kinds as messages name them.
KIND_LABELS: dict[str, str] = {
    "levels": "test levels", "interface": "parameter", "dependency": "dependency",
    "interactions": "interactions", "changes": "changes", "alternatives": "alternatives",
    "references": "references", "constraints": "constraints", "reviews": "reviews",
}


def local_word(alias: str, column: ColumnSpec) -> str:
    """The known header a "did you mean" names, in the project's language:
    *alias* (the nearest header of *column*) when it is written in that
    language; else the column's Chinese header (zh_CN) or its English
    label."""
    chinese = translating()
    if (not alias.isascii()) == chinese and fold_header(alias) != column.key:
        return alias
    if chinese:
        return next((a for a in column.aliases if not a.isascii()), str(_(column.label)))
    return column.label


def kind_name(spec: TableSpec) -> str:
    """The table kind as messages name it (in the project's language)."""
    return str(_(KIND_LABELS.get(spec.kind, spec.kind)))


def _known(spec: TableSpec) -> str:
    return series(str(_(col.label)) for col in spec.columns)


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
    """Read every top-level table of *content* as one of *specs*, mark it
    for the render step (:func:`mark_table`), and gather records and problems into a payload; each record
    row's docutils row goes to ``payload.row_of``.

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
        rows, problems = row_records(read, settings)
        payload.problems.extend(read.problems)
        payload.problems.extend(problems)
        records = [record for record, _row in rows]
        for record, row in rows:
            payload.row_of[id(record)] = row.row
        if read.kind == "interface":
            if interface is None:
                interface = Interface(interface_name, signature_of, [], line or read.line)
                payload.records.setdefault("interfaces", []).append(interface)
            interface.params.extend(records)
        else:
            payload.records.setdefault(RECORD_KINDS[read.kind].payload_key, []).extend(records)
        if render:
            mark_table(read, settings)
    if not found and not only_matching:
        # a table docutils could not parse is reported by the build log, as
        # the cause; "holds no table" would mislead
        if not unreadable_tables(content):
            names = _(" or ").join(
                _("a {kind} table").format(kind=kind_name(s)) for s in specs
            )
            payload.problems.append(Problem(
                "no-table",
                _("{directive} holds no table; expected {names}").format(
                    directive=prefix or directive, names=names),
                source, line,
            ))
        if interface_name or signature_of:
            payload.records["interfaces"] = [Interface(interface_name, signature_of, [], line)]
    return payload


# --------------------------------------------------------------------------
# What the render step makes of a read table


def inside_read_table(node: nodes.Node) -> bool:
    """Inside a table directive's output or a table read already (marked
    for the render step, or drawn): the tables there have been read."""
    for current in ancestors(node, include_self=True):
        if isinstance(current, nodes.Element):
            if TABLE_MARK in current.attributes or INFO_MARK in current.attributes:
                return True
            classes: list[str] = current.get("classes", [])
            if "rfc-directive" in classes or "rfc-table" in classes:
                return True
    return False


def mark_table(read: ReadTable, settings: RfcSettings) -> None:
    """Note on ``read.table`` and its cells what the render step makes of
    them (:data:`~sphinx_rfc.nodes.CellOp`): a header's canonical label, a
    valid enum value's badge, an RFC ID's or a module's link, the spots a
    dependency table shows of other RFCs.  What a cell means is decided
    here, from its text; the nodes are made when the page is resolved
    (:func:`~sphinx_rfc.render.tables.draw_read_table`).  The author's
    column order and other cells' inline markup are kept."""
    kind = read.spec.kind
    views: set[ViewKey] = set()
    # (class names interned: a pickled doctree writes each once, not per cell)

    def add(entry: nodes.entry, op: CellOp) -> None:
        if isinstance(op, Label | Badge):
            # the extension's text once drawn: the read step's checks skip it
            entry["rfc-generated"] = True
        mark_cell(entry, op)

    for column, entry in zip(read.columns, read.header_entries, strict=True):
        if entry is None:
            continue
        if column is not None:
            add(entry, _label(column.label))
            add(entry, _column_class(column.key))
        else:
            add(entry, _EXTRA)

    # a cell spanning rows appears in each: it is marked once
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
                add(entry, _EXTRA)
                continue
            add(entry, _column_class(column.key))
            if not cell.text:
                continue
            if column.vocabulary is not None:
                value = read_choice(column.vocabulary, cell.text)
                key = value.value
                if not isinstance(key, str):
                    add(entry, INVALID_CELL)
                    continue
                add(entry, _badge(key, column.vocabulary.label(key), value.note))
            elif kind == "dependency" and column.key == "component":
                if settings.id_pattern.match(cell.text):
                    rfc_component = cell.text
                    add(entry, RefLink(cell.text))
                    views.add(ViewKey("rfc", cell.text))
                elif (module := module_name(cell.text, settings.modules)) is not None:
                    add(entry, ModuleLink(module, cell.text))
                    views.add(ViewKey("module", module))
                elif not settings.modules:
                    add(entry, DepModule(cell.text))
                    if len(entry.children) == 1 and isinstance(entry[0], nodes.paragraph):
                        views.add(ViewKey(DEP_MODULE_VIEW, cell.text))  # (else not drawn)
            elif kind == "changes" and column.key == "module" and (
                path := module_cell(cell.text, settings.modules, settings.module_paths)
            ) is not None:
                if isinstance(path.value, str):
                    add(entry, ModuleLink(path.value, cell.text))
                    views.add(ViewKey("module", path.value))
            elif (kind == "changes" and column.key == "module"
                  and not settings.unknown_module(cell.text)):
                add(entry, ModuleLink(cell.text, ""))
                views.add(ViewKey("module", cell.text))
        if rfc_component is not None and read.has_column("status") and not row.text("status"):
            status = row.cell("status")
            if status is not None and status.entry is not None:
                add(status.entry, DepStatus(rfc_component))
                views.add(ViewKey(DEP_STATUS_VIEW, rfc_component))
    read.table[TABLE_MARK] = TableMark(
        kind, read.header_in_body and read.header_row is not None,
        len(read.table["classes"]), tuple(sorted(views)))


def mark_cell(cell: nodes.entry, op: CellOp | tuple[str, ...]) -> None:
    """Add *op* to what the render step does to *cell*, after the others
    (an operation written as a tuple, ``("info-badge", FIELD)``, is taken
    as the one it names: :func:`~sphinx_rfc.nodes.cell_op`)."""
    ops: list[CellOp] | None = cell.get(CELL_MARK)
    if ops is None:
        cell[CELL_MARK] = [cell_op(op)]
    else:
        ops.append(cell_op(op))


_EXTRA = AddClass("rfc-col-extra")


# The operations are frozen: the cells of a column share one.  A pickled
# doctree then writes each once (pickle's memo), and reading it back makes
# each once, not once a cell (a table-dense RFC has some 200 cells).
@lru_cache(maxsize=256)
def _column_class(key: str) -> AddClass:
    return AddClass(sys.intern(f"rfc-col-{key}"))


_label = lru_cache(maxsize=256)(Label)
_badge = lru_cache(maxsize=1024)(Badge)


