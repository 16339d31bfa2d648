"""The section rules (check/sections.py) called as plain functions on the
headings a collector would hand them (issue 57): ``missing-section`` (with
its did-you-mean), ``empty-section``, ``no-headings`` and
``heading-level``.  What each warns, what it leaves alone (a heading with
extra words, numbering, spaces, a section of the author's own, a pasted
signature under a heading), the message's words and the line it points at.
tests/build/test_sections.py has the title rules and the first states."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from sphinx_rfc.check.sections import PageShape, SectionBody, body_state, section_states
from sphinx_rfc.model.problems import Problem
from sphinx_rfc.spec.settings import RfcSettings, settings_from

PLACEHOLDERS = ("xxx", "[FILL]", "[待测]", "待补充", "TBD", "TODO")


def _settings(**values: Any) -> RfcSettings:
    return settings_from(SimpleNamespace(**values))


def _rfc() -> list[SectionBody]:
    """A template-native RFC as a team writes it: numbered headings, one with
    extra words, one in both languages."""
    return [
        SectionBody("【RFC】流水线并行 interleaved 1F1B 调度", 1, "", first=True, level=1),
        SectionBody("1. 基本信息", 3, "| 项目 | 内容 |\n| 状态 | 评审中 |", level=2),
        SectionBody("2. 背景", 10, "64 卡 PP=8 时 bubble 占单步 20% 左右。", level=2),
        SectionBody("3. 目标和非目标", 14, "目标：bubble 降到 10% 以下；不做 zero bubble。", level=2),
        SectionBody("4. 相关实现参考", 18, "Megatron-LM 的 interleaved 1F1B。", level=2),
        SectionBody("5. 对外接口（API 变更）", 22, "`pipeline_schedule='interleaved'`", level=2),
        SectionBody("6. 方案设计 / Design", 26, "每个 rank 放 2 个 virtual stage。", level=2),
        SectionBody("7. 组件依赖", 30, "| 依赖组件 | 强依赖 / 弱依赖 |\n| NCCL | 强 |", level=2),
        SectionBody("8. 约束与兼容性", 34, "num_layers 须能被 PP × 2 整除。", level=2),
        SectionBody("9. 验证设计（含性能与显存）", 38, "UT、Level0：单机 8 卡 loss 对齐。", level=2),
    ]


def _at(bodies: list[SectionBody], start: str, **changes: Any) -> list[SectionBody]:
    """*bodies* with the heading whose title starts with *title* changed."""
    found = [n for n, b in enumerate(bodies) if b.title.startswith(start)]
    assert len(found) == 1, start
    bodies = list(bodies)
    bodies[found[0]] = replace(bodies[found[0]], **changes)
    return bodies


def _check(bodies: list[SectionBody], directives: tuple[str, ...] = (),
           settings: RfcSettings | None = None, **options: Any) -> Any:
    return section_states(bodies, directives, settings or _settings(), rfc_id="RFC-0701",
                          source="rfc/0701-1f1b.md", fallback_line=1, **options)


def _said(problems: list[Problem]) -> list[tuple[str, int | None, str]]:
    return [(p.subtype, p.line, p.message) for p in problems]


# --------------------------------------------------------------------------
# what needs no warning


def test_an_rfc_written_to_the_template_with_words_of_its_own() -> None:
    """Numbering, extra words in brackets, an English title beside the
    Chinese one and a section the template does not have (风险与回滚) are
    all as the author meant: every section present, no problem."""
    bodies = _rfc()
    bodies.insert(9, SectionBody("风险与回滚", 36, "回滚：`pipeline_schedule='1f1b'`。", level=2))
    result = _check(bodies)
    assert result.problems == []
    assert set(result.states.values()) == {"present"}
    assert result.lines["interface"] == 22 and result.lines["verification"] == 38


def test_spaces_and_other_words_for_the_same_title_are_no_typo() -> None:
    """A heading read as its section by its place (no title names it) that
    differs from the title by spaces (`组件 依赖`) or by a word left out or
    added (`组件的依赖`, `验证的设计`) is the author's wording, no typo."""
    for start, title, key in (("3.", "3. 目标 和 非目标", "goals"),
                              ("7.", "7. 组件 依赖", "dependencies"),
                              ("7.", "7. 组件的依赖", "dependencies"),
                              ("9.", "9. 验证的设计", "verification")):
        result = _check(_at(_rfc(), start, title=title))
        assert result.problems == [], title
        assert result.states[key] == "present", title


@pytest.mark.parametrize(("start", "title", "key"), [
    ("4.", "4. 业界方案调研", "references"),
    ("4.", "4. 竞品调研", "references"),
    ("6.", "6. 技术方案", "design"),
    ("7.", "7. 外部依赖", "dependencies"),
    ("9.", "9. 验证方案", "verification"),
])
def test_the_author_s_words_at_the_template_s_number(start: str, title: str, key: str) -> None:
    """A heading no title names, at the built-in template's number and
    place, sharing a word with the section's title: that section, no
    warning."""
    result = _check(_at(_rfc(), start, title=title))
    assert result.problems == []
    assert result.states[key] == "present"


def test_a_section_whose_text_runs_on_under_a_pasted_signature() -> None:
    """An interface section whose only content is a signature pasted as a
    heading (underlined with ---): the section is answered."""
    bodies = _at(_rfc(), "5.", text="")
    bodies.insert(6, SectionBody("pipeline_schedule(model, mode='interleaved') -> Schedule", 24,
                                 "返回调度表；mode 取 1f1b / interleaved。", level=2))
    result = _check(bodies)
    assert result.states["interface"] == "present"
    assert result.problems == []


def test_a_table_directive_answers_its_section() -> None:
    result = _check(_at(_rfc(), "9.", text=""), ("rfc-verification",))
    assert result.states["verification"] == "present"
    assert result.problems == []


def test_a_section_left_out_that_the_project_does_not_require() -> None:
    bodies = [b for b in _rfc() if not b.title.startswith("4.")]
    required = ["basic-info", "background", "design", "verification"]
    result = _check(bodies, settings=_settings(rfc_required_sections=required))
    assert result.states["references"] == "missing"
    assert result.problems == []


# --------------------------------------------------------------------------
# empty-section


def test_a_section_left_blank_or_answered_none_without_a_reason() -> None:
    bodies = _at(_at(_at(_rfc(), "2.", text="不涉及"), "5.", text="不涉及：只改内部调度，接口不变。"),
                 "8.", text="TBD，待补充")
    result = _check(bodies)
    assert (result.states["background"], result.states["interface"],
            result.states["constraints"]) == ("empty", "not-applicable", "empty")
    assert _said(result.problems) == [
        ("empty-section", 10, "section '2. 背景' (Background) has no content"),
        ("empty-section", 34, "section '8. 约束与兼容性' (Constraints and compatibility) has no content"),
    ]


def test_none_alone_is_an_answer_where_no_reason_is_asked() -> None:
    """A team's template that asks no reason for N/A (the built-in one does):
    ``无`` or ``N/A`` alone is a full answer."""
    assert body_state("无", PLACEHOLDERS, needs_reason=False) == "not-applicable"
    assert body_state("N/A.", PLACEHOLDERS, needs_reason=False) == "not-applicable"
    assert body_state("不涉及", PLACEHOLDERS) == "empty"
    assert body_state("无需改动接口，沿用 v1。", PLACEHOLDERS) == "present"
    assert body_state("_No response_", PLACEHOLDERS, needs_reason=False) == "empty"


def test_none_alone_is_an_answer_where_not_applicable_needs_a_reason() -> None:
    """"无" (there is none: no new interface) answers the section; "不涉及"
    (the section does not apply) wants its reason in the built-in
    template, and is empty alone."""
    assert body_state("无", PLACEHOLDERS) == "present"
    assert body_state("None.", PLACEHOLDERS) == "present"
    assert body_state("不涉及", PLACEHOLDERS) == "empty"
    assert body_state("不涉及：只新增配置项", PLACEHOLDERS) == "not-applicable"
    assert _check(_at(_rfc(), "5.", text="无")).problems == []


# --------------------------------------------------------------------------
# missing-section


def test_a_misspelt_heading_in_its_place_is_read_as_the_section() -> None:
    result = _check(_at(_rfc(), "7.", title="7. 组建依赖"))
    assert result.states["dependencies"] == "present"
    assert _said(result.problems) == [
        ("missing-section", 30, "missing section 'Component dependencies': the heading "
         "'7. 组建依赖' is read as it; did you mean '组件依赖'?")]


def test_a_missing_section_with_a_heading_like_it_elsewhere() -> None:
    """The heading is out of place (after the last section): not read as
    the section, only offered as a did-you-mean, at the document's line."""
    bodies = [b for b in _rfc() if not b.title.startswith("4.")]
    bodies.append(SectionBody("相关实线参考", 50, "Megatron-LM 的 interleaved 1F1B。", level=2))
    result = _check(bodies)
    assert result.states["references"] == "missing"
    assert _said(result.problems) == [
        ("missing-section", 1, "missing section 'Related work'; did you mean the heading "
         "'相关实线参考' (line 50)?")]


def test_a_missing_section_with_nothing_like_it() -> None:
    result = _check([b for b in _rfc() if not b.title.startswith("4.")])
    assert _said(result.problems) == [("missing-section", 1, "missing section 'Related work'")]


# --------------------------------------------------------------------------
# no-headings, heading-level


def _headless() -> list[SectionBody]:
    return [SectionBody("【RFC】异步 checkpoint", 1, "保存时训练停 40 s……", first=True, level=1)]


def test_a_page_without_headings_is_one_problem_with_advice() -> None:
    result = _check(_headless())
    assert [(p.subtype, p.line) for p in result.problems] == [("no-headings", 1)]
    assert "paste the issue's Markdown source" in result.problems[0].message
    assert "9 required sections" in result.problems[0].message


def test_the_advice_follows_what_the_page_holds() -> None:
    short = _check(_headless(),
                   page=lambda: PageShape(90, ("https://wiki.example.com/rfc/0701",)))
    assert _said(short.problems)[0][2].startswith(
        "no headings found — a short page (90 characters) with a link to "
        "https://wiki.example.com/rfc/0701: a redirect or a stub?")
    bold = _check(_headless(), page=lambda: PageShape(3000, (), ("背景", "方案设计", "验证设计", "风险")))
    assert "lines of bold text ('背景', '方案设计', '验证设计', …)" in bold.problems[0].message
    assert "(## 背景)" in bold.problems[0].message


def test_an_rfc_directive_page_without_headings_is_told_each_section() -> None:
    """With the rfc directive the page is an RFC written here, not a pasted
    issue: each missing section is named."""
    result = _check(_headless(), ("rfc",))
    assert [p.subtype for p in result.problems] == ["missing-section"] * 8
    assert result.states["basic-info"] == "present"


def test_a_section_one_level_above_the_others() -> None:
    result = _check(_at(_rfc(), "6.", level=1))
    assert result.states["design"] == "present"
    assert _said(result.problems) == [
        ("heading-level", 26, "section 'Design' is a heading of level 1 where the other "
         "sections are of level 2; it counts as the section: write it at their level")]
    # one level below is how some RFCs group sections: no hint
    assert _check(_at(_rfc(), "6.", level=3)).problems == []


# --------------------------------------------------------------------------
# a team's template that changed its words (rfc_template as a list)

FIRST = """# 需求标题

## 一、背景

## 二、目标

## 三、业内方案调研

## 四、对比分析

## 五、方案设计

## 六、风险

## 七、可行性分析及规划排期
"""


@pytest.fixture
def versions(tmp_path: Any) -> RfcSettings:
    """The team's template, then its second version (two headings reworded)."""
    (tmp_path / "v1.md").write_text(FIRST, encoding="utf-8")
    (tmp_path / "v2.md").write_text(
        FIRST.replace("五、方案设计", "五、设计思路与实现方案")
        .replace("七、可行性分析及规划排期", "七、可行性分析和排期规划"), encoding="utf-8")
    return settings_from(SimpleNamespace(rfc_template=[
        {"template": "v1.md"}, {"template": "v2.md", "since": "2024-01-01"}]), tmp_path)


def _team_rfc(*middle: SectionBody) -> list[SectionBody]:
    head = [SectionBody("【需求】训练任务弹性扩缩容", 1, "", first=True, level=1),
            SectionBody("一、背景", 3, "训练任务只能整机重启，扩容一次要 20 min。", level=2),
            SectionBody("二、目标", 6, "支持 ±8 卡在线扩缩。", level=2),
            SectionBody("三、业内方案调研", 9, "TorchElastic、DeepSpeed elastic。", level=2)]
    return head + list(middle)


def test_headings_of_the_first_version_are_the_second_s_sections(versions: RfcSettings) -> None:
    bodies = _team_rfc(SectionBody("四、对比分析", 12, "见下表。", level=2),
                       SectionBody("五、方案设计", 15, "rendezvous 后重建通信组。", level=2),
                       SectionBody("六、风险", 18, "NCCL 超时。", level=2),
                       SectionBody("七、可行性分析及规划排期", 21, "Q3 完成。", level=2))
    result = _check(bodies, settings=versions)
    assert result.problems == []
    assert result.states["设计思路与实现方案"] == "present"
    assert result.states["可行性分析和排期规划"] == "present"


def test_a_heading_in_the_author_s_words_at_the_section_s_number(versions: RfcSettings) -> None:
    """`五、弹性方案` where the template has `五、设计思路与实现方案`: it shares a
    word with the title and stands at its number and place, so it is that
    section, no warning; a section left out is still missing."""
    bodies = _team_rfc(SectionBody("四、对比分析", 12, "见下表。", level=2),
                       SectionBody("五、弹性方案", 15, "rendezvous 后重建通信组。", level=2),
                       SectionBody("六、风险", 18, "NCCL 超时。", level=2),
                       SectionBody("七、排期", 21, "Q3 完成。", level=2))
    result = _check(bodies, settings=versions)
    assert result.problems == []
    assert result.lines["设计思路与实现方案"] == 15 and result.lines["可行性分析和排期规划"] == 21
    left_out = [b for b in bodies if not b.title.startswith("四")]
    assert _said(_check(left_out, settings=versions).problems) == [
        ("missing-section", 1, "missing section '对比分析'")]


def test_a_misspelt_heading_of_the_second_version(versions: RfcSettings) -> None:
    bodies = _team_rfc(SectionBody("四、对比分析", 12, "见下表。", level=2),
                       SectionBody("五、设计思路与实线方案", 15, "rendezvous。", level=2),
                       SectionBody("六、风险", 18, "NCCL 超时。", level=2),
                       SectionBody("七、可行性分析和排期规划", 21, "Q3 完成。", level=2))
    assert _said(_check(bodies, settings=versions).problems) == [
        ("missing-section", 15, "missing section '设计思路与实现方案': the heading "
         "'五、设计思路与实线方案' is read as it; did you mean '设计思路与实现方案'?")]


def test_a_heading_that_is_one_part_of_a_title(versions: RfcSettings) -> None:
    """`排期规划`, unnumbered, after the sections: one part of
    `可行性分析和排期规划` (cut at 和) and of no other title, so it is that
    section wherever it stands; with words around it (`附：排期规划`) it is
    still that section at that place (a word only its title has)."""
    middle = (SectionBody("四、对比分析", 12, "见下表。", level=2),
              SectionBody("五、弹性方案", 15, "rendezvous 后重建通信组。", level=2),
              SectionBody("六、风险", 18, "NCCL 超时。", level=2))
    result = _check(_team_rfc(*middle, SectionBody("排期规划", 30, "Q3 完成。", level=2)),
                    settings=versions)
    assert result.problems == []
    assert result.lines["可行性分析和排期规划"] == 30 and result.lines["设计思路与实现方案"] == 15
    result = _check(_team_rfc(*middle, SectionBody("附：排期规划", 30, "Q3 完成。", level=2)),
                    settings=versions)
    assert result.problems == [] and result.lines["可行性分析和排期规划"] == 30
