"""The ``rfc-graph`` directive (docs/reference/navigation.md): a Mermaid
flowchart of RFC relations in HTML, a table of its edges for other
builders; its ``graph`` view.  What the graph holds and its Mermaid code
are :mod:`sphinx_rfc.render.graph`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

from sphinx_rfc.directives.common import (
    NO_MATCH,
    check_xrefs,
    empty,
    header,
    keep_widths,
    module_ref,
    options_of,
    options_view,
    warn,
    with_problems,
)
from sphinx_rfc.i18n import _
from sphinx_rfc.render import graph as rfc_graph
from sphinx_rfc.render.elements import CellContent, make_table
from sphinx_rfc.resolve import views

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.model.relations import Snapshot
    from sphinx_rfc.nodes import rfc_pending
    from sphinx_rfc.render.values import RfcSummary
    from sphinx_rfc.resolve.context import RenderContext, ViewKey
    from sphinx_rfc.resolve.domain import RfcDomain


def _flag(argument: str | None) -> bool:
    directives.flag(argument)  # raises when given a value
    return True


class RfcGraphDirective(SphinxDirective):
    """A Mermaid flowchart of RFC relations (a table for non-HTML builders)."""

    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "rfc": directives.unchanged,
        "module": directives.unchanged,
        "modules": _flag,
        "direction": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        direction = (self.options.get("direction") or "LR").strip().upper()
        if direction not in rfc_graph.DIRECTIONS:
            warn(self, "invalid-value",
                 f"rfc-graph: invalid :direction: {self.options['direction']!r}; "
                 "expected LR or TD")
            direction = "LR"
        options = rfc_graph.GraphOptions(
            rfc=(self.options.get("rfc") or "").strip() or None,
            module=(self.options.get("module") or "").strip() or None,
            modules="modules" in self.options,
            direction=direction,
        )
        node = options_view("graph", asdict(options), self.lineno)
        if options.rfc:
            check_xrefs(node, "ref", [options.rfc], self.lineno)
        if options.module:
            check_xrefs(node, "mod", [options.module], self.lineno)
        return with_problems(self, [node])


def graph_view_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> rfc_graph.GraphValue:
    return rfc_graph.graph_value(snap, rfc_graph.GraphOptions(**options_of(key)))


def _is_html(ctx: RenderContext) -> bool:
    return ctx.builder.format == "html" and not ctx.builder.name.startswith("epub")


def render_graph(
    ctx: RenderContext, node: rfc_pending, value: rfc_graph.GraphValue
) -> list[nodes.Node]:
    box = nodes.container(classes=["rfc-graph"])
    if not value["nodes"]:
        box += empty(NO_MATCH, "rfc-graph-empty")
        return [box]
    if _is_html(ctx):
        from sphinxcontrib.mermaid import mermaid

        def url_for(item: RfcSummary) -> str | None:
            return str(ctx.builder.get_relative_uri(ctx.docname, item["docname"]))

        diagram = mermaid()
        diagram["code"] = rfc_graph.mermaid_code(
            value, url_for, lambda kind: str(_(rfc_graph.EDGE_LABELS[kind]))
        )
        diagram["options"] = {}
        box += diagram
        return [box]
    return [_edge_table(ctx, value, box)]


def _edge_table(
    ctx: RenderContext, value: rfc_graph.GraphValue, box: nodes.container
) -> nodes.container:
    by_id = {n["id"]: n for n in value["nodes"]}
    homes = {m["name"]: m["home"] for m in value["modules"]}
    rows: list[Sequence[CellContent]] = []
    for kind, src, dst in value["edges"]:
        target: nodes.Node
        if kind == rfc_graph.TOUCHES:
            target = module_ref(ctx, dst, homes.get(dst))
        else:
            target = ctx.rfc_link(by_id[dst])
        rows.append([ctx.rfc_link(by_id[src]), str(_(rfc_graph.EDGE_LABELS[kind])), target])
    linked = {e[1] for e in value["edges"]} | {e[2] for e in value["edges"]}
    for item in value["nodes"]:
        if item["id"] not in linked:
            rows.append([ctx.rfc_link(item), "", ""])
    table = make_table(header(("From", "Relation", "To")), rows,
                       ["rfc-table", "rfc-table-graph"], [14, 20, 14])
    box += keep_widths(ctx, table)
    return box


def setup(app: Sphinx) -> None:
    app.add_directive("rfc-graph", RfcGraphDirective)
    views.register("graph", graph_view_value, render_graph)
