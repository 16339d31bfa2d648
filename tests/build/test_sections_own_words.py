"""Sections named in a team's own words (issue 53, item 7; root
``sections-own-words``): a heading holding a word only one section's
title has, at that section's place, is the section; a sub-section written
as its parts (two sub-headings one level down, no heading of its own) is
there; a numbered heading alone in the gap of one lacking section, sharing
its head, is that section; a heading of another template's section
(``rfc_template`` entry for some documents) names nothing in a document
written to the main template.  A section truly missing is still told."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import BuildFn

from sphinx_rfc.check.sections import SectionBody, choose_sections, narrowed
from sphinx_rfc.config import settings


@pytest.fixture
def own_words(shared_build: BuildFn) -> dict[str, Any]:
    app = shared_build("sections-own-words")
    return {"app": app, "warnings": app.rfc_warnings(),
            "rfcs": app.rfcs()}


def test_only_the_sections_truly_missing_are_warned(own_words: dict[str, Any]) -> None:
    assert sorted(w[:4] for w in own_words["warnings"]) == [
        # `四、附录` in the gap shares nothing with the release plan
        ("0004-scrub.md", 1, "rfc.missing-section", "RFC-0004: 缺少章节 '验证和上线计划'"),
        # `### 压缩算法对比` stands after the design sub-section, no dataset
        ("0006-research-compress.md", 1, "rfc.missing-section", "RFC-0006: 缺少章节 '数据集构建'"),
    ]


@pytest.mark.parametrize(("rfc", "key"), [
    # the research template's `上线计划` is no section of a design doc: its
    # `四、上线计划` is a part of the design template's chapter four
    ("RFC-0001", "验证和上线计划"),
    # `# 方案与权衡` between the status quo and the release plan: 方案 is
    # in the design chapter's title alone
    ("RFC-0002", "方案设计"),
    # `# 四、发布规划` alone between chapters three and five: a plan (划)
    ("RFC-0003", "验证和上线计划"),
    # `### 实验设计细节` and `### 实验设计取舍` are the design sub-section
    ("RFC-0005", "实验设计思路"),
])
def test_a_section_in_the_team_s_own_words_is_present(
    own_words: dict[str, Any], rfc: str, key: str,
) -> None:
    assert own_words["rfcs"][rfc]["sections"][key] == "present"


def test_truly_missing_sections_stay_missing(own_words: dict[str, Any]) -> None:
    assert own_words["rfcs"]["RFC-0004"]["sections"]["验证和上线计划"] == "missing"
    assert own_words["rfcs"]["RFC-0006"]["sections"]["数据集构建"] == "missing"


def test_a_document_s_candidates_are_its_own_template_s(own_words: dict[str, Any]) -> None:
    rfc = settings(own_words["app"].app.config)
    design = narrowed(rfc, rfc.template.history[0].sections)
    assert [s.key for s in design.sections] == list(rfc.template.history[0].sections)
    bodies = [SectionBody("二、现状分析", 3, "text", level=1),
              SectionBody("四、上线计划", 5, "text", level=1),
              SectionBody("五、影响评估", 7, "text", level=1)]
    # with every template's sections, the heading is the research chapter;
    # with the design template's own, the design chapter it is a part of
    assert "上线计划" in choose_sections(bodies, rfc, lambda b: False).bodies
    chosen = choose_sections(bodies, design, lambda b: False).bodies
    assert chosen["验证和上线计划"] is bodies[1]
    assert "上线计划" not in chosen


def test_a_sub_heading_holding_another_section_s_words_is_not_renamed_by_its_number(
    own_words: dict[str, Any],
) -> None:
    # written as two numbered sub-headings: `2. 实验设计与数据取舍` has the
    # number of the dataset sub-section and one of its words, but more
    # words that only the design sub-section's title has
    rfc = settings(own_words["app"].app.config)
    research = narrowed(rfc, rfc.template.history[1].sections)
    bodies = [SectionBody("一、研究背景", 3, "为什么做", level=1),
              SectionBody("二、研究方法", 5, "", level=1),
              SectionBody("1. 实验设计细节", 6, "变量和分组", level=2),
              SectionBody("2. 实验设计与数据取舍", 8, "没测跨机房", level=2),
              SectionBody("三、上线计划", 10, "归档池先用", level=1)]
    chosen = choose_sections(bodies, research, lambda b: not b.text).bodies
    assert chosen["实验设计思路"] is bodies[2]
    assert "数据集构建" not in chosen
