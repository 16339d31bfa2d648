"""A read table drawn in place for output (docs/reference/table-directives.md):
canonical headers in the build's language, enum cells as badges, RFC IDs and
modules as links.

The read step (:func:`sphinx_rfc.read.tables.mark_table`) reads the tables
of the table directives and of template-native RFCs and notes on each cell
what it shows; this module makes the nodes when the page is resolved
(:class:`sphinx_rfc.resolve.views.ResolvePending`), for every builder.
"""

from __future__ import annotations

import sys

from docutils import nodes
from docutils.utils import get_source_line

from sphinx_rfc.doctree.tables import table_group, table_rows
from sphinx_rfc.i18n import _
from sphinx_rfc.nodes import (
    CELL_MARK,
    DEP_MODULE_VIEW,
    DEP_STATUS_VIEW,
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
    rfc_pending,
)
from sphinx_rfc.render.elements import css_token, xref


def note_node(note: str) -> nodes.inline:
    """The words written beside a value, shown after it in its cell."""
    return nodes.inline("", note, classes=["rfc-note"])


def draw_read_table(table: nodes.table) -> list[rfc_pending]:
    """Draw a table the read step has marked (:data:`~sphinx_rfc.nodes.TABLE_MARK`),
    in place, and remove its marks: classes ``rfc-table rfc-table-<kind>``,
    each cell's :data:`~sphinx_rfc.nodes.CellOp` s applied (canonical
    headers in the build's language, enum values as badges with classes
    ``rfc-value rfc-value-<key>``, RFC IDs and modules as links), a header
    written as the first body row made a ``thead``.  Returns the
    ``rfc_pending`` spots it made, to be filled with the page's others."""
    mark: TableMark = table.attributes.pop(TABLE_MARK)
    classes_at = mark.classes_at
    classes: list[str] = table["classes"]
    for cls in ("rfc-table", f"rfc-table-{mark.kind}"):
        if cls not in classes:
            classes.insert(classes_at, cls)
            classes_at += 1
    spots: list[rfc_pending] = []
    for entry in list(table.findall(nodes.entry)):
        ops: list[CellOp] | None = entry.attributes.pop(CELL_MARK, None)
        for op in ops or ():
            _apply(entry, op, spots)
    if mark.header_in_body:
        body = table_rows(table)[1]
        if body:
            _move_to_thead(table, body[0])
    return spots


def _apply(entry: nodes.entry, op: CellOp, spots: list[rfc_pending]) -> None:
    # (class names interned: the doctrees held until written share each one)
    if isinstance(op, AddClass):
        entry["classes"].append(sys.intern(op.name))
    elif isinstance(op, Label):
        _set_label(entry, nodes.Text(str(_(op.msgid))))
    elif isinstance(op, Badge):
        badge = nodes.inline(
            "", str(_(op.msgid)),
            classes=["rfc-value", sys.intern(f"rfc-value-{css_token(op.key)}")],
        )
        if op.note:
            _set_label(entry, badge, nodes.Text(" "), note_node(op.note))
        else:
            _set_label(entry, badge)
    elif isinstance(op, RefLink):
        _set_content(entry, xref("ref", op.rfc_id))
    elif isinstance(op, ModuleLink):
        _set_content(entry, xref("mod", op.module, op.text or None))
    elif isinstance(op, DepModule):
        spot = _wrap_in_pending(entry, ViewKey(DEP_MODULE_VIEW, op.text))
        if spot is not None:
            spots.append(spot)
    elif isinstance(op, DepStatus):
        spot = rfc_pending.make(ViewKey(DEP_STATUS_VIEW, op.rfc_id))
        _set_content(entry, spot)
        spots.append(spot)


def _set_content(entry: nodes.entry, *children: nodes.Node) -> nodes.paragraph:
    """Replace the cell's content by one paragraph of *children* (returned)."""
    paragraph = nodes.paragraph("", "", *children)
    entry.children = []
    entry += paragraph
    return paragraph


def _set_label(entry: nodes.entry, *children: nodes.Node) -> None:
    """``_set_content`` then :func:`~sphinx_rfc.nodes.generated`, for text
    the extension writes in a cell (a header's label, a value's badge).

    The cell's own paragraph is kept when it is the cell's only child and
    carries no attribute (its text and inline nodes are replaced): a new
    one would leave the old one to the garbage collector, for every
    header and enum cell of every table.  No reference sits in such a
    cell, so no warning takes its line from the paragraph."""
    own = entry.children[0] if len(entry.children) == 1 else None
    if (type(own) is nodes.paragraph and not any(own.attributes.values())
            and len(own.attributes) == len(nodes.Element.list_attributes)):
        paragraph = own
        paragraph.children = []
        paragraph.extend(children)
    else:
        paragraph = _set_content(entry, *children)
    # what generated(entry) marks: the cell, and its one block of text
    entry["rfc-generated"] = True
    paragraph["translatable"] = False


def _wrap_in_pending(entry: nodes.entry, view: ViewKey) -> rfc_pending | None:
    """Put the cell's inline content inside an ``rfc_pending`` node, which
    gives it back unchanged when the view has nothing to show."""
    if len(entry.children) != 1 or not isinstance(entry[0], nodes.paragraph):
        return None
    paragraph = entry[0]
    inline = list(paragraph.children)
    paragraph.children = []
    pending = rfc_pending.make(view)
    pending.extend(inline)
    paragraph += pending
    # appended, it took the document's source and no line: it takes the
    # cell's place instead, so that a problem inside it (a reference to no
    # target) is reported at the cell's line
    pending.source, pending.line = get_source_line(paragraph)
    if pending.line is None:
        pending.source, pending.line = get_source_line(entry)
    return pending


def _move_to_thead(table: nodes.table, header_row: nodes.row) -> None:
    """A header written as the first body row becomes a real ``thead``."""
    group = table_group(table)
    parent = header_row.parent
    if group is None or not isinstance(parent, nodes.tbody):
        return
    parent.remove(header_row)
    thead = nodes.thead()
    thead += header_row
    group.insert(group.index(parent), thead)
    if not parent.children:
        group.remove(parent)
