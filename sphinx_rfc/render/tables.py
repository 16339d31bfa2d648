"""A read table rewritten in place for output (docs/reference/table-directives.md):
canonical headers in the build's language, enum cells as badges, RFC IDs and
modules as links.

Both the table directives and the template-native reader render their
tables here, after :mod:`sphinx_rfc.read.tables` has read them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes
from docutils.utils import get_source_line

from sphinx_rfc.doctree.locations import ancestors
from sphinx_rfc.doctree.tables import ReadTable, table_group
from sphinx_rfc.i18n import _
from sphinx_rfc.nodes import rfc_pending
from sphinx_rfc.render.elements import css_token, xref
from sphinx_rfc.spec.cells import module_cell, module_name, read_choice

if TYPE_CHECKING:
    from sphinx_rfc.config import RfcSettings

#: View kind of a dependency's status cell left empty for an RFC component.
DEP_STATUS_VIEW = "dep-status"
#: View kind of a dependency's component that may name a module (when
#: ``rfc_modules`` is empty, only the whole project knows its modules).
DEP_MODULE_VIEW = "dep-module"


def note_node(note: str) -> nodes.inline:
    """The words written beside a value, shown after it in its cell."""
    return nodes.inline("", note, classes=["rfc-note"])


def already_read(node: nodes.Node) -> bool:
    """Inside a table directive's output or a table rendered here: the
    tables there have been read already."""
    for current in ancestors(node, include_self=True):
        if isinstance(current, nodes.Element):
            classes: list[str] = current.get("classes", [])
            if "rfc-directive" in classes or "rfc-table" in classes:
                return True
    return False


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
            _set_label(entry, nodes.Text(str(_(column.label))))
            entry["classes"].append(_shared(f"rfc-col-{column.key}"))
        else:
            entry["classes"].append("rfc-col-extra")
    if read.header_in_body and read.header_row is not None:
        _move_to_thead(table, read.header_row)

    # a cell spanning rows appears in each: it is rendered once
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
            entry["classes"].append(_shared(f"rfc-col-{column.key}"))
            if not cell.text:
                continue
            if column.vocabulary is not None:
                value = read_choice(column.vocabulary, cell.text)
                key = value.value
                if not isinstance(key, str):
                    entry["classes"].append("rfc-invalid")
                    continue
                badge = nodes.inline(
                    "", str(_(column.vocabulary.label(key))),
                    classes=["rfc-value", _shared(f"rfc-value-{css_token(key)}")],
                )
                if value.note:
                    _set_label(entry, badge, nodes.Text(" "), note_node(value.note))
                else:
                    _set_label(entry, badge)
            elif kind == "dependency" and column.key == "component":
                if settings.id_pattern.match(cell.text):
                    rfc_component = cell.text
                    _set_content(entry, xref("ref", cell.text))
                elif (module := module_name(cell.text, settings.modules)) is not None:
                    _set_content(entry, xref("mod", module, cell.text))
                elif not settings.modules:
                    _wrap_in_pending(entry, (DEP_MODULE_VIEW, cell.text))
            elif kind == "changes" and column.key == "module" and (
                path := module_cell(cell.text, settings.modules, settings.module_paths)
            ) is not None:
                if isinstance(path.value, str):
                    _set_content(entry, xref("mod", path.value, cell.text))
            elif (kind == "changes" and column.key == "module"
                  and not settings.unknown_module(cell.text)):
                _set_content(entry, xref("mod", cell.text))
        if rfc_component is not None and read.has_column("status") and not row.text("status"):
            status = row.cell("status")
            if status is not None and status.entry is not None:
                _set_content(status.entry, rfc_pending.make((DEP_STATUS_VIEW, rfc_component)))
    return table


def _shared(name: str) -> str:
    """One string object for each class name a table's cells carry: every
    cached doctree of the build holds it once, and a pickled doctree
    writes it once, not once per cell."""
    return _NAMES.setdefault(name, name)


#: The class names of :func:`_shared`.
_NAMES: dict[str, str] = {}


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
    # appended, it took the document's source and no line: it takes the
    # cell's place instead, so that a problem inside it (a reference to no
    # target) is reported at the cell's line
    pending.source, pending.line = get_source_line(paragraph)
    if pending.line is None:
        pending.source, pending.line = get_source_line(entry)


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
