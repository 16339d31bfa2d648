"""Template-native RFCs (SPEC section 7): documents matched by
``rfc_documents`` that follow the template with no directive."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx

    from sphinx_rfc.config import RfcSettings
    from sphinx_rfc.model import Problem, RfcRecord


def read_native(
    app: Sphinx,
    doctree: nodes.document,
    settings: RfcSettings,
    docname: str,
    source: str,
    doc_title: str,
    problems: list[Problem],
) -> RfcRecord | None:
    """Not implemented yet (issue 6): no document is read as native."""
    return None
