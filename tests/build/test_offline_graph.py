"""The dependency graph with no network (issue 14): ``rfc-graph`` pages of
the navigation root and of the demo documentation, opened in real headless
Chromium with networking disabled, show every graph as an SVG — nothing to
download, no Mermaid code on the page — and every RFC of the graph is a
link to its page."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOTS
from headless import CHROMIUM, Browser, build_site

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="headless Chromium (/usr/bin/chromium) is not installed"
    ),
    pytest.mark.slow,
]

DOCS = Path(__file__).parents[2] / "docs"

#: What the page shows: graphs, SVGs inside them, visible Mermaid code,
#: the RFC links inside the SVGs.
SHOWN = """(() => {
  const graphs = [...document.querySelectorAll(".rfc-graph")];
  return {
    graphs: graphs.length,
    svgs: graphs.filter(g => g.querySelector("svg")).length,
    withoutSvg: graphs.filter(g => !g.querySelector("svg")).map(g => g.innerText.trim()),
    text: document.body.innerText,
    links: graphs.map(g => [...g.querySelectorAll("svg a")].map(a => a.getAttribute("href")))
  };
})()"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = Browser()  # no network at all, loopback included
    yield chromium
    chromium.close()


def _shown(browser: Browser, page: Path) -> dict[str, object]:
    browser.requests.clear()
    browser.open(page.as_uri())
    remote = [u for u in browser.requests if not u.startswith(("file:", "data:"))]
    assert remote == [], remote
    shown = browser.evaluate(SHOWN)
    assert isinstance(shown, dict)
    return shown


def test_navigation_graphs_are_pictures(browser: Browser, tmp_path: Path) -> None:
    src = tmp_path / "nav"
    shutil.copytree(ROOTS / "test-nav", src)
    site = build_site(src)
    for page in ("pages/graph", "pages/graph-md"):
        shown = _shown(browser, site.outdir / f"{page}.html")
        # a graph of nothing (an unknown RFC or module) says so in words
        assert shown["svgs"] and all(  # may be empty: every graph drawn
            "flowchart" not in text and len(text) < 200 for text in shown["withoutSvg"]  # type: ignore[union-attr]
        ), (page, shown["withoutSvg"])
        assert "flowchart" not in str(shown["text"]) and "classDef" not in str(shown["text"])
        links = [href for hrefs in shown["links"] for href in hrefs]  # type: ignore[union-attr]
        assert links and all(href.endswith(".html") or "#" in href for href in links), links


def test_demo_docs_graph_page_is_a_picture(browser: Browser, tmp_path: Path) -> None:
    src = tmp_path / "docs"
    shutil.copytree(DOCS, src, ignore=shutil.ignore_patterns("_build"))
    site = build_site(src)
    shown = _shown(browser, site.outdir / "examples" / "graph.html")
    assert shown["graphs"] == shown["svgs"] == 3, shown
    assert "flowchart" not in str(shown["text"])


#: Each graph's drawn width, its box's width and its natural width, and
#: whether it offers the full size.
WIDTHS = """(() => [...document.querySelectorAll(".rfc-graph")].map(g => {
  const svg = g.querySelector("svg.rfc-graph-svg");
  return {drawn: svg.getBoundingClientRect().width, box: g.clientWidth,
          natural: Number(svg.getAttribute("width")),
          zoom: !!g.querySelector(".rfc-graph-zoom"), id: g.id};
}))()"""


@pytest.mark.parametrize("theme", ["alabaster", "furo"])
def test_demo_graphs_fit_the_column(browser: Browser, tmp_path: Path, theme: str) -> None:
    """At 1280 px every graph of the demo docs fits the content column (a
    wide one scaled, with a *Full size* link); that link shows it at its
    natural size, and *Fit to the page* fits it again (issue 45)."""
    src = tmp_path / "docs"
    shutil.copytree(DOCS, src, ignore=shutil.ignore_patterns("_build"))
    site = build_site(src, theme=theme)
    page = site.outdir / "examples" / "graph.html"
    browser.open(page.as_uri(), width=1280)
    graphs = browser.evaluate(WIDTHS)
    assert len(graphs) == 3
    for graph in graphs:
        assert graph["drawn"] <= graph["box"] + 1, graph
    wide = [g for g in graphs if g["zoom"]]
    assert wide and all(g["natural"] > g["drawn"] for g in wide), graphs
    assert all(g["natural"] <= g["box"] for g in graphs if not g["zoom"]), graphs
    # a reader clicks "Full size" under the first wide graph
    browser.evaluate(f"document.getElementById({wide[0]['id']!r})"
                     ".querySelector('.rfc-graph-full').click()")
    full = next(g for g in browser.evaluate(WIDTHS) if g["id"] == wide[0]["id"])
    assert abs(full["drawn"] - full["natural"]) < 1, full
    fit = "getComputedStyle(document.querySelector('.rfc-graph-fit')).display"
    assert browser.evaluate(fit) == "inline"
    # ... and "Fit to the page"
    browser.evaluate("document.querySelector('.rfc-graph-fit').click()")
    again = next(g for g in browser.evaluate(WIDTHS) if g["id"] == wide[0]["id"])
    assert again["drawn"] <= again["box"] + 1 and browser.evaluate(fit) == "none", again
