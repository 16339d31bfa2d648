"""The views that show the code beside the RFCs:

- ``("implementation", ID)``: the "Implementation" list at the end of an
  RFC's page, from the page's own record (its value is None, not
  fingerprinted: the page is read again when its commits change,
  :mod:`sphinx_rfc.features.commits`);
- ``("api-rfcs", PYTHON_MODULE)``: on the API page of a documented Python
  module (``rfc_api_backlinks``), the RFCs that touch the module of
  ``rfc_modules`` documented there (:mod:`sphinx_rfc.resolve.api`);
  fingerprinted, so the API page is written again when an RFC's modules,
  title or status change, in incremental and parallel builds alike;
- ``("api-object", PYTHON_NAME)``: under an interface table whose
  ``:signature-of:`` object is documented (here or through intersphinx),
  a link to its API entry; nothing when it is not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sphinx_rfc.render.code import ApiRfc, api_object_line, api_rfcs_list, implementation_list
from sphinx_rfc.render.values import rfc_summary
from sphinx_rfc.resolve.api import api_of, api_value, object_value, target_reference
from sphinx_rfc.resolve.context import View
from sphinx_rfc.store.domain import build_state, get_domain

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from sphinx_rfc.model.relations import Snapshot
    from sphinx_rfc.nodes import ViewKey, rfc_pending
    from sphinx_rfc.resolve.context import RenderContext
    from sphinx_rfc.store.domain import RfcDomain

IMPLEMENTATION_VIEW = "implementation"
API_RFCS_VIEW = "api-rfcs"
#: Spot of an interface table with ``:signature-of:``: a link to its API entry.
API_OBJECT_VIEW = "api-object"


def _implementation_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> None:
    return None  # the page's own record


def _render_implementation(
    ctx: RenderContext, node: rfc_pending, value: None,
) -> list[nodes.Node]:
    record = ctx.domain.rfcs.get(node["docname"])
    return implementation_list(record.commits) if record is not None else []


def api_rfcs(domain: RfcDomain, snap: Snapshot, python_name: str) -> list[ApiRfc]:
    """The RFCs touching a module documented as *python_name*, by ID."""
    found: list[ApiRfc] = []
    apis: dict[str, str | None] = {}
    for record in snap.records():
        for module in record.touched_modules():
            if module not in apis:
                api = api_of(module, domain.env)
                apis[module] = api[0] if api is not None else None
            if apis[module] == python_name:
                found.append({"rfc": rfc_summary(record),
                              "relation": record.relation_to_module(module) or "declared"})
                break
    return found


def _api_rfcs_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> list[ApiRfc]:
    return api_rfcs(domain, snap, key.subject)


def _render_api_rfcs(
    ctx: RenderContext, node: rfc_pending, value: list[ApiRfc],
) -> list[nodes.Node]:
    return api_rfcs_list(value, ctx.settings, ctx.rfc_link)


def _api_object_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> list[str] | None:
    return object_value(key.subject, domain.env)


def _render_api_object(
    ctx: RenderContext, node: rfc_pending, value: list[str] | None,
) -> list[nodes.Node]:
    if value is None:
        return []
    link = target_reference(ctx.builder, ctx.docname, node["view"].subject, value)
    return api_object_line(link) if link is not None else []


VIEWS: dict[str, View[Any]] = {
    API_OBJECT_VIEW: View(_api_object_value, _render_api_object),
    IMPLEMENTATION_VIEW: View(_implementation_value, _render_implementation),
    API_RFCS_VIEW: View(_api_rfcs_value, _render_api_rfcs),
}


#: The view kinds whose value holds a module's API link.
_SHOWS_API = frozenset({"module", "module-page", "index", "dep-module", API_RFCS_VIEW,
                        API_OBJECT_VIEW})


def on_env_updated(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """The pages that show an API link when the API documentation changed.

    The views are fingerprinted again only when RFC data changed; a build
    that read only API pages (a module documented for the first time, an
    object removed) changes the links without that, so the links of every
    module and ``:signature-of:`` object are compared with the last
    build's, and the pages that may show one are written again when they
    differ (a rare event: the set of documented modules changed)."""
    domain = get_domain(env)
    snap = domain.snapshot()
    objects = sorted({key.subject for keys in domain.views.values() for key in keys
                      if key.kind == API_OBJECT_VIEW})
    state = [[name, api_value(name, env)] for name in snap.module_names()]
    state += [[name, object_value(name, env)] for name in objects]
    kept = build_state(env)
    old, kept.api_links = kept.api_links, state
    if old is None or old == state:
        return []
    return sorted(docname for docname, keys in domain.views.items()
                  if docname in env.found_docs and any(k[0] in _SHOWS_API for k in keys))
