"""The rules over one RFC's own data (check/record.py, check/approvals.py)
on plain records, no Sphinx (issue 57); the build tests keep what only a
build shows (where the collector places them, the exempt statuses)."""

from __future__ import annotations

from typing import Any

from test_sections import make_settings

from sphinx_rfc.check.approvals import (
    approval_problems,
    missing_approvals,
    needs_approval,
    person_key,
)
from sphinx_rfc.check.record import check_record, level_named
from sphinx_rfc.model import records
from sphinx_rfc.model.records import (
    PRESENT,
    Alternative,
    Change,
    Review,
    RfcRecord,
    Verification,
)


def _record(**fields: Any) -> RfcRecord:
    return RfcRecord("RFC-0210", "混合精度 checkpoint 合并", "rfcs/0210-ckpt", "rfcs/0210-ckpt.md",
                     3, "rfcs/0210-ckpt", **fields)


def _levels(*names: str, line: int = 40) -> Verification:
    return Verification(levels=[records.TestLevel(name, line=line + n) for n, name in enumerate(names)])


def test_a_required_level_missing_from_the_table() -> None:
    settings = make_settings(rfc_required_test_levels=["UT", "Level0", "Level1"])
    record = _record(verification=_levels("ut（单测）", "level1"))
    found = check_record(record, settings)
    # (folded as headers are: "ut（单测）" is not "UT", "level1" is "Level1")
    assert [(p.subtype, p.line, p.message) for p in found] == [
        ("missing-test-level", 40, "required test level 'UT' is missing from the verification plan"),
        ("missing-test-level", 40,
         "required test level 'Level0' is missing from the verification plan"),
    ]


def test_levels_named_in_the_section_text_count() -> None:
    settings = make_settings(rfc_required_test_levels=["UT", "Level0"])
    record = _record(sections={"verification": PRESENT})
    text = "#### UT\n覆盖 merge 的切分逻辑\n\nLevel0：单卡最小闭环，loss 对齐"
    assert check_record(record, settings, verification_text=text,
                        section_lines={"verification": 55}) == []
    found = check_record(record, settings, verification_text="只写了 UT 用例",
                         section_lines={"verification": 55})
    assert [(p.line, p.message) for p in found] == [
        (55, "required test level 'Level0' is missing from the verification plan")]
    assert level_named("Level0", "level0: 一卡") and not level_named("Level0", "Level01 扩展")


def test_no_plan_and_an_unreadable_table_are_not_said_to_miss_levels() -> None:
    settings = make_settings(rfc_required_test_levels=["UT"])
    assert check_record(_record(), settings) == []  # no verification section: reported as such
    record = _record(sections={"verification": PRESENT})
    assert check_record(record, settings, unreadable_tables=[61],
                        section_lines={"verification": 58, "constraints": 70}) == []
    # an unreadable table in another section does not excuse it
    assert len(check_record(record, settings, unreadable_tables=[75],
                            section_lines={"verification": 58, "constraints": 70})) == 1


def test_exactly_one_alternative() -> None:
    settings = make_settings()
    two = _record(alternatives=[Alternative("方案 A：按 rank 合并", chosen=True, line=30),
                                Alternative("方案 B：流式合并", chosen=True, line=31)])
    none = _record(alternatives=[Alternative("方案 A", chosen=False, line=30)])
    one = _record(alternatives=[Alternative("方案 A", chosen=True, line=30),
                                Alternative("方案 B", chosen=None, line=31)])
    assert [(p.line, p.message) for p in check_record(two, settings)] == [
        (30, "exactly one alternative must be chosen; chosen: 方案 A：按 rank 合并, 方案 B：流式合并")]
    assert [p.message for p in check_record(none, settings)] == [
        "exactly one alternative must be chosen; chosen: none"]
    assert check_record(one, settings) == []
    assert [(p.line, p.message) for p in check_record(_record(), settings,
                                                      empty_alternatives=[28])] == [
        (28, "exactly one alternative must be chosen; the table lists none")]


def test_person_key() -> None:
    assert person_key("  李雷 (checkpoint owner)") == person_key("李雷")
    assert person_key("@LiLei") == person_key("lilei") == person_key("＠ＬｉＬｅｉ")
    assert person_key("韩梅梅【PM】") == person_key("韩梅梅")


def test_missing_approvals_by_module() -> None:
    approvers = {"checkpoint": ("李雷", "Han Meimei"), "optimizer": ("王芳",), "data": ()}
    record = _record(
        modules=["checkpoint", "optimizer"],
        changes=[Change("data", line=50)],
        reviews=[Review("han meimei (ckpt)", "approve-with-conditions"),
                 Review("王芳", "request-changes"), Review("李雷", "comment")],
    )
    assert missing_approvals(record, approvers) == [("optimizer", ("王芳",))]
    assert missing_approvals(record, {}) == []


def test_approval_problems_from_accepted_on() -> None:
    settings = make_settings(rfc_approvers={"optimizer": ["王芳"]})
    record = _record(modules=["optimizer"], status="accepted", status_line=8)
    found = approval_problems(record, settings)
    assert [(p.subtype, p.line) for p in found] == [("missing-approval", 8)]
    assert "'optimizer'" in found[0].message and "王芳" in found[0].message
    assert needs_approval("implemented") and not needs_approval("draft")
    record.status = "draft"
    assert approval_problems(record, settings) == []
    record.status = "implemented"
    record.reviews = [Review("王芳", "approve")]
    assert approval_problems(record, settings) == []
