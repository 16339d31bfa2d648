"""What a view is made of, and what its renderer is given.

A view is a value function, which computes from the domain's snapshot
exactly the data a spot of a page shows, and a renderer, which turns that
value alone into nodes at resolve time.  The registry that runs them is
:mod:`sphinx_rfc.resolve.views`; these types are apart from it so that the
built-in views (:mod:`sphinx_rfc.resolve.page_views`), which the registry
installs, need not import the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from docutils import nodes

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import page_link, with_anchor
from sphinx_rfc.model.relations import Snapshot
from sphinx_rfc.nodes import ViewKey, rfc_pending
from sphinx_rfc.render.values import RfcSummary
from sphinx_rfc.resolve.api import with_api
from sphinx_rfc.resolve.xrefs import module_location, rfc_link_title
from sphinx_rfc.store.domain import RfcDomain, get_domain

if TYPE_CHECKING:
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment

#: A view's value (JSON-able: it is fingerprinted).
V = TypeVar("V")

ValueFn = Callable[[RfcDomain, Snapshot, ViewKey], V]
Renderer = Callable[["RenderContext", rfc_pending, V], list[nodes.Node]]


@dataclass(frozen=True)
class View(Generic[V]):
    """A view kind: its value function and, for a kind some spot shows, the
    renderer of that spot (the ``rfc`` and ``module`` kinds of
    cross-references are fingerprinted only: Sphinx resolves the links)."""

    value: ValueFn[V]
    render: Renderer[V] | None = None
    #: Its value depends on the build's date (the index's days in the
    #: current status): the pages showing it are fingerprinted again on the
    #: first build of a new day, changed or not.
    dated: bool = False


class RenderContext:
    """What a renderer needs: the builder, the page, the settings."""

    def __init__(self, env: BuildEnvironment, builder: Builder, docname: str) -> None:
        self.env = env
        self.builder = builder
        self.docname = docname
        self.domain = get_domain(env)
        self.snapshot = self.domain.snapshot()
        self.settings = rfc_config.settings(env.config)
        #: docname -> its URI relative to this page (an index links each
        #: module as many times as it has RFCs)
        self._uris: dict[str, str | None] = {}

    def noun(self, *, plural: bool = False) -> str:
        """What the template calls its documents, in the build's language
        (RFC, ADR, KEP: :mod:`sphinx_rfc.spec.nouns`)."""
        return self.settings.profile.noun.name(self.env.config.language, plural=plural)

    def rfc_link(self, summary: RfcSummary, text: str | None = None) -> nodes.Node:
        label = text or summary["id"]
        title = rfc_link_title(summary["title"], summary["status"], self.settings)
        child = nodes.literal(label, label, classes=["xref", "rfc", "rfc-ref"])
        return self._link(child, summary["docname"], None, title)

    def module_link(self, name: str) -> nodes.Node:
        child = nodes.literal(name, name, classes=["xref", "rfc", "rfc-mod"])
        docname, anchor = module_location(self.snapshot, name)
        link = self._link(child, docname, anchor, name)
        return with_api(link, self.env, self.builder, self.docname, name)

    def _link(
        self, child: nodes.literal, docname: str, anchor: str | None, title: str
    ) -> nodes.Node:
        # sphinx.util.nodes.make_refnode, with the page's relative URIs kept
        node = nodes.reference("", "", internal=True)
        if docname == self.docname and anchor:
            node["refid"] = anchor
        else:
            if docname in self._uris:
                uri = self._uris[docname]
            else:
                uri = self._uris[docname] = page_link(self.builder, self.docname, docname, None)
            if uri is None:  # a page this builder does not write
                return child
            node["refuri"] = with_anchor(uri, anchor)
        if title:
            node["reftitle"] = title
        node += child
        return node
