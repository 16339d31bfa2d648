"""The ``rfc-module`` directive (docs/reference/navigation.md): makes its
page the home of a module and lists the RFCs touching it; its
``module-page`` view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from docutils import nodes
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_id

from sphinx_rfc import config as rfc_config
from sphinx_rfc.directives.common import header, keep_widths, warn, with_problems
from sphinx_rfc.i18n import _
from sphinx_rfc.model.records import ModuleHome
from sphinx_rfc.nodes import PayloadKind, ViewKey, generated, rfc_data, rfc_pending
from sphinx_rfc.render.elements import RELATION_LABELS, CellContent, make_table, status_badge
from sphinx_rfc.render.values import RfcSummary, rfc_summary
from sphinx_rfc.resolve import views
from sphinx_rfc.resolve.api import api_reference, api_value

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.model.relations import Snapshot
    from sphinx_rfc.resolve.context import RenderContext
    from sphinx_rfc.store.domain import RfcDomain


class ModuleRfcRow(RfcSummary):
    """An RFC touching the module, and how."""

    relation: str
    changes: list[str]


class ModulePageValue(TypedDict):
    description: str
    rfcs: list[ModuleRfcRow]
    #: its API documentation (:func:`sphinx_rfc.resolve.api.api_value`), or None
    api: list[str] | None


class RfcModuleDirective(SphinxDirective):
    """Makes the page the home of a module and lists the RFCs touching it."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {}

    def run(self) -> list[nodes.Node]:
        settings = rfc_config.settings(self.config)
        name = self.arguments[0].strip()
        if why := settings.unknown_module(name):
            warn(self, "unknown-module", _("rfc-module: {why}").format(why=why))
        anchor = make_id(self.env, self.state.document, "rfc-module", name)
        target = nodes.target("", "", ids=[anchor])
        self.state.document.note_explicit_target(target)
        home = ModuleHome(name, self.env.docname, anchor, self.lineno)
        box = nodes.container(classes=["rfc-module"])
        # one view, two spots: the description above the author's content,
        # the table of RFCs below it
        box += rfc_pending.make(ViewKey("module-page", name), part="description")
        if self.content:
            box += self.parse_content_to_nodes()
        pending = rfc_pending.make(ViewKey("module-page", name), part="rfcs")
        pending.line = self.lineno
        box += pending
        return with_problems(self, [target, rfc_data.make(PayloadKind.MODULE_HOME, home, self.lineno), box])


def module_page_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> ModulePageValue:
    name = key.subject
    rows: list[ModuleRfcRow] = []
    for item in snap.module_rfcs.get(name, []):
        record = snap.by_id.get(item.rfc_id)
        if record is None:
            continue
        rows.append({**rfc_summary(record), "relation": item.relation,
                     "changes": list(item.changes)})
    return {"description": snap.module_descriptions.get(name, ""), "rfcs": rows,
            "api": api_value(name, domain.env)}


def render_module_page(
    ctx: RenderContext, node: rfc_pending, value: ModulePageValue
) -> list[nodes.Node]:
    if node.get("part") == "description":
        shown: list[nodes.Node] = []
        if value["description"]:
            shown.append(nodes.paragraph("", value["description"],
                                         classes=["rfc-module-description"]))
        api = api_reference(ctx.env, ctx.builder, ctx.docname, node["view"].subject) if value.get(
            "api") else None
        if api is not None:
            para = nodes.paragraph(classes=["rfc-module-api"])
            para += nodes.Text(str(_("API documentation:")) + " ")
            para += api
            shown.append(para)
        return shown
    if not value["rfcs"]:
        return [generated(nodes.paragraph(
            "", str(_("No {noun} touches this module.")).format(noun=ctx.noun()),
            classes=["rfc-module-empty"]))]
    rows: list[Sequence[CellContent]] = []
    for row in value["rfcs"]:
        changes: list[nodes.Node] = [nodes.paragraph("", c) for c in row["changes"]]
        rows.append([
            ctx.rfc_link(row),
            str(row["title"]),
            status_badge(row["status"], ctx.settings),
            nodes.inline("", str(_(RELATION_LABELS[row["relation"]])),
                         classes=["rfc-relation", f"rfc-relation-{row['relation']}"]),
            changes,
        ])
    table = make_table(header((ctx.noun(), "Title", "Status", "Relation", "Changes")), rows,
                       ["rfc-table", "rfc-table-module"], [14, 28, 14, 14, 32])
    return [keep_widths(ctx, table)]


def setup(app: Sphinx) -> None:
    app.add_directive("rfc-module", RfcModuleDirective)
    views.register("module-page", module_page_value, render_module_page)
