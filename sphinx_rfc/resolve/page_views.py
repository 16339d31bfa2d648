"""The views shown inside RFC pages, whichever way the RFC is written (the
``rfc`` directive or a template-native document):

- ``("rfc", ID)`` and ``("module", NAME)``: the target of a cross-reference
  (fingerprinted only, so a page is rewritten when its link's text or
  target changes; Sphinx resolves the reference itself);
- ``("backlinks", ID)``: the "Superseded by" / "Required by" rows of the
  basic-information table;
- ``("basic-info", ID)``: the ``rfc`` directive's basic-information table,
  built from the page's own record when the page is resolved (the spot's
  ``docname`` names the page, also inside a single-page or LaTeX build).
  Its value is None, not fingerprinted: an RFC's own record changes only
  when its page is read again, and a page read is a page written; what
  the table shows of other RFCs is fingerprinted by the views its nodes
  hold (:func:`~sphinx_rfc.read.spots.basic_info_views`).  The spot of a
  template-native RFC with no table of its own (``native=True``) shows the
  same table, with the dates taken from git as rows of their own;
- ``("notice", ID)``: the superseded notice under the title;
- ``("timeline", ID)``: the status history from git after it
  (:mod:`sphinx_rfc.read.history`), drawn from the page's own record
  (value None, as ``basic-info``: a changed history reads the page again);
- ``("dep-status", ID)`` / ``("dep-module", NAME)``: cells of dependency
  tables (:mod:`sphinx_rfc.read.tables` marks the cells,
  :mod:`sphinx_rfc.render.tables` makes the pending nodes when the page is
  resolved, for table directives and template-native tables alike);
- ``("read-tables",)``: the page holds tables read at read time and drawn
  when it is resolved (:func:`~sphinx_rfc.render.tables.draw_read_table`);
  value None (the page's own data), no renderer: the key only makes the
  page one that is walked when resolved.

The registry (:mod:`sphinx_rfc.resolve.views`) installs :data:`VIEWS`, so
these kinds do not depend on which directives are set up.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypedDict

from docutils import nodes

from sphinx_rfc.i18n import _
from sphinx_rfc.nodes import (
    DEP_MODULE_VIEW,
    DEP_STATUS_VIEW,
    READ_TABLES_VIEW,
    ViewKey,
    generated,
    rfc_pending,
)
from sphinx_rfc.render.elements import (
    BACKLINK_LABELS,
    basic_info_table,
    entry,
    joined,
    status_badge,
)
from sphinx_rfc.render.native_info import native_info_table
from sphinx_rfc.render.timeline import changed_notice, timeline
from sphinx_rfc.render.values import ModuleValue, RfcSummary, module_value, rfc_summary
from sphinx_rfc.resolve.api import api_value
from sphinx_rfc.resolve.context import RenderContext, View

if TYPE_CHECKING:
    from sphinx_rfc.model.relations import Snapshot
    from sphinx_rfc.store.domain import RfcDomain

class BacklinksValue(TypedDict):
    superseded_by: list[RfcSummary | None]
    required_by: list[RfcSummary | None]


class NoticeValue(TypedDict):
    status: str | None
    successors: list[RfcSummary | None]


def summary_of(snap: Snapshot, rfc_id: str) -> RfcSummary | None:
    record = snap.by_id.get(rfc_id)
    return rfc_summary(record) if record is not None else None


def _summaries(snap: Snapshot, ids: Iterable[str]) -> list[RfcSummary | None]:
    return [summary_of(snap, i) for i in ids]


def _status_of(snap: Snapshot, rfc_id: str) -> str | None:
    record = snap.by_id.get(rfc_id)
    return record.status if record is not None else None


def _rfc_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> RfcSummary | None:
    return summary_of(snap, key.subject)


def _module_value(
    domain: RfcDomain, snap: Snapshot, key: ViewKey,
) -> ModuleValue | dict[str, Any]:
    found = module_value(snap, key.subject)
    api = api_value(key.subject, domain.env)
    # (the plain value when there is no API link: other pages keep their fingerprints)
    return found if api is None else {"home": found, "api": api}


def _backlinks_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> BacklinksValue:
    rfc_id = key.subject
    return {
        "superseded_by": _summaries(snap, snap.superseded_by.get(rfc_id, [])),
        "required_by": _summaries(snap, snap.required_by.get(rfc_id, [])),
    }


def _render_backlinks(
    ctx: RenderContext, node: rfc_pending, value: BacklinksValue
) -> list[nodes.Node]:
    field: str = node["field"]
    items = value["superseded_by"] if field == "superseded_by" else value["required_by"]
    if not items:
        return []
    row = nodes.row()
    row += entry(generated(nodes.strong("", str(_(BACKLINK_LABELS[field])))))
    row += entry(joined([ctx.rfc_link(s) for s in items if s]))
    for _empty in range(int(node.get("cols", 2)) - 2):
        row += nodes.entry()  # a wider author's table (a notes column, say)
    return [row]


def _basic_info_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> None:
    return None  # the page's own record (see the module's docstring)


def _render_basic_info(ctx: RenderContext, node: rfc_pending, value: None) -> list[nodes.Node]:
    record = ctx.domain.rfcs.get(node["docname"])
    if record is None:  # (a doctree kept from a build that knew the page as an RFC)
        return []
    if node.get("native"):  # a template-native RFC's page with no table of its own
        table = native_info_table(record, ctx.settings, node.get("from_git", ()))
    else:
        table = basic_info_table(record, ctx.settings)
    backlinks: BacklinksValue | None = None
    for spot in list(table.findall(rfc_pending)):  # the backlinks rows
        if backlinks is None:
            backlinks = _backlinks_value(ctx.domain, ctx.snapshot, spot["view"])
        spot.fill(_render_backlinks(ctx, spot, backlinks))
    return [table]


def _notice_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> NoticeValue:
    return {
        "status": _status_of(snap, key.subject),
        "successors": _summaries(snap, snap.superseded_by.get(key.subject, [])),
    }


def _render_notice(ctx: RenderContext, node: rfc_pending, value: NoticeValue) -> list[nodes.Node]:
    successors = [s for s in value["successors"] if s]
    if not successors and value["status"] != "superseded":
        return []
    note = nodes.admonition(classes=["rfc-notice", "rfc-superseded-notice", "warning"])
    note += generated(nodes.title("", str(_("Superseded"))))
    para = nodes.paragraph()
    if successors:
        para += nodes.Text(str(_("This {noun} is superseded by")).format(noun=ctx.noun()) + " ")
        para.extend(joined([ctx.rfc_link(s) for s in successors]))
        para += nodes.Text(".")
    else:
        para += nodes.Text(str(_("This {noun} is superseded.")).format(noun=ctx.noun()))
    note += generated(para)
    return [note]


def _dep_status_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> str | None:
    return _status_of(snap, key.subject)


def _render_dep_status(ctx: RenderContext, node: rfc_pending, value: str | None) -> list[nodes.Node]:
    if not value:
        return []
    return [status_badge(value, ctx.settings)]


def _dep_module_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> bool:
    return snap.knows_module(key.subject)


def _render_dep_module(ctx: RenderContext, node: rfc_pending, value: bool) -> list[nodes.Node]:
    """A link to the module when the project knows one by that name, else
    the author's own cell content."""
    if value:
        return [ctx.module_link(node["view"].subject)]
    return list(node.children)


def _timeline_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> None:
    return None  # the page's own record's history (read again when it changes)


def _render_timeline(ctx: RenderContext, node: rfc_pending, value: None) -> list[nodes.Node]:
    record = ctx.domain.rfcs.get(node["docname"])
    if record is None:
        return []
    return [*changed_notice(record.changed_after_acceptance),
            *timeline(record.history, ctx.settings)]


def _read_tables_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> None:
    return None  # the page's own tables; what they show of others is in their views


#: view kind -> its view.
VIEWS: dict[str, View[Any]] = {
    READ_TABLES_VIEW.kind: View(_read_tables_value),
    "basic-info": View(_basic_info_value, _render_basic_info),
    "rfc": View(_rfc_value),
    "module": View(_module_value),
    "backlinks": View(_backlinks_value, _render_backlinks),
    "notice": View(_notice_value, _render_notice),
    "timeline": View(_timeline_value, _render_timeline),
    DEP_STATUS_VIEW: View(_dep_status_value, _render_dep_status),
    DEP_MODULE_VIEW: View(_dep_module_value, _render_dep_module),
}
