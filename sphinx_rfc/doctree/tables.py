"""A docutils table's geometry: its rows, its cells by column with spans
expanded, its header texts, the line of each row and cell.

docutils and MyST build tables in different shapes (a header row in
``thead`` or as the first body row, spans, rows of unequal length) and MyST
gives the rows of a pipe table lagging lines; everything here copes with
that once, for every reader of tables.  Nothing here knows about RFCs:
what it uses of the package is :func:`sphinx_rfc.spec.text.plain` (a
cell's text without backticks and extra whitespace) and the walks of
:mod:`sphinx_rfc.nodes` (``first``, ``holds``).  Reading a table as a table
kind is :mod:`sphinx_rfc.read.table_records`'s (``ReadTable``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from docutils import nodes

from sphinx_rfc import _lazy_re
from sphinx_rfc.doctree.locations import ancestor, ancestors, first_line, split_source
from sphinx_rfc.doctree.text import astext, clean_astext
from sphinx_rfc.nodes import first, holds
from sphinx_rfc.spec.text import plain

# --------------------------------------------------------------------------
# Rows and cells


def table_group(table: nodes.table) -> nodes.tgroup | None:
    """The table's first ``tgroup`` (docutils and MyST make exactly one)."""
    for child in table.children:
        if isinstance(child, nodes.tgroup):
            return child
    return None


def table_rows(table: nodes.table) -> tuple[list[nodes.row], list[nodes.row]]:
    """``(thead rows, tbody rows)`` of the table's first tgroup; the rows of
    a table nested in a cell are not the table's."""
    group = table_group(table)
    head: list[nodes.row] = []
    body: list[nodes.row] = []
    if group is None:
        return head, body
    for part in group.children:
        target = head if isinstance(part, nodes.thead) else body
        if isinstance(part, (nodes.thead, nodes.tbody)):
            target.extend(r for r in part.children if isinstance(r, nodes.row))
    return head, body


def header_and_body(table: nodes.table) -> list[nodes.row]:
    """The header row then the body rows: the last ``thead`` row, or the
    first body row when the table has no ``thead``."""
    head, body = table_rows(table)
    return [*head[-1:], *body]


def row_cells(row: nodes.row) -> list[nodes.entry]:
    """The row's own cells, in order (spans not expanded)."""
    return [e for e in row.children if isinstance(e, nodes.entry)]


def span_grid(rows: Sequence[nodes.row]) -> list[list[nodes.entry | None]]:
    """Cells by (row, column), spans expanded: a cell spanning rows is
    repeated in each; a cell spanning columns sits in its first column and
    leaves None in the others, in every row it spans."""
    by_row = [row_cells(row) for row in rows]
    if not any("morecols" in entry.attributes or "morerows" in entry.attributes
               for cells in by_row for entry in cells):
        # no span at all (every Markdown pipe table): the rows' own cells
        return by_row  # type: ignore[return-value]
    grid: list[list[nodes.entry | None]] = []
    # (row, column) -> what a span from a row above puts there; a row's own
    # cells go into the columns left free
    carried: dict[tuple[int, int], nodes.entry | None] = {}
    for r, own in enumerate(by_row):
        cells: list[nodes.entry | None] = []
        col = 0
        for entry in own:
            while (r, col) in carried:
                cells.append(carried.pop((r, col)))
                col += 1
            more_cols = _span(entry, "morecols")
            more_rows = _span(entry, "morerows")
            cells.append(entry)
            cells.extend([None] * more_cols)
            for extra_row in range(1, min(more_rows, len(rows) - 1 - r) + 1):
                carried[(r + extra_row, col)] = entry
                for extra_col in range(1, more_cols + 1):
                    carried[(r + extra_row, col + extra_col)] = None
            col += 1 + more_cols
        while (r, col) in carried:
            cells.append(carried.pop((r, col)))
            col += 1
        grid.append(cells)
    return grid


def _span(entry: nodes.entry, name: str) -> int:
    """``morecols`` / ``morerows``, bounded: a hand-made node may hold anything."""
    try:
        return max(0, min(int(entry.get(name, 0) or 0), 1000))
    except (TypeError, ValueError):
        return 0


_Node = TypeVar("_Node", bound=nodes.Element)


def without_messages(node: _Node) -> _Node:
    """*node*, or a copy of it without docutils' diagnostics.

    A table cell is parsed on its own, and the ``system_message`` nodes of
    its markup errors (``*args``: "Inline emphasis start-string without
    end-string", with the source's absolute path) stay in the cell beside
    its paragraphs.  They belong to the build log, never to the cell's
    value."""
    if not _holds_message(node):
        return node
    copy = node.deepcopy()
    for message in list(copy.findall(nodes.system_message)):
        if message.parent is not None:
            message.parent.remove(message)
    return copy


def _holds_message(node: nodes.Node) -> bool:
    """Whether *node* or a node inside it is a ``system_message`` (every
    header and cell is asked; they seldom hold one)."""
    return holds(node, nodes.system_message)


def node_text(node: nodes.Element) -> str:
    """``node.astext()`` without docutils' diagnostics (:func:`without_messages`)."""
    return astext(without_messages(node))


def cell_text(entry: nodes.entry | None) -> str:
    """A cell's plain text (see :func:`~sphinx_rfc.spec.text.plain`), its
    diagnostics left out."""
    return plain(node_text(entry)) if entry is not None else ""


def fast_cell_text(entry: nodes.entry | None) -> str:
    """:func:`cell_text`: a cell without diagnostics (found by the walk
    that reads its text) needs no copy."""
    if entry is None:
        return ""
    text = clean_astext(entry)
    return plain(text) if text is not None else cell_text(entry)


def table_headers(table: nodes.table) -> list[str]:
    """The plain texts of the table's header row (``thead``, else first row)."""
    head, body = table_rows(table)
    rows = head[-1:] if head else body[:1]
    if not rows:
        return []
    return [cell_text(e) for e in span_grid(rows)[0]]


def column_header(
    cell: nodes.entry, label: Callable[[nodes.entry], str | None] | None = None
) -> str:
    """The header text of the column *cell* is in, whitespace folded (or
    ``#n``; spans not counted); *label* may name a header cell instead of
    its text (None: its text)."""
    row = cell.parent
    if not isinstance(row, nodes.row):
        return "#1"
    position = row_cells(row).index(cell)
    header = header_row(cell)
    names = [(label and label(e)) or " ".join(node_text(e).split())
             for e in row_cells(header)] if header else []
    name = names[position] if position < len(names) else ""
    return name or f"#{position + 1}"


def header_row(cell: nodes.entry) -> nodes.row | None:
    """The header row of the table *cell* is in (:func:`column_header`):
    the last ``thead`` row, else the first body row; None outside a table."""
    row = cell.parent
    group = row.parent.parent if isinstance(row, nodes.row) and row.parent is not None else None
    header: nodes.row | None = None
    if isinstance(group, nodes.tgroup):
        for part in group.children:
            rows = [r for r in part.children if isinstance(r, nodes.row)]
            if isinstance(part, nodes.thead) and rows:
                header = rows[-1]
            elif isinstance(part, nodes.tbody) and rows and header is None:
                header = rows[0]
    return header


def find_tables(content: Iterable[nodes.Node]) -> list[nodes.table]:
    """Top-level tables in *content*: tables inside a table cell are part of
    that cell."""
    found = []
    for node in content:
        if not isinstance(node, nodes.Element):
            continue
        # a table's own cells hold no top-level table: not walked
        for table in [node] if isinstance(node, nodes.table) else node.findall(nodes.table):
            if not any(isinstance(a, nodes.table) for a in ancestors(table)):
                found.append(table)
    return found


_UNREADABLE = ("Malformed table", 'for the "list-table" directive', 'for the "csv-table" directive',
               'for the "table" directive', '"list-table" directive', '"csv-table" directive')


def _is_unreadable_table(message: nodes.system_message) -> bool:
    """Whether *message* is docutils' error for a table it could not parse."""
    if int(message.get("level", 0)) < 3 or not message.children:
        return False
    text = message[0].astext()
    return any(marker in text for marker in _UNREADABLE)


def unreadable_tables(content: Iterable[nodes.Node]) -> list[int | None]:
    """The lines of the tables docutils could not parse in *content*: each
    left an error (``system_message``, "Malformed table", a ``list-table``
    or ``csv-table`` error) instead of a table.  The error is the build
    log's; what the missing table would cause is not reported."""
    messages: list[nodes.system_message] = []
    for node in content:
        if isinstance(node, nodes.Element):
            messages.extend(node.findall(nodes.system_message))
    return unreadable_table_lines(messages)


def unreadable_table_lines(messages: Iterable[nodes.system_message]) -> list[int | None]:
    """:func:`unreadable_tables` for the ``system_message`` nodes of a
    document already found (in document order)."""
    return [message.get("line") or message.line
            for message in messages if _is_unreadable_table(message)]


def sections_holding_unreadable_tables(
    messages: Iterable[nodes.system_message], title_line: Callable[[nodes.title], int | None],
) -> set[int]:
    """The title lines (by *title_line*) of the sections that hold a table
    docutils could not parse (:func:`unreadable_tables`), subsections
    included; *messages*: the document's ``system_message`` nodes."""
    found: set[int] = set()
    for message in messages:
        if not _is_unreadable_table(message):
            continue
        # every section above the message, unless the message sits in its title
        child: nodes.Node = message
        for section in ancestors(message):
            if (isinstance(section, nodes.section) and section.children
                    and isinstance(section[0], nodes.title) and child is not section[0]):
                line = title_line(section[0])
                if line:
                    found.add(line)
            child = section
    return found


# --------------------------------------------------------------------------
# Lines


def own_line(node: nodes.Node, lower: int | None) -> int | None:
    """The first line of *node* or its descendants not above *lower*
    (parsed directive content may carry lines of another file)."""
    found = first(node, nodes.Element, lambda sub: sub.line and (lower is None or sub.line >= lower))
    return int(found.line) if found is not None and found.line else None


def is_pipe_table(table: nodes.table, rows: Sequence[nodes.row] | None = None) -> bool:
    """A MyST pipe table: the table and every row carry a line, the header
    row the table's.  *rows* are :func:`header_and_body` (computed when not
    given)."""
    if rows is None:
        rows = header_and_body(table)
    return bool(table.line) and bool(rows) and rows[0].line == table.line and all(
        r.line for r in rows
    )


def pipe_row_lines(
    table: nodes.table, parts: tuple[list[nodes.row], list[nodes.row]] | None = None,
) -> dict[int, int] | None:
    """``id(row)`` -> source line, for every row of a MyST pipe table; None
    for any other table.  *parts*: :func:`table_rows` of the table, when
    the caller has them already.

    MyST gives the rows of a pipe table lagging lines (a row takes the line
    of the last inline markup before it), so they are counted instead: one
    source line per row, the delimiter row after the header."""
    head, body = table_rows(table) if parts is None else parts
    rows = [*head[-1:], *body]
    if not is_pipe_table(table, rows):
        return None
    first = int(table.line or 0)
    lines = {id(row): first for row in head}
    for position, row in enumerate(rows):
        lines[id(row)] = first if position == 0 else first + 1 + position
    return lines


_DELIMITER_ROW = _lazy_re.compile(r"^\s*+\|?\s*+:?-++:?\s*+(\|\s*+:?-++:?\s*+)*+\|?\s*+$")


@lru_cache(maxsize=8)
def _file_lines(path: str, stamp: tuple[int, int]) -> tuple[str, ...]:
    try:
        return tuple(split_source(Path(path).read_text(encoding="utf-8-sig"), path))
    except (OSError, UnicodeDecodeError):
        return ()


def source_lines(node: nodes.Node) -> Sequence[str]:
    """The lines of the file *node* was parsed from (empty when unknown)."""
    path = getattr(node, "source", None)
    if not path:
        return ()
    try:
        stat = os.stat(path)
    except (OSError, TypeError, ValueError):
        return ()
    return _file_lines(str(path), (stat.st_mtime_ns, stat.st_size))


def pipe_cells(line: str) -> int:
    """The cells of one Markdown table row, counted as markdown-it splits
    it: at each ``|`` not escaped, the outer pipes dropped."""
    if "\\" not in line:
        # no escapes: a split at every pipe (the common case, without the
        # character loop)
        parts = line.strip().split("|")
        if parts and parts[0] == "":
            parts.pop(0)
        if parts and parts[-1] == "":
            parts.pop()
        return len(parts)
    cells, current, escaped = [], "", False
    for char in line.strip():
        if char == "|" and not escaped:
            cells.append(current)
            current = ""
        else:
            current += char
        escaped = char == "\\" and not escaped
    cells.append(current)
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return len(cells)


def pipe_cell_counts(
    table: nodes.table, width: int, *,
    parts: tuple[list[nodes.row], list[nodes.row]] | None = None,
    lines: dict[int, int] | None = None,
) -> dict[int, tuple[int, int]] | None:
    """``id(row)`` -> (cells in the source row, cells in the header), for the
    body rows of a MyST pipe table whose source row holds more or fewer
    cells than the header; None when the source does not show the table
    where its lines say (the counts would be guesses).  *width* is the
    number of the table's columns; *parts* (:func:`table_rows`) and
    *lines* (:func:`pipe_row_lines`), when the caller has them already."""
    head, body = table_rows(table) if parts is None else parts
    lines = pipe_row_lines(table, (head, body)) if lines is None else lines
    if lines is None:
        return None
    text = source_lines(table)
    rows = [*head[-1:], *body]
    first = int(table.line or 0)
    if not rows or first + 1 > len(text) or not _DELIMITER_ROW.match(text[first]):
        return None
    header = pipe_cells(text[first - 1])
    if header != width:
        return None
    found: dict[int, tuple[int, int]] = {}
    for row in rows[1:]:
        number = lines[id(row)]
        if number > len(text) or "|" not in text[number - 1]:
            return None
        count = pipe_cells(text[number - 1])
        if count != header:
            found[id(row)] = (count, header)
    return found


def cell_line(entry: nodes.entry) -> int | None:
    """A table cell's line: its row's line in a MyST pipe table, else its
    own (or the first inside it)."""
    table = ancestor(entry, nodes.table)
    return _cell_line(entry, pipe_row_lines(table) if isinstance(table, nodes.table) else None)


def _cell_line(entry: nodes.entry, pipe_lines: dict[int, int] | None) -> int | None:
    row = entry.parent
    if pipe_lines is not None and row is not None and id(row) in pipe_lines:
        return pipe_lines[id(row)]
    return first_line(entry)


class CellLines:
    """:func:`cell_line` for a walk over many cells: each table's row lines
    are computed once, not once per cell."""

    def __init__(self) -> None:
        # the table is kept with its lines so that its id cannot be reused
        self._tables: dict[int, tuple[nodes.table, dict[int, int] | None]] = {}

    def __call__(self, entry: nodes.entry) -> int | None:
        table = ancestor(entry, nodes.table)
        if not isinstance(table, nodes.table):
            return first_line(entry)
        if id(table) not in self._tables:
            self._tables[id(table)] = (table, pipe_row_lines(table))
        return _cell_line(entry, self._tables[id(table)][1])
