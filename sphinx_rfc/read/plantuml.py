"""PlantUML diagrams in RFC documents (docs/reference/native.md): pasted
``@startuml … @enduml`` lines and ``plantuml`` code blocks become one code
block with the text as written, or sphinxcontrib-plantuml's node when that
extension is in the project's ``extensions``.

Pasted without a fence, the diagram's lines are parsed as paragraphs (and
a ``- note`` line as a list): the markup is wrong and smart quotes typeset
``-->`` as a dash.  The diagram is therefore taken from the source lines,
from the paragraph that starts with ``@startuml`` to the line that starts
with ``@enduml``; the nodes those lines made are replaced.  A transform,
run once a document is parsed (before the collector reads it), in the
documents the collector reads as RFCs (an ``rfc`` directive, or a page
matched by ``rfc_documents``).
"""

from __future__ import annotations

import os
import textwrap
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms import SphinxTransform

from sphinx_rfc import config as rfc_config
from sphinx_rfc.doctree.locations import SourceLines, first_line
from sphinx_rfc.nodes import document_state, rfc_data
from sphinx_rfc.read.collector import is_native_candidate

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: The languages of a code block that hold PlantUML.
LANGUAGES = frozenset({"plantuml", "puml", "uml"})
#: The extension that draws PlantUML, when the project enables it.
EXTENSION = "sphinxcontrib.plantuml"
START, END = "@startuml", "@enduml"


def diagram_node(
    env: BuildEnvironment, draw: bool, text: str, source: str | None, line: int | None
) -> nodes.Element:
    """sphinxcontrib-plantuml's node for *text* when the project enables
    it (*draw*), else a literal block of the text (``text``: not highlighted)."""
    if draw:
        try:
            from sphinxcontrib.plantuml import plantuml  # type: ignore[import-not-found]
        except ImportError:  # pragma: no cover - listed but not importable
            pass
        else:
            node: nodes.Element = plantuml(text)
            node["uml"] = text
            relfn = str(env.doc2path(env.docname, False))
            node["incdir"] = os.path.dirname(relfn)
            node["filename"] = os.path.basename(relfn)
            node.source, node.line = source, line
            return node
    block = nodes.literal_block(text, text, language="text", classes=["rfc-plantuml"])
    block.source, block.line = source, line
    return block


def _pasted(env: BuildEnvironment, draw: bool, parent: nodes.Element, lines: SourceLines) -> None:
    """Replace the pasted diagrams among *parent*'s children (and below)."""
    index = 0
    while index < len(parent.children):
        child = parent.children[index]
        if not isinstance(child, nodes.Element):
            index += 1
            continue
        if isinstance(child, nodes.paragraph) and child.astext().lstrip().startswith(START):
            replaced = _replace_from(env, draw, parent, index, lines)
            if replaced:
                index += 1
                continue
        if not isinstance(child, (nodes.literal_block, nodes.raw, nodes.comment)):
            _pasted(env, draw, child, lines)
        index += 1


def _replace_from(
    env: BuildEnvironment, draw: bool, parent: nodes.Element, index: int, lines: SourceLines
) -> bool:
    """The diagram starting at ``parent[index]`` as one node; False (the
    nodes left as they are) when its end cannot be found in the source."""
    start = parent.children[index]
    start_line = first_line(start)
    source = lines.get(start)
    if not start_line or start_line > len(source) or not source[start_line - 1].strip() \
            .startswith(START):
        return False
    end_line = next((n for n in range(start_line, len(source) + 1)
                     if source[n - 1].strip().startswith(END)), None)
    if end_line is None:
        return False
    last = index
    while last < len(parent.children):
        node = parent.children[last]
        line = first_line(node) if isinstance(node, nodes.Element) else None
        if last > index and (line is None or line > end_line):
            break
        last += 1
    # the last node taken must end with the diagram, or text after it is lost
    if not parent.children[last - 1].astext().rstrip().endswith(END):
        return False
    text = textwrap.dedent("\n".join(source[start_line - 1:end_line])).strip("\n")
    node = diagram_node(env, draw, text, getattr(start, "source", None), start_line)
    for _ in range(last - index):
        parent.remove(parent.children[index])
    parent.insert(index, node)
    return True


def _fenced(env: BuildEnvironment, draw: bool, doctree: nodes.document) -> None:
    """``plantuml`` code blocks: drawn, or shown as text (no "Pygments
    lexer name 'plantuml' is not known" warning)."""
    for block in list(doctree.findall(nodes.literal_block)):
        if str(block.get("language", "")).lower() not in LANGUAGES or block.parent is None:
            continue
        text = block.astext()
        if draw:
            block.replace_self(diagram_node(env, draw, text, block.source, block.line))
        else:
            block["language"] = "text"
            block["classes"] = [*block["classes"], "rfc-plantuml"]


#: Key, in Sphinx's state of the document being read, of the mark "its
#: source (or a file it includes) names UML": every way to write a diagram
#: this module handles does (``@startuml``, a ``plantuml``, ``puml`` or
#: ``uml`` block), so the others are not searched.
_MAY_HOLD = "sphinx_rfc_may_hold_plantuml"


def note_source(app: Sphinx, docname: str, source: list[str]) -> None:
    """``source-read``: mark a document whose source names UML."""
    if "uml" in source[0].lower():
        document_state(app.env)[_MAY_HOLD] = True


def note_include(app: Sphinx, path: Any, docname: str, content: list[str]) -> None:
    """``include-read``: the same for a file the document includes."""
    note_source(app, docname, content)


class PlantUml(SphinxTransform):
    """The diagrams of an RFC document, after it is parsed (its directives
    have run: an ``rfc`` directive left its payload) and before the
    collector reads it on ``doctree-read``."""

    default_priority = 700

    def apply(self, **kwargs: Any) -> None:
        if not document_state(self.env).get(_MAY_HOLD):
            return  # no UML named in the source: nothing to look for
        doctree = self.document
        settings = rfc_config.settings(self.config)
        if not (is_native_candidate(self.env.docname, settings)
                or any(n.get("kind") == "meta" for n in doctree.findall(rfc_data))):
            return
        draw = EXTENSION in self.env.config.extensions
        if START in doctree.astext():
            _pasted(self.env, draw, doctree, SourceLines(doctree))
        _fenced(self.env, draw, doctree)


def setup(app: Sphinx) -> None:
    app.add_transform(PlantUml)
