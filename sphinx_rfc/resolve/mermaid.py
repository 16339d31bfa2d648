"""Diagram code blocks of template-native RFCs drawn in HTML, and which
documents may hold a diagram at all.

The template-native reader marks a fenced ``mermaid`` block (issue trackers
draw those); this post-transform turns it into a Mermaid diagram for HTML
builders and leaves the code for every other builder.

Few documents draw a diagram, and every way to put one in names it in the
source (the ``mermaid`` or ``autoclasstree`` directive, a fenced
``mermaid`` block, ``rfc-graph``), in the file or a file it includes: the
environment keeps the documents whose source does (:func:`may_draw`), so
that the steps which look for diagrams after reading (here, the fallback
for builders that cannot draw them, the count of pages that load Mermaid
from a CDN) walk only those."""

from __future__ import annotations

from collections.abc import Set
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from sphinx_rfc._compat import current_builder, resolves_one_document
from sphinx_rfc.store.domain import build_state, get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx


#: Words of a source that may put a Mermaid node in its document (any case).
_MAY_DRAW = ("mermaid", "autoclasstree", "rfc-graph")
def _may_draw_set(env: Any) -> set[str]:
    """The environment's set of such documents (store/domain.BuildState)."""
    state = build_state(env)
    if state.diagram_sources is None:
        state.diagram_sources = set()
    return state.diagram_sources


def keep_sources(app: Sphinx) -> None:
    """``builder-inited``: the set starts empty in a new environment; in one
    kept from before it existed, every document read already may draw."""
    state = build_state(app.env)
    if state.diagram_sources is None:
        state.diagram_sources = set(app.env.all_docs)


def note_source(app: Sphinx, docname: str, source: list[str]) -> None:
    """``source-read``: a document whose source names a diagram."""
    # (casefolded, as a case-insensitive search would match; four times
    # faster than one, on every source read)
    text = source[0].casefold()
    if any(word in text for word in _MAY_DRAW):
        _may_draw_set(app.env).add(docname)


def note_include(app: Sphinx, path: Any, docname: str, content: list[str]) -> None:
    """``include-read``: the same for a file the document includes."""
    note_source(app, docname, content)


def forget_source(app: Sphinx, env: Any, docname: str) -> None:
    """``env-purge-doc``."""
    _may_draw_set(env).discard(docname)


def merge_sources(app: Sphinx, env: Any, docnames: Set[str], other: Any) -> None:
    """``env-merge-info`` (``-j``): the documents a reading worker noted."""
    _may_draw_set(env).update(d for d in _may_draw_set(other) if d in docnames)


def may_draw(env: Any, docname: str) -> bool:
    """Whether *docname*'s source named a diagram."""
    return docname in _may_draw_set(env)


class MermaidCodeToDiagram(SphinxPostTransform):
    """In HTML, a native RFC's ```mermaid code block is drawn, as the issue
    tracker it was written for draws it; other builders keep the code."""

    default_priority = 20
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        docname = self.env.docname
        record = get_domain(self.env).rfcs.get(docname)
        if resolves_one_document(self.env) and (
            record is None or not record.native or not may_draw(self.env, docname)
        ):
            return  # only native RFCs mark code blocks: no walk elsewhere
        if current_builder(self.env).name.startswith("epub"):
            return
        for block in list(self.document.findall(nodes.literal_block)):
            if not block.get("rfc-mermaid"):
                continue
            block.replace_self(diagram_of(block))


def diagram_of(block: nodes.literal_block) -> nodes.Element:
    """sphinxcontrib-mermaid's node for the Mermaid code of *block*, at its place."""
    from sphinxcontrib.mermaid import mermaid

    diagram: nodes.Element = mermaid()
    diagram["code"] = block.astext()
    diagram["options"] = {}
    diagram.source, diagram.line = block.source, block.line
    return diagram


def setup(app: Sphinx) -> None:
    """Mermaid code blocks drawn in HTML; the documents that may draw."""
    app.add_post_transform(MermaidCodeToDiagram)
