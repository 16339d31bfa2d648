"""Relations between RFCs and modules, computed from the stored records.

Pure: records in, a read-only snapshot out.  The domain builds one snapshot
per change of its data and every renderer, check and exporter reads it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from sphinx_rfc import _lazy_re
from sphinx_rfc.model.records import ModuleHome, RfcRecord
from sphinx_rfc.spec.file_names import dated_name, name_digits

_NUMBER = _lazy_re.compile(r"(\d+)")


def _number_key(digits: str) -> tuple[int, str]:
    """A run of decimal digits as a key that orders it by its value, at any
    length (``int`` reads at most 4,300 digits): its ASCII digits without
    leading zeros, shorter first."""
    ascii_digits = "".join(str(unicodedata.decimal(c)) for c in digits).lstrip("0")
    return len(ascii_digits), ascii_digits


class _Digits:
    """A whole number given by its ASCII digits, formatted as ``int`` formats
    for the specs an ID format uses (``d``, ``04d``, none); digits as they
    are for any other."""

    __slots__ = ("digits",)
    _SPEC = _lazy_re.compile(r"0?([0-9]{0,3})d?")

    def __init__(self, digits: str) -> None:
        self.digits = digits

    def __format__(self, spec: str) -> str:
        found = self._SPEC.fullmatch(spec)
        return self.digits.zfill(int(found.group(1) or 0)) if found else self.digits


def format_id(id_format: str, digits: str) -> str:
    """``rfc_id_format`` applied to the number written *digits* (ASCII), at
    any length: ``int`` reads at most 4,300 digits."""
    try:
        return id_format.format(int(digits))
    except ValueError:
        return id_format.format(_Digits(digits.lstrip("0") or "0"))


def id_from_file_name(stem: str, id_format: str) -> str | None:
    """The ID a file's name gives an RFC that declares none
    (docs/reference/native.md, "The ID"): a name that starts with a date
    (:func:`sphinx_rfc.spec.file_names.dated_name`) is its own ID, as
    written; else ``rfc_id_format`` applied to its first run of digits, of
    any length; None without digits.  *stem*: the name without its suffix
    (a docname's last part)."""
    if dated_name(stem):
        return stem.strip()
    digits = name_digits(stem)
    return None if digits is None else format_id(id_format, digits)


def id_sort_key(rfc_id: str) -> tuple[object, ...]:
    """Numeric-aware key: RFC-9 sorts before RFC-10, and RFC-007 with
    RFC-7.  Text and numbers alternate (the split's odd parts are its digit
    runs), so any two keys compare; a number of any length is ordered by
    its value."""
    return tuple(_number_key(p) if n % 2 else p.casefold()
                 for n, p in enumerate(_NUMBER.split(rfc_id)))


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
        # (per module, one look-up: an RFC naming 40,000 modules stays linear)
        declared = set(record.modules)
        changed: dict[str, list[str]] = {}
        for c in record.changes:
            if c.module:
                found = changed.setdefault(c.module, [])
                if c.change:
                    found.append(c.change)
        for module in record.touched_modules():
            relation = ("both" if module in changed else "declared") if module in declared \
                else "changed"
            module_rfcs.setdefault(module, []).append(
                ModuleEntry(rfc_id, relation, changed.get(module, [])))

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
