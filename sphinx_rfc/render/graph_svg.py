"""The graph of one ``rfc-graph`` as a self-contained SVG, drawn at build time.

Pure: the value of :func:`sphinx_rfc.render.graph.graph_value` in, an SVG
document (a string) out; no network and no script, so the graph reads the
same offline.  The picture's shapes and places are
:mod:`sphinx_rfc.render.graph_geometry`'s (laid out by
:mod:`sphinx_rfc.render.graph_layout`), which the PDF's TikZ drawing
(:mod:`sphinx_rfc.render.graph_tikz`) shares.

Colours are classes (``rfc-graph-node rfc-status-accepted``...) styled by
the SVG's own ``<style>`` through the page's CSS variables (the status
colours of ``sphinx_rfc.css``, light or dark), with fallbacks for an SVG
shown on its own.  All user text is escaped; the output is deterministic
(same value, same bytes).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import quote

from sphinx_rfc.render.graph import TOUCHES
from sphinx_rfc.render.graph_geometry import (  # (graph_tikz draws the same layout)
    DASHED,
    FG,
    FONT,
    INK,
    LINE,
    MARGIN,
    MODULE_RGB,
    RING,
    SAMPLE_TEXT,
    SAMPLE_WIDTH,
    TINTS,
    Box,
    LegendItem,
    PlacedNode,
    arrow,
    clean,
    geometry,
    hexagon,
    same,
)
from sphinx_rfc.render.graph_layout import Point

_S = ".rfc-graph-svg "
_INK = f"var(--rfc-neutral-fg,{INK})"
STYLE = "".join([
    ".rfc-graph-svg{font-family:var(--rfc-graph-font,sans-serif);font-size:12px}",
    f"{_S}a{{text-decoration:none}}",
    f"{_S}.rfc-graph-bg,{_S}.rfc-graph-base,{_S}.rfc-graph-tag rect"
    "{fill:var(--rfc-graph-bg,#fff)}",
    f"{_S}.rfc-graph-box{{fill:rgba(148,163,184,.14);stroke:#94a3b8;stroke-width:1.2}}",
    f"{_S}a:hover .rfc-graph-box{{stroke-width:2.5}}",
    f"{_S}text{{fill:{_INK}}}",
    f"{_S}.rfc-graph-node text,{_S}.rfc-graph-tag text{{text-anchor:middle}}",
    f"{_S}.rfc-graph-id{{font-weight:bold}}",
    f"{_S}.rfc-graph-tag text,{_S}.rfc-graph-legend text{{font-size:10px}}",
    f"{_S}.rfc-graph-ring{{fill:none;stroke:var(--rfc-accent,#2563eb);stroke-width:2.5}}",
    *(f"{_S}.rfc-status-{s} .rfc-graph-box{{fill:rgba({c},.16);stroke:rgb({c})"
      + (";stroke-dasharray:4 3}" if s in DASHED else "}")
      + f"{_S}.rfc-status-{s} text{{fill:var(--rfc-{s}-fg,{FG[s]})}}"
      for s, c in TINTS.items()),
    f"{_S}.rfc-graph-module .rfc-graph-box{{fill:rgba({MODULE_RGB},.14);"
    f"stroke:rgb({MODULE_RGB})}}",
    f"{_S}.rfc-graph-line{{fill:none;stroke:{_INK};stroke-opacity:.75;stroke-width:1.4}}",
    f"{_S}.rfc-graph-head{{fill:{_INK};fill-opacity:.85}}",
    f"{_S}.rfc-edge-weak .rfc-graph-line{{stroke-dasharray:5 4}}",
    f"{_S}.rfc-edge-supersedes .rfc-graph-line{{stroke:var(--rfc-superseded-fg,#5b21b6);"
    "stroke-width:3}",
    f"{_S}.rfc-edge-supersedes .rfc-graph-head{{fill:var(--rfc-superseded-fg,#5b21b6)}}",
    f"{_S}.rfc-edge-touches .rfc-graph-line{{stroke:rgb({MODULE_RGB});stroke-width:1.2}}",
])

# -- text ------------------------------------------------------------------


def escape(text: object) -> str:
    """:func:`clean` text, safe in XML content and in a quoted attribute."""
    return (clean(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def css_token(text: str) -> str:
    """The class suffix of a status, as the badges have it."""
    return re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-") or "x"


def _href(url: str | None) -> str | None:
    """A link safe in an attribute: percent-quoted, and only a relative,
    ``http(s)`` or ``mailto`` one (no ``javascript:``)."""
    if not url:
        return None
    quoted = quote(clean(url), safe="/#?=&%.-_~+:")
    scheme = re.match(r"([a-zA-Z][a-zA-Z0-9+.-]*):", quoted)
    if scheme and scheme.group(1).lower() not in ("http", "https", "mailto"):
        return None
    return escape(quoted)


# -- drawing ---------------------------------------------------------------


def _path(points: list[Point]) -> str:
    (x, y), out = points[0], [f"M{points[0][0]},{points[0][1]}"]
    for k in range(1, len(points) - 2, 3):
        c1, c2, end = points[k], points[k + 1], points[k + 2]
        if c1 == (x, y) and c2 == end:
            out.append(f"L{end[0]},{end[1]}")
        else:
            out.append(f"C{c1[0]},{c1[1]} {c2[0]},{c2[1]} {end[0]},{end[1]}")
        x, y = end
    return "".join(out)


def _polygon(points: list[Point]) -> str:
    return "M" + "L".join(f"{x},{y}" for x, y in points) + "Z"


def graph_svg(
    value: Mapping[str, Any],
    url_for: Callable[[Mapping[str, Any]], str | None],
    module_url_for: Callable[[Mapping[str, Any]], str | None] | None = None,
    translate: Callable[[str], str] = same,
    status_label: Callable[[str], str] = same,
) -> str:
    """The SVG of a :func:`~sphinx_rfc.render.graph.graph_value`.

    *url_for* gives the link of an RFC node and *module_url_for* that of a
    module node (``None``: not a link); *translate* translates the edge
    labels and the legend's words (msgids), *status_label* names a status
    in the legend.
    """
    shape = geometry(value, translate, status_label)
    width, height = shape.width, shape.height
    legend = _legend(shape.legend)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rfc-graph-svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}">',
        f"<style>{STYLE}</style>",
        f'<rect class="rfc-graph-bg" width="{width}" height="{height}"/>',
        f'<g transform="translate({MARGIN},{MARGIN})">{legend}</g>',
        f'<g transform="translate({shape.origin[0]},{shape.origin[1]})">',
    ]
    for edge in shape.edges:
        head = ""
        if edge.head is not None:
            head = f'<path class="rfc-graph-head" d="{_polygon(edge.head)}"/>'
        src, dst = escape(edge.source), escape(edge.target)
        out.append(
            f'<g class="rfc-graph-edge rfc-edge-{edge.kind}" data-source="{src}" '
            f'data-target="{dst}"><title>{src} → {dst}: {escape(shape.labels[edge.kind])}'
            f'</title><path class="rfc-graph-line" d="{_path(edge.points)}"/>{head}</g>')
    for edge in shape.edges:
        if edge.tag is not None:
            x, y, w, h = edge.tag
            out.append(f'<g class="rfc-graph-tag"><rect x="{x}" y="{y}" '
                       f'width="{w}" height="{h}" rx="3"/><text x="{x + w // 2}" '
                       f'y="{y + h // 2 + 4}">{escape(shape.labels[edge.kind])}</text></g>')
    for node in shape.nodes:
        out.append(_module(node, module_url_for) if node.module else _rfc(node, url_for))
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def _rfc(node: PlacedNode, url_for: Callable[[Mapping[str, Any]], str | None]) -> str:
    classes = f"rfc-graph-node rfc-status-{css_token(str(node.item.get('status', '')))}"
    ring = ""
    if node.focus:
        classes += " rfc-graph-focus"
        x, y, w, h = node.box
        ring = (f'<rect class="rfc-graph-ring" x="{x - RING}" y="{y - RING}" '
                f'width="{w + 2 * RING}" height="{h + 2 * RING}" rx="8"/>')
    tip = f"{node.key}: {clean(node.item.get('title') or '')}"
    return _node(classes, f'data-rfc="{escape(node.key)}"', _href(url_for(node.item)), tip,
                 ring + _box(node.box, "rect"), node.box, node.lines)


def _module(node: PlacedNode, url_for: Callable[[Mapping[str, Any]], str | None] | None) -> str:
    href = _href(url_for(node.item)) if url_for else None
    return _node("rfc-graph-node rfc-graph-module", f'data-module="{escape(node.key)}"', href,
                 node.key, _box(node.box, "hexagon"), node.box, node.lines)


def _box(box: Box, shape: str) -> str:
    if shape == "hexagon":
        d = _polygon(hexagon(box))
        return f'<path class="rfc-graph-base" d="{d}"/><path class="rfc-graph-box" d="{d}"/>'
    x, y, w, h = box
    size = f'x="{x}" y="{y}" width="{w}" height="{h}" rx="5"'
    return f'<rect class="rfc-graph-base" {size}/><rect class="rfc-graph-box" {size}/>'


def _node(classes: str, data: str, href: str | None, tip: str, shapes: str,
          box: Box, lines: list[str]) -> str:
    x, y, w, h = box
    cx, top = x + w // 2, y + (h - LINE * len(lines)) // 2 + FONT
    bold = ' class="rfc-graph-id"' if len(lines) > 1 else ""
    spans = "".join(
        f'<tspan{bold if k == 0 else ""} x="{cx}" y="{top + k * LINE}">{escape(line)}</tspan>'
        for k, line in enumerate(lines))
    tag, link = ("a", f' href="{href}"') if href else ("g", "")
    return (f'<{tag} class="{classes}" {data}{link}><title>{escape(tip)}</title>{shapes}'
            f"<text>{spans}</text></{tag}>")


def _legend(items: list[LegendItem]) -> str:
    """The legend's markup: a sample and a text per item."""
    if not items:
        return ""
    out = []
    for item in items:
        if item.what == "edge":
            sample = f'<path class="rfc-graph-line" d="M0,9L{SAMPLE_WIDTH},9"/>'
            if item.key != TOUCHES:
                head = _polygon(arrow([(0, 9), (SAMPLE_WIDTH, 9)], 7)[1])
                sample = (f'<path class="rfc-graph-line" d="M0,9L{SAMPLE_WIDTH - 6},9"/>'
                          f'<path class="rfc-graph-head" d="{head}"/>')
            sample = f'<g class="rfc-graph-key rfc-edge-{item.key}">{sample}</g>'
        elif item.what == "status":
            rect = f'y="3" width="{SAMPLE_WIDTH}" height="12" rx="3"'
            sample = (f'<g class="rfc-status-{css_token(item.key)}"><rect class="rfc-graph-base" '
                      f'{rect}/><rect class="rfc-graph-box" {rect}/></g>')
        else:
            sample = f'<g class="rfc-graph-module">{_box((0, 3, SAMPLE_WIDTH, 12), "hexagon")}</g>'
        out.append(f'<g transform="translate({item.x},{item.y})">{sample}'
                   f'<text x="{SAMPLE_TEXT}" y="13">{escape(item.text)}</text></g>')
    return '<g class="rfc-graph-legend">' + "".join(out) + "</g>"
