"""Directives of the navigation family (docs/reference/navigation.md): ``rfc-index``,
``rfc-module`` and ``rfc-graph``.

Each one shows other documents' data, so it only records, at read time,
*what* it shows: an ``rfc_pending`` node whose view key encodes its
options.  The view's value function computes, from the domain's snapshot,
exactly the data the spot displays, and its renderer builds the nodes from
that value alone (:mod:`sphinx_rfc.resolve.views`); pages are rewritten when that
value changes, so they never go stale.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_id

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import source_path
from sphinx_rfc.i18n import _
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import ModuleHome
from sphinx_rfc.model.relations import Snapshot, id_sort_key
from sphinx_rfc.nodes import generated, rfc_data, rfc_pending
from sphinx_rfc.render import graph as rfc_graph
from sphinx_rfc.render.elements import (
    RELATION_LABELS,
    CellContent,
    author_node,
    joined,
    make_table,
    status_badge,
    type_badge,
    xref,
)
from sphinx_rfc.render.values import module_value
from sphinx_rfc.resolve import views
from sphinx_rfc.resolve.domain import get_domain
from sphinx_rfc.spec.text import split_list

if TYPE_CHECKING:
    from sphinx_rfc.spec.subtypes import Subtype

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.resolve.context import RenderContext, ViewKey
    from sphinx_rfc.resolve.domain import RfcDomain

logger = logging.getLogger(__name__)

INDEX_COLUMNS = ("id", "title", "status", "type", "modules", "authors", "created", "updated")
DEFAULT_COLUMNS = ("id", "title", "status", "type", "modules")
SORTS = ("id", "-id", "title", "status", "created", "-created", "updated", "-updated")
GROUPS = ("status", "type", "module", "none")

#: Column key -> English label (msgid).
COLUMN_LABELS = {
    "id": "ID", "title": "Title", "status": "Status", "type": "Type",
    "modules": "Modules", "authors": "Authors", "created": "Created", "updated": "Updated",
}
#: Column key -> width in characters (text builders use it as such; HTML and
#: LaTeX as proportions).
COLUMN_WIDTHS = {
    "id": 14, "title": 30, "status": 14, "type": 14,
    "modules": 18, "authors": 24, "created": 12, "updated": 12,
}
NO_MATCH = "No RFCs match."


def _warn(directive: SphinxDirective, subtype: Subtype, message: str) -> None:
    """Record a problem at the directive's line; :func:`_with_problems` hands
    it to the collector, which reports it and keeps it with the page's RFC
    (so it is in ``rfcs.json`` and ``sphinx-rfc check`` too)."""
    found: list[Problem] = directive.__dict__.setdefault("_rfc_problems", [])
    found.append(Problem(subtype, message, source_path(directive.env, directive.env.docname),
                         directive.lineno))


def _with_problems(directive: SphinxDirective, result: list[nodes.Node]) -> list[nodes.Node]:
    found = directive.__dict__.get("_rfc_problems")
    if found:
        result.append(rfc_data.make("problems", found, directive.lineno))
    return result


def _items(text: str | None) -> list[str]:
    return split_list(text or "")


def _check_xrefs(node: rfc_pending, role: str, targets: Sequence[str], line: int) -> None:
    """Hidden cross-references inside the pending node: the collector records
    them, so an unknown RFC or module is reported once, after reading, as a
    cross-RFC problem (``rfc.unknown-rfc`` / ``rfc.unknown-module``), and the
    page is refreshed when the target appears.  The pending node is replaced
    before references are resolved, so they never reach a writer."""
    for target in targets:
        ref = xref(role, target, quiet=False)
        ref.line = line
        node += ref


# --------------------------------------------------------------------------
# rfc-index


class RfcIndexDirective(SphinxDirective):
    """A table of RFCs, filtered, sorted and grouped."""

    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "status": directives.unchanged,
        "type": directives.unchanged,
        "module": directives.unchanged,
        "author": directives.unchanged,
        "sort": directives.unchanged,
        "columns": directives.unchanged,
        "group-by": directives.unchanged,
    }

    def _enum(self, name: str, lookup: Callable[[str], str | None], what: str) -> list[str]:
        keys = []
        for item in _items(self.options.get(name)):
            key = lookup(item)
            if key is None:
                _warn(self, "invalid-value", f"rfc-index: unknown {what} {item!r} in :{name}:")
                key = "\0" + item  # matches nothing
            keys.append(key)
        return keys

    def _choice(self, name: str, allowed: Sequence[str], default: str) -> str:
        raw = (self.options.get(name) or "").strip()
        if not raw:
            return default
        value = raw.lower()
        if value not in allowed:
            _warn(self, "invalid-value",
                  f"rfc-index: invalid :{name}: {raw!r}; expected one of {', '.join(allowed)}")
            return default
        return value

    def run(self) -> list[nodes.Node]:
        settings = rfc_config.settings(self.config)
        columns: list[str] = []
        for item in _items(self.options.get("columns")):
            key = item.lower()
            if key not in INDEX_COLUMNS:
                _warn(self, "invalid-value",
                      f"rfc-index: unknown column {item!r} in :columns:; "
                      f"expected some of {', '.join(INDEX_COLUMNS)}")
            elif key not in columns:
                columns.append(key)
        modules = _items(self.options.get("module"))
        spec = {
            "status": self._enum("status", settings.statuses.lookup, "status"),
            "type": self._enum("type", settings.types.lookup, "type"),
            "module": modules,
            "author": (self.options.get("author") or "").strip(),
            "sort": self._choice("sort", SORTS, "id"),
            "columns": columns or list(DEFAULT_COLUMNS),
            "group-by": self._choice("group-by", GROUPS, "none"),
        }
        node = rfc_pending.make(("index", json.dumps(spec, sort_keys=True, ensure_ascii=False)))
        node.line = self.lineno
        _check_xrefs(node, "mod", modules, self.lineno)
        return _with_problems(self, [node])


def _sort_key(sort: str, statuses: Sequence[str]) -> Callable[[dict[str, Any]], Any]:
    field = sort.lstrip("-")
    if field == "title":
        return lambda r: (r["title"].casefold(), id_sort_key(r["id"]))
    if field == "status":
        rank = {s: n for n, s in enumerate(statuses)}
        return lambda r: (rank.get(r["status"], len(rank)), r["status"], id_sort_key(r["id"]))
    return lambda r: id_sort_key(r["id"])


def _sorted_rows(rows: list[dict[str, Any]], sort: str, statuses: Sequence[str]) -> list[Any]:
    field = sort.lstrip("-")
    descending = sort.startswith("-")
    if field in ("created", "updated"):
        # dated rows first (in the asked order), undated ones last, by ID
        dated = sorted((r for r in rows if r[field]), key=lambda r: id_sort_key(r["id"]))
        dated.sort(key=lambda r: r[field], reverse=descending)
        undated = sorted((r for r in rows if not r[field]), key=lambda r: id_sort_key(r["id"]))
        return dated + undated
    return sorted(rows, key=_sort_key(sort, statuses), reverse=descending)


def index_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> Any:
    spec = json.loads(key[1])
    settings = rfc_config.settings(domain.env.config)
    columns: list[str] = spec["columns"]
    author = spec["author"].casefold()
    rows: list[dict[str, Any]] = []
    for record in snap.records():
        touched = record.touched_modules()
        if spec["status"] and record.status not in spec["status"]:
            continue
        if spec["type"] and record.type not in spec["type"]:
            continue
        if spec["module"] and not set(spec["module"]) & set(touched):
            continue
        if author and not any(author in a.casefold() for a in record.authors):
            continue
        rows.append({
            "id": record.id, "title": record.title, "status": record.status,
            "docname": record.docname, "type": record.type, "modules": touched,
            "authors": list(record.authors), "created": record.created,
            "updated": record.updated,
        })
    status_keys = settings.statuses.keys()
    rows = _sorted_rows(rows, spec["sort"], status_keys)

    groups: list[tuple[str | None, list[dict[str, Any]]]]
    group_by = spec["group-by"]
    if group_by == "none":
        groups = [(None, rows)]
    elif group_by == "module":
        names = [n for n in snap.module_names() if any(n in r["modules"] for r in rows)]
        names += sorted({m for r in rows for m in r["modules"]} - set(names))
        groups = [(n, [r for r in rows if n in r["modules"]]) for n in names]
        groups.append(("", [r for r in rows if not r["modules"]]))
    else:
        order = status_keys if group_by == "status" else settings.types.keys()
        present = {r[group_by] or "" for r in rows}
        keys = [k for k in order if k in present]
        keys += [*sorted(present - set(keys) - {""}), ""]
        groups = [(k, [r for r in rows if (r[group_by] or "") == k]) for k in keys]
    kept = set(columns) | {"id", "title", "status", "docname"}
    homes = ({m: module_value(snap, m) for r in rows for m in r["modules"]}
             if "modules" in columns else {})
    return {
        "columns": columns,
        "group-by": group_by,
        "groups": [
            [label, [{k: v for k, v in r.items() if k in kept} for r in members]]
            for label, members in groups if members
        ],
        "homes": homes,
    }


def _group_label(ctx: RenderContext, group_by: str, key: str) -> str:
    if group_by == "status":
        return str(_(ctx.settings.statuses.label(key))) if key else str(_("No status"))
    if group_by == "type":
        return str(_(ctx.settings.types.label(key))) if key else str(_("No type"))
    return key if key else str(_("No module"))


def _index_cell(ctx: RenderContext, column: str, row: Any,
                homes: dict[str, Any]) -> nodes.Node | list[nodes.Node] | str:
    if column == "id":
        return ctx.rfc_link(row)
    if column == "title":
        return str(row["title"])
    if column == "status":
        return status_badge(row["status"], ctx.settings)
    if column == "type":
        return type_badge(row["type"], ctx.settings) if row["type"] else ""
    if column == "modules":
        links = [ctx.module_link(m) if homes.get(m) else nodes.literal(m, m)
                 for m in row["modules"]]
        return joined(links)
    if column == "authors":
        return joined([author_node(a) for a in row["authors"]])
    return str(row[column] or "")


def _keep_widths(ctx: RenderContext, table: nodes.table) -> nodes.table:
    """Outside HTML, lay the table out by its column widths: LaTeX otherwise
    sizes columns by content and squeezes IDs and status labels."""
    if ctx.builder.format != "html":
        table["classes"].append("colwidths-given")
    return table


def render_index(ctx: RenderContext, node: rfc_pending, value: Any) -> list[nodes.Node]:
    box = nodes.container(classes=["rfc-index"])
    if not value["groups"]:
        box += generated(nodes.paragraph("", str(_(NO_MATCH)), classes=["rfc-index-empty"]))
        return [box]
    columns: list[str] = value["columns"]
    header = [generated(nodes.inline("", str(_(COLUMN_LABELS[c])))) for c in columns]
    for label, rows in value["groups"]:
        if label is not None:
            box += generated(nodes.rubric("", _group_label(ctx, value["group-by"], label),
                                          classes=["rfc-index-group"]))
        body = [[_index_cell(ctx, c, r, value["homes"]) for c in columns] for r in rows]
        table = make_table(header, body, ["rfc-table", "rfc-table-index"],
                           [COLUMN_WIDTHS[c] for c in columns])
        _keep_widths(ctx, table)
        for tr, row in zip(table.findall(nodes.row), [None, *rows], strict=False):
            if row is not None:
                tr["classes"].append(f"rfc-row-{row['status']}")
        box += table
    return [box]


# --------------------------------------------------------------------------
# rfc-module


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
            _warn(self, "unknown-module", f"rfc-module: {why}")
        anchor = make_id(self.env, self.state.document, "rfc-module", name)
        target = nodes.target("", "", ids=[anchor])
        self.state.document.note_explicit_target(target)
        home = ModuleHome(name, self.env.docname, anchor, self.lineno)
        box = nodes.container(classes=["rfc-module"])
        box += rfc_pending.make(("module-page", name), part="description")
        if self.content:
            box += self.parse_content_to_nodes()
        pending = rfc_pending.make(("module-page", name), part="rfcs")
        pending.line = self.lineno
        box += pending
        return _with_problems(self, [target, rfc_data.make("module-home", home, self.lineno), box])


def module_page_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> Any:
    name = key[1]
    rows = []
    for item in snap.module_rfcs.get(name, []):
        record = snap.by_id.get(item.rfc_id)
        if record is None:
            continue
        rows.append({"id": record.id, "title": record.title, "status": record.status,
                     "docname": record.docname, "relation": item.relation,
                     "changes": list(item.changes)})
    return {"description": snap.module_descriptions.get(name, ""), "rfcs": rows}


def render_module_page(ctx: RenderContext, node: rfc_pending, value: Any) -> list[nodes.Node]:
    if node.get("part") == "description":
        if not value["description"]:
            return []
        return [nodes.paragraph("", value["description"], classes=["rfc-module-description"])]
    if not value["rfcs"]:
        return [generated(nodes.paragraph("", str(_("No RFC touches this module.")),
                                          classes=["rfc-module-empty"]))]
    header = [generated(nodes.inline("", str(_(label))))
              for label in ("RFC", "Title", "Status", "Relation", "Changes")]
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
    table = make_table(header, rows, ["rfc-table", "rfc-table-module"], [14, 28, 14, 14, 32])
    return [_keep_widths(ctx, table)]


# --------------------------------------------------------------------------
# rfc-graph


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
            _warn(self, "invalid-value",
                  f"rfc-graph: invalid :direction: {self.options['direction']!r}; "
                  "expected LR or TD")
            direction = "LR"
        rfc_id = (self.options.get("rfc") or "").strip() or None
        module = (self.options.get("module") or "").strip() or None
        spec = {"rfc": rfc_id, "module": module, "modules": "modules" in self.options,
                "direction": direction}
        node = rfc_pending.make(("graph", json.dumps(spec, sort_keys=True, ensure_ascii=False)))
        node.line = self.lineno
        if rfc_id:
            _check_xrefs(node, "ref", [rfc_id], self.lineno)
        if module:
            _check_xrefs(node, "mod", [module], self.lineno)
        return _with_problems(self, [node])


def graph_view_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> rfc_graph.GraphValue:
    spec = json.loads(key[1])
    value = rfc_graph.graph_value(snap, rfc_graph.GraphOptions(
        rfc=spec["rfc"], module=spec["module"], modules=spec["modules"],
        direction=spec["direction"],
    ))
    return value


def _is_html(ctx: RenderContext) -> bool:
    return ctx.builder.format == "html" and not ctx.builder.name.startswith("epub")


def render_graph(ctx: RenderContext, node: rfc_pending, value: Any) -> list[nodes.Node]:
    box = nodes.container(classes=["rfc-graph"])
    if not value["nodes"]:
        box += generated(nodes.paragraph("", str(_(NO_MATCH)), classes=["rfc-graph-empty"]))
        return [box]
    if _is_html(ctx):
        from sphinxcontrib.mermaid import mermaid

        def url_for(item: Any) -> str | None:
            return str(ctx.builder.get_relative_uri(ctx.docname, item["docname"]))

        diagram = mermaid()
        diagram["code"] = rfc_graph.mermaid_code(
            value, url_for, lambda kind: str(_(rfc_graph.EDGE_LABELS[kind]))
        )
        diagram["options"] = {}
        box += diagram
        return [box]
    return [_edge_table(ctx, value, box)]


def _edge_table(ctx: RenderContext, value: Any, box: nodes.container) -> nodes.container:
    by_id = {n["id"]: n for n in value["nodes"]}
    homes = {m["name"]: m["home"] for m in value["modules"]}
    rows: list[Sequence[CellContent]] = []
    for kind, src, dst in value["edges"]:
        target: nodes.Node
        if kind == rfc_graph.TOUCHES:
            target = ctx.module_link(dst) if homes.get(dst) else nodes.literal(dst, dst)
        else:
            target = ctx.rfc_link(by_id[dst])
        rows.append([ctx.rfc_link(by_id[src]), str(_(rfc_graph.EDGE_LABELS[kind])), target])
    linked = {e[1] for e in value["edges"]} | {e[2] for e in value["edges"]}
    for item in value["nodes"]:
        if item["id"] not in linked:
            rows.append([ctx.rfc_link(item), "", ""])
    header = [generated(nodes.inline("", str(_(label)))) for label in ("From", "Relation", "To")]
    box += _keep_widths(ctx, make_table(header, rows, ["rfc-table", "rfc-table-graph"], [14, 20, 14]))
    return box


# --------------------------------------------------------------------------
# HTML: the sorting/filtering script, only on pages with an index


def _has_index(app: Sphinx, pagename: str) -> bool:
    """Whether the page shows an ``rfc-index`` (known from its views, so no
    page is walked for it)."""
    return any(key[0] == "index" for key in get_domain(app.env).views.get(pagename, ()))


def on_html_page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
    doctree: nodes.document | None,
) -> None:
    if _has_index(app, pagename):
        app.add_js_file("sphinx_rfc.js", loading_method="defer")


def setup(app: Sphinx) -> None:
    app.add_directive("rfc-index", RfcIndexDirective)
    app.add_directive("rfc-module", RfcModuleDirective)
    app.add_directive("rfc-graph", RfcGraphDirective)
    views.register("index", index_value, render_index)
    views.register("module-page", module_page_value, render_module_page)
    views.register("graph", graph_view_value, render_graph)
    app.connect("html-page-context", on_html_page_context)
