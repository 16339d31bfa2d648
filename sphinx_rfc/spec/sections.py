"""The template's sections: key, labels, the titles that name it and the
directive that makes it present (docs/reference/sections.md)."""

from __future__ import annotations

from sphinx_rfc.spec.template import SectionSpec, default_schema

__all__ = ["SECTIONS", "SECTION_KEYS", "SectionSpec"]

#: The nine sections of the built-in template (docs/reference/sections.md),
#: read from the template document shipped in the package,
#: ``sphinx_rfc/templates/hyper-parallel.zh_CN.md``: its headings and the
#: ``rfc-section`` comments under them are the one source of the keys,
#: labels, titles and directives.
SECTIONS: tuple[SectionSpec, ...] = default_schema().section_specs

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
