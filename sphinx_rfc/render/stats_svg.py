"""The charts of ``rfc-stats`` as self-contained SVG, drawn at build time.

Pure: numbers in, an SVG document (a string) out; no script.  Every bar
and every point carries its numbers as ``data-*`` attributes and a
``<title>`` (what a reader's pointer shows), and the output is
deterministic.  Colours are the status colours of ``rfc-graph``
(:data:`~sphinx_rfc.render.graph_geometry.TINTS`); all user text is
escaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from sphinx_rfc.model.history import parse_date
from sphinx_rfc.render.graph_geometry import INK, TINTS
from sphinx_rfc.spec.messages import _

WIDTH = 640
_BAR = 18  # px, one bar's height
_GAP = 6
_LABEL = 130  # px, the labels' column
_PALETTE = ("8,145,178", "217,119,6", "124,58,237", "22,163,74", "220,38,38", "100,116,139")
_STYLE = (
    "<style>.rfc-stats-svg{font-family:sans-serif;font-size:11px}"
    f".rfc-stats-svg text{{fill:var(--rfc-neutral-fg,{INK})}}"
    ".rfc-stats-svg .rfc-stats-axis{stroke:#94a3b8;stroke-width:1}</style>"
)


def _colour(key: str, number: int = 0) -> str:
    return f"rgb({TINTS.get(key) or _PALETTE[number % len(_PALETTE)]})"


def _svg(height: int, label: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rfc-stats-svg" role="img" '
        f'width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" '
        f"aria-label={quoteattr(label)}>{_STYLE}<title>{escape(label)}</title>"
        + "".join(body) + "</svg>"
    )


def stacked_bars(
    title: str,
    rows: Sequence[tuple[str, str, str]],
    parts: Mapping[str, Mapping[str, int]],
    part_labels: Mapping[str, str],
    *,
    row_attr: str,
    part_attr: str,
) -> str:
    """One horizontal bar per row (*rows*: ``(key, label, colour key)``),
    split into its parts (``parts[row][part] = count``)."""
    total = max((sum(parts.get(k, {}).values()) for k, _l, _c in rows), default=0) or 1
    scale = (WIDTH - _LABEL - 40) / total
    order = list(part_labels)
    body: list[str] = []
    y = _GAP
    for row_number, (key, label, colour_key) in enumerate(rows):
        counts = parts.get(key, {})
        body.append(f'<text x="{_LABEL - 6}" y="{y + 13}" text-anchor="end">{escape(label)}</text>')
        x = float(_LABEL)
        for number, part in enumerate(order):
            count = counts.get(part, 0)
            if not count:
                continue
            width = count * scale
            fill = _colour(colour_key, row_number) if len(order) == 1 else _colour("", number)
            tip = (_("{label}, {part}: {count}").format(label=label, part=part_labels[part],
                                                        count=count) if len(order) > 1
                   else _("{label}: {count}").format(label=label, count=count))
            body.append(
                f'<rect class="rfc-stats-bar" data-{row_attr}={quoteattr(key)} '
                f"data-{part_attr}={quoteattr(part)} data-count=\"{count}\" "
                f'x="{x:.1f}" y="{y}" width="{width:.1f}" height="{_BAR}" fill="{fill}" '
                f'fill-opacity="0.8"><title>{escape(tip)}</title></rect>'
            )
            x += width
        body.append(f'<text x="{x + 4:.1f}" y="{y + 13}">{sum(counts.values())}</text>')
        y += _BAR + _GAP
    if len(order) > 1:  # the parts' legend
        x = _LABEL
        for number, part in enumerate(order):
            body.append(f'<rect x="{x}" y="{y + 2}" width="10" height="10" '
                        f'fill="{_colour("", number)}"/>'
                        f'<text x="{x + 14}" y="{y + 11}">{escape(part_labels[part])}</text>')
            x += 24 + 7 * len(part_labels[part])
        y += 18
    return _svg(y + _GAP, title, body)


def _places(dates: Sequence[str]) -> list[float]:
    """Where each date lies between the first (0) and the last (1), by
    time; by order when one cannot be read; all 0 for one day."""
    read = [parse_date(d) for d in dates]
    days = [d for d in read if d is not None]
    if len(days) != len(read):
        span = max(len(dates) - 1, 1)
        return [n / span for n in range(len(dates))]
    if not days:
        return []
    total = (days[-1] - days[0]).days
    return [((d - days[0]).days / total) if total > 0 else 0.0 for d in days]


def over_time(
    title: str,
    points: Sequence[tuple[str, Mapping[str, int]]],
    statuses: Sequence[tuple[str, str]],
) -> str:
    """The number of RFCs in each status (*statuses*: ``(key, label)``) after
    each date of *points* (``(YYYY-MM-DD, {status: count})``, oldest
    first), one step line per status, the dates placed by time (a date that
    cannot be read: by its order), each line held to the right edge after
    its last change (a history of one day: flat lines from that day)."""
    height, top, bottom, left = 220, 10, 40, 40
    most = max((max(c.values(), default=0) for _d, c in points), default=0) or 1
    plot_w = WIDTH - left - 120
    plot_h = height - top - bottom
    places = _places([date for date, _counts in points])

    def at(number: int, count: int) -> tuple[float, float]:
        return (left + plot_w * places[number], top + plot_h * (1 - count / most))

    body = [
        f'<line class="rfc-stats-axis" x1="{left}" y1="{top + plot_h}" '
        f'x2="{left + plot_w}" y2="{top + plot_h}"/>',
        f'<line class="rfc-stats-axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}"/>',
        f'<text x="{left - 4}" y="{top + 8}" text-anchor="end">{most}</text>',
        f'<text x="{left - 4}" y="{top + plot_h}" text-anchor="end">0</text>',
    ]
    if points:
        body.append(f'<text x="{left}" y="{height - 22}">{escape(points[0][0])}</text>')
        if points[-1][0] != points[0][0]:
            body.append(f'<text x="{left + plot_w}" y="{height - 22}" text-anchor="end">'
                        f"{escape(points[-1][0])}</text>")
    legend_y = top + 6
    for key, label in statuses:
        path: list[str] = []
        for number, (date, counts) in enumerate(points):
            x, y = at(number, counts.get(key, 0))
            if path:
                path.append(f"H{x:.1f}V{y:.1f}")
            else:
                path.append(f"M{x:.1f},{y:.1f}")
            tip = _("{date}, {label}: {count}").format(date=date, label=label,
                                                      count=counts.get(key, 0))
            body.append(
                f'<circle class="rfc-stats-point" data-status={quoteattr(key)} '
                f'data-date="{escape(date)}" data-count="{counts.get(key, 0)}" '
                f'cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{_colour(key)}">'
                f"<title>{escape(tip)}</title></circle>"
            )
        if path:
            path.append(f"H{left + plot_w:.1f}")  # (held since its last change)
            body.append(f'<path d="{"".join(path)}" fill="none" stroke="{_colour(key)}" '
                        'stroke-width="2"/>')
        body.append(f'<rect x="{left + plot_w + 12}" y="{legend_y - 9}" width="10" height="10" '
                    f'fill="{_colour(key)}"/><text x="{left + plot_w + 26}" y="{legend_y}">'
                    f"{escape(label)}</text>")
        legend_y += 16
    return _svg(height, title, body)
