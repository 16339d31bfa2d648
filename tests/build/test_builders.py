"""Every builder that ships with Sphinx builds a project using every
directive and role of sphinx_rfc with no warning but the project's own RFC
problems, and every builder that writes files writes the same ``rfcs.json``
(docs/reference/output.md, docs/reference/export.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import BuildFn, parse_warnings
from links import html_links, latex_refs

#: The project's own RFC problems: RFC-0003 is a deliberately short RFC.
EXPECTED_RFC_WARNINGS = sorted(
    [("0003-old.rst", 4, "rfc.missing-section", section) for section in (
        "Related work", "External interface", "Design", "Component dependencies",
        "Constraints and compatibility", "Verification design",
    )]
    + [("0003-old.rst", 14, "rfc.placeholder", "TBD")]
)


def _summary(warnings: list[tuple[str, int | None, str, str]]) -> list[tuple[str, int | None, str, str]]:
    out = []
    for name, line, subtype, message in warnings:
        if subtype == "rfc.missing-section":
            message = re.search(r"missing section '([^']+)'", message).group(1)  # type: ignore[union-attr]
        elif subtype == "rfc.placeholder":
            message = "TBD" if "TBD" in message else message
        out.append((name, line, subtype, message))
    return sorted(out)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def no_dead_html_link(out: Path) -> None:
    count, dead = html_links(out)
    assert count > 20 and dead == []


def check_html(out: Path) -> None:
    no_dead_html_link(out)
    rfc = _text(out / "rfcs" / "0001-sharding.html")
    assert "rfc-table-basic-info" in rfc and "rfc-table-interface" in rfc
    assert 'class="rfc-badge rfc-status rfc-status-implemented"' in rfc
    overview = _text(out / "overview.html")
    # the graph drawn at build time, inline, its nodes links to the RFCs
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="rfc-graph-svg"' in overview
    assert 'href="rfcs/0001-sharding.html"' in overview and 'class="mermaid"' not in overview
    assert "No RFCs match." in overview
    assert (out / "rfc-rfcs.html").exists() and (out / "rfc-modules.html").exists()


def check_dirhtml(out: Path) -> None:
    no_dead_html_link(out)
    overview = _text(out / "overview" / "index.html")
    assert "rfc-table-index" in overview and 'class="rfc-graph-svg"' in overview
    # links between pages use the directory layout
    assert 'href="../rfcs/0001-sharding/"' in overview


def check_singlehtml(out: Path) -> None:
    no_dead_html_link(out)
    page = _text(out / "index.html")
    # a module with no page of its own is named, not linked to the module
    # index, a page singlehtml does not write
    assert "rfc-modules.html" not in page and "rfc-rfcs.html" not in page
    assert '<code class="xref rfc rfc-mod docutils literal notranslate"><span class="pre">distributed' in page
    assert "rfc-table-dependency" in page and "rfc-table-index" in page
    assert 'href="#document-rfcs/0001-sharding"' in page
    assert 'class="rfc-graph-svg"' in page  # the graph's links: to the same page
    assert page.count('<a class="rfc-graph-node') >= 3
    # every RFC's own basic-information table, in its own part of the page
    assert page.split('id="document-rfcs/')[1:]
    for part in page.split('id="document-rfcs/')[1:]:
        number = part[: part.index("-")]
        table = part[part.index("rfc-table-basic-info"):]
        table = table[: table.index("</table>")]
        assert f"RFC-{number}</span></code>" in table, number


def check_latex(out: Path) -> None:
    count, undefined = latex_refs(out / "builders.tex")
    assert count > 5 and undefined == []
    tex = _text(out / "builders.tex")
    assert "RFC\\sphinxhyphen{}0001" in tex
    assert "mermaid" not in tex
    assert "\\usepackage{tikz}" in tex and "\\begin{tikzpicture}" in tex  # the graph, drawn
    assert "depends on" in tex and "requires" in tex
    assert "No RFCs match." in tex
    assert "Superseded by" in tex and "Required by" in tex


def check_text(out: Path) -> None:
    overview = _text(out / "overview.txt")
    assert "No RFCs match." in overview
    assert "[graph:" not in overview  # no mermaid placeholder, a table instead
    assert "| From" in overview and "depends on" in overview
    rfc = _text(out / "rfcs" / "0003-old.txt")
    assert "This RFC is superseded by" in rfc and "RFC-0001" in rfc


def check_man(out: Path) -> None:
    page = _text(out / "builders.1")
    assert "RFC\\-0001" in page and "No RFCs match." in page


def check_texinfo(out: Path) -> None:
    page = _text(out / "builders.texi")
    assert "RFC-0001" in page and "No RFCs match." in page and "depends on" in page


def check_epub(out: Path) -> None:
    no_dead_html_link(out)
    assert list(out.glob("*.epub"))
    # the extension's stylesheet is in the book: copied and in the manifest
    assert (out / "_static" / "sphinx_rfc.css").exists()
    assert 'href="_static/sphinx_rfc.css"' in _text(out / "content.opf")
    overview = _text(out / "overview.xhtml")
    assert "rfc-table-index" in overview
    assert "mermaid" not in overview  # e-readers run no JavaScript
    assert '<img class="rfc-graph-svg" src="_images/rfc-graph-' in overview  # the SVG, a file


def check_gettext(out: Path) -> None:
    assert (out / "overview.pot").exists()


def check_dummy(out: Path) -> None:
    assert not list(out.glob("*.*"))


def check_xml(out: Path) -> None:
    rfc = _text(out / "rfcs" / "0001-sharding.xml")
    assert "rfc-table rfc-table-interface" in rfc
    assert "rfc_pending" not in rfc and "rfc_data" not in rfc


def check_json(out: Path) -> None:
    # the domain index pages' context (their names) is serialised as JSON
    index = json.loads(_text(out / "rfc-rfcs.fjson"))
    assert index["indextitle"] == "RFC Index"
    assert "RFC-0001" in json.dumps(index["content"])


CHECKS = {
    "html": check_html, "dirhtml": check_dirhtml, "singlehtml": check_singlehtml,
    "latex": check_latex, "text": check_text, "man": check_man, "texinfo": check_texinfo,
    "epub": check_epub, "gettext": check_gettext, "dummy": check_dummy, "xml": check_xml,
    "json": check_json,
}


@pytest.mark.parametrize("builder", list(CHECKS))
def test_builder(builder: str, build: BuildFn, shared_build: BuildFn) -> None:
    html = shared_build("builders")
    result = html if builder == "html" else build("builders", builder)
    warnings = parse_warnings(result.warnings)
    others = [w for w in warnings if not w[2].startswith("rfc.")]
    # anything that is not an RFC problem, typed or not, is a failure
    untyped = [line for line in result.warnings.splitlines()
               if "WARNING" in line and not line.rstrip().endswith("]")]
    assert others == [] and untyped == [], result.warnings
    assert _summary(result.rfc_warnings()) == EXPECTED_RFC_WARNINGS
    assert "sphinx_rfc: 3 RFCs, 7 problems" in result.status
    CHECKS[builder](result.outdir)
    export = result.outdir / "rfcs.json"
    if builder == "dummy":
        assert not export.exists()
    else:
        data = json.loads(export.read_text(encoding="utf-8"))
        assert [r["id"] for r in data["rfcs"]] == ["RFC-0001", "RFC-0002", "RFC-0003"]
        # the same bytes from every builder
        assert export.read_bytes() == (html.outdir / "rfcs.json").read_bytes()
