"""Domain index pages ``rfc-rfcs`` (every RFC, grouped by status) and
``rfc-modules`` (every module and the RFCs touching it).

Sphinx writes them (HTML: ``rfc-rfcs.html``, ``rfc-modules.html``; LaTeX
appends them to the document) and lets ``:ref:`rfc-rfcs``` link to them.
Both are generated afresh on every build, so they are never stale; an
index that has become empty is not written at all, and its old page is
removed (:func:`remove_stale_pages`).  ``singlehtml`` writes no index
page, its own or a domain's: there a link to one is its text
(:class:`UnwrittenIndexLinks`).

Sphinx's ``domainindex.html`` gives each group an anchor ``cap-<group>``
and no anchor to single entries; the module index has one group per
module, so ``cap-<module name>`` (:func:`sphinx_rfc.store.domain.module_anchor`)
is the module's entry there.

That template writes a group name as it is, not escaped, both as the
heading and inside ``id="cap-…"`` and ``href="#cap-…"`` (the entries' own
texts it escapes).  Group names here are user text — module names, status
labels from ``rfc_statuses`` — so for HTML builders they are given escaped
(:func:`group_name`): the page shows the text, and the id's value is still
``cap-`` + the name as written, which the links to it use.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from docutils import nodes
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.domains import Index, IndexEntry, ObjType
from sphinx.transforms.post_transforms import SphinxPostTransform

from sphinx_rfc import config as rfc_config
from sphinx_rfc import devices
from sphinx_rfc._compat import current_builder, serializing
from sphinx_rfc.i18n import _
from sphinx_rfc.render.elements import RELATION_LABELS
from sphinx_rfc.store.derived import kept_or_made

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from sphinx_rfc.model.relations import Snapshot
    from sphinx_rfc.store.domain import RfcDomain

def _snapshot(index: Index) -> Snapshot:
    return cast("RfcDomain", index.domain).snapshot()


def group_name(index: Index, text: str) -> str:
    """*text* as a group name of *index*: HTML-escaped for the builders
    that fill ``domainindex.html`` with it (the LaTeX and Texinfo writers
    escape group names themselves)."""
    if current_builder(index.domain.env).format == "html":
        return html.escape(text, quote=True)
    return text


class _Groups(list[tuple[str, list[IndexEntry]]]):
    """An index's content for the HTML builder, whose ``repr()`` says how
    many groups it holds, not what.

    Sphinx writes ``repr()`` of every event's arguments for its debug log
    even when nothing is logged, and the ``html-page-context`` of an index
    page carries its content: the ``repr()`` of 5,000 entries (1,000 RFCs)
    took a tenth of a no-change rebuild's instructions beyond plain
    Sphinx's."""

    def __repr__(self) -> str:
        return f"<{len(self)} index groups>"


def _content(
    index: Index, content: list[tuple[str, list[IndexEntry]]]
) -> list[tuple[str, list[IndexEntry]]]:
    """*content* as the builder gets it: :class:`_Groups` for the HTML
    builders that only render it; a plain list for those that serialise
    their page contexts (a pickled subclass would need this package to be
    read back)."""
    builder = current_builder(index.domain.env)
    if devices.SHORT_REPR and isinstance(builder, StandaloneHTMLBuilder) and not serializing(builder):
        return _Groups(content)
    return content


Content = tuple[list[tuple[str, list[IndexEntry]]], bool]


def _generate(
    index: Index, docnames: Iterable[str] | None, make: Callable[[Iterable[str] | None], Content]
) -> Content:
    """*make(docnames)*, as the builder gets it (:func:`_content`); for the
    whole project (Sphinx's HTML builders) the content of the last build
    whose RFC data was the same (:mod:`sphinx_rfc.store.derived`), per
    builder."""
    if docnames is not None:
        content, collapse = make(docnames)
        return _content(index, content), collapse

    def plain() -> tuple[list[tuple[str, list[tuple[Any, ...]]]], bool]:
        # (kept as plain tuples: they pickle and unpickle in C, 5,000
        # IndexEntry objects at 1,000 RFCs would each call Python)
        content, collapse = make(None)
        return [(group, [tuple(e) for e in entries]) for group, entries in content], collapse

    builder = current_builder(index.domain.env)
    domain = cast("RfcDomain", index.domain)
    kept, collapse = kept_or_made(domain, ("index", index.name, builder.name), plain)
    content = [(group, list(map(_ENTRY, entries))) for group, entries in kept]
    return _content(index, content), collapse


#: A tuple as an IndexEntry, made in C.
_ENTRY = functools.partial(tuple.__new__, IndexEntry)


class _Translated:
    """A class attribute read as the translation of *message* in the current
    language, as a ``str``: Sphinx puts an index's names into page contexts
    that the JSON and pickle builders serialise, which a lazy translation
    proxy cannot be."""

    def __init__(self, message: str) -> None:
        self.message = message

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return str(self.message)


class _DomainIndex(Index):
    """An index of the ``rfc`` domain: its content made by :meth:`_make`,
    given as :func:`_generate` has it."""

    def generate(self, docnames: Iterable[str] | None = None) -> Content:
        return _generate(self, docnames, self._make)

    def _make(self, docnames: Iterable[str] | None) -> Content:
        raise NotImplementedError


class RfcIndex(_DomainIndex):
    """All RFCs, grouped by status (in the order of ``rfc_statuses``)."""

    name = "rfcs"
    localname = _Translated(_("RFC Index"))  # type: ignore[assignment]
    shortname = _Translated(_("RFCs"))  # type: ignore[assignment]

    def _make(self, docnames: Iterable[str] | None) -> Content:
        wanted = set(docnames) if docnames is not None else None
        settings = rfc_config.settings(self.domain.env.config)
        records = [r for r in _snapshot(self).records()
                   if wanted is None or r.docname in wanted]
        order: list[str | None] = list(settings.statuses.keys())
        order += sorted({r.status for r in records} - set(order))
        order.append(None)  # (a status written as none of the project's: a group of its own)
        content: list[tuple[str, list[IndexEntry]]] = []
        for status in order:
            entries = [
                IndexEntry(
                    r.id, 0, r.docname, r.anchor,
                    str(_(settings.types.label(r.type))) if r.type else "",
                    "", r.title,
                )
                for r in records
                if (r.status == status and not r.invalid_status)
                or (status is None and r.invalid_status)
            ]
            if entries:
                label = (str(_(settings.statuses.label(status))) if status is not None
                         else str(_("Invalid status")))
                content.append((group_name(self, label), entries))
        return content, False


class ModuleIndex(_DomainIndex):
    """Every module (``rfc_modules`` first, then the others by name) and the
    RFCs touching it, with the relation."""

    name = "modules"
    localname = _Translated(_("RFC Module Index"))  # type: ignore[assignment]
    shortname = _Translated(_("RFC modules"))  # type: ignore[assignment]

    def _make(self, docnames: Iterable[str] | None) -> Content:
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


#: Each noun's index titles: (RFC index, its short name, module index, its
#: short name), literal for the message catalog.
_TITLES: dict[str, tuple[Any, Any, Any, Any]] = {
    "RFC": (_("RFC Index"), _("RFCs"), _("RFC Module Index"), _("RFC modules")),
    "ADR": (_("Architecture decision records"), _("ADRs"), _("ADR Module Index"),
            _("ADR modules")),
    "KEP": (_("KEP Index"), _("KEPs"), _("KEP Module Index"), _("KEP modules")),
}


@functools.cache
def indices_for(noun: str) -> tuple[type[Index], type[Index]]:
    """The two index classes titled with *noun* (``ADR``: "Architecture
    decision records"); the RFC ones themselves for RFCs (or a noun with no
    titles of its own)."""
    titles = _TITLES.get(noun)
    if titles is None or noun == "RFC":
        return RfcIndex, ModuleIndex
    rfcs = type(f"{noun}Index", (RfcIndex,), {
        "localname": _Translated(titles[0]), "shortname": _Translated(titles[1]),
    })
    modules = type(f"{noun}ModuleIndex", (ModuleIndex,), {
        "localname": _Translated(titles[2]), "shortname": _Translated(titles[3]),
    })
    return rfcs, modules


def title_indices(app: Sphinx) -> None:
    """``builder-inited``: the ``rfc`` domain's index pages titled with the
    template's noun (the domain of each environment has its own list), and
    its object type named with it (search results: "ADR ADR")."""
    noun = rfc_config.settings(app.config).profile.noun.singular
    wanted = indices_for(noun)
    if wanted[0] is RfcIndex:
        return
    domain = app.env.domains["rfc"]
    old = domain.object_types["rfc"]
    domain.object_types["rfc"] = ObjType(noun, *old.roles, **old.attrs)
    # (the domain's own copy of the list: Domain.__init__ makes it)
    domain.indices[:] = [
        wanted[0] if cls is RfcIndex else wanted[1] if cls is ModuleIndex else cls
        for cls in domain.indices
    ]


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


class UnwrittenIndexLinks(SphinxPostTransform):
    """``singlehtml``: a link to the ``rfc`` domain's index pages (Sphinx's
    ``:ref:`rfc-rfcs``` included) becomes its text.  That builder writes
    every document into one page and no index page at all, so Sphinx links
    such a reference to a file that is never written."""

    default_priority = 20  # after Sphinx's ReferencesResolver (10)
    builders = ("singlehtml",)

    def run(self, **kwargs: Any) -> None:
        suffix = current_builder(self.env).out_suffix  # type: ignore[attr-defined]
        unwritten = {f"rfc-{index.name}{suffix}" for index in (RfcIndex, ModuleIndex)}
        for ref in list(self.document.findall(nodes.reference)):
            if ref.get("refuri", "").split("#", 1)[0] in unwritten:
                ref.replace_self(ref.children)


def setup(app: Sphinx) -> None:
    """The index pages of the ``rfc`` domain (after the domain is added)."""
    for index in (RfcIndex, ModuleIndex):
        app.add_index_to_domain("rfc", index)
    app.add_post_transform(UnwrittenIndexLinks)
