"""The rules over one RFC's own tables (check/record.py) called as plain
functions on records built here (issue 57): required test levels and the
one chosen alternative.  What each warns, what it leaves alone (a level
written another way, a plan the build could not read), the message's words
and the line it points at.  tests/unit/test_record_rules.py has the first
cases; these are the ones around them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from sphinx_rfc.check.record import check_record, level_named
from sphinx_rfc.model import records
from sphinx_rfc.model.records import PRESENT, Alternative, RfcRecord, Verification
from sphinx_rfc.spec.settings import RfcSettings, settings_from


def _settings(**values: Any) -> RfcSettings:
    return settings_from(SimpleNamespace(**values))


def _rfc(**fields: Any) -> RfcRecord:
    return RfcRecord("RFC-0310", "流水线并行 1F1B 调度", "rfc/0310-1f1b", "rfc/0310-1f1b.md", 2,
                     "rfc/0310-1f1b", **fields)


def _plan(*levels: str, first: int = 70) -> Verification:
    return Verification(levels=[records.TestLevel(level, line=first + n) for n, level in enumerate(levels)])


def _said(found: list[Any]) -> list[tuple[str, int | None, str]]:
    return [(p.subtype, p.line, p.message) for p in found]


# --------------------------------------------------------------------------
# missing-test-level


def test_the_default_levels_written_as_people_write_them() -> None:
    """The built-in required levels are UT and Level0; a table writing
    ``ＵＴ`` (full width) and ``Level 0`` (a space) has both."""
    record = _rfc(verification=_plan("ＵＴ", "Level 0", "Level1 (8 卡)"))
    assert check_record(record, _settings()) == []


def test_a_level_missing_from_the_table_is_placed_on_its_first_row() -> None:
    record = _rfc(verification=_plan("UT", "ST（系统测试）", first=81))
    found = check_record(record, _settings(), section_lines={"verification": 78})
    assert _said(found) == [
        ("missing-test-level", 81,
         "required test level 'Level0' is missing from the verification plan")]
    assert (found[0].source, found[0].rfc_id) == ("rfc/0310-1f1b.md", "RFC-0310")


def test_no_required_levels_no_rule() -> None:
    record = _rfc(verification=_plan("冒烟"), sections={"verification": PRESENT})
    assert check_record(record, _settings(rfc_required_test_levels=[])) == []


def test_a_level_written_in_the_other_order_of_its_words() -> None:
    """``冒烟/ST`` is the level ``ST / 冒烟`` (folded as table headers are)."""
    settings = _settings(rfc_required_test_levels=["ST / 冒烟"])
    assert check_record(_rfc(verification=_plan("冒烟/ST")), settings) == []
    assert len(check_record(_rfc(verification=_plan("冒烟")), settings)) == 1


def test_without_a_line_of_the_section_the_rfc_s_line() -> None:
    record = _rfc(sections={"verification": PRESENT})
    found = check_record(record, _settings(rfc_required_test_levels=["UT"]),
                         verification_text="本 RFC 只改调度顺序，沿用已有的 CI。")
    assert _said(found) == [
        ("missing-test-level", 2, "required test level 'UT' is missing from the verification plan")]


def test_a_level_named_in_the_text_is_a_word_of_its_own() -> None:
    assert level_named("UT", "- UT：覆盖 1F1B 的 warmup / cooldown 阶段")
    assert level_named("Level0", "#### LEVEL0\n单机 8 卡")
    assert level_named("ST / 冒烟", "ST / 冒烟 用例见附录")
    # inside a longer word it is no level
    assert not level_named("UT", "OUTPUT 对齐，UTF-8 日志")
    assert not level_named("UT", "")


def test_a_level_written_with_a_space_in_the_text() -> None:
    record = _rfc(sections={"verification": PRESENT})
    text = "#### Level 0：单机 8 卡最小闭环\nloss 与 baseline 对齐（1e-3 以内）\n\n#### UT\n调度表单测"
    assert check_record(record, _settings(), verification_text=text,
                        section_lines={"verification": 60}) == []


def test_an_unreadable_table_where_the_section_line_is_not_known() -> None:
    """The build could not read a table and knows no line of the section:
    the plan is not said to miss its levels."""
    record = _rfc(sections={"verification": PRESENT})
    assert check_record(record, _settings(), unreadable_tables=[None]) == []
    # levels read beside it are still checked
    record.verification = _plan("UT")
    assert len(check_record(record, _settings(), unreadable_tables=[None])) == 1


# --------------------------------------------------------------------------
# alternatives


def test_one_chosen_among_options_not_marked_either_way() -> None:
    """An option whose chosen cell is left blank (None) is not chosen, and
    one chosen option is right."""
    record = _rfc(alternatives=[Alternative("方案一：interleaved 1F1B", chosen=None, line=90),
                                Alternative("方案二：GPipe", chosen=False, line=91),
                                Alternative("方案三：zero bubble (ZB-H1)", chosen=True, line=92)])
    assert check_record(record, _settings()) == []


def test_no_option_chosen_at_the_table_s_first_row() -> None:
    record = _rfc(alternatives=[Alternative("方案一", chosen=None, line=90),
                                Alternative("方案二", chosen=None, line=91)])
    assert _said(check_record(record, _settings())) == [
        ("alternatives", 90, "exactly one alternative must be chosen; chosen: none")]


def test_a_row_without_a_line_and_an_empty_table_without_one() -> None:
    record = _rfc(alternatives=[Alternative("A", chosen=True), Alternative("B", chosen=True)])
    assert _said(check_record(record, _settings())) == [
        ("alternatives", 2, "exactly one alternative must be chosen; chosen: A, B")]
    assert _said(check_record(_rfc(), _settings(), empty_alternatives=[None])) == [
        ("alternatives", 2, "exactly one alternative must be chosen; the table lists none")]


def test_an_rfc_with_no_alternatives_table_is_not_asked_for_one() -> None:
    assert check_record(_rfc(), _settings()) == []
