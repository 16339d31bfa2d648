"""Warnings earn their place on real texts (issue 53, item 7; root
``warnings-earned``): a key | text table in the constraints section is no
near miss; the template's own example code left in a code block is a
placeholder, ``xxx`` in a real string is not; an issue form's empty field
heading before the author's own heading of the same section is one
section; a misspelt heading (``7. 组建依赖``) gets a did-you-mean at its
line and its table is still checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOTS, BuildFn, write_project

from sphinx_rfc.check.placeholders import learn_code_blanks
from sphinx_rfc.check.sections import misspells, title_number
from sphinx_rfc.read.near_miss import is_near_miss
from sphinx_rfc.spec.blanks import code_blocks
from sphinx_rfc.spec.table_kinds import TABLES

ROOT = ROOTS / "test-warnings-earned"


def line_of(name: str, text: str) -> int:
    lines = (ROOT / "rfcs" / name).read_text(encoding="utf-8").splitlines()
    found = [n for n, line in enumerate(lines, 1) if text in line]
    assert len(found) == 1, (name, text, found)
    return found[0]


EXPECTED = {
    ("0302-left-example.md", line_of("0302-left-example.md", "```python"), "rfc.placeholder"),
    # the form's field heading kept its guidance: that text is left over
    ("0304-async-save.md", line_of("0304-async-save.md", "说明为什么要做"), "rfc.placeholder"),
    ("0305-elastic-resume.md", line_of("0305-elastic-resume.md", "| 来源 | 思路 |"),
     "rfc.near-miss"),
    ("0305-elastic-resume.md", line_of("0305-elastic-resume.md", "## 7. 组建依赖"),
     "rfc.missing-section"),
    ("0305-elastic-resume.md", line_of("0305-elastic-resume.md", "| checkpoint | 必不可少 |"),
     "rfc.invalid-value"),
    # `10. 验证设计方桉` is no certain misspelling: missing, a hint only
    ("0305-elastic-resume.md", 1, "rfc.missing-section"),
    # `9. 验怔设计`: the verification section, checked as one (its test
    # levels, its template sub-sections)
    ("0306-overlap.md", line_of("0306-overlap.md", "## 9. 验怔设计"), "rfc.missing-section"),
    ("0306-overlap.md", line_of("0306-overlap.md", "## 9. 验怔设计"), "rfc.missing-test-level"),
    ("0306-overlap.md", line_of("0306-overlap.md", "### 9.1 用例分层"), "rfc.empty-section"),
}


@pytest.fixture
def earned(shared_build: BuildFn) -> dict[str, Any]:
    app = shared_build("warnings-earned")
    data = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))
    return {"warnings": app.rfc_warnings(), "rfcs": {r["id"]: r for r in data["rfcs"]}}


def test_exact_warnings(earned: dict[str, Any]) -> None:
    assert {(w[0], w[1], w[2]) for w in earned["warnings"]} == EXPECTED
    # one warning each, but the two test levels the plan lacks (UT, Level0)
    assert len(earned["warnings"]) == len(EXPECTED) + 1


def test_a_key_text_table_in_the_constraints_is_no_near_miss(earned: dict[str, Any]) -> None:
    # 维度 | 说明, Dimension | Description and a table of the author's own
    # (场景 | 基线 | 目标) under 8. 约束与兼容性: no warning at all
    assert not [w for w in earned["warnings"] if w[0] == "0301-grad-compress.md"]
    assert earned["rfcs"]["RFC-0301"]["sections"]["constraints"] == "present"
    # a known header beside an unknown one is still a near miss
    near = [w[3] for w in earned["warnings"] if w[2] == "rfc.near-miss"]
    assert len(near) == 1 and "4. 相关实现参考" in near[0]


def test_the_template_s_example_code_is_a_placeholder(earned: dict[str, Any]) -> None:
    placeholders = [w[3] for w in earned["warnings"] if w[0] == "0302-left-example.md"]
    assert placeholders == ["RFC-0302: placeholder 'enable_xxx' left in code block"]
    # `return rank_id[:-3] + "xxx"`: code of the RFC's own, no placeholder
    assert not [w for w in earned["warnings"] if w[0] == "0303-masked-logs.md"]


def test_an_empty_form_heading_and_the_filled_one_are_one_section(
    earned: dict[str, Any],
) -> None:
    record = earned["rfcs"]["RFC-0304"]
    assert not [w for w in earned["warnings"]
                if w[2] == "rfc.empty-section" and w[0] == "0304-async-save.md"]
    assert {k: record["sections"][k] for k in ("background", "interface", "dependencies")} == {
        "background": "present", "interface": "present", "dependencies": "present"}
    # the tables are read from the filled headings
    assert [p["name"] for i in record["interfaces"] for p in i["params"]] == ["blocking"]
    assert [(d["component"], d["strength"]) for d in record["dependencies"]] == [
        ("checkpoint", "strong"), ("FSDP", "weak")]


def test_a_misspelt_heading_is_the_section_and_its_table_is_checked(
    earned: dict[str, Any],
) -> None:
    record = earned["rfcs"]["RFC-0305"]
    assert record["sections"]["dependencies"] == "present"
    assert record["sections"]["verification"] == "missing"
    messages = {w[1]: w[3] for w in earned["warnings"] if w[0] == "0305-elastic-resume.md"}
    heading = line_of("0305-elastic-resume.md", "## 7. 组建依赖")
    assert messages[heading] == (
        "RFC-0305: missing section 'Component dependencies': the heading "
        "'7. 组建依赖' is read as it; did you mean '组件依赖'?")
    row = line_of("0305-elastic-resume.md", "| checkpoint | 必不可少 |")
    assert "'必不可少'" in messages[row] and "7. 组建依赖" in messages[row]
    assert [d["component"] for d in record["dependencies"]] == ["checkpoint", "FSDP"]
    assert "did you mean the heading '10. 验证设计方桉'" in messages[1]
    overlap = earned["rfcs"]["RFC-0306"]
    assert overlap["sections"]["verification"] == "present"
    assert [v["combination"] for v in overlap["verification"]["interactions"]] == [
        "本特性 + FSDP"]


def test_zh_cn_did_you_mean(build: BuildFn, tmp_path: Path) -> None:
    app = build("warnings-earned", confoverrides={"language": "zh_CN"})
    found = [w[3] for w in app.rfc_warnings() if w[0] == "0305-elastic-resume.md"
             and w[1] == line_of("0305-elastic-resume.md", "## 7. 组建依赖")]
    assert found == ["RFC-0305: 缺少章节 '组件依赖'：标题 '7. 组建依赖' 按该章节读取；"
                     "是否应为 '组件依赖'？"]


# --------------------------------------------------------------------------
# The rules, one by one


@pytest.mark.parametrize(("title", "number"), [
    ("7. 组建依赖", (7,)), ("七、组建依赖", (7,)), ("（十二）验证", (12,)), ("3.2 非目标", (3, 2)),
    ("第二十一章 附录", (21,)), ("７．组件依赖", (7,)), ("组件依赖", None), ("Background", None),
])
def test_title_number(title: str, number: tuple[int, ...] | None) -> None:
    assert title_number(title) == number


@pytest.mark.parametrize(("heading", "title", "meant"), [
    ("7. 组建依赖", "组件依赖", True),
    ("6. 方按设计", "方案设计", True),
    ("Componet dependencies", "Component dependencies", True),
    ("7. 组件依来", "组件依赖", False),  # the head noun differs
    ("北景", "背景", False),  # too short to tell
    ("7. 插件依赖说明", "组件依赖", False),  # three edits
    ("组件依赖", "组件依赖", False),  # no misspelling: the title itself
    ("底层 OP 设计", "底层OP设计", False),  # folded, the title itself: read as it, no warning
    ("底层设计", "底层OP设计", True),  # two letters left out of a six-letter title
])
def test_misspells(heading: str, title: str, meant: bool) -> None:
    assert misspells(heading, title) is meant


CONSTRAINTS = next(t for t in TABLES if t.kind == "constraints")
DEPENDENCY = next(t for t in TABLES if t.kind == "dependency")


@pytest.mark.parametrize(("headers", "spec", "near"), [
    (["维度", "说明"], CONSTRAINTS, False),
    (["Dimension", "Description"], CONSTRAINTS, False),
    (["约束项", "描述"], CONSTRAINTS, False),
    (["场景", "基线", "目标"], CONSTRAINTS, False),
    (["类型", "场景", "目标"], CONSTRAINTS, True),  # a known header beside unknown ones
    (["", "内容"], CONSTRAINTS, True),  # a header left blank is no shape of the kind
    (["组件", "依赖强弱度"], DEPENDENCY, True),  # an edit from 依赖强度
    (["组件", "Strenght"], DEPENDENCY, True),  # two letters swapped
    (["负责团队", "风险"], DEPENDENCY, False),
])
def test_is_near_miss(headers: list[str], spec: Any, near: bool) -> None:
    assert is_near_miss(headers, [spec]) is near


def test_code_placeholders_are_learned_from_the_template_s_code() -> None:
    template = (
        "# 模板\n\n## 接口\n\n````{rfc-interface} x\n```python\n"
        "def xxx_function(arg):\n    return run(arg, mode=\"xxx\")\n```\n````\n\n"
        "```{mermaid}\nflowchart TD\n  A[\"xxx\"]\n```\n")
    blocks = code_blocks(template, markdown=True)
    assert blocks == ["def xxx_function(arg):\n    return run(arg, mode=\"xxx\")\n"]
    blanks = learn_code_blanks(blocks, ["xxx", "TBD"])
    assert blanks.names == ("xxx_function",)
    assert blanks.found_in("def xxx_function(batch):\n    pass") == ["xxx_function"]
    assert blanks.found_in("return run(arg, mode=\"xxx\")") == ['return run(arg, mode="xxx")']
    assert blanks.found_in("phone = p[:3] + \"xxx\"\nmy_xxx_function()") == []
    rst = ("标题\n====\n\n接口\n----\n\n.. code-block:: python\n   :linenos:\n\n"
           "   def xxx_function(arg):\n       pass\n\n正文 xxx。\n")
    assert code_blocks(rst, markdown=False) == ["   def xxx_function(arg):\n       pass"]


# --------------------------------------------------------------------------
# A team's own template: its headings written with other spaces


_TEAM_TEMPLATE = """\
# 标题

## 1、相关背景

为什么要做。

## 2、命名与参数设计

## 3、底层OP设计

## 4、API实现方案
"""

_TEAM_RFC = """\
# paddle.demo_op 设计文档

## 1、相关背景

用户需要一个 demo 算子，issue #123。

## 2、命名与参数设计

`paddle.demo_op(x, axis=-1, name=None)`

## 底层 OP 设计

复用已有的 reduce kernel，不新增 OP。

## API 实现方案

在 python 端组合 `paddle.sum` 与 `paddle.max` 实现。

## 6、其他说明

无。
"""


def test_a_heading_with_other_spaces_is_the_section_without_a_word(
    build: BuildFn, tmp_path: Path,
) -> None:
    app = build(write_project(tmp_path / "src", {
        "index.md": "# 文档\n\n```{toctree}\n:glob:\n\nrfcs/*\n```\n",
        "template.md": _TEAM_TEMPLATE,
        "rfcs/20240101_api_design_for_demo_op.md": _TEAM_RFC,
    }, 'rfc_template = "template.md"\nrfc_documents = ["rfcs/*"]\nrfc_git_dates = False\n'
       'exclude_patterns = ["_build", "template.md"]\n'))
    assert not [w for w in app.rfc_warnings() if w[2] in (
        "rfc.missing-section", "rfc.empty-section")], app.warnings
    record = json.loads((app.outdir / "rfcs.json").read_text(encoding="utf-8"))["rfcs"][0]
    assert set(record["sections"].values()) == {"present"}, record["sections"]
