"""Relations between RFCs and modules, computed from the stored records.

Pure: records in, a read-only snapshot out.  The domain builds one snapshot
per change of its data and every renderer, check and exporter reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from sphinx_rfc.model.records import ModuleHome, RfcRecord

_NUMBER = re.compile(r"(\d+)")


def id_sort_key(rfc_id: str) -> tuple[object, ...]:
    """Numeric-aware key: RFC-9 sorts before RFC-10.  Text and numbers
    alternate (the split's odd parts are its digit runs), so any two keys
    compare; a digit ``int`` cannot read (``²``) stays text."""
    return tuple(int(p) if n % 2 else p.casefold() for n, p in enumerate(_NUMBER.split(rfc_id)))


@dataclass(slots=True)
class ModuleEntry:
    """One RFC on a module's page."""

    rfc_id: str
    relation: str  # declared, changed or both
    changes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Snapshot:
    #: RFC ID -> record; for a duplicated ID, the first document in name order.
    by_id: dict[str, RfcRecord]
    #: RFC ID -> every docname declaring it, when more than one does.
    duplicates: dict[str, list[str]]
    superseded_by: dict[str, list[str]]
    required_by: dict[str, list[str]]
    #: module name -> its RFCs, ordered by ID.
    module_rfcs: dict[str, list[ModuleEntry]]
    #: module name -> its home page (the first one in docname order).
    homes: dict[str, ModuleHome]
    #: module name -> description (from ``rfc_modules``).
    module_descriptions: dict[str, str]

    def records(self) -> list[RfcRecord]:
        return [self.by_id[k] for k in sorted(self.by_id, key=id_sort_key)]

    def knows_module(self, name: str) -> bool:
        """Whether *name* is a module of the project: configured, touched by
        an RFC or given a home page by ``rfc-module``."""
        return name in self.module_descriptions or name in self.module_rfcs or name in self.homes

    def module_names(self) -> list[str]:
        names = dict.fromkeys(self.module_descriptions)
        for name in sorted(set(self.module_rfcs) | set(self.homes)):
            names.setdefault(name)
        return list(names)



def build_snapshot(
    records: Iterable[RfcRecord],
    homes: Iterable[ModuleHome],
    module_descriptions: dict[str, str],
) -> Snapshot:
    by_id: dict[str, RfcRecord] = {}
    docs_by_id: dict[str, list[str]] = {}
    for record in sorted(records, key=lambda r: r.docname):
        docs_by_id.setdefault(record.id, []).append(record.docname)
        by_id.setdefault(record.id, record)
    duplicates = {k: v for k, v in docs_by_id.items() if len(v) > 1}

    superseded_by: dict[str, list[str]] = {}
    required_by: dict[str, list[str]] = {}
    module_rfcs: dict[str, list[ModuleEntry]] = {}
    for rfc_id in sorted(by_id, key=id_sort_key):
        record = by_id[rfc_id]
        for old in dict.fromkeys(record.supersedes):
            successors = superseded_by.setdefault(old, [])
            if rfc_id not in successors:
                successors.append(rfc_id)
        # the successors a record names itself (MADR's "superseded by ADR-0057")
        for new in record.superseded_by:
            successors = superseded_by.setdefault(rfc_id, [])
            if new not in successors:
                successors.append(new)
        for dep in dict.fromkeys(record.requires):
            required_by.setdefault(dep, []).append(rfc_id)
        for module in record.touched_modules():
            relation = record.relation_to_module(module) or "declared"
            changes = [c.change for c in record.changes if c.module == module and c.change]
            module_rfcs.setdefault(module, []).append(ModuleEntry(rfc_id, relation, changes))

    home_map: dict[str, ModuleHome] = {}
    for home in sorted(homes, key=lambda h: (h.docname, h.line or 0)):
        home_map.setdefault(home.name, home)
    return Snapshot(
        by_id=by_id,
        duplicates=duplicates,
        superseded_by=superseded_by,
        required_by=required_by,
        module_rfcs=module_rfcs,
        homes=home_map,
        module_descriptions=dict(module_descriptions),
    )
