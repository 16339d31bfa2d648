"""Each cross-RFC rule of check/cross.py (issue 57) on plain records, no
Sphinx: a snapshot made of records written as a team would declare them."""

from __future__ import annotations

from typing import Any

from test_sections import make_settings

from sphinx_rfc.check import cross
from sphinx_rfc.model.records import Dependency, RfcRecord
from sphinx_rfc.model.relations import build_snapshot


def _record(rfc_id: str, doc: str | None = None, line: int = 4, **fields: Any) -> RfcRecord:
    doc = doc or f"rfcs/{rfc_id.lower()}"
    return RfcRecord(rfc_id, f"{rfc_id} 的标题", doc, f"{doc}.md", line, doc, **fields)


def _data(*records: RfcRecord, refs: dict[str, list[tuple[str, str, int | None]]] | None = None,
          **settings: Any) -> cross.CrossData:
    snap = build_snapshot(records, [], dict(settings.get("rfc_modules", {})))
    return cross.CrossData(snap, refs or {}, make_settings(**settings), {"notes": "notes.md"},
                           {r.docname: r for r in records})


def test_duplicate_ids_at_the_second_document() -> None:
    first = _record("RFC-0031", "rfcs/0031-zero-copy")
    second = _record("RFC-0031", "rfcs/0031-zero-copy-v2", line=7)
    found = cross.duplicate_ids(_data(first, second, _record("RFC-0032")))
    assert [(p.subtype, p.source, p.line, p.rfc_id) for p in found] == [
        ("duplicate-id", "rfcs/0031-zero-copy-v2.md", 7, "RFC-0031")]
    assert "rfcs/0031-zero-copy.md (line 4)" in found[0].message


def test_unknown_targets_of_relations_and_dependency_rows() -> None:
    record = _record("RFC-0040", requires=["RFC-0041", "RFC-0099"], supersedes=["RFC-0098"],
                     dependencies=[Dependency("RFC-0097 (pipeline)", "strong", rfc="RFC-0097",
                                              line=22),
                                   Dependency("NCCL 2.18", "weak")])
    data = _data(record, _record("RFC-0041"))
    found = cross.unknown_targets(data, record)
    assert [(p.subtype, p.line, p.message) for p in found] == [
        ("unknown-rfc", 4, ":requires: names RFC-0099, which no RFC declares"),
        ("unknown-rfc", 4, ":supersedes: names RFC-0098, which no RFC declares"),
        ("unknown-rfc", 22, "dependency on RFC-0097, which no RFC declares"),
    ]
    assert cross.unknown_targets(data, data.by_id["RFC-0041"]) == []


def test_superseded_status_both_ways() -> None:
    old = _record("RFC-0050", status="accepted")
    new = _record("RFC-0051", status="accepted", supersedes=["RFC-0050"])
    orphan = _record("RFC-0052", status="superseded")
    data = _data(old, new, orphan)
    assert [p.message for p in cross.superseded_status(data, old)] == [
        "superseded by RFC-0051 but its status is 'accepted'"]
    assert cross.superseded_status(data, new) == []
    assert [p.message for p in cross.superseded_status(data, orphan)] == [
        "status is 'superseded' but no RFC supersedes it"]


def test_a_duplicate_is_checked_once() -> None:
    """The status rules run on the record its ID names, not on a second
    document declaring the same ID."""
    old = _record("RFC-0060", "rfcs/a", status="accepted")
    again = _record("RFC-0060", "rfcs/b", status="accepted")
    data = _data(old, again, _record("RFC-0061", supersedes=["RFC-0060"]))
    assert len(cross.superseded_status(data, old)) == 1
    assert cross.superseded_status(data, again) == []
    assert cross.dependency_status(data, again) == []


def test_dependency_status() -> None:
    rejected = _record("RFC-0070", status="rejected")
    draft = _record("RFC-0071", status="draft")
    needs = _record("RFC-0072", status="implemented", requires=["RFC-0070"],
                    dependencies=[Dependency("RFC-0071", "strong", rfc="RFC-0071", line=30),
                                  Dependency("RFC-0070 weak", "weak", rfc="RFC-0070", line=31)])
    found = cross.dependency_status(_data(rejected, draft, needs), needs)
    assert [(p.line, p.message) for p in found] == [
        (4, "requires RFC-0070, which is rejected"),
        (30, "is implemented but strongly depends on RFC-0071, which is draft"),
    ]


def test_relation_cycles() -> None:
    found = cross.relation_cycles(_data(
        _record("RFC-0080", requires=["RFC-0081"]),
        _record("RFC-0081", dependencies=[Dependency("RFC-0080", "strong", rfc="RFC-0080")]),
        _record("RFC-0082", supersedes=["RFC-0082"]),
        _record("RFC-0083", requires=["RFC-0080"]),
    ))
    assert [(p.rfc_id, p.message) for p in found] == [
        ("RFC-0080", "dependency cycle: RFC-0080 -> RFC-0081 -> RFC-0080"),
        ("RFC-0082", "supersedes cycle: RFC-0082 -> RFC-0082"),
    ]


def test_unknown_references_in_rfcs_and_other_pages() -> None:
    record = _record("RFC-0090", modules=["trainer"])
    refs = {"notes": [("ref", "RFC-0090", 3), ("ref", "RFC-0999", 5), ("mod", "trainer", 6),
                      ("mod", "optimiser", 8)],
            record.docname: [("ref", "RFC-0404", 12)]}
    found = cross.unknown_references(_data(record, refs=refs))
    assert [(p.subtype, p.source, p.line, p.rfc_id) for p in found] == [
        ("unknown-rfc", "notes.md", 5, None),
        ("unknown-module", "notes.md", 8, None),
        ("unknown-rfc", "rfcs/rfc-0090.md", 12, "RFC-0090"),
    ]


def test_every_rule_runs_in_the_order_listed() -> None:
    """cross_rfc_problems lists the rules' problems in RULES order, each
    record's together."""
    records = [_record("RFC-0101", requires=["RFC-0100", "RFC-0404"]),
               _record("RFC-0100", status="rejected"),
               _record("RFC-0100", "rfcs/zz-copy")]
    snap = build_snapshot(records, [], {})
    found = cross.cross_rfc_problems(snap, {"rfcs/rfc-0101": [("ref", "RFC-0405", 9)]},
                                     make_settings(), {}, {r.docname: r for r in records})
    assert [(p.subtype, p.rfc_id) for p in found] == [
        ("duplicate-id", "RFC-0100"),
        ("unknown-rfc", "RFC-0101"),
        ("dependency-status", "RFC-0101"),
        ("unknown-rfc", "RFC-0101"),
    ]
    assert len(cross.RULES) >= 4
