"""A cycle of supersessions leaves no current RFC: it is reported like a
dependency cycle, an RFC that supersedes itself included."""

from __future__ import annotations

from typing import Any

from test_sections import make_settings

from sphinx_rfc.check.cross import cross_rfc_problems
from sphinx_rfc.model.records import RfcRecord
from sphinx_rfc.model.relations import build_snapshot


def _record(rfc_id: str, **fields: Any) -> RfcRecord:
    doc = rfc_id.lower()
    return RfcRecord(rfc_id, f"Title of {rfc_id}", doc, f"{doc}.md", 3, doc, **fields)


def _cycles(*records: RfcRecord) -> list[tuple[str | None, str]]:
    snap = build_snapshot(records, [], {})
    problems = cross_rfc_problems(snap, {}, make_settings(), {}, {r.docname: r for r in records})
    return [(p.rfc_id, p.message) for p in problems if p.subtype == "dependency-cycle"]


def test_two_rfcs_superseding_each_other() -> None:
    found = _cycles(
        _record("RFC-0001", status="superseded", supersedes=["RFC-0002"]),
        _record("RFC-0002", status="superseded", supersedes=["RFC-0001"]),
    )
    assert found == [("RFC-0001", "supersedes cycle: RFC-0001 -> RFC-0002 -> RFC-0001")]


def test_an_rfc_superseding_itself() -> None:
    found = _cycles(_record("RFC-0007", status="superseded", supersedes=["RFC-0007"]))
    assert found == [("RFC-0007", "supersedes cycle: RFC-0007 -> RFC-0007")]


def test_a_chain_of_supersessions_is_no_cycle() -> None:
    assert _cycles(
        _record("RFC-0003", supersedes=["RFC-0002"]),
        _record("RFC-0002", status="superseded", supersedes=["RFC-0001"]),
        _record("RFC-0001", status="superseded"),
    ) == []


def test_requires_and_supersedes_cycles_are_told_apart() -> None:
    found = _cycles(
        _record("RFC-0010", requires=["RFC-0011"], supersedes=["RFC-0011"]),
        _record("RFC-0011", status="superseded", requires=["RFC-0010"], supersedes=["RFC-0010"]),
    )
    assert [m for _id, m in found] == [
        "dependency cycle: RFC-0010 -> RFC-0011 -> RFC-0010",
        "supersedes cycle: RFC-0010 -> RFC-0011 -> RFC-0010",
    ]
