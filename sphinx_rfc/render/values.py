"""What a page shows of another RFC or module, as small JSON-able values.

Views (:mod:`sphinx_rfc.resolve.views`) compute these from the snapshot and
renderers turn them into links.  They are fingerprinted to tell which pages
to rewrite, so their keys and shapes are part of that mechanism: a change
here rewrites every page that shows them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    from sphinx_rfc.model.records import RfcRecord
    from sphinx_rfc.model.relations import Snapshot


class RfcSummary(TypedDict):
    """What a link to an RFC needs: its target, text and hover title."""

    id: str
    title: str
    status: str
    docname: str


#: A module's home page, ``[docname, anchor]`` (a list: that is its JSON).
ModuleHomeValue = list[str]
#: Where a link to a module goes: its home page, else whether the project
#: knows the module at all (it then links to the module index).
ModuleValue = ModuleHomeValue | bool


def rfc_summary(record: RfcRecord) -> RfcSummary:
    return {"id": record.id, "title": record.title, "status": record.status,
            "docname": record.docname}


def module_home(snap: Snapshot, name: str) -> ModuleHomeValue | None:
    home = snap.homes.get(name)
    return [home.docname, home.anchor] if home is not None else None


def module_value(snap: Snapshot, name: str) -> ModuleValue:
    home = module_home(snap, name)
    return home if home is not None else snap.knows_module(name)
