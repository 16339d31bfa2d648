"""The template document read as a schema (sphinx_rfc/spec/template.py):
no Sphinx, text in, schema out."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from sphinx_rfc.config import NAMED_TEMPLATES, TEMPLATE_FOLDER, settings_from
from sphinx_rfc.spec.table_kinds import SECTION_KINDS
from sphinx_rfc.spec.template import TemplateError, choices, parse_template


def shipped(name: str, depth: int = 2):
    path = TEMPLATE_FOLDER / NAMED_TEMPLATES[name]
    return parse_template(path.read_text(encoding="utf-8"), str(path), depth=depth)


#: The built-in template's sections, written by hand: (key, label, Chinese
#: label, the directive that makes it present).  SECTIONS is itself read
#: from the Chinese template, so comparing that template with SECTIONS
#: would compare it with itself.
BUILTIN = [
    ("basic-info", "Basic information", "基本信息", "rfc"),
    ("background", "Background", "背景", None),
    ("goals", "Goals and non-goals", "目标和非目标", None),
    ("references", "Related work", "相关实现参考", "rfc-references"),
    ("interface", "External interface", "对外接口", "rfc-interface"),
    ("design", "Design", "方案设计", None),
    ("dependencies", "Component dependencies", "组件依赖", "rfc-dependency"),
    ("constraints", "Constraints and compatibility", "约束与兼容性", "rfc-constraints"),
    ("verification", "Verification design", "验证设计", "rfc-verification"),
]


@pytest.mark.parametrize("name", ["hyper-parallel", "hyper-parallel.en"])
def test_the_shipped_default_template_is_the_builtin_schema(name):
    schema = shipped(name)
    specs = schema.section_specs
    assert len(specs) == 9
    assert [(s.key, s.label, s.label_zh, s.directive) for s in specs] == BUILTIN
    # each section is named by its Chinese and its English label
    assert all(s.label_zh in s.titles and s.label in s.titles for s in specs)
    # (the reviews table is read under a heading of its own, in no section)
    assert schema.kinds == SECTION_KINDS
    assert schema.test_levels == ("UT", "Level0")
    assert schema.optional_test_levels == ("Level1",)
    assert schema.required_sections == tuple(key for key, *_rest in BUILTIN)
    assert {f.key for f in schema.fields} == {"authors", "status", "type", "modules", "issues"}


def test_the_english_template_has_the_chinese_one_s_titles() -> None:
    """The two versions of the built-in template name each section by the
    same titles (a team may write either)."""
    zh, en = shipped("hyper-parallel").section_specs, shipped("hyper-parallel.en").section_specs
    assert len(zh) == len(en) == len(BUILTIN)
    assert [set(s.titles) for s in en] == [set(s.titles) for s in zh]
    assert "组件依赖" in zh[6].titles and "Dependencies" in zh[6].titles


def test_no_setting_and_the_default_template_give_equal_settings():
    plain = settings_from(SimpleNamespace())  # type: ignore[arg-type]
    explicit = settings_from(SimpleNamespace(rfc_template="hyper-parallel"))  # type: ignore[arg-type]
    for attr in ("sections", "required_sections", "required_test_levels", "placeholders",
                 "extra_fields", "tables"):
        assert getattr(explicit, attr) == getattr(plain, attr), attr


TEAM = """---
owner: platform
---

# 特性 RFC 模板

说明：`xxx` 是要填的地方，[FILL] 也是。

## 基本信息

| 项目 | 内容 |
|---|---|
| 作者 | xxx |
| 适用后端 | PT / MS |
| **测试负责人** | xxx |

## 背景（可选）

<!--
## 不是标题

| 组合 | 是否验证 |
|---|---|
| 注释里的表 | 否 |
-->

```python
## also not a heading
```

### 现状

## 依赖

| 依赖组件 | 强依赖 / 弱依赖 | 当前状态 |
|---|---|---|
| FSDP | 强 / 弱 / 不涉及 | xxx |

## 风险 [Optional]

| 风险 | 概率 | 应对 |
|---|---|---|
| 显存超限 | 高 / 中 / 低 | 降 batch |

## 验证

| 级别 | 数量 | 覆盖内容 | 通过标准 |
|---|---|---|---|
| UT | 0 | xxx | xxx |
| 集成测试 (optional) | 0 | xxx | xxx |

## Rollout (Optional)

## 回滚 （选填）
"""


def test_a_team_template():
    schema = parse_template(TEAM, "team.md", depth=3)
    got = [(s.key, s.title, s.level, s.parent, s.optional) for s in schema.sections]
    assert got == [
        ("basic-info", "基本信息", 2, None, False),
        ("背景", "背景", 2, None, True),
        ("现状", "现状", 3, "背景", True),
        ("依赖", "依赖", 2, None, False),
        ("风险", "风险", 2, None, True),
        ("验证", "验证", 2, None, False),
        ("rollout", "Rollout", 2, None, True),
        ("回滚", "回滚", 2, None, True),
    ]
    assert schema.required_sections == ("basic-info", "依赖", "验证")
    # a known kind, with the section it is in, and a generic table with its choices
    assert [(k.kind, k.section) for k in schema.kinds] == [("dependency", "依赖"),
                                                          ("levels", "验证")]
    generic = [t for t in schema.tables if t.kind is None]
    assert [(c.header, c.allowed) for c in generic[0].columns] == [
        ("风险", ()), ("概率", ("高", "中", "低")), ("应对", ())]
    strength = next(t for t in schema.tables if t.kind == "dependency").columns[1]
    assert strength.key == "strength" and strength.allowed == ("strong", "weak", "none")
    assert schema.test_levels == ("UT",)
    assert schema.optional_test_levels == ("集成测试",)
    assert [(f.name, f.key, f.allowed) for f in schema.fields] == [
        ("作者", "authors", ()), ("适用后端", None, ("PT", "MS")), ("测试负责人", None, ())]
    assert schema.extra_fields == {"适用后端": ("PT", "MS"), "测试负责人": ()}
    assert schema.placeholders == ("xxx", "[FILL]")


def test_a_template_gives_extra_fields_and_placeholders_to_the_settings(tmp_path):
    (tmp_path / "team.md").write_text(TEAM, encoding="utf-8")
    settings = settings_from(
        SimpleNamespace(rfc_template="team.md", rfc_placeholders=["TBD"],  # type: ignore[arg-type]
                        rfc_extra_fields={"测试负责人": ["alice", "bob"]}),
        tmp_path,
    )
    assert settings.placeholders == ("TBD", "xxx", "[FILL]")
    assert settings.extra_fields == {"适用后端": ("PT", "MS"), "测试负责人": ("alice", "bob")}
    assert settings.required_test_levels == ("UT",)
    assert [s.label for s in settings.sections][:2] == ["基本信息", "背景"]


def test_depth_decides_what_is_a_section():
    assert [s.key for s in parse_template(TEAM, "t.md").sections if s.level == 3] == []
    with pytest.raises(TemplateError, match="must be 2 or more"):
        parse_template(TEAM, "t.md", depth=1)


RST = """\
==========
RFC 模板
==========

.. rfc-section: key=overview aliases="Overview; 概述"

概览
====

.. rfc-section: key=overview-2

.. code-block:: text

   不是标题
   ========

接口
====

.. list-table::

   * - not read

细节（可选）
------------

说明 TBD。

"""


def test_a_restructuredtext_template():
    with pytest.raises(TemplateError, match="right after the heading"):
        parse_template(RST, "t.rst", markdown=False)
    text = RST.replace("\n.. rfc-section: key=overview aliases=\"Overview; 概述\"\n", "")
    text = text.replace("概览\n====\n\n.. rfc-section: key=overview-2",
                        "概览\n====\n.. rfc-section: key=overview aliases=\"Overview; 概述\"")
    schema = parse_template(text, "t.rst", depth=3, markdown=False)
    assert schema.title == "RFC 模板"
    assert [(s.key, s.level, s.optional) for s in schema.sections] == [
        ("overview", 2, False), ("接口", 2, False), ("细节", 3, True)]
    assert schema.sections[0].spec().titles == ("概览", "Overview", "概述")
    assert schema.placeholders == ("TBD",)


def test_an_annotation_must_name_known_fields():
    text = "# T\n\n## A\n<!-- rfc-section: kee=a -->\n"
    with pytest.raises(TemplateError, match="unknown rfc-section field") as info:
        parse_template(text, "t.md")
    assert info.value.line == 4


def test_example_headings_of_madr_are_no_sections():
    schema = shipped("madr", depth=3)
    assert "title-of-option-1" not in [s.key for s in schema.sections]
    assert schema.required_sections == (
        "context-and-problem-statement", "considered-options", "decision-outcome",
        "consequences")
    assert "{title of option 1}" in schema.placeholders


@pytest.mark.parametrize(("cell", "expected"), [
    ("强 / 弱 / 不涉及", ("强", "弱", "不涉及")),
    ("`是` / `否`", ("是", "否")),
    ("PT/MS", ()),
    ("场景、指标、目标：xxx", ()),
])
def test_choices(cell, expected):
    assert choices(cell) == expected


def test_a_comment_beside_a_heading_is_not_part_of_its_title():
    text = ("# T\n\n## Risks <!-- keep it short -->\n\n<!-- ## Hidden -->\n\n"
            ":::{note}\n## In a directive\n:::\n\n````{admonition} Tip\n```md\n## Example\n```\n"
            "## Also in it\n````\n\n## Notes\n")
    schema = parse_template(text, "t.md")
    assert [(s.key, s.title) for s in schema.sections] == [("risks", "Risks"),
                                                          ("notes", "Notes")]
