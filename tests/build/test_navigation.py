"""rfc-index, rfc-module, rfc-graph and the domain index pages (docs/reference/navigation.md),
in rST and MyST, in HTML and in non-HTML builders."""

from __future__ import annotations

import html
import re
import zlib
from typing import Any

import pytest
from conftest import ROOTS, Build, BuildFn
from hypothesis import given
from hypothesis import strategies as st

from sphinx_rfc.render import graph as rfc_graph

ROOT = ROOTS / "test-nav"
ALL = ["RFC-1", "RFC-2", "RFC-3", "RFC-10"]


@pytest.fixture
def nav(shared_build: BuildFn) -> Build:
    return shared_build("nav")


@pytest.fixture
def nav_mermaid(shared_build: BuildFn) -> Build:
    """The graphs as Mermaid code (``rfc_graph_renderer = "mermaid"``; the
    default, an SVG, is tested in test_graph_builders.py)."""
    return shared_build("nav", confoverrides={"rfc_graph_renderer": "mermaid"})


@pytest.fixture
def nav_text(shared_build: BuildFn) -> Build:
    return shared_build("nav", "text")


def page(build: Build, name: str) -> str:
    return (build.outdir / f"{name}.html").read_text(encoding="utf-8")


def sections(text: str) -> dict[str, str]:
    """HTML of each ``<section id=...>`` (sub-sections are not nested here)."""
    parts = re.split(r'<section id="([^"]+)">', text)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def index_groups(fragment: str) -> list[tuple[str | None, list[str]]]:
    """The groups of the rfc-index in *fragment*: (rubric or None, RFC IDs)."""
    groups: list[tuple[str | None, list[str]]] = []
    for match in re.finditer(
        r'<p class="rfc-index-group rubric">(.*?)</p>'
        r'|<code class="xref rfc rfc-ref[^"]*"><span class="pre">([^<]+)</span>',
        fragment,
    ):
        if match.group(1) is not None:
            groups.append((html.unescape(match.group(1)), []))
        else:
            if not groups:
                groups.append((None, []))
            groups[-1][1].append(match.group(2))
    return groups


def ids(fragment: str) -> list[str]:
    return [i for _g, members in index_groups(fragment) for i in members]


def headers(fragment: str) -> list[str]:
    head = re.search(r"<thead>(.*?)</thead>", fragment, re.S)
    assert head, fragment
    return re.findall(r'<th class="head"><p><span>([^<]*)</span>', head.group(1))


def source_line(name: str, needle: str, after: str = "") -> int:
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    start = lines.index(after) if after else 0
    for number, text in enumerate(lines[start:], start + 1):
        if needle in text:
            return number
    raise AssertionError(needle)


# --------------------------------------------------------------------------
# rfc-index


def test_default_index_lists_every_rfc_by_numeric_id(nav: Build) -> None:
    body = page(nav, "pages/all")
    assert index_groups(body) == [(None, ALL)]
    assert headers(body) == ["ID", "Title", "Status", "Type", "Modules"]
    # links to the RFC with "Title (status)" as hover text; badges; module links
    assert 'href="../rfcs/rfc2.html" title="检查点 offload (Accepted)"' in body
    assert '<span class="rfc-badge rfc-status rfc-status-review">Review</span>' in body
    assert '<span class="rfc-badge rfc-type rfc-type-performance">Performance</span>' in body
    assert 'href="optimizer.html#rfc-module-optimizer"' in body
    # RFC-2 touches distributed through its changes table
    row2 = re.search(r'<tr class="rfc-row-accepted.*?</tr>', body, re.S)
    assert row2 and "distributed" in row2.group(0)
    # the title is text, not markup
    assert "<script>" not in body.split('<div class="body"')[1]


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ("status", ["RFC-2", "RFC-10"]),
        ("status-alias", ["RFC-1"]),
        ("type", ["RFC-2", "RFC-10"]),
        ("module-checkpoint", ["RFC-2", "RFC-10"]),
        ("module-distributed", ["RFC-2"]),
        ("author", ["RFC-1", "RFC-10"]),
        ("sort-id", ALL),
        ("sort-minus-id", ["RFC-10", "RFC-3", "RFC-2", "RFC-1"]),
        # Base..., Old approach, Sharded optimizer, 检查点 offload
        ("sort-title", ["RFC-1", "RFC-3", "RFC-10", "RFC-2"]),
        # in the order of the status list: review, accepted, implemented, superseded
        ("sort-status", ["RFC-10", "RFC-2", "RFC-1", "RFC-3"]),
        # undated RFCs last in both directions
        ("sort-created", ["RFC-3", "RFC-1", "RFC-2", "RFC-10"]),
        ("sort-minus-created", ["RFC-2", "RFC-1", "RFC-3", "RFC-10"]),
        ("sort-updated", ["RFC-2", "RFC-10", "RFC-1", "RFC-3"]),
        ("sort-minus-updated", ["RFC-10", "RFC-2", "RFC-1", "RFC-3"]),
        ("group-none", ALL),
        ("combo", ["RFC-10"]),
        ("invalid-sort", ALL),
        ("invalid-group", ALL),
    ],
)
def test_index_filters_and_sorts(nav: Build, section: str, expected: list[str]) -> None:
    fragment = sections(page(nav, "pages/options"))[section]
    assert index_groups(fragment) == [(None, expected)]


def test_index_groups(nav: Build) -> None:
    parts = sections(page(nav, "pages/options"))
    assert index_groups(parts["group-status"]) == [
        ("Review", ["RFC-10"]), ("Accepted", ["RFC-2"]),
        ("Implemented", ["RFC-1"]), ("Superseded", ["RFC-3"]),
    ]
    assert index_groups(parts["group-type"]) == [
        ("Feature", ["RFC-1"]), ("Performance", ["RFC-2", "RFC-10"]), ("No type", ["RFC-3"]),
    ]
    # modules in rfc_modules order; an RFC in every group it touches
    assert index_groups(parts["group-module"]) == [
        ("optimizer", ["RFC-1", "RFC-10"]), ("checkpoint", ["RFC-2", "RFC-10"]),
        ("distributed", ["RFC-2"]), ("No module", ["RFC-3"]),
    ]
    assert index_groups(parts["combo-group"]) == [
        ("optimizer", ["RFC-10"]), ("checkpoint", ["RFC-10", "RFC-2"]),
        ("distributed", ["RFC-2"]),
    ]


def test_index_columns(nav: Build) -> None:
    parts = sections(page(nav, "pages/options"))
    assert headers(parts["columns"]) == ["ID", "Authors", "Created", "Updated"]
    assert re.search(r'href="mailto:[^"]+">Zhang San</a>', parts["columns"])
    assert "2026-03-01" in parts["columns"] and "2025-12-01" in parts["columns"]
    assert headers(parts["combo"]) == ["ID", "Title"]
    # an unknown column is dropped, the others kept
    assert headers(parts["invalid-columns"]) == ["ID"]


def test_index_no_match(nav: Build) -> None:
    parts = sections(page(nav, "pages/options"))
    for name in ("nomatch", "invalid-status"):
        assert '<p class="rfc-index-empty">No RFCs match.</p>' in parts[name]
        assert "<table" not in parts[name]


def test_index_in_myst(nav: Build) -> None:
    parts = sections(page(nav, "pages/options-md"))
    assert index_groups(parts["md-status"]) == [(None, ["RFC-10"])]
    assert index_groups(parts["md-combo"]) == [
        ("Review", ["RFC-10"]), ("Accepted", ["RFC-2"]),
    ]
    assert headers(parts["md-combo"]) == ["ID", "Title", "Updated"]
    assert index_groups(parts["md-invalid"]) == [(None, ALL)]


def test_invalid_values_warn_with_location(nav: Build) -> None:
    found = {(w[0], w[1], w[2]) for w in nav.rfc_warnings()}
    options = "options.rst"
    expected = {
        (options, source_line("pages/options.rst", ".. rfc-index::", "invalid-sort"),
         "rfc.invalid-value"),
        (options, source_line("pages/options.rst", ".. rfc-index::", "invalid-group"),
         "rfc.invalid-value"),
        (options, source_line("pages/options.rst", ".. rfc-index::", "invalid-columns"),
         "rfc.invalid-value"),
        (options, source_line("pages/options.rst", ".. rfc-index::", "invalid-status"),
         "rfc.invalid-value"),
        (options, source_line("pages/options.rst", ".. rfc-index::", "unknown-module"),
         "rfc.unknown-module"),
        ("options-md.md", source_line("pages/options-md.md", "```{rfc-index}", "## md-invalid"),
         "rfc.invalid-value"),
        ("graph.rst", source_line("pages/graph.rst", ".. rfc-graph::", "unknown-rfc"),
         "rfc.unknown-rfc"),
        ("graph.rst", source_line("pages/graph.rst", ".. rfc-graph::", "unknown-module"),
         "rfc.unknown-module"),
        ("graph.rst", source_line("pages/graph.rst", ".. rfc-graph::", "bad-direction"),
         "rfc.invalid-value"),
        ("nosuch.rst", 4, "rfc.unknown-module"),
    }
    assert found == expected
    messages = " ".join(w[3] for w in nav.rfc_warnings())
    assert "'bogus'" in messages and "'colour'" in messages and "'nope'" in messages
    assert "RFC-99" in messages and "'nowhere'" in messages and "'sideways'" in messages


def test_script_only_on_pages_with_an_index(nav: Build) -> None:
    # (with its checksum from the first build on: the files are in _static
    # before Sphinx writes the first page)
    static = nav.outdir / "_static"
    js_sum = zlib.crc32((static / "sphinx_rfc.js").read_bytes())
    css_sum = zlib.crc32((static / "sphinx_rfc.css").read_bytes())
    tag = f'<script defer="defer" src="../_static/sphinx_rfc.js?v={js_sum:08x}"></script>'
    assert tag in page(nav, "pages/all")
    assert f'href="../_static/sphinx_rfc.css?v={css_sum:08x}"' in page(nav, "rfcs/rfc1")
    assert tag in page(nav, "pages/options-md")
    assert "sphinx_rfc.js" not in page(nav, "pages/graph")
    assert "sphinx_rfc.js" not in page(nav, "rfcs/rfc1")
    script = (nav.outdir / "_static" / "sphinx_rfc.js").read_text(encoding="utf-8")
    assert "addEventListener" in script and "jQuery" not in script and "http" not in script


# --------------------------------------------------------------------------
# rfc-module and :rfc:mod:


def module_rows(body: str) -> list[tuple[str, str, str]]:
    table = re.search(r'<table class="rfc-table rfc-table-module.*?</table>', body, re.S)
    assert table, body
    rows = []
    for row in re.findall(r"<tr class=\"row-(?:odd|even)\">(.*?)</tr>", table.group(0), re.S)[1:]:
        cells = re.findall(r"<td>(.*?)</td>", row, re.S)
        text = [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in cells]
        rows.append((text[0], text[3], text[4]))
    return rows


def test_module_pages(nav: Build) -> None:
    optimizer = page(nav, "pages/optimizer")
    assert '<span class="target" id="rfc-module-optimizer"></span>' in optimizer
    assert '<p class="rfc-module-description">Optimizers and their state</p>' in optimizer
    assert "<p>Extra words about the optimizer.</p>" in optimizer
    assert module_rows(optimizer) == [("RFC-1", "Declared", ""), ("RFC-10", "Declared", "")]
    # MyST; declared and changed; the change text
    checkpoint = page(nav, "pages/checkpoint")
    assert module_rows(checkpoint) == [
        ("RFC-2", "Declared and changed", "Save in shards"),
        ("RFC-10", "Declared", ""),
    ]
    assert module_rows(page(nav, "pages/distributed")) == [
        ("RFC-2", "Changed", "Add a new group"),
    ]
    assert "No RFC touches this module." in page(nav, "pages/nosuch")


def test_module_links_go_home_or_to_the_module_index(nav: Build) -> None:
    links = page(nav, "pages/links")
    assert 'href="optimizer.html#rfc-module-optimizer"' in links
    assert 'href="../rfc-modules.html#cap-trainer"' in links
    assert 'id="cap-trainer"' in page(nav, "rfc-modules")
    # basic-info tables of RFCs link modules to their home pages too
    assert 'href="../pages/checkpoint.html#rfc-module-checkpoint"' in page(nav, "rfcs/rfc2")


# --------------------------------------------------------------------------
# Domain index pages


def test_rfc_index_page_grouped_by_status(nav: Build) -> None:
    body = page(nav, "rfc-rfcs")
    caps = re.findall(r'<tr class="cap" id="cap-([^"]+)">', body)
    assert caps == ["Review", "Accepted", "Implemented", "Superseded"]
    order = re.findall(r'<code class="xref">([^<]+)</code>', body)
    assert order == ["RFC-10", "RFC-2", "RFC-1", "RFC-3"]
    assert 'href="rfcs/rfc2.html#rfc-rfc-2"' in body
    assert "&lt;script&gt;" in body and "<script>alert" not in body
    # :ref:`rfc-rfcs` / :ref:`rfc-modules` link to them
    index = page(nav, "index")
    assert 'href="rfc-rfcs.html"' in index and 'href="rfc-modules.html"' in index
    assert "RFC Index" in index and "RFC Module Index" in index


def test_module_index_page(nav: Build) -> None:
    body = page(nav, "rfc-modules")
    caps = re.findall(r'<tr class="cap" id="cap-([^"]+)">', body)
    assert caps == ["optimizer", "checkpoint", "distributed", "trainer", "nosuch"]
    checkpoint = body.split('id="cap-checkpoint"')[1].split('id="cap-distributed"')[0]
    assert 'href="pages/checkpoint.html#rfc-module-checkpoint"' in checkpoint
    assert "<em>Save and load</em>" in checkpoint
    assert re.findall(r'<code class="xref">([^<]+)</code></a> <em>\(([^)]+)\)</em>', checkpoint) == [
        ("RFC-2", "Declared and changed"), ("RFC-10", "Declared"),
    ]


# --------------------------------------------------------------------------
# rfc-graph


def mermaid(fragment: str) -> str:
    match = re.search(r'<pre\s+class="mermaid">(.*?)</pre>', fragment, re.S)
    assert match, fragment
    return html.unescape(match.group(1)).strip()


def graph_nodes(code: str) -> dict[str, str]:
    """Mermaid node id -> label of the RFC nodes."""
    return dict(re.findall(r'^\s*(n\d+)\["([^"]*)"\]$', code, re.M))


def graph_edges(code: str) -> set[tuple[str, str, str]]:
    labels = {k: v.split("<br>")[0] for k, v in graph_nodes(code).items()}
    labels.update(dict(re.findall(r'^\s*(m\d+)\{\{"([^"]*)"\}\}$', code, re.M)))
    edges = set()
    for a, arrow, label, b in re.findall(r"^\s*(\w+) (-->|==>|-\.->|---)(?:\|([^|]*)\|)? (\w+)$",
                                         code, re.M):
        edges.add((labels[a], f"{arrow}{label}", labels[b]))
    return edges


def test_whole_graph_mermaid(nav_mermaid: Build) -> None:
    code = mermaid(sections(page(nav_mermaid, "pages/graph"))["whole"])
    assert code.startswith("flowchart LR")
    assert graph_edges(code) == {
        ("RFC-2", "-->requires", "RFC-1"),
        ("RFC-10", "-->requires", "RFC-2"),
        ("RFC-10", "==>supersedes", "RFC-3"),
        # weak dependency: dashed
        ("RFC-10", "-.->weakly depends on", "RFC-1"),
    }
    # styled by status, clickable to the RFC page
    assert "classDef rfc_superseded" in code
    assert re.search(r"^\s*class n\d+ rfc_review$", code, re.M)
    assert 'click n1 href "../rfcs/rfc2.html"' in code


def test_graph_options_mermaid(nav_mermaid: Build) -> None:
    parts = sections(page(nav_mermaid, "pages/graph"))
    focus = mermaid(parts["focus"])
    assert focus.startswith("flowchart TD")
    assert [v.split("<br>")[0] for v in graph_nodes(focus).values()] == ["RFC-1", "RFC-2", "RFC-10"]
    edges = graph_edges(focus)
    assert ("RFC-2", "---", "distributed") in edges and ("RFC-10", "---", "optimizer") in edges
    assert ("RFC-10", "-->requires", "RFC-2") in edges
    by_module = mermaid(parts["by-module"])
    assert graph_edges(by_module) == {("RFC-10", "-->requires", "RFC-2")}
    assert "{{" not in by_module
    with_modules = graph_edges(mermaid(parts["by-module-with-modules"]))
    assert with_modules == {
        ("RFC-10", "-->requires", "RFC-2"),
        ("RFC-2", "---", "checkpoint"), ("RFC-10", "---", "checkpoint"),
    }
    assert "No RFCs match." in parts["unknown-rfc"] and "mermaid" not in parts["unknown-rfc"]
    assert mermaid(parts["bad-direction"]).startswith("flowchart LR")
    md = mermaid(page(nav_mermaid, "pages/graph-md"))
    assert md.startswith("flowchart TD")
    # RFC-10 and its neighbours, with every relation among them
    assert graph_edges(md) == {
        ("RFC-10", "-->requires", "RFC-2"), ("RFC-10", "==>supersedes", "RFC-3"),
        ("RFC-10", "-.->weakly depends on", "RFC-1"), ("RFC-2", "-->requires", "RFC-1"),
    }


def test_graph_labels_cannot_break_the_mermaid_diagram(nav_mermaid: Build) -> None:
    code = mermaid(sections(page(nav_mermaid, "pages/graph"))["whole"])
    labels = graph_nodes(code)
    assert len(labels) == 4  # every node line parsed as id["label"]
    for label in labels.values():
        assert re.fullmatch(r"[\w .,/#;<>-]*", label), label
        assert not re.search(r"<(?!br>)|(?<!<br)>", label), label
    assert "检查点 offload" in labels["n1"]
    assert "#60;script#62;" in labels["n0"] and "#91;x#93;" in labels["n0"]


@given(st.text())
def test_escape_label_leaves_only_safe_characters(text: str) -> None:
    escaped = rfc_graph.escape_label(text)
    rest = re.sub(r"#\d+;", "", escaped)
    assert all(c.isalnum() or c in " _-.,/" for c in rest)  # may be empty: hypothesis gives the empty text too
    decoded = re.sub(r"#(\d+);", lambda m: chr(int(m.group(1))), escaped)
    # (Markdown's emphasis markers and the backslash come with a U+FEFF after them)
    assert re.sub("([*_\\\\])\ufeff", r"\1", decoded) == " ".join(text.split())


def test_graph_edges_from_records() -> None:
    """Strong dependencies solid, weak dashed, 'none' and unknown targets left out."""
    from sphinx_rfc.model.records import Dependency, RfcRecord
    from sphinx_rfc.model.relations import build_snapshot

    def rec(rfc_id: str, **kw: Any) -> RfcRecord:
        return RfcRecord(rfc_id, f"T {rfc_id}", rfc_id.lower(), "x.rst", 1, "a", **kw)

    snap = build_snapshot([
        rec("RFC-1"),
        rec("RFC-2", dependencies=[Dependency("RFC-1", "strong", rfc="RFC-1"),
                                   Dependency("RFC-3", "none", rfc="RFC-3"),
                                   Dependency("RFC-9", "weak", rfc="RFC-9")]),
        rec("RFC-3", dependencies=[Dependency("RFC-2", "weak", rfc="RFC-2")]),
    ], [], {})
    value = rfc_graph.graph_value(snap, rfc_graph.GraphOptions())
    assert value["edges"] == [["strong", "RFC-2", "RFC-1"], ["weak", "RFC-3", "RFC-2"]]
    code = rfc_graph.mermaid_code(value, lambda n: None, str)
    assert "n1 -->|strong| n0" in code and "n2 -.->|weak| n1" in code
    assert "click" not in code


def test_non_html_builders_get_an_edge_table(nav_text: Build) -> None:
    text = (nav_text.outdir / "pages" / "graph.txt").read_text(encoding="utf-8")
    assert "[graph" not in text and "flowchart" not in text
    whole = text.split("whole")[1].split("focus")[0]
    rows = {tuple(c.strip().strip('"') for c in line.strip("|").split("|"))
            for line in whole.splitlines() if line.startswith("| ")}
    assert rows == {
        ("From", "Relation", "To"),
        ("RFC-2", "requires", "RFC-1"), ("RFC-10", "requires", "RFC-2"),
        ("RFC-10", "supersedes", "RFC-3"), ("RFC-10", "weakly depends on", "RFC-1"),
    }
    focus = text.split("focus")[1].split("by-module")[0]
    assert "touches" in focus and "distributed" in focus
    # the same warnings as HTML, and nothing from sphinxcontrib-mermaid
    assert "mermaid" not in nav_text.warnings.lower()
    index = (nav_text.outdir / "pages" / "all.txt").read_text(encoding="utf-8")
    assert all(i in index for i in ALL)


def test_latex_builds_without_mermaid_warnings(build: BuildFn) -> None:
    result = build("nav", "latex")
    assert not [w for w in result.warnings.splitlines()
                if "WARNING" in w and "[rfc." not in w], result.warnings
    tex = next(result.outdir.glob("*.tex")).read_text(encoding="utf-8")
    assert "weakly depends on" in tex
    # the domain indices are appended to the document
    assert "RFC Index" in tex and "RFC Module Index" in tex
