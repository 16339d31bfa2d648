"""Pages that show other documents' data, kept fresh.

A spot that shows other documents' data is an ``rfc_pending`` node whose
``view`` key names that data; cross-references add ``("rfc", ID)`` and
``("module", NAME)`` keys.  For each key, :data:`VIEW_VALUES` computes a
JSON-able value from the domain's snapshot; the renderer of the spot reads
only that value.  After reading, every page's views are fingerprinted and a
page whose fingerprint changed is rewritten, so no page goes stale and no
page is rewritten without cause.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.errors import NoUri
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import current_builder, resolves_one_document
from sphinx_rfc.i18n import _
from sphinx_rfc.model.relations import Snapshot
from sphinx_rfc.nodes import generated, rfc_pending
from sphinx_rfc.render.elements import BACKLINK_LABELS, entry, joined
from sphinx_rfc.report import report
from sphinx_rfc.resolve.domain import RfcDomain, get_domain, module_location, rfc_link_title

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment

logger = logging.getLogger(__name__)

ViewKey = tuple[str, ...]
ValueFn = Callable[[RfcDomain, Snapshot, ViewKey], Any]


def rfc_summary(snap: Snapshot, rfc_id: str) -> dict[str, Any] | None:
    record = snap.by_id.get(rfc_id)
    if record is None:
        return None
    return {
        "id": record.id,
        "title": record.title,
        "status": record.status,
        "docname": record.docname,
    }


def _rfc_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> Any:
    return rfc_summary(snap, key[1])


def _module_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> Any:
    home = snap.homes.get(key[1])
    if home is not None:
        return [home.docname, home.anchor]
    return snap.knows_module(key[1])


def _backlinks_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> Any:
    rfc_id = key[1]
    return {
        "superseded_by": [rfc_summary(snap, i) for i in snap.superseded_by.get(rfc_id, [])],
        "required_by": [rfc_summary(snap, i) for i in snap.required_by.get(rfc_id, [])],
    }


def _notice_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> Any:
    record = snap.by_id.get(key[1])
    return {
        "status": record.status if record else None,
        "successors": [rfc_summary(snap, i) for i in snap.superseded_by.get(key[1], [])],
    }


#: view kind -> value function; other modules register theirs.
VIEW_VALUES: dict[str, ValueFn] = {
    "rfc": _rfc_value,
    "module": _module_value,
    "backlinks": _backlinks_value,
    "notice": _notice_value,
}

Renderer = Callable[["RenderContext", rfc_pending, Any], list[nodes.Node]]
#: view kind -> renderer of an ``rfc_pending`` node.
RENDERERS: dict[str, Renderer] = {}


def register(kind: str, value: ValueFn, renderer: Renderer | None = None) -> None:
    VIEW_VALUES[kind] = value
    if renderer is not None:
        RENDERERS[kind] = renderer


def view_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> Any:
    fn = VIEW_VALUES.get(key[0])
    return fn(domain, snap, key) if fn else None


def fingerprint(
    domain: RfcDomain, snap: Snapshot, keys: Iterable[ViewKey], cache: dict[ViewKey, str]
) -> str:
    digest = hashlib.sha1()
    for key in sorted(keys):
        if key not in cache:
            cache[key] = json.dumps(
                [list(key), view_value(domain, snap, key)],
                sort_keys=True,
                default=str,
                ensure_ascii=False,
            )
        digest.update(cache[key].encode())
    return digest.hexdigest()


class RenderContext:
    """What a renderer needs: the builder, the page, the settings."""

    def __init__(self, env: BuildEnvironment, builder: Builder, docname: str) -> None:
        self.env = env
        self.builder = builder
        self.docname = docname
        self.domain = get_domain(env)
        self.snapshot = self.domain.snapshot()
        self.settings = rfc_config.settings(env.config)

    def rfc_link(self, summary: dict[str, Any], text: str | None = None) -> nodes.Node:
        label = text or summary["id"]
        title = rfc_link_title(summary["title"], summary["status"], self.settings)
        child = nodes.literal(label, label, classes=["xref", "rfc", "rfc-ref"])
        try:
            return make_refnode(self.builder, self.docname, summary["docname"], None, child, title)
        except NoUri:  # a page this builder does not write (LaTeX, texinfo)
            return child

    def module_link(self, name: str) -> nodes.Node:
        child = nodes.literal(name, name, classes=["xref", "rfc", "rfc-mod"])
        docname, anchor = module_location(self.snapshot, name)
        try:
            return make_refnode(self.builder, self.docname, docname, anchor, child, name)
        except NoUri:  # e.g. LaTeX and texinfo have no module index page
            return child


def _render_backlinks(ctx: RenderContext, node: rfc_pending, value: Any) -> list[nodes.Node]:
    items = value[node["field"]]
    if not items:
        return []
    row = nodes.row()
    row += entry(generated(nodes.strong("", str(_(BACKLINK_LABELS[node["field"]])))))
    row += entry(joined([ctx.rfc_link(s) for s in items if s]))
    for _empty in range(int(node.get("cols", 2)) - 2):
        row += nodes.entry()  # a wider author's table (a notes column, say)
    return [row]


def _render_notice(ctx: RenderContext, node: rfc_pending, value: Any) -> list[nodes.Node]:
    successors = [s for s in value["successors"] if s]
    if not successors and value["status"] != "superseded":
        return []
    note = nodes.admonition(classes=["rfc-notice", "rfc-superseded-notice", "warning"])
    note += generated(nodes.title("", str(_("Superseded"))))
    para = nodes.paragraph()
    if successors:
        para += nodes.Text(str(_("This RFC is superseded by")) + " ")
        para.extend(joined([ctx.rfc_link(s) for s in successors]))
        para += nodes.Text(".")
    else:
        para += nodes.Text(str(_("This RFC is superseded.")))
    note += generated(para)
    return [note]


RENDERERS["backlinks"] = _render_backlinks
RENDERERS["notice"] = _render_notice


class ResolvePending(SphinxPostTransform):
    """Fill every ``rfc_pending`` node, for every builder."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        if resolves_one_document(self.env) and self.env.docname not in get_domain(self.env).views:
            return  # the page shows no other document's data: no walk
        pending = list(self.document.findall(rfc_pending))
        if not pending:
            return
        ctx = RenderContext(self.env, current_builder(self.env), self.env.docname)
        values: dict[ViewKey, Any] = {}
        for node in pending:
            key = tuple(node["view"])
            if key not in values:
                values[key] = view_value(ctx.domain, ctx.snapshot, key)
            renderer = RENDERERS.get(key[0])
            replacement = renderer(ctx, node, values[key]) if renderer else []
            target: nodes.Element = node
            if node.get("part") == "row":
                # the pending node sits alone in a row of its own
                target = node.parent.parent
            if replacement:
                target.replace_self(replacement)
            else:
                target.parent.remove(target)


def on_env_updated(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Report cross-RFC problems; return the pages whose shown data changed."""
    domain = get_domain(env)
    domain.data_changed = domain.take_dirty()
    if not domain.data_changed:
        return []  # nothing read or removed: no page's data can have changed
    report(domain.cross_problems())
    snap = domain.snapshot()
    cache: dict[ViewKey, str] = {}
    outdated = []
    for docname, keys in sorted(domain.views.items()):
        new = fingerprint(domain, snap, keys, cache)
        old = domain.view_hashes.get(docname)
        domain.view_hashes[docname] = new
        if old is not None and old != new:
            outdated.append(docname)
    if outdated:
        logger.info(
            "sphinx_rfc: %d page(s) show changed RFC data: %s", len(outdated), ", ".join(outdated)
        )
    return outdated


def setup(app: Sphinx) -> None:
    app.add_post_transform(ResolvePending)
    app.connect("env-updated", on_env_updated)
