"""Domain index pages ``rfc-rfcs`` (every RFC, grouped by status) and
``rfc-modules`` (every module and the RFCs touching it).

Sphinx writes them (HTML: ``rfc-rfcs.html``, ``rfc-modules.html``; LaTeX
appends them to the document) and lets ``:ref:`rfc-rfcs``` link to them.
Both are generated afresh on every build, so they are never stale; an
index that has become empty is not written at all, and its old page is
removed (:func:`remove_stale_pages`).

Sphinx's ``domainindex.html`` gives each group an anchor ``cap-<group>``
and no anchor to single entries; the module index has one group per
module, so ``cap-<module name>`` (:func:`sphinx_rfc.resolve.domain.module_anchor`)
is the module's entry there.

That template writes a group name as it is, not escaped, both as the
heading and inside ``id="cap-…"`` and ``href="#cap-…"`` (the entries' own
texts it escapes).  Group names here are user text — module names, status
labels from ``rfc_statuses`` — so for HTML builders they are given escaped
(:func:`group_name`): the page shows the text, and the id's value is still
``cap-`` + the name as written, which the links to it use.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.domains import Index, IndexEntry

from sphinx_rfc import config as rfc_config
from sphinx_rfc._compat import current_builder
from sphinx_rfc.i18n import _
from sphinx_rfc.render.elements import RELATION_LABELS

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.model.relations import Snapshot
    from sphinx_rfc.resolve.domain import RfcDomain

def _snapshot(index: Index) -> Snapshot:
    return cast("RfcDomain", index.domain).snapshot()


def group_name(index: Index, text: str) -> str:
    """*text* as a group name of *index*: HTML-escaped for the builders
    that fill ``domainindex.html`` with it (the LaTeX and Texinfo writers
    escape group names themselves)."""
    if current_builder(index.domain.env).format == "html":
        return html.escape(text, quote=True)
    return text


class RfcIndex(Index):
    """All RFCs, grouped by status (in the order of ``rfc_statuses``)."""

    name = "rfcs"
    localname = _("RFC Index")
    shortname = _("RFCs")

    def generate(
        self, docnames: Iterable[str] | None = None
    ) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        wanted = set(docnames) if docnames is not None else None
        settings = rfc_config.settings(self.domain.env.config)
        records = [r for r in _snapshot(self).records()
                   if wanted is None or r.docname in wanted]
        order = list(settings.statuses.keys())
        order += sorted({r.status for r in records} - set(order))
        content: list[tuple[str, list[IndexEntry]]] = []
        for status in order:
            entries = [
                IndexEntry(
                    r.id, 0, r.docname, r.anchor,
                    str(_(settings.types.label(r.type))) if r.type else "",
                    "", r.title,
                )
                for r in records if r.status == status
            ]
            if entries:
                label = str(_(settings.statuses.label(status)))
                content.append((group_name(self, label), entries))
        return content, False


class ModuleIndex(Index):
    """Every module (``rfc_modules`` first, then the others by name) and the
    RFCs touching it, with the relation."""

    name = "modules"
    localname = _("RFC Module Index")
    shortname = _("RFC modules")

    def generate(
        self, docnames: Iterable[str] | None = None
    ) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        wanted = set(docnames) if docnames is not None else None
        snap = _snapshot(self)
        content: list[tuple[str, list[IndexEntry]]] = []
        for name in snap.module_names():
            home = snap.homes.get(name)
            rfcs = [
                (entry, snap.by_id[entry.rfc_id])
                for entry in snap.module_rfcs.get(name, [])
                if entry.rfc_id in snap.by_id
                and (wanted is None or snap.by_id[entry.rfc_id].docname in wanted)
            ]
            page, anchor = (home.docname, home.anchor) if home else ("", "")
            if wanted is not None and page not in wanted:
                page, anchor = "", ""
            entries = [IndexEntry(name, 1 if rfcs else 0, page, anchor, "", "",
                                  snap.module_descriptions.get(name, ""))]
            for item, record in rfcs:
                entries.append(IndexEntry(
                    record.id, 2, record.docname, record.anchor,
                    str(_(RELATION_LABELS.get(item.relation, item.relation))),
                    "", record.title,
                ))
            content.append((group_name(self, name), entries))
        return content, False


def remove_stale_pages(app: Sphinx) -> list[tuple[str, dict[str, object], str]]:
    """``html-collect-pages``: remove the page of an index this build does
    not write, left by an earlier build.

    Sphinx writes a domain index only when it has content (the HTML
    builder's ``domain_indices``, decided in ``prepare_writing``); an index
    that became empty — the last RFC deleted — would keep its old page,
    listing RFCs that are gone, where a clean build writes none.  Adds no
    page."""
    builder = app.builder
    if not isinstance(builder, StandaloneHTMLBuilder):
        return []
    written = {name for name, *_rest in builder.domain_indices}
    outdir = Path(builder.outdir)
    for index in (RfcIndex, ModuleIndex):
        pagename = f"rfc-{index.name}"
        if pagename in written or pagename in app.env.found_docs:
            continue  # (a document of that name is the project's own)
        path = Path(builder.get_outfilename(pagename))
        if path.is_file():
            path.unlink()
            if path.parent != outdir and not any(path.parent.iterdir()):
                path.parent.rmdir()  # dirhtml: rfc-rfcs/index.html
    return []


def setup(app: Sphinx) -> None:
    """The index pages of the ``rfc`` domain (after the domain is added)."""
    for index in (RfcIndex, ModuleIndex):
        app.add_index_to_domain("rfc", index)
    app.connect("html-collect-pages", remove_stale_pages)
