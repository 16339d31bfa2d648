"""The dependency graph drawn at build time as a self-contained SVG
(sphinx_rfc/render/graph_svg.py, laid out by render/graph_layout.py): valid
XML, every node and edge there, user text escaped, the same bytes every
time, sources before targets, cycles and self-loops handled, nothing
overlapping, and small and quick enough at 300 RFCs."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from sphinx_rfc.render.graph import EDGE_KINDS, EDGE_LABELS, STATUS_STYLES, TOUCHES
from sphinx_rfc.render.graph_geometry import text_width, wrap
from sphinx_rfc.render.graph_layout import Edge, layout
from sphinx_rfc.render.graph_svg import STYLE, graph_svg
from sphinx_rfc.write.static import STATIC_DIR

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert(\"x\")</script> ]]> & 'q' \x00\x07\x1b\x7f\ud800 </title><!-- -->"

RFCS = [
    ("RFC-0001", "Sharding the metadata store", "implemented"),
    ("RFC-0002", "Replication protocol v2", "accepted"),
    ("RFC-0003", "Consistent hashing ring", "implemented"),
    ("RFC-0004", "Online schema migrations without downtime for large tables", "review"),
    ("RFC-0005", "Drop the legacy XML API", "rejected"),
    ("RFC-0006", 'Backup and restore <tool> & "friends"', "draft"),
    ("RFC-0007", "Rate limiting", "superseded"),
    ("RFC-0008", "Adaptive rate limiting", "accepted"),
    ("RFC-0009", "分布式事务协调器", "review"),
    ("RFC-0010", "Audit log", "withdrawn"),
    ("RFC-0011", "Multi-region failover", "draft"),
    ("RFC-0012", "Query planner statistics", "implemented"),
    ("RFC-0013", "Tiered storage", "accepted"),
    ("RFC-0014", "Compaction scheduling", "draft"),
    ("RFC-0015", "Metrics export", "implemented"),
]
EDGES = [
    ["requires", "RFC-0002", "RFC-0001"], ["requires", "RFC-0003", "RFC-0001"],
    ["strong", "RFC-0004", "RFC-0002"], ["weak", "RFC-0004", "RFC-0012"],
    ["supersedes", "RFC-0008", "RFC-0007"], ["requires", "RFC-0008", "RFC-0015"],
    ["strong", "RFC-0009", "RFC-0002"], ["requires", "RFC-0011", "RFC-0002"],
    ["strong", "RFC-0011", "RFC-0003"], ["weak", "RFC-0011", "RFC-0006"],
    ["requires", "RFC-0013", "RFC-0001"], ["strong", "RFC-0014", "RFC-0013"],
    ["weak", "RFC-0014", "RFC-0012"], ["requires", "RFC-0006", "RFC-0001"],
    ["weak", "RFC-0010", "RFC-0015"], ["requires", "RFC-0012", "RFC-0001"],
    ["requires", "RFC-0002", "RFC-0001"],
    ["touches", "RFC-0005", "api"], ["touches", "RFC-0013", "storage"],
    ["touches", "RFC-0001", "storage"], ["touches", "RFC-0008", "api"],
]


def sample(direction: str = "LR", focus: str | None = "RFC-0004") -> dict[str, Any]:
    """About 15 RFCs and two modules, the shape graph_value() gives."""
    return {
        "direction": direction,
        "focus": focus,
        "nodes": [{"id": i, "title": t, "status": s, "docname": f"rfcs/{i.lower()}"}
                  for i, t, s in RFCS],
        "modules": [{"name": "storage", "home": ["modules/storage", "storage"]},
                    {"name": "api", "home": None}],
        "edges": [list(e) for e in dict.fromkeys(map(tuple, EDGES))],
    }


def url(node: Mapping[str, Any]) -> str | None:
    return f"../{node['docname']}.html"


def module_url(module: Mapping[str, Any]) -> str | None:
    home = module["home"]
    return f"../{home[0]}.html#{home[1]}" if home else None


def render(value: Mapping[str, Any], **kwargs: Any) -> tuple[str, ET.Element]:
    svg = graph_svg(value, url, module_url, **kwargs)
    return svg, ET.fromstring(svg)


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def find(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in classes(e)]


def box(element: ET.Element) -> tuple[int, int, int, int]:
    """x, y, width, height of a node's shape (rect, or the hexagon's path)."""
    shape = next(e for e in element if "rfc-graph-box" in classes(e))
    if shape.tag == SVG + "rect":
        return tuple(int(shape.get(k, "0")) for k in ("x", "y", "width", "height"))  # type: ignore[return-value]
    xs = [int(n) for n in re.findall(r"(-?\d+),", shape.get("d", ""))]
    ys = [int(n) for n in re.findall(r",(-?\d+)", shape.get("d", ""))]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_valid_xml_with_every_node_and_edge() -> None:
    value = sample()
    svg, root = render(value)
    assert root.tag == SVG + "svg" and "rfc-graph-svg" in classes(root)
    assert svg.startswith("<svg ") and svg.endswith("</svg>\n")
    rfcs = {e.get("data-rfc") for e in find(root, "rfc-graph-node") if e.get("data-rfc")}
    assert rfcs == {n["id"] for n in value["nodes"]}
    modules = {e.get("data-module") for e in find(root, "rfc-graph-module") if e.get("data-module")}
    assert modules == {"storage", "api"}
    drawn = {(next(c for c in classes(e) if c.startswith("rfc-edge-"))[9:],
              e.get("data-source"), e.get("data-target")) for e in find(root, "rfc-graph-edge")}
    assert drawn == {tuple(e) for e in value["edges"]}
    assert len(find(root, "rfc-graph-edge")) == len(value["edges"])
    # every edge but touches has a label and an arrowhead
    labelled = [e for e in value["edges"] if e[0] != TOUCHES]
    assert len(find(root, "rfc-graph-tag")) == len(labelled)
    heads = [e for e in find(root, "rfc-graph-edge") if find(e, "rfc-graph-head")]
    assert len(heads) == len(labelled)
    tags = sorted("".join(t.itertext()) for t in find(root, "rfc-graph-tag"))
    assert tags == sorted(EDGE_LABELS[e[0]] for e in labelled)


def test_nodes_are_links_with_their_title_as_tooltip() -> None:
    value = sample()
    _, root = render(value)
    links = {e.get("data-rfc"): e for e in root.iter(SVG + "a") if e.get("data-rfc")}
    assert set(links) == {n["id"] for n in value["nodes"]}
    assert value["nodes"]
    for node in value["nodes"]:
        link = links[node["id"]]
        assert link.get("href") == f"../{node['docname']}.html"
        assert link[0].tag == SVG + "title"  # first child: the browser's tooltip
        assert link[0].text == f"{node['id']}: {node['title']}"
        assert f"rfc-status-{node['status']}" in classes(link)
    # a module with a home is a link, one without is not
    storage = next(e for e in find(root, "rfc-graph-module") if e.get("data-module") == "storage")
    api = next(e for e in find(root, "rfc-graph-module") if e.get("data-module") == "api")
    assert storage.tag == SVG + "a" and storage.get("href") == "../modules/storage.html#storage"
    assert api.tag == SVG + "g" and api.get("href") is None
    # no URL, no link
    root = ET.fromstring(graph_svg(value, lambda node: None))
    assert not list(root.iter(SVG + "a"))


def test_focus_is_highlighted() -> None:
    _, root = render(sample(focus="RFC-0004"))
    focused = find(root, "rfc-graph-focus")
    assert [e.get("data-rfc") for e in focused] == ["RFC-0004"]
    assert find(focused[0], "rfc-graph-ring")
    _, root = render(sample(focus=None))
    assert not find(root, "rfc-graph-focus") and not find(root, "rfc-graph-ring")


def test_hostile_text_is_escaped() -> None:
    value = {
        "direction": "LR", "focus": HOSTILE,
        "nodes": [{"id": HOSTILE, "title": HOSTILE, "status": HOSTILE, "docname": "a"},
                  {"id": "B", "title": "]]>", "status": "draft", "docname": "b"}],
        "modules": [{"name": HOSTILE, "home": ["m", "x"]}],
        "edges": [["requires", HOSTILE, "B"], ["touches", "B", HOSTILE]],
    }

    def bad_url(node: Mapping[str, Any]) -> str:
        return 'x.html?q="><script>alert(1)</script>&a=1' if node["id"] == "B" else HOSTILE

    svg = graph_svg(value, bad_url, lambda m: "javascript:alert(1)",
                    translate=lambda t: t + ' <b>"&', status_label=lambda s: s)
    root = ET.fromstring(svg)  # parses: nothing broke out
    assert not [e for e in root.iter() if e.tag.endswith(("script", "b"))]
    assert "<script" not in svg and "javascript:" not in svg and "]]>" not in svg
    assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", svg)
    cleaned = "<script>alert(\"x\")</script> ]]> & 'q' \ufffd\ufffd\ufffd\ufffd\ufffd </title><!-- -->"
    node = next(e for e in find(root, "rfc-graph-node") if e.get("data-rfc"))
    assert node.get("data-rfc") == cleaned  # the text survives, as text
    assert node[0].text == f"{cleaned}: {cleaned}"
    assert "rfc-graph-focus" in classes(node)
    assert "".join(node.itertext()).startswith(cleaned)
    links = {e.get("data-rfc"): e.get("href") for e in root.iter(SVG + "a")}
    assert links["B"] == "x.html?q=%22%3E%3Cscript%3Ealert%281%29%3C/script%3E&a=1"
    assert (links[cleaned] or "").startswith("%3Cscript%3E")
    module = find(root, "rfc-graph-module")[0]
    assert module.tag == SVG + "g"  # a javascript: URL is no link
    tags = ["".join(t.itertext()) for t in find(root, "rfc-graph-tag")]
    assert tags == ['requires <b>"&']


def test_deterministic() -> None:
    value = sample()
    first = graph_svg(value, url, module_url)
    assert graph_svg(value, url, module_url) == first
    # the order of the value's lists does not matter either
    shuffled = dict(value)
    rnd = random.Random(3)
    shuffled["nodes"] = rnd.sample(value["nodes"], len(value["nodes"]))
    shuffled["edges"] = rnd.sample(value["edges"], len(value["edges"]))
    assert graph_svg(shuffled, url, module_url) == first
    # coordinates are whole numbers: no float formatting in the drawing
    assert len(list(ET.fromstring(first).iter())) > 1
    for element in ET.fromstring(first).iter():
        for name in ("x", "y", "width", "height", "d", "transform"):
            assert "." not in element.get(name, ""), (element.tag, element.get(name))


def test_same_bytes_whatever_the_hash_seed() -> None:
    code = (f"import hashlib, sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
            "import test_graph_svg as t; "
            "svg = t.graph_svg(t.big(60, 120), t.url); print(hashlib.sha256(svg.encode()).hexdigest())")
    root = Path(__file__).parents[2]
    digests = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       cwd=root, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1


@pytest.mark.parametrize("direction", ["LR", "TD", "TB", "RL", "BT"])
def test_sources_come_before_targets(direction: str) -> None:
    """As in Mermaid's flowchart: source -> target, left to right (LR), top
    to bottom (TD/TB), mirrored for RL and BT."""
    _, root = render(sample(direction))
    boxes = {e.get("data-rfc") or e.get("data-module"): box(e)
             for e in find(root, "rfc-graph-node")}
    axis = 0 if direction in ("LR", "RL") else 1
    sign = -1 if direction in ("RL", "BT") else 1
    assert sample()["edges"]
    for kind, src, dst in sample()["edges"]:
        a, b = boxes[src], boxes[dst]
        if sign > 0:
            assert a[axis] + a[axis + 2] < b[axis], (kind, src, dst)
        else:
            assert b[axis] + b[axis + 2] < a[axis], (kind, src, dst)


def test_nothing_overlaps() -> None:
    for direction in ("LR", "TD"):
        _, root = render(sample(direction))
        nodes = [box(e) for e in find(root, "rfc-graph-node")]
        tags = [tuple(int(t[0].get(k, "0")) for k in ("x", "y", "width", "height"))
                for t in find(root, "rfc-graph-tag")]
        shapes: list[tuple[int, int, int, int]] = [*nodes, *tags]  # type: ignore[list-item]
        assert len(shapes) >= 2
        for i, a in enumerate(shapes):
            for b in shapes[i + 1:]:  # may be empty: the last shape has no later one
                assert not overlap(a, b), (direction, a, b)
        # and all of it inside the picture
        width, height = int(root.get("width", "0")), int(root.get("height", "0"))
        for x, y, w, h in shapes:
            assert x >= 0 and x + w <= width and y >= 0 and y + h <= height


def test_cycles_and_self_loops() -> None:
    n = 60
    nodes = [{"id": f"C-{i}", "title": f"Cycle {i}", "status": "draft", "docname": f"c{i}"}
             for i in range(n)]
    edges = [["requires", f"C-{i}", f"C-{(i + 1) % n}"] for i in range(n)]  # one big cycle
    edges += [["strong", f"C-{i + 1}", f"C-{i}"] for i in range(0, n - 1, 7)]  # two-cycles
    edges += [["weak", "C-5", "C-5"], ["requires", "C-5", "C-5"]]  # self-loops
    value = {"direction": "LR", "focus": "C-5", "nodes": nodes, "modules": [], "edges": edges}
    start = time.perf_counter()
    svg, root = render(value)
    assert time.perf_counter() - start < 5
    assert len(find(root, "rfc-graph-edge")) == len(edges)
    loops = [e for e in find(root, "rfc-graph-edge") if e.get("data-source") == e.get("data-target")]
    assert len(loops) == 2 and all(find(e, "rfc-graph-head") for e in loops)
    assert graph_svg(value, url, module_url) == svg


def test_edge_styles_and_legend() -> None:
    _, root = render(sample())
    legend = find(root, "rfc-graph-legend")[0]
    keys = [next(c for c in classes(e) if c.startswith("rfc-edge-"))[9:]
            for e in find(legend, "rfc-graph-key")]
    assert keys == list(EDGE_KINDS)  # each kind shown, in order
    words = [t.text for t in legend.iter(SVG + "text")]
    assert words[:5] == [EDGE_LABELS[k] for k in EDGE_KINDS]
    assert set(words[5:-1]) == {s for _i, _t, s in RFCS} and words[-1] == "Module"
    # the style: weak dashed, supersedes thick, every built-in status coloured,
    # colours through the page's variables with fallbacks
    assert ".rfc-edge-weak .rfc-graph-line{stroke-dasharray" in STYLE
    assert re.search(r"\.rfc-edge-supersedes \.rfc-graph-line\{[^}]*stroke-width:3", STYLE)
    assert STATUS_STYLES
    for status in STATUS_STYLES:
        assert f".rfc-status-{status} .rfc-graph-box{{" in STYLE
        assert f"var(--rfc-{status}-fg,#" in STYLE
    assert "var(--rfc-graph-bg,#fff)" in STYLE
    # translated words
    _, root = render(sample(), translate=lambda t: t.upper())
    assert {"".join(t.itertext()) for t in find(root, "rfc-graph-tag")} == {
        "REQUIRES", "SUPERSEDES", "DEPENDS ON", "WEAKLY DEPENDS ON"}
    assert "MODULE" in [t.text for t in root.iter(SVG + "text")]


def test_stylesheet_block() -> None:
    css = (STATIC_DIR / "sphinx_rfc.css").read_text(encoding="utf-8")
    start = css.index("==== rfc-graph drawn as SVG")
    block = css[start:css.index("==== end of rfc-graph SVG")]
    assert "--rfc-graph-bg: var(--color-background-primary, var(--pst-color-background" in block
    assert ".rfc-graph svg.rfc-graph-svg" in block
    assert css.rstrip().endswith("*/")  # the block is the end of the file


def test_text_measure_and_wrap() -> None:
    assert text_width("中文") == pytest.approx(2 * text_width("ab"), rel=0.25)
    assert text_width("中文") > 1.6 * text_width("ab")
    assert wrap("short", 200, 2) == ["short"]
    lines = wrap("Online schema migrations without downtime for large tables and more", 200, 2)
    assert len(lines) == 2 and lines[1].endswith("…")
    assert all(text_width(line) <= 200 for line in lines)
    assert wrap("分布式事务协调器" * 5, 100, 2)[1].endswith("…")
    assert wrap("x" * 80, 100, 3)
    assert all(text_width(x) <= 100 for x in wrap("x" * 80, 100, 3))
    assert wrap("", 100, 2) == [""]


def test_layout_alone() -> None:
    empty = layout([], [])
    assert (empty.width, empty.height, empty.boxes) == (0, 0, [])
    placed = layout([(80, 30), (80, 30), (80, 30)],
                    [Edge(0, 1, (40, 14)), Edge(1, 2), Edge(0, 2, (40, 14))])
    (x0, _, w0, _), (x1, _, _, _), (x2, _, _, _) = placed.boxes
    assert x0 + w0 < x1 < x2
    assert placed.labels[1] is None and placed.labels[0] is not None
    # each path: a start, then three points per cubic piece, from source to target
    assert len(placed.paths) == 3
    for path in placed.paths:
        assert (len(path) - 1) % 3 == 0
    assert placed.paths[0][0][0] == x0 + w0 and placed.paths[0][-1][0] == x1


@pytest.mark.parametrize("direction", ["LR", "TD", "RL", "BT"])
def test_any_small_graph_is_laid_out(direction: str) -> None:
    """Loose nodes in columns leave a half-layer empty (two loose RFCs,
    top-down, once failed); random small graphs, cycles and loops included."""
    placed = layout([(100, 40), (100, 40)], [], direction)
    assert len(placed.boxes) == 2 and not overlap(placed.boxes[0], placed.boxes[1])
    rnd = random.Random(direction)
    for _ in range(300):
        n = rnd.randint(0, 10)
        sizes = [(rnd.randint(64, 260), rnd.choice([25, 28, 40, 55])) for _ in range(n)]
        edges = [Edge(rnd.randrange(n), rnd.randrange(n), rnd.choice([None, (40, 14)]))
                 for _ in range(rnd.randint(0, 2 * n) if n else 0)]
        placed = layout(sizes, edges, direction)
        assert len(placed.boxes) == n and len(placed.paths) == len(edges)


def test_no_sphinx_no_docutils() -> None:
    code = ("import sys, sphinx_rfc.render.graph_svg; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sphinx', 'docutils')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def big(n: int = 300, m: int = 600, seed: int = 7) -> dict[str, Any]:
    """n RFCs, m relations: most to one of the 15 RFCs before, some to any
    earlier one, a few backwards (cycles)."""
    rnd = random.Random(seed)
    words = ["storage", "api", "replication", "sharding", "cache", "index", "query", "planner",
             "audit", "log", "metrics", "export", "tiered", "compaction", "failover", "schema"]
    statuses = list(STATUS_STYLES)
    nodes = [{"id": f"RFC-{i:04d}", "status": rnd.choice(statuses), "docname": f"rfcs/{i}",
              "title": " ".join(rnd.choice(words) for _ in range(rnd.randint(2, 7)))}
             for i in range(1, n + 1)]
    edges: set[tuple[str, str, str]] = set()
    while len(edges) < m:
        a = rnd.randint(2, n)
        b = rnd.randint(max(1, a - 15), a - 1) if rnd.random() < 0.6 else rnd.randint(1, a - 1)
        if rnd.random() < 0.01:
            b = rnd.randint(1, n)
        if a != b:
            edges.add((rnd.choice(["requires", "strong", "weak", "supersedes"]),
                       f"RFC-{a:04d}", f"RFC-{b:04d}"))
    return {"direction": "LR", "focus": None, "nodes": nodes, "modules": [],
            "edges": [list(e) for e in sorted(edges)]}


def test_300_rfcs_small_and_quick() -> None:
    """A benchmark more than a test: the size is asserted, the time only
    loosely (shared CI machines), and both are printed (pytest -s)."""
    value = big()
    best = float("inf")
    for _ in range(2):
        start = time.process_time()
        svg = graph_svg(value, url)
        best = min(best, time.process_time() - start)
    size = len(svg.encode("utf-8"))
    print(f"\n300 RFCs, 600 relations: {best:.3f} s (CPU), {size / 1e6:.2f} MB")
    assert size < 1_000_000
    assert best < 2.0  # the goal is 0.2 s; ten times that only on a crowded machine
    root = ET.fromstring(svg)
    assert len(find(root, "rfc-graph-edge")) == 600
    assert len(find(root, "rfc-graph-node")) == 300

