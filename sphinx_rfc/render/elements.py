"""Records to docutils nodes: builder-neutral tables, badges and links."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx import addnodes

from sphinx_rfc.i18n import _
from sphinx_rfc.nodes import generated, rfc_pending

if TYPE_CHECKING:
    from sphinx_rfc.config import RfcSettings
    from sphinx_rfc.model.records import RfcRecord

CellContent = str | nodes.Node | Sequence[nodes.Node]

_AUTHOR = re.compile(r"^(?P<name>.*?)\s*<(?P<email>[^<>@\s]+@[^<>\s]+)>$")
_URL = re.compile(r"^[a-z][a-z0-9+.-]*://\S+$", re.IGNORECASE)


def css_token(text: str) -> str:
    return re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-") or "x"


def _as_nodes(content: CellContent) -> list[nodes.Node]:
    if isinstance(content, str):
        return [nodes.Text(content)]
    if isinstance(content, nodes.Node):
        return [content]
    return list(content)


def entry(content: CellContent, classes: Sequence[str] = ()) -> nodes.entry:
    cell = nodes.entry(classes=list(classes))
    items = _as_nodes(content)
    if items and all(isinstance(i, nodes.Body) and not isinstance(i, nodes.Inline) for i in items):
        cell.extend(items)
    elif items:
        cell += nodes.paragraph("", "", *items)
    return cell


def make_table(
    header: Sequence[CellContent] | None,
    rows: Sequence[Sequence[CellContent] | nodes.row],
    classes: Sequence[str],
    widths: Sequence[int] | None = None,
) -> nodes.table:
    """A builder-neutral table; *header* cells are marked generated."""
    ncols = len(header) if header is not None else max((len(r) for r in rows), default=1)
    table = nodes.table(classes=list(classes))
    group = nodes.tgroup(cols=ncols)
    table += group
    for width in widths or [1] * ncols:
        group += nodes.colspec(colwidth=width)
    if header is not None:
        thead = nodes.thead()
        head_row = nodes.row()
        for cell in header:
            head_row += entry(cell)
        thead += head_row
        group += generated(thead)
    tbody = nodes.tbody()
    for row in rows:
        if isinstance(row, nodes.row):
            tbody += row
        else:
            r = nodes.row()
            for cell in row:
                r += entry(cell)
            tbody += r
    group += tbody
    return table


def status_badge(status: str, settings: RfcSettings) -> nodes.inline:
    label = _(settings.statuses.label(status))
    badge = nodes.inline(
        "", str(label), classes=["rfc-badge", "rfc-status", f"rfc-status-{css_token(status)}"]
    )
    return badge


def type_badge(rfc_type: str, settings: RfcSettings) -> nodes.inline:
    return nodes.inline(
        "",
        str(_(settings.types.label(rfc_type))),
        classes=["rfc-badge", "rfc-type", f"rfc-type-{css_token(rfc_type)}"],
    )


def xref(
    role: str, target: str, text: str | None = None, *, quiet: bool = True
) -> addnodes.pending_xref:
    """A ``:rfc:ref:`` / ``:rfc:mod:`` cross-reference made by the extension.

    *quiet* ones are checked elsewhere (as fields), so the reference check
    does not report them again.
    """
    node = addnodes.pending_xref(
        "",
        refdomain="rfc",
        reftype=role,
        reftarget=target,
        refexplicit=text is not None,
        refwarn=False,
    )
    node["rfc-quiet"] = quiet
    node += nodes.literal(text or target, text or target, classes=["xref", "rfc", f"rfc-{role}"])
    return node


def joined(items: Sequence[nodes.Node], sep: str = ", ") -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for i, item in enumerate(items):
        if i:
            out.append(nodes.Text(sep))
        out.append(item)
    return out


def author_node(author: str) -> nodes.Node:
    match = _AUTHOR.match(author)
    if match:
        name = match.group("name") or match.group("email")
        return nodes.reference(name, name, refuri="mailto:" + match.group("email"))
    return nodes.Text(author)


def issue_node(item: str, settings: RfcSettings) -> nodes.Node:
    if item.startswith("#") and item[1:].isdigit() and settings.issue_url:
        return nodes.reference(item, item, refuri=settings.issue_url.format(item[1:]))
    if item.startswith("!") and item[1:].isdigit() and settings.pr_url:
        return nodes.reference(item, item, refuri=settings.pr_url.format(item[1:]))
    if _URL.match(item):
        return nodes.reference(item, item, refuri=item)
    return nodes.Text(item)


def basic_info_table(record: RfcRecord, settings: RfcSettings) -> nodes.table:
    """The basic-information table of an RFC written with the ``rfc``
    directive.  Rows computed from other RFCs are ``rfc_pending`` nodes."""
    rows: list[Sequence[CellContent] | nodes.row] = []

    def add(label: str, content: CellContent) -> None:
        rows.append([generated(nodes.strong("", str(_(label)))), content])

    add("ID", nodes.literal(record.id, record.id))
    add("Title", record.title)
    add("Status", status_badge(record.status, settings))
    if record.type:
        add("Type", type_badge(record.type, settings))
    if record.authors:
        add("Authors", joined([author_node(a) for a in record.authors]))
    if record.modules:
        add("Modules", joined([xref("mod", m) for m in record.modules]))
    if record.issues:
        add("Issues / PRs", joined([issue_node(i, settings) for i in record.issues]))
    if record.created:
        add("Created", record.created)
    if record.updated:
        add("Updated", record.updated)
    if record.supersedes:
        add("Supersedes", joined([xref("ref", i) for i in record.supersedes]))
    rows.append(rfc_pending_row("superseded_by", record.id))
    if record.requires:
        add("Requires", joined([xref("ref", i) for i in record.requires]))
    rows.append(rfc_pending_row("required_by", record.id))
    for name, value in record.extra.items():
        text = ", ".join(value) if isinstance(value, list) else str(value)
        rows.append([generated(nodes.strong("", name)), text])
    table = make_table(None, rows, ["rfc-table", "rfc-table-basic-info"], [16, 60])
    # option values are checked for placeholders by the directive itself
    generated(table)
    return table


def rfc_pending_row(field: str, rfc_id: str, cols: int = 2) -> nodes.row:
    """A row filled at resolve time (dropped there when it has no value);
    *cols*: the width of its table (label, value, then empty cells)."""
    row = nodes.row()
    pending = rfc_pending.make(("backlinks", rfc_id), field=field, part="row", cols=cols)
    row += nodes.entry("", pending)
    return row


#: Backlink field -> English label (msgid) of its basic-information row.
BACKLINK_LABELS = {"superseded_by": "Superseded by", "required_by": "Required by"}
#: How an RFC touches a module -> English label (msgid): on module pages and
#: in the module index.
RELATION_LABELS = {
    "declared": "Declared", "changed": "Changed", "both": "Declared and changed",
}
