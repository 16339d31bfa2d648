"""A node's text, as ``astext()`` gives it, for the walks over every cell
and section of every RFC."""

from __future__ import annotations

from docutils import nodes

from sphinx_rfc.spec.text import markup_text


def astext(node: nodes.Node) -> str:
    """``node.astext()``, except that inline raw HTML (MyST's ``<br>``,
    ``<input …>``, ``<span>`` in a paragraph, a title or a table cell) is
    markup, not words: its shown text
    (:func:`~sphinx_rfc.spec.text.markup_text`).  An HTML block (a
    ``<details>``, an ``<img>`` or a comment on lines of its own) keeps its
    text: it is a section's content as written."""
    if isinstance(node, nodes.Text):
        return node.astext()
    if isinstance(node, nodes.raw) and is_html(node) and isinstance(node.parent, nodes.TextElement):
        return markup_text(node.astext())
    if type(node).astext is not nodes.Element.astext:
        return node.astext()  # (a node with a text of its own: an image's alt ...)
    assert isinstance(node, nodes.Element)
    return node.child_text_separator.join([astext(child) for child in node.children])


def clean_astext(node: nodes.Node) -> str | None:
    """:func:`astext`, or None when *node* holds one of docutils'
    diagnostics (a ``system_message``): the walk that reads the text
    tells whether it is free of them."""
    if isinstance(node, nodes.Text):
        return node.astext()
    if isinstance(node, nodes.system_message):
        return None
    if isinstance(node, nodes.raw) or type(node).astext is not nodes.Element.astext:
        return None if node.next_node(nodes.system_message) is not None else astext(node)
    assert isinstance(node, nodes.Element)
    parts = []
    for child in node.children:
        # (a text leaf read here, one call less for most nodes of a cell;
        # without docutils' null escapes it is its own text: no unescape)
        text = ((str(child) if "\x00" not in child else child.astext())
                if type(child) is nodes.Text else clean_astext(child))
        if text is None:
            return None
        parts.append(text)
    return node.child_text_separator.join(parts)


def is_html(node: nodes.raw) -> bool:
    """Whether a raw node is HTML (``format`` ``html``, or several with it)."""
    return "html" in str(node.get("format", "")).split()


#: Nodes whose text is no prose: code (``literal``: inline code), math, raw
#: output, an image's alternative text (a "TBD" badge).
_CODE = (nodes.literal, nodes.literal_block, nodes.math, nodes.math_block, nodes.raw,
         nodes.image)


def prose_text(node: nodes.Node) -> str:
    """:func:`astext` with inline code, math and images left out (each as
    one space): the text a writer wrote as prose, where a placeholder may
    be left (docs/reference/warnings.md)."""
    if isinstance(node, _CODE):
        return " "
    if isinstance(node, nodes.Text) or type(node).astext is not nodes.Element.astext:
        return astext(node)
    assert isinstance(node, nodes.Element)
    return node.child_text_separator.join([prose_text(child) for child in node.children])
