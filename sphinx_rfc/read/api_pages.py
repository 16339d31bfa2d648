"""``rfc_api_backlinks``: the page of every documented Python module gets
a spot for the RFCs that touch it.

Read step only: each ``py:module`` target of the document being read
(``automodule``, ``py:module``) gets an ``("api-rfcs", NAME)`` spot after
the module's own description (before its first documented object, or at
the end of the module's part of the page), and the document is marked as
holding RFC data so that the collector notes the spot's view (the
collector calls :func:`add_spots` first, for every document).  The list
is filled at resolve time from every RFC (:mod:`sphinx_rfc.resolve.code_views`);
an API page whose list changed is written again, in incremental and
parallel builds alike (:mod:`sphinx_rfc.resolve.views`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes
from sphinx import addnodes

from sphinx_rfc import config as rfc_config
from sphinx_rfc.nodes import ViewKey, note_rfc_data, rfc_pending

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: View kind of the spot (resolve/code_views).
API_RFCS_VIEW = "api-rfcs"


def _module_places(app: Sphinx, doctree: nodes.document) -> list[tuple[nodes.Element, str]]:
    """Each Python module documented in the document being read, with the
    node that carries its target: the module's ``target``, or the section
    whose first thing it was (Sphinx moves such a target's id to the
    section, ``MoveModuleTargets``)."""
    docname = app.env.docname
    try:
        modules = app.env.get_domain("py").data.get("modules", {})
    except Exception:
        return []
    by_id = {entry[1]: name for name, entry in modules.items() if entry[0] == docname}
    if not by_id:
        return []
    found: list[tuple[nodes.Element, str]] = []
    for node in doctree.findall(nodes.Element):
        if isinstance(node, (nodes.section, nodes.target)):
            name = next((by_id[i] for i in node["ids"] if i in by_id), None)
            if name is not None:
                found.append((node, name))
    return found


def _ends_description(node: nodes.Node) -> bool:
    return isinstance(node, (addnodes.desc, nodes.section)) or (
        isinstance(node, nodes.target) and bool(node.get("ismod"))
    )


def add_spots(app: Sphinx, doctree: nodes.document) -> None:
    """Called by the collector first (it is the one ``doctree-read``
    handler): the spots, and the document marked, before it looks."""
    if not rfc_config.settings(app.config).api_backlinks:
        return
    places = _module_places(app, doctree)
    for node, name in places:
        if isinstance(node, nodes.section):
            parent: nodes.Element = node
            at = 1 if node.children and isinstance(node[0], nodes.title) else 0
        else:
            parent = node.parent
            at = parent.index(node) + 1
        while at < len(parent) and not _ends_description(parent[at]):
            at += 1
        parent.insert(at, rfc_pending.make(ViewKey(API_RFCS_VIEW, name)))
    if places:
        note_rfc_data(app.env)
