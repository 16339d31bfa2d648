"""The basic-information fields: the ``rfc`` directive's options and the keys
of a template-native basic-information table (docs/reference/rfc-directive.md)."""

from __future__ import annotations

from dataclasses import dataclass

from sphinx_rfc.spec.text import fold_header

# Basic-information fields (docs/reference/rfc-directive.md, docs/reference/native.md)


@dataclass(frozen=True)
class FieldSpec:
    key: str
    label: str
    #: Keys accepted in a basic-info table (docs/reference/native.md), besides the key.
    aliases: tuple[str, ...] = ()
    is_list: bool = False


FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("title", "Title", ("标题", "名称")),
    FieldSpec("status", "Status", ("状态", "当前状态", "rfc 状态", "rfc status")),
    FieldSpec("type", "Type", ("类型", "rfc 类型", "rfc type")),
    FieldSpec(
        "authors",
        "Authors",
        ("作者", "author", "authors", "author(s)", "owner", "owners"),
        is_list=True,
    ),
    FieldSpec(
        "modules",
        "Modules",
        ("相关模块", "涉及模块", "模块", "module", "modules", "related modules", "related module"),
        is_list=True,
    ),
    FieldSpec(
        "issues",
        "Issues / PRs",
        (
            "相关 issue / pr",
            "相关 issue",
            "相关 pr",
            "issue / pr",
            "issues / prs",
            "issues",
            "issue",
            "prs",
            "related issue / pr",
            "related issues / prs",
            "related issues",
            "related issue",
        ),
        is_list=True,
    ),
    FieldSpec(
        "created", "Created", ("创建时间", "创建日期", "created", "created at", "creation date", "date")
    ),
    FieldSpec("updated", "Updated", ("更新时间", "更新日期", "updated", "updated at", "last updated")),
    FieldSpec("supersedes", "Supersedes", ("取代", "supersedes"), is_list=True),
    FieldSpec("requires", "Requires", ("依赖 rfc", "前置 rfc", "requires"), is_list=True),
)


#: Keys of a basic-information table and metadata names that give the RFC
#: ID (folded).
ID_KEYS = frozenset(fold_header(k) for k in (
    "rfc", "id", "rfc id", "rfc-id", "rfc_id", "rfc 编号", "rfc编号", "编号",
))


def match_field(text: str) -> FieldSpec | None:
    wanted = fold_header(text)
    for spec in FIELDS:
        if wanted == spec.key or any(fold_header(a) == wanted for a in spec.aliases):
            return spec
    return None
