"""Records to docutils nodes: builder-neutral tables, badges and links."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes

from sphinx_rfc import _lazy_re
from sphinx_rfc.i18n import _
from sphinx_rfc.nodes import ViewKey, generated, rfc_pending
from sphinx_rfc.spec.fields import markdown_link

if TYPE_CHECKING:
    from sphinx_rfc.model.records import RfcRecord
    from sphinx_rfc.spec.settings import RfcSettings

CellContent = str | nodes.Node | Sequence[nodes.Node]

_AUTHOR = _lazy_re.compile(r"^(?P<name>(?:.*\S)?)\s*<(?P<email>[^<>@\s]+@[^<>\s]+)>$")
#: An item of ``:issues:`` that is linked as written: a web or mail address.
#: Any other scheme is shown as text: ``javascript:`` or ``data:`` would run
#: in the reader's browser.
_URL = _lazy_re.compile(r"^(?:https?://|mailto:)\S+$", re.IGNORECASE)
#: The schemes a link made from user text may have.
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
_SCHEME = _lazy_re.compile(r"^([a-z][a-z0-9+.-]*):", re.IGNORECASE)
# What browsers drop before they read a URL's scheme: C0 controls and spaces
# around it, tabs and newlines anywhere (" java\tscript:" is javascript:).
_URL_NOISE = _lazy_re.compile(r"[\t\n\r]")


_URL_EDGES = "".join(chr(c) for c in range(33))


def safe_url(url: str) -> bool:
    """Whether a link to *url* runs no code: its scheme is http, https or
    mailto, or it has none (a page or an anchor of the project)."""
    cleaned = _URL_NOISE.sub("", url).strip(_URL_EDGES)
    match = _SCHEME.match(cleaned)
    if match is None:
        # no scheme before the first "/", "?" or "#": a relative reference;
        # a ":" after one of them belongs to the path or the fragment
        return not re.match(r"^[^/?#]*:", cleaned)
    return match.group(1).lower() in SAFE_SCHEMES


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


def status_badge(status: str, settings: RfcSettings, invalid: str | None = None) -> nodes.inline:
    """The badge of *status*; of the words *invalid* instead when the RFC's
    status was written as none of the project's (``审核中 (invalid
    status)``: the reader sees what is wrong, not the default status)."""
    if invalid:
        text = _("{words} (invalid status)").format(words=invalid)
        return nodes.inline("", str(text), classes=["rfc-badge", "rfc-status", "rfc-badge-invalid"])
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


#: Items of a list joined into one line, past which they are put in plain
#: inline groups of this many: Sphinx resolves each cross-reference by
#: finding it among its siblings, so 40,000 modules in one paragraph were
#: quadratic (the page looks the same either way).
_GROUP = 64


def joined(items: Sequence[nodes.Node], sep: str = ", ") -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for i, item in enumerate(items):
        if i:
            out.append(nodes.Text(sep))
        out.append(item)
    if len(items) <= _GROUP:
        return out
    step = 2 * _GROUP  # (each item with its separator)
    return [nodes.inline("", "", *out[start:start + step]) for start in range(0, len(out), step)]


class review_count(nodes.inline):  # noqa: N801 (docutils naming)
    """An RFC's approving and opposing reviews, ``3 ✓ / 1 ✗``, as every
    writer draws an inline (and the XML writers write one: no attribute of
    its own); LaTeX writes them in words, pdflatex having no ✓ or ✗
    (:func:`visit_review_count_latex`, registered by ``app.add_node`` for
    the LaTeX builder only)."""

    tagname = "inline"

    @classmethod
    def make(cls, approving: int, against: int) -> review_count:
        text = f"{approving} ✓ / {against} ✗"
        return cls(text, text, classes=["rfc-review-count"])

    def counts(self) -> tuple[str, str]:
        """The two counts, read back from the text :meth:`make` wrote."""
        approving, _sep, against = self.astext().partition(" / ")
        return approving.split(" ", 1)[0], against.split(" ", 1)[0]


def visit_review_count_latex(translator: Any, node: review_count) -> None:
    """The counts in words, drawn as the inline they replace."""
    approving, against = node.counts()
    words = _("{approving} approving / {against} against").format(
        approving=approving, against=against)
    node[:] = [nodes.Text(words)]
    translator.visit_inline(node)


def depart_review_count_latex(translator: Any, node: review_count) -> None:
    translator.depart_inline(node)


def author_node(author: str) -> nodes.Node:
    match = _AUTHOR.match(author)
    if match:
        name = match.group("name") or match.group("email")
        return nodes.reference(name, name, refuri="mailto:" + match.group("email"))
    return nodes.Text(author)


def unlink_unsafe(node: nodes.Element) -> None:
    """Links inside *node* whose URL is not :func:`safe_url` become their
    text (docutils itself links ``javascript:…`` written in an rST cell)."""
    for ref in list(node.findall(nodes.reference)):
        if "refuri" in ref and not safe_url(str(ref["refuri"])) and ref.parent is not None:
            ref.replace_self(nodes.Text(ref.astext()))


def issue_node(item: str, settings: RfcSettings) -> nodes.Node:
    # (ASCII digits: str.isdigit() also takes "#١٢" and "#²")
    number = item[1:] if item[1:].isascii() and item[1:].isdigit() else None
    if item.startswith("#") and number and settings.issue_url:
        return nodes.reference(item, item, refuri=settings.issue_url.format(number))
    if item.startswith("!") and number and settings.pr_url:
        return nodes.reference(item, item, refuri=settings.pr_url.format(number))
    if _URL.match(item):
        return nodes.reference(item, item, refuri=item)
    return nodes.Text(item)


def tracking_node(value: str, settings: RfcSettings) -> nodes.Node:
    """A tracking issue as written: a Markdown link (``[rust-lang/rust#8122](https://…)``)
    or a URL as a link, ``#N`` through ``rfc_issue_url``, other text as text."""
    link = markdown_link(value)
    if link is not None and safe_url(link[1]):
        return nodes.reference(value, link[0] or link[1], refuri=link[1])
    return issue_node(value.strip(), settings)


def _is_reference(label: str) -> bool:
    """``rust-lang/rfcs#1``, ``#12``, ``!318``: a label that names an issue."""
    if not label or any(c.isspace() for c in label):
        return False
    at = max(label.rfind("#"), label.rfind("!"))
    number = label[at + 1:]
    return at >= 0 and number.isascii() and number.isdigit()


def labelled_issues(
    issues: Sequence[str], labels: Mapping[str, str], settings: RfcSettings
) -> list[nodes.Node]:
    """The issue items as links, each after the label written before it
    (``任务参考：#2094；实现 PR：!318``)."""
    if not labels:
        return joined([issue_node(i, settings) for i in issues])
    out: list[nodes.Node] = []
    for index, item in enumerate(issues):
        label = labels.get(item, "")
        wide = not (label + "".join(labels.values())).isascii()
        if index:
            out.append(nodes.Text("；" if wide else "; "))
        if label and _URL.match(item) and _is_reference(label):
            # a link written [rust-lang/rfcs#1](https://…): its text is the link's
            out.append(nodes.reference(label, label, refuri=item))
            continue
        if label:
            out.append(nodes.Text(f"{label}：" if wide else f"{label}: "))
        out.append(issue_node(item, settings))
    return out


def basic_info_rows(
    record: RfcRecord, settings: RfcSettings, skip: Collection[str] = ()
) -> list[tuple[str, nodes.row]]:
    """``(field, row)`` for each row of an RFC's basic-information table, in
    order (``rfc`` for the ID; rows computed from other RFCs are
    ``rfc_pending`` nodes): the ``rfc`` directive's table, and the rows a
    template-native RFC's own table lacks.  The fields of *skip* (dates
    taken from git, shown apart) have no row."""
    rows: list[tuple[str, nodes.row]] = []

    def add(name: str, label: str, content: CellContent) -> None:
        if name in skip:
            return
        row = nodes.row()
        row += entry(generated(nodes.strong("", str(_(label)))))
        row += entry(content)
        rows.append((name, row))

    add("rfc", "ID", nodes.literal(record.id, record.id))
    add("title", "Title", record.title)
    add("status", "Status", status_badge(record.status, settings, record.invalid_status))
    if record.type:
        add("type", "Type", type_badge(record.type, settings))
    if record.authors:
        add("authors", "Authors", joined([author_node(a) for a in record.authors]))
    if record.modules:
        add("modules", "Modules", joined([xref("mod", m) for m in record.modules]))
    if record.issues:
        add("issues", "Issues / PRs", labelled_issues(record.issues, record.issue_labels, settings))
    if record.created:
        add("created", "Created", record.created)
    if record.updated:
        add("updated", "Updated", record.updated)
    if record.tracking:
        add("tracking", "Tracking issue", tracking_node(record.tracking, settings))
    if record.feature:
        add("feature", "Feature name", nodes.literal(record.feature, record.feature))
    if record.supersedes:
        add("supersedes", "Supersedes", joined([xref("ref", i) for i in record.supersedes]))
    rows.append(("superseded_by", rfc_pending_row("superseded_by", record.id)))
    if record.requires:
        add("requires", "Requires", joined([xref("ref", i) for i in record.requires]))
    rows.append(("required_by", rfc_pending_row("required_by", record.id)))
    if record.reviewers:
        add("reviewers", "Reviewers", joined([author_node(a) for a in record.reviewers]))
    if record.approvers:
        add("approvers", "Approvers", joined([author_node(a) for a in record.approvers]))
    for name, value in record.extra.items():
        text = ", ".join(value) if isinstance(value, list) else str(value)
        row = nodes.row()
        row += entry(generated(nodes.strong("", name)))
        row += entry(text)
        rows.append((name, row))
    return rows


def basic_info_table(
    record: RfcRecord, settings: RfcSettings, skip: Collection[str] = ()
) -> nodes.table:
    """The basic-information table of an RFC written with the ``rfc``
    directive.  Rows computed from other RFCs are ``rfc_pending`` nodes."""
    rows = [row for _name, row in basic_info_rows(record, settings, skip)]
    table = make_table(None, rows, ["rfc-table", "rfc-table-basic-info"], [16, 60])
    # option values are checked for placeholders by the directive itself
    generated(table)
    return table


def rfc_pending_row(field: str, rfc_id: str, cols: int = 2) -> nodes.row:
    """A row filled at resolve time (dropped there when it has no value);
    *cols*: the width of its table (label, value, then empty cells)."""
    row = nodes.row()
    pending = rfc_pending.make(ViewKey("backlinks", rfc_id), field=field, part="row", cols=cols)
    row += nodes.entry("", pending)
    return row


#: Backlink field -> English label (msgid) of its basic-information row.
BACKLINK_LABELS = {"superseded_by": "Superseded by", "required_by": "Required by"}
#: How an RFC touches a module -> English label (msgid): on module pages and
#: in the module index.
RELATION_LABELS = {
    "declared": "Declared", "changed": "Changed", "both": "Declared and changed",
}
