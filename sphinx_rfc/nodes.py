"""Doctree nodes of sphinx_rfc.

``rfc_data`` carries read-time records from a directive to the collector,
which removes it: it never reaches a writer.  ``rfc_pending`` marks a spot
that shows other documents' data; the resolve-time transform replaces it
for every builder, so no writer needs a visitor for either.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes


class rfc_data(nodes.Invisible, nodes.Element):  # noqa: N801 (docutils naming)
    """Read-time payload: ``node["kind"]`` and ``node["payload"]``."""

    @classmethod
    def make(cls, kind: str, payload: Any, line: int | None) -> rfc_data:
        node = cls()
        node["kind"] = kind
        node["payload"] = payload
        node.line = line
        return node


class rfc_pending(nodes.General, nodes.Element):  # noqa: N801
    """Filled at resolve time from the view ``node["view"]`` (a tuple key)."""

    @classmethod
    def make(cls, view: tuple[str, ...], **attrs: Any) -> rfc_pending:
        node = cls()
        node["view"] = view
        for key, value in attrs.items():
            node[key] = value
        return node


def generated(node: nodes.Element) -> nodes.Element:
    """Mark text the extension writes (labels), so that placeholder checks
    skip it and gettext does not extract it into the user's catalogs."""
    node["rfc-generated"] = True
    for sub in node.findall(nodes.TextElement):
        # Inline nodes with a 'translatable' attribute are unwrapped by
        # Sphinx's RemoveTranslatableInline: mark block-level text only.
        if not isinstance(sub, nodes.Inline):
            sub["translatable"] = False
    return node
