"""``:rfc:ref:`` and ``:rfc:mod:`` resolved from the store: the ``rfc``
domain as Sphinx registers it (:class:`RfcXrefDomain`, the store's
:class:`~sphinx_rfc.store.domain.RfcDomain` and its cross-references), where
a link to an RFC or a module points and what its hover title says.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.errors import NoUri
from sphinx.util.nodes import make_refnode

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import page_link
from sphinx_rfc.i18n import _
from sphinx_rfc.resolve.api import with_api
from sphinx_rfc.store.domain import MODULE_INDEX_DOC, RfcDomain, module_anchor

if TYPE_CHECKING:
    from docutils.nodes import Element
    from sphinx.addnodes import pending_xref
    from sphinx.application import Sphinx
    from sphinx.builders import Builder
    from sphinx.domains import Domain
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.model.relations import Snapshot
    from sphinx_rfc.spec.settings import RfcSettings


def module_location(snap: Snapshot, name: str) -> tuple[str, str]:
    """Where a module links to: its home page, else its module index entry."""
    home = snap.homes.get(name)
    if home is not None:
        return home.docname, home.anchor
    return MODULE_INDEX_DOC, module_anchor(name)


def rfc_link_title(title: str, status: str, settings: RfcSettings) -> str:
    """The hover title of a link to an RFC: "Title (Status)"."""
    return f"{title} ({_(settings.statuses.label(status))})"


class RfcXrefDomain(RfcDomain):
    """The ``rfc`` domain Sphinx registers: the store, and the roles'
    references resolved from it."""

    def _rfc_refnode(
        self, builder: Builder, fromdocname: str, rfc_id: str, contnode: Element
    ) -> nodes.reference | None:
        record = self.snapshot().by_id.get(rfc_id)
        if record is None:
            return None
        title = rfc_link_title(record.title, record.status, rfc_config.settings(self.env.config))
        return make_refnode(builder, fromdocname, record.docname, None, contnode, title)

    def _module_refnode(
        self, builder: Builder, fromdocname: str, name: str, contnode: Element
    ) -> nodes.reference | None:
        snap = self.snapshot()
        if not snap.knows_module(name):
            return None
        docname, anchor = module_location(snap, name)
        if docname == fromdocname:
            return make_refnode(builder, fromdocname, docname, anchor, contnode, name)
        uri = page_link(builder, fromdocname, docname, anchor)
        if uri is None:  # a page this builder does not write: the name as text
            raise NoUri(docname, None)
        return nodes.reference("", "", contnode, internal=True, refuri=uri, reftitle=name)

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        target = target.strip()
        if typ == "ref":
            return self._rfc_refnode(builder, fromdocname, target, contnode)
        if typ == "mod":
            found = self._module_refnode(builder, fromdocname, target, contnode)
            if found is not None and node.get("rfc-quiet"):
                # a module cell the extension drew: its API documentation too
                return with_api(found, env, builder, fromdocname, target)  # type: ignore[return-value]
            return found
        return None

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        results: list[tuple[str, nodes.reference]] = []
        found = self._rfc_refnode(builder, fromdocname, target, contnode)
        if found is not None:
            results.append(("rfc:ref", found))
        found = None
        with contextlib.suppress(NoUri):  # (the name as text: see _module_refnode)
            found = self._module_refnode(builder, fromdocname, target, contnode)
        if found is not None:
            results.append(("rfc:mod", found))
        return results


def on_missing_reference(app: Any, domain: Domain, node: pending_xref) -> bool | None:
    """``warn-missing-reference``: our own roles are checked after reading
    (:func:`sphinx_rfc.check.cross_rfc_problems`), with their own subtypes,
    so the generic ``ref.*`` warning is silenced here."""
    if domain is not None and domain.name == "rfc":
        return True
    return None


def setup(app: Sphinx) -> None:
    app.add_domain(RfcXrefDomain)
