"""The records every step shares: plain dataclasses, no Sphinx inside.

Directives and the template-native reader produce them, the domain stores
them per document, the checks read them, the renderers and the exporter
turn them into nodes and JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from sphinx_rfc.model.history import HistoryEntry
from sphinx_rfc.model.problems import Problem

#: Section states as exported (docs/reference/export.md).
PRESENT = "present"
EMPTY = "empty"
NOT_APPLICABLE = "not-applicable"
MISSING = "missing"


@dataclass(slots=True, kw_only=True)
class TableRow:
    """What every row read from a table holds besides its columns (the
    base of :class:`Param`, :class:`Dependency`, :class:`TestLevel`,
    :class:`Interaction`, :class:`PerformanceCheck`, :class:`Change`,
    :class:`Alternative`, :class:`Reference`, :class:`Constraint` and
    :class:`Review`).

    Keyword-only, so that each row's own columns come first in its
    constructor; :func:`dataclasses.fields` lists these first, and
    :func:`row_field_names` gives the exported order (columns, then these).
    """

    #: Columns whose header matches no column of the table: header -> cell text.
    extra: dict[str, str] = field(default_factory=dict)
    #: Column key -> the words written beside its value (``组合场景`` of
    #: ``组合场景强依赖``; docs/reference/table-directives.md).
    notes: dict[str, str] = field(default_factory=dict)
    #: The row's line in its source.
    line: int | None = None


#: :class:`TableRow`'s fields, in the order they follow a row's columns.
ROW_SHARED: tuple[str, ...] = tuple(f.name for f in fields(TableRow))


def row_field_names(row_class: type[Any]) -> tuple[str, ...]:
    """The fields of a dataclass in ``rfcs.json``'s order: as declared, and
    for a :class:`TableRow` its own columns first, then :data:`ROW_SHARED`."""
    names = tuple(f.name for f in fields(row_class))
    if not issubclass(row_class, TableRow):
        return names
    return tuple(name for name in names if name not in ROW_SHARED) + ROW_SHARED


# (each row class below is one table kind's columns: alike in shape only)
@dataclass(slots=True)
class Param(TableRow):
    name: str
    type: str = ""
    default: str = ""
    required: bool | None = None
    meaning: str = ""
    range: str = ""
    errors: str = ""


@dataclass(slots=True)
class Interface:
    name: str | None = None
    signature_of: str | None = None
    params: list[Param] = field(default_factory=list)
    line: int | None = None


@dataclass(slots=True)
class Dependency(TableRow):
    component: str
    strength: str = ""
    status: str = ""
    fallback: str = ""
    rfc: str | None = None
    module: str | None = None


@dataclass(slots=True)
class TestLevel(TableRow):
    level: str
    count: int | None = None
    coverage: str = ""
    criteria: str = ""
    tests: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None


@dataclass(slots=True)
class Interaction(TableRow):
    combination: str
    verified: bool | None = None
    criteria: str = ""
    tests: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None


@dataclass(slots=True)
class PerformanceCheck(TableRow):
    """A row of the performance / memory verification table."""

    scenario: str
    baseline: str = ""
    feature: str = ""
    metric: str = ""
    conclusion: str = ""


@dataclass(slots=True)
class GenericTable:
    """A table of a section that the team's template gives but that is of
    no built-in kind (docs/reference/templates.md): its rows as written."""

    #: The key of the template section it is in.
    section: str
    #: The headers, in the author's order.
    columns: list[str]
    #: One mapping header -> cell text per non-empty row.
    rows: list[dict[str, str]] = field(default_factory=list)
    line: int | None = None


@dataclass(slots=True)
class Verification:
    levels: list[TestLevel] = field(default_factory=list)
    interactions: list[Interaction] = field(default_factory=list)
    performance: list[PerformanceCheck] = field(default_factory=list)


@dataclass(slots=True)
class Change(TableRow):
    module: str
    change: str = ""
    affects: str = ""  # "yes", "no" or "none"


@dataclass(slots=True)
class ImplCommit:
    """A commit whose message cites the RFC (``rfc_commit_pattern``)."""

    #: Full hash.
    commit: str
    #: Author date, ``YYYY-MM-DD``.
    date: str
    author: str
    #: The message's first line.
    subject: str
    #: The modules its files belong to (``rfc_module_paths``), in first-seen
    #: order (a tuple: thousands of these live in the records, and a tuple
    #: of strings is one object the garbage collector stops tracking).
    modules: tuple[str, ...] = ()


@dataclass(slots=True)
class Alternative(TableRow):
    option: str
    pros: str = ""
    cons: str = ""
    chosen: bool | None = None
    reason: str = ""


@dataclass(slots=True)
class Reference(TableRow):
    source: str
    approach: str = ""
    limits: str = ""
    impact: str = ""


@dataclass(slots=True)
class Constraint(TableRow):
    type: str
    content: str = ""


@dataclass(slots=True)
class Review(TableRow):
    """A row of the reviews table (docs/reference/table-directives.md)."""

    reviewer: str
    #: A key of :data:`~sphinx_rfc.spec.vocabulary.VERDICTS`, or the words
    #: written when they are none (reported as ``invalid-value``).
    verdict: str = ""
    #: ``YYYY-MM-DD``, or "" (none given, or unreadable: then in the comment).
    date: str = ""
    comment: str = ""


@dataclass(slots=True, kw_only=True)
class BasicInfo:
    """An RFC's basic information as declared: the ``rfc`` directive's
    options, or a template-native RFC's metadata and basic-information table."""

    status: str = "draft"
    type: str | None = None
    authors: list[str] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)
    issues: list[str] = field(default_factory=list)
    created: str | None = None
    updated: str | None = None
    supersedes: list[str] = field(default_factory=list)
    requires: list[str] = field(default_factory=list)
    #: The tracking issue (a Rust RFC's ``Rust Issue``): a link, ``#N`` or text.
    tracking: str | None = None
    #: The feature name (a Rust RFC's ``Feature Name``).
    feature: str | None = None
    #: The RFCs that supersede this one, as it declares them itself (a MADR
    #: record's ``superseded by ADR-0057``, a KEP's ``superseded-by``).
    superseded_by: list[str] = field(default_factory=list)
    #: The basic-information rows ``评审人`` / ``批准人``.
    reviewers: list[str] = field(default_factory=list)
    approvers: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    #: Field -> its note: the third column of a basic-information table,
    #: the words beside a status, module paths that name no module.
    notes: dict[str, str] = field(default_factory=dict)
    #: Issue item -> the label written before it (``任务参考：#2094``).
    issue_labels: dict[str, str] = field(default_factory=dict)
    #: The line of the status as declared (its option, metadata field or
    #: row), for the problems about the status.
    status_line: int | None = None
    #: The words written for the status when they are none of the
    #: project's (``审核中``): shown as written, marked invalid, wherever the
    #: status is shown; the status stays the default for the rules.
    invalid_status: str | None = None
    #: The warning subtypes the RFC silences for itself (its
    #: ``suppress_warnings`` field), besides ``rfc_suppress_warnings``'.
    suppress_warnings: list[str] = field(default_factory=list)

    def basic_info(self) -> dict[str, Any]:
        """The basic-information fields by name (to build a record from)."""
        return {f.name: getattr(self, f.name) for f in fields(BasicInfo)}


@dataclass(slots=True)
class RfcRecord(BasicInfo):
    """Everything one RFC document declares."""

    id: str
    title: str
    docname: str
    source: str
    line: int | None
    anchor: str
    #: True for a template-native RFC (docs/reference/native.md).
    native: bool = False
    sections: dict[str, str] = field(default_factory=dict)
    interfaces: list[Interface] = field(default_factory=list)
    dependencies: list[Dependency] = field(default_factory=list)
    verification: Verification = field(default_factory=Verification)
    changes: list[Change] = field(default_factory=list)
    alternatives: list[Alternative] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    constraints: list[Constraint] = field(default_factory=list)
    #: The reviews table's rows (in the head: the index counts them).
    reviews: list[Review] = field(default_factory=list)
    #: Tables of the team's template that are of no built-in kind.
    tables: list[GenericTable] = field(default_factory=list)
    #: Problems found while reading this document alone.
    problems: list[Problem] = field(default_factory=list)
    #: Commits whose message cites the RFC, newest first (``rfc_commit_pattern``).
    commits: list[ImplCommit] = field(default_factory=list)
    #: Each status its source file has held in git, oldest first
    #: (:mod:`sphinx_rfc.read.history`); empty without git history.
    history: list[HistoryEntry] = field(default_factory=list)
    #: Changed after acceptance (:mod:`sphinx_rfc.read.history`): the date
    #: of the commit that accepted it and what its binding tables changed
    #: since, row by row; None when nothing did (or no history).
    changed_after_acceptance: tuple[str, tuple[str, ...]] | None = None

    def touched_modules(self) -> list[str]:
        """The union of declared modules and the modules of the change table."""
        seen = dict.fromkeys(self.modules)
        for change in self.changes:
            if change.module:
                seen.setdefault(change.module)
        return list(seen)

    def relation_to_module(self, module: str) -> str | None:
        declared = module in self.modules
        changed = any(c.module == module for c in self.changes)
        if declared and changed:
            return "both"
        if declared:
            return "declared"
        if changed:
            return "changed"
        return None

    def dependency_edges(self) -> list[tuple[str, str]]:
        """``(rfc_id, strength)`` for each dependency row naming an RFC."""
        return [(d.rfc, d.strength) for d in self.dependencies if d.rfc]


#: The fields of an RFC record that only the RFC's own page and its entry
#: in ``rfcs.json`` show (its body).  Nothing shown on another page may read them:
#: an edit that changes only these fields rewrites no other page
#: (:meth:`sphinx_rfc.store.domain.RfcDomain.settle_data_change`).
BODY: tuple[str, ...] = (
    "sections", "interfaces", "verification", "alternatives", "references", "constraints",
    "tables", "changed_after_acceptance",
)
_BODY_NAMES = frozenset(BODY)
#: The other fields (its head): what other pages may show or check.
HEAD: tuple[str, ...] = tuple(f.name for f in fields(RfcRecord) if f.name not in _BODY_NAMES)
_head_values = attrgetter(*HEAD)


def heads_equal(first: RfcRecord, second: RfcRecord) -> bool:
    """Whether two records declare the same :data:`HEAD` fields, whatever
    their bodies."""
    return bool(_head_values(first) == _head_values(second))


@dataclass(slots=True)
class ModuleHome:
    """A page made a module's home by ``rfc-module``."""

    name: str
    docname: str
    anchor: str
    line: int | None = None


@dataclass(slots=True)
class TablePayload:
    """What one table directive read: records by kind, and its problems
    (their ``rfc_id`` is filled in by the collector)."""

    directive: str
    line: int | None
    records: dict[str, list[Any]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: Read time only (payloads are never stored): ``id()`` of a row record
    #: (a ``Param``, ``Dependency``, ``TestLevel``, ...) -> the docutils row
    #: it was read from, filled by :func:`sphinx_rfc.read.tables.read_tables`,
    #: so that steps after reading (test results) find a record's row
    #: without matching cell text.
    row_of: dict[int, Any] = field(default_factory=dict)

    def add_to(self, record: RfcRecord) -> None:
        for key, items in self.records.items():
            if key == "levels":
                record.verification.levels.extend(items)
            elif key == "interactions":
                record.verification.interactions.extend(items)
            elif key == "performance":
                record.verification.performance.extend(items)
            else:
                getattr(record, key).extend(items)
