"""The ``rfc-graph`` directive (docs/reference/navigation.md) and its
``graph`` view: the graph of RFC relations, drawn for each builder.

- HTML (``html``, ``dirhtml``, ``singlehtml``...): an SVG made at build
  time (:mod:`sphinx_rfc.render.graph_svg`), inline in the page so that the
  theme's colours reach it and its nodes are links; or, with
  ``:renderer: mermaid`` / ``rfc_graph_renderer = "mermaid"``, Mermaid code
  that Mermaid JS draws in the browser (:mod:`sphinx_rfc.render.graph`).
- EPUB: the same SVG as an image file (EPUB wants inline SVG declared in
  its manifest, which Sphinx's builder does not do).
- LaTeX: the same picture as TikZ (:mod:`sphinx_rfc.render.graph_tikz`);
  the relation table when it is too large for a page.
- Every other builder (text, man, texinfo, XML): the relation table.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from html import escape as escape_html
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import texescape
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from sphinx_rfc._atomic import clean_leftovers, write_bytes
from sphinx_rfc._compat import page_link
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
from sphinx_rfc.store.domain import MODULE_INDEX_DOC, get_domain, module_anchor

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.model.relations import Snapshot
    from sphinx_rfc.nodes import ViewKey, rfc_pending
    from sphinx_rfc.render.graph_geometry import Geometry
    from sphinx_rfc.render.values import RfcSummary
    from sphinx_rfc.resolve.context import RenderContext
    from sphinx_rfc.store.domain import RfcDomain


def _flag(argument: str | None) -> bool:
    directives.flag(argument)  # raises when given a value
    return True


class RfcGraphDirective(SphinxDirective):
    """The graph of RFC relations: a picture in HTML, EPUB and PDF, a table
    for other builders."""

    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "rfc": directives.unchanged,
        "module": directives.unchanged,
        "modules": _flag,
        "direction": directives.unchanged,
        "renderer": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        direction = (self.options.get("direction") or "LR").strip().upper()
        if direction not in rfc_graph.DIRECTIONS:
            warn(self, "invalid-value",
                 _("rfc-graph: invalid :direction: {value!r}; expected LR or TD")
                 .format(value=self.options["direction"]))
            direction = "LR"
        options = rfc_graph.GraphOptions(
            rfc=(self.options.get("rfc") or "").strip() or None,
            module=(self.options.get("module") or "").strip() or None,
            modules="modules" in self.options,
            direction=direction,
        )
        node = options_view("graph", asdict(options), self.lineno)
        if "renderer" in self.options:
            renderer = (self.options["renderer"] or "").strip().lower()
            if renderer in rfc_graph.RENDERERS:
                node["renderer"] = renderer
            else:
                warn(self, "invalid-value",
                     _("rfc-graph: invalid :renderer: {value!r}; expected {choices}").format(
                         value=self.options["renderer"],
                         choices=_(" or ").join(rfc_graph.RENDERERS)))
        if options.rfc:
            check_xrefs(node, "ref", [options.rfc], self.lineno)
        if options.module:
            check_xrefs(node, "mod", [options.module], self.lineno)
        return with_problems(self, [node])


def graph_view_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> rfc_graph.GraphValue:
    return rfc_graph.graph_value(snap, rfc_graph.GraphOptions(**options_of(key)))


def render_graph(
    ctx: RenderContext, node: rfc_pending, value: rfc_graph.GraphValue
) -> list[nodes.Node]:
    # (the drawing modules are imported when a graph is drawn: a build
    # that draws none does not import them; issue 58)
    from sphinx_rfc.render.graph_svg import graph_svg
    from sphinx_rfc.render.graph_tikz import fits

    box = nodes.container(classes=["rfc-graph"])
    if not value["nodes"]:
        box += empty(NO_MATCH, "rfc-graph-empty", nouns=ctx.noun(plural=True))
        return [box]
    builder = ctx.builder
    if builder.format == "html" and builder.name.startswith("epub"):
        box += _svg_file(ctx, value)
    elif builder.format == "html":
        if (node.get("renderer") or ctx.settings.graph_renderer) == "mermaid":
            box += _mermaid(ctx, value)
        else:
            svg = graph_svg(value, *_links(ctx), translate=_translate,
                            status_label=_status_label(ctx))
            box += nodes.raw("", svg, format="html")
            _add_zoom(box, svg)
    elif builder.format == "latex" and fits(shape := _geometry(ctx, value)):
        box += nodes.raw("", _tikz(ctx, shape), format="latex")
    else:
        return [_edge_table(ctx, value, box)]
    return [box]


#: A graph wider than this (CSS pixels) is drawn scaled to the content
#: column, with a link to its full size: the narrowest content column of
#: the themes the tests check (alabaster: 700 px of a 940 px page).
ZOOM_WIDTH = 640


def _add_zoom(box: nodes.container, svg: str) -> None:
    """A wide graph fits the column (the style sheet scales it to the
    box's width) and gets two links, with no JavaScript: *Full size* makes
    the box the page's target, which shows the picture at its natural size
    in a box that scrolls; *Fit to the page* leaves it again."""
    width = int(svg.split(' width="', 1)[1].split('"', 1)[0])
    if width <= ZOOM_WIDTH:
        return
    anchor = f"rfc-graph-{hashlib.sha1(svg.encode('utf-8')).hexdigest()[:12]}"
    box["ids"].append(anchor)
    box["classes"].append("rfc-graph-wide")
    full, fit = escape_html(str(_("Full size"))), escape_html(str(_("Fit to the page")))
    box += nodes.raw("", (
        f'<p class="rfc-graph-zoom"><a class="rfc-graph-full" href="#{anchor}">{full}</a>'
        f'<a class="rfc-graph-fit" href="#{anchor}-fit" id="{anchor}-fit">{fit}</a></p>'
    ), format="html")


def _translate(msgid: str) -> str:
    return str(_(msgid))


def _status_label(ctx: RenderContext) -> Callable[[str], str]:
    return lambda status: str(_(ctx.settings.statuses.label(status)))


def _geometry(ctx: RenderContext, value: rfc_graph.GraphValue) -> Geometry:
    from sphinx_rfc.render.graph_geometry import geometry

    return geometry(value, _translate, _status_label(ctx))


def _uri(ctx: RenderContext, docname: str, anchor: str | None = None) -> str | None:
    """The builder's link from this page to *docname* (and *anchor*), as
    :func:`sphinx.util.nodes.make_refnode` makes it; ``None`` for a page the
    builder does not write."""
    return page_link(ctx.builder, ctx.docname, docname, anchor)


def _module_place(module: Mapping[str, Any]) -> tuple[str, str]:
    """A module's home, else its entry of the module index (every module
    of a graph is one the project knows: an RFC touches it)."""
    home = module.get("home")
    if home:
        return str(home[0]), str(home[1])
    return MODULE_INDEX_DOC, module_anchor(str(module["name"]))


Link = Callable[[Mapping[str, Any]], str | None]


def _links(ctx: RenderContext) -> tuple[Link, Link]:
    """The links of the SVG's RFC and module nodes."""
    return (lambda item: _uri(ctx, str(item["docname"])),
            lambda module: _uri(ctx, *_module_place(module)))


def _mermaid(ctx: RenderContext, value: rfc_graph.GraphValue) -> nodes.Element:
    from sphinxcontrib.mermaid import mermaid

    def url_for(item: RfcSummary) -> str | None:
        return _uri(ctx, item["docname"])

    diagram: nodes.Element = mermaid()
    diagram["code"] = rfc_graph.mermaid_code(value, url_for, _translate_kind)
    diagram["options"] = {}
    return diagram


def _translate_kind(kind: str) -> str:
    return _translate(rfc_graph.EDGE_LABELS[kind])


def _svg_file(ctx: RenderContext, value: rfc_graph.GraphValue) -> nodes.Node:
    """The SVG as an image file of the book (its nodes are no links: links
    inside an image do not work)."""
    from sphinx_rfc.render.graph_svg import escape, graph_svg

    svg = graph_svg(value, lambda item: None, translate=_translate,
                    status_label=_status_label(ctx))
    data = svg.encode("utf-8")
    name = f"rfc-graph-{hashlib.sha1(data).hexdigest()[:16]}.svg"
    folder = ctx.builder.outdir / ctx.builder.imagedir
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    if not path.is_file() or path.read_bytes() != data:
        clean_leftovers(folder)  # (what a killed build left)
        write_bytes(path, data)  # (whole or not at all)
    src = relative_uri(ctx.builder.get_target_uri(ctx.docname), f"{ctx.builder.imagedir}/{name}")
    alt = ", ".join(item["id"] for item in value["nodes"])
    return nodes.raw("", f'<img class="rfc-graph-svg" src="{escape(src)}" alt="{escape(alt)}"/>',
                     format="html")


def _latex_label(ctx: RenderContext, docname: str, anchor: str | None = None) -> str | None:
    """The ``\\hyperref`` target of a page (and anchor) of this LaTeX
    document, escaped as Sphinx's LaTeX writer escapes its labels."""
    if _uri(ctx, docname) is None:
        return None
    target = f"{docname}:{anchor}" if anchor else f"{docname}::doc"
    escaped = target.translate(texescape.tex_replace_map)
    escaped = escaped.encode("ascii", "backslashreplace").decode("ascii")
    return "\\detokenize{" + escaped.replace("\\", "_") + "}"


def _tikz(ctx: RenderContext, shape: Geometry) -> str:
    from sphinx_rfc.render.graph_tikz import graph_tikz

    engine = str(ctx.env.config.latex_engine)
    return graph_tikz(
        shape,
        lambda item: _latex_label(ctx, str(item["docname"])),
        lambda module: _latex_label(ctx, *_module_place(module)),
        escape=lambda text: texescape.escape(text, engine),
    )


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


def _add_tikz(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """LaTeX: load ``tikz`` when a page has a graph.  Sphinx reads the
    packages of the registry just before it writes each document, so a
    package added after reading is in time."""
    views_of = get_domain(env).views.values()
    if (app.builder.format == "latex" and not app.registry.has_latex_package("tikz")
            and any(key.kind == "graph" for keys in views_of for key in keys)):
        app.add_latex_package("tikz")
    return []


def setup(app: Sphinx) -> None:
    app.add_directive("rfc-graph", RfcGraphDirective)
    views.register("graph", graph_view_value, render_graph)
