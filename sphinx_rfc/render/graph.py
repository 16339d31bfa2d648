"""Relations between RFCs (and modules) as a graph, and that graph as Mermaid.

Pure: a :class:`~sphinx_rfc.model.relations.Snapshot` and the options of one
``rfc-graph`` directive in, a JSON-able value out (:func:`graph_value`);
that value in, Mermaid flowchart code out (:func:`mermaid_code`).  The
value is also what the page's freshness fingerprint is made of, so it holds
exactly what the diagram shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypedDict
from urllib.parse import quote

from sphinx_rfc.model.relations import Snapshot, id_sort_key
from sphinx_rfc.render.values import ModuleHomeValue, RfcSummary, module_home, rfc_summary

#: Edge kinds, in the order they are drawn for one source node.
REQUIRES = "requires"
SUPERSEDES = "supersedes"
STRONG = "strong"
WEAK = "weak"
TOUCHES = "touches"
EDGE_KINDS = (REQUIRES, SUPERSEDES, STRONG, WEAK, TOUCHES)

#: Edge kind -> English label (an msgid; the caller translates it).
EDGE_LABELS: dict[str, str] = {
    REQUIRES: "requires",
    SUPERSEDES: "supersedes",
    STRONG: "depends on",
    WEAK: "weakly depends on",
    TOUCHES: "touches",
}

#: Edge kind -> Mermaid link syntax (strong solid, weak dashed, supersedes thick).
_ARROWS = {REQUIRES: "-->", SUPERSEDES: "==>", STRONG: "-->", WEAK: "-.->", TOUCHES: "---"}

DIRECTIONS = ("LR", "TD", "TB", "RL", "BT")

#: How HTML draws the graph: an SVG made at build time, or Mermaid code for
#: Mermaid JS in the browser (``:renderer:``, ``rfc_graph_renderer``).
RENDERERS = ("svg", "mermaid")

#: Fill, stroke and text colours per built-in status; others get the default.
STATUS_STYLES: dict[str, str] = {
    "draft": "fill:#f1f5f9,stroke:#64748b,color:#0f172a",
    "review": "fill:#fef3c7,stroke:#d97706,color:#451a03",
    "accepted": "fill:#dbeafe,stroke:#2563eb,color:#172554",
    "implemented": "fill:#dcfce7,stroke:#16a34a,color:#052e16",
    "rejected": "fill:#fee2e2,stroke:#dc2626,color:#450a0a",
    "withdrawn": "fill:#e5e7eb,stroke:#6b7280,color:#1f2937,stroke-dasharray:4 3",
    "superseded": "fill:#ede9fe,stroke:#7c3aed,color:#2e1065,stroke-dasharray:4 3",
}
DEFAULT_STYLE = "fill:#f8fafc,stroke:#94a3b8,color:#0f172a"
MODULE_STYLE = "fill:#ecfeff,stroke:#0891b2,color:#083344"


@dataclass(frozen=True)
class GraphOptions:
    """The options of one ``rfc-graph`` (its view key carries them as JSON)."""

    rfc: str | None = None
    module: str | None = None
    modules: bool = False
    direction: str = "LR"


class GraphModule(TypedDict):
    name: str
    home: ModuleHomeValue | None


#: ``[kind, source ID, target ID or module name]`` (a list: that is its JSON).
GraphEdge = list[str]


class GraphValue(TypedDict):
    """What one ``rfc-graph`` shows."""

    direction: str
    #: the RFC the graph is centred on (drawn thicker)
    focus: str | None
    nodes: list[RfcSummary]
    modules: list[GraphModule]
    edges: list[GraphEdge]


def all_edges(snap: Snapshot) -> list[tuple[str, str, str]]:
    """``(kind, source ID, target ID)`` for every relation between known RFCs."""
    edges: dict[tuple[str, str, str], None] = {}
    for record in snap.records():
        for target in record.requires:
            edges[(REQUIRES, record.id, target)] = None
        for target in record.supersedes:
            edges[(SUPERSEDES, record.id, target)] = None
        for target, strength in record.dependency_edges():
            if strength in (STRONG, WEAK):
                edges[(strength, record.id, target)] = None
    return [e for e in edges if e[1] in snap.by_id and e[2] in snap.by_id]


def graph_value(snap: Snapshot, options: GraphOptions) -> GraphValue:
    """What one ``rfc-graph`` shows: its RFC nodes, module nodes and edges."""
    edges = all_edges(snap)
    ids = set(snap.by_id)
    if options.rfc is not None:
        if options.rfc in snap.by_id:
            near = {options.rfc}
            for _kind, src, dst in edges:
                if src == options.rfc:
                    near.add(dst)
                if dst == options.rfc:
                    near.add(src)
            ids &= near
        else:
            ids = set()
    if options.module is not None:
        touching = {e.rfc_id for e in snap.module_rfcs.get(options.module, [])}
        ids &= touching | ({options.rfc} if options.rfc in ids else set())
    order = sorted(ids, key=id_sort_key)
    nodes = [rfc_summary(snap.by_id[i]) for i in order]
    shown = [list(e) for e in edges if e[1] in ids and e[2] in ids]

    modules: list[GraphModule] = []
    if options.modules:
        names: dict[str, None] = {}
        for i in order:
            for name in snap.by_id[i].touched_modules():
                if options.module is None or name == options.module:
                    names.setdefault(name)
        if options.module is not None and options.module in snap.module_names():
            names.setdefault(options.module)
        ordered = [n for n in snap.module_names() if n in names]
        ordered += sorted(n for n in names if n not in ordered)
        for name in ordered:
            modules.append({"name": name, "home": module_home(snap, name)})
        for i in order:
            for name in snap.by_id[i].touched_modules():
                if name in names:
                    shown.append([TOUCHES, i, name])
    rank = {k: n for n, k in enumerate(EDGE_KINDS)}
    shown.sort(key=lambda e: (id_sort_key(e[1]), rank[e[0]], id_sort_key(e[2])))
    return {
        "direction": options.direction,
        "focus": options.rfc,
        "nodes": nodes,
        "modules": modules,
        "edges": shown,
    }


# --------------------------------------------------------------------------
# Mermaid

_SAFE_ASCII = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,/"
)


#: What Markdown reads as emphasis (``*``, ``_``) or an escape (``\\``).
_MARKDOWN = frozenset("*_\\")
#: U+FEFF (zero width no-break space), written after each of them.
_NO_MARKUP = "#65279;"


def escape_label(text: str) -> str:
    """Text that cannot break a Mermaid label, nor turn into markup.

    Every ASCII character outside letters, digits and ``space _ - . , /``
    becomes a Mermaid entity code ``#<decimal>;`` (Mermaid turns it back into
    the character, as text, never HTML), and so does any non-ASCII
    character that is not a letter or digit.  Letters in any script (Chinese
    included) stay as they are.  Whitespace runs become one space.

    Mermaid up to 11.12 (the version sphinxcontrib-mermaid loads by
    default) reads every label as Markdown once the entity codes are
    decoded, so ``**x**`` in a title was drawn bold; later versions read
    labels as text, and show a backslash escape as a backslash.  What works
    for both: an invisible U+FEFF after each ``*``, ``\\`` and ``_``.  A
    delimiter followed by it (whitespace to Markdown's parser, nothing on
    screen) can open no emphasis, and a backslash escapes nothing.  A ``_``
    between two letters or digits (``snake_case``) can open none anyway and
    is left as written.
    """
    folded = " ".join(text.split())
    out: list[str] = []
    for i, char in enumerate(folded):
        if char in _SAFE_ASCII or (ord(char) > 127 and char.isalnum()):
            out.append(char)
        else:
            out.append(f"#{ord(char)};")
        if char in _MARKDOWN and not (
            char == "_" and 0 < i < len(folded) - 1
            and folded[i - 1].isalnum() and folded[i + 1].isalnum()
        ):
            out.append(_NO_MARKUP)
    return "".join(out)


def _class_name(status: str) -> str:
    token = "".join(c if c.isascii() and c.isalnum() else "_" for c in status.lower())
    return f"rfc_{token}"


def mermaid_code(
    value: GraphValue,
    url_for: Callable[[RfcSummary], str | None],
    edge_label: Callable[[str], str],
) -> str:
    """The flowchart of a :func:`graph_value`.

    *url_for* gives the link of an RFC node (``None``: not clickable);
    *edge_label* the (translated) label of an edge kind.
    """
    lines = [f"flowchart {value['direction']}"]
    node_ids: dict[str, str] = {}
    module_ids: dict[str, str] = {}
    statuses: dict[str, None] = {}
    for n, node in enumerate(value["nodes"]):
        nid = f"n{n}"
        node_ids[node["id"]] = nid
        label = escape_label(node["id"]) + "<br>" + escape_label(node["title"])
        lines.append(f'    {nid}["{label}"]')
    for n, module in enumerate(value["modules"]):
        mid = f"m{n}"
        module_ids[module["name"]] = mid
        lines.append(f'    {mid}{{{{"{escape_label(module["name"])}"}}}}')
    for kind, src, dst in value["edges"]:
        a = node_ids.get(src)
        b = module_ids.get(dst) if kind == TOUCHES else node_ids.get(dst)
        if a is None or b is None:
            continue
        arrow = _ARROWS[kind]
        if kind == TOUCHES:
            lines.append(f"    {a} {arrow} {b}")
        else:
            lines.append(f"    {a} {arrow}|{escape_label(edge_label(kind))}| {b}")
    for node in value["nodes"]:
        statuses.setdefault(node["status"])
    for status in statuses:
        style = STATUS_STYLES.get(status, DEFAULT_STYLE)
        lines.append(f"    classDef {_class_name(status)} {style}")
    if module_ids:
        lines.append(f"    classDef rfc_module {MODULE_STYLE}")
    for node in value["nodes"]:
        nid = node_ids[node["id"]]
        lines.append(f"    class {nid} {_class_name(node['status'])}")
        if value.get("focus") == node["id"]:
            lines.append(f"    style {nid} stroke-width:3px")
    for mid in module_ids.values():
        lines.append(f"    class {mid} rfc_module")
    for node in value["nodes"]:
        url = url_for(node)
        if url:
            lines.append(f'    click {node_ids[node["id"]]} href "{_quote_url(url)}"')
    return "\n".join(lines) + "\n"


def _quote_url(url: str) -> str:
    return quote(url, safe="/#?=&%.-_~+:")
