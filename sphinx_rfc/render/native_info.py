"""The basic-information table of a template-native RFC
(docs/reference/native.md), drawn from the page's record when the page is
resolved.

With no table of the author's, it is the ``rfc`` directive's table
(:func:`native_info_table`).  Otherwise the author's table is kept
(:func:`draw_native_info`): module names and RFC IDs in it become links,
its ID, status and type cells show the directive's badges, the fields it
lacks get the directive's rows, the dates taken from git rows of their
own, and the rows computed from other RFCs ("Superseded by", "Required
by") are appended.  What the author's table gives is read, and its cells
marked, by :mod:`sphinx_rfc.read.native` and :mod:`sphinx_rfc.read.basic_info`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from docutils import nodes

from sphinx_rfc.doctree.tables import table_group
from sphinx_rfc.i18n import _
from sphinx_rfc.nodes import (
    CELL_MARK,
    INFO_MARK,
    CellOp,
    InfoBadge,
    InfoLink,
    InfoMark,
    generated,
    rfc_pending,
)
from sphinx_rfc.render.elements import (
    basic_info_rows,
    basic_info_table,
    issue_node,
    joined,
    labelled_issues,
    rfc_pending_row,
    unlink_unsafe,
    xref,
)

if TYPE_CHECKING:
    from sphinx_rfc.model.records import RfcRecord
    from sphinx_rfc.spec.settings import RfcSettings

#: Fields the ``rfc`` directive's table shows first (the rest follow the
#: author's rows).
_TOP = ("rfc", "title", "status", "type")


def native_info_table(
    record: RfcRecord, settings: RfcSettings, from_git: Collection[str]
) -> nodes.table:
    """The table of a template-native RFC whose page has none: the ``rfc``
    directive's, with the dates taken from git as rows of their own."""
    table = basic_info_table(record, settings, skip=from_git)
    table["classes"].append("rfc-native-info")
    add_date_rows(table, record, from_git)
    return table


def draw_native_info(
    table: nodes.table, record: RfcRecord | None, settings: RfcSettings
) -> list[rfc_pending]:
    """Draw the author's basic-information table in place from *record*
    (None: the page is no RFC any more, the table is left as written) and
    remove its marks; returns the ``rfc_pending`` spots it added."""
    mark: InfoMark = table.attributes.pop(INFO_MARK)
    kept, title_hidden, from_git = mark.kept, mark.title_hidden, mark.from_git
    cells: list[tuple[nodes.entry, list[CellOp]]] = []
    for entry in table.findall(nodes.entry):
        ops: list[CellOp] | None = entry.attributes.pop(CELL_MARK, None)
        if ops:
            cells.append((entry, ops))
    if record is None:
        return []
    # the author's links that could run code in the reader's browser become
    # text (only http, https and mailto are links)
    unlink_unsafe(table)
    directive_rows = basic_info_rows(record, settings, skip=from_git)
    for entry, ops in cells:
        for op in ops:
            if isinstance(op, InfoLink):
                _link_cell(entry, op.field, record, settings)
    for cls in ("rfc-table", "rfc-table-basic-info", "rfc-native-info"):
        if cls not in table["classes"]:
            table["classes"].append(cls)
    spots = _add_backlink_rows(table, record.id)
    shown = dict(directive_rows)
    for entry, ops in cells:
        for op in ops:
            row = shown.get(op.field) if isinstance(op, InfoBadge) else None
            if row is not None and len(row.children) > 1:
                entry.children = []
                entry.extend(row.children[1].children)
    _add_field_rows(table, directive_rows, kept, title_hidden)
    add_date_rows(table, record, from_git)
    return spots


def _link_cell(cell: nodes.entry, name: str, record: RfcRecord, settings: RfcSettings) -> None:
    """Module names, RFC IDs and issues in the author's cell become links,
    when the cell is plain text (the author's own links are kept)."""
    if any(isinstance(n, nodes.reference) for n in cell.findall(nodes.reference)):
        return
    content: list[nodes.Node] = []
    if name == "modules" and record.modules:
        content = joined([xref("mod", m) for m in record.modules])
    elif name in ("supersedes", "requires") and getattr(record, name):
        content = joined([xref("ref", i) for i in getattr(record, name)])
    elif name == "issues" and record.issues:
        if not any(isinstance(issue_node(i, settings), nodes.reference) for i in record.issues):
            return
        content = labelled_issues(record.issues, record.issue_labels, settings)
    if content:
        cell.children = []
        cell += nodes.paragraph("", "", *content)


def _body(table: nodes.table) -> tuple[nodes.tgroup | None, nodes.tbody | None]:
    group = table_group(table)
    body = next((c for c in group.children if isinstance(c, nodes.tbody)), None) if group else None
    return group, body


def _cols(group: nodes.tgroup) -> int:
    try:
        return max(int(group.get("cols", 2) or 2), 2)
    except (TypeError, ValueError):
        return 2


def _add_backlink_rows(table: nodes.table, rfc_id: str) -> list[rfc_pending]:
    """Rows "Superseded by" / "Required by", filled with the page's other spots."""
    group, body = _body(table)
    if group is None or body is None:
        return []
    cols = max(_column_count(group), 2)
    spots: list[rfc_pending] = []
    for field in ("superseded_by", "required_by"):
        row = rfc_pending_row(field, rfc_id, cols)
        spots.extend(row.findall(rfc_pending))
        body += row
    return spots


def _column_count(group: nodes.tgroup) -> int:
    try:
        return int(group.get("cols", 0))
    except (TypeError, ValueError):
        return 0


def _add_field_rows(
    table: nodes.table, directive_rows: list[tuple[str, nodes.row]], kept: Collection[str],
    title_hidden: bool,
) -> None:
    """A row of the ``rfc`` directive's table for each field the author's
    table lacks: the ID, title, status and type on top, the others after
    the author's rows."""
    group, body = _body(table)
    if group is None or body is None:
        return
    cols = _cols(group)
    top: list[nodes.row] = []
    rest: list[nodes.row] = []
    for name, row in directive_rows:
        if name in ("superseded_by", "required_by") or name in kept:
            continue
        if name == "title" and title_hidden:
            continue  # the page's heading says it, or there is none but the ID
        row["classes"].append("rfc-native-field")
        for _extra in range(cols - 2):
            row += nodes.entry()
        generated(row)  # (its values are checked as fields)
        (top if name in _TOP else rest).append(row)
    pending = _first_pending_row(body)
    for row in reversed(rest):
        body.insert(pending, row)
    for row in reversed(top):
        body.insert(0, row)


def _first_pending_row(body: nodes.tbody) -> int:
    return next((i for i, r in enumerate(body.children) if any(r.findall(rfc_pending))),
                len(body.children))


def add_date_rows(table: nodes.table, record: RfcRecord, from_git: Collection[str]) -> None:
    """The dates taken from git as rows of a template-native RFC's
    basic-information table, before the rows computed from other RFCs (the
    page shows what the index and ``rfcs.json`` say)."""
    if not from_git:
        return
    group, body = _body(table)
    if group is None or body is None:
        return
    cols = _cols(group)
    at = _first_pending_row(body)
    labels = {"created": "Created", "updated": "Updated"}
    for name in reversed(tuple(from_git)):
        row = nodes.row(classes=["rfc-git-date"])
        value = str(getattr(record, name))
        for text in (str(_(labels[name])), value, *[""] * (cols - 2)):
            row += nodes.entry("", nodes.paragraph(text, text)) if text else nodes.entry()
        body.insert(at, generated(row))

