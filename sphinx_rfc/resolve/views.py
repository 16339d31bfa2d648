"""Pages that show other documents' data, kept fresh.

A spot that shows other documents' data is an ``rfc_pending`` node whose
``view`` key names that data; cross-references add ``("rfc", ID)`` and
``("module", NAME)`` keys.  For each key, the kind's view in :data:`VIEWS`
computes a JSON-able value from the domain's snapshot; the renderer of the
spot reads only that value.  After reading, every page's views are
fingerprinted and a page whose fingerprint changed is rewritten, so no page
goes stale and no page is rewritten without cause.  (When the documents
read again changed only their RFC bodies, which no view shows, no page is
fingerprinted again: see :meth:`~sphinx_rfc.store.domain.RfcDomain.settle_data_change`.)

This module is the registry and that machinery; what a view is made of is
in :mod:`sphinx_rfc.resolve.context`, the views shown inside RFC pages in
:mod:`sphinx_rfc.resolve.page_views`, and each navigation directive's views
beside the directive.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from sphinx_rfc._compat import current_builder, resolves_one_document
from sphinx_rfc._nogc import nogc
from sphinx_rfc.i18n import __
from sphinx_rfc.model.history import build_date
from sphinx_rfc.model.relations import Snapshot
from sphinx_rfc.nodes import INFO_MARK, TABLE_MARK, InfoMark, ViewKey, rfc_pending
from sphinx_rfc.render.native_info import draw_native_info
from sphinx_rfc.render.tables import draw_read_table
from sphinx_rfc.resolve import code_views, page_views
from sphinx_rfc.resolve.context import RenderContext, Renderer, V, ValueFn, View
from sphinx_rfc.spec.messages import series
from sphinx_rfc.store.domain import RfcDomain, get_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

logger = logging.getLogger(__name__)

#: view kind -> its view: the built-in ones shown inside RFC pages; the
#: directives register theirs at setup.
VIEWS: dict[str, View[Any]] = {**page_views.VIEWS, **code_views.VIEWS}


def register(
    kind: str, value: ValueFn[V], renderer: Renderer[V] | None = None, *, dated: bool = False,
) -> None:
    """Add a view kind (see :class:`~sphinx_rfc.resolve.context.View` for
    *dated*)."""
    VIEWS[kind] = View(value, renderer, dated)


def view_value(domain: RfcDomain, snap: Snapshot, key: ViewKey) -> object:
    view = VIEWS.get(key.kind)
    return view.value(domain, snap, key) if view else None


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


class ResolvePending(SphinxPostTransform):
    """Fill every ``rfc_pending`` node, for every builder.

    Runs before Sphinx resolves cross-references: the hidden references a
    spot holds for the collector (``check_xrefs``) go with it."""

    default_priority = 5

    @nogc
    def run(self, **kwargs: Any) -> None:
        if resolves_one_document(self.env) and self.env.docname not in get_domain(self.env).views:
            return  # the page shows no other document's data: no walk
        pending, tables = _spots_and_read_tables(self.document)
        ctx: RenderContext | None = None
        for table in tables:  # (drawn first: they hold spots too)
            if TABLE_MARK in table.attributes:
                pending.extend(draw_read_table(table))
            else:
                ctx = ctx or RenderContext(self.env, current_builder(self.env), self.env.docname)
                mark: InfoMark = table[INFO_MARK]
                record = ctx.domain.rfcs.get(mark.docname)
                pending.extend(draw_native_info(table, record, ctx.settings))
        if not pending:
            return
        ctx = ctx or RenderContext(self.env, current_builder(self.env), self.env.docname)
        values: dict[ViewKey, object] = {}
        for node in pending:
            _fill(ctx, node, VIEWS.get(node["view"].kind), values)


def _spots_and_read_tables(tree: nodes.Node) -> tuple[list[rfc_pending], list[nodes.table]]:
    """The ``rfc_pending`` spots of *tree* and the tables the read step
    marked for drawing (:data:`~sphinx_rfc.nodes.TABLE_MARK`,
    :data:`~sphinx_rfc.nodes.INFO_MARK`), in document order, in one walk."""
    spots: list[rfc_pending] = []
    tables: list[nodes.table] = []
    stack: list[nodes.Node] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, rfc_pending):
            spots.append(node)
        elif isinstance(node, nodes.table) and (
            TABLE_MARK in node.attributes or INFO_MARK in node.attributes
        ):
            tables.append(node)
        if node.children:
            stack.extend(reversed(node.children))
    return spots, tables


def _fill(
    ctx: RenderContext, node: rfc_pending, view: View[Any] | None,
    values: dict[ViewKey, object],
) -> None:
    """Replace *node* by what its view renders (nothing: remove it)."""
    key: ViewKey = node["view"]
    if key not in values:
        values[key] = view_value(ctx.domain, ctx.snapshot, key)
    render = view.render if view else None
    node.fill(render(ctx, node, values[key]) if render else [])


def _dated(key: ViewKey) -> bool:
    view = VIEWS.get(key.kind)
    return view is not None and view.dated


def on_env_updated(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Mark the cross-RFC problems due when the data changed; return the
    pages whose shown data changed, and on the first build of a new day
    those whose dated views (:attr:`View.dated`) now show other values."""
    domain = get_domain(env)
    domain.data_changed = domain.settle_data_change()
    new_day = domain.note_build_date(build_date().isoformat())
    if not domain.data_changed and not new_day:
        return []  # nothing read or removed: no page's data can have changed
    if domain.data_changed:
        domain.cross_due()  # (logged by RfcDomain.check_consistency)
    every_view = domain.data_changed and domain.shown_changed
    snap = domain.snapshot()
    cache: dict[ViewKey, str] = {}
    outdated = []
    for docname, keys in sorted(domain.views.items()):
        old = domain.view_hashes.get(docname)
        if old is not None and not every_view and not (
            new_day and any(_dated(key) for key in keys)
        ):
            continue  # only RFC bodies changed, or only the date: no view's value did
        new = fingerprint(domain, snap, keys, cache)
        domain.view_hashes[docname] = new
        if old is not None and old != new:
            outdated.append(docname)
    if outdated:
        logger.info(__("sphinx_rfc: {count} page(s) show changed RFC data: {pages}").format(
            count=len(outdated), pages=series(outdated)))
    return outdated


def setup(app: Sphinx) -> None:
    app.add_post_transform(ResolvePending)
