"""``rfc-index`` and ``rfc-module`` tables are filled when the pending
spots are resolved (sphinx_rfc.resolve.views.ResolvePending), before
Sphinx's other post-transforms, for every builder: those see the tables
(a theme that wraps tables, furo, wraps these too), and the hidden
references such a spot holds for the checks are gone before Sphinx
resolves references.  (HTML once filled them after the other
post-transforms, ``devices.LATE_FILL``: measured under 2 % and removed,
benchmarks/README.md "Devices measured again".)"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import BuildFn
from docutils import nodes
from sphinx.transforms.post_transforms.code import HighlightLanguageTransform

RFC = (
    "RFC-0003 异步保存 async checkpoint\n"
    "=================================\n\n"
    ".. rfc:: RFC-0003\n"
    "   :title: Async checkpoint save（异步保存）\n"
    "   :modules: checkpoint\n"
    "   :status: accepted\n"
)
FILES = {
    "index.rst": (
        "Home\n====\n\n.. toctree::\n\n   rfc-0003\n   checkpoint\n\n"
        ".. rfc-index::\n   :module: checkpoint, nosuch-module\n"
    ),
    "rfc-0003.rst": RFC,
    "checkpoint.rst": "Checkpoint\n==========\n\n.. rfc-module:: checkpoint\n",
}
CONF = (
    "rfc_required_sections = []\nrfc_required_test_levels = []\n"
    'rfc_modules = {"checkpoint": "Save and load"}\n'
)


def _count_tables_in_highlighting(monkeypatch: pytest.MonkeyPatch) -> dict[tuple[str, str], int]:
    """How many tables each page holds when Sphinx's highlighting
    post-transform (priority 400) runs on it."""
    seen: dict[tuple[str, str], int] = {}
    real = HighlightLanguageTransform.apply

    def apply(self: HighlightLanguageTransform, **kwargs: Any) -> None:
        seen[(self.env.docname, "tables")] = len(list(self.document.findall(nodes.table)))
        real(self, **kwargs)

    monkeypatch.setattr(HighlightLanguageTransform, "apply", apply)
    return seen


@pytest.mark.parametrize("builder", ["html", "text"])
def test_index_and_module_tables_are_filled_before_sphinx_transforms(
    build: BuildFn, builder: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _count_tables_in_highlighting(monkeypatch)
    built = build(FILES, builder, conf=CONF)
    html = builder == "html"
    # Sphinx's transforms see the tables, whatever the builder
    assert seen[("index", "tables")] == 1
    assert seen[("checkpoint", "tables")] == 1
    # the unknown module of the index's filter is reported once, by the
    # check; Sphinx never sees the hidden reference
    assert [w[2] for w in built.rfc_warnings()] == ["rfc.unknown-module"]
    assert "reference target not found" not in built.warnings
    suffix = ".html" if html else ".txt"
    index = (built.outdir / f"index{suffix}").read_text(encoding="utf-8")
    module = (built.outdir / f"checkpoint{suffix}").read_text(encoding="utf-8")
    # (the text builder wraps a cell's text: the ID is one word)
    assert "RFC-0003" in index.split("Checkpoint", 1)[1]
    assert "RFC-0003" in module
    if html:
        assert "Async checkpoint save（异步保存）" in index
        assert "Async checkpoint save（异步保存）" in module
        assert 'class="rfc-row-accepted' in index
        assert 'href="rfc-0003.html"' in module


def test_a_theme_that_transforms_tables_sees_them(
    build: BuildFn, monkeypatch: pytest.MonkeyPatch
) -> None:
    # furo wraps every table in a scrolling container (a post-transform at
    # priority 500): the index's and the module page's tables too
    pytest.importorskip("furo")
    seen = _count_tables_in_highlighting(monkeypatch)
    built = build(FILES, "html", conf=CONF, confoverrides={"html_theme": "furo"})
    assert seen[("index", "tables")] == 1
    index = (built.outdir / "index.html").read_text(encoding="utf-8")
    module = (built.outdir / "checkpoint.html").read_text(encoding="utf-8")
    for page, kind in ((index, "index"), (module, "module")):
        table = page.index(f"rfc-table-{kind}")
        assert page.rfind('class="table-wrapper', 0, table) > page.rfind("</div>", 0, table), kind
