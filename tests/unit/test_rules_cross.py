"""The cross-RFC rules of check/cross.py called as plain functions on
records built here (issue 57): what each warns, what it leaves alone (a
relation the author meant), the message's words and the line it points at.
tests/unit/test_cross_rules.py has each rule's first case and the rules'
order; these are the cases around them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from sphinx_rfc.check import cross
from sphinx_rfc.model.records import Dependency, ModuleHome, RfcRecord
from sphinx_rfc.model.relations import build_snapshot
from sphinx_rfc.spec.settings import RfcSettings, settings_from


def _settings(**values: Any) -> RfcSettings:
    return settings_from(SimpleNamespace(**values))


def _rfc(rfc_id: str, doc: str | None = None, line: int = 5, **fields: Any) -> RfcRecord:
    doc = doc or f"rfc/{rfc_id.lower()}"
    return RfcRecord(rfc_id, f"{rfc_id}：梯度累积 overlap 通信", doc, f"{doc}.md", line, doc,
                     **fields)


def _data(*records: RfcRecord, refs: dict[str, list[tuple[str, str, int | None]]] | None = None,
          homes: tuple[ModuleHome, ...] = (), settings: RfcSettings | None = None,
          ) -> cross.CrossData:
    settings = settings or _settings()
    snap = build_snapshot(records, homes, dict(settings.modules))
    return cross.CrossData(snap, refs or {}, settings, {"weekly/2024-w12": "weekly/2024-w12.md"},
                           {r.docname: r for r in records})


# --------------------------------------------------------------------------
# duplicate-id


def test_an_id_declared_three_times_is_one_problem_at_each_later_document() -> None:
    records = [_rfc("RFC-0120", "rfc/a-0120-zero1", line=3),
               _rfc("RFC-0120", "rfc/b-0120-zero1-v2", line=9),
               _rfc("RFC-0120", "rfc/c-0120-copy", line=2)]
    found = cross.duplicate_ids(_data(*records))
    assert [(p.subtype, p.source, p.line, p.docname) for p in found] == [
        ("duplicate-id", "rfc/b-0120-zero1-v2.md", 9, "rfc/b-0120-zero1-v2"),
        ("duplicate-id", "rfc/c-0120-copy.md", 2, "rfc/c-0120-copy"),
    ]
    # each names the first document and both lines
    assert found[1].message == ("ID RFC-0120 is declared in both rfc/a-0120-zero1.md (line 3) "
                                "and rfc/c-0120-copy.md (line 2)")


def test_ids_that_only_look_alike_are_no_duplicates() -> None:
    assert cross.duplicate_ids(_data(_rfc("RFC-0012"), _rfc("RFC-0120"), _rfc("RFC-1200"))) == []


# --------------------------------------------------------------------------
# unknown-rfc (relations, dependency rows)


def test_relations_to_declared_rfcs_and_components_that_are_no_rfc_pass() -> None:
    """A dependency row on a library (NCCL, a version with it) names no RFC:
    it is never an unknown RFC."""
    old = _rfc("RFC-0130", status="superseded")
    new = _rfc("RFC-0131", supersedes=["RFC-0130"], requires=["RFC-0130"],
               dependencies=[Dependency("NCCL >= 2.18（集合通信）", "strong", line=40),
                             Dependency("RFC-0130 的 bucket 切分", "weak", rfc="RFC-0130", line=41)])
    data = _data(old, new)
    assert cross.unknown_targets(data, new) == []
    assert cross.unknown_targets(data, old) == []


def test_superseded_by_naming_nothing_and_a_row_without_a_line() -> None:
    record = _rfc("RFC-0140", line=6, superseded_by=["RFC-0199"],
                  dependencies=[Dependency("RFC-0198", "weak", rfc="RFC-0198")])
    found = cross.unknown_targets(_data(record), record)
    assert [(p.subtype, p.line, p.rfc_id, p.docname) for p in found] == [
        ("unknown-rfc", 6, "RFC-0140", "rfc/rfc-0140"),
        ("unknown-rfc", 6, "RFC-0140", "rfc/rfc-0140"),  # (the row's line unknown: the RFC's)
    ]
    assert found[0].message == ":superseded_by: names RFC-0199, which no RFC declares"
    assert "RFC-0198" in found[1].message and "dependency" in found[1].message


def test_the_projects_noun_names_what_declares_ids() -> None:
    """A MADR project declares ADRs: the message says so."""
    record = _rfc("ADR-0141", requires=["ADR-0404"])
    found = cross.unknown_targets(_data(record, settings=_settings(rfc_template="madr")), record)
    assert [p.message for p in found] == [":requires: names ADR-0404, which no ADR declares"]


# --------------------------------------------------------------------------
# inconsistent-status


def test_a_successor_named_by_the_old_rfc_itself_counts() -> None:
    """MADR writes "superseded by ADR-0057" in the old record: the old one is
    then rightly superseded, and its status must say so."""
    old = _rfc("RFC-0150", status="superseded", superseded_by=["RFC-0151"])
    new = _rfc("RFC-0151", status="accepted")
    data = _data(old, new)
    assert cross.superseded_status(data, old) == []
    still = _rfc("RFC-0152", status="implemented", superseded_by=["RFC-0151"], status_line=8)
    found = cross.superseded_status(_data(still, new), still)
    assert [(p.subtype, p.line) for p in found] == [("inconsistent-status", 5)]
    assert found[0].message == "superseded by RFC-0151 but its status is 'implemented'"


def test_statuses_without_superseded_have_no_status_rule() -> None:
    """A team whose statuses have no ``superseded`` cannot write it: an RFC
    another one supersedes is not told to."""
    settings = _settings(rfc_statuses=["draft", "accepted", "rejected"])
    old = _rfc("RFC-0160", status="accepted")
    new = _rfc("RFC-0161", status="accepted", supersedes=["RFC-0160"])
    assert cross.superseded_status(_data(old, new, settings=settings), old) == []
    assert len(cross.superseded_status(_data(old, new), old)) == 1  # (the built-in ones have it)


def test_two_successors_are_both_named() -> None:
    old = _rfc("RFC-0170", status="review")
    found = cross.superseded_status(
        _data(old, _rfc("RFC-0172", supersedes=["RFC-0170"]),
              _rfc("RFC-0171", supersedes=["RFC-0170"])), old)
    assert [p.message for p in found] == [
        "superseded by RFC-0171, RFC-0172 but its status is 'review'"]


# --------------------------------------------------------------------------
# dependency-status


def test_what_an_author_may_depend_on() -> None:
    """A weak dependency on a rejected RFC, a draft requiring a draft and an
    implemented RFC requiring an implemented one are no problem; nor is a
    requirement of an ID no RFC declares (unknown-rfc says that)."""
    rejected = _rfc("RFC-0180", status="rejected")
    draft = _rfc("RFC-0181", status="draft")
    done = _rfc("RFC-0182", status="implemented")
    weak = _rfc("RFC-0183", status="implemented", requires=["RFC-0182"],
                dependencies=[Dependency("RFC-0180（已否决，仅参考）", "weak", rfc="RFC-0180",
                                         line=30)])
    drafting = _rfc("RFC-0184", status="draft", requires=["RFC-0181", "RFC-0999"])
    data = _data(rejected, draft, done, weak, drafting)
    assert cross.dependency_status(data, weak) == []
    assert cross.dependency_status(data, drafting) == []


def test_withdrawn_and_the_line_of_a_strong_row() -> None:
    withdrawn = _rfc("RFC-0190", status="withdrawn")
    record = _rfc("RFC-0191", status="draft", line=4,
                  dependencies=[Dependency("RFC-0190 (async ckpt)", "strong", rfc="RFC-0190",
                                           line=52)])
    found = cross.dependency_status(_data(withdrawn, record), record)
    assert [(p.subtype, p.line, p.message) for p in found] == [
        ("dependency-status", 52, "strongly depends on RFC-0190, which is withdrawn")]
    # a requirement is placed on the RFC's line (its field list / table)
    record.requires = ["RFC-0190"]
    found = cross.dependency_status(_data(withdrawn, record), record)
    assert [(p.line, p.message) for p in found] == [
        (4, "requires RFC-0190, which is withdrawn")]


def test_implemented_before_what_it_requires() -> None:
    accepted = _rfc("RFC-0200", status="accepted")
    record = _rfc("RFC-0201", status="implemented", requires=["RFC-0200"])
    found = cross.dependency_status(_data(accepted, record), record)
    assert [p.message for p in found] == [
        "is implemented but requires RFC-0200, which is accepted"]
    record.status = "accepted"  # not implemented yet: may wait for it
    assert cross.dependency_status(_data(accepted, record), record) == []


# --------------------------------------------------------------------------
# dependency-cycle


def test_weak_dependencies_and_unknown_ids_make_no_cycle() -> None:
    """A weak dependency both ways is two RFCs that know of each other, not
    a cycle; a requirement of an ID no RFC declares closes none."""
    assert cross.relation_cycles(_data(
        _rfc("RFC-0210", dependencies=[Dependency("RFC-0211", "weak", rfc="RFC-0211")]),
        _rfc("RFC-0211", dependencies=[Dependency("RFC-0210", "weak", rfc="RFC-0210")]),
        _rfc("RFC-0212", requires=["RFC-0404"]),
        _rfc("RFC-0213", requires=["RFC-0212"]),
    )) == []


def test_a_cycle_of_three_at_its_lowest_id_and_an_rfc_requiring_itself() -> None:
    found = cross.relation_cycles(_data(
        _rfc("RFC-0222", line=7, requires=["RFC-0220"]),
        _rfc("RFC-0220", line=3, requires=["RFC-0221"]),
        _rfc("RFC-0221", dependencies=[Dependency("RFC-0222", "strong", rfc="RFC-0222")]),
        _rfc("RFC-0230", requires=["RFC-0230"]),
    ))
    assert [(p.subtype, p.rfc_id, p.line, p.message) for p in found] == [
        ("dependency-cycle", "RFC-0220", 3,
         "dependency cycle: RFC-0220 -> RFC-0221 -> RFC-0222 -> RFC-0220"),
        ("dependency-cycle", "RFC-0230", 5, "dependency cycle: RFC-0230 -> RFC-0230"),
    ]


# --------------------------------------------------------------------------
# unknown-rfc / unknown-module in references


def test_modules_known_by_config_rfc_or_home_page() -> None:
    """A module is known when rfc_modules lists it, an RFC touches it or a
    page is its home; a reference to any of those is no problem."""
    settings = _settings(rfc_modules={"optimizer": "优化器（ZeRO 分片）"})
    record = _rfc("RFC-0240", modules=["trainer"])
    refs: dict[str, list[tuple[str, str, int | None]]] = {"weekly/2024-w12": [("mod", "optimizer", 3), ("mod", "trainer", 4),
                                ("mod", "dataloader", 5), ("ref", "RFC-0240", 6)]}
    home = ModuleHome("dataloader", "modules/dataloader", "module-dataloader", 1)
    assert cross.unknown_references(_data(record, refs=refs, homes=(home,),
                                          settings=settings)) == []
    found = cross.unknown_references(_data(record, refs=refs, settings=settings))
    assert [(p.subtype, p.source, p.line, p.rfc_id, p.message) for p in found] == [
        ("unknown-module", "weekly/2024-w12.md", 5, None,
         "reference to module 'dataloader', which is not known")]


def test_a_reference_in_a_page_of_unknown_source_names_its_docname() -> None:
    found = cross.unknown_references(_data(refs={"misc/faq": [("ref", "RFC-0001", None)]}))
    assert [(p.source, p.line, p.docname, p.message) for p in found] == [
        ("misc/faq", None, "misc/faq", "reference to RFC-0001, which no RFC declares")]
