"""The ``rfc-index`` directive (docs/reference/navigation.md): a table of
RFCs, filtered, sorted and grouped; its ``index`` view; and the sorting and
filtering script of the HTML pages that show one.

In HTML each index also carries its rows' data (status, type, modules) and
the values of its drop-down filters as a JSON ``<script>`` block beside the
tables, which ``static/sphinx_rfc.js`` reads.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict, cast

from docutils import nodes
from docutils.parsers.rst import directives
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
    module_ref,
    option_items,
    option_keys,
    options_of,
    options_view,
    warn,
    with_problems,
)
from sphinx_rfc.i18n import _
from sphinx_rfc.model.history import current_since, days_since
from sphinx_rfc.model.relations import Snapshot, id_sort_key
from sphinx_rfc.nodes import ViewKey, generated
from sphinx_rfc.render.elements import (
    author_node,
    depart_review_count_latex,
    joined,
    make_table,
    review_count,
    status_badge,
    type_badge,
    visit_review_count_latex,
)
from sphinx_rfc.render.timeline import days_in_status
from sphinx_rfc.render.values import ModuleValue, RfcSummary, module_value, rfc_summary
from sphinx_rfc.resolve import views
from sphinx_rfc.resolve.api import api_value
from sphinx_rfc.spec.messages import series
from sphinx_rfc.store.domain import get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.model.records import RfcRecord
    from sphinx_rfc.nodes import rfc_pending
    from sphinx_rfc.resolve.context import RenderContext
    from sphinx_rfc.store.domain import RfcDomain

INDEX_COLUMNS = (
    "id", "title", "status", "type", "modules", "authors", "created", "updated", "reviews",
    "commits",
)
DEFAULT_COLUMNS = ("id", "title", "status", "type", "modules")
SORTS = ("id", "-id", "title", "status", "created", "-created", "updated", "-updated")
GROUPS = ("status", "type", "module", "none")

#: Column key -> English label (msgid).
COLUMN_LABELS = {
    "id": "ID", "title": "Title", "status": "Status", "type": "Type",
    "modules": "Modules", "authors": "Authors", "created": "Created", "updated": "Updated",
    "commits": "Commits",
    "reviews": "Reviews",
}
#: Column key -> width in characters (text builders use it as such; HTML and
#: LaTeX as proportions).
COLUMN_WIDTHS = {
    "id": 14, "title": 30, "status": 14, "type": 14,
    "modules": 18, "authors": 24, "created": 12, "updated": 12, "reviews": 12,
    "commits": 8,
}

#: The directive's options, checked (the view key carries them as JSON).
IndexSpec = TypedDict("IndexSpec", {
    "status": list[str], "type": list[str], "module": list[str], "author": str,
    "sort": str, "columns": list[str], "group-by": str,
})


#: The group of the rows whose status is written as none of the project's
#: (``:group-by: status``): after the others, labelled "Invalid status".
#: No status key can be it (a key is a word).
INVALID_GROUP = "?"

#: What an option of ``rfc-index`` lists, as messages name it.
OPTION_LABELS: dict[str, str] = {"status": "status", "type": "type"}


class IndexRow(RfcSummary, total=False):
    """An RFC of the index.  While matching, sorting and grouping, a row has
    every key; the value keeps those of the shown columns only (and what a
    link needs), so that a change elsewhere rewrites no page."""

    type: str | None
    modules: list[str]
    authors: list[str]
    created: str | None
    updated: str | None
    #: how many commits cite the RFC (``rfc_commit_pattern``)
    commits: int
    #: ``[approving, against]`` verdicts of its reviews table, or None: no reviews.
    reviews: list[int] | None
    #: The words of a status that is none of the project's (``审核中``);
    #: such a row is in the group "Invalid status"; None for the others.
    invalid_status: str | None
    #: The days since the commit that gave the RFC its current status
    #: (history from git), to the build's date; None without history.  In
    #: the value, so that the index is written again when it changes.
    days: int | None


#: A group's label (``None``: not grouped; ``""``: the rows without one)
#: and its rows.
IndexGroup = tuple[str | None, list[IndexRow]]


class IndexFilters(TypedDict):
    """The values each drop-down filter of the HTML page offers: those of
    the index's rows, in the order the groups use."""

    status: list[str]
    type: list[str]
    module: list[str]


IndexValue = TypedDict("IndexValue", {
    "columns": list[str], "group-by": str, "groups": list[IndexGroup],
    #: the shown modules: where they link to
    "homes": dict[str, ModuleValue],
    "filters": IndexFilters,
})

#: The HTML id of a page's n-th index is ``rfc-index-<n>``; the filters of
#: every index but the first put it before their URL parameters.
ID_PREFIX = "rfc-index"


class RfcIndexDirective(SphinxDirective):
    """A table of RFCs, filtered, sorted and grouped."""

    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        **FILTER_OPTIONS,
        "author": directives.unchanged,
        "sort": directives.unchanged,
        "columns": directives.unchanged,
        "group-by": directives.unchanged,
    }

    def _choice(self, name: str, allowed: Sequence[str], default: str) -> str:
        raw = (self.options.get(name) or "").strip()
        if not raw:
            return default
        value = raw.lower()
        if value not in allowed:
            warn(self, "invalid-value",
                 _("rfc-index: invalid :{name}: {value!r}; expected one of {choices}").format(
                     name=name, value=raw, choices=series(allowed)))
            return default
        return value

    def _columns(self) -> list[str]:
        columns: list[str] = []
        for item in option_items(self, "columns"):
            key = item.lower()
            if key not in INDEX_COLUMNS:
                warn(self, "invalid-value",
                     _("rfc-index: unknown column {item!r} in :columns:; "
                       "expected some of {choices}").format(
                         item=item, choices=series(INDEX_COLUMNS)))
            elif key not in columns:
                columns.append(key)
        return columns or list(DEFAULT_COLUMNS)

    def run(self) -> list[nodes.Node]:
        settings = rfc_config.settings(self.config)
        columns = self._columns()
        modules = option_items(self, "module")
        unknown = _("rfc-index: unknown {what} {item!r} in :{name}:")
        spec: IndexSpec = {
            "status": option_keys(self, "status", settings.statuses.lookup, unknown),
            "type": option_keys(self, "type", settings.types.lookup, unknown),
            "module": modules,
            "author": (self.options.get("author") or "").strip(),
            "sort": self._choice("sort", SORTS, "id"),
            "columns": columns,
            "group-by": self._choice("group-by", GROUPS, "none"),
        }
        node = options_view("index", spec, self.lineno)
        self._number(node)
        check_xrefs(node, "mod", modules, self.lineno)
        return with_problems(self, [node])

    def _number(self, node: rfc_pending) -> None:
        """Number the page's indexes and reserve each one's HTML id now, so
        that no later heading of the page takes it; the HTML renderer puts
        it on the index (the namespace of its URL parameters).

        Not in ``node["ids"]``: replacing the pending node would copy it to
        the index of every builder, and other builders' output must not
        change."""
        number = self.env.new_serialno(ID_PREFIX) + 1
        document = self.state.document
        html_id = base = f"{ID_PREFIX}-{number}"
        suffix = 1
        while html_id in document.ids:  # a heading before the index took it
            suffix += 1
            html_id = f"{base}-{suffix}"
        document.ids[html_id] = node  # what docutils checks before giving an id
        node["rfc-index-id"] = html_id
        node["rfc-index-number"] = number


# --------------------------------------------------------------------------
# the view's value


def _date(row: IndexRow, field: str) -> str | None:
    return row["created"] if field == "created" else row["updated"]


def _sort_key(sort: str, statuses: Sequence[str]) -> Callable[[IndexRow], tuple[object, ...]]:
    field = sort.lstrip("-")
    if field == "title":
        return lambda r: (r["title"].casefold(), id_sort_key(r["id"]))
    if field == "status":
        rank = {s: n for n, s in enumerate(statuses)}
        return lambda r: (rank.get(r["status"], len(rank)), r["status"], id_sort_key(r["id"]))
    return lambda r: id_sort_key(r["id"])


def _sorted_rows(rows: list[IndexRow], sort: str, statuses: Sequence[str]) -> list[IndexRow]:
    field = sort.lstrip("-")
    descending = sort.startswith("-")
    if field in ("created", "updated"):
        # dated rows first (in the asked order), undated ones last, by ID
        dated = sorted((r for r in rows if _date(r, field)), key=lambda r: id_sort_key(r["id"]))
        dated.sort(key=lambda r: _date(r, field) or "", reverse=descending)
        undated = sorted((r for r in rows if not _date(r, field)),
                         key=lambda r: id_sort_key(r["id"]))
        return dated + undated
    return sorted(rows, key=_sort_key(sort, statuses), reverse=descending)


def _matching_rows(snap: Snapshot, spec: IndexSpec) -> list[IndexRow]:
    author = spec["author"].casefold()
    rows: list[IndexRow] = []
    for record in snap.records():
        if not matches_filters(record, spec):
            continue
        touched = record.touched_modules()
        if author and not any(author in a.casefold() for a in record.authors):
            continue
        row: IndexRow = {
            **rfc_summary(record), "type": record.type, "modules": touched,
            "authors": list(record.authors), "created": record.created,
            "updated": record.updated, "reviews": review_counts(record),
            "commits": len(record.commits),
            "days": days_since(current_since(record.history, record.status)),
            "invalid_status": record.invalid_status,
        }
        rows.append(row)
    return rows


def review_counts(record: RfcRecord) -> list[int] | None:
    """``[approving, against]``: the reviews that approve (with conditions
    or not), those that request changes or reject; None with no reviews."""
    if not record.reviews:
        return None
    verdicts = [r.verdict for r in record.reviews]
    return [sum(v in ("approve", "approve-with-conditions") for v in verdicts),
            sum(v in ("request-changes", "reject") for v in verdicts)]


def _in_order(present: Iterable[str], order: Sequence[str]) -> list[str]:
    """The non-empty values of *present*: those of *order* in its order, then
    the others by name."""
    values = set(present) - {""}
    known = [k for k in order if k in values]
    return known + sorted(values - set(known))


def _groups(
    snap: Snapshot, rows: list[IndexRow], group_by: str, orders: dict[str, list[str]]
) -> list[IndexGroup]:
    """The rows by *group_by* (each group in the order of *rows*): modules in
    the project's order, statuses and types in the configured one, then any
    others by name, then the rows without one."""
    if group_by == "none":
        return [(None, rows)]
    if group_by == "module":
        names = _in_order((m for r in rows for m in r["modules"]), snap.module_names())
        groups: list[IndexGroup] = [(n, [r for r in rows if n in r["modules"]]) for n in names]
        groups.append(("", [r for r in rows if not r["modules"]]))
        return groups

    def key_of(row: IndexRow) -> str:
        if group_by == "status" and row.get("invalid_status"):
            return INVALID_GROUP
        return (row["status"] if group_by == "status" else row["type"]) or ""

    keys = [*_in_order((key_of(r) for r in rows if key_of(r) != INVALID_GROUP),
                       orders[group_by]), ""]
    if group_by == "status":
        keys.append(INVALID_GROUP)
    return [(k, [r for r in rows if key_of(r) == k]) for k in keys]


def _shown(row: IndexRow, kept: set[str]) -> IndexRow:
    # (a dict comprehension is a plain dict to the type checker)
    return cast("IndexRow", {k: v for k, v in row.items() if k in kept})


def _with_api(home: ModuleValue, name: str, domain: RfcDomain) -> ModuleValue:
    """*home*, and where the module's API documentation is when it has one
    (fingerprinted: the index is written again when that changes)."""
    api = api_value(name, domain.env)
    return home if api is None else {"home": home, "api": api}  # type: ignore[return-value]


def index_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> IndexValue:
    spec: IndexSpec = options_of(key)
    settings = rfc_config.settings(domain.env.config)
    columns = spec["columns"]
    status_keys = settings.statuses.keys()
    rows = _sorted_rows(_matching_rows(snap, spec), spec["sort"], status_keys)
    if columns == list(DEFAULT_COLUMNS) and any(r["reviews"] for r in rows):
        # the default columns gain the reviews' counts when an RFC has reviews
        columns = [*columns, "reviews"]
    orders = {"status": list(status_keys), "type": list(settings.types.keys())}
    groups = _groups(snap, rows, spec["group-by"], orders)
    # type and modules whatever the columns: the HTML filters need them
    kept = set(columns) | {"id", "title", "status", "docname", "type", "modules",
                           "invalid_status"}
    if "status" in columns:
        kept.add("days")
    # (each module once, in the order the rows first name it: a module
    # shown on 150 rows is looked up once, not 150 times)
    shown = dict.fromkeys(m for r in rows for m in r["modules"])
    homes = ({m: _with_api(module_value(snap, m), m, domain) for m in shown}
             if "modules" in columns else {})
    return {
        "columns": columns,
        "group-by": spec["group-by"],
        "groups": [(label, [_shown(r, kept) for r in members])
                   for label, members in groups if members],
        "homes": homes,
        "filters": {
            "status": _in_order((r["status"] for r in rows), orders["status"]),
            "type": _in_order((r["type"] or "" for r in rows), orders["type"]),
            "module": _in_order((m for r in rows for m in r["modules"]), snap.module_names()),
        },
    }


# --------------------------------------------------------------------------
# the view's renderer


def _group_label(ctx: RenderContext, group_by: str, key: str) -> str:
    if group_by == "status":
        if key == INVALID_GROUP:
            return str(_("Invalid status"))
        return str(_(ctx.settings.statuses.label(key))) if key else str(_("No status"))
    if group_by == "type":
        return str(_(ctx.settings.types.label(key))) if key else str(_("No type"))
    return key if key else str(_("No module"))


def _index_cell(ctx: RenderContext, column: str, row: IndexRow,
                homes: dict[str, ModuleValue]) -> nodes.Node | list[nodes.Node] | str:
    if column == "id":
        return ctx.rfc_link(row)
    if column == "title":
        return str(row["title"])
    if column == "status":
        badge = status_badge(row["status"], ctx.settings, row.get("invalid_status"))
        age = days_in_status(row.get("days"))
        return [badge, age] if age is not None else badge
    if column == "type":
        rfc_type = row["type"]
        return type_badge(rfc_type, ctx.settings) if rfc_type else ""
    if column == "modules":
        return joined([module_ref(ctx, m, homes.get(m)) for m in row["modules"]])
    if column == "authors":
        return joined([author_node(a) for a in row["authors"]])
    if column == "reviews":
        counts = row.get("reviews")
        if not counts:
            return ""
        return review_count.make(counts[0], counts[1])  # (LaTeX: in words)
    return str(row.get(column) or "")


def script_json(data: object) -> str:
    """*data* as JSON that can stand inside an HTML ``<script>`` element:
    ``<``, ``>`` and ``&`` escaped, so that no ``</script>`` or ``<!--`` in
    a module name can end or bend the element (nor an ``&`` read as an
    entity in XHTML, for EPUB); U+2028 and U+2029 too, which older
    JavaScript did not allow in strings."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char in "<>&\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return text


def filter_data(ctx: RenderContext, node: rfc_pending, value: IndexValue) -> dict[str, object]:
    """What the HTML filters of an index need: the URL parameters' prefix,
    each row's data in the order the rows are written (a row per group an
    RFC is in), and each drop-down's values with their labels as the
    badges show them."""
    settings = ctx.settings
    html_id = node.get("rfc-index-id")
    first = node.get("rfc-index-number", 1) == 1
    found: dict[str, object] = {
        "prefix": "" if first or not html_id else f"{html_id}.",
        "rows": [{"id": r["id"], "status": r["status"], "type": r.get("type") or "",
                  "modules": r.get("modules") or []}
                 for _label, rows in value["groups"] for r in rows],
        "filters": {
            "status": [[k, str(_(settings.statuses.label(k)))] for k in value["filters"]["status"]],
            "type": [[k, str(_(settings.types.label(k)))] for k in value["filters"]["type"]],
            "module": [[m, m] for m in value["filters"]["module"]],
        },
    }
    if settings.profile.noun.singular != "RFC":
        # the script's texts ("Filter ADRs…", "2 of 5 ADRs") in the noun
        found["noun"] = [ctx.noun(), ctx.noun(plural=True)]
    return found


def render_index(ctx: RenderContext, node: rfc_pending, value: IndexValue) -> list[nodes.Node]:
    box = nodes.container(classes=["rfc-index"])
    html = ctx.builder.format == "html"
    if html and node.get("rfc-index-id"):  # the namespace of the URL parameters
        box["ids"] = [node["rfc-index-id"]]
    if not value["groups"]:
        box += empty(NO_MATCH, "rfc-index-empty", nouns=ctx.noun(plural=True))
        return [box]
    columns = value["columns"]
    for label, rows in value["groups"]:
        if label is not None:
            box += generated(nodes.rubric("", _group_label(ctx, value["group-by"], label),
                                          classes=["rfc-index-group"]))
        body = [[_index_cell(ctx, c, r, value["homes"]) for c in columns] for r in rows]
        table = make_table(header(COLUMN_LABELS[c] for c in columns), body,
                           ["rfc-table", "rfc-table-index"], [COLUMN_WIDTHS[c] for c in columns])
        keep_widths(ctx, table)
        for tr, row in zip(table.findall(nodes.row), [None, *rows], strict=False):
            if row is not None:
                tr["classes"].append(f"rfc-row-{row['status']}")
        box += table
    if html:
        # Data beside the tables rather than attributes on the rows: docutils
        # writes no arbitrary attributes, and a raw block is skipped by every
        # other writer.  The script copies it onto the rows as data-*.
        box += nodes.raw("", '<script type="application/json" class="rfc-index-data">'
                         f"{script_json(filter_data(ctx, node, value))}</script>",
                         format="html")
    return [box]


# --------------------------------------------------------------------------
# HTML: the sorting/filtering script, only on pages with an index


def _has_index(app: Sphinx, pagename: str) -> bool:
    """Whether the page shows an ``rfc-index`` (known from its views, so no
    page is walked for it)."""
    return any(key.kind == "index" for key in get_domain(app.env).views.get(pagename, ()))


def on_html_page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    if _has_index(app, pagename):
        app.add_js_file("sphinx_rfc.js", loading_method="defer")


def setup(app: Sphinx) -> None:
    app.add_directive("rfc-index", RfcIndexDirective)
    views.register("index", index_value, render_index, dated=True)
    app.add_node(review_count, latex=(visit_review_count_latex, depart_review_count_latex))
