"""Rules over all RFCs, run once per build over the snapshot of every
record: unknown targets, duplicate IDs, status rules, dependency cycles
(docs/reference/warnings.md), each a function of plain data listed in
:data:`RULES`.  Right in incremental and parallel builds
because they never run per document."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import RfcRecord
from sphinx_rfc.model.relations import Snapshot, id_sort_key
from sphinx_rfc.spec.messages import _, series

if TYPE_CHECKING:
    from sphinx_rfc.spec.settings import RfcSettings


def _strong_targets(record: RfcRecord) -> list[str]:
    targets = list(record.requires)
    targets += [rfc for rfc, strength in record.dependency_edges() if strength == "strong"]
    return list(dict.fromkeys(targets))


def _cycles(graph: Mapping[str, list[str]]) -> list[list[str]]:
    """Strongly connected components with a cycle (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    result: list[list[str]] = []
    counter = 0
    for root in sorted(graph, key=id_sort_key):
        if root in index:
            continue
        work = [(root, iter(graph.get(root, [])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, []))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    item = stack.pop()
                    on_stack.discard(item)
                    component.append(item)
                    if item == node:
                        break
                if len(component) > 1 or node in graph.get(node, []):
                    result.append(sorted(component, key=id_sort_key))
    return result


def _cycle_path(component: list[str], graph: Mapping[str, list[str]]) -> list[str]:
    """The shortest cycle through the component's lowest ID, as a path."""
    members = set(component)
    start = component[0]
    prev: dict[str, str] = {}
    queue: deque[str] = deque([start])
    while queue and start not in prev:
        node = queue.popleft()
        for child in sorted(graph.get(node, []), key=id_sort_key):
            if child in members and child not in prev:
                prev[child] = node
                queue.append(child)
    backwards = [start]
    node = prev[start]
    while node != start:
        backwards.append(node)
        node = prev[node]
    backwards.append(start)
    return backwards[::-1]


class CrossData:
    """What every cross-RFC rule reads: the snapshot of every record, the
    references of every document, the settings."""

    def __init__(
        self,
        snap: Snapshot,
        refs: Mapping[str, Sequence[tuple[str, str, int | None]]],
        settings: RfcSettings,
        sources: Mapping[str, str],
        records_by_doc: Mapping[str, RfcRecord],
    ) -> None:
        self.snap = snap
        self.refs = refs
        self.settings = settings
        #: docname -> source path (for references in documents that are not RFCs)
        self.sources = sources
        self.records_by_doc = records_by_doc
        self.by_id = snap.by_id
        self.statuses = set(settings.statuses.keys())
        self.noun = settings.noun()

    def first_of_its_id(self, record: RfcRecord) -> bool:
        """Whether *record* is the one its ID names (a duplicate's relations
        are not checked twice)."""
        return self.by_id.get(record.id) is record


def duplicate_ids(data: CrossData) -> list[Problem]:
    """``duplicate-id``: an ID declared by a second document, at the second."""
    problems = []
    for rfc_id, docnames in sorted(data.snap.duplicates.items()):
        first = data.records_by_doc[docnames[0]]
        for later in docnames[1:]:
            rec = data.records_by_doc[later]
            problems.append(Problem(
                "duplicate-id",
                _("ID {rfc_id} is declared in both {first} (line {first_line}) "
                  "and {second} (line {second_line})").format(
                    rfc_id=rfc_id, first=first.source, first_line=first.line,
                    second=rec.source, second_line=rec.line),
                rec.source, rec.line, rfc_id, rec.docname,
            ))
    return problems


def unknown_targets(data: CrossData, record: RfcRecord) -> list[Problem]:
    """``unknown-rfc``: a relation or a dependency row naming an ID no RFC declares."""
    problems = []
    src, line, rid, noun = record.source, record.line, record.id, data.noun
    relations = (("requires", record.requires), ("supersedes", record.supersedes),
                 ("superseded_by", record.superseded_by))
    for field_name, targets in relations:
        for target in targets:
            if target not in data.by_id:
                problems.append(Problem(
                    "unknown-rfc",
                    _(":{field}: names {target}, which no {noun} declares").format(
                        field=field_name, target=target, noun=noun),
                    src, line, rid, record.docname,
                ))
    for dep in record.dependencies:
        if dep.rfc and dep.rfc not in data.by_id:
            problems.append(Problem(
                "unknown-rfc",
                _("dependency on {target}, which no {noun} declares").format(
                    target=dep.rfc, noun=noun),
                src, dep.line or line, rid, record.docname,
            ))
    return problems


def superseded_status(data: CrossData, record: RfcRecord) -> list[Problem]:
    """``inconsistent-status``: superseded by another RFC but not in status
    ``superseded``, or the other way round (when the statuses have it)."""
    if not data.first_of_its_id(record) or "superseded" not in data.statuses:
        return []
    problems = []
    successors = data.snap.superseded_by.get(record.id, [])
    where = (record.source, record.line, record.id, record.docname)
    if successors and record.status != "superseded":
        problems.append(Problem(
            "inconsistent-status",
            _("superseded by {successors} but its status is {status!r}").format(
                successors=series(successors),
                status=data.settings.statuses.shown(record.status)),
            *where,
        ))
    if record.status == "superseded" and not successors:
        problems.append(Problem(
            "inconsistent-status",
            _("status is {status!r} but no {noun} supersedes it").format(
                status=data.settings.statuses.shown("superseded"), noun=data.noun),
            *where,
        ))
    return problems


def dependency_status(data: CrossData, record: RfcRecord) -> list[Problem]:
    """``dependency-status``: requiring (or strongly depending on) a rejected
    or withdrawn RFC, or implemented before what it requires."""
    if not data.first_of_its_id(record):
        return []
    problems = []
    for target in _strong_targets(record):
        other = data.by_id.get(target)
        if other is None:
            continue
        if target in record.requires:
            how, at = str(_("requires")), record.line
        else:
            how = str(_("strongly depends on"))
            at = next(
                (d.line for d in record.dependencies if d.rfc == target and d.line),
                record.line,
            )
        if other.status in ("rejected", "withdrawn"):
            problems.append(Problem(
                "dependency-status",
                _("{how} {target}, which is {status}").format(
                    how=how, target=target, status=data.settings.statuses.shown(other.status)),
                record.source, at, record.id, record.docname,
            ))
        elif record.status == "implemented" and other.status != "implemented":
            problems.append(Problem(
                "dependency-status",
                _("is implemented but {how} {target}, which is {status}").format(
                    how=how, target=target, status=data.settings.statuses.shown(other.status)),
                record.source, at, record.id, record.docname,
            ))
    return problems


def relation_cycles(data: CrossData) -> list[Problem]:
    """``dependency-cycle``: a cycle of requirements can never be
    implemented; a cycle of supersessions (an RFC superseding itself
    included) leaves no current RFC."""
    by_id = data.by_id
    cycle_kinds: tuple[tuple[str, Callable[[RfcRecord], list[str]]], ...] = (
        (str(_("dependency cycle")), _strong_targets),
        (str(_("supersedes cycle")), lambda rec: list(dict.fromkeys(rec.supersedes))),
    )
    problems = []
    for what, targets_of in cycle_kinds:
        graph = {rid: [t for t in targets_of(rec) if t in by_id] for rid, rec in by_id.items()}
        for component in _cycles(graph):
            path = _cycle_path(component, graph)
            first = by_id[component[0]]
            problems.append(Problem(
                "dependency-cycle",
                _("{what}: {path}").format(what=what, path=" -> ".join(path)),
                first.source, first.line, first.id, first.docname,
            ))
    return problems


def unknown_references(data: CrossData) -> list[Problem]:
    """``unknown-rfc`` / ``unknown-module``: a ``:rfc:ref:`` or ``:rfc:mod:``
    role naming what no RFC declares and no module is."""
    problems = []
    for docname in sorted(data.refs):
        owner = data.records_by_doc.get(docname)
        src = owner.source if owner else data.sources.get(docname, docname)
        for role, target, line in data.refs[docname]:
            if role == "ref" and target not in data.by_id:
                problems.append(Problem(
                    "unknown-rfc",
                    _("reference to {target}, which no {noun} declares").format(
                        target=target, noun=data.noun),
                    src, line, owner.id if owner else None, docname,
                ))
            elif role == "mod" and not data.snap.knows_module(target):
                problems.append(Problem(
                    "unknown-module",
                    _("reference to module {target!r}, which is not known").format(target=target),
                    src, line, owner.id if owner else None, docname,
                ))
    return problems


#: A rule over all records; a rule over one record.
SnapshotRule = Callable[[CrossData], list[Problem]]
RecordRule = Callable[[CrossData, RfcRecord], list[Problem]]


@dataclass(frozen=True)
class PerRecord:
    """Rules over one record, run for every record in ID order (each
    record's problems together)."""

    rules: tuple[RecordRule, ...]


#: The cross-RFC rules, in the order their problems are listed.
RULES: tuple[SnapshotRule | PerRecord, ...] = (
    duplicate_ids,
    PerRecord((unknown_targets, superseded_status, dependency_status)),
    relation_cycles,
    unknown_references,
)


def cross_rfc_problems(
    snap: Snapshot,
    refs: Mapping[str, Sequence[tuple[str, str, int | None]]],
    settings: RfcSettings,
    sources: Mapping[str, str],
    records_by_doc: Mapping[str, RfcRecord],
) -> list[Problem]:
    """The problems of every rule of :data:`RULES`.

    *sources* maps docnames to source paths (for references in documents
    that are not RFCs).
    """
    data = CrossData(snap, refs, settings, sources, records_by_doc)
    ordered = sorted(records_by_doc.values(), key=lambda r: (id_sort_key(r.id), r.docname))
    problems: list[Problem] = []
    for rule in RULES:
        if isinstance(rule, PerRecord):
            for record in ordered:
                for check in rule.rules:
                    problems += check(data, record)
        else:
            problems += rule(data)
    return problems
