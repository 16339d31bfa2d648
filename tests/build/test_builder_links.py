"""The documentation, built by each builder that links pages, has no dead
internal link (issue 45): every ``href`` of the HTML builders leads to a
file and an id of it, every ``\\hyperref`` of the LaTeX file to a label of
it (there is no TeX here to compile the PDF and read its "??").  The
fixture project of every builder is checked the same way in
``tests/build/test_builders.py``."""

from __future__ import annotations

import sys
from io import StringIO
from pathlib import Path

import pytest
from links import html_links, latex_refs

pytestmark = pytest.mark.slow  # the demo docs built with each builder

DOCS = Path(__file__).parents[2] / "docs"


def _build(builder: str, out: Path) -> Path:
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    saved = list(sys.path)
    try:
        with patch_docutils(DOCS), docutils_namespace():
            app = Sphinx(str(DOCS), str(DOCS), str(out / builder), str(out / "doctrees"),
                         builder, status=StringIO(), warning=StringIO(), freshenv=True)
            app.build()
    finally:
        sys.path[:] = saved
    return out / builder


@pytest.mark.parametrize("builder", ["html", "dirhtml", "singlehtml", "epub"])
def test_docs_html_links_lead_somewhere(builder: str, tmp_path: Path) -> None:
    count, dead = html_links(_build(builder, tmp_path))
    assert count > 300  # the docs link a lot: the check ran
    assert dead == []


def test_docs_latex_references_are_defined(tmp_path: Path) -> None:
    out = _build("latex", tmp_path)
    count, undefined = latex_refs(out / "sphinx_rfc.tex")
    assert count > 200
    assert undefined == []
    # the domain indices are in the PDF, after the document's own text
    tex = (out / "sphinx_rfc.tex").read_text(encoding="utf-8")
    assert "\\renewcommand{\\indexname}{RFC Index}" in tex
    assert "\\renewcommand{\\indexname}{RFC Module Index}" in tex
