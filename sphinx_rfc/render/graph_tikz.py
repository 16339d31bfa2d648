"""The graph of one ``rfc-graph`` as a TikZ picture, for LaTeX and PDF.

Pure: a :class:`~sphinx_rfc.render.graph_geometry.Geometry` (the same
shapes and places as the HTML page's SVG) in, LaTeX source out.  One layout
pixel is :data:`UNIT` points, so the 12 px node text is 7.2 pt; a picture
wider than the text or taller than most of a page is scaled down to fit
(``graphicx``'s ``\\resizebox``, which Sphinx loads).  A picture so large
that it would end up at less than half that size is not drawn:
:func:`fits` says so and the caller shows the relation table instead.

Colours are the badges' (the SVG's fallbacks), blended over white so the
PDF needs no transparency.  Text goes through *escape* (:func:`tex_escape`
unless the caller passes Sphinx's own), link targets through the caller's
label functions; the output is deterministic.  The document must load
``tikz`` (``app.add_latex_package("tikz")``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sphinx_rfc.render.graph import SUPERSEDES, TOUCHES, WEAK
from sphinx_rfc.render.graph_geometry import (  # (graph_svg draws the same layout)
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
    Geometry,
    LegendItem,
    PlacedEdge,
    PlacedNode,
    arrow,
    hexagon,
)
from sphinx_rfc.render.graph_layout import Point

#: points per layout pixel
UNIT = 0.6
#: the largest picture drawn, in layout pixels: about twice a page's text
#: width and height at :data:`UNIT`, so its text is at least half size
MAX_WIDTH = 1500
MAX_HEIGHT = 1800

_SPECIALS = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "#": r"\#", "$": r"\$", "%": r"\%",
    "&": r"\&", "_": r"\_", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}", '"': r"\textquotedbl{}",
    "-": "-{}", "[": "{[}", "]": "{]}", "…": r"\dots{}", "\ufffd": "?",
}
_TABLE = str.maketrans(_SPECIALS)


def tex_escape(text: str) -> str:
    """*text* safe in LaTeX paragraph text (its special characters as
    commands; other characters as they are, for the engine to typeset)."""
    return text.translate(_TABLE)


def fits(shape: Geometry) -> bool:
    """Whether the picture is small enough to be drawn on a page."""
    return shape.width <= MAX_WIDTH and shape.height <= MAX_HEIGHT


def _rgb(text: str) -> tuple[int, int, int]:
    if text.startswith("#"):
        return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)
    r, g, b = (int(part) for part in text.split(","))
    return r, g, b


def _colour(rgb: tuple[int, int, int], alpha: float = 1.0) -> str:
    """An xcolor expression: *rgb* at *alpha* over white."""
    r, g, b = (round(255 + (c - 255) * alpha) for c in rgb)
    return f"{{rgb,255:red,{r};green,{g};blue,{b}}}"


_INK = _colour(_rgb(INK))
_LINE = _colour(_rgb(INK), 0.75)
_HEAD = _colour(_rgb(INK), 0.85)
_SUPERSEDED = _colour(_rgb(FG["superseded"]))
_MODULE = _colour(_rgb(MODULE_RGB))
_ACCENT = _colour(_rgb("#2563eb"))

#: one TikZ style per kind of shape, named as the SVG's classes are
STYLES = ",\n".join([
    f"x={UNIT}pt,y=-{UNIT}pt,inner sep=0pt,line join=round,line cap=round",
    r"font=\sffamily\fontsize{7.2pt}{9pt}\selectfont",
    f"rfc box/.style={{fill={_colour((148, 163, 184), 0.14)},draw={_colour((148, 163, 184))},"
    "line width=0.72pt,rounded corners=3pt}",
    *(f"rfc {s}/.style={{rfc box,fill={_colour(_rgb(c), 0.16)},draw={_colour(_rgb(c))}"
      + (",dash pattern=on 2.4pt off 1.8pt}" if s in DASHED else "}")
      for s, c in TINTS.items()),
    f"rfc module/.style={{rfc box,fill={_colour(_rgb(MODULE_RGB), 0.14)},draw={_MODULE},"
    "rounded corners=0pt}",
    f"rfc line/.style={{draw={_LINE},line width=0.84pt}}",
    f"rfc head/.style={{fill={_HEAD}}}",
    f"rfc {WEAK}/.style={{rfc line,dash pattern=on 3pt off 2.4pt}}",
    f"rfc {SUPERSEDES}/.style={{rfc line,draw={_SUPERSEDED},line width=1.8pt}}",
    f"rfc {SUPERSEDES} head/.style={{fill={_SUPERSEDED}}}",
    f"rfc {TOUCHES}/.style={{rfc line,draw={_MODULE},line width=0.72pt}}",
    "rfc tag/.style={fill=white,rounded corners=1.8pt}",
    r"rfc small/.style={font=\sffamily\fontsize{6pt}{7.5pt}\selectfont}",
    f"rfc ring/.style={{draw={_ACCENT},line width=1.5pt,rounded corners=4.8pt}}",
])

Label = Callable[[Mapping[str, Any]], str | None]


def graph_tikz(
    shape: Geometry,
    link_for: Label | None = None,
    module_link_for: Label | None = None,
    escape: Callable[[str], str] = tex_escape,
) -> str:
    """The LaTeX of a :func:`~sphinx_rfc.render.graph_geometry.geometry`:
    a centred ``tikzpicture``, scaled down to the page when larger.

    *link_for* / *module_link_for* give the ``\\hyperref`` target of an RFC
    / a module node (a LaTeX label as Sphinx writes it, already escaped),
    or ``None``: no link.
    """
    out = [
        r"\par\begingroup\centering",
        r"\sbox0{\begin{tikzpicture}[" + STYLES + "]",
        f"\\path[use as bounding box] (0,0) rectangle ({shape.width},{shape.height});",
        f"\\begin{{scope}}[shift={{({MARGIN},{MARGIN})}}]",
        *(_legend_item(item, escape) for item in shape.legend),
        r"\end{scope}",
        f"\\begin{{scope}}[shift={{({shape.origin[0]},{shape.origin[1]})}}]",
        *(_edge(edge) for edge in shape.edges),
        *(_tag(edge, shape.labels[edge.kind], escape) for edge in shape.edges if edge.tag),
        *(_node(node, module_link_for if node.module else link_for, escape)
          for node in shape.nodes),
        r"\end{scope}",
        r"\end{tikzpicture}}%",
        r"\ifdim\wd0>\linewidth\sbox0{\resizebox{\linewidth}{!}{\usebox0}}\fi",
        r"\ifdim\ht0>.8\textheight\sbox0{\resizebox{!}{.8\textheight}{\usebox0}}\fi",
        r"\usebox0\par\endgroup",
    ]
    return "\n".join(out) + "\n"


def _point(point: Point) -> str:
    return f"({point[0]},{point[1]})"


def _path(points: list[Point]) -> str:
    out, here = [_point(points[0])], points[0]
    for k in range(1, len(points) - 2, 3):
        c1, c2, end = points[k], points[k + 1], points[k + 2]
        if c1 == here and c2 == end:
            out.append(f"-- {_point(end)}")
        else:
            out.append(f".. controls {_point(c1)} and {_point(c2)} .. {_point(end)}")
        here = end
    return " ".join(out)


def _polygon(points: list[Point]) -> str:
    return " -- ".join(map(_point, points)) + " -- cycle"


def _edge(edge: PlacedEdge) -> str:
    style = f"rfc {edge.kind}" if edge.kind in (WEAK, SUPERSEDES, TOUCHES) else "rfc line"
    line = f"\\draw[{style}] {_path(edge.points)};"
    if edge.head is None:
        return line
    head = f"rfc {SUPERSEDES} head" if edge.kind == SUPERSEDES else "rfc head"
    return f"{line}\n\\fill[{head}] {_polygon(edge.head)};"


def _tag(edge: PlacedEdge, label: str, escape: Callable[[str], str]) -> str:
    x, y, w, h = edge.tag or (0, 0, 0, 0)
    return (f"\\fill[rfc tag] ({x},{y}) rectangle ({x + w},{y + h});\n"
            f"\\node[rfc small,anchor=base,text={_INK}] at ({x + w // 2},{y + h // 2 + 4}) "
            f"{{{escape(label)}}};")


def _status_style(status: str) -> str:
    return f"rfc {status}" if status in TINTS else "rfc box"


def _text_colour(node: PlacedNode) -> str:
    status = str(node.item.get("status", ""))
    if node.module or status not in FG:
        return _INK
    return _colour(_rgb(FG[status]))


def _node(node: PlacedNode, link_for: Label | None, escape: Callable[[str], str]) -> str:
    x, y, w, h = node.box
    if node.module:
        out = [f"\\filldraw[rfc module] {_polygon(hexagon(node.box))};"]
    else:
        out = [f"\\filldraw[{_status_style(str(node.item.get('status', '')))}] "
               f"({x},{y}) rectangle ({x + w},{y + h});"]
        if node.focus:
            out.append(f"\\draw[rfc ring] ({x - RING},{y - RING}) rectangle "
                       f"({x + w + RING},{y + h + RING});")
    label = link_for(node.item) if link_for else None
    colour = _text_colour(node)
    cx, top = x + w // 2, y + (h - LINE * len(node.lines)) // 2 + FONT
    for k, line in enumerate(node.lines):
        text = escape(line)
        if k == 0 and len(node.lines) > 1:
            text = r"\bfseries " + text
        # the colour inside the link: hyperref colours link text otherwise
        text = f"\\color{colour}{text}"
        if label:
            text = f"\\hyperref[{label}]{{{text}}}"
        out.append(f"\\node[anchor=base] at ({cx},{top + k * LINE}) {{{text}}};")
    return "\n".join(out)


def _legend_item(item: LegendItem, escape: Callable[[str], str]) -> str:
    x, y = item.x, item.y
    if item.what == "edge":
        style = f"rfc {item.key}" if item.key in (WEAK, SUPERSEDES, TOUCHES) else "rfc line"
        if item.key == TOUCHES:
            sample = f"\\draw[{style}] ({x},{y + 9}) -- ({x + SAMPLE_WIDTH},{y + 9});"
        else:
            end = (x + SAMPLE_WIDTH, y + 9)
            head = "rfc head" if item.key != SUPERSEDES else f"rfc {SUPERSEDES} head"
            sample = (f"\\draw[{style}] ({x},{y + 9}) -- ({x + SAMPLE_WIDTH - 6},{y + 9});\n"
                      f"\\fill[{head}] {_polygon(arrow([(x, y + 9), end], 7)[1])};")
    elif item.what == "status":
        sample = (f"\\filldraw[{_status_style(item.key)},rounded corners=1.8pt] "
                  f"({x},{y + 3}) rectangle ({x + SAMPLE_WIDTH},{y + 15});")
    else:
        sample = f"\\filldraw[rfc module] {_polygon(hexagon((x, y + 3, SAMPLE_WIDTH, 12)))};"
    return (f"{sample}\n\\node[rfc small,anchor=base west,text={_INK}] at "
            f"({x + SAMPLE_TEXT},{y + 13}) {{{escape(item.text)}}};")
