"""The graph of one ``rfc-graph`` as a self-contained SVG, drawn at build time.

Pure: the value of :func:`sphinx_rfc.render.graph.graph_value` in, an SVG
document (a string) out; no network and no script, so the graph reads the
same offline.  Boxes are placed by :mod:`sphinx_rfc.render.graph_layout`.

Colours are classes (``rfc-graph-node rfc-status-accepted``...) styled by
the SVG's own ``<style>`` through the page's CSS variables (the status
colours of ``sphinx_rfc.css``, light or dark), with fallbacks for an SVG
shown on its own.  All user text is escaped; the output is deterministic
(same value, same bytes).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import quote

from sphinx_rfc.model.relations import id_sort_key
from sphinx_rfc.render.graph import EDGE_KINDS, EDGE_LABELS, STATUS_STYLES, SUPERSEDES, TOUCHES
from sphinx_rfc.render.graph_layout import Edge, Point, layout

FONT = 12  # px, node text
SMALL = 10  # px, edge labels and legend
LINE = 15  # px between two lines of a node
PAD = 8  # px, inside a box, left and right
TITLE_WIDTH = 200.0  # px: a longer title wraps, onto two lines at most
MARGIN = 12
LEGEND_ROW = 20
_STATUS_ORDER = tuple(STATUS_STYLES)
_DASHED = ("withdrawn", "superseded")
#: the RGB of each built-in status, as its badge has it (tint and border)
_TINTS = {
    "draft": "100,116,139", "review": "217,119,6", "accepted": "37,99,235",
    "implemented": "22,163,74", "rejected": "220,38,38", "withdrawn": "107,114,128",
    "superseded": "124,58,237",
}
_FG = {  # the badges' light text colours, when the page has no sphinx_rfc.css
    "draft": "#334155", "review": "#92400e", "accepted": "#1e40af", "implemented": "#166534",
    "rejected": "#991b1b", "withdrawn": "#374151", "superseded": "#5b21b6",
}
_S = ".rfc-graph-svg "
_INK = "var(--rfc-neutral-fg,#334155)"
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
      + (";stroke-dasharray:4 3}" if s in _DASHED else "}")
      + f"{_S}.rfc-status-{s} text{{fill:var(--rfc-{s}-fg,{_FG[s]})}}"
      for s, c in _TINTS.items()),
    f"{_S}.rfc-graph-module .rfc-graph-box{{fill:rgba(8,145,178,.14);stroke:rgb(8,145,178)}}",
    f"{_S}.rfc-graph-line{{fill:none;stroke:{_INK};stroke-opacity:.75;stroke-width:1.4}}",
    f"{_S}.rfc-graph-head{{fill:{_INK};fill-opacity:.85}}",
    f"{_S}.rfc-edge-weak .rfc-graph-line{{stroke-dasharray:5 4}}",
    f"{_S}.rfc-edge-supersedes .rfc-graph-line{{stroke:var(--rfc-superseded-fg,#5b21b6);"
    "stroke-width:3}",
    f"{_S}.rfc-edge-supersedes .rfc-graph-head{{fill:var(--rfc-superseded-fg,#5b21b6)}}",
    f"{_S}.rfc-edge-touches .rfc-graph-line{{stroke:rgb(8,145,178);stroke-width:1.2}}",
])

# -- text ------------------------------------------------------------------

#: characters XML 1.0 forbids or that cannot be encoded, and C1 controls
_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_NARROW = frozenset(" .,:;!'|()[]{}ijlrtfI-/\"`")


def clean(text: object) -> str:
    """*text* on one line, with what XML cannot hold replaced by U+FFFD."""
    return " ".join(_BAD.sub("\ufffd", str(text)).split())


def escape(text: object) -> str:
    """:func:`clean` text, safe in XML content and in a quoted attribute."""
    return (clean(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


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


def _same(text: str) -> str:
    return text


def _id_key(text: str) -> tuple[object, ...]:
    try:
        return (0, id_sort_key(text), text)
    except ValueError:  # a digit int() cannot read ("²"): plain text order
        return (1, text)


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


def _arrow(points: list[Point], size: int) -> tuple[list[Point], str]:
    """The path ending *size* px early, and an arrowhead filling the gap."""
    (tx, ty) = points[-1]
    k = len(points) - 2
    while k > 0 and points[k] == points[-1]:
        k -= 1
    dx, dy = tx - points[k][0], ty - points[k][1]
    norm = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    ux, uy = dx / norm, dy / norm
    bx, by = tx - ux * size, ty - uy * size
    half = size * 0.5
    head = (f"M{tx},{ty}L{round(bx - uy * half)},{round(by + ux * half)}"
            f"L{round(bx + uy * half)},{round(by - ux * half)}Z")
    return [*points[:-1], (round(bx), round(by))], head


def _hexagon(x: int, y: int, w: int, h: int) -> str:
    i, m = min(10, w // 4), y + h // 2
    return f"M{x},{m}L{x + i},{y}L{x + w - i},{y}L{x + w},{m}L{x + w - i},{y + h}L{x + i},{y + h}Z"


def graph_svg(
    value: Mapping[str, Any],
    url_for: Callable[[Mapping[str, Any]], str | None],
    module_url_for: Callable[[Mapping[str, Any]], str | None] | None = None,
    translate: Callable[[str], str] = _same,
    status_label: Callable[[str], str] = _same,
) -> str:
    """The SVG of a :func:`~sphinx_rfc.render.graph.graph_value`.

    *url_for* gives the link of an RFC node and *module_url_for* that of a
    module node (``None``: not a link); *translate* translates the edge
    labels and the legend's words (msgids), *status_label* names a status
    in the legend.
    """
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

    texts: list[list[str]] = []
    sizes: list[tuple[float, float]] = []
    for key, node in nodes.items():
        lines = [clean(key), *wrap(str(node.get("title") or ""), TITLE_WIDTH, 2)]
        lines = [line for line in lines if line]
        width = max(text_width(lines[0], FONT * 1.1), *(text_width(t) for t in lines[1:]))
        texts.append(lines)
        sizes.append((max(round(width) + 2 * PAD, 64), 10 + LINE * len(lines)))
    for key in modules:
        line = wrap(key, TITLE_WIDTH, 1)[0]
        texts.append([line])
        sizes.append((round(text_width(line)) + 2 * PAD + 16, 28))
    labels = {kind: clean(translate(EDGE_LABELS[kind])) for kind in EDGE_KINDS}
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
    width = max(placed.width, legend_width) + 2 * MARGIN
    height = placed.height + legend_height + 2 * MARGIN
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rfc-graph-svg" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}">',
        f"<style>{STYLE}</style>",
        f'<rect class="rfc-graph-bg" width="{width}" height="{height}"/>',
        f'<g transform="translate({MARGIN},{MARGIN})">{legend}</g>',
        f'<g transform="translate({MARGIN},{MARGIN + legend_height})">',
    ]
    for (kind, src, dst), points in zip(edges, placed.paths, strict=True):
        head = ""
        if kind != TOUCHES:
            points, head = _arrow(points, 10 if kind == SUPERSEDES else 8)
            head = f'<path class="rfc-graph-head" d="{head}"/>'
        out.append(
            f'<g class="rfc-graph-edge rfc-edge-{kind}" data-source="{escape(src)}" '
            f'data-target="{escape(dst)}"><title>{escape(src)} → {escape(dst)}: '
            f'{escape(labels[kind])}</title><path class="rfc-graph-line" d="{_path(points)}"/>'
            f"{head}</g>")
    for (kind, _s, _t), centre in zip(edges, placed.labels, strict=True):
        if centre is not None:
            (w, h), (x, y) = tag_size[kind], centre
            out.append(f'<g class="rfc-graph-tag"><rect x="{x - w // 2}" y="{y - h // 2}" '
                       f'width="{w}" height="{h}" rx="3"/><text x="{x}" y="{y + 4}">'
                       f"{escape(labels[kind])}</text></g>")
    focus = value.get("focus")
    for i, (key, node) in enumerate(nodes.items()):
        classes = f"rfc-graph-node rfc-status-{css_token(str(node.get('status', '')))}"
        ring = ""
        if key == focus:
            classes += " rfc-graph-focus"
            x, y, w, h = placed.boxes[i]
            ring = (f'<rect class="rfc-graph-ring" x="{x - 4}" y="{y - 4}" width="{w + 8}" '
                    f'height="{h + 8}" rx="8"/>')
        tip = f"{key}: {clean(node.get('title') or '')}"
        shape = _box(placed.boxes[i], "rect")
        out.append(_node(classes, f'data-rfc="{escape(key)}"', _href(url_for(node)), tip,
                         ring + shape, placed.boxes[i], texts[i]))
    for key, module in modules.items():
        i = module_index[key]
        href = _href(module_url_for(module)) if module_url_for else None
        out.append(_node("rfc-graph-node rfc-graph-module", f'data-module="{escape(key)}"', href,
                         key, _box(placed.boxes[i], "hexagon"), placed.boxes[i], texts[i]))
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def _box(box: tuple[int, int, int, int], shape: str) -> str:
    x, y, w, h = box
    if shape == "hexagon":
        d = _hexagon(x, y, w, h)
        return f'<path class="rfc-graph-base" d="{d}"/><path class="rfc-graph-box" d="{d}"/>'
    size = f'x="{x}" y="{y}" width="{w}" height="{h}" rx="5"'
    return f'<rect class="rfc-graph-base" {size}/><rect class="rfc-graph-box" {size}/>'


def _node(classes: str, data: str, href: str | None, tip: str, shapes: str,
          box: tuple[int, int, int, int], lines: list[str]) -> str:
    x, y, w, h = box
    cx, top = x + w // 2, y + (h - LINE * len(lines)) // 2 + FONT
    bold = ' class="rfc-graph-id"' if len(lines) > 1 else ""
    spans = "".join(
        f'<tspan{bold if k == 0 else ""} x="{cx}" y="{top + k * LINE}">{escape(line)}</tspan>'
        for k, line in enumerate(lines))
    tag, link = ("a", f' href="{href}"') if href else ("g", "")
    return (f'<{tag} class="{classes}" {data}{link}><title>{escape(tip)}</title>{shapes}'
            f"<text>{spans}</text></{tag}>")


def _legend(kinds: list[str], labels: dict[str, str],
            statuses: list[str], modules: bool, translate: Callable[[str], str],
            status_label: Callable[[str], str], width: int) -> tuple[str, int, int]:
    """The legend (edge kinds, statuses, module) in rows at most *width*
    wide (or 480 px): its markup, width and height."""
    known = [s for s in _STATUS_ORDER if s in statuses]
    shown = known + sorted({s for s in statuses if s not in known})
    items: list[tuple[str, str]] = []
    for kind in kinds:
        sample = '<path class="rfc-graph-line" d="M0,9L28,9"/>'
        if kind != TOUCHES:
            sample = ('<path class="rfc-graph-line" d="M0,9L22,9"/><path class="rfc-graph-head" '
                      f'd="{_arrow([(0, 9), (28, 9)], 7)[1]}"/>')
        items.append((f'<g class="rfc-graph-key rfc-edge-{kind}">{sample}</g>', labels[kind]))
    for status in shown:
        items.append((f'<g class="rfc-status-{css_token(status)}"><rect class="rfc-graph-base" '
                      'y="3" width="28" height="12" rx="3"/><rect class="rfc-graph-box" y="3" '
                      'width="28" height="12" rx="3"/></g>', clean(status_label(status))))
    if modules:
        items.append((f'<g class="rfc-graph-module">{_box((0, 3, 28, 12), "hexagon")}</g>',
                      clean(translate("Module"))))
    limit, x, y, widest, out = max(width, 480), 0, 0, 0, []
    for sample, text in items:
        size = 34 + round(text_width(text, SMALL)) + 16
        if x and x + size > limit:
            x, y = 0, y + LEGEND_ROW
        out.append(f'<g transform="translate({x},{y})">{sample}'
                   f'<text x="34" y="13">{escape(text)}</text></g>')
        x += size
        widest = max(widest, x - 16)
    if not out:
        return "", 0, 0
    return ('<g class="rfc-graph-legend">' + "".join(out) + "</g>", widest,
            y + LEGEND_ROW + 10)
