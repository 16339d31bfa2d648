"""Every rule of docs/reference/warnings.md, as functions over plain data.

Per-document rules run at read time (:func:`section_states`,
:func:`check_record`, :func:`find_placeholders`); cross-RFC rules run once
per build over the snapshot of all records (:func:`cross_rfc_problems`), so
they are right in incremental and parallel builds.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from sphinx_rfc.model.problems import Problem
from sphinx_rfc.model.records import EMPTY, MISSING, NOT_APPLICABLE, PRESENT, RfcRecord
from sphinx_rfc.model.relations import Snapshot, id_sort_key
from sphinx_rfc.spec import columns
from sphinx_rfc.spec.columns import SectionSpec, fold

if TYPE_CHECKING:
    from sphinx_rfc.config import RfcSettings

# --------------------------------------------------------------------------
# Section titles (docs/reference/sections.md)

_NUMBERING = re.compile(
    r"""^\s*(?:
        [(（]\s*(?:\d+|[一二三四五六七八九十]+)\s*[)）]   # (1)  （一）
      | \d+(?:\.\d+)*(?:[.、．)]|(?=\s)|$)             # 1.  3.2  1、 0
      | [一二三四五六七八九十]+\s*[、.．]               # 一、
    )\s*""",
    re.VERBOSE,
)
_TRAILING = re.compile(r"[\s.。:：;；,，!！?？、]+$")
_SEPARATORS = frozenset(" ([（【<《{:：,，.。;；/、-—–_|")


@lru_cache(maxsize=4096)
def normalise_title(title: str) -> str:
    """Numbering, trailing punctuation and extra whitespace dropped; folded."""
    text = _NUMBERING.sub("", title, count=1)
    text = _TRAILING.sub("", text)
    return fold(text)


@lru_cache(maxsize=4096)
def title_matches(title: str, alias: str) -> bool:
    norm = normalise_title(title)
    want = fold(alias)
    if norm == want:
        return True
    return norm.startswith(want) and norm[len(want)] in _SEPARATORS


def section_keys_for_title(title: str, sections: Sequence[SectionSpec]) -> list[str]:
    return [s.key for s in sections if any(title_matches(title, t) for t in s.titles)]


@dataclass
class SectionBody:
    """What the collector saw of one section of the document."""

    title: str
    line: int | None
    #: All text of the body (subsections included), titles excluded.
    text: str


@dataclass
class SectionResult:
    states: dict[str, str]
    problems: list[Problem]
    #: key -> the title line of its section (present sections only)
    lines: dict[str, int | None] = field(default_factory=dict)


def _without_placeholders(text: str, placeholders: Sequence[str]) -> str:
    return _placeholder_regex(tuple(placeholders)).sub("", text)


_NA_PUNCT = " \t\r\n:：,，.。;；-—–()（）[]【】"


def body_state(text: str, placeholders: Sequence[str]) -> str:
    """present, empty or not-applicable for one section body."""
    body = _without_placeholders(text, placeholders).strip()
    if not re.search(r"\w", body):
        return EMPTY  # whitespace and the punctuation around placeholders
    for marker in columns.NOT_APPLICABLE_MARKERS:
        if fold(body[: len(marker)]) == fold(marker):
            rest = body[len(marker):]
            if rest and rest[0].isalnum() and marker.isascii():
                continue  # "Not applicableness" is no marker
            return NOT_APPLICABLE if rest.strip(_NA_PUNCT) else EMPTY
    return PRESENT


def section_states(
    bodies: Sequence[SectionBody],
    directives: Iterable[str],
    settings: RfcSettings,
    *,
    rfc_id: str,
    source: str,
    fallback_line: int | None,
) -> SectionResult:
    """States of every configured section and the section problems."""
    present_directives = set(directives)
    states: dict[str, str] = {}
    lines: dict[str, int | None] = {}
    problems: list[Problem] = []
    for spec in settings.sections:
        body = next(
            (b for b in bodies if any(title_matches(b.title, t) for t in spec.titles)), None
        )
        has_directive = spec.directive is not None and spec.directive in present_directives
        if body is not None:
            state = body_state(body.text, settings.placeholders)
            if state == EMPTY and has_directive:
                state = PRESENT
        elif has_directive:
            state = PRESENT
        else:
            state = MISSING
        states[spec.key] = state
        if body is not None:
            lines[spec.key] = body.line
        if state == EMPTY:
            assert body is not None
            problems.append(Problem(
                "empty-section",
                f"section {body.title!r} ({spec.label} / {spec.label_zh}) has no content",
                source, body.line or fallback_line, rfc_id,
            ))
        elif state == MISSING and spec.key in settings.required_sections:
            problems.append(Problem(
                "missing-section",
                f"missing section {spec.label!r} / {spec.label_zh!r}",
                source, fallback_line, rfc_id,
            ))
    return SectionResult(states, problems, lines)


# --------------------------------------------------------------------------
# Placeholders (docs/reference/warnings.md)


@lru_cache(maxsize=32)
def _placeholder_regex(placeholders: tuple[str, ...]) -> re.Pattern[str]:
    parts = []
    for text in placeholders:
        if text.casefold() == "xxx":
            # a word or part of an identifier (enable_xxx, xxx.enabled,
            # enableXxx), never inside a longer run of x's (xxxx)
            parts.append(r"(?i:(?<!x)xxx(?!x))")
        elif re.fullmatch(r"\w+", text, re.ASCII):
            parts.append(r"(?<![A-Za-z0-9_])" + re.escape(text) + r"(?![A-Za-z0-9_])")
        else:
            parts.append(re.escape(text))
    if not parts:
        return re.compile(r"(?!x)x")
    return re.compile("|".join(parts))


def _may_contain(text: str, placeholders: Sequence[str]) -> bool:
    """A quick test by plain substring search (the regex, with its
    look-arounds, is scanned position by position): False means none of
    *placeholders* is in *text*."""
    lowered: str | None = None
    for placeholder in placeholders:
        if placeholder.casefold() == "xxx":
            lowered = text.lower() if lowered is None else lowered
            if "xxx" in lowered:
                return True
        elif placeholder in text:
            return True
    return False


def find_placeholders(text: str, placeholders: Sequence[str]) -> list[str]:
    """The placeholders found in *text*, each once, in order of appearance."""
    if not text or not _may_contain(text, placeholders):
        return []
    regex = _placeholder_regex(tuple(placeholders))
    return list(dict.fromkeys(m.group(0) for m in regex.finditer(text)))


def placeholder_problem(
    found: Sequence[str], where: str, source: str, line: int | None, rfc_id: str | None
) -> Problem:
    listed = ", ".join(repr(f) for f in found)
    return Problem("placeholder", f"placeholder {listed} left in {where}", source, line, rfc_id)


# --------------------------------------------------------------------------
# Rules over one record


def check_record(
    record: RfcRecord,
    settings: RfcSettings,
    *,
    section_lines: Mapping[str, int | None] | None = None,
    empty_alternatives: Sequence[int | None] = (),
) -> list[Problem]:
    """Rules that need one RFC's tables only.

    *section_lines* gives the title line of each present section (a
    problem with no row of its own is placed there); *empty_alternatives*
    the lines of ``rfc-alternatives`` tables that hold no option at all.
    """
    problems: list[Problem] = []
    where = record.line
    section_lines = section_lines or {}
    # Levels are checked where there is a plan to check: a levels table, or
    # a verification section (a missing section is reported as such).
    if settings.required_test_levels and (
        record.verification.levels or record.sections.get("verification") == PRESENT
    ):
        have = {fold(level.level) for level in record.verification.levels}
        for level in settings.required_test_levels:
            if fold(level) not in have:
                if record.verification.levels:
                    line = record.verification.levels[0].line
                else:
                    line = section_lines.get("verification") or where
                problems.append(Problem(
                    "missing-test-level",
                    f"required test level {level!r} is missing from the verification plan",
                    record.source, line, record.id,
                ))
    if not record.alternatives and empty_alternatives:
        problems.append(Problem(
            "alternatives", "exactly one alternative must be chosen; the table lists none",
            record.source, empty_alternatives[0] or where, record.id,
        ))
    if record.alternatives:
        chosen = [a for a in record.alternatives if a.chosen]
        if len(chosen) != 1:
            names = ", ".join(a.option for a in chosen) or "none"
            problems.append(Problem(
                "alternatives",
                f"exactly one alternative must be chosen; chosen: {names}",
                record.source, record.alternatives[0].line or where, record.id,
            ))
    return problems


# --------------------------------------------------------------------------
# Cross-RFC rules


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


def cross_rfc_problems(
    snap: Snapshot,
    refs: Mapping[str, Sequence[tuple[str, str, int | None]]],
    settings: RfcSettings,
    sources: Mapping[str, str],
    records_by_doc: Mapping[str, RfcRecord],
) -> list[Problem]:
    """Rules over all RFCs: unknown targets, duplicate IDs, status rules, cycles.

    *sources* maps docnames to source paths (for references in documents
    that are not RFCs).
    """
    problems: list[Problem] = []
    by_id = snap.by_id
    statuses = set(settings.statuses.keys())

    for rfc_id, docnames in sorted(snap.duplicates.items()):
        first = records_by_doc[docnames[0]]
        for later in docnames[1:]:
            rec = records_by_doc[later]
            problems.append(Problem(
                "duplicate-id",
                f"ID {rfc_id} is declared in both {first.source} (line {first.line}) "
                f"and {rec.source} (line {rec.line})",
                rec.source, rec.line, rfc_id, rec.docname,
            ))

    for record in sorted(records_by_doc.values(), key=lambda r: (id_sort_key(r.id), r.docname)):
        src, line, rid = record.source, record.line, record.id
        relations = (("requires", record.requires), ("supersedes", record.supersedes))
        for field_name, targets in relations:
            for target in targets:
                if target not in by_id:
                    problems.append(Problem(
                        "unknown-rfc", f":{field_name}: names {target}, which no RFC declares",
                        src, line, rid, record.docname,
                    ))
        for dep in record.dependencies:
            if dep.rfc and dep.rfc not in by_id:
                problems.append(Problem(
                    "unknown-rfc", f"dependency on {dep.rfc}, which no RFC declares",
                    src, dep.line or line, rid, record.docname,
                ))
        if by_id.get(rid) is not record:
            continue  # a duplicate: its relations are not checked twice
        successors = snap.superseded_by.get(rid, [])
        if "superseded" in statuses:
            if successors and record.status != "superseded":
                problems.append(Problem(
                    "inconsistent-status",
                    f"superseded by {', '.join(successors)} but its status is {record.status!r}",
                    src, line, rid, record.docname,
                ))
            if record.status == "superseded" and not successors:
                problems.append(Problem(
                    "inconsistent-status",
                    "status is 'superseded' but no RFC supersedes it",
                    src, line, rid, record.docname,
                ))
        for target in _strong_targets(record):
            other = by_id.get(target)
            if other is None:
                continue
            if target in record.requires:
                how, at = "requires", record.line
            else:
                how = "strongly depends on"
                at = next(
                    (d.line for d in record.dependencies if d.rfc == target and d.line),
                    record.line,
                )
            if other.status in ("rejected", "withdrawn"):
                problems.append(Problem(
                    "dependency-status", f"{how} {target}, which is {other.status}",
                    src, at, rid, record.docname,
                ))
            elif record.status == "implemented" and other.status != "implemented":
                problems.append(Problem(
                    "dependency-status",
                    f"is implemented but {how} {target}, which is {other.status}",
                    src, at, rid, record.docname,
                ))

    graph = {rid: [t for t in _strong_targets(rec) if t in by_id] for rid, rec in by_id.items()}
    for component in _cycles(graph):
        path = _cycle_path(component, graph)
        first = by_id[component[0]]
        problems.append(Problem(
            "dependency-cycle", "dependency cycle: " + " -> ".join(path),
            first.source, first.line, first.id, first.docname,
        ))

    for docname in sorted(refs):
        owner = records_by_doc.get(docname)
        src = owner.source if owner else sources.get(docname, docname)
        for role, target, line in refs[docname]:
            if role == "ref" and target not in by_id:
                problems.append(Problem(
                    "unknown-rfc", f"reference to {target}, which no RFC declares",
                    src, line, owner.id if owner else None, docname,
                ))
            elif role == "mod" and not (
                target in snap.homes or target in snap.module_descriptions
                or target in snap.module_rfcs
            ):
                problems.append(Problem(
                    "unknown-module", f"reference to module {target!r}, which is not known",
                    src, line, owner.id if owner else None, docname,
                ))
    return problems
