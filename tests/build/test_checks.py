"""The checker (docs/reference/sections.md, docs/reference/warnings.md): every problem of a project with
known defects is reported exactly once, with its file and line, in rST and
in MyST; clean RFCs report nothing; ``suppress_warnings`` silences one
subtype and nothing else."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from conftest import Build, BuildFn, parse_warnings

from sphinx_rfc.store.domain import get_domain

#: (subtype, document, needles): the problem's line is the first line of
#: the document that holds one of the needles.
EXPECTED: list[tuple[str, str, tuple[str, ...]]] = [
    # a: implemented, requires a review RFC; misses Related work; placeholders
    ("dependency-status", "a", ("RFC-0001",)),
    ("missing-section", "a", ("RFC-0001",)),
    ("placeholder", "a", (":authors: TBD",)),
    ("placeholder", "a", ("We add enable_xxx",)),
    ("empty-section", "a", ("Goals",)),
    ("placeholder", "a", ("Design of xxx",)),
    # (the code block's `when="TBD"` is the code's own: code is no prose)
    ("placeholder", "a", ("[FILL]",)),
    ("missing-test-level", "a", ("UT      4", "| UT | 4")),
    # b: bad type, unknown requirement, empty section, two chosen options,
    # a second rfc directive
    ("unknown-rfc", "b", ("RFC-0002",)),
    ("invalid-value", "b", (":type: bogus",)),
    ("empty-section", "b", ("Background",)),
    ("alternatives", "b", ("Fused   yes", "| Fused |")),
    ("duplicate-directive", "b", ("RFC-0005",)),
    # c: superseded by a but still a draft; a requires-cycle with d
    ("dependency-cycle", "c", ("RFC-0003",)),
    ("inconsistent-status", "c", ("RFC-0003",)),
    # d: superseded by nobody; unknown module, references and dependencies
    ("inconsistent-status", "d", ("RFC-0004",)),
    ("unknown-module", "d", (":modules:",)),
    ("unknown-module", "d", ("nosuchmodule",)),
    ("unknown-rfc", "d", ("RFC-0042",)),
    ("unknown-rfc", "d", ("RFC-0077",)),
    ("dependency-status", "d", ("RFC-0006",)),
    # e: declares b's ID
    ("duplicate-id", "e", ("RFC-0002",)),
    # notes: not an RFC
    ("unknown-rfc", "notes", ("RFC-0100",)),
    ("outside-rfc", "notes", ("rfc-constraints",)),
]


def expected_problems(srcdir: Path, ext: str) -> Counter[tuple[str, str, int]]:
    found: Counter[tuple[str, str, int]] = Counter()
    for subtype, doc, needles in EXPECTED:
        name = f"{doc}.{ext}"
        lines = (srcdir / name).read_text(encoding="utf-8").splitlines()
        number = next(
            i for i, text in enumerate(lines, 1) if any(n in text for n in needles)
        )
        found[(subtype, name, number)] += 1
    return found


@pytest.fixture(params=["rst", "md"])
def defects(request: pytest.FixtureRequest, shared_build: BuildFn) -> tuple[str, Path, Build]:
    ext = request.param
    build = shared_build(f"checks-{ext}")
    return ext, build.srcdir, build


def test_build_reports_exactly_the_known_problems(defects) -> None:  # type: ignore[no-untyped-def]
    ext, srcdir, build = defects
    got = Counter(
        (kind.removeprefix("rfc."), name, line)
        for name, line, kind, _ in parse_warnings(build.warnings)
        if kind.startswith("rfc.")
    )
    assert got == expected_problems(srcdir, ext)


def test_domain_holds_the_same_problems(defects) -> None:  # type: ignore[no-untyped-def]
    ext, srcdir, build = defects
    problems = get_domain(build.app.env).problems()
    got = Counter((p.subtype, p.source, p.line or 0) for p in problems)
    assert got == expected_problems(srcdir, ext)


def test_every_problem_names_its_rfc(defects) -> None:  # type: ignore[no-untyped-def]
    _ext, _srcdir, build = defects
    messages = [message for name, _line, kind, message in parse_warnings(build.warnings)
                if kind.startswith("rfc.") and not name.startswith("notes")]
    assert messages
    for message in messages:
        assert message.startswith("RFC-000"), message


def test_messages(defects) -> None:  # type: ignore[no-untyped-def]
    ext, _srcdir, build = defects
    by_kind = {}
    for _name, _line, kind, message in parse_warnings(build.warnings):
        by_kind.setdefault(kind, []).append(message)
    # both languages in missing-section; both files in duplicate-id
    assert by_kind["rfc.missing-section"] == [
        "RFC-0001: missing section 'Related work'"
    ]
    (dup,) = by_kind["rfc.duplicate-id"]
    assert f"b.{ext}" in dup and f"e.{ext}" in dup
    (cycle,) = by_kind["rfc.dependency-cycle"]
    assert "RFC-0003 -> RFC-0004 -> RFC-0003" in cycle
    placeholders = by_kind["rfc.placeholder"]
    assert any("'xxx'" in m and "title" in m for m in placeholders)
    # xxxx and TBDs are not placeholders: the background paragraph lists xxx only
    assert "RFC-0001: placeholder 'xxx' left in paragraph" in placeholders


def test_section_states(defects) -> None:  # type: ignore[no-untyped-def]
    _ext, _srcdir, build = defects
    records = {r.id: r for r in get_domain(build.app.env).rfcs.values() if r.docname != "e"}
    a = records["RFC-0001"].sections
    assert a["references"] == "missing"
    assert a["goals"] == "empty"
    assert a["interface"] == "not-applicable"
    assert a["dependencies"] == "not-applicable"
    assert a["background"] == a["design"] == a["verification"] == "present"
    assert records["RFC-0002"].sections["background"] == "empty"
    # numbering, brackets, trailing colon, Chinese and nested titles all match
    assert set(records["RFC-0003"].sections.values()) == {"present"}


def test_cross_problems_logged_once(defects) -> None:  # type: ignore[no-untyped-def]
    _ext, _srcdir, build = defects
    kinds = Counter(kind for _, _, kind, _ in parse_warnings(build.warnings))
    assert kinds["rfc.dependency-cycle"] == 1
    assert kinds["rfc.duplicate-id"] == 1
    assert "sphinx_rfc: 6 RFCs, 24 problems" in build.status


def test_clean_rfcs_report_nothing(shared_build: BuildFn) -> None:
    build = shared_build("checks-clean")
    assert build.warnings.strip() == ""
    records = list(get_domain(build.app.env).rfcs.values())
    assert len(records) == 4
    for record in records:
        assert set(record.sections.values()) == {"present"}, record.id
        assert record.problems == []
    assert "sphinx_rfc: 4 RFCs, 0 problems (4 accepted)" in build.status
    # tables of every kind were read
    zh = next(r for r in records if r.id == "RFC-0011")
    assert [lv.level for lv in zh.verification.levels] == ["UT", "Level0", "Level1"]
    assert len(zh.verification.interactions) == 3
    assert sum(1 for a in zh.alternatives if a.chosen) == 1
    assert zh.interfaces and zh.dependencies and zh.constraints and zh.references
    assert zh.changes


@pytest.mark.parametrize(("root", "subtypes"), [
    # found while reading; roles resolved late and cross-RFC rules
    ("checks-rst", {"rfc.placeholder", "rfc.unknown-rfc"}),
    ("checks-md", {"rfc.unknown-rfc"}),  # the same in MyST
    ("tables-warnings", {"rfc.invalid-value"}),  # table cells
])
def test_suppress_warnings_silences_those_subtypes(
    root: str, subtypes: set[str], build: BuildFn, shared_build: BuildFn
) -> None:
    """``suppress_warnings = ["rfc.<subtype>"]`` silences exactly those
    subtypes; the records still hold the problems (the export does), and
    the summary line counts what was warned about, as ``sphinx-rfc check``
    does."""
    every = shared_build(root)
    quiet = build(root, confoverrides={"suppress_warnings": sorted(subtypes)})

    def located(b: Build) -> Counter[tuple[str, int | None, str]]:
        return Counter(w[:3] for w in b.rfc_warnings())

    assert located(quiet) == Counter(
        {w: n for w, n in located(every).items() if w[2] not in subtypes}
    )
    assert subtypes <= {w[2] for w in located(every)}
    problems = get_domain(quiet.env).problems()
    assert subtypes <= {f"rfc.{p.subtype}" for p in problems}
    shown = [p for p in problems if f"rfc.{p.subtype}" not in subtypes]
    assert f"RFCs, {len(shown)} problem{'' if len(shown) == 1 else 's'} (" in quiet.status
    assert len(shown) < len(problems)


# --------------------------------------------------------------------------
# Cross-RFC rules over plain records


def _record(rfc_id: str, status: str = "draft", **fields):  # type: ignore[no-untyped-def]
    from sphinx_rfc.model.records import RfcRecord

    doc = rfc_id.lower()
    return RfcRecord(rfc_id, rfc_id, doc, f"{doc}.md", 3, doc, status=status, **fields)


def _cross(*records):  # type: ignore[no-untyped-def]
    from test_sections import make_settings

    from sphinx_rfc.check.cross import cross_rfc_problems
    from sphinx_rfc.model.relations import build_snapshot

    snap = build_snapshot(records, [], {})
    by_doc = {r.docname: r for r in records}
    return cross_rfc_problems(snap, {}, make_settings(), {}, by_doc)


def test_cycle_through_requires_and_strong_dependencies() -> None:
    from sphinx_rfc.model.records import Dependency

    problems = _cross(
        _record("RFC-3", requires=["RFC-10"]),
        _record("RFC-10", dependencies=[Dependency("RFC-20", "strong", rfc="RFC-20", line=9)]),
        _record("RFC-20", requires=["RFC-3"]),
        # a weak dependency makes no cycle
        _record("RFC-30", dependencies=[Dependency("RFC-31", "weak", rfc="RFC-31")]),
        _record("RFC-31", requires=["RFC-30"]),
    )
    assert [(p.subtype, p.rfc_id, p.message) for p in problems] == [
        ("dependency-cycle", "RFC-3", "dependency cycle: RFC-3 -> RFC-10 -> RFC-20 -> RFC-3")
    ]


def test_dependency_status_rules() -> None:
    from sphinx_rfc.model.records import Dependency

    problems = _cross(
        _record("RFC-1", "accepted", requires=["RFC-2"]),
        _record("RFC-2", "withdrawn"),
        _record("RFC-3", "implemented", requires=["RFC-4"],
                dependencies=[Dependency("RFC-5", "strong", rfc="RFC-5", line=20),
                              Dependency("RFC-1", "weak", rfc="RFC-1", line=21)]),
        _record("RFC-4", "implemented"),
        _record("RFC-5", "accepted"),
    )
    assert sorted((p.subtype, p.rfc_id, p.line, p.message) for p in problems) == [
        ("dependency-status", "RFC-1", 3, "requires RFC-2, which is withdrawn"),
        ("dependency-status", "RFC-3", 20,
         "is implemented but strongly depends on RFC-5, which is accepted"),
    ]


def test_supersede_rules() -> None:
    problems = _cross(
        _record("RFC-1", "accepted", supersedes=["RFC-2", "RFC-3"]),
        _record("RFC-2", "superseded"),
        _record("RFC-3", "implemented"),
        _record("RFC-4", "superseded"),
        _record("RFC-5", supersedes=["RFC-9"]),
    )
    assert sorted((p.subtype, p.rfc_id) for p in problems) == [
        ("inconsistent-status", "RFC-3"),
        ("inconsistent-status", "RFC-4"),
        ("unknown-rfc", "RFC-5"),
    ]
