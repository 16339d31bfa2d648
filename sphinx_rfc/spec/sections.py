"""The template's sections: key, labels, the titles that name it and the
directive that makes it present (docs/reference/sections.md)."""

from __future__ import annotations

from dataclasses import dataclass

# The nine sections (docs/reference/sections.md)


@dataclass(frozen=True)
class SectionSpec:
    key: str
    label: str
    label_zh: str
    titles: tuple[str, ...]
    directive: str | None = None


SECTIONS: tuple[SectionSpec, ...] = (
    SectionSpec(
        "basic-info",
        "Basic information",
        "基本信息",
        ("基本信息", "Basic information", "Basic info", "Metadata"),
        "rfc",
    ),
    SectionSpec("background", "Background", "背景", ("背景", "动机", "Background", "Motivation")),
    SectionSpec(
        "goals",
        "Goals and non-goals",
        "目标和非目标",
        ("目标和非目标", "目标与非目标", "目标", "应用场景", "Goals and non-goals", "Goals"),
    ),
    SectionSpec(
        "references",
        "Related work",
        "相关实现参考",
        ("相关实现参考", "相关实现", "参考实现", "Related work", "Prior art", "References"),
        "rfc-references",
    ),
    SectionSpec(
        "interface",
        "External interface",
        "对外接口",
        ("对外接口", "接口设计", "接口", "External interface", "Interface", "API"),
        "rfc-interface",
    ),
    SectionSpec(
        "design",
        "Design",
        "方案设计",
        ("方案设计", "设计方案", "详细设计", "方案", "Design", "Detailed design", "Proposal"),
    ),
    SectionSpec(
        "dependencies",
        "Component dependencies",
        "组件依赖",
        ("组件依赖", "依赖", "Component dependencies", "Dependencies"),
        "rfc-dependency",
    ),
    SectionSpec(
        "constraints",
        "Constraints and compatibility",
        "约束与兼容性",
        (
            "约束与兼容性",
            "约束和兼容性",
            "兼容性",
            "Constraints and compatibility",
            "Compatibility",
            "Constraints",
        ),
        "rfc-constraints",
    ),
    SectionSpec(
        "verification",
        "Verification design",
        "验证设计",
        (
            "验证设计",
            "测试设计",
            "验证",
            "Verification design",
            "Verification",
            "Test plan",
            "Testing",
        ),
        "rfc-verification",
    ),
)

SECTION_KEYS: tuple[str, ...] = tuple(s.key for s in SECTIONS)

#: What splits a title into tokens, each compared with the titles above
#: (docs/reference/sections.md): a slash, an enumeration comma, a comma,
#: a semicolon, an ampersand, a bracket; between Chinese words 与 / 和 / 及,
#: between English words "and".
TITLE_DELIMITERS: tuple[str, ...] = (
    "/", "、", ",", "，", ";", "；", "&", "+", "|",
    "(", ")", "（", "）", "[", "]", "【", "】", "<", ">", "《", "》",
    "与", "和", "及", " and ",
)

#: Words that may follow a Chinese title in the same token: `背景介绍`,
#: `验证要求`, `API变化` (docs/reference/sections.md).
TITLE_SUFFIXES: tuple[str, ...] = (
    "介绍", "简介", "说明", "概述", "描述", "要求", "变化", "变更", "分析", "计划",
    "策略", "细节", "清单", "列表", "部分", "情况",
)


NOT_APPLICABLE_MARKERS: tuple[str, ...] = ("N/A", "Not applicable", "不涉及")
