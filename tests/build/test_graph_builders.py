"""``rfc-graph`` in every builder (docs/reference/navigation.md): an inline
SVG in HTML (links from the builder, labels translated, the same bytes
serial and parallel), an SVG file in EPUB, TikZ in LaTeX (and a PDF where
LaTeX is installed), the relation table elsewhere; Mermaid kept as an
option; Mermaid diagrams that a build cannot draw shown as their code.
"""

from __future__ import annotations

import html
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOTS, parse_warnings, write_project

SVG = "{http://www.w3.org/2000/svg}"
CONF = """
project = "Graph book"
author = "Graph tests"
copyright = "2026, Graph tests"
version = "1.0"
rfc_modules = {"optimizer": "Optimizers", "checkpoint": "Save and load"}
rfc_required_sections = []
rfc_required_test_levels = []
rfc_documents = ["rfcs/0030-*"]
html_sidebars = {"**": []}
latex_documents = [("index", "book.tex", "Graph book", "Graph tests", "manual")]
"""
TITLE_4 = r"Costs & 100% of $x_1 {braces} #hash ~tilde ^caret \back"
BOOK = {
    "index.rst": "Graph book\n==========\n\n.. toctree::\n\n   graph\n   checkpoint\n"
                 "   rfcs/rfc1\n   rfcs/rfc2\n   rfcs/rfc3\n   rfcs/rfc4\n   rfcs/0030-native\n",
    "graph.rst": "Graphs\n======\n\nwhole\n-----\n\n.. rfc-graph::\n   :modules:\n\n"
                 "focus\n-----\n\n.. rfc-graph::\n   :rfc: RFC-2\n   :direction: TD\n",
    "checkpoint.md": "# Checkpoint\n\n```{rfc-module} checkpoint\n```\n",
    "rfcs/rfc1.rst": "Sharded state\n=============\n\n.. rfc:: RFC-1\n   :status: implemented\n"
                     "   :type: feature\n   :authors: Ann\n   :modules: optimizer\n",
    "rfcs/rfc2.md": "# Checkpoint format\n\n```{rfc} RFC-2\n:status: accepted\n:type: feature\n"
                    ":authors: Bob\n:modules: checkpoint\n:requires: RFC-1\n```\n\n"
                    "```{mermaid}\nflowchart LR\n    save --> load\n```\n",
    "rfcs/rfc3.rst": "Old loader\n==========\n\n.. rfc:: RFC-3\n   :status: superseded\n"
                     "   :type: feature\n   :authors: Cy\n",
    "rfcs/rfc4.md": f"# {TITLE_4}\n\n```{{rfc}} RFC-4\n:status: review\n:type: performance\n"
                    ":authors: Dee\n:modules: optimizer, checkpoint\n:requires: RFC-2\n"
                    ":supersedes: RFC-3\n```\n\n```{rfc-dependency}\n"
                    "| component | strength | status |\n|---|---|---|\n| RFC-1 | weak | |\n```\n",
    "rfcs/0030-native.md": "# Native diagrams\n\n## Basic information\n\n| Item | Value |\n"
                           "|---|---|\n| Authors | Eve |\n| Status | draft |\n| Type | feature |\n\n"
                           '## Design\n\n```mermaid\nflowchart TD\n    A["start"] --> B["end"]\n```\n',
}
IDS = ["RFC-1", "RFC-2", "RFC-3", "RFC-4", "RFC-0030"]
EDGES = {("requires", "RFC-2", "RFC-1"), ("requires", "RFC-4", "RFC-2"),
         ("supersedes", "RFC-4", "RFC-3"), ("weak", "RFC-4", "RFC-1"),
         ("touches", "RFC-1", "optimizer"), ("touches", "RFC-2", "checkpoint"),
         ("touches", "RFC-4", "optimizer"), ("touches", "RFC-4", "checkpoint")}


def book(tmp_path: Path, name: str = "src", conf: str = "", **files: str) -> Path:
    return write_project(tmp_path / name, {**BOOK, **files}, CONF + conf)


class Build:
    def __init__(self, outdir: Path, warnings: str) -> None:
        self.outdir = outdir
        self.warnings = warnings


def sphinx_build(src: Path, builder: str = "html", **kwargs: Any) -> Build:
    """Build *src* into ``src/_build/<builder>`` (its doctrees beside)."""
    from sphinx import locale
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    warning = StringIO()
    try:
        with patch_docutils(src), docutils_namespace():
            app = Sphinx(str(src), str(src), str(src / "_build" / builder),
                         str(src / "_build" / ".doctrees"), builder, status=StringIO(),
                         warning=warning, **kwargs)
            app.build()
    finally:  # Sphinx keeps a language's catalogs for the next build in the process
        locale.translators.clear()
    return Build(Path(app.outdir), warning.getvalue())


def build(src: Path, builder: str = "html", **kwargs: Any) -> Build:
    """:func:`sphinx_build`, which must not warn."""
    result = sphinx_build(src, builder, **kwargs)
    problems = [w for w in result.warnings.splitlines() if "WARNING" in w or "ERROR" in w]
    assert problems == [], result.warnings
    return result


def svgs(page: str) -> list[ET.Element]:
    return [ET.fromstring(m) for m in re.findall(r"<svg .*?</svg>", page, re.S)]


def drawn(svg: ET.Element) -> tuple[list[str], set[tuple[str, str, str]]]:
    """The RFC IDs of an SVG graph's nodes, and its edges."""
    ids = [e.get("data-rfc", "") for e in svg.iter() if e.get("data-rfc")]
    edges = {(next(c for c in e.get("class", "").split() if c.startswith("rfc-edge-"))[9:],
              e.get("data-source", ""), e.get("data-target", ""))
             for e in svg.iter() if "rfc-graph-edge" in e.get("class", "").split()}
    return ids, edges


def links(svg: ET.Element) -> dict[str, str]:
    return {e.get("data-rfc") or e.get("data-module") or "": e.get("href", "")
            for e in svg.iter(SVG + "a")}


# --------------------------------------------------------------------------
# HTML


def test_html_gets_an_inline_svg_with_links(tmp_path: Path) -> None:
    out = build(book(tmp_path)).outdir
    page = (out / "graph.html").read_text(encoding="utf-8")
    assert 'class="mermaid"' not in page and "flowchart" not in page
    whole, focus = svgs(page)
    ids, edges = drawn(whole)
    assert ids == IDS and edges == EDGES
    assert links(whole) == {
        "RFC-1": "rfcs/rfc1.html", "RFC-2": "rfcs/rfc2.html", "RFC-3": "rfcs/rfc3.html",
        "RFC-4": "rfcs/rfc4.html", "RFC-0030": "rfcs/0030-native.html",
        # a module with a home page, and one with only its module index entry
        "checkpoint": "checkpoint.html#rfc-module-checkpoint",
        "optimizer": "rfc-modules.html#cap-optimizer",
    }
    for href in links(whole).values():  # every link goes somewhere real
        target, _hash, anchor = href.partition("#")
        assert (out / target).is_file(), href
        assert not anchor or f'id="{anchor}"' in (out / target).read_text(encoding="utf-8")
    # the focus graph: RFC-2, its neighbours, top-down, RFC-2 outlined
    ids, edges = drawn(focus)
    assert ids == ["RFC-1", "RFC-2", "RFC-4"]
    assert [e.get("data-rfc") for e in focus.iter() if "rfc-graph-focus" in e.get("class", "")] \
        == ["RFC-2"]
    # statuses named as the badges name them, relations as the tables do
    legend = [t.text for t in whole.iter(SVG + "text") if t.text]
    assert {"Implemented", "Accepted", "Superseded", "Review", "Draft", "Module"} <= set(legend)
    assert {"requires", "supersedes", "weakly depends on", "touches"} <= set(legend)
    # the title, whole, in the tooltip; escaped in the page
    tips = [t.text for t in whole.iter(SVG + "title")]
    assert f"RFC-4: {TITLE_4}" in tips
    assert "Costs &amp; 100% of $x_1" in page


def test_html_graph_in_chinese(tmp_path: Path) -> None:
    out = build(book(tmp_path, conf='language = "zh_CN"\n')).outdir
    whole = svgs((out / "graph.html").read_text(encoding="utf-8"))[0]
    words = {t.text for t in whole.iter(SVG + "text") if t.text}
    assert {"依赖于", "取代", "弱依赖于", "模块", "已实现"} <= words
    assert "requires" not in words and "Implemented" not in words


@pytest.mark.parametrize(("builder", "page", "expected"), [
    ("dirhtml", "graph/index.html", {"RFC-1": "../rfcs/rfc1/",
                                     "checkpoint": "../checkpoint/#rfc-module-checkpoint"}),
    ("singlehtml", "index.html", {"RFC-1": "#document-rfcs/rfc1",
                                  "checkpoint": "#rfc-module-checkpoint"}),
])
def test_links_follow_the_builder(tmp_path: Path, builder: str, page: str,
                                  expected: dict[str, str]) -> None:
    out = build(book(tmp_path), builder).outdir
    whole = svgs((out / page).read_text(encoding="utf-8"))[0]
    assert expected.items() <= links(whole).items()


def test_same_bytes_serial_parallel_and_again(tmp_path: Path) -> None:
    pages = []
    for name, parallel in (("a", 0), ("b", 0), ("c", 2)):
        out = build(book(tmp_path, name), parallel=parallel).outdir
        pages.append((out / "graph.html").read_bytes())
    assert b"<svg " in pages[0] and pages[0] == pages[1] == pages[2]


def test_mermaid_remains_an_option(tmp_path: Path) -> None:
    graph = ("Graphs\n======\n\n.. rfc-graph::\n   :renderer: mermaid\n\n"
             ".. rfc-graph::\n   :rfc: RFC-2\n")
    out = build(book(tmp_path, **{"graph.rst": graph})).outdir
    page = (out / "graph.html").read_text(encoding="utf-8")
    code = re.findall(r'<pre\s+class="mermaid">(.*?)</pre>', page, re.S)
    assert len(code) == 1 and html.unescape(code[0]).strip().startswith("flowchart LR")
    assert len(svgs(page)) == 1  # the other graph stays a picture
    # for the whole project, from conf.py; a graph may still ask for the SVG
    graph = "Graphs\n======\n\n.. rfc-graph::\n\n.. rfc-graph::\n   :renderer: svg\n"
    out = build(book(tmp_path, "m", 'rfc_graph_renderer = "mermaid"\n',
                     **{"graph.rst": graph})).outdir
    page = (out / "graph.html").read_text(encoding="utf-8")
    assert page.count('class="mermaid"') == 1 and len(svgs(page)) == 1


def test_a_bad_renderer_is_warned(tmp_path: Path) -> None:
    graph = "Graphs\n======\n\n.. rfc-graph::\n   :renderer: png\n"
    result = sphinx_build(book(tmp_path, **{"graph.rst": graph}))
    warnings = parse_warnings(result.warnings)
    assert [(w[0], w[2]) for w in warnings] == [("graph.rst", "rfc.invalid-value")]
    assert "expected svg or mermaid" in warnings[0][3]
    page = (result.outdir / "graph.html").read_text(encoding="utf-8")
    assert len(svgs(page)) == 1  # the configured renderer, the default here


def test_a_bad_config_value_is_a_config_error(tmp_path: Path) -> None:
    from sphinx.errors import ConfigError

    with pytest.raises(ConfigError, match=r"'rfc_graph_renderer' must be \"svg\" or \"mermaid\""):
        sphinx_build(book(tmp_path, conf='rfc_graph_renderer = "dot"\n'))


# --------------------------------------------------------------------------
# LaTeX, text, EPUB


def latex(src: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], str]:
    out = src / "_build" / "latex"
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "latex", *args, str(src), str(out)],
        capture_output=True, text=True, check=False)
    tex = (out / "book.tex").read_text(encoding="utf-8") if run.returncode == 0 else ""
    return run, tex


@pytest.mark.skipif(shutil.which("mmdc") is not None, reason="mmdc is installed")
def test_latex_with_w_draws_the_graph_and_shows_mermaid_code(tmp_path: Path) -> None:
    run, tex = latex(book(tmp_path))
    assert run.returncode == 0 and run.stderr == "", run.stderr  # -W: no warning at all
    assert "\\usepackage{tikz}" in tex
    pictures = re.findall(r"\\begin\{tikzpicture\}.*?\\end\{tikzpicture\}", tex, re.S)
    assert len(pictures) == 2
    for rfc_id in IDS:
        assert rfc_id.replace("-", "\\sphinxhyphen{}") in pictures[0], rfc_id
    assert "\\hyperref[\\detokenize{rfcs/rfc1::doc}]" in pictures[0]
    assert "\\hyperref[\\detokenize{checkpoint:rfc-module-checkpoint}]" in pictures[0]
    assert "Costs \\& 100\\% of \\$x\\_1 \\{braces\\}" in pictures[0]
    assert "weakly depends on" in pictures[0]
    # the RFCs' own Mermaid blocks (a directive one, a template-native one)
    assert tex.count("Mermaid diagram: install mmdc to draw it in PDF") == 2
    verbatim = re.findall(r"\\begin\{sphinxVerbatim\}.*?\\end\{sphinxVerbatim\}", tex, re.S)
    assert [("flowchart LR" in v, "flowchart TD" in v) for v in verbatim] == [
        (True, False), (False, True)]


def test_latex_uses_mmdc_where_it_is_installed(tmp_path: Path) -> None:
    fake = tmp_path / "fake_mmdc.py"  # writes the -o file, as mmdc does
    fake.write_text("import sys\nopen(sys.argv[sys.argv.index('-o') + 1], 'wb')"
                    ".write(b'%PDF-1.4')\n", encoding="utf-8")
    conf = f"mermaid_cmd = {shlex.join([sys.executable, str(fake)])!r}\n"
    run, tex = latex(book(tmp_path, conf=conf))
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert "Mermaid diagram:" not in tex
    assert len(re.findall(r"\\sphinxincludegraphics\{mermaid-[0-9a-f]+\.pdf\}", tex)) == 2


def test_latex_without_a_graph_loads_no_tikz(tmp_path: Path) -> None:
    run, tex = latex(book(tmp_path, **{"graph.rst": "Graphs\n======\n\nNone here.\n"}))
    assert run.returncode == 0 and "tikz" not in tex


def test_latex_too_large_a_graph_is_the_relation_table(tmp_path: Path) -> None:
    chain = {f"rfcs/c{i}.rst": f"Chain {i}\n==========\n\n.. rfc:: RFC-{100 + i}\n"
             f"   :status: draft\n   :type: feature\n   :authors: A\n"
             + (f"   :requires: RFC-{99 + i}\n" if i else "") for i in range(40)}
    index = BOOK["index.rst"] + "".join(f"   rfcs/c{i}\n" for i in range(40))
    run, tex = latex(book(tmp_path, **chain, **{"index.rst": index}))
    assert run.returncode == 0, run.stderr
    assert tex.count("\\begin{tikzpicture}") == 1  # the focus graph; the whole one is a table
    assert "RFC\\sphinxhyphen{}139" in tex.split("\\chapter{Checkpoint}")[0]
    assert "From" in tex and "Relation" in tex


@pytest.mark.skipif(not (shutil.which("pdflatex") and shutil.which("latexmk")),
                    reason="no LaTeX installed")
def test_the_pdf_builds(tmp_path: Path) -> None:
    src = book(tmp_path)
    run, _tex = latex(src)
    assert run.returncode == 0, run.stderr
    make = subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error",
                           "book.tex"], cwd=src / "_build" / "latex",
                          capture_output=True, text=True, check=False, timeout=600)
    assert make.returncode == 0, make.stdout[-3000:]
    assert (src / "_build" / "latex" / "book.pdf").stat().st_size > 10_000


def test_text_gets_the_relation_table_and_mermaid_code(tmp_path: Path) -> None:
    out = build(book(tmp_path), "text").outdir
    text = (out / "graph.txt").read_text(encoding="utf-8")
    rows = {tuple(c.strip() for c in line.strip("|").split("|"))
            for line in text.split("focus")[0].splitlines() if line.startswith("| ")}
    assert ("From", "Relation", "To") in rows
    assert {('"RFC-4"', "weakly depends on", '"RFC-1"'), ('"RFC-4"', "supersedes", '"RFC-3"'),
            ('"RFC-0030"', "", "")} <= rows
    rfc2 = (out / "rfcs" / "rfc2.txt").read_text(encoding="utf-8")
    assert "[graph]" not in rfc2
    assert "Mermaid diagram: install mmdc to draw it in PDF\n\n   flowchart LR" in rfc2


def test_epub_gets_the_svg_as_an_image(tmp_path: Path) -> None:
    result = sphinx_build(book(tmp_path), "epub")
    assert [w for w in result.warnings.splitlines() if "WARNING" in w] == []
    out = result.outdir
    assert list(out.glob("*.epub"))
    page = (out / "graph.xhtml").read_text(encoding="utf-8")
    assert "<svg" not in page  # EPUB wants inline SVG declared; an image needs nothing
    images = re.findall(r'<img class="rfc-graph-svg" src="(_images/rfc-graph-[0-9a-f]+\.svg)"',
                        page)
    assert len(images) == 2
    opf = (out / "content.opf").read_text(encoding="utf-8")
    for image in images:
        assert f'href="{image}" media-type="image/svg+xml"' in opf
        svg = ET.fromstring((out / image).read_text(encoding="utf-8"))
        assert not list(svg.iter(SVG + "a"))  # no links inside an image
    assert drawn(ET.fromstring((out / images[0]).read_text(encoding="utf-8")))[0] == IDS
    rfc2 = (out / "rfcs" / "rfc2.xhtml").read_text(encoding="utf-8")
    assert "Mermaid diagram: install mmdc" in rfc2 and 'class="mermaid"' not in rfc2


def test_the_builders_root_builds_with_w_in_latex_and_text(tmp_path: Path) -> None:
    """The project of test_builders.py, its RFC problems aside: no warning
    from the graph or from Mermaid in either builder."""
    src = tmp_path / "src"
    shutil.copytree(ROOTS / "test-builders", src)
    for builder in ("latex", "text"):
        result = sphinx_build(src, builder)
        others = [w for w in parse_warnings(result.warnings) if not w[2].startswith("rfc.")]
        assert others == [] and "mermaid" not in result.warnings.lower(), result.warnings
