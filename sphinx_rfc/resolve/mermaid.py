"""Diagram code blocks of template-native RFCs drawn in HTML.

The template-native reader marks a fenced ``mermaid`` block (issue trackers
draw those); this post-transform turns it into a Mermaid diagram for HTML
builders and leaves the code for every other builder."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from sphinx_rfc._compat import current_builder, resolves_one_document
from sphinx_rfc.resolve.domain import get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx


class MermaidCodeToDiagram(SphinxPostTransform):
    """In HTML, a native RFC's ```mermaid code block is drawn, as the issue
    tracker it was written for draws it; other builders keep the code."""

    default_priority = 20
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        record = get_domain(self.env).rfcs.get(self.env.docname)
        if resolves_one_document(self.env) and (record is None or not record.native):
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
    """Mermaid code blocks drawn in HTML."""
    app.add_post_transform(MermaidCodeToDiagram)
