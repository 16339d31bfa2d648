"""A template whose sections are headings of its title's level (issue 53,
item 2; root ``template-h1``): `# 标题`, then `# 第一章 背景与目标` with
`## 1.1 现状问题` under it.  Its chapters are the top-level sections (read
one level down), its `1.1` headings their sub-sections -- both checked at
the default ``rfc_template_depth``, which counts the template's own heading
levels --, its unnumbered trailing ones (`# 术语表`, `# 参考资料`)
optional; RFCs written to it with H1 chapters, or H2 ones under an H1
title, are read alike.  A chapter a document lacks is reported with each
of its sub-sections; a sub-section is reported under a chapter read in
other words."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import ROOTS, BuildFn

from sphinx_rfc.cli import main
from sphinx_rfc.spec.template import TemplateError, clean_heading, parse_template

ROOT = ROOTS / "test-template-h1"


@pytest.fixture
def h1(shared_build: BuildFn) -> dict[str, Any]:
    app = shared_build("template-h1")
    data = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {"warnings": app.rfc_warnings(), "rfcs": {r["id"]: r for r in data["rfcs"]}}


def test_the_missing_chapters_and_sub_sections_are_the_warnings(h1: dict[str, Any]) -> None:
    # 0007 has no 竞品调研 chapter: warned at its title; its 第二章 方案设计
    # (renumbered) and 第五章 开发排期与里程碑 (other words, the place of 第五章
    # 排期) count; its empty 术语表 is the template's own blank appendix.
    # 0009 lacks the design chapter: it and both its sub-sections are
    # missing.  0010's `第三章 设计方案` is the design chapter in other words;
    # its background chapter lacks the goals sub-section.
    found = sorted((w[0], w[1], w[2], w[3]) for w in h1["warnings"])
    assert found == [
        ("0007-fused-rmsnorm.md", 1, "rfc.missing-section",
         "RFC-0007: missing section '竞品调研'"),
        ("0009-async-offload.md", 1, "rfc.missing-section",
         "RFC-0009: missing section '实现思路'"),
        ("0009-async-offload.md", 1, "rfc.missing-section",
         "RFC-0009: missing section '接口定义'"),
        ("0009-async-offload.md", 1, "rfc.missing-section",
         "RFC-0009: missing section '方案设计'"),
        ("0010-kv-cache-quant.md", 1, "rfc.missing-section",
         "RFC-0010: missing section '目标'"),
    ]
    sections = h1["rfcs"]["RFC-0007"]["sections"]
    assert {k: sections[k] for k in ("背景与目标", "现状问题", "目标", "竞品调研", "方案设计",
                                     "接口定义", "测试计划", "排期", "术语表", "参考资料")} == {
        "背景与目标": "present", "现状问题": "present", "目标": "present",
        "竞品调研": "missing", "方案设计": "present", "接口定义": "present",
        "测试计划": "present", "排期": "present", "术语表": "empty", "参考资料": "missing"}
    kv = h1["rfcs"]["RFC-0010"]["sections"]
    assert (kv["方案设计"], kv["接口定义"], kv["目标"]) == ("present", "present", "missing")


def test_the_tables_of_h1_chapters_are_read(h1: dict[str, Any]) -> None:
    for rfc, rows in (("RFC-0007", ["精度对齐", "大模型收敛"]), ("RFC-0008", ["正确性"])):
        record = h1["rfcs"][rfc]
        tests = [t for t in record["tables"] if t["section"] == "测试计划"]
        assert len(tests) == 1
        assert [r["测试项"] for r in tests[0]["rows"]] == rows
        params = [t for t in record["tables"] if t["section"] == "接口定义"]
        assert len(params) == 1 and params[0]["rows"][0]["参数"] == "x"
    # the document's title is still its first heading
    assert h1["rfcs"]["RFC-0007"]["title"] == "nebula.incubate.nn.FusedRMSNorm 设计文档"
    assert h1["rfcs"]["RFC-0008"]["title"] == "nebula.sparse.gather 设计文档"


def test_a_value_outside_the_template_s_choices_is_warned_in_an_h1_chapter(
    build: BuildFn,
) -> None:
    app = build("template-h1")
    path = app.srcdir / "rfcs" / "0008-sparse-gather.md"
    text = path.read_text(encoding="utf-8").replace("| 正确性 | 单测 |", "| 正确性 | 冒烟 |")
    path.write_text(text, encoding="utf-8")
    app = build(app.srcdir, freshenv=True)
    line = text.splitlines().index("| 正确性 | 冒烟 | 与 to_dense 后 gather 的结果对比 |") + 1
    found = [w for w in app.rfc_warnings() if w[0] == "0008-sparse-gather.md"]
    assert [(w[1], w[2]) for w in found] == [(line, "rfc.invalid-value")]


def test_the_schema_read_whole() -> None:
    text = (ROOT / "templates" / "design.md").read_text(encoding="utf-8")
    schema = parse_template(text, "design.md")
    assert schema.shift == 1 and schema.title.startswith("标题") and schema.depth == 3
    tree = [(s.key, s.level, s.written, s.parent, s.optional) for s in schema.sections]
    assert tree == [
        ("背景与目标", 2, 1, None, False), ("现状问题", 3, 2, "背景与目标", False),
        ("目标", 3, 2, "背景与目标", False), ("竞品调研", 2, 1, None, False),
        ("方案设计", 2, 1, None, False), ("接口定义", 3, 2, "方案设计", False),
        ("实现思路", 3, 2, "方案设计", False), ("测试计划", 2, 1, None, False),
        ("排期", 2, 1, None, False), ("术语表", 2, 1, None, True),
        ("参考资料", 2, 1, None, True)]
    assert [s.heading for s in schema.sections][:3] == ["第一章 背景与目标", "1.1 现状问题",
                                                        "1.2 目标"]


def test_sub_sections_two_levels_down() -> None:
    # rfc_template_depth counts the template's own levels: 3 reads its `###`
    # headings too, the sub-sections of its sub-sections
    text = ("# 标题\n\n# 第一章 总体设计\n\n## 1.1 模块划分\n\n### 1.1.1 存储层\n写什么\n\n"
            "### 1.1.2 调度层\n写什么\n\n## 1.2 部署\n写什么\n\n# 第二章 风险\n写什么\n")
    two = parse_template(text, "t.md")
    assert [(s.title, s.level) for s in two.sections] == [
        ("总体设计", 2), ("模块划分", 3), ("部署", 3), ("风险", 2)]
    three = parse_template(text, "t.md", depth=3)
    assert [(s.title, s.level, s.parent) for s in three.sections] == [
        ("总体设计", 2, None), ("模块划分", 3, "总体设计"), ("存储层", 4, "模块划分"),
        ("调度层", 4, "模块划分"), ("部署", 3, "总体设计"), ("风险", 2, None)]


def test_other_numbering_styles_and_a_required_appendix() -> None:
    text = (
        "# 标题\n\n# （一）总览\n\n## 1、缘起\n为什么做\n\n# （二）现有做法\n怎么做的\n\n"
        "# （三）整体方案\n\n## 1.1 存储格式\n列存还是行存\n\n# （四）上线影响\n谁受影响\n\n"
        "# 词汇表\n<!-- rfc-section: optional=no -->\n\n# 附录\n"
    )
    schema = parse_template(text, "t.md")
    assert [(s.title, s.level, s.optional) for s in schema.sections] == [
        ("总览", 2, False), ("缘起", 3, False), ("现有做法", 2, False),
        ("整体方案", 2, False), ("存储格式", 3, False), ("上线影响", 2, False),
        ("词汇表", 2, False), ("附录", 2, True)]
    with pytest.raises(TemplateError, match="optional=yes or optional=no"):
        parse_template(text.replace("optional=no", "optional=maybe"), "t.md")
    # a template with one level-1 heading is read as before: `#` is its title
    plain = parse_template("# 标题\n\n## 一、概述\n\n## 二、方案\n", "p.md")
    assert plain.shift == 0 and [s.level for s in plain.sections] == [2, 2]


@pytest.mark.parametrize(("heading", "title"), [
    ("第一章 背景与目标", "背景与目标"), ("第 3 节：方案设计", "方案设计"), ("（一）概述", "概述"),
    ("(2) 现状", "现状"), ("1.1 现状问题", "现状问题"), ("1、相关背景", "相关背景"),
    ("3. 方案", "方案"), ("八、影响面", "影响面"), ("三）对比分析", "对比分析"),
    ("名词解释", "名词解释"), ("第一性原理分析", "第一性原理分析"),
])
def test_numbering_is_stripped(heading: str, title: str) -> None:
    assert clean_heading(heading) == title


def test_template_command_shows_the_tree(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["template", str(ROOT)]) == 0
    out = capsys.readouterr().out
    assert "title: 标题（写明功能名，如：nebula.nn.FusedFoo 设计文档）" in out
    assert "sections (level 2 to 3; the template's sections are headings of its title's level" in out
    assert "  背景与目标 [背景与目标, required] level 2  <- '第一章 背景与目标'" in out
    assert "    现状问题 [现状问题, required] level 3  <- '1.1 现状问题'" in out
    assert "  术语表 [术语表, optional] level 2" in out
    assert main(["template", str(ROOT), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["levels_shifted"] == 1 and data["depth"] == 3
    by_key = {s["key"]: s for s in data["sections"]}
    assert by_key["现状问题"] == {
        "key": "现状问题", "title": "现状问题", "label": "现状问题", "label_zh": "现状问题",
        "titles": ["现状问题"], "required": True, "level": 3, "parent": "背景与目标",
        "heading": "1.1 现状问题", "template_level": 2, "directive": None}
    assert by_key["参考资料"]["required"] is False and by_key["参考资料"]["template_level"] == 1
