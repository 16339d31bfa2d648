"""The ``rfc-stats`` directive (docs/reference/navigation.md): a dashboard of
the RFCs, filtered by ``:status:``, ``:type:`` and ``:module:`` as
``rfc-index`` is:

- the number of RFCs in each status over time, from their histories in git
  (:mod:`sphinx_rfc.read.history`; without history this chart says so and
  the others still show);
- the counts by status × module and by type;
- the median time from draft to accepted (first ``draft`` to first
  ``accepted`` commit).

It shows other documents' data, so its value is computed when pages are
resolved, from the snapshot (the view ``stats``), as ``rfc-index``'s.  HTML
draws inline SVG (:mod:`sphinx_rfc.render.stats_svg`), no script; other
builders (LaTeX, text) get the same numbers as tables.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from sphinx_rfc import config as rfc_config
from sphinx_rfc.directives.common import (
    FILTER_OPTIONS,
    NO_MATCH,
    check_xrefs,
    empty,
    header,
    keep_widths,
    matches_filters,
    option_items,
    option_keys,
    options_of,
    options_view,
    with_problems,
)
from sphinx_rfc.i18n import _
from sphinx_rfc.model.history import parse_date
from sphinx_rfc.nodes import ViewKey, generated
from sphinx_rfc.render.elements import make_table
from sphinx_rfc.resolve import views

if TYPE_CHECKING:
    from sphinx_rfc.model.records import RfcRecord
    from sphinx_rfc.model.relations import Snapshot
    from sphinx_rfc.nodes import rfc_pending
    from sphinx_rfc.resolve.context import RenderContext
    from sphinx_rfc.store.domain import RfcDomain


#: Labels passed to ``_()`` at render time (the catalog tool collects them).
STATS_LABELS = {
    "no-history": "No status history from git (rfc_history).",
    "rfcs": "RFCs",
}


class StatsValue(TypedDict):
    """What one ``rfc-stats`` shows (JSON-able: it is fingerprinted)."""

    total: int
    #: status -> module ("" for none) -> count; each RFC once per module it touches
    by_status_module: dict[str, dict[str, int]]
    #: type ("" for none) -> count
    by_type: dict[str, int]
    #: ``[date, {status: count}]`` after each date of the histories, oldest first
    over_time: list[tuple[str, dict[str, int]]]
    #: median days from draft to accepted, and how many RFCs it is over
    median_days: float | None
    median_of: int


class RfcStatsDirective(SphinxDirective):
    """Charts of the RFCs: status over time, status × module, type."""

    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = dict(FILTER_OPTIONS)

    def run(self) -> list[nodes.Node]:
        settings = rfc_config.settings(self.config)
        modules = option_items(self, "module")
        unknown = _("rfc-stats: unknown {what} {item!r} in :{name}:")
        spec = {
            "status": option_keys(self, "status", settings.statuses.lookup, unknown),
            "type": option_keys(self, "type", settings.types.lookup, unknown),
            "module": modules,
        }
        node = options_view("stats", spec, self.lineno)
        check_xrefs(node, "mod", modules, self.lineno)
        return with_problems(self, [node])


# --------------------------------------------------------------------------
# the view's value


def _over_time(records: list[RfcRecord]) -> list[tuple[str, dict[str, int]]]:
    events = sorted((step.date, record.id, number, step.status)
                    for record in records for number, step in enumerate(record.history))
    now: dict[str, str] = {}
    points: list[tuple[str, dict[str, int]]] = []
    for date, rfc_id, _number, status in events:
        now[rfc_id] = status
        counts: dict[str, int] = {}
        for held in now.values():
            counts[held] = counts.get(held, 0) + 1
        if points and points[-1][0] == date:
            points[-1] = (date, counts)
        else:
            points.append((date, counts))
    return points


def _days(first: str, last: str) -> int | None:
    start, end = parse_date(first), parse_date(last)
    return (end - start).days if start is not None and end is not None else None


def _median(records: list[RfcRecord]) -> tuple[float | None, int]:
    spans: list[int] = []
    for record in records:
        drafted = next((s.date for s in record.history if s.status == "draft"), None)
        accepted = next((s.date for s in record.history if s.status == "accepted"), None)
        days = _days(drafted, accepted) if drafted and accepted else None
        if days is not None and days >= 0:
            spans.append(days)
    return (float(statistics.median(spans)) if spans else None), len(spans)


def stats_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> StatsValue:
    spec = options_of(key)
    records = [r for r in snap.records() if matches_filters(r, spec)]
    by_status_module: dict[str, dict[str, int]] = {}
    by_type: dict[str, int] = {}
    for record in records:
        row = by_status_module.setdefault(record.status, {})
        for module in record.touched_modules() or [""]:
            row[module] = row.get(module, 0) + 1
        by_type[record.type or ""] = by_type.get(record.type or "", 0) + 1
    median, median_of = _median(records)
    return {
        "total": len(records),
        "by_status_module": by_status_module,
        "by_type": by_type,
        "over_time": _over_time(records),
        "median_days": median,
        "median_of": median_of,
    }


# --------------------------------------------------------------------------
# the view's renderer


def _ordered(present: Any, order: list[str]) -> list[str]:
    keys = set(present)
    return [k for k in order if k in keys] + sorted(keys - set(order) - {""}) + (
        [""] if "" in keys else [])


def _module_label(name: str) -> str:
    return name or str(_("No module"))


def _median_text(value: StatsValue) -> str:
    if value["median_days"] is None:
        return str(_("Median time from draft to accepted: no RFC went from draft to accepted "
                     "in the history from git."))
    days = value["median_days"]
    shown = f"{days:g}"
    return str(_("Median time from draft to accepted: {days} days (over {count} RFCs).")).format(
        days=shown, count=value["median_of"])


def render_stats(ctx: RenderContext, node: rfc_pending, value: StatsValue) -> list[nodes.Node]:
    from sphinx_rfc.render.stats_svg import over_time, stacked_bars  # (drawn only here)

    box = nodes.container(classes=["rfc-stats"])
    if not value["total"]:
        box += empty(NO_MATCH, "rfc-stats-empty")
        return [box]
    settings = ctx.settings
    status_order = _ordered(value["by_status_module"], settings.statuses.keys())
    modules = _ordered({m for row in value["by_status_module"].values() for m in row},
                       list(settings.modules))
    types = _ordered(value["by_type"], settings.types.keys())

    def status_label(key: str) -> str:
        return str(_(settings.statuses.label(key)))

    def type_label(key: str) -> str:
        return str(_(settings.types.label(key))) if key else str(_("No type"))

    html = ctx.builder.format == "html"
    titles = (str(_("RFCs by status over time")), str(_("RFCs by status and module")),
              str(_("RFCs by type")))
    # 1. over time
    box += generated(nodes.rubric("", titles[0], classes=["rfc-stats-title"]))
    points = value["over_time"]
    shown_statuses = _ordered({s for _d, c in points for s in c}, settings.statuses.keys())
    if not points:
        box += empty(STATS_LABELS["no-history"], "rfc-stats-no-history")
    elif html:
        svg = over_time(titles[0], points, [(s, status_label(s)) for s in shown_statuses])
        box += nodes.raw("", svg, format="html", classes=["rfc-stats-chart"])
    else:
        body = [[date, *(str(counts.get(s, 0)) for s in shown_statuses)]
                for date, counts in points]
        table = make_table(
            [generated(nodes.inline("", str(_("Date")))), *(status_label(s) for s in shown_statuses)],
            body, ["rfc-table", "rfc-table-stats"], [12] + [10] * len(shown_statuses))
        box += keep_widths(ctx, table)
    # 2. status × module
    box += generated(nodes.rubric("", titles[1], classes=["rfc-stats-title"]))
    if html:
        svg = stacked_bars(
            titles[1], [(s, status_label(s), s) for s in status_order],
            value["by_status_module"], {m: _module_label(m) for m in modules},
            row_attr="status", part_attr="module")
        box += nodes.raw("", svg, format="html", classes=["rfc-stats-chart"])
    else:
        body = [[status_label(s), *(str(value["by_status_module"][s].get(m, 0)) for m in modules)]
                for s in status_order]
        table = make_table(header(["Status"]) + [_module_label(m) for m in modules], body,
                           ["rfc-table", "rfc-table-stats"], [14] + [10] * len(modules))
        box += keep_widths(ctx, table)
    # 3. type
    box += generated(nodes.rubric("", titles[2], classes=["rfc-stats-title"]))
    if html:
        svg = stacked_bars(titles[2], [(t, type_label(t), t) for t in types],
                           {t: {"": value["by_type"][t]} for t in types}, {"": ""},
                           row_attr="type", part_attr="part")
        box += nodes.raw("", svg, format="html", classes=["rfc-stats-chart"])
    else:
        table = make_table(header(["Type", STATS_LABELS["rfcs"]]),
                           [[type_label(t), str(value["by_type"][t])] for t in types],
                           ["rfc-table", "rfc-table-stats"], [20, 10])
        box += keep_widths(ctx, table)
    box += generated(nodes.paragraph("", _median_text(value), classes=["rfc-stats-median"]))
    return [box]


def setup(app: Any) -> None:
    app.add_directive("rfc-stats", RfcStatsDirective)
    views.register("stats", stats_value, render_stats)
