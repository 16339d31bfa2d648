"""The ``rfc_pending`` spots the read step leaves in a page for the render
step, and the views they hold.  Nothing here is drawn: the nodes a reader
sees are made in :mod:`sphinx_rfc.render` when the page is resolved."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sphinx_rfc.nodes import ViewKey, rfc_pending

if TYPE_CHECKING:
    from sphinx_rfc.model.records import RfcRecord


def basic_info_spot(record: RfcRecord, docname: str, **attrs: Any) -> rfc_pending:
    """Where an RFC's basic-information table goes: the view
    ``ViewKey("basic-info", ID)`` builds it from the record of *docname* when the
    page is resolved, so the doctree kept between reading and writing (and
    pickled) does not hold it.  *attrs*: ``native=True`` for a
    template-native RFC with no table of its own, ``from_git`` the dates
    taken from git (shown as rows of their own)."""
    return rfc_pending.make(ViewKey("basic-info", record.id), docname=docname, **attrs)


def basic_info_views(record: RfcRecord) -> set[ViewKey]:
    """The view keys an RFC's basic-information table holds once drawn (its
    links to modules and RFCs, its backlinks rows): the collector notes
    them at read time, the table is drawn at resolve time.  For a
    template-native RFC's own table, whose cells may keep the author's
    links, a key may be one the page does not show: the page is then
    written again when that data changes, never left stale."""
    views = {ViewKey("module", m) for m in record.modules}
    views.update(ViewKey("rfc", i) for i in (*record.supersedes, *record.requires))
    views.add(ViewKey("backlinks", record.id))
    return views
