"""What the two drawings of a graph share: the picture as shapes at
integer coordinates, before it is written as SVG (:mod:`graph_svg`) or as
TikZ (:mod:`graph_tikz`).

Pure: the value of :func:`sphinx_rfc.render.graph.graph_value` in, a
:class:`Geometry` out.  Text is measured and wrapped here (an estimate of a
sans-serif font, wide characters counting double), boxes are sized from it
and placed by :mod:`sphinx_rfc.render.graph_layout`, edges get their
arrowheads and label tags, and the legend's items their places.  Nodes and
edges come in one order whatever the order of the value's lists, so the
same value gives the same numbers.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sphinx_rfc import _lazy_re
from sphinx_rfc.model.relations import id_sort_key
from sphinx_rfc.render import graph
from sphinx_rfc.render.graph import EDGE_KINDS, STATUS_STYLES, SUPERSEDES, TOUCHES
from sphinx_rfc.render.graph_layout import Edge, Point, layout

FONT = 12  # px, node text
SMALL = 10  # px, edge labels and legend
LINE = 15  # px between two lines of a node
PAD = 8  # px, inside a box, left and right
TITLE_WIDTH = 200.0  # px: a longer title wraps, onto two lines at most
MARGIN = 12
LEGEND_ROW = 20
#: the focused RFC's outline, this far around its box (inside its room in
#: the layout, so that no edge runs over it)
RING = 4
#: a legend item: its sample (a line or a box) this wide, its text at this x
SAMPLE_WIDTH = 28
SAMPLE_TEXT = 34
_STATUS_ORDER = tuple(STATUS_STYLES)
#: statuses drawn with a dashed border
DASHED = ("withdrawn", "superseded")
#: the RGB of each built-in status, as its badge has it (tint and border)
TINTS = {
    "draft": "100,116,139", "review": "217,119,6", "accepted": "37,99,235",
    "implemented": "22,163,74", "rejected": "220,38,38", "withdrawn": "107,114,128",
    "superseded": "124,58,237",
}
#: the badges' light text colours (used when no page stylesheet says otherwise)
FG = {
    "draft": "#334155", "review": "#92400e", "accepted": "#1e40af", "implemented": "#166534",
    "rejected": "#991b1b", "withdrawn": "#374151", "superseded": "#5b21b6",
}
INK = "#334155"  # lines, arrowheads, unknown statuses' text
MODULE_RGB = "8,145,178"

Box = tuple[int, int, int, int]  # x, y, width, height

# -- text ------------------------------------------------------------------

#: characters XML 1.0 forbids or that cannot be encoded, and C1 controls
_BAD = _lazy_re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_NARROW = frozenset(" .,:;!'|()[]{}ijlrtfI-/\"`")


def clean(text: object) -> str:
    """*text* on one line, with what XML cannot hold replaced by U+FFFD."""
    return " ".join(_BAD.sub("\ufffd", str(text)).split())


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "WF"


@functools.cache
def _em(char: str) -> float:
    if _wide(char):
        return 1.0
    if char in _NARROW:
        return 0.34
    if char.isupper():
        return 0.72
    return 0.64 if char.isdigit() else 0.6


def text_width(text: str, size: float = FONT) -> float:
    """An estimate, a little generous, of *text*'s width in a sans-serif font
    (wide characters, Chinese and Japanese among them, count double)."""
    return sum(map(_em, text)) * size


def wrap(text: str, width: float, lines: int) -> list[str]:
    """*text* in at most *lines* lines of at most *width* px: breaks between
    words, between wide characters, or inside a word too long for a line;
    the last line ends with an ellipsis when text is left over."""
    pieces: list[tuple[str, bool]] = []  # (text, after a space)
    for word in clean(text).split():
        runs: list[str] = []
        for char in word:
            if runs and not _wide(char) and not _wide(runs[-1][-1]):
                runs[-1] += char
            else:
                runs.append(char)
        for k, run in enumerate(runs):
            parts = list(run) if text_width(run) > width else [run]
            pieces += [(part, k == 0 and j == 0) for j, part in enumerate(parts)]
    out: list[str] = []
    line, used, space, cut = "", 0.0, text_width(" "), False
    for piece, spaced in pieces:
        size = text_width(piece) + (space if spaced and line else 0.0)
        if line and used + size > width:
            out.append(line)
            line, used = piece, text_width(piece)
            if len(out) == lines:
                cut = True
                break
        else:
            line, used = (f"{line} {piece}" if spaced and line else line + piece), used + size
    if line and not cut:
        out.append(line)
    if cut:
        last = out[-1]
        while last and text_width(last + "…") > width:
            last = last[:-1]
        out[-1] = last.rstrip() + "…"
    return out or [""]


# -- shapes ----------------------------------------------------------------


def same(text: str) -> str:
    return text


def _id_key(text: str) -> tuple[object, ...]:
    try:
        return (0, id_sort_key(text), text)
    except ValueError:  # a digit int() cannot read ("²"): plain text order
        return (1, text)


def arrow(points: list[Point], size: int) -> tuple[list[Point], list[Point]]:
    """The path ending *size* px early, and the arrowhead filling the gap:
    its tip and its two back corners."""
    (tx, ty) = points[-1]
    k = len(points) - 2
    while k > 0 and points[k] == points[-1]:
        k -= 1
    dx, dy = tx - points[k][0], ty - points[k][1]
    norm = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    ux, uy = dx / norm, dy / norm
    bx, by = tx - ux * size, ty - uy * size
    half = size * 0.5
    head = [(tx, ty), (round(bx - uy * half), round(by + ux * half)),
            (round(bx + uy * half), round(by - ux * half))]
    return [*points[:-1], (round(bx), round(by))], head


def hexagon(box: Box) -> list[Point]:
    """The corners of a module's hexagon in *box*, from its left point."""
    x, y, w, h = box
    i, m = min(10, w // 4), y + h // 2
    return [(x, m), (x + i, y), (x + w - i, y), (x + w, m), (x + w - i, y + h), (x + i, y + h)]


@dataclass(frozen=True)
class PlacedNode:
    """An RFC or a module, in its box."""

    key: str  # the RFC ID or the module name, cleaned
    item: Mapping[str, Any]  # the RFC summary or the module, as the value has it
    module: bool
    box: Box
    lines: list[str]  # an RFC: its ID, then its title in one or two lines
    focus: bool = False


@dataclass(frozen=True)
class PlacedEdge:
    kind: str
    source: str
    target: str
    #: a start point, then three points (two controls, an end) per cubic
    #: piece; shortened by the arrowhead's length when it has one
    points: list[Point]
    head: list[Point] | None  # the arrowhead: tip, two back corners
    tag: Box | None  # where its label is written


@dataclass(frozen=True)
class LegendItem:
    what: str  # "edge", "status" or "module"
    key: str  # the edge kind, the status; "" for the module
    text: str
    x: int  # the sample's left; its text at x + SAMPLE_TEXT
    y: int  # the row's top (the row is LEGEND_ROW high)


@dataclass(frozen=True)
class Geometry:
    """The whole picture: legend on top, then the graph, with margins."""

    width: int
    height: int
    legend: list[LegendItem]  # relative to (MARGIN, MARGIN)
    legend_height: int
    nodes: list[PlacedNode]  # relative to (MARGIN, MARGIN + legend_height)
    edges: list[PlacedEdge]  # idem
    labels: dict[str, str]  # edge kind -> its label, translated and cleaned

    @property
    def origin(self) -> Point:
        """Where the graph starts, below the legend."""
        return MARGIN, MARGIN + self.legend_height


def geometry(
    value: Mapping[str, Any],
    translate: Callable[[str], str] = same,
    status_label: Callable[[str], str] = same,
) -> Geometry:
    """The picture of a :func:`~sphinx_rfc.render.graph.graph_value`:
    *translate* translates the edge labels and the legend's words (msgids),
    *status_label* names a status in the legend."""
    nodes: dict[str, Mapping[str, Any]] = {}
    for node in sorted(value["nodes"], key=lambda n: _id_key(str(n["id"]))):
        nodes.setdefault(str(node["id"]), node)
    modules: dict[str, Mapping[str, Any]] = {}
    for module in value["modules"]:
        modules.setdefault(str(module["name"]), module)
    index = {key: i for i, key in enumerate(nodes)}
    module_index = {key: len(nodes) + i for i, key in enumerate(modules)}
    rank = {kind: r for r, kind in enumerate(EDGE_KINDS)}
    edges = sorted(
        {(str(k), str(s), str(t)) for k, s, t in value["edges"]
         if k in rank and s in index and t in (module_index if k == TOUCHES else index)},
        key=lambda e: (_id_key(e[1]), rank[e[0]], _id_key(e[2])))

    focus = value.get("focus")
    texts: list[list[str]] = []
    sizes: list[tuple[float, float]] = []
    for key, node in nodes.items():
        lines = [clean(key), *wrap(str(node.get("title") or ""), TITLE_WIDTH, 2)]
        lines = [line for line in lines if line]
        width = max(text_width(lines[0], FONT * 1.1), *(text_width(t) for t in lines[1:]))
        texts.append(lines)
        ring = 2 * RING if key == focus else 0
        sizes.append((max(round(width) + 2 * PAD, 64) + ring, 10 + LINE * len(lines) + ring))
    for key in modules:
        line = wrap(key, TITLE_WIDTH, 1)[0]
        texts.append([line])
        sizes.append((round(text_width(line)) + 2 * PAD + 16, 28))
    labels = {kind: clean(translate(graph.EDGE_LABELS[kind])) for kind in EDGE_KINDS}
    tag_size = {kind: (round(text_width(labels[kind], SMALL)) + 8, 14) for kind in EDGE_KINDS}
    placed = layout(
        sizes,
        [Edge(index[s], module_index[t] if k == TOUCHES else index[t],
              None if k == TOUCHES else tag_size[k]) for k, s, t in edges],
        str(value.get("direction") or "LR"),
    )

    legend, legend_width, legend_height = _legend(
        [k for k in EDGE_KINDS if any(e[0] == k for e in edges)], labels,
        [str(n.get("status", "")) for n in nodes.values()], bool(modules),
        translate, status_label, placed.width)

    shapes = [PlacedNode(key, node, False, _inset(placed.boxes[i]) if key == focus
                         else placed.boxes[i], texts[i], key == focus)
              for i, (key, node) in enumerate(nodes.items())]
    shapes += [PlacedNode(key, module, True, placed.boxes[i], texts[i])
               for key, module in modules.items() for i in (module_index[key],)]
    drawn: list[PlacedEdge] = []
    for (kind, src, dst), points, centre in zip(edges, placed.paths, placed.labels, strict=True):
        head = None
        if kind != TOUCHES:
            points, head = arrow(points, 10 if kind == SUPERSEDES else 8)
        tag = None
        if centre is not None:
            (w, h), (x, y) = tag_size[kind], centre
            tag = (x - w // 2, y - h // 2, w, h)
        drawn.append(PlacedEdge(kind, src, dst, points, head, tag))
    return Geometry(
        width=max(placed.width, legend_width) + 2 * MARGIN,
        height=placed.height + legend_height + 2 * MARGIN,
        legend=legend, legend_height=legend_height,
        nodes=shapes, edges=drawn, labels=labels,
    )


def _inset(box: Box) -> Box:
    x, y, w, h = box
    return x + RING, y + RING, w - 2 * RING, h - 2 * RING


def _legend(kinds: list[str], labels: dict[str, str],
            statuses: list[str], modules: bool, translate: Callable[[str], str],
            status_label: Callable[[str], str], width: int) -> tuple[list[LegendItem], int, int]:
    """The legend (edge kinds, statuses, module) in rows at most *width*
    wide (or 480 px): its items, width and height."""
    known = [s for s in _STATUS_ORDER if s in statuses]
    shown = known + sorted({s for s in statuses if s not in known})
    items = [("edge", kind, labels[kind]) for kind in kinds]
    items += [("status", status, clean(status_label(status))) for status in shown]
    if modules:
        items.append(("module", "", clean(translate("Module"))))
    limit, x, y, widest, out = max(width, 480), 0, 0, 0, []
    for what, key, text in items:
        size = SAMPLE_TEXT + round(text_width(text, SMALL)) + 16
        if x and x + size > limit:
            x, y = 0, y + LEGEND_ROW
        out.append(LegendItem(what, key, text, x, y))
        x += size
        widest = max(widest, x - 16)
    if not out:
        return [], 0, 0
    return out, widest, y + LEGEND_ROW + 10
