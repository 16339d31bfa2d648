"""Tables with a header and no rows, written to LaTeX.

A Markdown table with nothing under its header row (``| 评审人 | 结论 |``
then ``|---|---|``: the reviews table of an RFC ``sphinx-rfc new`` has just
written, before anyone reviewed it) is a table with a ``thead`` and no
``tbody``.  HTML and text builders write it as it is; Sphinx's LaTeX
builder stops with a traceback (``StopIteration`` in its footnote
transform, which looks for the table's body).  An empty ``tbody`` is given
to such tables in LaTeX builds only, before Sphinx's own transforms run:
the PDF shows the header row, as the HTML page does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

if TYPE_CHECKING:
    from sphinx.application import Sphinx


class HeaderOnlyTables(SphinxPostTransform):
    """An empty body for every table group that has none (LaTeX)."""

    default_priority = 5  # (before the LaTeX builder's footnote transform)
    formats = ("latex",)

    def run(self, **kwargs: Any) -> None:
        for group in self.document.findall(nodes.tgroup):
            if not any(isinstance(child, nodes.tbody) for child in group.children):
                group += nodes.tbody()


def setup(app: Sphinx) -> None:
    app.add_post_transform(HeaderOnlyTables)
