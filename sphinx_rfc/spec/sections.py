"""The template's sections: key, labels, the titles that name it and the
directive that makes it present (docs/reference/sections.md)."""

from __future__ import annotations

import hashlib
from functools import cache
from typing import TYPE_CHECKING

from sphinx_rfc.spec.template import DEFAULT_TEMPLATE, SectionSpec, default_schema

__all__ = [
    "SECTIONS", "SECTION_KEYS", "SectionSpec", "ShippedSections", "resolved", "shipped_sections",
    "shipped_stamp",
]


@cache
def shipped_sections() -> tuple[SectionSpec, ...]:
    """The nine sections of the built-in template (docs/reference/sections.md),
    read from the template document shipped in the package,
    ``sphinx_rfc/templates/hyper-parallel.zh_CN.md``: its headings and the
    ``rfc-section`` comments under them are the one source of the keys,
    labels, titles and directives.  Parsed on first use, not when the
    package is imported: a build that reads no document (a no-change
    rebuild) needs none of it."""
    return default_schema().section_specs


if TYPE_CHECKING:
    #: :func:`shipped_sections`, read as a module attribute (made on first
    #: use by the module's ``__getattr__``).
    SECTIONS: tuple[SectionSpec, ...]


def __getattr__(name: str) -> tuple[SectionSpec, ...]:
    if name == "SECTIONS":
        return shipped_sections()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class ShippedSections(tuple[SectionSpec, ...]):
    """What ``rfc_sections``' converter gives when neither ``conf.py`` nor
    a template changes the built-in sections: a mark (an empty tuple) that
    :class:`~sphinx_rfc.spec.settings.RfcSettings` turns into
    :func:`shipped_sections` when its ``sections`` is first read."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "shipped_sections()"


@cache
def shipped_stamp() -> str:
    """A digest of the built-in template document: what a key made of
    sections says for :func:`shipped_sections` without parsing it."""
    return hashlib.blake2b(DEFAULT_TEMPLATE.read_bytes(), digest_size=16).hexdigest()


def resolved(sections: tuple[SectionSpec, ...]) -> tuple[SectionSpec, ...]:
    """*sections*, or the built-in ones for the :class:`ShippedSections` mark."""
    return shipped_sections() if isinstance(sections, ShippedSections) else sections


#: The keys of :func:`shipped_sections`, in their order: the default of
#: ``rfc_required_sections``, which Sphinx needs when the extension is set
#: up (``tests/unit/test_shipped_sections.py`` holds it to the template).
SECTION_KEYS: tuple[str, ...] = (
    "basic-info", "background", "goals", "references", "interface", "design",
    "dependencies", "constraints", "verification",
)

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
