"""In HTML, ``rfc-index`` and ``rfc-module`` tables are filled after
Sphinx's other post-transforms (sphinx_rfc.resolve.views.ResolveLate), so
that those do not walk them; the hidden references such a spot holds for
the checks are still gone before Sphinx resolves references, and every
other builder fills the spots where it always did."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import BuildFn

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
    "extensions.append('table_counter')\nimport sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n"
)
# a post-transform between ResolvePending (5) and ResolveLate (900) that
# records how many tables each page holds when it runs
COUNTER = '''
from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

SEEN = {}
BUILDER = ['']

class CountTables(SphinxPostTransform):
    default_priority = 400

    def run(self, **kwargs):
        SEEN[(BUILDER[0], self.env.docname)] = len(list(self.document.findall(nodes.table)))

def setup(app):
    app.connect('builder-inited', lambda app: BUILDER.__setitem__(0, app.builder.name))
    app.add_post_transform(CountTables)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
'''


@pytest.mark.parametrize("builder", ["html", "text"])
def test_index_and_module_tables_are_filled_late_in_html_only(
    build: BuildFn, builder: str
) -> None:
    files = {**FILES, "table_counter.py": COUNTER}
    built = build(files, builder, conf=CONF)
    import table_counter  # type: ignore[import-not-found]

    seen: dict[Any, int] = table_counter.SEEN
    html = builder == "html"
    # the tables are not there yet for a transform in between in HTML only
    assert seen[(builder, "index")] == (0 if html else 1)
    assert seen[(builder, "checkpoint")] == (0 if html else 1)
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

